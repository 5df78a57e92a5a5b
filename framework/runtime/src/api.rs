//! The API's main loop: reads the main parameters, routes to the action module, and turns
//! every outcome — result, warnings, error — into the response. Every error becomes
//! MediaWiki's envelope here and nowhere else.

use crate::action::ActionContext;
use crate::cache::CachePolicy;
use crate::clock::Clock;
use crate::cors::{Cors, CorsConfig, Preflight};
use crate::error::ApiError;
use crate::format::{Format, JsonStyle, Output};
use crate::main_module::{Main, HELP_ACTION};
use crate::module::ModuleSpec;
use crate::observe::RequestLabels;
use crate::param::{ParamReader, RequestParams, RequestState};
use crate::registry::{Registry, Runner};
use crate::result::{ApiResult, Envelope};
use crate::services::Services;
use crate::session::SessionKeys;

pub use crate::result::ErrorFormat;
use wikiquery_domain::rights::Rights;

/// Settings of the API that do not change between requests.
#[derive(Debug, Clone)]
pub struct ApiConfig {
    /// The host name reported as `servedby`.
    pub served_by: String,
    /// The URL of the API, for the `docref` of errors.
    pub api_url: String,
    /// What the server provides to modules (database, site configuration).
    pub services: Services,
    /// The rights of every caller (there are no logins): MediaWiki's `*` group by default.
    pub anonymous_rights: Rights,
    /// Where "now" comes from: the system's clock, or an instant it is frozen at.
    pub clock: Clock,
    /// How session cookies are signed and named.
    pub sessions: SessionKeys,
    /// Which other origins' pages may call the API, and how.
    pub cors: CorsConfig,
}

impl Default for ApiConfig {
    fn default() -> Self {
        ApiConfig {
            served_by: "wikiquery".to_owned(),
            api_url: "/api.php".to_owned(),
            services: Services::default(),
            anonymous_rights: Rights::anonymous(),
            clock: Clock::System,
            sessions: SessionKeys::default(),
            cors: CorsConfig::default(),
        }
    }
}

/// A request as the HTTP layer hands it over.
#[derive(Debug, Clone, Default)]
pub struct ApiRequest {
    /// The parameters from the query string and the body, in order.
    pub params: Vec<(String, String)>,
    /// Whether it came by POST.
    pub posted: bool,
    /// The request's HTTP headers that the API reads (`Origin`, `Accept-Language`), names in
    /// any case.
    pub headers: Vec<(String, String)>,
    /// The client's address; `None` for a request from this machine's own process.
    pub client: Option<String>,
    /// For a POST, the names of the parameters its query string (not its body) carried.
    pub query_names: Vec<String>,
    /// The request's path and query string as they were received (`/w/api.php?action=…`),
    /// for what names the request's own URL (a feed's link to itself).
    pub uri: String,
}

impl ApiRequest {
    /// The first value of a header, by case-insensitive name.
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers.iter().find(|(k, _)| k.eq_ignore_ascii_case(name)).map(|(_, v)| v.as_str())
    }
}

/// The response the HTTP layer writes.
#[derive(Debug, Clone)]
pub struct ApiResponse {
    /// HTTP status.
    pub status: u16,
    /// Content type.
    pub content_type: &'static str,
    /// Extra headers.
    pub headers: Vec<(String, String)>,
    /// The body.
    pub body: String,
    /// The action and modules the request named, for the server's metrics and log.
    pub labels: RequestLabels,
}

/// The main module's parameters that this loop reads itself (the formatter's included).
const MAIN_PARAMS: &[&str] = &[
    "action",
    "format",
    "maxlag",
    "smaxage",
    "maxage",
    "assert",
    "assertuser",
    "requestid",
    "servedby",
    "curtimestamp",
    "responselanginfo",
    "origin",
    "uselang",
    "variant",
    "errorformat",
    "errorlang",
    "errorsuselocal",
];

/// The language of the site's content, which `uselang=user` and `uselang=content` resolve to.
const CONTENT_LANGUAGE: &str = "en";

