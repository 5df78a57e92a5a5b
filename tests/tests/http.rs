//! The HTTP layer: both entry paths, GET and POST (form-encoded and multipart), decode to the
//! same request.

use actix_web::{test, web, App};
use serde_json::Value;
use std::sync::Arc;
use wikiquery_runtime::api::ApiConfig;
use wikiquery_server::http::{configure, AppState};

fn state() -> web::Data<AppState> {
    wikiquery_modules::link();
    web::Data::new(AppState::new(Arc::new(ApiConfig::default())))
}

async fn names(resp: actix_web::dev::ServiceResponse) -> Vec<String> {
    assert!(resp.status().is_success());
    let body: Value = test::read_body_json(resp).await;
    body["paraminfo"]["modules"]
        .as_array()
        .unwrap_or_else(|| panic!("no modules in {body}"))
        .iter()
        .filter_map(|m| m["name"].as_str().map(str::to_owned))
        .collect()
}

#[actix_web::test]
async fn get_on_both_paths() {
    let app = test::init_service(App::new().app_data(state()).configure(configure)).await;
    for path in ["/api.php", "/w/api.php"] {
        let req = test::TestRequest::get()
            .uri(&format!("{path}?action=paraminfo&modules=query%2Blogevents&format=json"))
            .to_request();
        assert_eq!(names(test::call_service(&app, req).await).await, ["logevents"]);
    }
}

#[actix_web::test]
async fn post_form_encoded() {
    let app = test::init_service(App::new().app_data(state()).configure(configure)).await;
    let req = test::TestRequest::post()
        .uri("/api.php")
        .insert_header(("content-type", "application/x-www-form-urlencoded"))
        .set_payload("action=paraminfo&modules=query%2Ballpages&format=json")
        .to_request();
    assert_eq!(names(test::call_service(&app, req).await).await, ["allpages"]);
}

#[actix_web::test]
async fn post_multipart() {
    let app = test::init_service(App::new().app_data(state()).configure(configure)).await;
    let boundary = "XyZ";
    let mut body = String::new();
    for (k, v) in [("action", "paraminfo"), ("modules", "query+revisions"), ("format", "json")] {
        body.push_str(&format!("--{boundary}\r\nContent-Disposition: form-data; name=\"{k}\"\r\n\r\n{v}\r\n"));
    }
    body.push_str(&format!("--{boundary}--\r\n"));
    let req = test::TestRequest::post()
        .uri("/api.php")
        .insert_header(("content-type", format!("multipart/form-data; boundary={boundary}")))
        .set_payload(body)
        .to_request();
    assert_eq!(names(test::call_service(&app, req).await).await, ["revisions"]);
}

#[actix_web::test]
async fn errors_carry_the_mediawiki_api_error_header() {
    let app = test::init_service(App::new().app_data(state()).configure(configure)).await;
    let req = test::TestRequest::get().uri("/api.php?action=nosuchaction&format=json").to_request();
    let resp = test::call_service(&app, req).await;
    assert_eq!(resp.headers().get("mediawiki-api-error").and_then(|v| v.to_str().ok()), Some("badvalue"));
}

#[actix_web::test]
async fn jsonfm_is_an_html_page() {
    let app = test::init_service(App::new().app_data(state()).configure(configure)).await;
    let req = test::TestRequest::get().uri("/api.php?action=paraminfo&modules=query%2Blogevents").to_request();
    let resp = test::call_service(&app, req).await;
    let ct = resp.headers().get("content-type").and_then(|v| v.to_str().ok()).unwrap_or_default().to_owned();
    assert!(ct.starts_with("text/html"), "{ct}");
    let body = test::read_body(resp).await;
    let page = String::from_utf8_lossy(&body);
    assert!(page.contains("<pre"), "{page}");
    assert!(page.contains("\"name\": \"logevents\""), "{page}");
}

