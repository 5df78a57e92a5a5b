//! The HTTP layer: both entry paths, GET and POST (form-encoded and multipart), decode to the
//! same request.

use actix_web::{test, web, App};
use serde_json::Value;
use std::sync::Arc;
use wikiquery_framework::api::ApiConfig;
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