/// What the main parameters decide about the response, read before they are validated.
struct Settings {
    action: String,
    output: Output,
    errorformat: ErrorFormat,
    servedby: bool,
    curtimestamp: bool,
    requestid: Option<String>,
    responselanginfo: bool,
    uselang: String,
    errorlang: String,
    smaxage: i64,
    maxage: i64,
}

/// What the request's main parameters decide before anything is validated: the output, the
/// error format, the languages. Invalid values fall back to the defaults here (as MediaWiki
/// sets its printer and error formatter up) and are reported by [`validate_main`].
fn read_main(state: &mut RequestState) -> Settings {
    for name in MAIN_PARAMS {
        if state.params.get(name).is_some() {
            state.mark_used(name);
        }
    }
    let p = &state.params;
    let format = Format::from_name(p.get("format").unwrap_or("jsonfm")).unwrap_or(Format::JsonFm);
    let v2 = format.has_versions() && matches!(p.get("formatversion"), Some("2") | Some("latest"));
    let callback = p.get("callback").map(|cb| {
        cb.chars().filter(|c| c.is_ascii_alphanumeric() || matches!(c, '[' | ']' | '.' | '\'' | '"' | '_')).collect()
    });
    let ascii = if v2 { p.get("ascii").is_some() } else { p.get("utf8").is_none() };
    let wrapped = format.params().any(|name| name == "wrappedhtml") && p.get("wrappedhtml").is_some();
    let errorformat = p.get("errorformat").and_then(ErrorFormat::from_name).unwrap_or(ErrorFormat::Bc);
    let uselang = match p.get("uselang") {
        None | Some("user") | Some("content") => CONTENT_LANGUAGE.to_owned(),
        Some(lang) => lang.to_owned(),
    };
    let errorlang = if errorformat == ErrorFormat::Bc {
        CONTENT_LANGUAGE.to_owned()
    } else {
        match p.get("errorlang") {
            None | Some("uselang") => uselang.clone(),
            Some("content") => CONTENT_LANGUAGE.to_owned(),
            Some(lang) => lang.to_owned(),
        }
    };
    let int = |name: &str| p.get(name).and_then(parse_integer).unwrap_or(0);
    Settings {
        action: p.get("action").unwrap_or(HELP_ACTION).to_owned(),
        output: Output { callback, wrapped, ..Output::new(format, v2, ascii) },
        errorformat,
        servedby: p.get("servedby").is_some(),
        curtimestamp: p.get("curtimestamp").is_some(),
        requestid: p.get("requestid").map(str::to_owned),
        responselanginfo: p.get("responselanginfo").is_some(),
        uselang,
        errorlang,
        smaxage: int("smaxage"),
        maxage: int("maxage"),
    }
}

/// An integer as MediaWiki's integer parameters accept it: optional sign, digits only.
fn parse_integer(s: &str) -> Option<i64> {
    let digits = s.strip_prefix(['+', '-']).unwrap_or(s);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    s.parse().ok()
}

/// Validates the main module's parameters in MediaWiki's order (its parameter list, then the
/// formatter's `formatversion`), then the assertions: this server always answers anonymously.
fn validate_main(state: &mut RequestState, format: Format) -> Result<(), ApiError> {
    let main = Main::parse(&mut ParamReader::new(state, "", "main"))?;
    if format == Format::RawFm {
        return Err(ApiError::new("notimplemented", "The rawfm format is not built in this server yet."));
    }
    if let Some(fv) = state.params.get("formatversion").filter(|_| format.has_versions()) {
        if !matches!(fv, "1" | "2" | "latest") {
            let err = ApiError::bad_value("formatversion", fv);
            state.warnings.add(format.name(), "badvalue", err.info.clone());
            state.warnings.add("main", "errorprinterfailed", "Error printer failed. Will retry without params.");
            return Err(err);
        }
    }
    check_asserts(state, main.assert.as_deref())
}

