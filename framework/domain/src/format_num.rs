//! Numbers as `{{formatnum:}}` writes them on a wiki whose content language is English
//! (MediaWiki's `Language::formatNum`, `formatNumNoSeparators` and `parseFormattedNumber`):
//! digits grouped by threes with commas, the written number of decimals kept, a minus sign
//! for a hyphen; text that is not a number has each number in it formatted.

/// Which of the function's forms: grouped (the default), without separators (`NOSEP`), or read
/// back from a formatted number (`R`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FormatNum {
    Grouped,
    NoSeparators,
    Raw,
}

/// The minus sign formatted numbers are written with.
const MINUS: char = '\u{2212}';
/// What "not a number" is written as (this project's wording of `formatnum-nan`).
const NOT_A_NUMBER: &str = "not a number";

/// `number` formatted as `how` says, and whether it was not a number as PHP reads one (which
/// puts the page in the `nonnumeric-formatnum` tracking category).
pub fn format_num(number: &str, how: FormatNum) -> (String, bool) {
    if how == FormatNum::Raw {
        return (parse_formatted(number), false);
    }
    let no_separators = how == FormatNum::NoSeparators;
    if !is_numeric(number) && !matches!(number, "NAN" | "INF" | "-INF") {
        return (each_number(number, no_separators), true);
    }
    (format_internal(number, no_separators), false)
}

/// `parseFormattedNumber`: the minus sign and the grouping commas taken out; the infinities
/// and "not a number" as PHP writes the floats they become.
fn parse_formatted(number: &str) -> String {
    match number {
        NOT_A_NUMBER => return "NAN".into(),
        "∞" => return "INF".into(),
        _ => {}
    }
    let number = number.replace(MINUS, "-");
    if number == "-∞" {
        return "-INF".into();
    }
    number.replace(',', "")
}

/// Each number in a text that is not one formatted on its own (MediaWiki's
/// `(-(?=[\d\.]))?(\d+|(?=\.\d))(\.\d*)?([Ee][-+]?\d+)?`).
fn each_number(text: &str, no_separators: bool) -> String {
    let b = text.as_bytes();
    let mut out = String::with_capacity(text.len() + 8);
    let mut copied = 0;
    let mut i = 0;
    while i < b.len() {
        if let Some(end) = number_at(b, i) {
            out.push_str(&text[copied..i]);
            out.push_str(&format_internal(&text[i..end], no_separators));
            copied = end;
            i = end;
        } else {
            i += 1;
        }
    }
    out.push_str(&text[copied..]);
    out
}

/// Where a number that starts at `i` ends, if one does.
fn number_at(b: &[u8], i: usize) -> Option<usize> {
    let digit = |at: usize| b.get(at).is_some_and(u8::is_ascii_digit);
    let mut j = i;
    if b[j] == b'-' && (digit(j + 1) || b.get(j + 1) == Some(&b'.')) {
        j += 1;
    }
    let start_digits = j;
    while digit(j) {
        j += 1;
    }
    if j == start_digits {
        // No digits: only `.` followed by a digit may start the number.
        if !(b.get(j) == Some(&b'.') && digit(j + 1)) {
            return None;
        }
    }
    if b.get(j) == Some(&b'.') {
        j += 1;
        while digit(j) {
            j += 1;
        }
    }
    if matches!(b.get(j), Some(b'e' | b'E')) {
        let mut k = j + 1;
        if matches!(b.get(k), Some(b'+' | b'-')) {
            k += 1;
        }
        if digit(k) {
            while digit(k) {
                k += 1;
            }
            j = k;
        }
    }
    Some(j)
}

/// PHP 8's `is_numeric` for a string.
fn is_numeric(s: &str) -> bool {
    crate::php::numeric(s).is_some()
}

/// `formatNumInternal` for a number PHP reads as one (or one of the floats' names).
fn format_internal(number: &str, no_separators: bool) -> String {
    let formatted = match number {
        "" => return String::new(),
        "NAN" => return NOT_A_NUMBER.into(),
        "INF" => return "∞".into(),
        "-INF" => return format!("{MINUS}∞"),
        _ if !is_numeric(number) => return each_number(number, no_separators),
        _ if no_separators || number == "-0" => number.to_owned(),
        _ => {
            let value = crate::php::numeric(number).unwrap_or(0.0);
            match written_shape(number) {
                Some((int_digits, point, frac_digits)) => decimal(value, int_digits, frac_digits, frac_digits, point),
                None => decimal(value, 1, 0, 3, false),
            }
        }
    };
    formatted.replace('-', &MINUS.to_string())
}

