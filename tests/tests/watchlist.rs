//! `list=watchlist` and `list=watchlistraw` against MediaWiki 1.39's answers on the fixture
//! (`fixtures/oracle/watchlist/`, `watchlistraw/`), formatversion 1 and 2. MediaWiki answered its users logged
//! in; this server takes no logins, so each of those requests is asked here for the same
//! user's watchlist by name and watchlist token (`wlowner`/`wltoken`), on a copy of the
//! fixture where the users have tokens, with the user's rights. Anonymous requests are asked
//! as they were.
//!
//! A log entry's `logdisplay` is the entry written out as HTML for reading: its links (the
//! performer, the target, the pages and users the entry names) are compared exactly, its
//! wording, which is this project's own, by presence ([`wording_aside`]).
//! `fixtures/oracle/logdisplay/` holds the same list for a watchlist that watches every page a
//! log entry of the fixture names, so that each kind of entry the fixture has is written out.

use std::sync::OnceLock;

use serde_json::Value;
use wikiquery_runtime::api::ApiConfig;
use wikiquery_runtime::Rights;
use wikiquery_tests::{
    altered_fixture_config, api_with, captures, fixture_api, replay, wording_aside, ADMIN_GROUPS, SYSOP_GROUPS,
    USER_GROUPS,
};

/// The fixture's users that stored answers name, with the tokens given to them here.
const CALLERS: &[(&str, &str, &str, &[&str])] = &[
    (".admin.", "Admin", "admin-token-0001", ADMIN_GROUPS),
    (".sysop.", "Bob", "bob-token-0004", SYSOP_GROUPS),
    (".user.", "Alice", "alice-token-0003", USER_GROUPS),
];

const TOKENS_SQL: &str = "INSERT INTO user_properties (up_user, up_property, up_value) VALUES \
     (1, 'watchlisttoken', 'admin-token-0001'), (4, 'watchlisttoken', 'bob-token-0004'), \
     (3, 'watchlisttoken', 'alice-token-0003');";

/// The fixture with watchlist tokens, served to the `i`th of [`CALLERS`] with its rights.
fn config_for(i: usize) -> &'static ApiConfig {
    static CONFIGS: OnceLock<Vec<ApiConfig>> = OnceLock::new();
    let configs = CONFIGS.get_or_init(|| {
        CALLERS
            .iter()
            .map(|(_, name, _, groups)| {
                let mut config = altered_fixture_config(&format!("watchlist-{name}.sqlite"), TOKENS_SQL);
                config.anonymous_rights =
                    Rights::new(wikiquery_tests::fixture_settings().groups.rights_of_groups(groups));
                config
            })
            .collect()
    });
    &configs[i]
}

/// Asks a stored request as its caller: for a named user, that user's watchlist by token.
fn answer(name: &str, query: &str) -> (u16, Value) {
    for (i, (marker, user, token, _)) in CALLERS.iter().enumerate() {
        if name.contains(marker) {
            let prefix = owner_prefix(query);
            return api_with(config_for(i), &format!("{query}&{prefix}owner={user}&{prefix}token={token}"));
        }
    }
    fixture_api(query)
}

/// The prefix of the module's parameters in a request: `wl`, `wr`, `gwl` or `gwr`.
fn owner_prefix(query: &str) -> &'static str {
    match (query.contains("generator=watchlistraw"), query.contains("generator=watchlist")) {
        (true, _) => "gwr",
        (false, true) => "gwl",
        _ if query.contains("list=watchlistraw") => "wr",
        _ => "wl",
    }
}

fn set_aside(_: &str, expected: &mut Value, got: &mut Value) {
    for answer in [expected, got] {
        for item in answer.pointer_mut("/query/watchlist").and_then(Value::as_array_mut).into_iter().flatten() {
            if let Some(display) = item.get_mut("logdisplay") {
                *display = Value::from(wording_aside(display.as_str().unwrap_or_default()));
            }
        }
    }
}

