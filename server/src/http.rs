//! actix-web routes: `/api.php` and `/w/api.php` for GET, HEAD and POST (form-encoded or
//! multipart), decoded into one ordered list of parameters for the API main loop, and OPTIONS
//! for browsers' preflights; answers compressed as the client asks.

use std::sync::Arc;
use std::time::Instant;

use actix_multipart::Multipart;
use actix_web::http::header::{HeaderName, HeaderValue, CONTENT_ENCODING, CONTENT_TYPE};
use actix_web::{web, HttpRequest, HttpResponse};
use futures_util::StreamExt;
use wikiquery_runtime::api::{self, ApiConfig, ApiRequest};
use wikiquery_runtime::ApiError;

use crate::access_log::Entry;
use crate::compression::{vary_with_encoding, Coding, MIN_COMPRESSED_BYTES};
use crate::metrics::Metrics;
use crate::ops::Observer;
use crate::proxies::TrustedProxies;

/// The largest request body accepted.
const MAX_BODY: usize = 8 * 1024 * 1024;

/// How long a request body may take to arrive.
const BODY_DEADLINE: std::time::Duration = std::time::Duration::from_secs(10);

/// Shared state of the HTTP handlers.
#[derive(Clone)]
pub struct AppState {
    /// The API's settings.
    pub config: Arc<ApiConfig>,
    /// Whether requests are answered on the async worker itself rather than on the blocking
    /// pool (see [`AppState::inline`]).
    inline: bool,
    /// The proxies whose `X-Forwarded-For` names the caller.
    proxies: Arc<TrustedProxies>,
    /// What records each request: metrics, the access log.
    observer: Arc<Observer>,
}

impl AppState {
    /// State that answers each request on actix's blocking pool, so that a module waiting on
    /// the database never stalls the async workers.
    pub fn new(config: Arc<ApiConfig>) -> AppState {
        AppState {
            config,
            inline: false,
            proxies: Arc::new(TrustedProxies::default()),
            observer: Arc::new(Observer::default()),
        }
    }

    /// Answers requests on the async worker that received them. Right when answering never
    /// waits on anything but the CPU (a local SQLite database read without locks): handing
    /// each request to another thread and back then costs two context switches and
    /// nothing is gained — about a fifth of the serving time of `list=logevents`.
    pub fn inline(mut self, inline: bool) -> AppState {
        self.inline = inline;
        self
    }

    /// Records each request with `observer`.
    pub fn observed_by(mut self, observer: Arc<Observer>) -> AppState {
        self.observer = observer;
        self
    }

    /// Believes `X-Forwarded-For` from these proxies.
    pub fn trusting(mut self, proxies: TrustedProxies) -> AppState {
        self.proxies = Arc::new(proxies);
        self
    }
}

/// Registers the API routes on an actix-web app, and beside them the OpenSearch description and
/// the sandbox page.
pub fn configure(cfg: &mut web::ServiceConfig) {
    for path in ["/api.php", "/w/api.php"] {
        cfg.route(path, web::get().to(api_get))
            .route(path, web::head().to(api_get))
            .route(path, web::post().to(api_post))
            .route(path, web::method(actix_web::http::Method::OPTIONS).to(api_options));
    }
    for path in ["/opensearch_desc.php", "/w/opensearch_desc.php"] {
        cfg.route(path, web::get().to(opensearch_description)).route(path, web::head().to(opensearch_description));
    }
    crate::sandbox::configure(cfg);
}

/// How long the OpenSearch description may be kept (MediaWiki's ten minutes).
const DESCRIPTION_SECONDS: i64 = 600;

/// The OpenSearch description document browsers discover (`<link rel="search">`).
async fn opensearch_description(req: HttpRequest, state: web::Data<AppState>) -> HttpResponse {
    let services = &state.config.services;
    let Some(wiki) = services.host::<wikiquery_modules::wiki::Wiki>() else {
        return HttpResponse::NotFound().finish();
    };
    let (store, settings) = (wiki.store(), services.settings());
    let pairs = query_pairs(&req);
    let ctype = pairs.iter().find(|(k, _)| k == "ctype").map(|(_, v)| v.as_str());
    let (content_type, body) =
        wikiquery_modules::action::opensearch::description_document(store.site(), settings, ctype);
    let expires =
        wikiquery_domain::timestamp::Timestamp::from_unix(state.config.clock.now().unix() + DESCRIPTION_SECONDS);
    HttpResponse::Ok()
        .insert_header((CONTENT_TYPE, content_type))
        .insert_header(("Expires", expires.to_http_date()))
        .insert_header(("Cache-Control", format!("max-age={DESCRIPTION_SECONDS}")))
        .insert_header(("X-Content-Type-Options", "nosniff"))
        .body(body)
}

