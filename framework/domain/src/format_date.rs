//! Dates as `{{#formatdate:}}` writes them on an English wiki (MediaWiki's `DateFormatter`): a
//! date written in one of the forms it knows (`2009-03-24`, `24 March 2009`, `March 24, 2009`,
//! `2009 March 24`, `24 March`, `March 24`, with month abbreviations and `BC` years) is written
//! again in the preferred form, inside a span that carries the ISO date.

use std::sync::OnceLock;

use regex::{Captures, Regex};

use crate::html::escape_attribute;

use crate::timestamp::MONTH_NAMES as MONTHS;

/// The forms, numbered as MediaWiki numbers them.
const MDY: usize = 1;
const DMY: usize = 2;
const YMD: usize = 3;
const ISO: usize = 4;
const YDM: usize = 5;
const DM: usize = 6;
const MD: usize = 7;

/// How each form is written (PHP `date`-like letters: `j` day, `F` month, `Y` year, `d`, `m`,
/// `y` their ISO forms).
fn target_format(form: usize) -> &'static str {
    match form {
        DMY => "j F Y",
        YDM => "Y, j F",
        MDY => "F j, Y",
        YMD => "Y F j",
        DM => "j F",
        MD => "F j",
        _ => "y-m-d",
    }
}

/// The form a date written in `source` is written in for a preference.
fn target(preference: usize, source: usize) -> usize {
    match (preference, source) {
        (0, ISO) => ISO,
        (MDY, DM) => MD,
        (DMY, MD) => DM,
        (_, MD) => MD,
        (_, DM) => DM,
        (0, source) => source,
        (preference, _) => preference,
    }
}

fn patterns() -> &'static [Regex; 8] {
    static RE: OnceLock<[Regex; 8]> = OnceLock::new();
    RE.get_or_init(|| {
        let abbreviations: Vec<&str> = MONTHS.iter().map(|m| &m[..3]).collect();
        let months: Vec<String> = MONTHS.iter().zip(&abbreviations).map(|(m, a)| format!("{m}|{a}")).collect();
        let months = months.join("|");
        let dm = format!("(?P<day>[0-9]{{1,2}})[ _](?P<month>{months})");
        let md = format!("(?P<month>{months})[ _](?P<day>[0-9]{{1,2}})");
        let y = "(?P<year>[0-9]{1,4}(?:[ _]BC|))";
        let iso = "(?P<isoyear>-?[0-9]{4})-(?P<isomonth>[0-9]{2})-(?P<isoday>[0-9]{2})";
        let sep = "(?: *, *| +)";
        let make = |p: String| Regex::new(&format!("(?i)^{p}$")).expect("a date pattern");
        [
            make(String::new()),
            make(format!("{md}{sep}{y}")),
            make(format!("{dm}{sep}{y}")),
            make(format!("{y}{sep}{md}")),
            make(iso.to_owned()),
            make(format!("{y}{sep}{dm}")),
            make(dm),
            make(md),
        ]
    })
}

/// `text` (trimmed) with the date it is reformatted for `preference` (`default`, `dmy`, `mdy`,
/// `ymd`, `ISO 8601`; another is `default`).
pub fn format_date(text: &str, preference: &str) -> String {
    let preference = match preference {
        "dmy" => DMY,
        "mdy" => MDY,
        "ymd" => YMD,
        "ISO 8601" => ISO,
        _ => 0,
    };
    let mut text = text.to_owned();
    for (source, pattern) in patterns().iter().enumerate().skip(1) {
        let format = target_format(target(preference, source));
        if let Some(c) = pattern.captures(&text) {
            if let Some(formatted) = reformat(&c, format) {
                text = formatted;
            }
        }
    }
    text
}

/// One date rewritten in `format`; `None` keeps it as written (a month out of range).
fn reformat(c: &Captures<'_>, format: &str) -> Option<String> {
    let year = c.name("year").map(|m| m.as_str().to_owned());
    let mut iso_year = c.name("isoyear").map(|m| m.as_str().to_owned());
    if iso_year.is_none() {
        iso_year = year.as_deref().map(iso_year_of);
    }
    let year = year.or_else(|| iso_year.as_deref().map(normal_year_of));
    let iso_month = match c.name("isomonth") {
        Some(m) => m.as_str().to_owned(),
        None => {
            let name = c.name("month")?.as_str().to_lowercase();
            let n = MONTHS.iter().position(|m| m.to_lowercase() == name || m[..3].to_lowercase() == name)?;
            format!("{:02}", n + 1)
        }
    };
    let day = c.name("day").map(|m| m.as_str().to_owned());
    let iso_day = match c.name("isoday") {
        Some(d) => d.as_str().to_owned(),
        None => format!("{:02}", day.as_deref().unwrap_or("0").parse::<u32>().unwrap_or(0)),
    };
    let mut out = String::new();
    for ch in format.chars() {
        match ch {
            'd' => out.push_str(&iso_day),
            'm' => out.push_str(&iso_month),
            'y' => out.push_str(iso_year.as_deref().unwrap_or("")),
            'j' => match &day {
                Some(d) => out.push_str(d),
                None => out.push_str(&iso_day.parse::<u32>().unwrap_or(0).to_string()),
            },
            'F' => {
                let m: usize = iso_month.parse().unwrap_or(0);
                if !(1..=12).contains(&m) {
                    return None;
                }
                out.push_str(MONTHS[m - 1]);
            }
            'Y' => out.push_str(year.as_deref().unwrap_or("")),
            other => out.push(other),
        }
    }
    let mut iso = Vec::new();
    if let Some(y) = &iso_year {
        iso.push(y.clone());
    }
    iso.push(iso_month);
    iso.push(iso_day);
    Some(format!("<span class=\"mw-formatted-date\" title=\"{}\">{out}</span>", escape_attribute(&iso.join("-"))))
}

/// A year as ISO writes it (`44 BC` is `-0043`).
fn iso_year_of(year: &str) -> String {
    match year.strip_suffix("BC") {
        Some(rest) => {
            let n: i64 = rest[..rest.len().saturating_sub(1)].parse().unwrap_or(0);
            format!("-{:04}", n - 1)
        }
        None => format!("{:04}", year.parse::<i64>().unwrap_or(0)),
    }
}

/// An ISO year as one writes it (`-0043` is `44 BC`).
fn normal_year_of(iso: &str) -> String {
    match iso.strip_prefix('-') {
        Some(rest) => format!("{} BC", rest.parse::<i64>().unwrap_or(0) + 1),
        None => iso.parse::<i64>().unwrap_or(0).to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::format_date;

    fn span(iso: &str, text: &str) -> String {
        format!("<span class=\"mw-formatted-date\" title=\"{iso}\">{text}</span>")
    }

    #[test]
    fn dates_are_written_in_the_preferred_form() {
        assert_eq!(format_date("2009-03-24", "default"), span("2009-03-24", "2009-03-24"));
        assert_eq!(format_date("2009-03-24", "mdy"), span("2009-03-24", "March 24, 2009"));
        assert_eq!(format_date("January 15", "default"), span("01-15", "January 15"));
        assert_eq!(format_date("june 3", "dmy"), span("06-03", "3 June"));
        assert_eq!(format_date("24 Mar 2009", "ymd"), span("2009-03-24", "2009 March 24"));
        assert_eq!(format_date("44 BC March 15", "dmy"), span("-0043-03-15", "15 March 44 BC"));
    }

    #[test]
    fn what_is_no_date_stays() {
        assert_eq!(format_date("2019-22-22", "dmy"), "2019-22-22");
        assert_eq!(format_date("tomorrow", "dmy"), "tomorrow");
    }
}
