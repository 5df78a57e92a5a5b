//! Logins, sessions and what a logged-in caller sees, replayed against MediaWiki 1.39's
//! answers (`fixtures/oracle/accounts`): each scenario is a sequence of requests made with
//! cookie jars, replayed in order with a jar of our own per jar of MediaWiki's. Tokens are
//! each server's own: a token MediaWiki gave stands for the one we gave at the same step,
//! and tokens compare as tokens. Reasons and messages compare by their codes (`messagecode`),
//! not their wording.

use std::collections::HashMap;

use serde_json::{json, Value};
use wikiquery_domain::accounts::throttle::DEFAULT_RULES;
use wikiquery_domain::accounts::tokens;
use wikiquery_domain::settings::SiteSettings;
use wikiquery_domain::timestamp::Timestamp;
use wikiquery_runtime::api::{handle, ApiConfig, ApiRequest};
use wikiquery_runtime::{Rights, SessionKeys};
use wikiquery_store::store::{OpenOptions, Store};
use wikiquery_tests::{
    altered_fixture_config, api_with_cookie, comparable, differences, fixture_settings, fixtures, log_in,
};

/// What sets the fixture's bot passwords up (MediaWiki's answers were captured with them).
fn bot_passwords_sql() -> String {
    let path = fixtures().join("oracle/accounts/bot_passwords.sql");
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("reading {}: {e}", path.display()))
}

/// The fixture with its bot passwords, as served when the answers were captured.
fn accounts_config(name: &str) -> ApiConfig {
    altered_fixture_config(name, &bot_passwords_sql())
}

/// Steps whose answers we knowingly do not give, and why.
const SET_ASIDE: &[(&str, &str)] = &[
    // MediaWiki's "remember me" cookies (`UserID` and `Token`) log a caller back in after a
    // logout; a wikiquery session is its one cookie, refused for good once logged out (as
    // MediaWiki refuses its session cookie alone, step 29).
    ("login-main/25", "remember-me cookies"),
    ("login-main/26", "remember-me cookies"),
    ("login-main/27", "remember-me cookies"),
    ("login-main/28", "remember-me cookies"),
    ("login-main/30", "remember-me cookies"),
    // No accounts are created here: `cancreateaccounts` is false.
    ("clientlogin/01", "account creation"),
    ("clientlogin/23", "account creation"),
    ("clientlogin/24", "account creation"),
    // MediaWiki's actions that change the wiki are not here.
    ("paraminfo/02", "the write actions"),
    // `action=parse` does not exist here.
    ("private/07", "no action=parse"),
    // The descriptors follow the spec's newer catalogue (their own tests compare them).
    ("private/05", "allpages' descriptor"),
];

/// The session cookie's value in a `Set-Cookie` header, or `None` for a removed cookie.
fn cookie_value(header: &str) -> Option<String> {
    let value = header.split(';').next()?.split_once('=')?.1;
    (value != "deleted").then(|| value.to_owned())
}

/// Whether a value has the form of a session token.
fn is_token(v: &str) -> bool {
    tokens::token_time(v).is_some() && v[..32].bytes().all(|b| b.is_ascii_hexdigit())
}

/// An answer with every token as `<token>` and every message's text as `<text>`; module
/// descriptors without what names the software (its class, source and licence page).
fn normalized(v: &Value) -> Value {
    match v {
        Value::String(s) if is_token(s) => json!("<token>"),
        Value::Object(o) => o
            .iter()
            .filter(|(k, _)| !matches!(k.as_str(), "classname" | "source" | "sourcename" | "licenselink"))
            .map(|(k, v)| match (k.as_str(), v) {
                ("reason" | "message", Value::String(_)) => (k.clone(), json!("<text>")),
                _ => (k.clone(), normalized(v)),
            })
            .collect::<serde_json::Map<_, _>>()
            .into(),
        Value::Array(a) => Value::Array(a.iter().map(normalized).collect()),
        other => other.clone(),
    }
}