/// Admin's watchlist watching every page a log entry names, besides the tokens.
const WATCH_EVERY_LOGGED_PAGE_SQL: &str = "INSERT INTO watchlist (wl_user, wl_namespace, wl_title, \
     wl_notificationtimestamp) SELECT DISTINCT 1, rc_namespace, rc_title, NULL FROM recentchanges r \
     WHERE rc_type = 3 AND NOT EXISTS (SELECT 1 FROM watchlist w WHERE w.wl_user = 1 \
     AND w.wl_namespace = r.rc_namespace AND w.wl_title = r.rc_title);";

/// The stored `logdisplay` requests name Admin's watchlist and token themselves; each is asked
/// with its caller's rights.
fn logdisplay_answer(name: &str, query: &str) -> (u16, Value) {
    static CONFIGS: OnceLock<Vec<ApiConfig>> = OnceLock::new();
    let callers: [(&str, &[&str]); 4] =
        [(".admin.", ADMIN_GROUPS), (".sysop.", SYSOP_GROUPS), (".user.", USER_GROUPS), ("", &["*"])];
    let configs = CONFIGS.get_or_init(|| {
        callers
            .iter()
            .enumerate()
            .map(|(i, (_, groups))| {
                let mut config = altered_fixture_config(
                    &format!("logdisplay-{i}.sqlite"),
                    &format!("{TOKENS_SQL}{WATCH_EVERY_LOGGED_PAGE_SQL}"),
                );
                config.anonymous_rights =
                    Rights::new(wikiquery_tests::fixture_settings().groups.rights_of_groups(groups));
                config
            })
            .collect()
    });
    let i = callers.iter().position(|(marker, _)| name.contains(marker)).unwrap_or(callers.len() - 1);
    api_with(&configs[i], query)
}

#[test]
fn every_kind_of_log_entry_is_written_out_as_mediawiki_links_it() {
    let names = captures("logdisplay", |_| true);
    assert!(names.len() >= 18, "{}", names.len());
    let failures = replay("logdisplay", &names, &logdisplay_answer, &set_aside);
    assert!(failures.is_empty(), "{} of {} differ:\n{}", failures.len(), names.len(), failures.join("\n"));
}

#[test]
fn watchlistraw_answers_as_mediawiki_does() {
    let names = captures("watchlistraw", |_| true);
    assert!(names.len() >= 100, "{}", names.len());
    let failures = replay("watchlistraw", &names, &answer, &set_aside);
    assert!(failures.is_empty(), "{} of {} differ:\n{}", failures.len(), names.len(), failures.join("\n"));
}

#[test]
fn watchlist_answers_as_mediawiki_does() {
    let names = captures("watchlist", |_| true);
    assert!(names.len() > 100, "{}", names.len());
    let failures = replay("watchlist", &names, &answer, &set_aside);
    assert!(failures.is_empty(), "{} of {} differ:\n{}", failures.len(), names.len(), failures.join("\n"));
}

/// The list stands beside `query`, in title order, and pages through continuation to the
/// whole watchlist; without a token the caller has no watchlist, with a wrong one none.
#[test]
fn a_watchlist_is_read_by_its_token_and_pages_whole() {
    let ask = |q: &str| api_with(config_for(2), &format!("action=query&format=json&formatversion=2&{q}")).1;
    let whole = ask("list=watchlistraw&wrlimit=max&wrowner=Alice&wrtoken=alice-token-0003");
    let all = whole["watchlistraw"].as_array().cloned().unwrap_or_default();
    assert_eq!(all.len(), 140, "{whole}");
    let mut paged = Vec::new();
    let mut cont = String::new();
    loop {
        let body = ask(&format!("list=watchlistraw&wrlimit=7&wrowner=Alice&wrtoken=alice-token-0003{cont}"));
        paged.extend(body["watchlistraw"].as_array().cloned().unwrap_or_default());
        match body["continue"]["wrcontinue"].as_str() {
            Some(next) => cont = format!("&wrcontinue={}", urlencoding(next)),
            None => break,
        }
    }
    assert_eq!(paged, all);
    let wrong = ask("list=watchlistraw&wrowner=Alice&wrtoken=admin-token-0001");
    assert_eq!(wrong["error"]["code"], "bad_wltoken");
    let anonymous = ask("list=watchlist");
    assert_eq!(anonymous["error"]["code"], "notloggedin");
}

fn urlencoding(text: &str) -> String {
    form_urlencoded::byte_serialize(text.as_bytes()).collect()
}
