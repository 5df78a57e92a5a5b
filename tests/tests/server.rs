//! `wikiquery serve` on each kind of database: the demo wiki it creates, an existing
//! MediaWiki database (served read-only, never written), an unreachable database, and a
//! database lost while serving.

use std::path::PathBuf;
use std::sync::Arc;

use actix_web::{test as web_test, web, App};
use serde_json::Value;
use wikiquery_server::cli::ServeArgs;
use wikiquery_server::config::{resolve, FileConfig, ServeConfig};
use wikiquery_server::http::{configure, AppState};
use wikiquery_server::serve::{api_config, open_store};
use wikiquery_tests::fixtures;

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("wikiquery-server-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

fn config(db: String) -> ServeConfig {
    let flags = ServeArgs {
        db: Some(db),
        listen: Some("127.0.0.1:0".into()),
        workers: Some(1),
        pool_size: Some(2),
        site_name: Some("Fixture Wiki".into()),
        ..ServeArgs::default()
    };
    resolve(&flags, FileConfig::default()).expect("settings")
}

async fn get(state: &web::Data<AppState>, query: &str) -> (u16, Value) {
    let app = web_test::init_service(App::new().app_data(state.clone()).configure(configure)).await;
    let req = web_test::TestRequest::get().uri(&format!("/api.php?{query}")).to_request();
    let resp = web_test::call_service(&app, req).await;
    let status = resp.status().as_u16();
    (status, web_test::read_body_json(resp).await)
}

fn state_for(db: String) -> web::Data<AppState> {
    wikiquery_modules::link();
    let store = open_store(&config(db)).expect("the store opens");
    // As `serve` does: a local SQLite file is answered on the worker itself (the tests in
    // http.rs go through the blocking pool).
    let inline = store.is_local();
    web::Data::new(
        AppState::new(Arc::new(api_config(store, Default::default(), "test".into(), "/api.php".into()))).inline(inline),
    )
}

/// Imports the fixture's full dump into the (new, empty) database at `url`.
#[cfg(any(feature = "postgres", feature = "mysql"))]
fn import_fixture(url: &str) {
    let store = wikiquery_store::store::Store::open(&wikiquery_store::store::OpenOptions {
        primary: url.to_owned(),
        ..Default::default()
    })
    .expect("opens");
    wikiquery_import::tables::import_dump(
        fixtures().join("mw139/dump-full.xml"),
        store.primary_pool().expect("writable"),
        wikiquery_import::tables::ImportOptions { progress: false, ..Default::default() },
    )
    .expect("imports");
}

/// The URL of the database `name` on the server of the URL `admin`.
#[cfg(any(feature = "postgres", feature = "mysql"))]
fn database_url(admin: &str, name: &str) -> String {
    let base = admin.rsplit_once('/').map_or(admin, |(b, _)| b);
    format!("{base}/{name}")
}

/// A request the lost-database tests repeat.
#[cfg(any(feature = "postgres", feature = "mysql"))]
const ALLPAGES: &str = "action=query&list=allpages&aplimit=3&format=json&formatversion=2";

/// The fixture imported into the new database at `url` and served, answering as it should.
#[cfg(any(feature = "postgres", feature = "mysql"))]
async fn serving_the_fixture(url: String) -> web::Data<AppState> {
    import_fixture(&url);
    let state = state_for(url);
    let (status, body) = get(&state, ALLPAGES).await;
    assert_eq!((status, titles(&body).len()), (200, 3), "{body}");
    state
}

fn titles(body: &Value) -> Vec<String> {
    body["query"]["allpages"]
        .as_array()
        .unwrap_or_else(|| panic!("no allpages in {body}"))
        .iter()
        .filter_map(|p| p["title"].as_str().map(str::to_owned))
        .collect()
}

#[actix_web::test]
async fn an_existing_mediawiki_database_is_served_and_never_written() {
    let dir = temp_dir("existing");
    let copy = dir.join("fixturewiki.sqlite");
    std::fs::copy(fixtures().join("mw139/fixturewiki.sqlite"), &copy).expect("copy");
    let before = std::fs::read(&copy).expect("read");
    {
        let state = state_for(format!("sqlite:{}", copy.display()));
        let (status, body) = get(&state, "action=query&list=allpages&aplimit=10&format=json&formatversion=2").await;
        assert_eq!(status, 200, "{body}");
        let oracle = wikiquery_tests::fixture_json("oracle/allpages/allpages-limit10.fv2.json");
        assert_eq!(body["query"], oracle["response"]["query"], "the same pages as MediaWiki lists");
        let (_, body) = get(&state, "action=query&list=allpages&apnamespace=4&format=json&formatversion=2").await;
        assert!(titles(&body).iter().all(|t| t.starts_with("Fixture Wiki:")), "{body}");
    }
    assert!(before == std::fs::read(&copy).expect("read"), "the MediaWiki database was written");
    let leftovers: Vec<_> =
        std::fs::read_dir(&dir).expect("dir").filter_map(|e| e.ok()).map(|e| e.file_name()).collect();
    assert_eq!(leftovers.len(), 1, "no journal or WAL beside it: {leftovers:?}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[actix_web::test]
async fn a_new_database_gets_the_demo_wiki() {
    let dir = temp_dir("demo");
    let path = dir.join("data").join("wiki.sqlite");
    wikiquery_server::demo::create(
        &path,
        &wikiquery_store::store::OpenOptions { primary: format!("sqlite:{}", path.display()), ..Default::default() },
    )
    .expect("the demo wiki loads");
    let state = state_for(format!("sqlite:{}", path.display()));
    let (_, body) = get(&state, "action=query&list=allpages&aplimit=max&format=json&formatversion=2").await;
    assert_eq!(titles(&body).len(), 107, "the demo wiki's main namespace has 107 pages");
    drop(state);
    let _ = std::fs::remove_dir_all(&dir);
}

#[actix_web::test]
async fn reads_go_to_the_replicas() {
    let dir = temp_dir("replicas");
    let replica = dir.join("replica.sqlite");
    wikiquery_server::demo::create(
        &replica,
        &wikiquery_store::store::OpenOptions { primary: format!("sqlite:{}", replica.display()), ..Default::default() },
    )
    .expect("the demo wiki loads");
    let primary = dir.join("primary.sqlite");
    let mut cfg = config(format!("sqlite:{}", primary.display()));
    cfg.replicas = vec![format!("sqlite:{}", replica.display())];
    cfg.create = true;
    let store = open_store(&cfg).expect("opens");
    let state = web::Data::new(AppState::new(Arc::new(api_config(
        store,
        Default::default(),
        "test".into(),
        "/api.php".into(),
    ))));
    let (_, body) = get(&state, "action=query&list=allpages&aplimit=3&format=json&formatversion=2").await;
    assert_eq!(titles(&body).len(), 3, "the empty primary has no pages; the replica answered: {body}");
    drop(state);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn an_unreachable_database_is_a_clear_startup_error() {
    let mut unreachable = config("sqlite:/proc/no-such-dir/wiki.sqlite".into());
    unreachable.create = true;
    let err = open_store(&unreachable).err().expect("cannot open");
    assert!(err.contains("cannot open the database"), "{err}");
    assert!(err.contains("/proc/no-such-dir/wiki.sqlite"), "names the database: {err}");
    let err = open_store(&config("postgres://postgres:secret@127.0.0.1:1/nowhere".into())).err().expect("cannot open");
    assert!(err.contains("cannot open the database"), "{err}");
    assert!(!err.contains("secret"), "the password is not shown: {err}");
}

#[test]
fn a_url_of_no_known_database_is_refused() {
    let err = open_store(&config("oracle://db".into())).err().expect("refused");
    assert!(err.contains("oracle://db"), "{err}");
}

#[cfg(feature = "postgres")]
mod postgres {
    use super::*;
    use std::process::Command;

    fn admin_url() -> String {
        std::env::var("WIKIQUERY_TEST_POSTGRES").unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432/test".into())
    }

    fn psql(sql: &str) {
        let out = Command::new("psql").arg(admin_url()).args(["-v", "ON_ERROR_STOP=1", "-q", "-c", sql]).output();
        let out = out.expect("psql runs (Debian's postgresql-client)");
        assert!(out.status.success(), "{sql}: {}", String::from_utf8_lossy(&out.stderr));
    }

    #[actix_web::test]
    async fn a_lost_database_answers_503_and_the_server_recovers() {
        let name = format!("wikiquery_lost_{}", std::process::id());
        psql(&format!("DROP DATABASE IF EXISTS {name}"));
        psql(&format!("CREATE DATABASE {name}"));
        let url = database_url(&admin_url(), &name);
        let state = serving_the_fixture(url).await;
        let query = ALLPAGES;

        psql(&format!("ALTER DATABASE {name} ALLOW_CONNECTIONS false"));
        psql(&format!("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '{name}'"));
        let (status, body) = get(&state, query).await;
        assert_eq!(status, 503, "{body}");
        assert_eq!(body["error"]["code"], "internal_api_error_DBConnectionError", "{body}");

        psql(&format!("ALTER DATABASE {name} ALLOW_CONNECTIONS true"));
        let (status, body) = get(&state, query).await;
        assert_eq!((status, titles(&body).len()), (200, 3), "recovers: {body}");

        drop(state);
        psql(&format!("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '{name}'"));
        psql(&format!("DROP DATABASE IF EXISTS {name}"));
    }
}

#[cfg(feature = "mysql")]
mod mysql {
    use super::*;
    use std::process::Command;

    fn admin_url() -> String {
        std::env::var("WIKIQUERY_TEST_MYSQL").unwrap_or_else(|_| "mysql://root@127.0.0.1:3306/test".into())
    }

    /// Runs SQL as the test URL's user, through Debian's `mariadb` client; gives its output.
    fn sql(statement: &str) -> String {
        run_sql(statement).unwrap_or_else(|e| panic!("{statement}: {e}"))
    }

    fn run_sql(statement: &str) -> Result<String, String> {
        let url = admin_url();
        let rest = url.strip_prefix("mysql://").expect("a mysql:// URL");
        let (credentials, host) = rest.split_once('@').expect("user@host");
        let (user, password) = credentials.split_once(':').unwrap_or((credentials, ""));
        let host = host.split('/').next().unwrap_or("127.0.0.1:3306");
        let (host, port) = host.split_once(':').unwrap_or((host, "3306"));
        let mut command = Command::new("mariadb");
        command.args(["-h", host, "-P", port, "-u", user, "-N", "-B", "-e", statement]);
        if !password.is_empty() {
            command.arg(format!("-p{password}"));
        }
        let out = command.output().expect("mariadb runs (Debian's mariadb-client)");
        if !out.status.success() {
            return Err(String::from_utf8_lossy(&out.stderr).into_owned());
        }
        Ok(String::from_utf8_lossy(&out.stdout).into_owned())
    }

    /// Ends every connection to the database `name`, as a restart of the server does, and
    /// says how many there were.
    fn kill_connections(name: &str) -> usize {
        let ids = sql(&format!("SELECT id FROM information_schema.processlist WHERE db = '{name}'"));
        let ids: Vec<&str> = ids.split_whitespace().collect();
        for id in &ids {
            // A connection may end by itself meanwhile.
            let _ = run_sql(&format!("KILL {id}"));
        }
        ids.len()
    }

    #[actix_web::test]
    async fn a_lost_connection_answers_503_at_most_once_and_the_server_recovers() {
        let name = format!("wikiquery_lost_{}", std::process::id());
        sql(&format!("DROP DATABASE IF EXISTS {name}"));
        sql(&format!("CREATE DATABASE {name} CHARACTER SET utf8mb4"));
        let url = database_url(&admin_url(), &name);
        let state = serving_the_fixture(url).await;
        let query = ALLPAGES;

        // Every pooled connection is gone, as after a restart of the database server.
        assert!(kill_connections(&name) > 0, "the server holds no connection to lose");
        let (status, body) = get(&state, query).await;
        assert!(
            status == 200 || (status == 503 && body["error"]["code"] == "internal_api_error_DBConnectionError"),
            "the first request after the loss: {status} {body}"
        );
        for _ in 0..3 {
            let (status, body) = get(&state, query).await;
            assert_eq!((status, titles(&body).len()), (200, 3), "recovers: {body}");
        }

        drop(state);
        kill_connections(&name);
        sql(&format!("DROP DATABASE IF EXISTS {name}"));
    }
}

/// `/healthz` answers while the process runs, `/readyz` while every database does, and
/// `/metrics` counts the API's requests by action, module and error code, the pool's
/// connections, and the process's memory and open files.
#[actix_web::test]
async fn health_readiness_and_metrics_are_served() {
    use wikiquery_server::metrics::Metrics;
    use wikiquery_server::ops::{configure as ops, Observer};
    wikiquery_modules::link();
    let dir = temp_dir("ops");
    let copy = dir.join("fixturewiki.sqlite");
    std::fs::copy(fixtures().join("mw139/fixturewiki.sqlite"), &copy).expect("copy");
    let store = open_store(&config(format!("sqlite:{}", copy.display()))).expect("the store opens");
    let observer = Arc::new(Observer { metrics: Some(Metrics::new()), access_log: None, store: Some(store.clone()) });
    let api = api_config(store, Default::default(), "test".into(), "/api.php".into());
    let state = web::Data::new(AppState::new(Arc::new(api)).observed_by(Arc::clone(&observer)));
    let app = web_test::init_service(
        App::new().app_data(state).configure(configure).configure(move |cfg| ops(cfg, observer, true)),
    )
    .await;
    let text = |path: &'static str| {
        let app = &app;
        async move {
            let resp = web_test::call_service(app, web_test::TestRequest::get().uri(path).to_request()).await;
            let status = resp.status().as_u16();
            (status, String::from_utf8_lossy(&web_test::read_body(resp).await).into_owned())
        }
    };
    assert_eq!(text("/healthz").await, (200, "ok\n".to_owned()));
    let (status, body) = text("/readyz").await;
    assert_eq!(status, 200, "{body}");
    assert!(body.starts_with("ready\nprimary sqlite:") && body.contains(": ok"), "{body}");
    for query in [
        "action=query&list=allpages&aplimit=2&format=json",
        "action=query&list=allpages|logevents&format=json",
        "action=query&list=allpages&apnamespace=bogus&format=json",
        "action=nosuchaction&format=json",
    ] {
        let req = web_test::TestRequest::get().uri(&format!("/api.php?{query}")).to_request();
        assert!(web_test::call_service(&app, req).await.status().is_success());
    }
    let (status, metrics) = text("/metrics").await;
    assert_eq!(status, 200);
    for line in [
        "wikiquery_api_requests_total{action=\"query\",module=\"allpages\"} 3",
        "wikiquery_api_requests_total{action=\"query\",module=\"logevents\"} 1",
        "wikiquery_api_requests_total{action=\"unknown\",module=\"-\"} 1",
        "wikiquery_api_errors_total{action=\"query\",code=\"badvalue\"} 1",
        "wikiquery_api_errors_total{action=\"unknown\",code=\"badvalue\"} 1",
        "wikiquery_api_request_duration_seconds_count{action=\"query\"} 3",
        "wikiquery_api_requests_in_flight 0",
        "wikiquery_db_pool_max_connections{database=\"primary\"} 2",
        "wikiquery_db_replication_lag_seconds{database=\"primary\"} 0.0",
        "wikiquery_db_in_rotation{database=\"primary\"} 1",
    ] {
        assert!(metrics.lines().any(|l| l == line), "no `{line}` in\n{metrics}");
    }
    assert!(metrics.contains("wikiquery_db_pool_checkouts_total{database=\"primary\"}"), "{metrics}");
    // The process, under Prometheus' usual names: some memory, and at least the database file.
    let gauge = |name: &str| metrics.lines().find_map(|l| l.strip_prefix(name)?.strip_prefix(' ')?.parse::<u64>().ok());
    assert!(gauge("process_resident_memory_bytes").is_some_and(|b| b > 1 << 20), "{metrics}");
    assert!(gauge("process_open_fds").is_some_and(|n| n > 3), "{metrics}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A replica that stops answering makes the server not ready, naming it.
#[actix_web::test]
async fn a_replica_that_does_not_answer_is_not_ready() {
    use wikiquery_server::ops::{configure as ops, Observer};
    wikiquery_modules::link();
    let dir = temp_dir("ready");
    let primary = dir.join("primary.sqlite");
    let replica = dir.join("replica.sqlite");
    std::fs::copy(fixtures().join("mw139/fixturewiki.sqlite"), &primary).expect("copy");
    std::fs::copy(fixtures().join("mw139/fixturewiki.sqlite"), &replica).expect("copy");
    let mut settings = config(format!("sqlite:{}", primary.display()));
    settings.replicas = vec![format!("sqlite:{}", replica.display())];
    let store = open_store(&settings).expect("the store opens");
    let observer = Arc::new(Observer { metrics: None, access_log: None, store: Some(store) });
    let app = web_test::init_service(App::new().configure(move |cfg| ops(cfg, observer, true))).await;
    macro_rules! ready {
        () => {{
            let resp = web_test::call_service(&app, web_test::TestRequest::get().uri("/readyz").to_request()).await;
            (resp.status().as_u16(), String::from_utf8_lossy(&web_test::read_body(resp).await).into_owned())
        }};
    }
    let (status, body) = ready!();
    assert_eq!(status, 200, "{body}");
    assert!(body.contains("replica1 sqlite:"), "{body}");
    // The replica's file overwritten with what is no database.
    std::fs::write(&replica, vec![0u8; 4096]).expect("overwrite");
    let (status, body) = ready!();
    assert_eq!(status, 503, "{body}");
    assert!(body.starts_with("not ready\n"), "{body}");
    let _ = std::fs::remove_dir_all(&dir);
}