/// `uiprop=cancreateaccount` is the spec's, newer than 1.39 (which warns of an unknown
/// value): our member and MediaWiki's warning are set aside.
fn set_aside_cancreateaccount(theirs: &mut Value, ours: &mut Value) {
    if let Some(info) = ours["query"]["userinfo"].as_object_mut() {
        info.remove("cancreateaccount");
    }
    let Some(warnings) = theirs.get_mut("warnings") else { return };
    match warnings {
        Value::Object(o) => {
            o.remove("userinfo");
        }
        Value::Array(list) => list.retain(|w| w["module"] != "query+userinfo"),
        _ => {}
    }
    if warnings.as_object().is_some_and(|o| o.is_empty()) || warnings.as_array().is_some_and(|a| a.is_empty()) {
        theirs.as_object_mut().map(|o| o.remove("warnings"));
    }
}

/// Pairs the tokens of two answers given at the same step: MediaWiki's → ours.
fn pair_tokens(theirs: &Value, ours: &Value, map: &mut HashMap<String, String>) {
    match (theirs, ours) {
        (Value::String(t), Value::String(o)) if is_token(t) => {
            map.insert(t.clone(), o.clone());
        }
        (Value::Object(t), Value::Object(o)) => {
            for (k, v) in t {
                if let Some(w) = o.get(k) {
                    pair_tokens(v, w, map);
                }
            }
        }
        _ => {}
    }
}

struct Replay<'a> {
    config: &'a ApiConfig,
    jars: HashMap<String, Option<String>>,
    before_logout: Option<Option<String>>,
    tokens: HashMap<String, String>,
}

impl Replay<'_> {
    fn step(&mut self, label: &str, step: &Value) -> Vec<String> {
        let jar_name = step["session"].as_str().unwrap_or("main").to_owned();
        if !self.jars.contains_key(&jar_name) {
            // A jar first seen with cookies is the main jar as it was before its logout.
            let sent = step["cookies_sent"].as_array().is_some_and(|c| !c.is_empty());
            let start = if sent { self.before_logout.clone().flatten() } else { None };
            self.jars.insert(jar_name.clone(), start);
        }
        let cookie = self.jars[&jar_name].clone();
        let now = self.config.clock.now().unix();
        let mut map_token = |value: &str| -> String {
            if label.contains("1h-old") {
                // MediaWiki's token made an hour ago from its session's secret: ours likewise.
                let mut session = cookie.as_deref().and_then(|c| self.config.sessions.open(c, now)).unwrap_or_default();
                return session.token("csrf", now - 3600).unwrap_or_default();
            }
            if let Some(base) = value.strip_suffix(" \\") {
                let ours = self.tokens.get(&format!("{base}+\\")).cloned().unwrap_or_else(|| value.to_owned());
                return format!("{} \\", ours.trim_end_matches("+\\"));
            }
            self.tokens.get(value).cloned().unwrap_or_else(|| value.to_owned())
        };
        let pairs = |o: &Value, map: &mut dyn FnMut(&str) -> String| -> Vec<(String, String)> {
            o.as_object()
                .into_iter()
                .flatten()
                .map(|(k, v)| {
                    let v = v.as_str().unwrap_or_default();
                    let v = if k.ends_with("token") { map(v) } else { v.to_owned() };
                    (k.clone(), v)
                })
                .collect()
        };
        let posted = step["method"] == "POST";
        let query = pairs(&step["query"], &mut map_token);
        let body = pairs(&step["params"], &mut map_token);
        let query_names = if posted { query.iter().map(|(k, _)| k.clone()).collect() } else { Vec::new() };
        if body.iter().any(|(k, v)| k == "action" && v == "logout") {
            self.before_logout = Some(cookie.clone());
        }
        let mut headers = Vec::new();
        if let Some(c) = &cookie {
            headers.push(("Cookie".to_owned(), format!("{}={c}", self.config.sessions.cookie_name)));
        }
        let request = ApiRequest {
            params: query.into_iter().chain(body).collect(),
            posted,
            headers,
            client: Some("127.0.0.1".to_owned()),
            query_names,
            uri: String::new(),
        };
        let res = handle(request, self.config);
        for (k, v) in &res.headers {
            if k.eq_ignore_ascii_case("Set-Cookie") {
                self.jars.insert(jar_name.clone(), cookie_value(v));
            }
        }
        let mut ours: Value = serde_json::from_str(&res.body).unwrap_or_else(|e| panic!("{label}: {e}: {}", res.body));
        let mut theirs = step["body"].clone();
        if step["params"]["uiprop"].as_str().is_some_and(|p| p.split('|').any(|v| v == "cancreateaccount")) {
            set_aside_cancreateaccount(&mut theirs, &mut ours);
        }
        let theirs = &theirs;
        pair_tokens(theirs, &ours, &mut self.tokens);
        let mut out = Vec::new();
        if u64::from(res.status) != step["status"].as_u64().unwrap_or(200) {
            out.push(format!("status: expected {}, got {}", step["status"], res.status));
        }
        differences("", &normalized(&comparable(theirs)), &normalized(&comparable(&ours)), &mut out);
        // Whether the session's cookie was removed, as MediaWiki removed its own (a session
        // made with a bot password ends without MediaWiki removing its cookie; ours is removed
        // like any other).
        let bot_session =
            step["cookies_sent"].as_array().is_some_and(|c| c.iter().any(|c| c == "fixturewiki_BPsession"));
        let removed_theirs =
            step["cookies_deleted"].as_array().is_some_and(|d| d.iter().any(|c| c == "fixturewiki_session"));
        let removed_ours =
            res.headers.iter().any(|(k, v)| k.eq_ignore_ascii_case("Set-Cookie") && cookie_value(v).is_none());
        if !bot_session && removed_theirs != removed_ours {
            out.push(format!("session cookie removed: MediaWiki {removed_theirs}, wikiquery {removed_ours}"));
        }
        out
    }
}

