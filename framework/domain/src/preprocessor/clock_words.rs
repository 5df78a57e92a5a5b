//! The variables that read the clock (`{{CURRENTYEAR}}`, `{{LOCALTIME}}`, …), as an English
//! wiki gives them, and how long a page that uses one may be kept (MediaWiki's cache time to
//! live for each).

use crate::timestamp::{civil_from_days, Timestamp, MONTH_ABBREVIATIONS, MONTH_NAMES as MONTHS};

const WEEKDAYS: [&str; 7] = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

/// How many seconds a page that uses variable `id` may be kept, for the variables that have
/// a limit (those that read the clock or the site's counts).
pub fn time_to_live(id: &str) -> Option<i64> {
    Some(match id {
        "currentmonth"
        | "currentmonth1"
        | "currentmonthname"
        | "currentmonthnamegen"
        | "currentmonthabbrev"
        | "currentyear"
        | "localmonth"
        | "localmonth1"
        | "localmonthname"
        | "localmonthnamegen"
        | "localmonthabbrev"
        | "localyear"
        | "currentversion" => 86400,
        "currentday"
        | "currentday2"
        | "currentdayname"
        | "currenttime"
        | "currenthour"
        | "localday"
        | "localday2"
        | "localdayname"
        | "localtime"
        | "localhour"
        | "numberofarticles"
        | "numberoffiles"
        | "numberofedits"
        | "currentweek"
        | "currentdow"
        | "localweek"
        | "localdow"
        | "numberofusers"
        | "numberofactiveusers"
        | "numberofpages"
        | "currenttimestamp"
        | "localtimestamp"
        | "pagesinnamespace"
        | "numberofadmins"
        | "numberingroup" => 3600,
        _ => return None,
    })
}

/// The value of clock variable `id` at `now`, `offset_minutes` from UTC for the `local…`
/// ones; `None` for another variable.
pub fn clock_variable(id: &str, now: Timestamp, offset_minutes: i32) -> Option<String> {
    let (local, name) = match id.strip_prefix("local") {
        Some(rest) => (true, rest),
        None => (false, id.strip_prefix("current")?),
    };
    let unix = now.unix() + if local { i64::from(offset_minutes) * 60 } else { 0 };
    let days = unix.div_euclid(86400);
    let secs = unix.rem_euclid(86400);
    let (y, m, d) = civil_from_days(days);
    let month = usize::try_from(m - 1).unwrap_or(0);
    // 1970-01-01 was a Thursday.
    let weekday = usize::try_from((days + 4).rem_euclid(7)).unwrap_or(0);
    let (hour, minute, second) = (secs / 3600, secs % 3600 / 60, secs % 60);
    Some(match name {
        "year" => y.to_string(),
        "month" => format!("{m:02}"),
        "month1" => m.to_string(),
        "monthname" | "monthnamegen" => MONTHS[month].to_owned(),
        "monthabbrev" => MONTH_ABBREVIATIONS[month].to_owned(),
        "day" => d.to_string(),
        "day2" => format!("{d:02}"),
        "dayname" => WEEKDAYS[weekday].to_owned(),
        "time" => format!("{hour:02}:{minute:02}"),
        "hour" => format!("{hour:02}"),
        "week" => iso_week(days, weekday).to_string(),
        "dow" => weekday.to_string(),
        "timestamp" => format!("{y:04}{m:02}{d:02}{hour:02}{minute:02}{second:02}"),
        _ => return None,
    })
}

/// The ISO 8601 week number of the day `days` after 1970-01-01 (PHP's `W`).
fn iso_week(days: i64, weekday: usize) -> i64 {
    // The Thursday of the same ISO week decides its year.
    let iso_weekday = if weekday == 0 { 7 } else { weekday as i64 };
    let thursday = days - iso_weekday + 4;
    let (year, _, _) = civil_from_days(thursday);
    let jan1 = crate::timestamp::days_from_civil(year, 1, 1);
    (thursday - jan1) / 7 + 1
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_clock_reads_as_an_english_wiki_shows_it() {
        let now = Timestamp::parse("20261122000000").unwrap();
        let at = |id| clock_variable(id, now, 0).unwrap();
        assert_eq!(at("currentyear"), "2026");
        assert_eq!(at("currentmonth"), "11");
        assert_eq!(at("currentmonth1"), "11");
        assert_eq!(at("currentmonthname"), "November");
        assert_eq!(at("currentmonthabbrev"), "Nov");
        assert_eq!(at("currentday"), "22");
        assert_eq!(at("currentday2"), "22");
        assert_eq!(at("currentdayname"), "Sunday");
        assert_eq!(at("currentdow"), "0");
        assert_eq!(at("currenttime"), "00:00");
        assert_eq!(at("currenthour"), "00");
        assert_eq!(at("currentweek"), "47");
        assert_eq!(at("currenttimestamp"), "20261122000000");
        assert_eq!(clock_variable("localtime", now, 90).unwrap(), "01:30");
        let new_year = Timestamp::parse("20270101120000").unwrap();
        // 1 January 2027 is a Friday, in week 53 of 2026.
        assert_eq!(clock_variable("currentweek", new_year, 0).unwrap(), "53");
        assert_eq!(clock_variable("currentday2", new_year, 0).unwrap(), "01");
        assert_eq!(clock_variable("pagename", now, 0), None);
        assert_eq!(time_to_live("currenttime"), Some(3600));
        assert_eq!(time_to_live("currentyear"), Some(86400));
    }
}
