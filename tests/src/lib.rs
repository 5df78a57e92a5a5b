//! Helpers shared by the integration tests: an in-process server and the checked-in fixtures.

pub mod deliberate;

use std::path::PathBuf;
use std::sync::OnceLock;

use serde_json::Value;
use wikiquery_domain::settings::SiteSettings;
use wikiquery_runtime::api::{handle, ApiConfig, ApiRequest, ApiResponse};
use wikiquery_runtime::{Clock, Rights};
use wikiquery_server::config::FileConfig;
use wikiquery_server::site_config::site_settings;
use wikiquery_store::store::{OpenOptions, Store};

/// The folder of checked-in fixtures.
pub fn fixtures() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("fixtures")
}

/// Reads a JSON fixture.
pub fn fixture_json(relative: &str) -> Value {
    let path = fixtures().join(relative);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("reading {}: {e}", path.display()));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("parsing {}: {e}", path.display()))
}

/// Answers a request given as a query string, in-process, as the HTTP layer would, without a
/// database.
pub fn api(query: &str) -> (u16, Value) {
    run(query, bare_config())
}

/// Answers a request as [`api`] does, and returns the whole response as the HTTP layer would
/// write it (status, content type, headers, body).
pub fn api_raw(query: &str) -> ApiResponse {
    respond(query, &[], bare_config())
}

/// The configuration of a server without a database.
fn bare_config() -> &'static ApiConfig {
    static CONFIG: OnceLock<ApiConfig> = OnceLock::new();
    CONFIG.get_or_init(ApiConfig::default)
}

/// The main page's URL of the reference MediaWiki that served the fixture database.
pub const FIXTURE_BASE: &str = "http://127.0.0.1:8081/index.php/Main_Page";

/// The project name of the fixture wiki (its namespace 4).
pub const FIXTURE_SITE_NAME: &str = "Fixture Wiki";

/// The instant MediaWiki's clock was frozen at when its answers on the fixture were captured
/// (the oracle's `ORACLE_NOW`); the fixture is served at the same instant, so that nothing
/// that expires (blocks, protections, group memberships) changes a verdict as days pass.
pub const FIXTURE_NOW: &str = "2026-11-22T00:00:00Z";

/// Answers a request in-process against the MediaWiki 1.39 fixture database
/// (`fixtures/mw139/fixturewiki.sqlite`), served as the server serves it. The store is opened
/// once per test process, on a temporary copy of the file, so that the checked-in file is
/// never touched.
pub fn fixture_api(query: &str) -> (u16, Value) {
    run(query, fixture_config())
}

/// Answers a request against the fixture database as [`fixture_api`] does, for callers with
/// exactly `rights` (what an operator grants with `--anonymous-rights`).
pub fn fixture_api_as(rights: &[&str], query: &str) -> (u16, Value) {
    let mut config = fixture_config().clone();
    config.anonymous_rights = wikiquery_runtime::Rights::new(rights);
    run(query, &config)
}

/// The settings [`fixture_api`] answers with: the fixture database's store (in `services`)
/// and the site's namespaces. For tests that run a module directly.
pub fn fixture_config() -> &'static ApiConfig {
    static CONFIG: OnceLock<ApiConfig> = OnceLock::new();
    CONFIG.get_or_init(open_fixture)
}

fn open_fixture() -> ApiConfig {
    altered_fixture_config("fixturewiki.sqlite", "")
}