/// A multipart body that ends without its closing boundary line is answered (with the error
/// envelope), not left waiting for a close that never comes.
#[actix_web::test]
async fn a_multipart_body_without_its_closing_line_is_answered() {
    let app = test::init_service(App::new().app_data(state()).configure(configure)).await;
    let boundary = "XyZ";
    let body = format!(
        "--{boundary}\r\nContent-Disposition: form-data; name=\"action\"\r\n\r\nparaminfo\r\n\
         --{boundary}\r\nContent-Disposition: form-data; name=\"format\"\r\n\r\njson\r\n"
    );
    let req = test::TestRequest::post()
        .uri("/api.php")
        .insert_header(("content-type", format!("multipart/form-data; boundary={boundary}")))
        .set_payload(body)
        .to_request();
    let resp = actix_web::rt::time::timeout(std::time::Duration::from_secs(5), test::call_service(&app, req))
        .await
        .expect("an answer within five seconds");
    let body: Value = test::read_body_json(resp).await;
    assert_eq!(body["error"]["code"], "badrequest", "{body}");
}

fn header(resp: &actix_web::dev::ServiceResponse, name: &str) -> Option<String> {
    resp.headers().get(name).and_then(|v| v.to_str().ok()).map(str::to_owned)
}

/// Answers come compressed in the coding the client prefers, read back to the same JSON; a
/// body too small to gain is sent as it is; either way caches are told the answer varies by
/// `Accept-Encoding`.
#[actix_web::test]
async fn answers_are_compressed_as_the_client_asks() {
    use std::io::Read;
    let app = test::init_service(App::new().app_data(state()).configure(configure)).await;
    let uri = "/api.php?action=paraminfo&modules=query%2Blogevents&format=json";
    let plain = test::read_body(test::call_service(&app, test::TestRequest::get().uri(uri).to_request()).await).await;
    let plain: Value = serde_json::from_slice(&plain).expect("json");
    for (asked, coding) in [("gzip, deflate", "gzip"), ("br;q=1.0, gzip;q=0.8", "br"), ("zstd", "zstd")] {
        let req = test::TestRequest::get().uri(uri).insert_header(("Accept-Encoding", asked)).to_request();
        let resp = test::call_service(&app, req).await;
        assert_eq!(header(&resp, "content-encoding").as_deref(), Some(coding));
        assert!(header(&resp, "vary").is_some_and(|v| v.contains("Accept-Encoding")));
        let body = test::read_body(resp).await;
        let mut text = Vec::new();
        match coding {
            "gzip" => flate2::read::GzDecoder::new(&body[..]).read_to_end(&mut text).map(|_| ()),
            "br" => brotli::Decompressor::new(&body[..], 4096).read_to_end(&mut text).map(|_| ()),
            _ => zstd::stream::read::Decoder::new(&body[..]).and_then(|mut d| d.read_to_end(&mut text)).map(|_| ()),
        }
        .expect("decompresses");
        assert_eq!(serde_json::from_slice::<Value>(&text).expect("json"), plain, "{coding}");
    }
    // A tiny answer: as it is.
    let req = test::TestRequest::get()
        .uri("/api.php?action=query&format=json")
        .insert_header(("Accept-Encoding", "gzip"))
        .to_request();
    let resp = test::call_service(&app, req).await;
    assert_eq!(header(&resp, "content-encoding"), None);
    let body = test::read_body(resp).await;
    assert!(serde_json::from_slice::<Value>(&body).is_ok());
}