/// Replays every step of a scenario (both formatversions, each on a server of its own, as
/// MediaWiki's answers were captured) and gives the differences.
fn replay_scenario(scenario: &str, make_config: &dyn Fn() -> ApiConfig) -> (usize, Vec<String>) {
    let mut report = Vec::new();
    let mut compared = 0;
    for folder in [scenario.to_owned(), format!("{scenario}.fv2")] {
        let dir = fixtures().join("oracle/accounts").join(&folder);
        let mut names: Vec<String> = std::fs::read_dir(&dir)
            .unwrap_or_else(|e| panic!("reading {}: {e}", dir.display()))
            .filter_map(|e| e.ok().map(|e| e.file_name().to_string_lossy().into_owned()))
            .filter(|n| n.ends_with(".json"))
            .collect();
        names.sort();
        let config = make_config();
        let mut replay = Replay { config: &config, jars: HashMap::new(), before_logout: None, tokens: HashMap::new() };
        for name in names {
            let text = std::fs::read_to_string(dir.join(&name)).expect("readable capture");
            let step: Value = serde_json::from_str(&text).expect("capture is JSON");
            let label = format!("{folder}/{name}");
            let out = replay.step(&label, &step);
            let key = format!("{scenario}/{}", &name[..2]);
            if SET_ASIDE.iter().any(|(k, _)| *k == key) {
                continue;
            }
            compared += 1;
            if !out.is_empty() {
                report.push(format!("{label}:\n  {}", out.join("\n  ")));
            }
        }
    }
    (compared, report)
}

fn assert_scenario(scenario: &str, make_config: &dyn Fn() -> ApiConfig) {
    let (compared, report) = replay_scenario(scenario, make_config);
    assert!(compared > 0, "{scenario}: nothing compared");
    assert!(report.is_empty(), "{} of {compared} steps differ:\n{}", report.len(), report.join("\n"));
}