/// The settings MediaWiki served the fixture with where they differ from its defaults, as the
/// fixture's configuration file (`fixtures/mw139/wikiquery.toml`) says them.
pub fn fixture_settings() -> SiteSettings {
    let path = fixtures().join("mw139/wikiquery.toml");
    let file = FileConfig::load(&path).unwrap_or_else(|e| panic!("{e}"));
    site_settings(&file).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Answers a request given as a query string against the database of `config`.
pub fn api_with(config: &ApiConfig, query: &str) -> (u16, Value) {
    run(query, config)
}

/// Settings as [`fixture_config`]'s, on a copy of the fixture database named `name` (one per
/// test process) that `sql` (SQLite statements) has changed first: for cases the fixture does
/// not hold. Answer requests with [`api_with`].
pub fn altered_fixture_config(name: &str, sql: &str) -> ApiConfig {
    use diesel::connection::SimpleConnection;
    use diesel::Connection;

    let source = fixtures().join("mw139/fixturewiki.sqlite");
    let dir = std::env::temp_dir().join(format!("wikiquery-fixture-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("creating {}: {e}", dir.display()));
    let copy = dir.join(name);
    std::fs::copy(&source, &copy).unwrap_or_else(|e| panic!("copying {}: {e}", source.display()));
    if !sql.is_empty() {
        let path = copy.display().to_string();
        let mut conn =
            diesel::sqlite::SqliteConnection::establish(&path).unwrap_or_else(|e| panic!("opening {path}: {e}"));
        conn.batch_execute(sql).unwrap_or_else(|e| panic!("changing {path}: {e}"));
    }
    let options = OpenOptions {
        primary: format!("sqlite:{}", copy.display()),
        site_name: FIXTURE_SITE_NAME.to_owned(),
        // Where the reference MediaWiki served this database when its answers were captured.
        base: Some(FIXTURE_BASE.to_owned()),
        ..OpenOptions::default()
    };
    let store = Store::open(&options).unwrap_or_else(|e| panic!("opening {}: {e}", copy.display()));
    let mut services = wikiquery_modules::services(store);
    let settings = fixture_settings();
    // Every caller is anonymous: the fixture's `*` group's rights.
    let anonymous_rights = Rights::new(settings.groups.rights_of("*"));
    services.set_settings(settings);
    let clock = Clock::frozen_at(FIXTURE_NOW).expect("FIXTURE_NOW is a timestamp");
    ApiConfig { services, clock, anonymous_rights, ..ApiConfig::default() }
}

/// The fixture wiki as wikiquery's own database: its full dump imported into a new SQLite
/// database (one per test process, made on first use), served with the fixture's settings.
/// Its search index is wikiquery's own, which the import builds.
pub fn imported_fixture_config() -> &'static ApiConfig {
    static CONFIG: OnceLock<ApiConfig> = OnceLock::new();
    CONFIG.get_or_init(|| {
        let dir = std::env::temp_dir().join(format!("wikiquery-fixture-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("creating {}: {e}", dir.display()));
        let path = dir.join("imported.sqlite");
        let _ = std::fs::remove_file(&path);
        let url = format!("sqlite:{}", path.display());
        let store = Store::open(&OpenOptions { primary: url.clone(), ..OpenOptions::default() })
            .unwrap_or_else(|e| panic!("creating {url}: {e}"));
        let pool = store.primary_pool().expect("the primary pool");
        let options = wikiquery_import::tables::ImportOptions { progress: false, ..Default::default() };
        wikiquery_import::tables::import_dump(fixtures().join("mw139/dump-full.xml"), pool, options)
            .unwrap_or_else(|e| panic!("importing the fixture's dump: {e}"));
        drop(store);
        let options = OpenOptions {
            primary: url,
            site_name: FIXTURE_SITE_NAME.to_owned(),
            base: Some(FIXTURE_BASE.to_owned()),
            ..OpenOptions::default()
        };
        let store = Store::open(&options).expect("reopening the imported fixture");
        let mut services = wikiquery_modules::services(store);
        let settings = fixture_settings();
        let anonymous_rights = Rights::new(settings.groups.rights_of("*"));
        services.set_settings(settings);
        let clock = Clock::frozen_at(FIXTURE_NOW).expect("FIXTURE_NOW is a timestamp");
        ApiConfig { services, clock, anonymous_rights, ..ApiConfig::default() }
    })
}

/// Answers a request given as a query string and request headers, in-process, against the
/// fixture database, and returns the whole response (status, content type, headers, body).
pub fn fixture_api_raw(query: &str, headers: &[(&str, &str)]) -> ApiResponse {
    respond(query, headers, fixture_config())
}

fn respond(query: &str, headers: &[(&str, &str)], config: &ApiConfig) -> ApiResponse {
    request(config, query, false, headers)
}

/// Answers a request on `config` as the HTTP layer hands it over: its parameters as a query
/// string, or a POST body when `posted`, with these request headers.
pub fn request(config: &ApiConfig, query: &str, posted: bool, headers: &[(&str, &str)]) -> ApiResponse {
    wikiquery_modules::link();
    // Decoded as the HTTP layer decodes a query string.
    let params: Vec<(String, String)> = form_urlencoded::parse(query.as_bytes()).into_owned().collect();
    let headers = headers.iter().map(|(k, v)| ((*k).to_owned(), (*v).to_owned())).collect();
    let uri = if posted { "/api.php".to_owned() } else { format!("/api.php?{query}") };
    handle(ApiRequest { params, posted, headers, client: None, query_names: Vec::new(), uri }, config)
}

/// The passwords of the fixture's users (as MediaWiki's answers were captured with them).
pub const FIXTURE_PASSWORDS: &[(&str, &str)] = &[("Admin", "FixtureAdminPass-2024"), ("*", "FixtureUserPass-2024")];

/// Logs `user` in on `config` (with `action=clientlogin` and its login token, as a client
/// does) and gives the `Cookie` header value that carries the session.
pub fn log_in(config: &ApiConfig, user: &str) -> String {
    let password = FIXTURE_PASSWORDS.iter().find(|(u, _)| *u == user || *u == "*").map(|(_, p)| *p).unwrap_or_default();
    let session_cookie = |res: &ApiResponse| -> Option<String> {
        res.headers
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case("Set-Cookie"))
            .and_then(|(_, v)| v.split(';').next())
            .map(str::to_owned)
    };
    let res = respond("action=query&meta=tokens&type=login&format=json", &[], config);
    let cookie = session_cookie(&res).expect("a login token starts a session");
    let token = response_json(&res)["query"]["tokens"]["logintoken"].as_str().expect("a login token").to_owned();
    let params: Vec<(String, String)> = [
        ("action", "clientlogin"),
        ("username", user),
        ("password", password),
        ("loginreturnurl", "http://127.0.0.1/"),
        ("logintoken", token.as_str()),
        ("format", "json"),
    ]
    .iter()
    .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
    .collect();
    let headers = vec![("Cookie".to_owned(), cookie)];
    let res = handle(
        ApiRequest { params, posted: true, headers, client: None, query_names: Vec::new(), uri: "/api.php".to_owned() },
        config,
    );
    assert_eq!(response_json(&res)["clientlogin"]["status"], "PASS", "{user} logs in: {}", res.body);
    session_cookie(&res).expect("a login sets the session's cookie")
}

/// Answers a request given as a query string on `config` for the caller whose session
/// `cookie` carries (from [`log_in`]).
pub fn api_with_cookie(config: &ApiConfig, query: &str, cookie: &str) -> (u16, Value) {
    let res = respond(query, &[("Cookie", cookie)], config);
    (res.status, response_json(&res))
}

/// The JSON a response carries: the body itself, or for `jsonfm` the JSON inside its HTML
/// page. Any other answer (the help page, `format=none`, a refused origin) becomes
/// `{"content_type": ..., "body": ...}`, so that callers always get an object.
pub fn response_json(res: &ApiResponse) -> Value {
    if let Ok(v) = serde_json::from_str(&res.body) {
        return v;
    }
    const PRE: &str = "<pre class=\"api-pretty-content\">";
    if let Some(start) = res.body.find(PRE) {
        let rest = &res.body[start + PRE.len()..];
        let inner = rest.split("</pre>").next().unwrap_or("");
        let text = inner.replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&");
        if let Ok(v) = serde_json::from_str(&text) {
            return v;
        }
    }
    serde_json::json!({ "content_type": res.content_type, "body": res.body })
}

fn run(query: &str, config: &ApiConfig) -> (u16, Value) {
    let res = respond(query, &[], config);
    (res.status, response_json(&res))
}

/// The query string of a stored oracle capture (`{"request": ..., "response": ...}`), with or
/// without the `GET /api.php?` its older files begin with.
pub fn query_of(capture: &Value) -> String {
    let request = capture["request"].as_str().unwrap_or_else(|| panic!("capture without request: {capture}"));
    let request = request.strip_prefix("GET ").unwrap_or(request);
    request.strip_prefix("/api.php?").unwrap_or(request).to_owned()
}

/// Where two values differ, as `path: expected … got …` lines.
pub fn differences(path: &str, expected: &Value, got: &Value, out: &mut Vec<String>) {
    match (expected, got) {
        (Value::Object(e), Value::Object(g)) => {
            for (key, value) in e {
                let here = format!("{path}.{key}");
                match g.get(key) {
                    Some(other) => differences(&here, value, other, out),
                    None => out.push(format!("{here}: expected {value}, missing")),
                }
            }
            for (key, value) in g {
                if !e.contains_key(key) {
                    out.push(format!("{path}.{key}: not expected, got {value}"));
                }
            }
        }
        (Value::Array(e), Value::Array(g)) => {
            for (i, (a, b)) in e.iter().zip(g).enumerate() {
                differences(&format!("{path}[{i}]"), a, b, out);
            }
            if e.len() != g.len() {
                out.push(format!("{path}: expected {} items, got {}", e.len(), g.len()));
            }
        }
        _ if expected != got => out.push(format!("{path}: expected {expected}, got {got}")),
        _ => {}
    }
}

/// Members that differ between any two answers, whoever gives them: the host, the clock, and
/// the wording of the API's reference (`docref`, or `*` in formatversion 1).
pub const IGNORED_MEMBERS: &[&str] = &["servedby", "curtimestamp", "docref", "*"];

/// The form in which the replay tests compare an answer's top-level members: ignored members
/// dropped; errors and warnings by code and module, never by wording — an `error` by its code,
/// an `errors` list (the non-bc formats) by code and module, `warnings` by the modules that
/// warned (bc) or by code and module (the other formats). `None` drops the member.
pub fn comparable_member(key: &str, value: &Value) -> Option<Value> {
    if IGNORED_MEMBERS.contains(&key) {
        return None;
    }
    let code_and_module =
        |list: &Vec<Value>| -> Vec<String> { list.iter().map(|m| format!("{}@{}", m["code"], m["module"])).collect() };
    Some(match (key, value) {
        ("error", _) => serde_json::json!({ "code": value["code"] }),
        ("errors", Value::Array(list)) => serde_json::json!(code_and_module(list)),
        ("warnings", Value::Array(list)) => {
            let set: std::collections::BTreeSet<String> = code_and_module(list).into_iter().collect();
            serde_json::json!(set)
        }
        ("warnings", Value::Object(modules)) => {
            let set: std::collections::BTreeSet<&str> = modules.keys().map(String::as_str).collect();
            serde_json::json!(set)
        }
        _ => value.clone(),
    })
}

/// A whole answer in the form the replay tests compare it: each top-level member through
/// [`comparable_member`].
pub fn comparable(answer: &Value) -> Value {
    answer
        .as_object()
        .into_iter()
        .flatten()
        .filter_map(|(k, v)| comparable_member(k, v).map(|v| (k.clone(), v)))
        .collect::<serde_json::Map<_, _>>()
        .into()
}

/// HTML with its wording set aside: every run of text that is not a link's own text becomes
/// one space (none at the ends), so that two renderings of an interface message (this
/// project's wording and MediaWiki's) compare by their elements, their order, their attributes
/// and linked text alone.
pub fn wording_aside(html: &str) -> String {
    let mut out = String::with_capacity(html.len());
    let mut in_link = 0usize;
    let mut rest = html;
    while !rest.is_empty() {
        if rest.starts_with('<') {
            let end = rest.find('>').map_or(rest.len(), |i| i + 1);
            let tag = &rest[..end];
            if tag.starts_with("<a ") || tag == "<a>" {
                in_link += 1;
            } else if tag == "</a>" {
                in_link = in_link.saturating_sub(1);
            }
            out.push_str(tag);
            rest = &rest[end..];
        } else {
            let end = rest.find('<').unwrap_or(rest.len());
            if in_link > 0 {
                out.push_str(&rest[..end]);
            } else if !out.is_empty() && end < rest.len() {
                out.push(' ');
            }
            rest = &rest[end..];
        }
    }
    out
}

/// The stored MediaWiki answers in `fixtures/oracle/<folder>/` whose file names `keep`
/// accepts, sorted.
pub fn captures(folder: &str, keep: impl Fn(&str) -> bool) -> Vec<String> {
    let dir = fixtures().join("oracle").join(folder);
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("reading {}: {e}", dir.display()))
        .filter_map(|e| e.ok().map(|e| e.file_name().to_string_lossy().into_owned()))
        .filter(|n| n.ends_with(".json") && keep(n))
        .collect();
    names.sort();
    names
}

/// Replays stored answers: asks each capture's request with `answer(name, query)`, lets
/// `adjust(name, expected, got)` set aside what a test explains, and compares the two in
/// [`comparable`] form. Gives one line block per capture that differs.
pub fn replay(
    folder: &str,
    names: &[String],
    answer: &dyn Fn(&str, &str) -> (u16, Value),
    adjust: &dyn Fn(&str, &mut Value, &mut Value),
) -> Vec<String> {
    let mut failures = Vec::new();
    for name in names {
        let capture = fixture_json(&format!("oracle/{folder}/{name}"));
        let (status, mut got) = answer(name, &query_of(&capture));
        assert_eq!(status, 200, "{name}");
        let mut expected = capture["response"].clone();
        adjust(name, &mut expected, &mut got);
        let mut out = Vec::new();
        differences("", &comparable(&expected), &comparable(&got), &mut out);
        if !out.is_empty() {
            failures.push(format!("{name}:\n  {}", out.join("\n  ")));
        }
    }
    failures
}

/// Replays the stored answers of several modules, each in its folder
/// (`fixtures/oracle/<module>/`), whose file names `keep` accepts, as [`replay`] does. Gives
/// how many were replayed and one line block per capture that differs (named `module/file`).
pub fn replay_modules(
    modules: &[&str],
    keep: impl Fn(&str) -> bool,
    answer: &dyn Fn(&str, &str) -> (u16, Value),
    adjust: &dyn Fn(&str, &mut Value, &mut Value),
) -> (usize, Vec<String>) {
    let mut count = 0;
    let mut failures = Vec::new();
    for module in modules {
        let names = captures(module, &keep);
        count += names.len();
        failures.extend(replay(module, &names, answer, adjust).into_iter().map(|f| format!("{module}/{f}")));
    }
    (count, failures)
}

/// A way to answer stored requests as the caller each file name says: `.admin.` for Admin
/// logged in (with `action=clientlogin`, once), anonymous otherwise.
pub fn answer_logged_in_as_named_caller() -> impl Fn(&str, &str) -> (u16, Value) {
    let admin = log_in(fixture_config(), "Admin");
    move |name: &str, query: &str| {
        if name.contains(".admin.") {
            api_with_cookie(fixture_config(), query, &admin)
        } else {
            fixture_api(query)
        }
    }
}

/// Answers requests given as query strings, raw (any format), each for the caller its stored
/// answer's name gives: Admin (`.admin.`) or Alice (`.user.`) logged in, else anonymous.
pub fn raw_answer_as_named_caller() -> impl Fn(&str, &str) -> ApiResponse {
    let admin = log_in(fixture_config(), "Admin");
    let alice = log_in(fixture_config(), "Alice");
    move |name: &str, query: &str| {
        let cookie = if name.contains(".admin.") {
            vec![("Cookie", admin.as_str())]
        } else if name.contains(".user.") {
            vec![("Cookie", alice.as_str())]
        } else {
            Vec::new()
        };
        fixture_api_raw(query, &cookie)
    }
}

/// Answers a request against the fixture for a caller in `groups` (the fixture's settings
/// give the rights), as [`fixture_api_as`] does.
pub fn fixture_api_in_groups(groups: &[&str], query: &str) -> (u16, Value) {
    let settings = fixture_settings();
    let rights = settings.groups.rights_of_groups(groups);
    fixture_api_as(&rights, query)
}

/// The groups of the fixture's callers that stored answers name: `.admin` (Admin: bureaucrat,
/// interface administrator, suppressor, sysop), `.sysop` (Bob) and `.user` (Alice, no group of
/// her own).
pub const ADMIN_GROUPS: &[&str] = &["bureaucrat", "interface-admin", "suppress", "sysop", "*", "user", "autoconfirmed"];
/// Bob's groups (`.sysop`).
pub const SYSOP_GROUPS: &[&str] = &["sysop", "*", "user", "autoconfirmed"];
/// Alice's groups (`.user`).
pub const USER_GROUPS: &[&str] = &["*", "user", "autoconfirmed"];

/// Answers a stored request as the caller its file name says (`.admin.`, `.sysop.`, `.user.`;
/// anonymous otherwise).
pub fn answer_as_named_caller(name: &str, query: &str) -> (u16, Value) {
    for (marker, groups) in [(".admin.", ADMIN_GROUPS), (".sysop.", SYSOP_GROUPS), (".user.", USER_GROUPS)] {
        if name.contains(marker) {
            return fixture_api_in_groups(groups, query);
        }
    }
    fixture_api(query)
}