/// `HEAD` is answered as `GET` without a body; `OPTIONS` answers a browser's preflight.
#[actix_web::test]
async fn head_and_preflight_requests_are_answered() {
    let app = test::init_service(App::new().app_data(state()).configure(configure)).await;
    let req = test::TestRequest::default()
        .method(actix_web::http::Method::HEAD)
        .uri("/api.php?action=paraminfo&modules=query&format=json")
        .to_request();
    let resp = test::call_service(&app, req).await;
    assert!(resp.status().is_success(), "{}", resp.status());
    assert_eq!(header(&resp, "content-type").as_deref(), Some("application/json; charset=utf-8"));
    let req = test::TestRequest::default()
        .method(actix_web::http::Method::OPTIONS)
        .uri("/api.php?action=query&origin=*")
        .insert_header(("Origin", "https://page.example"))
        .insert_header(("Access-Control-Request-Method", "POST"))
        .insert_header(("Access-Control-Request-Headers", "Api-User-Agent"))
        .to_request();
    let resp = test::call_service(&app, req).await;
    assert_eq!(resp.status(), 200);
    assert_eq!(header(&resp, "access-control-allow-origin").as_deref(), Some("*"));
    assert_eq!(header(&resp, "access-control-allow-methods").as_deref(), Some("POST, GET, HEAD"));
    assert_eq!(header(&resp, "access-control-allow-headers").as_deref(), Some("Api-User-Agent"));
    assert!(test::read_body(resp).await.is_empty());
}

/// A page of a trusted origin may call with its visitor's cookies; any other named origin is
/// answered without the headers that would let its page read the answer.
#[actix_web::test]
async fn trusted_origins_get_credentials_and_others_do_not() {
    use wikiquery_runtime::cors::CorsConfig;
    wikiquery_modules::link();
    let cors = CorsConfig { domains: vec!["*.example.org".into()], ..CorsConfig::default() };
    let state = web::Data::new(AppState::new(Arc::new(ApiConfig { cors, ..ApiConfig::default() })));
    let app = test::init_service(App::new().app_data(state).configure(configure)).await;
    let ask = |origin: &str| {
        test::TestRequest::get()
            .uri(&format!("/api.php?action=query&format=json&origin={}", origin.replace(':', "%3A")))
            .insert_header(("Origin", origin))
            .to_request()
    };
    let resp = test::call_service(&app, ask("https://tools.example.org")).await;
    assert_eq!(header(&resp, "access-control-allow-origin").as_deref(), Some("https://tools.example.org"));
    assert_eq!(header(&resp, "access-control-allow-credentials").as_deref(), Some("true"));
    assert!(header(&resp, "vary").is_some_and(|v| v.contains("Origin")));
    let resp = test::call_service(&app, ask("https://elsewhere.example")).await;
    assert_eq!(header(&resp, "access-control-allow-origin"), None);
    assert_eq!(header(&resp, "mediawiki-cors-rejection").as_deref(), Some("Origin mismatch"));
}

/// Behind a trusted proxy the caller is the address it forwards for; anyone else's
/// `X-Forwarded-For` is not believed.
#[actix_web::test]
async fn the_caller_is_named_by_trusted_proxies_only() {
    use wikiquery_server::proxies::TrustedProxies;
    wikiquery_modules::link();
    let proxies = TrustedProxies::parse(&["10.0.0.0/8".to_owned()]).expect("ranges");
    let config = wikiquery_tests::fixture_config().clone();
    let state = web::Data::new(AppState::new(Arc::new(config)).trusting(proxies));
    let app = test::init_service(App::new().app_data(state).configure(configure)).await;
    let name = |peer: &str| {
        test::TestRequest::get()
            .uri("/api.php?action=query&meta=userinfo&format=json&formatversion=2")
            .peer_addr(format!("{peer}:4000").parse().expect("address"))
            .insert_header(("X-Forwarded-For", "203.0.113.9"))
            .to_request()
    };
    let body: Value = test::read_body_json(test::call_service(&app, name("10.1.2.3")).await).await;
    assert_eq!(body["query"]["userinfo"]["name"], "203.0.113.9", "{body}");
    let body: Value = test::read_body_json(test::call_service(&app, name("198.51.100.1")).await).await;
    assert_eq!(body["query"]["userinfo"]["name"], "198.51.100.1", "{body}");
}
