//! Relative times as PHP's `strtotime` reads them, for the durations of blocks.

use crate::timestamp::{civil_from_days, days_from_civil, Timestamp};

/// The time a duration such as `2 weeks`, `3 months` or `1 year 2 days` gives from `base`
/// (Unix seconds), as PHP's `strtotime` computes it in UTC: months and years move the
/// calendar fields and let days overflow into the next month. An absolute time is taken as
/// it is. `None` for text that is neither.
pub fn relative_time(text: &str, base: i64) -> Option<i64> {
    let lower = text.trim().to_ascii_lowercase();
    if lower == "now" {
        return Some(base);
    }
    let (mut years, mut months, mut seconds) = (0i64, 0i64, 0i64);
    let bytes = lower.as_bytes();
    let mut i = 0;
    let mut any = false;
    let skip_space = |i: &mut usize| {
        while *i < bytes.len() && matches!(bytes[*i], b' ' | b'\t') {
            *i += 1;
        }
    };
    loop {
        skip_space(&mut i);
        if i >= bytes.len() {
            break;
        }
        if lower[i..].starts_with("ago") && (i + 3 == bytes.len() || !bytes[i + 3].is_ascii_alphabetic()) {
            years = -years;
            months = -months;
            seconds = -seconds;
            i += 3;
            continue;
        }
        let mut sign = 1i64;
        while i < bytes.len() && matches!(bytes[i], b'+' | b'-') {
            if bytes[i] == b'-' {
                sign = -sign;
            }
            i += 1;
        }
        let start = i;
        while i < bytes.len() && bytes[i].is_ascii_digit() {
            i += 1;
        }
        if i == start {
            return absolute_time(text);
        }
        let n: i64 = lower[start..i].parse().ok()?;
        skip_space(&mut i);
        let unit_start = i;
        while i < bytes.len() && bytes[i].is_ascii_alphabetic() {
            i += 1;
        }
        let n = sign.checked_mul(n)?;
        match &lower[unit_start..i] {
            "sec" | "secs" | "second" | "seconds" => seconds += n,
            "min" | "mins" | "minute" | "minutes" => seconds += n * 60,
            "hour" | "hours" => seconds += n * 3600,
            "day" | "days" => seconds += n * 86400,
            "week" | "weeks" => seconds += n * 7 * 86400,
            "fortnight" | "fortnights" | "forthnight" | "forthnights" => seconds += n * 14 * 86400,
            "month" | "months" => months += n,
            "year" | "years" => years += n,
            _ => return absolute_time(text),
        }
        any = true;
    }
    if !any {
        return absolute_time(text);
    }
    let days = base.div_euclid(86400);
    let secs = base.rem_euclid(86400);
    let (y, m, d) = civil_from_days(days);
    let total_months = (y + years) * 12 + (m - 1) + months;
    let (ny, nm) = (total_months.div_euclid(12), total_months.rem_euclid(12) + 1);
    let day_number = days_from_civil(ny, nm, 1) + d - 1;
    Some(day_number * 86400 + secs + seconds)
}

fn absolute_time(text: &str) -> Option<i64> {
    Timestamp::parse(text.trim()).map(Timestamp::unix)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations_count_as_strtotime_does() {
        let base = Timestamp::parse("20260131120000").map(Timestamp::unix).unwrap_or_default();
        let at = |s: &str| relative_time(s, base).map(|u| Timestamp::from_unix(u).to_mw());
        assert_eq!(at("1 month").as_deref(), Some("20260303120000"));
        assert_eq!(at("2 weeks").as_deref(), Some("20260214120000"));
        assert_eq!(at("+1 year 2 days").as_deref(), Some("20270202120000"));
        assert_eq!(at("36 hours").as_deref(), Some("20260202000000"));
        assert_eq!(at("2027-01-01T00:00:00Z").as_deref(), Some("20270101000000"));
        assert_eq!(at("whenever"), None);
    }
}