/// The shape of a plain decimal (`^-?(\d*)(\.(\d*))?$`): its integer digits, whether it has a
/// point, its decimals.
fn written_shape(number: &str) -> Option<(usize, bool, usize)> {
    let body = number.strip_prefix('-').unwrap_or(number);
    let (int, frac) = match body.split_once('.') {
        Some((int, frac)) => (int, Some(frac)),
        None => (body, None),
    };
    let all_digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
    if !all_digits(int) || !frac.is_none_or(all_digits) {
        return None;
    }
    Some((int.len(), frac.is_some(), frac.map_or(0, str::len)))
}

/// A float as ICU's decimal formatter writes it for English: the shortest digits that give the
/// float back, rounded half to even to at most `max_frac` decimals and padded to `min_frac`,
/// at least `min_int` integer digits, grouped by threes.
fn decimal(value: f64, min_int: usize, min_frac: usize, max_frac: usize, point_always: bool) -> String {
    let negative = value.is_sign_negative();
    if value.is_infinite() {
        return if negative { "-∞".into() } else { "∞".into() };
    }
    let plain = format!("{}", value.abs());
    let (int, frac) = match plain.split_once('.') {
        Some((i, f)) => (i.to_owned(), f.to_owned()),
        None => (plain.clone(), String::new()),
    };
    let mut digits: Vec<u8> = int.bytes().chain(frac.bytes()).collect();
    let mut int_len = int.len();
    let mut frac_len = frac.len();
    if frac_len > max_frac {
        let keep = int_len + max_frac;
        let rest = &digits[keep..];
        let first = rest[0];
        let beyond = rest[1..].iter().any(|&d| d != b'0');
        let last_odd = keep > 0 && (digits[keep - 1] - b'0') % 2 == 1;
        let up = first > b'5' || (first == b'5' && (beyond || last_odd));
        digits.truncate(keep);
        frac_len = max_frac;
        if up {
            let mut k = digits.len();
            loop {
                if k == 0 {
                    digits.insert(0, b'1');
                    int_len += 1;
                    break;
                }
                k -= 1;
                if digits[k] == b'9' {
                    digits[k] = b'0';
                } else {
                    digits[k] += 1;
                    break;
                }
            }
        }
    }
    let mut int_part: String = String::from_utf8_lossy(&digits[..int_len]).into_owned();
    let mut frac_part: String = String::from_utf8_lossy(&digits[int_len..int_len + frac_len]).into_owned();
    while frac_part.len() > min_frac && frac_part.ends_with('0') {
        frac_part.pop();
    }
    while frac_part.len() < min_frac {
        frac_part.push('0');
    }
    let int_trimmed = int_part.trim_start_matches('0');
    int_part = int_trimmed.to_owned();
    while int_part.len() < min_int {
        int_part.insert(0, '0');
    }
    let mut out = String::new();
    if negative {
        out.push('-');
    }
    let len = int_part.len();
    for (k, c) in int_part.chars().enumerate() {
        if k > 0 && (len - k) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    if !frac_part.is_empty() || point_always {
        out.push('.');
        out.push_str(&frac_part);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn grouped(n: &str) -> String {
        format_num(n, FormatNum::Grouped).0
    }

    #[test]
    fn numbers_are_grouped_and_keep_their_decimals() {
        assert_eq!(grouped("1234567"), "1,234,567");
        assert_eq!(grouped("-1234.50"), "\u{2212}1,234.50");
        assert_eq!(grouped("0001234"), "0,001,234");
        assert_eq!(grouped(".5"), ".5");
        assert_eq!(grouped("5."), "5.");
        assert_eq!(grouped("1e5"), "100,000");
        assert_eq!(grouped("1.23456789e2"), "123.457");
        assert_eq!(grouped("-0"), "\u{2212}0");
        assert_eq!(grouped(""), "");
        assert_eq!(grouped("1e400"), "∞");
        assert_eq!(grouped("-1e400"), "\u{2212}∞");
    }

    #[test]
    fn text_has_each_number_formatted() {
        assert_eq!(
            format_num("about 12345 and 6789.5 km", FormatNum::Grouped),
            ("about 12,345 and 6,789.5 km".into(), true)
        );
        assert_eq!(format_num("1234-5678", FormatNum::Grouped).0, "1,234\u{2212}5,678");
    }

    #[test]
    fn the_other_forms() {
        assert_eq!(format_num("-1234567", FormatNum::NoSeparators).0, "\u{2212}1234567");
        assert_eq!(format_num("\u{2212}1,234,567.5", FormatNum::Raw).0, "-1234567.5");
    }

    #[test]
    fn php_numeric_strings() {
        assert!(is_numeric(" 12"));
        assert!(is_numeric("12 "));
        assert!(is_numeric("+1.5e3"));
        assert!(!is_numeric("1e"));
        assert!(!is_numeric("."));
        assert!(!is_numeric("0x1A"));
    }
}