#[test]
fn main_account_login_userinfo_tokens_and_logout() {
    assert_scenario("login-main", &|| accounts_config("accounts-main.sqlite"));
}

#[test]
fn other_users_log_in() {
    assert_scenario("login-alice", &|| accounts_config("accounts-alice.sqlite"));
    assert_scenario("login-fixturebot", &|| accounts_config("accounts-bot.sqlite"));
}

#[test]
fn failed_logins_answer_as_mediawiki() {
    assert_scenario("login-failures", &|| accounts_config("accounts-failures.sqlite"));
}

#[test]
fn bot_passwords_limit_rights_to_their_grants() {
    assert_scenario("botpassword", &|| accounts_config("accounts-bp.sqlite"));
}

#[test]
fn client_login() {
    assert_scenario("clientlogin", &|| accounts_config("accounts-client.sqlite"));
}

#[test]
fn login_modules_describe_themselves() {
    assert_scenario("paraminfo", &|| accounts_config("accounts-paraminfo.sqlite"));
}

#[test]
fn failed_logins_are_throttled() {
    assert_scenario("login-throttle", &|| {
        let mut config = accounts_config("accounts-throttle.sqlite");
        let mut settings = fixture_settings();
        settings.login_throttle = DEFAULT_RULES.to_vec();
        config.services.set_settings(settings);
        config
    });
}

#[test]
fn a_private_wiki_lets_its_users_log_in_and_read() {
    assert_scenario("private", &|| {
        let mut config = accounts_config("accounts-private.sqlite");
        let mut settings = fixture_settings();
        settings.groups.set("*", "read", false);
        config.anonymous_rights = Rights::new(settings.groups.rights_of("*"));
        config.services.set_settings(settings);
        config
    });
}

/// A second server process: the same database and session secret, services (and memory) of
/// its own.
fn second_process(first: &ApiConfig) -> ApiConfig {
    let mut other = first.clone();
    other.services = wikiquery_modules::services(
        wikiquery_modules::wiki::Wiki::of(&first.services).expect("a wiki").store().clone(),
    );
    other.services.set_settings(first.services.settings().clone());
    other
}

fn userinfo_name(config: &ApiConfig, cookie: &str) -> String {
    let (_, body) = api_with_cookie(config, "action=query&meta=userinfo&format=json&formatversion=2", cookie);
    body["query"]["userinfo"]["name"].as_str().unwrap_or_default().to_owned()
}

fn post(config: &ApiConfig, params: &[(&str, &str)], cookie: &str) -> Value {
    let params = params.iter().map(|(k, v)| ((*k).to_owned(), (*v).to_owned())).collect();
    let headers = vec![("Cookie".to_owned(), cookie.to_owned())];
    let res = handle(
        ApiRequest { params, posted: true, headers, client: None, query_names: Vec::new(), uri: String::new() },
        config,
    );
    serde_json::from_str(&res.body).expect("JSON")
}

fn csrf(config: &ApiConfig, cookie: &str) -> String {
    let (_, body) = api_with_cookie(config, "action=query&meta=tokens&format=json", cookie);
    body["query"]["tokens"]["csrftoken"].as_str().expect("a csrf token").to_owned()
}

#[test]
fn processes_sharing_a_secret_accept_each_others_sessions() {
    let mut first = accounts_config("accounts-processes.sqlite");
    first.sessions = SessionKeys::new(Some("one secret for the whole farm"), "wiki");
    let second = second_process(&first);
    let cookie = log_in(&first, "Alice");
    assert_eq!(userinfo_name(&first, &cookie), "Alice");
    assert_eq!(userinfo_name(&second, &cookie), "Alice", "another process, the same secret");
    // A token of one process is good on the other.
    let token = csrf(&first, &cookie);
    let (_, check) = api_with_cookie(&second, "action=query&meta=userinfo&format=json", &cookie);
    assert_eq!(check["query"]["userinfo"]["id"], 3);
    let answer =
        post(&second, &[("action", "checktoken"), ("type", "csrf"), ("token", &token), ("format", "json")], &cookie);
    assert_eq!(answer["checktoken"]["result"], "valid");
    // A process with another secret knows no one.
    let mut stranger = second_process(&first);
    stranger.sessions = SessionKeys::new(Some("another secret"), "wiki");
    assert_eq!(userinfo_name(&stranger, &cookie), "127.0.0.1");
}

