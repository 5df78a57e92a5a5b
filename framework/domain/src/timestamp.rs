//! Timestamps in every input form MediaWiki accepts; 14-digit and ISO 8601 out.

use std::fmt;
use std::sync::LazyLock;

use regex::{Captures, Regex};

/// A point in time, to the second, in UTC.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Timestamp {
    unix: i64,
}

struct Form {
    regex: Regex,
    kind: FormKind,
}

#[derive(Clone, Copy)]
enum FormKind {
    Calendar,
    Unix,
    Rfc2822,
    Rfc850,
    Asctime,
}

/// The forms MediaWiki's timestamp library recognises, tried in its order.
static FORMS: LazyLock<Vec<Form>> = LazyLock::new(|| {
    let f = |re: &str, kind| Form { regex: Regex::new(re).expect("timestamp pattern"), kind };
    vec![
        f(r"^(?<Y>\d{4})(?<m>\d\d)(?<d>\d\d)(?<H>\d\d)(?<i>\d\d)(?<s>\d\d)$", FormKind::Calendar),
        f(
            r"^(?<Y>\d{4})-(?<m>\d{2})-(?<d>\d{2})[T ](?<H>\d{2}):(?<i>\d{2}):(?<s>\d{2})(?:[.,](?<u>\d{1,6}))?(?<O>Z|[+\-]\d{2}(?::?\d{2})?)?$",
            FormKind::Calendar,
        ),
        f(
            r"^(?<Y>\d{4})(?<m>\d{2})(?<d>\d{2})T(?<H>\d{2})(?<i>\d{2})(?<s>\d{2})(?:[.,](?<u>\d{1,6}))?(?<O>Z|[+\-]\d{2}(?::?\d{2})?)?$",
            FormKind::Calendar,
        ),
        f(r"^(?<U>-?\d{1,13})$", FormKind::Unix),
        f(r"^(?<U>-?\d{1,13})\.(?<u>\d{1,6})$", FormKind::Unix),
        f(
            r"^(?<d>\d{2})-(?<m>\d{2})-(?<Y>\d{4}) (?<H>\d{2}):(?<i>\d{2}):(?<s>\d{2})\.(?<u>\d{6})$",
            FormKind::Calendar,
        ),
        f(
            r"^(?<Y>\d{4})-(?<m>\d\d)-(?<d>\d\d) (?<H>\d\d):(?<i>\d\d):(?<s>\d\d)(?:\.(?<u>\d{1,6}))?(?<O>[+\- ]\d\d)$",
            FormKind::Calendar,
        ),
        f(
            r"^(?<Y>\d{4})-(?<m>\d\d)-(?<d>\d\d) (?<H>\d\d):(?<i>\d\d):(?<s>\d\d)(?:\.(?<u>\d{1,6}))? GMT$",
            FormKind::Calendar,
        ),
        f(r"^(?<Y>\d{4}):(?<m>\d\d):(?<d>\d\d) (?<H>\d\d):(?<i>\d\d):(?<s>\d\d)$", FormKind::Calendar),
        f(
            r"^[ \t\r\n]*(?:(?<D>[A-Z][a-z]{2}),[ \t\r\n]*)?(?<d>\d\d?)[ \t\r\n]+(?<M>[A-Z][a-z]{2})[ \t\r\n]+(?<Y>\d{2,})[ \t\r\n]+(?<H>\d\d)[ \t\r\n]*:[ \t\r\n]*(?<i>\d\d)[ \t\r\n]*:[ \t\r\n]*(?<s>\d\d)(?:[ \t\r\n]+(?<O>[+-]\d{4}|UT|GMT|[ECMP][SD]T|[A-IK-Za-ik-z]))?(?:[ \t\r\n]*;|$)",
            FormKind::Rfc2822,
        ),
        f(
            r"^(?<D>[A-Z][a-z]{5,8}), (?<d>\d\d)-(?<M>[A-Z][a-z]{2})-(?<y>\d{2}) (?<H>\d\d):(?<i>\d\d):(?<s>\d\d)(?: (?<O>[+\-]\d{2}(?::?\d{2})?|[A-Z]{1,5}))?$",
            FormKind::Rfc850,
        ),
        f(
            r"^(?<D>[A-Z][a-z]{2}) (?<M>[A-Z][a-z]{2}) +(?<d>\d{1,2}) (?<H>\d\d):(?<i>\d\d):(?<s>\d\d) (?<Y>\d{4})\s*$",
            FormKind::Asctime,
        ),
    ]
});

