//! The API's main loop: reads the main parameters, routes to the action module, and turns
//! every outcome — result, warnings, error — into the response. Every error becomes
//! MediaWiki's envelope here and nowhere else.

use serde_json::{json, Map, Value};

use crate::error::ApiError;
use crate::format::{Format, Output};
use crate::module::ActionContext;
use crate::param::{RequestParams, RequestState, Timestamp};
use crate::registry::{Registry, Runner};
use crate::services::Services;

/// Settings of the API that do not change between requests.
#[derive(Debug, Clone)]
pub struct ApiConfig {
    /// The host name reported as `servedby`.
    pub served_by: String,
    /// The URL of the API, for the `docref` of errors.
    pub api_url: String,
    /// What the server provides to modules (database, site configuration).
    pub services: Services,
    /// The site's namespaces (the values namespace parameters accept).
    pub namespaces: Vec<i32>,
}

impl Default for ApiConfig {
    fn default() -> Self {
        ApiConfig {
            served_by: "wikiquery".to_owned(),
            api_url: "/api.php".to_owned(),
            services: Services::new(),
            namespaces: crate::param::DEFAULT_NAMESPACES.to_vec(),
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
}

/// The main module's parameters that this loop reads itself.
const MAIN_PARAMS: &[&str] = &[
    "action",
    "format",
    "formatversion",
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
    "utf8",
    "ascii",
    "callback",
];

struct Main {
    action: String,
    output: Output,
    servedby: bool,
    curtimestamp: bool,
    requestid: Option<String>,
}

fn read_main(state: &mut RequestState) -> (Main, Result<(), ApiError>) {
    for name in MAIN_PARAMS {
        if state.params.get(name).is_some() {
            state.mark_used(name);
        }
    }
    let p = &state.params;
    let v2 = matches!(p.get("formatversion"), Some("2") | Some("latest"));
    let format_name = p.get("format").unwrap_or("jsonfm").to_owned();
    let format = Format::from_name(&format_name);
    let callback = p.get("callback").map(str::to_owned);
    let ascii = if v2 { p.get("ascii").is_some() } else { p.get("utf8").is_none() };
    let main = Main {
        action: p.get("action").unwrap_or("help").to_owned(),
        output: Output { format: format.unwrap_or(Format::Json), v2, ascii, callback },
        servedby: p.get("servedby").is_some(),
        curtimestamp: p.get("curtimestamp").is_some(),
        requestid: p.get("requestid").map(str::to_owned),
    };
    let mut check = Ok(());
    if format.is_none() {
        check = Err(ApiError::bad_value("format", &format_name));
    } else if let Some(fv) = p.get("formatversion") {
        if !matches!(fv, "1" | "2" | "latest") {
            check = Err(ApiError::bad_value("formatversion", fv));
        }
    }
    (main, check)
}

fn run_action(main: &Main, state: &mut RequestState, services: &Services) -> Result<Map<String, Value>, ApiError> {
    let registry = Registry::global().map_err(|e| ApiError::internal("registry", e))?;
    let entry = registry.action(&main.action).ok_or_else(|| ApiError::bad_value("action", &main.action))?;
    match entry.runner {
        Runner::Action(run) => run(&mut ActionContext { state, services, registry }),
        Runner::Query(_) => Err(ApiError::bad_value("action", &main.action)),
    }
}

fn warnings_json(state: &RequestState, v2: bool) -> Option<Value> {
    if state.warnings.is_empty() {
        return None;
    }
    let mut by_module: Map<String, Value> = Map::new();
    for w in state.warnings.iter() {
        let key = if v2 { "warnings" } else { "*" };
        let entry = by_module.entry(w.module.clone()).or_insert_with(|| json!({ key: "" }));
        if let Some(Value::String(text)) = entry.get_mut(key) {
            if !text.is_empty() {
                text.push('\n');
            }
            text.push_str(&w.text);
        }
    }
    Some(Value::Object(by_module))
}

/// Answers one API request.
pub fn handle(request: ApiRequest, config: &ApiConfig) -> ApiResponse {
    let mut state = RequestState::new(RequestParams::from_pairs(request.params));
    state.namespaces.clone_from(&config.namespaces);
    let (main, checked) = read_main(&mut state);
    let outcome = checked.and_then(|()| run_action(&main, &mut state, &config.services));

    let unused = state.unused();
    if !unused.is_empty() {
        let text = if unused.len() == 1 {
            format!("Unrecognized parameter: {}.", unused[0])
        } else {
            format!("Unrecognized parameters: {}.", unused.join(", "))
        };
        state.warnings.add("main", "unrecognizedparams", text);
    }

    let mut body = Map::new();
    let mut status = 200;
    let mut headers = Vec::new();
    if let Some(id) = &main.requestid {
        body.insert("requestid".into(), json!(id));
    }
    match outcome {
        Ok(members) => {
            if let Some(w) = warnings_json(&state, main.output.v2) {
                body.insert("warnings".into(), w);
            }
            if !state.limits.is_empty() {
                body.insert("limits".into(), json!(state.limits));
            }
            body.extend(members);
            if main.servedby {
                body.insert("servedby".into(), json!(config.served_by));
            }
        }
        Err(err) => {
            status = err.status;
            headers.push(("MediaWiki-API-Error".to_owned(), err.code.to_string()));
            if err.status == 503 {
                headers.push(("Retry-After".to_owned(), "5".to_owned()));
            }
            let mut e = Map::new();
            e.insert("code".into(), json!(err.code));
            e.insert("info".into(), json!(err.info));
            if let Some(data) = &err.data {
                for (k, v) in data {
                    e.insert(k.clone(), v.clone());
                }
            }
            let docref = format!("See {} for API usage.", config.api_url);
            e.insert(if main.output.v2 { "docref".into() } else { "*".into() }, json!(docref));
            if let Some(w) = warnings_json(&state, main.output.v2) {
                body.insert("warnings".into(), w);
            }
            body.insert("error".into(), Value::Object(e));
            body.insert("servedby".into(), json!(config.served_by));
        }
    }
    if main.curtimestamp {
        body.insert("curtimestamp".into(), json!(Timestamp::now().to_iso()));
    }
    let (content_type, text) = main.output.render(body);
    ApiResponse { status, content_type, headers, body: text }
}