#[test]
fn sessions_end_unused_unless_remembered() {
    let config = accounts_config("accounts-expiry.sqlite");
    let cookie = log_in(&config, "Bob");
    let later = |seconds: i64| {
        let mut c = config.clone();
        c.clock =
            wikiquery_runtime::Clock::frozen_at(&Timestamp::from_unix(config.clock.now().unix() + seconds).to_iso())
                .expect("a time");
        c
    };
    assert_eq!(userinfo_name(&later(1800), &cookie), "Bob");
    // Unused for longer than a session lasts, a login without "remember me" has ended.
    assert_eq!(userinfo_name(&later(2 * 3600), &cookie), "127.0.0.1");
    let (_, body) = api_with_cookie(&later(2 * 3600), "action=query&meta=userinfo&assert=user&format=json", &cookie);
    assert_eq!(body["error"]["code"], "assertuserfailed");
    // A session used again is renewed: its new cookie lasts from then on.
    let res = fixture_like_request(&later(1800), &cookie);
    let renewed = res.expect("a session used after half an hour is renewed");
    assert_eq!(userinfo_name(&later(1800 + 3000), &renewed), "Bob");
}

/// The `Cookie` value a response renews the session with, if it does.
fn fixture_like_request(config: &ApiConfig, cookie: &str) -> Option<String> {
    let params = vec![("action".to_owned(), "query".to_owned()), ("format".to_owned(), "json".to_owned())];
    let headers = vec![("Cookie".to_owned(), cookie.to_owned())];
    let res = handle(
        ApiRequest { params, posted: false, headers, client: None, query_names: Vec::new(), uri: String::new() },
        config,
    );
    res.headers.iter().find(|(k, _)| k == "Set-Cookie").and_then(|(_, v)| v.split(';').next()).map(str::to_owned)
}

