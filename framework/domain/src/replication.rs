//! Database servers' replication lag, as a read server reports it: to bots that ask it to wait
//! (`maxlag`) and to `siprop=dbrepllag`.

/// One database server's replication lag, as last measured.
#[derive(Debug, Clone, PartialEq)]
pub struct ServerLag {
    /// The server's name (`host:port`).
    pub server: String,
    /// Seconds behind the primary; `None` when it does not replicate or could not be asked.
    pub lag: Option<f64>,
    /// Whether it is the primary (never behind).
    pub primary: bool,
    /// Whether reads go to it now.
    pub in_rotation: bool,
}

/// The most lagged server, as MediaWiki's load balancer names it (`getMaxLag`): the replica
/// furthest behind among those whose lag is known, with its name; `("", -1)` when there are no
/// replicas or none reports a lag. A replica that does not replicate has no lag to compare and
/// is left out (MediaWiki's `false` lag), as is the primary.
///
/// The rule for a read server: every configured replica counts, whether or not reads go to it
/// now. `maxlag` tells a bot how far behind the wiki's databases are, so that it slows down;
/// taking a lagged replica out of this server's rotation does not make the wiki any less
/// behind.
pub fn max_lag(servers: &[ServerLag]) -> (String, f64) {
    let mut most = (String::new(), -1.0);
    for server in servers.iter().filter(|s| !s.primary) {
        if let Some(lag) = server.lag.filter(|lag| *lag > most.1) {
            most = (server.server.clone(), lag);
        }
    }
    most
}

/// A lag as MediaWiki writes it in an answer: whole seconds as an integer (what
/// `SHOW SLAVE STATUS` gives), fractions as a float (what a heartbeat gives).
pub fn lag_value(lag: f64) -> serde_json::Value {
    if lag.fract() == 0.0 && lag.abs() < 1e15 {
        serde_json::Value::from(lag as i64)
    } else {
        serde_json::Value::from(lag)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn server(name: &str, lag: Option<f64>, primary: bool) -> ServerLag {
        ServerLag { server: name.to_owned(), lag, primary, in_rotation: true }
    }

    #[test]
    fn the_most_lagged_replica_with_a_known_lag() {
        let servers = [
            server("db1:3306", Some(0.0), true),
            server("db2:3306", Some(2.0), false),
            server("db3:3306", None, false),
            server("db4:3306", Some(7.5), false),
        ];
        assert_eq!(max_lag(&servers), ("db4:3306".to_owned(), 7.5));
    }

    #[test]
    fn no_replicas_or_none_replicating_is_minus_one() {
        assert_eq!(max_lag(&[server("db1", Some(0.0), true)]), (String::new(), -1.0));
        assert_eq!(max_lag(&[server("db1", Some(0.0), true), server("db2", None, false)]), (String::new(), -1.0));
    }

    #[test]
    fn whole_seconds_are_integers() {
        assert_eq!(lag_value(3.0), serde_json::json!(3));
        assert_eq!(lag_value(-1.0), serde_json::json!(-1));
        assert_eq!(lag_value(1.25), serde_json::json!(1.25));
    }
}
