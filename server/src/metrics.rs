//! What a monitoring system scrapes at `/metrics` (Prometheus' text format, with the
//! `prometheus-client` crate): requests by action and module, their latency, errors by code,
//! requests in flight, each database pool's size and waits, and the process's resident memory
//! and open files (under Prometheus' usual names, without the server's prefix).

use std::sync::atomic::AtomicU64;
use std::sync::Mutex;
use std::time::Duration;

use prometheus_client::encoding::EncodeLabelSet;
use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::family::Family;
use prometheus_client::metrics::gauge::Gauge;
use prometheus_client::metrics::histogram::{exponential_buckets, Histogram};
use prometheus_client::registry::Registry;
use wikiquery_runtime::observe::RequestLabels;
use wikiquery_store::store::Store;

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct ModuleLabels {
    action: &'static str,
    module: &'static str,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct ActionLabels {
    action: &'static str,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct ErrorLabels {
    action: &'static str,
    code: String,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct DatabaseLabels {
    database: String,
}

/// The server's metrics.
pub struct Metrics {
    registry: Registry,
    requests: Family<ModuleLabels, Counter>,
    latency: Family<ActionLabels, Histogram>,
    errors: Family<ErrorLabels, Counter>,
    in_flight: Gauge,
    pool_connections: Family<DatabaseLabels, Gauge>,
    pool_idle: Family<DatabaseLabels, Gauge>,
    pool_max: Family<DatabaseLabels, Gauge>,
    pool_checkouts: Family<DatabaseLabels, Counter>,
    pool_failures: Family<DatabaseLabels, Counter>,
    pool_wait: Family<DatabaseLabels, Counter<f64, AtomicU64>>,
    lag: Family<DatabaseLabels, Gauge<f64, AtomicU64>>,
    in_rotation: Family<DatabaseLabels, Gauge>,
    resident: Gauge,
    open_files: Gauge,
    /// The store's cumulative counts as last scraped, so that the counters advance by the
    /// difference.
    seen: Mutex<Vec<(u64, u64, u64)>>,
}

/// Latency buckets: 0.25 ms to about 8 s, doubling.
fn latency_histogram() -> Histogram {
    Histogram::new(exponential_buckets(0.000_25, 2.0, 16))
}

impl Metrics {
    /// New metrics, all counts at zero.
    pub fn new() -> Metrics {
        let mut root = Registry::default();
        let resident = Gauge::default();
        root.register("process_resident_memory_bytes", "Resident memory size in bytes", resident.clone());
        let open_files = Gauge::default();
        root.register("process_open_fds", "Number of open file descriptors", open_files.clone());
        let registry = root.sub_registry_with_prefix("wikiquery");
        let requests = Family::<ModuleLabels, Counter>::default();
        registry.register(
            "api_requests",
            "API requests by action and query module (a query counts once for each module it names; `-` for none)",
            requests.clone(),
        );
        let latency = Family::<ActionLabels, Histogram>::new_with_constructor(latency_histogram as fn() -> Histogram);
        registry.register("api_request_duration_seconds", "Time to answer an API request, by action", latency.clone());
        let errors = Family::<ErrorLabels, Counter>::default();
        registry.register("api_errors", "API answers that are errors, by action and error code", errors.clone());
        let in_flight = Gauge::default();
        registry.register("api_requests_in_flight", "API requests being answered", in_flight.clone());
        let pool_connections = Family::<DatabaseLabels, Gauge>::default();
        registry.register("db_pool_connections", "Database connections open, by database", pool_connections.clone());
        let pool_idle = Family::<DatabaseLabels, Gauge>::default();
        registry.register("db_pool_idle_connections", "Database connections open and idle", pool_idle.clone());
        let pool_max = Family::<DatabaseLabels, Gauge>::default();
        registry.register("db_pool_max_connections", "The most connections a pool opens", pool_max.clone());
        let pool_checkouts = Family::<DatabaseLabels, Counter>::default();
        registry.register("db_pool_checkouts", "Connections handed out", pool_checkouts.clone());
        let pool_failures = Family::<DatabaseLabels, Counter>::default();
        registry.register(
            "db_pool_checkout_failures",
            "Connections asked for and not had in time",
            pool_failures.clone(),
        );
        let pool_wait = Family::<DatabaseLabels, Counter<f64, AtomicU64>>::default();
        registry.register("db_pool_wait_seconds", "Time spent waiting for connections", pool_wait.clone());
        let lag = Family::<DatabaseLabels, Gauge<f64, AtomicU64>>::default();
        registry.register(
            "db_replication_lag_seconds",
            "Seconds a database is behind the primary, as last measured (-1: not replicating or not answering)",
            lag.clone(),
        );
        let in_rotation = Family::<DatabaseLabels, Gauge>::default();
        registry.register("db_in_rotation", "Whether reads go to the database now (1) or not (0)", in_rotation.clone());
        Metrics {
            resident,
            open_files,
            lag,
            in_rotation,
            registry: root,
            requests,
            latency,
            errors,
            in_flight,
            pool_connections,
            pool_idle,
            pool_max,
            pool_checkouts,
            pool_failures,
            pool_wait,
            seen: Mutex::new(Vec::new()),
        }
    }

    /// Marks a request begun; the guard marks it done when dropped.
    pub fn begin(&self) -> InFlight<'_> {
        self.in_flight.inc();
        InFlight(&self.in_flight)
    }

    /// Counts an answered request.
    pub fn record(&self, labels: &RequestLabels, error: Option<&str>, elapsed: Duration) {
        let action = labels.action;
        if labels.modules.is_empty() {
            self.requests.get_or_create(&ModuleLabels { action, module: "-" }).inc();
        }
        for module in &labels.modules {
            self.requests.get_or_create(&ModuleLabels { action, module }).inc();
        }
        self.latency.get_or_create(&ActionLabels { action }).observe(elapsed.as_secs_f64());
        if let Some(code) = error {
            // Codes are MediaWiki's, a closed set, but for the internal ones that name a
            // failure's kind: those are counted together.
            let code = if code.starts_with("internal_api_error") { "internal_api_error" } else { code };
            self.errors.get_or_create(&ErrorLabels { action, code: code.to_owned() }).inc();
        }
    }

    /// The text a scrape gets: the counters, with the pools of `store` read now.
    pub fn render(&self, store: Option<&Store>) -> String {
        if let Some(store) = store {
            let states = store.pool_states();
            let mut seen = self.seen.lock().unwrap_or_else(|e| e.into_inner());
            seen.resize(states.len(), (0, 0, 0));
            for ((role, _, state), last) in states.iter().zip(seen.iter_mut()) {
                let labels = DatabaseLabels { database: role.clone() };
                self.pool_connections.get_or_create(&labels).set(i64::from(state.connections));
                self.pool_idle.get_or_create(&labels).set(i64::from(state.idle));
                self.pool_max.get_or_create(&labels).set(i64::from(state.max_size));
                self.pool_checkouts.get_or_create(&labels).inc_by(state.checkouts.saturating_sub(last.0));
                self.pool_failures.get_or_create(&labels).inc_by(state.failures.saturating_sub(last.1));
                let waited = state.wait_micros.saturating_sub(last.2);
                self.pool_wait.get_or_create(&labels).inc_by(waited as f64 / 1e6);
                *last = (state.checkouts, state.failures, state.wait_micros);
            }
            // The lag monitor's last readings, in the pools' order (primary, replica1, …).
            for ((role, _, _), server) in states.iter().zip(store.lag_times()) {
                let labels = DatabaseLabels { database: role.clone() };
                self.lag.get_or_create(&labels).set(server.lag.unwrap_or(-1.0));
                self.in_rotation.get_or_create(&labels).set(i64::from(server.in_rotation));
            }
        }
        if let Some(kib) = crate::process::resident_kib(std::process::id()) {
            self.resident.set(i64::try_from(kib * 1024).unwrap_or(i64::MAX));
        }
        if let Some(n) = crate::process::open_files() {
            self.open_files.set(i64::try_from(n).unwrap_or(i64::MAX));
        }
        let mut out = String::new();
        // Writing to a String cannot fail.
        let _ = prometheus_client::encoding::text::encode(&mut out, &self.registry);
        out
    }
}

impl Default for Metrics {
    fn default() -> Self {
        Metrics::new()
    }
}

/// A request being answered; counted out when dropped.
pub struct InFlight<'a>(&'a Gauge);

impl Drop for InFlight<'_> {
    fn drop(&mut self) {
        self.0.dec();
    }
}