fn query_pairs(req: &HttpRequest) -> Vec<(String, String)> {
    form_urlencoded::parse(req.query_string().as_bytes()).into_owned().collect()
}

/// The request headers the API reads (`Origin`, for `origin=`, and a preflight's questions;
/// `Accept-Language`; the session's `Cookie`; a proxy's `Treat-as-Untrusted`).
fn api_headers(req: &HttpRequest) -> Vec<(String, String)> {
    [
        "Origin",
        "Accept-Language",
        "Cookie",
        "Treat-as-Untrusted",
        "Access-Control-Request-Method",
        "Access-Control-Request-Headers",
    ]
    .iter()
    .flat_map(|name| {
        req.headers().get_all(*name).filter_map(|v| v.to_str().ok()).map(|v| ((*name).to_owned(), v.to_owned()))
    })
    .collect()
}

/// The client's address: the connection's, or the one trusted proxies forward for.
fn client(req: &HttpRequest, state: &AppState) -> Option<String> {
    let peer = req.peer_addr()?.ip();
    if state.proxies.is_empty() {
        return Some(peer.to_string());
    }
    let forwarded: Vec<&str> = req.headers().get_all("X-Forwarded-For").filter_map(|v| v.to_str().ok()).collect();
    Some(state.proxies.client(peer, &forwarded))
}

/// The request's path and query string, as the client sent them.
fn request_uri(req: &HttpRequest) -> String {
    req.uri().path_and_query().map_or_else(|| req.path().to_owned(), |pq| pq.as_str().to_owned())
}

async fn api_get(req: HttpRequest, state: web::Data<AppState>) -> HttpResponse {
    let started = Instant::now();
    let coding = Coding::negotiate(&req);
    let request = ApiRequest {
        params: query_pairs(&req),
        posted: false,
        headers: api_headers(&req),
        client: client(&req, &state),
        query_names: Vec::new(),
        uri: request_uri(&req),
    };
    answer(&req, request, state, coding, started).await
}

/// A browser's preflight: answered from the parameters and headers alone.
async fn api_options(req: HttpRequest, state: web::Data<AppState>) -> HttpResponse {
    let request = ApiRequest { params: query_pairs(&req), headers: api_headers(&req), ..ApiRequest::default() };
    to_http(api::preflight(&request, &state.config), None)
}

async fn api_post(req: HttpRequest, payload: web::Payload, state: web::Data<AppState>) -> HttpResponse {
    let started = Instant::now();
    let coding = Coding::negotiate(&req);
    let mut params = query_pairs(&req);
    let content_type = req.headers().get(CONTENT_TYPE).and_then(|v| v.to_str().ok()).unwrap_or("").to_owned();
    let body = match read_body(payload).await {
        Ok(bytes) if content_type.starts_with("multipart/form-data") => {
            read_multipart(&req, &content_type, bytes).await
        }
        Ok(bytes) => Ok(form_urlencoded::parse(&bytes).into_owned().collect()),
        Err(info) => Err(info),
    };
    match body {
        Ok(pairs) => {
            let query_names = params.iter().map(|(k, _)| k.clone()).collect();
            params.extend(pairs);
            let request = ApiRequest {
                params,
                posted: true,
                headers: api_headers(&req),
                client: client(&req, &state),
                query_names,
                uri: request_uri(&req),
            };
            answer(&req, request, state, coding, started).await
        }
        Err(info) => answer_error(&state, "badrequest", &info),
    }
}

/// The whole request body, read within [`BODY_DEADLINE`] and at most [`MAX_BODY`] bytes.
async fn read_body(mut payload: web::Payload) -> Result<web::Bytes, String> {
    let read = async move {
        let mut body = web::BytesMut::new();
        while let Some(chunk) = payload.next().await {
            let chunk = chunk.map_err(|e| format!("The request body could not be read: {e}"))?;
            if body.len() + chunk.len() > MAX_BODY {
                return Err(format!("The request body is larger than {MAX_BODY} bytes."));
            }
            body.extend_from_slice(&chunk);
        }
        Ok(body.freeze())
    };
    actix_web::rt::time::timeout(BODY_DEADLINE, read)
        .await
        .map_err(|_| format!("The request body did not arrive within {} seconds.", BODY_DEADLINE.as_secs()))?
}

