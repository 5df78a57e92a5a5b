//! Replication on real databases: a MariaDB primary with two GTID replicas and a PostgreSQL
//! primary with a streaming standby, started on loopback by `tools/replication.sh` (CI starts
//! them before the tests; a test starts what is not running). The fixture's dump is imported
//! into each primary once and reaches the replicas by replication.
//!
//! Each test holds replicas back or stops them as an operator's incident would, and checks
//! what a client sees through the API: lag in `siprop=dbrepllag`, the `maxlag` error with its
//! headers, reads that skip a lagged or stopped replica, no failed request. Every test puts the
//! servers back as it found them.
#![cfg(any(feature = "mysql", feature = "postgres"))]

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::{Arc, Mutex, MutexGuard, OnceLock};
use std::time::{Duration, Instant};

use serde_json::Value;
use wikiquery_runtime::api::{handle, ApiConfig, ApiRequest, ApiResponse};
use wikiquery_store::backend::{LagMethod, ReplicaSettings};
use wikiquery_store::store::{OpenOptions, Store};
use wikiquery_tests::fixtures;

/// The harness's directory: where CI started it, else scratch space in the system's temporary
/// directory (which PostgreSQL's own user can reach, unlike some checkouts).
fn harness_dir() -> PathBuf {
    std::env::var_os("WIKIQUERY_REPL_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| std::env::temp_dir().join("wikiquery-replication"))
}

fn script() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../tools/replication.sh")
}

/// Starts whatever of the harness is not running (bounded by the script's own timeout).
fn start_harness() {
    static STARTING: Mutex<()> = Mutex::new(());
    let _one_at_a_time = STARTING.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    let status = Command::new(script()).arg("start").arg(harness_dir()).status().expect("running replication.sh");
    assert!(status.success(), "tools/replication.sh start failed");
}

/// One test at a time: they hold back and stop the same servers.
fn serial() -> MutexGuard<'static, ()> {
    static LOCK: Mutex<()> = Mutex::new(());
    LOCK.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// Waits until `check` holds, for at most `limit`; the last value `check` saw when it never did.
fn eventually<T>(limit: Duration, mut check: impl FnMut() -> Result<T, String>) -> T {
    let deadline = Instant::now() + limit;
    loop {
        match check() {
            Ok(value) => return value,
            Err(why) if Instant::now() > deadline => panic!("not within {limit:?}: {why}"),
            Err(_) => std::thread::sleep(Duration::from_millis(100)),
        }
    }
}

/// The API over a store, with host names shown and the system's clock (lag is real time).
fn api(store: Store) -> ApiConfig {
    wikiquery_modules::link();
    let mut settings = wikiquery_domain::settings::SiteSettings::default();
    settings.show_hostnames = true;
    wikiquery_server::serve::api_config(store, settings, "test".into(), "/api.php".into())
}

fn get(config: &ApiConfig, query: &str) -> (ApiResponse, Value) {
    let params = form_urlencoded::parse(query.as_bytes()).into_owned().collect();
    let response = handle(ApiRequest { params, ..ApiRequest::default() }, config);
    let body = serde_json::from_str(&response.body).unwrap_or(Value::Null);
    (response, body)
}

fn header<'a>(response: &'a ApiResponse, name: &str) -> Option<&'a str> {
    response.headers.iter().find(|(k, _)| k.eq_ignore_ascii_case(name)).map(|(_, v)| v.as_str())
}

/// Every server's lag as `siprop=dbrepllag&sishowalldb` gives it: (host, lag or false).
fn lags(config: &ApiConfig) -> Vec<(String, Value)> {
    let (_, body) =
        get(config, "action=query&meta=siteinfo&siprop=dbrepllag&sishowalldb=1&format=json&formatversion=2");
    body["query"]["dbrepllag"]
        .as_array()
        .unwrap_or_else(|| panic!("no dbrepllag in {body}"))
        .iter()
        .map(|db| (db["host"].as_str().unwrap_or_default().to_owned(), db["lag"].clone()))
        .collect()
}