#[test]
fn a_logout_ends_the_session_for_every_process_of_a_wikiquery_database() {
    use diesel::connection::SimpleConnection;
    use diesel::Connection;
    // A database wikiquery made (and so may write to), with one account.
    let dir = std::env::temp_dir().join(format!("wikiquery-accounts-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temp dir");
    let path = dir.join("own.sqlite");
    let _ = std::fs::remove_file(&path);
    let store = Store::open(&OpenOptions { primary: format!("sqlite:{}", path.display()), ..OpenOptions::default() })
        .expect("a new wikiquery database");
    assert!(store.is_writable());
    let hash = wikiquery_domain::accounts::passwords::pbkdf2_hash("FixtureUserPass-2024", b"salt-of-sixteen!");
    let mut conn = diesel::sqlite::SqliteConnection::establish(&path.display().to_string()).expect("open");
    conn.batch_execute(&format!(
        "INSERT INTO user (user_id, user_name, user_password, user_newpassword, user_email, user_touched, \
         user_registration, user_editcount) VALUES (7, 'Alice', '{hash}', '', '', '20260101000000', '20260101000000', 0)"
    ))
    .expect("an account");
    let mut services = wikiquery_modules::services(store);
    services.set_settings(SiteSettings::default());
    let first = ApiConfig {
        services,
        clock: wikiquery_runtime::Clock::frozen_at("2026-11-22T00:00:00Z").expect("a time"),
        sessions: SessionKeys::new(Some("farm"), "wiki"),
        ..ApiConfig::default()
    };
    let second = second_process(&first);
    let cookie = log_in(&first, "Alice");
    assert_eq!(userinfo_name(&second, &cookie), "Alice");
    let token = csrf(&first, &cookie);
    let answer = post(&first, &[("action", "logout"), ("token", &token), ("format", "json")], &cookie);
    assert_eq!(answer, json!({}));
    assert_eq!(userinfo_name(&first, &cookie), "127.0.0.1", "the process that logged out");
    assert_eq!(userinfo_name(&second, &cookie), "127.0.0.1", "another process of the same database");
}

#[test]
fn no_password_or_secret_is_answered() {
    let config = accounts_config("accounts-secrets.sqlite");
    let cookie = log_in(&config, "Alice");
    for query in [
        "action=query&meta=userinfo&uiprop=*&format=json",
        "action=query&meta=tokens&type=*&format=json",
        "action=query&list=users&ususers=Alice&usprop=*&format=json",
    ] {
        let (_, body) = api_with_cookie(&config, query, &cookie);
        let text = body.to_string();
        assert!(!text.contains("FixtureUserPass") && !text.contains(":pbkdf2:"), "{query}: {text}");
    }
    let answer = post(
        &config,
        &[("action", "login"), ("lgname", "Alice"), ("lgpassword", "FixtureUserPass-2024"), ("format", "json")],
        &cookie,
    );
    assert!(!answer.to_string().contains("FixtureUserPass"), "{answer}");
    // The keys' debug form does not show the secret.
    assert!(!format!("{:?}", SessionKeys::new(Some("very secret"), "wiki")).contains("very secret"));
}

#[test]
fn a_logged_in_administrator_sees_what_its_groups_allow() {
    // The same answers as for a caller granted the administrator's rights outright.
    let config = accounts_config("accounts-admin.sqlite");
    let cookie = log_in(&config, "Admin");
    for query in [
        "action=query&list=logevents&lelimit=max&leprop=ids|title|user|comment|details&format=json&formatversion=2",
        "action=query&list=allpages&aplimit=max&format=json",
        "action=query&prop=revisions&titles=Main_Page&rvlimit=max&rvprop=ids|user|comment|flags&format=json",
    ] {
        let (_, logged_in) = api_with_cookie(&config, query, &cookie);
        let (_, granted) = wikiquery_tests::fixture_api_in_groups(
            &["*", "user", "autoconfirmed", "bureaucrat", "interface-admin", "suppress", "sysop"],
            query,
        );
        assert_eq!(logged_in, granted, "{query}");
    }
}

#[test]
fn a_wiki_in_read_only_mode_refuses_logins_as_mediawiki_does() {
    let mut config = accounts_config("accounts-read-only.sqlite");
    let mut settings = fixture_settings();
    settings.read_only = true;
    config.services.set_settings(settings);
    let res = wikiquery_tests::request(&config, "action=query&meta=tokens&type=login&format=json", false, &[]);
    let body: Value = serde_json::from_str(&res.body).expect("JSON");
    let cookie = res
        .headers
        .iter()
        .find(|(k, _)| k.eq_ignore_ascii_case("Set-Cookie"))
        .and_then(|(_, v)| v.split(';').next())
        .expect("a session cookie")
        .to_owned();
    let token = body["query"]["tokens"]["logintoken"].as_str().expect("a login token");
    let answer = post(
        &config,
        &[("action", "login"), ("lgname", "Alice"), ("lgpassword", "whatever"), ("lgtoken", token), ("format", "json")],
        &cookie,
    );
    assert_eq!(answer["error"]["code"], "readonly", "{answer}");
    assert!(answer["error"]["readonlyreason"].is_string(), "{answer}");
    // Reading goes on.
    let (_, body) = api_with_cookie(&config, "action=query&list=allpages&aplimit=1&format=json", &cookie);
    assert!(body["query"]["allpages"].is_array(), "{body}");
}