/// `assert` and `assertuser`: the request goes on only when the caller is who it says.
fn check_asserts(state: &RequestState, assert: Option<&str>) -> Result<(), ApiError> {
    match assert {
        Some("anon") if state.user.is_some() => {
            return Err(ApiError::new(
                "assertanonfailed",
                "You are no longer logged out, so the action could not be completed.",
            ))
        }
        Some("user") if state.user.is_none() => {
            return Err(ApiError::new(
                "assertuserfailed",
                "You are no longer logged in, so the action could not be completed.",
            ))
        }
        Some("bot") if !state.rights.has("bot") => {
            return Err(ApiError::new(
                "assertbotfailed",
                "You do not have the \"bot\" right, so the action could not be completed.",
            ))
        }
        _ => {}
    }
    if let Some(name) = state.params.get("assertuser") {
        // The name as MediaWiki reads it without checks (the first letter upper case); an
        // anonymous caller is named by its address.
        let wanted = wikiquery_domain::title::upper_first(name).replace('_', " ");
        if state.caller_name() != wanted {
            return Err(ApiError::new(
                "assertnameduserfailed",
                format!("You are no longer logged in as \"{name}\", so the action could not be completed."),
            ));
        }
    }
    Ok(())
}

/// Who the caller is: the account its session is logged in as, with that account's rights,
/// when the login still holds.
fn identify(state: &mut RequestState, services: &Services) -> Result<(), ApiError> {
    if state.session.user.is_none() {
        return Ok(());
    }
    let Some(accounts) = services.accounts() else {
        state.session.drop_user();
        return Ok(());
    };
    let session = std::mem::take(&mut state.session);
    let found = accounts.caller(&session, state, services.settings());
    state.session = session;
    match found? {
        Some((account, rights)) => {
            state.user = Some(account);
            state.rights = rights;
        }
        None => state.session.drop_user(),
    }
    Ok(())
}

fn run_action(
    main: &Settings,
    state: &mut RequestState,
    services: &Services,
    result: &mut ApiResult,
    headers: &mut Vec<(String, String)>,
) -> Result<(), ApiError> {
    let registry = Registry::for_request()?;
    let entry = registry.action(&main.action).ok_or_else(|| ApiError::bad_value("action", &main.action))?;
    // A module that reads the wiki's content (paraminfo's `readrights` flag) needs `read`,
    // checked before its parameters are, as MediaWiki checks it.
    let Runner::Action { run, reads, maxlag } = entry.runner else {
        return Err(ApiError::bad_value("action", &main.action));
    };
    if reads(state) && !state.rights.has("read") {
        return Err(ApiError::new("readapidenied", "You need read permission to use this module."));
    }
    if maxlag {
        check_maxlag(state, services, headers)?;
    }
    run(&mut ActionContext { state, services, result })
}

/// `maxlag`: a caller that asks not to be served while the databases are more than that many
/// seconds behind gets the `maxlag` error (and headers saying how long to wait) instead, as
/// MediaWiki's `checkMaxLag` answers. The lag is the most lagged replica's (see
/// [`wikiquery_domain::replication::max_lag`]): -1 without replicas, so only a negative
/// `maxlag` fails there, as it does on MediaWiki.
fn check_maxlag(
    state: &RequestState,
    services: &Services,
    headers: &mut Vec<(String, String)>,
) -> Result<(), ApiError> {
    let Some(wanted) = state.params.get("maxlag").and_then(parse_integer) else { return Ok(()) };
    // MediaWiki's data names the server even when its host names are hidden; here a hidden
    // name stays hidden ("", as `siprop=dbrepllag` gives it).
    let (host, lag) = services.max_lag();
    if lag <= wanted as f64 {
        return Ok(());
    }
    headers.push(("Retry-After".to_owned(), wanted.max(5).to_string()));
    headers.push(("X-Database-Lag".to_owned(), (lag as i64).to_string()));
    let unit = if lag.abs() == 1.0 { "second" } else { "seconds" };
    let shown = wikiquery_domain::replication::lag_value(lag);
    let info = if services.settings().show_hostnames {
        format!("Waiting for {host}: {shown} {unit} lagged.")
    } else {
        format!("Waiting for a database server: {shown} {unit} lagged.")
    };
    Err(ApiError::new("maxlag", info)
        .with_data("host", host.into())
        .with_data("lag", shown)
        .with_data("type", "db".into()))
}