/// Runs a command-line client's statement against the server on `port`; its output.
fn client(program: &str, args: &[&str], port: u16, statement: &str) -> String {
    let out =
        Command::new(program).args(args).arg(statement).output().unwrap_or_else(|e| panic!("running {program}: {e}"));
    assert!(out.status.success(), "`{statement}` on port {port}: {}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8_lossy(&out.stdout).trim().to_owned()
}

/// Imports the fixture's dump into the primary at `url` (its schema made on opening) unless
/// `pages`, asked then, says it holds pages already.
fn import_fixture_unless(url: &str, pages: impl FnOnce() -> String) {
    let store =
        Store::open(&OpenOptions { primary: url.to_owned(), ..OpenOptions::default() }).expect("the primary opens");
    if pages() == "0" {
        wikiquery_import::tables::import_dump(
            fixtures().join("mw139/dump-full.xml"),
            store.primary_pool().expect("writable"),
            wikiquery_import::tables::ImportOptions { progress: false, ..Default::default() },
        )
        .expect("the fixture imports into the primary");
    }
}

/// How many of `n` reads of `list=allpages` from `from` find the page `title`.
fn reads_finding(config: &ApiConfig, title: &str, n: usize) -> usize {
    let query = format!("action=query&list=allpages&apfrom={title}&aplimit=1&format=json&formatversion=2");
    (0..n)
        .filter(|_| {
            let (_, body) = get(config, &query);
            body["query"]["allpages"][0]["title"].as_str() == Some(&title.replace('_', " "))
        })
        .count()
}

#[cfg(feature = "mysql")]
mod mariadb {
    use super::*;

    const PORTS: [u16; 3] = [3311, 3312, 3313];

    fn port(index: usize) -> u16 {
        let base: u16 =
            std::env::var("WIKIQUERY_REPL_MARIADB_PORT").ok().and_then(|p| p.parse().ok()).unwrap_or(PORTS[0]);
        base + index as u16
    }

    fn url(index: usize) -> String {
        format!("mysql://root@127.0.0.1:{}/wiki", port(index))
    }

    fn server_name(index: usize) -> String {
        format!("127.0.0.1:{}", port(index))
    }

    /// Runs SQL on one server with the command-line client; its output.
    fn sql(index: usize, statement: &str) -> String {
        let port = port(index).to_string();
        client(
            "mariadb",
            &["--protocol=tcp", "-h", "127.0.0.1", "-P", &port, "-u", "root", "-N", "-B", "-e"],
            self::port(index),
            statement,
        )
    }

    /// Waits until every running replica has applied all the primary has written.
    fn wait_for_replicas() {
        let position = sql(0, "SELECT @@gtid_binlog_pos");
        for index in [1, 2] {
            let waited = sql(index, &format!("SELECT MASTER_GTID_WAIT('{position}', 60)"));
            assert_eq!(waited, "0", "replica {index} did not catch up with {position}");
        }
    }

    /// The harness running with the fixture on every server (imported once per harness).
    fn cluster() {
        static READY: OnceLock<()> = OnceLock::new();
        READY.get_or_init(|| {
            start_harness();
            import_fixture_unless(&url(0), || sql(0, "SELECT COUNT(*) FROM wiki.page"));
            // Whatever a run that failed midway left: replicating, without delay.
            for index in [1, 2] {
                sql(index, "STOP SLAVE; CHANGE MASTER TO MASTER_DELAY = 0; START SLAVE");
            }
            wait_for_replicas();
        });
    }

    /// The harness as every test starts from it, whatever an earlier test that failed left:
    /// both replicas replicating without delay, no probe pages, all caught up.
    fn fresh_cluster() {
        cluster();
        sql(0, "DELETE FROM wiki.page WHERE page_id = 987654");
        for index in [1, 2] {
            sql(index, "STOP SLAVE; CHANGE MASTER TO MASTER_DELAY = 0; START SLAVE");
        }
        wait_for_replicas();
    }

    fn store(settings: ReplicaSettings) -> Store {
        Store::open(&OpenOptions {
            primary: url(0),
            replicas: vec![url(1), url(2)],
            pool_size: 4,
            site_name: "Fixture Wiki".to_owned(),
            replica_settings: settings,
            ..OpenOptions::default()
        })
        .expect("the replicated store opens")
    }

    fn fast(method: LagMethod) -> ReplicaSettings {
        ReplicaSettings {
            max_lag: 3.0,
            method,
            poll_interval: Duration::from_millis(200),
            ..ReplicaSettings::default()
        }
    }

    /// Writes a heartbeat row on the primary every 200 ms, as `pt-heartbeat` does, until dropped.
    struct Heartbeat(Arc<std::sync::atomic::AtomicBool>, Option<std::thread::JoinHandle<()>>);

    impl Heartbeat {
        fn start() -> Heartbeat {
            sql(
                0,
                "CREATE DATABASE IF NOT EXISTS heartbeat; CREATE TABLE IF NOT EXISTS heartbeat.heartbeat \
                 (ts VARCHAR(26) NOT NULL, server_id INT UNSIGNED NOT NULL PRIMARY KEY, file VARCHAR(255), \
                 position BIGINT UNSIGNED, relay_master_log_file VARCHAR(255), exec_master_log_pos BIGINT UNSIGNED)",
            );
            let stop = Arc::new(std::sync::atomic::AtomicBool::new(false));
            let flag = stop.clone();
            let thread = std::thread::spawn(move || {
                while !flag.load(std::sync::atomic::Ordering::Relaxed) {
                    sql(
                        0,
                        "REPLACE INTO heartbeat.heartbeat (ts, server_id) \
                         VALUES (DATE_FORMAT(UTC_TIMESTAMP(6), '%Y-%m-%dT%H:%i:%s.%f'), @@server_id)",
                    );
                    std::thread::sleep(Duration::from_millis(200));
                }
            });
            Heartbeat(stop, Some(thread))
        }
    }

    impl Drop for Heartbeat {
        fn drop(&mut self) {
            self.0.store(true, std::sync::atomic::Ordering::Relaxed);
            if let Some(thread) = self.1.take() {
                let _ = thread.join();
            }
        }
    }

    /// A page written on the primary only, deleted again on drop.
    struct Probe(&'static str);

    impl Probe {
        fn write(title: &'static str) -> Probe {
            sql(
                0,
                &format!(
                    "INSERT INTO wiki.page (page_id, page_namespace, page_title, page_is_redirect, page_is_new, \
                     page_random, page_touched, page_latest, page_len) \
                     VALUES (987654, 0, '{title}', 0, 1, 0.5, '20261122000000', 0, 0)"
                ),
            );
            Probe(title)
        }
    }

    impl Drop for Probe {
        fn drop(&mut self) {
            sql(0, &format!("DELETE FROM wiki.page WHERE page_title = '{}'", self.0));
        }
    }

    /// Puts replica `index` back to replicating without delay and waits for it.
    fn restore(index: usize) {
        sql(index, "STOP SLAVE; CHANGE MASTER TO MASTER_DELAY = 0; START SLAVE");
        wait_for_replicas();
    }

    #[test]
    fn lag_is_measured_and_maxlag_waits_for_a_delayed_replica() {
        let _serial = serial();
        fresh_cluster();
        let replicated = store(fast(LagMethod::ReplicaStatus));
        let config = api(replicated.clone());
        // Caught up: every server at 0, and a polite bot is served.
        let expected: Vec<(String, Value)> = (0..3).map(|i| (server_name(i), Value::from(0))).collect();
        eventually(Duration::from_secs(5), || {
            let all = lags(&config);
            if all == expected {
                Ok(())
            } else {
                Err(format!("{all:?}"))
            }
        });
        let (response, body) = get(&config, "action=query&meta=siteinfo&maxlag=5&format=json");
        assert_eq!(response.status, 200);
        assert!(body["query"]["general"].is_object(), "{body}");

        // The second replica applies everything 30 seconds late (delayed replication).
        sql(2, "STOP SLAVE; CHANGE MASTER TO MASTER_DELAY = 30; START SLAVE");
        let probe = Probe::write("Replication_probe");
        let lag = eventually(Duration::from_secs(10), || {
            let all = lags(&config);
            match all[2].1.as_f64() {
                Some(lag) if lag > 5.0 => Ok(lag),
                _ => Err(format!("{all:?}")),
            }
        });
        assert!(lag <= 31.0, "delayed by 30 s, lag {lag}");
        // The operator sees it in the metrics.
        let metrics = wikiquery_server::metrics::Metrics::new().render(Some(&replicated));
        assert!(metrics.contains("wikiquery_db_in_rotation{database=\"replica2\"} 0"), "{metrics}");
        assert!(metrics.contains("wikiquery_db_in_rotation{database=\"replica1\"} 1"), "{metrics}");
        let reported = metrics
            .lines()
            .find_map(|l| l.strip_prefix("wikiquery_db_replication_lag_seconds{database=\"replica2\"} "))
            .and_then(|v| v.parse::<f64>().ok());
        assert!(reported.is_some_and(|l| l > 5.0), "{metrics}");
        assert_eq!(lags(&config)[1].1, Value::from(0), "the other replica is current");

        // `maxlag` below the lag: MediaWiki's error, its headers, the lagged host.
        let (response, body) = get(&config, "action=query&meta=siteinfo&maxlag=5&format=json");
        assert_eq!(response.status, 200);
        assert_eq!(body["error"]["code"], "maxlag", "{body}");
        assert_eq!(body["error"]["host"], server_name(2));
        assert_eq!(body["error"]["type"], "db");
        assert!(body["error"]["lag"].as_f64().is_some_and(|l| l > 5.0), "{body}");
        assert_eq!(header(&response, "Retry-After"), Some("5"));
        assert_eq!(header(&response, "MediaWiki-API-Error"), Some("maxlag"));
        let reported: i64 = header(&response, "X-Database-Lag").and_then(|v| v.parse().ok()).expect("X-Database-Lag");
        assert!(reported >= 5, "X-Database-Lag {reported}");
        // A patient bot, the help (which reads no database) and a caller who does not ask are served.
        assert!(get(&config, "action=query&meta=siteinfo&maxlag=60&format=json").1["query"].is_object());
        assert!(get(&config, "action=query&meta=siteinfo&format=json").1["query"].is_object());
        assert_eq!(get(&config, "action=help&maxlag=0&format=json").0.status, 200);
        let (_, body) = get(&config, "action=query&meta=siteinfo&maxlag=5&format=json&errorformat=plaintext");
        assert_eq!(body["errors"][0]["code"], "maxlag");
        assert_eq!(body["errors"][0]["data"]["host"], server_name(2));

        // Out of rotation: every read sees what the delayed replica does not have yet.
        assert_eq!(reads_finding(&config, "Replication_probe", 12), 12);

        drop(probe);
        restore(2);
        eventually(Duration::from_secs(10), || match lags(&config)[2].1.as_f64() {
            Some(lag) if lag <= 3.0 => Ok(()),
            other => Err(format!("still {other:?}")),
        });
        assert!(get(&config, "action=query&meta=siteinfo&maxlag=5&format=json").1["query"].is_object());
    }

    #[test]
    fn a_stopped_sql_thread_is_not_replicating_and_the_heartbeat_still_counts() {
        let _serial = serial();
        fresh_cluster();
        let _heartbeat = Heartbeat::start();
        wait_for_replicas();
        let status = api(store(fast(LagMethod::ReplicaStatus)));
        let heartbeat = api(store(fast(LagMethod::PtHeartbeat)));
        eventually(Duration::from_secs(10), || {
            let all = lags(&heartbeat);
            match all[1].1.as_f64().zip(all[2].1.as_f64()) {
                Some((a, b)) if a < 2.0 && b < 2.0 => Ok(()),
                _ => Err(format!("{all:?}")),
            }
        });

        sql(2, "STOP SLAVE SQL_THREAD");
        let probe = Probe::write("Replication_probe_two");
        // MediaWiki's reading: no `Seconds_Behind_Master`, so the replica does not replicate —
        // `false`, out of rotation, and not counted by `maxlag`.
        eventually(Duration::from_secs(10), || {
            let all = lags(&status);
            if all[2].1 == Value::Bool(false) {
                Ok(())
            } else {
                Err(format!("{all:?}"))
            }
        });
        assert!(get(&status, "action=query&meta=siteinfo&maxlag=2&format=json").1["query"].is_object());
        assert_eq!(reads_finding(&status, "Replication_probe_two", 8), 8);
        // The heartbeat's reading: the replica falls behind by the second.
        let lag = eventually(Duration::from_secs(10), || match lags(&heartbeat)[2].1.as_f64() {
            Some(lag) if lag > 3.0 => Ok(lag),
            other => Err(format!("{other:?}")),
        });
        assert!(lag < 30.0, "{lag}");
        let (response, body) = get(&heartbeat, "action=query&meta=siteinfo&maxlag=2&format=json");
        assert_eq!(body["error"]["code"], "maxlag", "{body}");
        assert!(header(&response, "X-Database-Lag").is_some());
        assert_eq!(reads_finding(&heartbeat, "Replication_probe_two", 8), 8);

        drop(probe);
        sql(2, "START SLAVE SQL_THREAD");
        wait_for_replicas();
        eventually(Duration::from_secs(10), || match lags(&status)[2].1.as_f64() {
            Some(_) => Ok(()),
            None => Err("not replicating yet".into()),
        });
    }

    #[test]
    fn a_replica_stopped_under_load_fails_no_request_and_rejoins() {
        let _serial = serial();
        fresh_cluster();
        let config = Arc::new(api(store(fast(LagMethod::ReplicaStatus))));
        let stop = Arc::new(std::sync::atomic::AtomicBool::new(false));
        let clients: Vec<_> = (0..4)
            .map(|_| {
                let (config, stop) = (config.clone(), stop.clone());
                std::thread::spawn(move || {
                    let (mut answered, mut failed) = (0, Vec::new());
                    while !stop.load(std::sync::atomic::Ordering::Relaxed) {
                        let (response, body) =
                            get(&config, "action=query&list=allpages&aplimit=5&format=json&formatversion=2");
                        if response.status == 200 && body["query"]["allpages"].as_array().is_some_and(|a| a.len() == 5)
                        {
                            answered += 1;
                        } else {
                            failed.push(format!("{} {body}", response.status));
                        }
                    }
                    (answered, failed)
                })
            })
            .collect();
        std::thread::sleep(Duration::from_millis(500));
        // The third server stops as a crash would stop it.
        let pid = std::fs::read_to_string(harness_dir().join("mariadb3/server.pid")).expect("the replica's pid");
        let killed = Command::new("kill").args(["-9", pid.trim()]).status().expect("kill");
        assert!(killed.success());
        std::thread::sleep(Duration::from_secs(2));
        let out = eventually(Duration::from_secs(5), || {
            let all = lags(&config);
            if all[2].1 == Value::Bool(false) {
                Ok(all)
            } else {
                Err(format!("{all:?}"))
            }
        });
        assert_eq!(out[1].1, Value::from(0));
        // A server started now, while the replica is down, starts and serves without it.
        let started_late = api(store(fast(LagMethod::ReplicaStatus)));
        assert_eq!(lags(&started_late)[2].1, Value::Bool(false));
        assert_eq!(reads_finding(&started_late, "Cat", 4), 4);
        // Back: it rejoins the rotation by itself, on both servers.
        start_harness();
        wait_for_replicas();
        for config in [&*config, &started_late] {
            eventually(Duration::from_secs(15), || match lags(config)[2].1.as_f64() {
                Some(_) => Ok(()),
                None => Err("not back yet".into()),
            });
        }
        std::thread::sleep(Duration::from_millis(500));
        stop.store(true, std::sync::atomic::Ordering::Relaxed);
        let mut answered = 0;
        for client in clients {
            let (ok, failed) = client.join().expect("a client thread");
            assert!(failed.is_empty(), "failed requests: {failed:?}");
            answered += ok;
        }
        assert!(answered > 20, "only {answered} requests answered");
    }
    /// A login request with a login token from the session that `cookie` holds (or a new one):
    /// the answer and the session's cookie.
    fn login(config: &ApiConfig) -> Value {
        let (response, body) = get(config, "action=query&meta=tokens&type=login&format=json");
        let token = body["query"]["tokens"]["logintoken"].as_str().expect("a login token").to_owned();
        let cookie =
            header(&response, "Set-Cookie").expect("a session cookie").split(';').next().unwrap_or_default().to_owned();
        let params = vec![
            ("action".to_owned(), "login".to_owned()),
            ("lgname".to_owned(), "Alice".to_owned()),
            ("lgpassword".to_owned(), "not her password".to_owned()),
            ("lgtoken".to_owned(), token),
            ("format".to_owned(), "json".to_owned()),
        ];
        let request =
            ApiRequest { params, posted: true, headers: vec![("Cookie".to_owned(), cookie)], ..ApiRequest::default() };
        serde_json::from_str(&handle(request, config).body).expect("JSON")
    }

    #[test]
    fn reads_go_on_from_the_replicas_while_the_primary_is_down_and_writes_resume_when_it_is_back() {
        let _serial = serial();
        fresh_cluster();
        let config = api(store(fast(LagMethod::ReplicaStatus)));
        assert_eq!(login(&config)["login"]["result"], "Failed", "a wrong password, with the primary up");

        let pid = std::fs::read_to_string(harness_dir().join("mariadb1/server.pid")).expect("the primary's pid");
        assert!(Command::new("kill").args(["-9", pid.trim()]).status().expect("kill").success());
        // Every read is answered (from a replica, however far behind it may be).
        let started = Instant::now();
        let mut reads = 0;
        while started.elapsed() < Duration::from_secs(3) {
            let (response, body) = get(&config, "action=query&list=allpages&aplimit=5&format=json&formatversion=2");
            assert_eq!(response.status, 200, "{body}");
            assert_eq!(body["query"]["allpages"].as_array().map(Vec::len), Some(5), "{body}");
            reads += 1;
        }
        assert!(reads > 10, "{reads} reads in 3 s");
        // A polite bot is served too: a replica that lost its primary has no lag to compare.
        assert!(get(&config, "action=query&meta=siteinfo&maxlag=5&format=json").1["query"].is_object());
        // Logging in writes: MediaWiki's read-only answer, not a server error.
        let refused = login(&config);
        assert_eq!(refused["error"]["code"], "readonly", "{refused}");
        assert!(refused["error"]["readonlyreason"].is_string());

        start_harness();
        wait_for_replicas();
        eventually(Duration::from_secs(15), || match login(&config)["login"]["result"].as_str() {
            Some("Failed") => Ok(()),
            other => Err(format!("login answers {other:?}")),
        });
        eventually(Duration::from_secs(15), || {
            let all = lags(&config);
            if all.iter().skip(1).all(|(_, lag)| lag.as_f64().is_some()) {
                Ok(())
            } else {
                Err(format!("{all:?}"))
            }
        });
    }
}

#[cfg(feature = "postgres")]
mod postgresql {
    use super::*;

    fn port(index: usize) -> u16 {
        let base: u16 = std::env::var("WIKIQUERY_REPL_PG_PORT").ok().and_then(|p| p.parse().ok()).unwrap_or(5441);
        base + index as u16
    }

    fn url(index: usize) -> String {
        format!("postgres://postgres@127.0.0.1:{}/wiki", port(index))
    }

    fn sql(index: usize, statement: &str) -> String {
        let port = port(index).to_string();
        client(
            "psql",
            &["-h", "127.0.0.1", "-p", &port, "-U", "postgres", "-d", "wiki", "-qAt", "-c"],
            self::port(index),
            statement,
        )
    }

    fn wait_for_standby() {
        let position = sql(0, "SELECT pg_current_wal_lsn()");
        eventually(Duration::from_secs(60), || {
            let caught_up = sql(1, &format!("SELECT pg_last_wal_replay_lsn() >= '{position}'::pg_lsn"));
            if caught_up == "t" {
                Ok(())
            } else {
                Err(format!("the standby has not replayed {position}"))
            }
        });
    }

    fn cluster() {
        static READY: OnceLock<()> = OnceLock::new();
        READY.get_or_init(|| {
            start_harness();
            import_fixture_unless(&url(0), || sql(0, "SELECT COUNT(*) FROM page"));
            // Whatever a run that failed midway left: replaying, with a transaction replayed
            // since the standby started (before one, how far behind it is cannot be known).
            sql(1, "SELECT pg_wal_replay_resume()");
            sql(0, "CREATE TABLE IF NOT EXISTS replication_probe (n INT); INSERT INTO replication_probe VALUES (0)");
            wait_for_standby();
        });
    }

    #[test]
    fn standby_lag_is_measured_and_maxlag_waits_while_replay_is_paused() {
        let _serial = serial();
        cluster();
        sql(0, "DELETE FROM page WHERE page_id = 987654");
        wait_for_standby();
        let settings =
            ReplicaSettings { max_lag: 3.0, poll_interval: Duration::from_millis(200), ..ReplicaSettings::default() };
        let store = Store::open(&OpenOptions {
            primary: url(0),
            replicas: vec![url(1)],
            pool_size: 4,
            site_name: "Fixture Wiki".to_owned(),
            replica_settings: settings,
            ..OpenOptions::default()
        })
        .expect("the replicated store opens");
        let config = api(store);
        // Idle, the standby reports no lag once it has replayed what it received (WAL the
        // primary writes on its own, a checkpoint, may be in flight for a moment).
        let idle = vec![
            (format!("127.0.0.1:{}", port(0)), Value::from(0)),
            (format!("127.0.0.1:{}", port(1)), Value::from(0)),
        ];
        eventually(Duration::from_secs(10), || {
            let now = lags(&config);
            if now == idle {
                Ok(())
            } else {
                Err(format!("lags {now:?}"))
            }
        });

        sql(1, "SELECT pg_wal_replay_pause()");
        sql(0, "CREATE TABLE IF NOT EXISTS replication_probe (n INT); INSERT INTO replication_probe VALUES (1)");
        sql(
            0,
            "INSERT INTO page (page_id, page_namespace, page_title, page_is_redirect, page_is_new, page_random, \
             page_touched, page_latest, page_len) VALUES (987654, 0, 'Replication_probe', 0, 1, 0.5, '20261122000000', 0, 0)",
        );
        let lag = eventually(Duration::from_secs(10), || match lags(&config)[1].1.as_f64() {
            Some(lag) if lag > 3.0 => Ok(lag),
            other => Err(format!("{other:?}")),
        });
        assert!(lag > 3.0);
        let (response, body) = get(&config, "action=query&meta=siteinfo&maxlag=3&format=json");
        assert_eq!(body["error"]["code"], "maxlag", "{body}");
        assert_eq!(body["error"]["host"], format!("127.0.0.1:{}", port(1)));
        assert!(header(&response, "X-Database-Lag").is_some_and(|v| v.parse::<i64>().is_ok_and(|l| l >= 3)));
        // The standby is out of rotation: reads come from the primary, which has the page.
        assert_eq!(reads_finding(&config, "Replication_probe", 6), 6);

        sql(0, "DELETE FROM page WHERE page_id = 987654");
        sql(1, "SELECT pg_wal_replay_resume()");
        wait_for_standby();
        eventually(Duration::from_secs(10), || match lags(&config)[1].1.as_f64() {
            Some(lag) if lag <= 3.0 => Ok(()),
            other => Err(format!("{other:?}")),
        });
        assert!(get(&config, "action=query&meta=siteinfo&maxlag=3&format=json").1["query"].is_object());
    }
}