/// The English abbreviations of the months, as dates in HTTP headers and clocks write them.
pub(crate) const MONTH_ABBREVIATIONS: [&str; 12] =
    ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's algorithm).
pub fn days_from_civil(y: i64, m: i64, d: i64) -> i64 {
    let y = if m <= 2 { y - 1 } else { y };
    let era = if y >= 0 { y } else { y - 399 } / 400;
    let yoe = y - era * 400;
    let mp = (m + 9) % 12;
    let doy = (153 * mp + 2) / 5 + d - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146097 + doe - 719468
}

/// The (year, month, day) of a count of days since 1970-01-01.
pub fn civil_from_days(z: i64) -> (i64, i64, i64) {
    let z = z + 719468;
    let era = if z >= 0 { z } else { z - 146096 } / 146097;
    let doe = z - era * 146097;
    let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
    let y = yoe + era * 400;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    (if m <= 2 { y + 1 } else { y }, m, d)
}

fn zone_offset(zone: &str) -> Option<i64> {
    match zone {
        "Z" | "UT" | "UTC" | "GMT" => return Some(0),
        "EST" => return Some(-5 * 3600),
        "EDT" => return Some(-4 * 3600),
        "CST" => return Some(-6 * 3600),
        "CDT" => return Some(-5 * 3600),
        "MST" => return Some(-7 * 3600),
        "MDT" => return Some(-6 * 3600),
        "PST" => return Some(-8 * 3600),
        "PDT" => return Some(-7 * 3600),
        _ => {}
    }
    if zone.len() == 1 && zone.chars().all(|c| c.is_ascii_alphabetic()) {
        return Some(0);
    }
    let (sign, rest) = match zone.as_bytes().first()? {
        b'+' | b' ' => (1, &zone[1..]),
        b'-' => (-1, &zone[1..]),
        _ => return None,
    };
    let digits: String = rest.chars().filter(|c| *c != ':').collect();
    let (h, m) = match digits.len() {
        2 => (digits.parse::<i64>().ok()?, 0),
        4 => (digits[..2].parse::<i64>().ok()?, digits[2..].parse::<i64>().ok()?),
        _ => return None,
    };
    Some(sign * (h * 3600 + m * 60))
}

impl Timestamp {
    /// The timestamp of a count of seconds since 1970.
    pub fn from_unix(unix: i64) -> Self {
        Timestamp { unix }
    }

    /// The current time.
    pub fn now() -> Self {
        Timestamp { unix: chrono::Utc::now().timestamp() }
    }

    /// Seconds since 1970.
    pub fn unix(self) -> i64 {
        self.unix
    }

    /// Parses any form MediaWiki accepts: 14-digit, ISO 8601 (basic and extended, with zone),
    /// Unix seconds, the database, Oracle, PostgreSQL and EXIF forms, RFC 2822, RFC 850 and
    /// asctime. Out-of-range fields roll over as PHP's date parser makes them.
    pub fn parse(input: &str) -> Option<Self> {
        // The stored 14-digit form, the most common by far, without the patterns.
        let b = input.as_bytes();
        if b.len() == 14 && b.iter().all(u8::is_ascii_digit) {
            let n = |from: usize, to: usize| b[from..to].iter().fold(0i64, |n, d| n * 10 + i64::from(d - b'0'));
            return Some(Self::from_fields(n(0, 4), n(4, 6), n(6, 8), n(8, 10), n(10, 12), n(12, 14), 0));
        }
        for form in FORMS.iter() {
            if let Some(c) = form.regex.captures(input) {
                return Self::from_captures(&c, form.kind);
            }
        }
        None
    }

