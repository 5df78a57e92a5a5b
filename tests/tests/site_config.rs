//! The configuration file changes what the site says of itself and what callers may do, as
//! `LocalSettings.php` does for MediaWiki: a private wiki, a group of the operator's own.

use wikiquery_domain::settings::SiteSettings;
use wikiquery_runtime::api::ApiConfig;
use wikiquery_runtime::Rights;
use wikiquery_server::config::FileConfig;
use wikiquery_server::site_config::apply;
use wikiquery_tests::{altered_fixture_config, api_with};

/// The fixture served with the fixture's own file plus `extra` settings.
fn configured(name: &str, extra: &str) -> ApiConfig {
    let mut settings: SiteSettings = wikiquery_tests::fixture_settings();
    let file: FileConfig = toml::from_str(extra).expect("valid settings");
    apply(&mut settings, &file).expect("settings");
    let mut config = altered_fixture_config(name, "");
    config.anonymous_rights = Rights::new(settings.groups.rights_of("*"));
    config.services.set_settings(settings);
    config
}

#[test]
fn a_private_wiki_answers_readapidenied_but_still_describes_its_api() {
    let config = configured("private.sqlite", "[group_permissions.\"*\"]\nread = false\n");
    let (_, body) = api_with(&config, "action=query&meta=siteinfo&format=json");
    assert_eq!(body["error"]["code"], "readapidenied");
    let (_, body) = api_with(&config, "action=paraminfo&modules=query%2Bsiteinfo&format=json");
    assert!(body.get("error").is_none(), "{body}");
}

#[test]
fn a_group_of_the_operators_own_is_listed_with_its_rights_and_who_may_grant_it() {
    let config = configured(
        "reviewer.sqlite",
        "[group_permissions.reviewer]\npatrol = true\nrollback = true\n\n[groups_add_to_self]\nuser = [\"reviewer\"]\n",
    );
    let (_, body) = api_with(&config, "action=query&meta=siteinfo&siprop=usergroups&format=json&formatversion=2");
    let groups = body["query"]["usergroups"].as_array().cloned().unwrap_or_default();
    let reviewer = groups.last().expect("groups");
    assert_eq!(reviewer["name"], "reviewer");
    assert_eq!(reviewer["rights"], serde_json::json!(["patrol", "rollback"]));
    let user = groups.iter().find(|g| g["name"] == "user").expect("user");
    assert_eq!(user["add-self"], serde_json::json!(["reviewer"]));
    // The fixture's own changes stay.
    let bureaucrat = groups.iter().find(|g| g["name"] == "bureaucrat").expect("bureaucrat");
    assert_eq!(bureaucrat["add"], serde_json::json!(["suppress"]));
}

#[test]
fn the_anonymous_callers_rights_follow_the_file() {
    let config = configured("noedit.sqlite", "[group_permissions.\"*\"]\nedit = false\napihighlimits = true\n");
    let (_, body) = api_with(&config, "action=query&meta=userinfo&uiprop=rights&format=json&formatversion=2");
    let rights: Vec<String> = serde_json::from_value(body["query"]["userinfo"]["rights"].clone()).expect("rights");
    assert!(!rights.contains(&"edit".to_owned()));
    assert_eq!(rights.last().map(String::as_str), Some("apihighlimits"));
}

#[test]
fn temporary_accounts_and_autoconfirmation_follow_the_file() {
    let config = configured(
        "tempusers.sqlite",
        "temp_account_pattern = \"~$1\"\nautoconfirm_count = 10\nautoconfirm_age = 345600\n",
    );
    let (_, body) = api_with(
        &config,
        "action=query&meta=siteinfo&siprop=autocreatetempuser|autopromote&format=json&formatversion=2",
    );
    let q = &body["query"];
    assert_eq!(q["autocreatetempuser"], serde_json::json!({"enabled": true, "matchPatterns": ["~$1"]}), "{body}");
    let autoconfirmed = &q["autopromote"]["autoconfirmed"];
    assert_eq!(autoconfirmed["0"], serde_json::json!({"condname": "APCOND_EDITCOUNT", "params": [10]}));
    assert_eq!(autoconfirmed["1"], serde_json::json!({"condname": "APCOND_AGE", "params": [345600]}));
}

#[test]
fn rate_limits_follow_the_file_and_noratelimit() {
    let limits = "[rate_limits.edit]\nip = [8, 60]\nuser = [90, 60]\n\n[rate_limits.mailpassword]\nip = [5, 3600]\n\n[rate_limits.move]\nuser = [8, 60]\n";
    let limited =
        configured("ratelimited.sqlite", &format!("{limits}\n[group_permissions.\"*\"]\nnoratelimit = false\n"));
    let (_, body) = api_with(
        &limited,
        "action=query&meta=userinfo&uiprop=ratelimits|theoreticalratelimits&format=json&formatversion=2",
    );
    let expected = serde_json::json!({
        "edit": {"ip": {"hits": 8, "seconds": 60}},
        "mailpassword": {"ip": {"hits": 5, "seconds": 3600}},
    });
    assert_eq!(body["query"]["userinfo"]["ratelimits"], expected, "{body}");
    assert_eq!(body["query"]["userinfo"]["theoreticalratelimits"], expected);
    // With `noratelimit` the caller is not limited, though the limits are there.
    let exempt = configured("exempt.sqlite", limits);
    let (_, body) = api_with(
        &exempt,
        "action=query&meta=userinfo&uiprop=ratelimits|theoreticalratelimits&format=json&formatversion=2",
    );
    assert_eq!(body["query"]["userinfo"]["ratelimits"], serde_json::json!({}));
    assert_eq!(body["query"]["userinfo"]["theoreticalratelimits"], expected);
}
