//! What operators and their tools ask of the process itself, beside the API: `/healthz` (the
//! process answers), `/readyz` (and every database does), `/metrics` (Prometheus' text), and
//! the access log and metrics of each API request.

use std::sync::Arc;
use std::time::{Duration, Instant};

use actix_web::http::header::{CACHE_CONTROL, CONTENT_TYPE};
use actix_web::{web, HttpResponse};
use wikiquery_store::store::Store;

use crate::access_log::{AccessLog, Entry};
use crate::metrics::Metrics;

/// The type of the health answers.
const TEXT: &str = "text/plain; charset=utf-8";

/// How long a readiness check waits for each database.
pub const READY_TIMEOUT: Duration = Duration::from_secs(2);

/// What watches the server: metrics, the access log, and the store the readiness check asks.
#[derive(Default)]
pub struct Observer {
    /// `None`: metrics are off.
    pub metrics: Option<Metrics>,
    /// `None`: no access log.
    pub access_log: Option<AccessLog>,
    /// `None`: no database (readiness is the process's, and the metrics have no pools).
    pub store: Option<Store>,
}

impl Observer {
    /// Records an answered request in the metrics and the log.
    pub fn answered(&self, entry: &Entry<'_>, now: wikiquery_domain::timestamp::Timestamp) {
        if let Some(metrics) = &self.metrics {
            metrics.record(entry.labels, entry.error, entry.elapsed);
        }
        if let Some(log) = &self.access_log {
            log.write(entry, now);
        }
    }
}

/// Registers `/healthz`, `/readyz` and, when metrics are on and `with_metrics`, `/metrics`.
pub fn configure(cfg: &mut web::ServiceConfig, observer: Arc<Observer>, with_metrics: bool) {
    let data = web::Data::from(observer);
    cfg.app_data(data.clone()).route("/healthz", web::get().to(healthz)).route("/readyz", web::get().to(readyz));
    if with_metrics && data.metrics.is_some() {
        cfg.route("/metrics", web::get().to(metrics));
    }
}

fn plain(status: actix_web::http::StatusCode, body: String, content_type: &'static str) -> HttpResponse {
    HttpResponse::build(status)
        .insert_header((CONTENT_TYPE, content_type))
        .insert_header((CACHE_CONTROL, "no-store"))
        .body(body)
}

async fn healthz() -> HttpResponse {
    plain(actix_web::http::StatusCode::OK, "ok\n".to_owned(), TEXT)
}

/// Ready when the primary and every replica answer a trivial query in time: a line for each.
async fn readyz(observer: web::Data<Observer>) -> HttpResponse {
    let Some(store) = observer.store.clone() else {
        return plain(actix_web::http::StatusCode::OK, "ready\n".to_owned(), TEXT);
    };
    let started = Instant::now();
    let checks = web::block(move || store.check_databases(READY_TIMEOUT)).await.unwrap_or_default();
    let ready = !checks.is_empty() && checks.iter().all(|(_, _, failure)| failure.is_none());
    let mut body = String::from(if ready { "ready\n" } else { "not ready\n" });
    for (role, url, failure) in &checks {
        match failure {
            None => body.push_str(&format!("{role} {url}: ok\n")),
            Some(why) => body.push_str(&format!("{role} {url}: {why}\n")),
        }
    }
    body.push_str(&format!("checked in {:.1} ms\n", started.elapsed().as_secs_f64() * 1000.0));
    let status = if ready { actix_web::http::StatusCode::OK } else { actix_web::http::StatusCode::SERVICE_UNAVAILABLE };
    plain(status, body, TEXT)
}

async fn metrics(observer: web::Data<Observer>) -> HttpResponse {
    let text = observer.metrics.as_ref().map(|m| m.render(observer.store.as_ref())).unwrap_or_default();
    plain(actix_web::http::StatusCode::OK, text, "text/plain; version=0.0.4; charset=utf-8")
}