    fn from_captures(c: &Captures<'_>, kind: FormKind) -> Option<Self> {
        let num = |k: &str| c.name(k).map(|m| m.as_str().parse::<i64>()).transpose();
        if let FormKind::Unix = kind {
            return Some(Timestamp { unix: num("U").ok()?? });
        }
        let mut year = match num("Y").ok()? {
            Some(y) => y,
            None => {
                let y = num("y").ok()??;
                let pivot = civil_from_days(chrono::Utc::now().timestamp().div_euclid(86400)).0 + 50;
                let full = pivot - pivot % 100 + y;
                if full > pivot {
                    full - 100
                } else {
                    full
                }
            }
        };
        if let FormKind::Rfc2822 = kind {
            if year < 1000 {
                year += if year < 50 { 2000 } else { 1900 };
            }
        }
        let month = match c.name("M") {
            Some(m) => MONTH_ABBREVIATIONS.iter().position(|x| *x == m.as_str())? as i64 + 1,
            None => num("m").ok()??,
        };
        let (day, hour, min, sec) = (num("d").ok()??, num("H").ok()??, num("i").ok()??, num("s").ok()??);
        let offset = match c.name("O") {
            Some(z) => zone_offset(z.as_str())?,
            None => 0,
        };
        Some(Self::from_fields(year, month, day, hour, min, sec, offset))
    }

    /// The time of calendar fields at a UTC offset (seconds). Month and day overflow roll over
    /// (month 13 is January of the next year), as do the time fields.
    fn from_fields(year: i64, month: i64, day: i64, hour: i64, min: i64, sec: i64, offset: i64) -> Self {
        let y = year + (month - 1).div_euclid(12);
        let m = (month - 1).rem_euclid(12) + 1;
        let days = days_from_civil(y, m, 1) + day - 1;
        Timestamp { unix: days * 86400 + hour * 3600 + min * 60 + sec - offset }
    }

    /// The 14-digit form `YYYYMMDDHHMMSS` that MediaWiki stores.
    pub fn to_mw(self) -> String {
        let (y, mo, d, h, mi, s) = self.fields();
        format!("{y:04}{mo:02}{d:02}{h:02}{mi:02}{s:02}")
    }

    /// A timestamp as stored (usually the 14-digit form) in ISO 8601, as the API writes it;
    /// `None` for text that is no timestamp. The 14-digit form of a valid date is rewritten
    /// directly; anything else goes through [`Timestamp::parse`] (which also rolls over
    /// out-of-range fields).
    pub fn iso_of_stored(stored: &str) -> Option<IsoText> {
        let b = stored.as_bytes();
        if b.len() == 14 && b.iter().all(u8::is_ascii_digit) {
            let field = |i: usize| u32::from(b[i] - b'0') * 10 + u32::from(b[i + 1] - b'0');
            let (month, day, hour, minute, second) = (field(4), field(6), field(8), field(10), field(12));
            // Days up to 28 exist in every month; later ones are checked by the parser.
            if (1..=12).contains(&month) && (1..=28).contains(&day) && hour < 24 && minute < 60 && second < 60 {
                let mut iso = IsoText { buf: [0; ISO_MAX], len: 20 };
                iso.buf[..20].copy_from_slice(&[
                    b[0], b[1], b[2], b[3], b'-', b[4], b[5], b'-', b[6], b[7], b'T', b[8], b[9], b':', b[10], b[11],
                    b':', b[12], b[13], b'Z',
                ]);
                return Some(iso);
            }
        }
        Timestamp::parse(stored).map(Timestamp::iso)
    }

    /// A timestamp as stored in ISO 8601 as [`Timestamp::iso_of_stored`] writes it; text that
    /// is no timestamp as it is.
    pub fn iso_text(stored: &str) -> String {
        Timestamp::iso_of_stored(stored).map_or_else(|| stored.to_owned(), |t| t.as_str().to_owned())
    }

    /// ISO 8601 `YYYY-MM-DDThh:mm:ssZ`, as the API writes timestamps.
    pub fn to_iso(self) -> String {
        self.iso().as_str().to_owned()
    }

