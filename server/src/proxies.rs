//! The caller's address behind proxies: `X-Forwarded-For` is believed only as far as the
//! addresses that pass it on are the operator's trusted proxies (MediaWiki's `$wgCdnServers`
//! and `$wgCdnServersNoPurge`), read from the connection's end backwards as MediaWiki's
//! `WebRequest::getIP` reads it. Anyone else may write anything there.

use std::net::IpAddr;

use wikiquery_domain::title::{ip_hex, ip_range_hex};

/// The proxies whose `X-Forwarded-For` is believed, as address ranges.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TrustedProxies {
    /// Each range's first and last address in MediaWiki's hexadecimal form (which orders as
    /// the addresses do, within one family).
    ranges: Vec<(String, String)>,
}

impl TrustedProxies {
    /// Reads addresses and CIDR ranges (`10.0.0.0/8`, `192.0.2.7`, `2001:db8::/32`).
    pub fn parse(list: &[String]) -> Result<TrustedProxies, String> {
        let ranges = list
            .iter()
            .map(|entry| {
                ip_range_hex(entry)
                    .map(|(low, high, _, _)| (low, high))
                    .ok_or_else(|| format!("`{entry}` in the trusted proxies is no address or CIDR range"))
            })
            .collect::<Result<_, _>>()?;
        Ok(TrustedProxies { ranges })
    }

    /// Whether no proxy is trusted.
    pub fn is_empty(&self) -> bool {
        self.ranges.is_empty()
    }

    /// Whether an address is one of the trusted proxies.
    pub fn contains(&self, ip: &str) -> bool {
        let Some(hex) = ip_hex(ip) else { return false };
        self.ranges.iter().any(|(low, high)| low.len() == hex.len() && *low <= hex && hex <= *high)
    }

    /// The caller's address: the connection's, or, while that is a trusted proxy, the address
    /// it says it forwards for (the last of `X-Forwarded-For`, and so on leftwards).
    pub fn client(&self, peer: IpAddr, forwarded_for: &[&str]) -> String {
        let mut client = peer.to_string();
        if self.ranges.is_empty() {
            return client;
        }
        let chain: Vec<&str> = forwarded_for.iter().flat_map(|h| h.split(',')).map(str::trim).collect();
        for next in chain.iter().rev() {
            if !self.contains(&client) {
                break;
            }
            match next.parse::<IpAddr>() {
                Ok(ip) => client = ip.to_string(),
                Err(_) => break,
            }
        }
        client
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn proxies() -> TrustedProxies {
        TrustedProxies::parse(&["10.0.0.0/8".into(), "192.0.2.7".into(), "2001:db8::/32".into()]).expect("ranges")
    }

    fn ip(s: &str) -> IpAddr {
        s.parse().expect("address")
    }

    #[test]
    fn forwarded_addresses_are_believed_only_from_trusted_proxies() {
        let p = proxies();
        assert_eq!(p.client(ip("10.1.2.3"), &["198.51.100.9"]), "198.51.100.9");
        assert_eq!(p.client(ip("203.0.113.5"), &["198.51.100.9"]), "203.0.113.5", "an untrusted peer");
        // Through two proxies; what the client itself wrote in front is not believed.
        assert_eq!(p.client(ip("10.1.2.3"), &["1.1.1.1, 198.51.100.9, 192.0.2.7"]), "198.51.100.9");
        assert_eq!(p.client(ip("10.1.2.3"), &["1.1.1.1", "198.51.100.9"]), "198.51.100.9");
        assert_eq!(p.client(ip("2001:db8::1"), &["2001:db9::5"]), "2001:db9::5");
        assert_eq!(p.client(ip("10.1.2.3"), &["not-an-address"]), "10.1.2.3");
        assert_eq!(p.client(ip("10.1.2.3"), &[]), "10.1.2.3");
        assert_eq!(TrustedProxies::default().client(ip("10.1.2.3"), &["198.51.100.9"]), "10.1.2.3");
    }

    #[test]
    fn a_bad_range_is_refused() {
        assert!(TrustedProxies::parse(&["10.0.0.0/40".into()]).is_err());
        assert!(TrustedProxies::parse(&["proxy.example".into()]).is_err());
        assert!(proxies().contains("10.255.255.255") && !proxies().contains("11.0.0.0"));
    }
}
