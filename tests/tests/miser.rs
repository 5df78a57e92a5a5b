//! `list=querypage` in miser mode (the `miser_mode` setting): the expensive reports are read
//! from the report cache, as MediaWiki reads its querycache, with `cached`, `cachedtimestamp`
//! and `maxresults`. Checked against MediaWiki 1.39's answers in miser mode
//! (`fixtures/oracle/querypage/miser/`), on the fixture holding the cache MediaWiki's
//! `updateSpecialPages.php` filled (`querycache.sql` there); and `update-special-pages`'s
//! own cache gives what the live reports give.

use std::sync::OnceLock;

use serde_json::Value;
use wikiquery_runtime::api::ApiConfig;
use wikiquery_runtime::Rights;
use wikiquery_tests::{altered_fixture_config, api_with, captures, fixtures, replay, ADMIN_GROUPS};

/// The fixture with MediaWiki's filled cache, in miser mode, for a caller of these groups
/// (`None`: anonymous).
fn config(admin: bool) -> &'static ApiConfig {
    static CONFIGS: OnceLock<[ApiConfig; 2]> = OnceLock::new();
    let configs = CONFIGS.get_or_init(|| {
        let sql =
            std::fs::read_to_string(fixtures().join("oracle/querypage/miser/querycache.sql")).expect("querycache.sql");
        [false, true].map(|admin| {
            let mut config = altered_fixture_config(&format!("miser-{admin}.sqlite"), &sql);
            let mut settings = wikiquery_tests::fixture_settings();
            settings.miser_mode = true;
            if admin {
                config.anonymous_rights = Rights::new(settings.groups.rights_of_groups(ADMIN_GROUPS));
            }
            config.services.set_settings(settings);
            config
        })
    });
    &configs[usize::from(admin)]
}

#[test]
fn cached_reports_answer_as_mediawiki_does_in_miser_mode() {
    let names = captures("querypage/miser", |_| true);
    assert!(names.len() >= 180, "{}", names.len());
    let failures =
        replay("querypage/miser", &names, &|name, q| api_with(config(name.contains(".admin.")), q), &|_, _, _| {});
    assert!(failures.is_empty(), "{} of {} differ:\n{}", failures.len(), names.len(), failures.join("\n"));
}

/// The cache `update-special-pages` fills holds the live report's first rows, in its order.
#[test]
fn update_special_pages_caches_what_the_live_reports_give() {
    use wikiquery_store::queries::querycache::recache_report;
    use wikiquery_store::queries::querycache::reports::Report;

    let live = wikiquery_tests::imported_fixture_config();
    let ask = |config: &ApiConfig, report: &str| -> Vec<Value> {
        let (_, body) = api_with(
            config,
            &format!("action=query&list=querypage&qppage={report}&qplimit=max&format=json&formatversion=2"),
        );
        body["query"]["querypage"]["results"]
            .as_array()
            .cloned()
            .unwrap_or_default()
            .into_iter()
            .map(|mut r| {
                r.as_object_mut().map(|o| {
                    o.remove("value");
                    o.remove("timestamp");
                    o.remove("databaseResult");
                });
                r
            })
            .collect()
    };
    let store = wikiquery_modules::wiki::Wiki::of(&live.services).expect("a wiki").store();
    let pool = store.primary_pool().expect("pool");
    let mut conn = pool.get().expect("connection");
    let mut settings = wikiquery_tests::fixture_settings();
    settings.miser_mode = true;
    let mut miser = ApiConfig { services: live.services.clone(), ..ApiConfig::default() };
    miser.clock = live.clock.clone();
    miser.anonymous_rights = live.anonymous_rights.clone();
    miser.services.set_settings(settings);
    for report in [Report::Wantedpages, Report::Lonelypages, Report::Mostlinked, Report::Ancientpages] {
        let before = ask(live, report.name());
        recache_report(&mut conn, report, "20261122000000").expect("recache").expect("cacheable");
        let (_, body) = api_with(
            &miser,
            &format!("action=query&list=querypage&qppage={}&qplimit=2&format=json&formatversion=2", report.name()),
        );
        assert_eq!(body["query"]["querypage"]["cached"], true, "{body}");
        assert_eq!(body["query"]["querypage"]["cachedtimestamp"], "2026-11-22T00:00:00Z");
        let cached = ask(&miser, report.name());
        assert_eq!(cached.len(), before.len(), "{}", report.name());
        let key = |v: &Value| (v["ns"].as_i64(), v["title"].as_str().map(str::to_owned));
        let mut a: Vec<_> = cached.iter().map(key).collect();
        let mut b: Vec<_> = before.iter().map(key).collect();
        a.sort();
        b.sort();
        assert_eq!(a, b, "{}", report.name());
    }
}