/// What every answer says of itself: its content type is the one it names.
fn nosniff() -> (String, String) {
    ("X-Content-Type-Options".to_owned(), "nosniff".to_owned())
}

/// What every answer the API prints says: its type as named, and no page may frame it.
fn printed_headers() -> impl Iterator<Item = (String, String)> {
    [nosniff(), ("X-Frame-Options".to_owned(), "DENY".to_owned())].into_iter()
}

/// The answer when `origin` names an origin the request's `Origin` header does not.
fn origin_mismatch() -> ApiResponse {
    ApiResponse {
        status: 403,
        content_type: "text/html; charset=utf-8",
        headers: vec![nosniff(), ("Cache-Control".to_owned(), "no-cache".to_owned())],
        body: "'origin' parameter does not match Origin header\n".to_owned(),
        labels: RequestLabels::default(),
    }
}

/// Answers an `OPTIONS` request: a browser's preflight before a cross-origin request, told
/// what it may send (MediaWiki answers nothing else to `OPTIONS`).
pub fn preflight(request: &ApiRequest, config: &ApiConfig) -> ApiResponse {
    let origin = request.params.iter().find(|(k, _)| k == "origin").map(|(_, v)| v.as_str());
    let asks = request.header("Access-Control-Request-Method").is_some();
    let preflight = asks.then(|| Preflight { headers: request.header("Access-Control-Request-Headers") });
    let headers = match config.cors.check(origin, request.header("Origin"), preflight) {
        Cors::Mismatch => return origin_mismatch(),
        Cors::NotAsked => Vec::new(),
        Cors::Answered { headers, .. } => headers,
    };
    let mut headers = headers;
    headers.push(nosniff());
    ApiResponse {
        status: 200,
        content_type: "text/html; charset=utf-8",
        headers,
        body: String::new(),
        labels: RequestLabels::default(),
    }
}

/// Answers one API request. A read that failed because a database went away while it ran (a
/// replica stopped, a connection the server dropped) is answered again once: the database
/// that failed is out of rotation by then, and the caller never sees the failure.
pub fn handle(request: ApiRequest, config: &ApiConfig) -> ApiResponse {
    let retry = is_read(&request).then(|| request.clone());
    let response = handle_once(request, config);
    match retry {
        Some(request) if response.status == 503 => handle_once(request, config),
        _ => response,
    }
}

/// Whether the request names an action that writes nothing (and so may run twice).
fn is_read(request: &ApiRequest) -> bool {
    let action = request.params.iter().find(|(k, _)| k == "action").map_or(HELP_ACTION, |(_, v)| v.as_str());
    Registry::global().ok().and_then(|r| r.action(action)).is_some_and(|entry| {
        let d = (entry.descriptor)();
        !d.writerights && !d.mustbeposted
    })
}