/// The fields of a multipart body read whole. A body must end with its closing delimiter
/// line (`--boundary--`): without it the multipart reader would wait for more forever.
async fn read_multipart(
    req: &HttpRequest,
    content_type: &str,
    body: web::Bytes,
) -> Result<Vec<(String, String)>, String> {
    let boundary = content_type
        .split(';')
        .find_map(|part| part.trim().strip_prefix("boundary="))
        .map(|b| b.trim_matches('"'))
        .filter(|b| !b.is_empty())
        .ok_or_else(|| "The multipart body has no boundary.".to_owned())?;
    let closing = format!("--{boundary}--");
    if !body.windows(closing.len()).any(|w| w == closing.as_bytes()) {
        return Err("The multipart body ends without its closing boundary.".to_owned());
    }
    let stream = futures_util::stream::once(async move { Ok::<_, actix_web::error::PayloadError>(body) });
    let mut form = Multipart::new(req.headers(), stream);
    let mut pairs = Vec::new();
    let mut total = 0usize;
    while let Some(field) = form.next().await {
        let mut field = field.map_err(|e| format!("The multipart body could not be read: {e}"))?;
        let name = field.name().unwrap_or_default().to_owned();
        let mut value = Vec::new();
        while let Some(chunk) = field.next().await {
            let chunk = chunk.map_err(|e| format!("The multipart body could not be read: {e}"))?;
            total += chunk.len();
            if total > MAX_BODY {
                return Err(format!("The request body is larger than {MAX_BODY} bytes."));
            }
            value.extend_from_slice(&chunk);
        }
        pairs.push((name, String::from_utf8_lossy(&value).into_owned()));
    }
    Ok(pairs)
}

/// Answers on actix's blocking pool (modules wait on the database, which must not stall the
/// async workers), or inline where the state says waiting cannot happen; compressed in the
/// coding the client asked for.
async fn answer(
    req: &HttpRequest,
    request: ApiRequest,
    state: web::Data<AppState>,
    coding: Option<Coding>,
    started: Instant,
) -> HttpResponse {
    let _in_flight = state.observer.metrics.as_ref().map(Metrics::begin);
    let client = request.client.clone().unwrap_or_default();
    let res = if state.inline {
        api::handle(request, &state.config)
    } else {
        let config = state.config.clone();
        match web::block(move || api::handle(request, &config)).await {
            Ok(res) => res,
            Err(_) => return answer_error(&state, "internal_api_error_Canceled", "The request was cancelled."),
        }
    };
    let mut res = res;
    let error = res.headers.iter().find(|(k, _)| k == "MediaWiki-API-Error").map(|(_, v)| v.clone());
    let status = res.status;
    let labels = std::mem::take(&mut res.labels);
    let http = to_http(res, coding);
    let bytes = match actix_web::body::MessageBody::size(http.body()) {
        actix_web::body::BodySize::Sized(n) => n as usize,
        _ => 0,
    };
    let entry = Entry {
        client: &client,
        method: req.method().as_str(),
        path: req.path(),
        query: req.query_string(),
        status,
        bytes,
        elapsed: started.elapsed(),
        labels: &labels,
        error: error.as_deref(),
    };
    state.observer.answered(&entry, wikiquery_domain::timestamp::Timestamp::now());
    http
}

/// The HTTP response for an API response. A body large enough to gain is compressed in
/// `coding`, and, whether this client asked for a coding or not, says that it varies by
/// `Accept-Encoding`.
fn to_http(mut res: api::ApiResponse, coding: Option<Coding>) -> HttpResponse {
    let status = actix_web::http::StatusCode::from_u16(res.status).unwrap_or(actix_web::http::StatusCode::OK);
    let mut builder = HttpResponse::build(status);
    builder.insert_header((CONTENT_TYPE, res.content_type));
    let mut body = web::Bytes::from(std::mem::take(&mut res.body));
    if body.len() >= MIN_COMPRESSED_BYTES {
        let vary = res.headers.iter().position(|(k, _)| k.eq_ignore_ascii_case("Vary"));
        let value = vary_with_encoding(vary.map(|i| res.headers[i].1.as_str()));
        match vary {
            Some(i) => res.headers[i].1 = value,
            None => res.headers.push(("Vary".to_owned(), value)),
        }
        if let Some(coding) = coding {
            if let Ok(encoded) = coding.encode(&body) {
                body = encoded.into();
                builder.insert_header((CONTENT_ENCODING, coding.name()));
            }
        }
    }
    for (k, v) in &res.headers {
        if let (Ok(k), Ok(v)) = (HeaderName::try_from(k.as_str()), HeaderValue::try_from(v.as_str())) {
            builder.append_header((k, v));
        }
    }
    builder.body(body)
}

/// A request that never reached the API (a body that could not be read) still gets the API's
/// error envelope.
fn answer_error(state: &AppState, code: &str, info: &str) -> HttpResponse {
    to_http(api::error_response(&state.config, ApiError::new(code.to_owned(), info)), None)
}
