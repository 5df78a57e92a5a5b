//! Timestamps as MediaWiki writes them (`YYYYMMDDHHMMSS`).

use std::fmt;
use std::str::FromStr;

/// A MediaWiki timestamp in its 14-digit form (`YYYYMMDDHHMMSS`, UTC), checked to be a real
/// date and time.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct MwTimestamp([u8; 14]);

impl MwTimestamp {
    /// Parses the dump form `2026-11-21T23:31:51Z` or the 14-digit form; `None` if it is neither
    /// or names an impossible date.
    pub fn parse(s: &str) -> Option<MwTimestamp> {
        let b = s.as_bytes();
        let mut digits = [0u8; 14];
        match b.len() {
            14 => digits.copy_from_slice(b),
            20 => {
                let separators = [(4, b'-'), (7, b'-'), (10, b'T'), (13, b':'), (16, b':'), (19, b'Z')];
                if separators.iter().any(|&(i, c)| b[i] != c) {
                    return None;
                }
                let mut n = 0;
                for (i, &c) in b.iter().enumerate() {
                    if !separators.iter().any(|&(j, _)| j == i) {
                        digits[n] = c;
                        n += 1;
                    }
                }
            }
            _ => return None,
        }
        if !digits.iter().all(u8::is_ascii_digit) {
            return None;
        }
        let num =
            |from: usize, len: usize| digits[from..from + len].iter().fold(0u32, |a, &d| a * 10 + u32::from(d - b'0'));
        let (year, month, day) = (num(0, 4), num(4, 2), num(6, 2));
        let (hour, minute, second) = (num(8, 2), num(10, 2), num(12, 2));
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0);
        let month_days = match month {
            1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
            4 | 6 | 9 | 11 => 30,
            2 if leap => 29,
            2 => 28,
            _ => return None,
        };
        if day == 0 || day > month_days || hour > 23 || minute > 59 || second > 59 {
            return None;
        }
        Some(MwTimestamp(digits))
    }

    /// The 14-digit form, as stored in MediaWiki's database.
    pub fn as_str(&self) -> &str {
        // Only ASCII digits are ever stored, so this cannot fail.
        std::str::from_utf8(&self.0).unwrap_or_default()
    }

    /// The ISO 8601 form used by dumps and the API (`2026-11-21T23:31:51Z`).
    pub fn to_iso8601(&self) -> String {
        let s = self.as_str();
        format!("{}-{}-{}T{}:{}:{}Z", &s[0..4], &s[4..6], &s[6..8], &s[8..10], &s[10..12], &s[12..14])
    }
}

impl fmt::Display for MwTimestamp {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl fmt::Debug for MwTimestamp {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "MwTimestamp({})", self.as_str())
    }
}

impl FromStr for MwTimestamp {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        MwTimestamp::parse(s).ok_or_else(|| format!("not a valid timestamp: {s:?}"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn timestamps_are_validated() {
        let ts = MwTimestamp::parse("2024-02-29T23:59:59Z").expect("leap day");
        assert_eq!(ts.as_str(), "20240229235959");
        assert_eq!(ts.to_iso8601(), "2024-02-29T23:59:59Z");
        assert_eq!(MwTimestamp::parse("20240229235959"), Some(ts));
        assert_eq!(ts.to_string(), "20240229235959");
        for bad in [
            "2023-02-29T00:00:00Z",
            "1900-02-29T00:00:00Z",
            "2024-04-31T00:00:00Z",
            "2024-13-01T00:00:00Z",
            "2024-00-01T00:00:00Z",
            "2024-01-00T00:00:00Z",
            "2024-01-01T24:00:00Z",
            "2024-01-01T00:60:00Z",
            "2024-01-01T00:00:60Z",
            "2024-01-01 00:00:00Z",
            "2024-01-01T00:00:00",
            "2024-01-01T00:00:00+01:00",
            "2024-1-01T00:00:00Z",
            "2024010100000x",
            "",
        ] {
            assert_eq!(MwTimestamp::parse(bad), None, "{bad}");
        }
        assert!(MwTimestamp::parse("2000-02-29T00:00:00Z").is_some());
    }
}