fn handle_once(request: ApiRequest, config: &ApiConfig) -> ApiResponse {
    let started = std::time::Instant::now();
    let origin_header = request.header("Origin").map(str::to_owned);
    let accept_language = request.header("Accept-Language").map(str::to_owned);
    let untrusted_header = request.header("Treat-as-Untrusted").is_some();
    let client = request.client.clone();
    let cookies: Vec<String> =
        request.headers.iter().filter(|(k, _)| k.eq_ignore_ascii_case("Cookie")).map(|(_, v)| v.clone()).collect();
    let posted = request.posted;
    let mut state = RequestState::new(RequestParams::from_pairs(request.params));
    let labels = crate::observe::labels(&state.params);
    state.query_names = if posted {
        request.query_names.into_iter().collect()
    } else {
        state.params.names().into_iter().map(str::to_owned).collect()
    };
    state.posted = posted;
    state.request_uri = request.uri;
    state.namespaces = config.services.namespace_ids().to_vec();
    state.site = crate::param::SiteTitles(config.services.pages().ok().cloned());
    state.rights = config.anonymous_rights.clone();
    state.clock = config.clock;
    if let Some(client) = client {
        state.client_ip = client;
    }
    state.accept_language = accept_language;
    let main = read_main(&mut state);
    let mut headers = Vec::new();

    // CORS first, as MediaWiki does: `origin=*` answers anonymously to anyone; another
    // origin must be the one the browser sent, and gets credentials when it is trusted.
    let (mut varies_by_origin, mut anonymous_cors) = (false, false);
    match config.cors.check(state.params.get("origin"), origin_header.as_deref(), None) {
        Cors::NotAsked => {}
        Cors::Mismatch => return ApiResponse { labels, ..origin_mismatch() },
        Cors::Answered { headers: cors, varies_by_origin: varies, anonymous } => {
            headers.extend(cors);
            varies_by_origin = varies;
            anonymous_cors = anonymous;
        }
    }
    // A request a page of another origin may make (`origin=*`, JSONP, or one a proxy marks
    // untrusted) is answered as if no one were logged in, and cannot start a session.
    let login_suppressed = anonymous_cors || main.output.callback.is_some() || untrusted_header;
    state.untrusted = login_suppressed;
    if login_suppressed {
        headers.push(("MediaWiki-Login-Suppressed".to_owned(), "true".to_owned()));
    }
    let now = state.now().unix();
    if !login_suppressed {
        if let Some(session) = config.sessions.from_headers(cookies.iter().map(String::as_str), now) {
            state.session = session;
        }
    }

    let outcome = match Registry::global() {
        Ok(registry) => identify(&mut state, &config.services)
            .and_then(|()| validate_main(&mut state, main.output.format))
            .map(|()| registry),
        Err(e) => Err(ApiError::internal("registry", e)),
    };
    let mut result = ApiResult::new(main.output.style(), main.errorformat);
    let mut outcome = outcome.and_then(|_| run_action(&main, &mut state, &config.services, &mut result, &mut headers));
    // The printer the action chose, if any, writes the answer; the printer's own parameters
    // are read.
    let printer = state.printer;
    let output = match (&printer, Registry::global()) {
        (Some(p), _) => main.output.clone().printed_by(p),
        (None, Ok(registry)) => Output { xml_tags: registry.xml_tags(), ..main.output.clone() },
        (None, Err(_)) => main.output.clone(),
    };
    for name in output.format.params() {
        if state.params.get(name).is_some() {
            state.mark_used(name);
        }
    }

    // As MediaWiki does when the action has run: a request that failed says nothing of them.
    let unused = if outcome.is_ok() { state.unused() } else { Vec::new() };
    if !unused.is_empty() {
        let text = if unused.len() == 1 {
            format!("Unrecognized parameter: {}.", unused[0])
        } else {
            format!("Unrecognized parameters: {}.", unused.join(", "))
        };
        state.warnings.add("main", "unrecognizedparams", text);
    }
    if outcome.is_ok() && !state.warnings.is_empty() && printer.is_some_and(|p| p.warnings_as_error) {
        let warnings = std::mem::take(&mut state.warnings);
        outcome = Err(ApiError::new("warnings", "Warnings cannot be represented in this format.")
            .with_data("warnings", result.warnings_value(&warnings))
            .in_module(output.format.name()));
    }

    let cookie = if login_suppressed { None } else { config.sessions.set_cookie(&mut state.session, now) };
    let mut cache = CachePolicy {
        mode: state.cache_mode,
        error: outcome.is_err(),
        // A session the caller holds counts even where it is not used to say who the caller
        // is (`origin=*`, JSONP), and so does a cookie of ours that names no live session.
        has_session: state.session.is_persistent() || config.sessions.cookie_in(cookies.iter().map(String::as_str)),
        sets_cookie: cookie.is_some(),
        smaxage: main.smaxage,
        maxage: main.maxage,
        max_age: state.cache_max_age.or(state.cache_max_age_unless_asked.filter(|_| main.smaxage == 0)),
        keeps_maxage: state.keeps_maxage,
        everyone_reads: config.anonymous_rights.has("read"),
        user_language: matches!(state.params.get("uselang"), None | Some("user")),
        html_page: main.output.format.is_html() || state.sends_page,
        varies_by_origin,
        feed: printer.is_some_and(|p| p.feed),
        now: state.now(),
    };
    let mut status = 200;
    if let Err(err) = &outcome {
        status = err.status;
        headers.push(("MediaWiki-API-Error".to_owned(), err.code.to_string()));
        if err.status == 503 {
            headers.push(("Retry-After".to_owned(), "5".to_owned()));
        }
    }
    let cur_timestamp = main.curtimestamp.then(|| state.now().to_iso());
    let envelope = Envelope {
        request_id: main.requestid.as_deref(),
        warnings: &state.warnings,
        limits: &state.limits,
        error: outcome.as_ref().err(),
        served_by: (main.servedby || outcome.is_err()).then_some(config.served_by.as_str()),
        api_url: &config.api_url,
        cur_timestamp: cur_timestamp.as_deref(),
        languages: main.responselanginfo.then_some((main.uselang.as_str(), main.errorlang.as_str())),
    };
    let style = result.style();
    let (body, lists) = result.finish(envelope);
    let (content_type, text) = match output.render(&body, &lists) {
        Ok(printed) => printed,
        Err(untagged) => {
            // An answer the format cannot write yet (XML needs each list's tag name): the
            // format answers that it is not built for it.
            let error = ApiError::new(
                "notimplemented",
                format!(
                    "The {} format cannot write the list \"{}\" in this server yet.",
                    output.format.name(),
                    untagged.0
                ),
            );
            status = error.status;
            cache.error = true;
            headers.retain(|(name, _)| name != "MediaWiki-API-Error");
            headers.push(("MediaWiki-API-Error".to_owned(), error.code.to_string()));
            let (body, lists) =
                ApiResult::new(style, main.errorformat).finish(Envelope { error: Some(&error), ..envelope });
            let printed = output.render(&body, &lists);
            printed.unwrap_or(("text/plain; charset=utf-8", String::new()))
        }
    };
    let text = if output.wrapped { output.wrap(text, status, &body, started.elapsed().as_millis()) } else { text };
    headers.extend(cache.headers().into_iter().map(|(name, value)| (name.to_owned(), value)));
    if let Some(cookie) = cookie {
        headers.push(("Set-Cookie".to_owned(), cookie));
    }
    // An error is written by the error printer, which denies frames whatever the action's does.
    if outcome.is_err() || printer.is_none_or(|p| p.deny_frames) {
        headers.extend(printed_headers());
    } else {
        headers.push(nosniff());
    }
    if let Some(name) = output.file_name(&body) {
        headers.push(("Content-Disposition".to_owned(), format!("inline; filename={name}")));
    }
    ApiResponse { status, content_type, headers, body: text, labels }
}

