//! The server's one clock. Everything that depends on the day a request is asked (expiries of
//! blocks, protections and group memberships, `curtimestamp`, `now` as a timestamp value,
//! siteinfo's `time`) reads the request's instant, which the clock gives when the request
//! starts. A frozen clock answers every request as if asked at one instant: MediaWiki's stored
//! answers are only comparable at the instant they were captured.

use wikiquery_domain::timestamp::Timestamp;

/// Where "now" comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Clock {
    /// The system's clock.
    #[default]
    System,
    /// Always this instant (`wikiquery serve --now 2026-11-22T00:00:00Z`).
    Frozen(Timestamp),
}

impl Clock {
    /// The current instant.
    pub fn now(&self) -> Timestamp {
        match self {
            Clock::System => Timestamp::now(),
            Clock::Frozen(at) => *at,
        }
    }

    /// A clock frozen at a timestamp in any form MediaWiki reads (`2026-11-22T00:00:00Z`,
    /// `20261122000000`).
    pub fn frozen_at(text: &str) -> Option<Clock> {
        Timestamp::parse(text).map(Clock::Frozen)
    }
}

#[cfg(test)]
mod tests {
    use super::Clock;

    #[test]
    fn a_frozen_clock_always_answers_its_instant() {
        let clock = Clock::frozen_at("2026-11-22T00:00:00Z").expect("a timestamp");
        assert_eq!(clock.now().to_mw(), "20261122000000");
        assert_eq!(clock.now(), clock.now());
        assert!(Clock::frozen_at("yesterday-ish").is_none());
    }
}