    /// ISO 8601 as [`Timestamp::to_iso`] writes it, without allocating.
    pub fn iso(self) -> IsoText {
        let (y, mo, d, h, mi, s) = self.fields();
        let mut iso = IsoText { buf: [0; ISO_MAX], len: 0 };
        if (0..=9999).contains(&y) {
            iso.two((y / 100) as u8);
            iso.two((y % 100) as u8);
        } else {
            // Years outside four digits, as `{:04}` writes them.
            let text = format!("{y:04}");
            iso.buf[..text.len()].copy_from_slice(text.as_bytes());
            iso.len = text.len() as u8;
        }
        for (separator, value) in [(b'-', mo), (b'-', d), (b'T', h), (b':', mi), (b':', s)] {
            iso.buf[usize::from(iso.len)] = separator;
            iso.len += 1;
            iso.two(value as u8);
        }
        iso.buf[usize::from(iso.len)] = b'Z';
        iso.len += 1;
        iso
    }

    /// The form of HTTP dates (RFC 7231's IMF-fixdate), `Sun, 06 Nov 1994 08:49:37 GMT`, as
    /// MediaWiki writes `Expires` and `Last-Modified`.
    pub fn to_http_date(self) -> String {
        const DAYS: [&str; 7] = ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"];
        let (y, mo, d, h, mi, s) = self.fields();
        let weekday = DAYS[self.unix.div_euclid(86400).rem_euclid(7) as usize];
        let month = MONTH_ABBREVIATIONS[(mo - 1).clamp(0, 11) as usize];
        format!("{weekday}, {d:02} {month} {y:04} {h:02}:{mi:02}:{s:02} GMT")
    }

    fn fields(self) -> (i64, i64, i64, i64, i64, i64) {
        let days = self.unix.div_euclid(86400);
        let secs = self.unix.rem_euclid(86400);
        let (y, m, d) = civil_from_days(days);
        (y, m, d, secs / 3600, secs % 3600 / 60, secs % 60)
    }
}

impl fmt::Display for Timestamp {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.iso())
    }
}

/// The longest ISO 8601 text of a [`Timestamp`]: a year of any `i64` and the 15 bytes after it.
const ISO_MAX: usize = 40;

/// A timestamp's ISO 8601 text (`YYYY-MM-DDThh:mm:ssZ`) held without allocating; read it as a
/// `str`.
#[derive(Clone, Copy)]
pub struct IsoText {
    buf: [u8; ISO_MAX],
    len: u8,
}

impl IsoText {
    /// Appends two digits.
    fn two(&mut self, value: u8) {
        let at = usize::from(self.len);
        self.buf[at] = b'0' + value / 10 % 10;
        self.buf[at + 1] = b'0' + value % 10;
        self.len += 2;
    }

    /// The text.
    pub fn as_str(&self) -> &str {
        // Only ASCII digits and separators are ever written.
        std::str::from_utf8(&self.buf[..usize::from(self.len)]).unwrap_or_default()
    }
}

impl std::ops::Deref for IsoText {
    type Target = str;

    fn deref(&self) -> &str {
        self.as_str()
    }
}

impl fmt::Display for IsoText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self)
    }
}

impl fmt::Debug for IsoText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.as_str(), f)
    }
}

impl PartialEq for IsoText {
    fn eq(&self, other: &IsoText) -> bool {
        self.as_str() == other.as_str()
    }
}

#[cfg(test)]
mod tests {
    use super::Timestamp;

    #[test]
    fn http_dates_name_the_weekday_and_read_back() {
        assert_eq!(Timestamp::from_unix(1).to_http_date(), "Thu, 01 Jan 1970 00:00:01 GMT");
        let t = Timestamp::parse("2026-11-22T00:01:00Z").expect("iso");
        assert_eq!(t.to_http_date(), "Sun, 22 Nov 2026 00:01:00 GMT");
        assert_eq!(Timestamp::parse(&t.to_http_date()), Some(t));
    }