/// The answer to a request that never reached the API (a body that could not be read, a
/// cancelled request): MediaWiki's error envelope in formatversion 1 JSON.
pub fn error_response(config: &ApiConfig, error: ApiError) -> ApiResponse {
    let output = Output::new(Format::Json, false, true);
    let result = ApiResult::new(JsonStyle::new(false, true), ErrorFormat::Bc);
    let (body, lists) = result.finish(Envelope {
        error: Some(&error),
        served_by: Some(&config.served_by),
        api_url: &config.api_url,
        ..Envelope::default()
    });
    let (content_type, text) = output.render(&body, &lists).unwrap_or(("text/plain; charset=utf-8", String::new()));
    ApiResponse {
        status: error.status,
        content_type,
        headers: [
            ("MediaWiki-API-Error".to_owned(), error.code.to_string()),
            ("Cache-Control".to_owned(), "private, must-revalidate, max-age=0".to_owned()),
        ]
        .into_iter()
        .chain(printed_headers())
        .collect(),
        body: text,
        labels: RequestLabels::default(),
    }
}

#[cfg(test)]
mod tests {
    use super::parse_integer;

    #[test]
    fn integers_as_mediawiki_reads_them() {
        assert_eq!(parse_integer("5"), Some(5));
        assert_eq!(parse_integer("-1"), Some(-1));
        assert_eq!(parse_integer("+3"), Some(3));
        assert_eq!(parse_integer("1.5"), None);
        assert_eq!(parse_integer("abc"), None);
        assert_eq!(parse_integer(""), None);
    }
}
