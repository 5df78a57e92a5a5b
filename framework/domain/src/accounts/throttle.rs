//! The throttle on failed logins (MediaWiki's `$wgPasswordAttemptThrottle`): after `count`
//! failures for one name from one address within `seconds`, further attempts fail at once
//! until the window has passed. A success clears the count. Kept in the memory of one
//! process.

use std::collections::HashMap;
use std::sync::Mutex;

/// One condition: at most `count` failures within `seconds`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ThrottleRule {
    /// Failures allowed within the window.
    pub count: u32,
    /// The window's length in seconds.
    pub seconds: i64,
}

/// MediaWiki's defaults: 5 failures in 5 minutes, 150 in 48 hours.
pub const DEFAULT_RULES: &[ThrottleRule] =
    &[ThrottleRule { count: 5, seconds: 300 }, ThrottleRule { count: 150, seconds: 48 * 3600 }];

/// Failures so far, by account name and address.
#[derive(Debug, Default)]
pub struct LoginThrottle {
    rules: Vec<ThrottleRule>,
    /// (name, address) → per rule: (window start, failures in it).
    hits: Mutex<HashMap<(String, String), Vec<(i64, u32)>>>,
}

impl LoginThrottle {
    /// A throttle with these rules (none: never throttled).
    pub fn new(rules: Vec<ThrottleRule>) -> Self {
        LoginThrottle { rules, hits: Mutex::default() }
    }

    /// The seconds to wait when `name` from `address` may not try now; `None` when it may.
    pub fn blocked(&self, name: &str, address: &str, now: i64) -> Option<i64> {
        let hits = self.hits.lock().unwrap_or_else(|e| e.into_inner());
        let windows = hits.get(&(name.to_owned(), address.to_owned()))?;
        self.rules
            .iter()
            .zip(windows)
            .filter(|(rule, (start, n))| *n >= rule.count && now < start + rule.seconds)
            .map(|(rule, (start, _))| start + rule.seconds - now)
            .max()
    }

    /// Records a failure.
    pub fn failed(&self, name: &str, address: &str, now: i64) {
        if self.rules.is_empty() {
            return;
        }
        let mut hits = self.hits.lock().unwrap_or_else(|e| e.into_inner());
        // Forget what no window holds any more, so the map does not grow without bound.
        hits.retain(|_, windows| self.rules.iter().zip(windows.iter()).any(|(r, (start, _))| now < start + r.seconds));
        let windows =
            hits.entry((name.to_owned(), address.to_owned())).or_insert_with(|| vec![(now, 0); self.rules.len()]);
        for (rule, (start, n)) in self.rules.iter().zip(windows.iter_mut()) {
            if now >= *start + rule.seconds {
                *start = now;
                *n = 0;
            }
            *n += 1;
        }
    }

    /// Clears the failures after a success.
    pub fn succeeded(&self, name: &str, address: &str) {
        let mut hits = self.hits.lock().unwrap_or_else(|e| e.into_inner());
        hits.remove(&(name.to_owned(), address.to_owned()));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn five_failures_then_a_wait() {
        let t = LoginThrottle::new(DEFAULT_RULES.to_vec());
        for i in 0..5 {
            assert_eq!(t.blocked("Bob", "10.0.0.1", 1000 + i), None);
            t.failed("Bob", "10.0.0.1", 1000 + i);
        }
        assert_eq!(t.blocked("Bob", "10.0.0.1", 1010), Some(290));
        assert_eq!(t.blocked("Bob", "10.0.0.2", 1010), None, "another address");
        assert_eq!(t.blocked("Alice", "10.0.0.1", 1010), None, "another name");
        assert_eq!(t.blocked("Bob", "10.0.0.1", 1300), None, "the window has passed");
        t.succeeded("Bob", "10.0.0.1");
        assert_eq!(t.blocked("Bob", "10.0.0.1", 1010), None);
        let never = LoginThrottle::new(Vec::new());
        for _ in 0..10 {
            never.failed("Bob", "x", 0);
        }
        assert_eq!(never.blocked("Bob", "x", 0), None);
    }
}