    #[test]
    fn every_form_gives_the_same_instant() {
        let want = "2024-03-05T06:07:08Z";
        for form in [
            "20240305060708",
            "2024-03-05T06:07:08Z",
            "2024-03-05 06:07:08",
            "2024-03-05T06:07:08.123Z",
            "20240305T060708Z",
            "2024-03-05T08:07:08+02:00",
            "1709618828",
            "2024:03:05 06:07:08",
            "2024-03-05 06:07:08 GMT",
            "Tue, 05 Mar 2024 06:07:08 GMT",
            "5 Mar 2024 01:07:08 EST",
            "Tue Mar  5 06:07:08 2024",
            "05-03-2024 06:07:08.000000",
        ] {
            let ts = Timestamp::parse(form).unwrap_or_else(|| panic!("{form} should parse"));
            assert_eq!(ts.to_iso(), want, "{form}");
        }
    }

    #[test]
    fn garbage_is_no_timestamp() {
        for bad in ["notatime", "2024-13", "12345678901234567", "2024-03-05T06:07"] {
            assert!(Timestamp::parse(bad).is_none(), "{bad}");
        }
    }

    #[test]
    fn stored_timestamps_are_written_in_iso_8601() {
        assert_eq!(Timestamp::iso_of_stored("20261121233230").as_deref(), Some("2026-11-21T23:32:30Z"));
        assert_eq!(Timestamp::iso_of_stored("20240229120000").as_deref(), Some("2024-02-29T12:00:00Z"));
        assert_eq!(Timestamp::iso_of_stored("20230229120000").as_deref(), Some("2023-03-01T12:00:00Z"));
        assert_eq!(Timestamp::iso_of_stored("garbage"), None);
        // Years of other lengths are written as the 14-digit form's parser reads them.
        for (unix, want) in [
            (0, "1970-01-01T00:00:00Z"),
            (-62_167_219_200, "0000-01-01T00:00:00Z"),
            (-62_167_219_201, "-001-12-31T23:59:59Z"),
            (253_402_300_800, "10000-01-01T00:00:00Z"),
        ] {
            assert_eq!(Timestamp::from_unix(unix).to_iso(), want);
            assert_eq!(Timestamp::from_unix(unix).to_string(), want);
        }
    }

    #[test]
    fn overflowing_fields_roll_over() {
        assert_eq!(Timestamp::parse("20241301000000").map(|t| t.to_mw()).as_deref(), Some("20250101000000"));
    }
}

/// An expiry as the API writes it (MediaWiki's `ApiResult::formatExpiry`): a stored value
/// meaning "never" (`infinity`, `infinite`, `indefinite`, `never`) as `infinity`, which some
/// members spell otherwise, anything else in ISO 8601.
pub fn format_expiry(stored: &str, infinity: &str) -> String {
    if matches!(stored, "infinity" | "infinite" | "indefinite" | "never") {
        return infinity.to_owned();
    }
    Timestamp::iso_of_stored(stored).map_or_else(|| stored.to_owned(), |iso| iso.as_str().to_owned())
}

/// English month names, for dates written out.
pub(crate) const MONTH_NAMES: [&str; 12] = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
];

/// A time and date as an English-speaking reader sees them by default (`23:32, 21 November
/// 2026`), `offset_minutes` from UTC.
pub fn time_and_date(ts: Timestamp, offset_minutes: i32) -> String {
    let local = ts.unix() + i64::from(offset_minutes) * 60;
    let (y, m, d) = civil_from_days(local.div_euclid(86400));
    let secs = local.rem_euclid(86400);
    let month = usize::try_from(m - 1).map_or("", |i| MONTH_NAMES[i]);
    format!("{:02}:{:02}, {d} {month} {y}", secs / 3600, secs % 3600 / 60)
}

#[cfg(test)]
mod written_tests {
    use super::*;

    #[test]
    fn times_and_dates_read_as_in_english() {
        let ts = Timestamp::parse("20261121233230").unwrap();
        assert_eq!(time_and_date(ts, 0), "23:32, 21 November 2026");
        assert_eq!(time_and_date(ts, 60), "00:32, 22 November 2026");
        assert_eq!(format_expiry("infinity", "infinite"), "infinite");
        assert_eq!(format_expiry("20270221233230", "infinite"), "2027-02-21T23:32:30Z");
    }
}
