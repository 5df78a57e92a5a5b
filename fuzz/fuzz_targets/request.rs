//! A whole API request, run in-process against the MediaWiki 1.39 fixture database as the HTTP
//! layer hands it over: any query string gets a well-formed answer (a JSON object, an error
//! envelope with a code when it fails), never a panic or a failure of the server (status 500).
#![no_main]

use std::sync::OnceLock;

use libfuzzer_sys::fuzz_target;
use serde_json::Value;
use wikiquery_domain::settings::SiteSettings;
use wikiquery_runtime::api::{handle, ApiConfig, ApiRequest};
use wikiquery_runtime::{Clock, Rights};
use wikiquery_store::store::{OpenOptions, Store};

fn config() -> &'static ApiConfig {
    static CONFIG: OnceLock<ApiConfig> = OnceLock::new();
    CONFIG.get_or_init(|| {
        wikiquery_modules::link();
        let fixture = concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/fixtures/mw139/fixturewiki.sqlite");
        let dir = std::env::temp_dir().join(format!("wikiquery-fuzz-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("a temporary folder");
        let copy = dir.join("fixturewiki.sqlite");
        std::fs::copy(fixture, &copy).expect("the fixture database");
        let store = Store::open(&OpenOptions {
            primary: format!("sqlite:{}", copy.display()),
            site_name: "Fixture Wiki".to_owned(),
            ..OpenOptions::default()
        })
        .expect("the fixture opens");
        let mut services = wikiquery_modules::services(store);
        let settings = SiteSettings::default();
        let anonymous_rights = Rights::new(settings.groups.rights_of("*"));
        services.set_settings(settings);
        let clock = Clock::frozen_at("2026-11-22T00:00:00Z").expect("a timestamp");
        ApiConfig { services, clock, anonymous_rights, ..ApiConfig::default() }
    })
}

fuzz_target!(|data: &[u8]| {
    // Decoded as the HTTP layer decodes a query string (invalid UTF-8 replaced).
    let mut params: Vec<(String, String)> = form_urlencoded::parse(data).into_owned().collect();
    if params.iter().all(|(k, _)| k != "format") {
        params.push(("format".to_owned(), "json".to_owned()));
    }
    let request = ApiRequest { params, client: Some("127.0.0.1".to_owned()), ..ApiRequest::default() };
    let response = handle(request, config());
    assert!(response.status < 500, "status {}: {}", response.status, response.body);
    if !response.content_type.starts_with("application/json") {
        return;
    }
    let body: Value =
        serde_json::from_str(&response.body).unwrap_or_else(|e| panic!("not JSON ({e}): {}", response.body));
    let object = body.as_object().unwrap_or_else(|| panic!("not an object: {body}"));
    if let Some(error) = object.get("error") {
        assert!(error.get("code").and_then(Value::as_str).is_some(), "an error without a code: {body}");
    }
});
