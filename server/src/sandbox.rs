//! The sandbox page (`/sandbox`): a form built from `action=paraminfo` in the browser, the
//! request it makes and the answer. Plain HTML, CSS and a small script, served from the binary:
//! no build step, nothing fetched from elsewhere, so it works offline.

use actix_web::http::header::{CACHE_CONTROL, CONTENT_TYPE};
use actix_web::{web, HttpResponse};

const PAGE: &str = include_str!("../sandbox/index.html");
const SCRIPT: &str = include_str!("../sandbox/sandbox.js");
const STYLE: &str = include_str!("../sandbox/sandbox.css");

/// Registers the page and its two files.
pub fn configure(cfg: &mut web::ServiceConfig) {
    for (path, content_type, body) in [
        ("/sandbox", "text/html; charset=utf-8", PAGE),
        ("/sandbox/sandbox.js", "text/javascript; charset=utf-8", SCRIPT),
        ("/sandbox/sandbox.css", "text/css; charset=utf-8", STYLE),
    ] {
        let serve = move || async move {
            HttpResponse::Ok()
                .insert_header((CONTENT_TYPE, content_type))
                .insert_header((CACHE_CONTROL, "public, max-age=3600"))
                .insert_header(("X-Content-Type-Options", "nosniff"))
                .body(body)
        };
        cfg.route(path, web::get().to(serve)).route(path, web::head().to(serve));
    }
}
