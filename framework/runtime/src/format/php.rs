//! PHP's `serialize()` of an answer (`format=php`): the same data the JSON printer writes in
//! the request's formatversion, as PHP arrays (objects and lists alike), keys that PHP reads as
//! integers written as integers.

use serde_json::{Number, Value};

/// `value` as PHP's `serialize()` writes the array MediaWiki built for it.
pub fn serialize(value: &Value) -> String {
    let mut out = String::with_capacity(1024);
    write_value(&mut out, value);
    out
}

fn write_value(out: &mut String, value: &Value) {
    match value {
        Value::Null => out.push_str("N;"),
        Value::Bool(b) => out.push_str(if *b { "b:1;" } else { "b:0;" }),
        Value::Number(n) => write_number(out, n),
        Value::String(s) => write_string(out, s),
        Value::Array(items) => {
            out.push_str(&format!("a:{}:{{", items.len()));
            for (i, item) in items.iter().enumerate() {
                out.push_str(&format!("i:{i};"));
                write_value(out, item);
            }
            out.push('}');
        }
        Value::Object(members) => {
            out.push_str(&format!("a:{}:{{", members.len()));
            for (key, item) in members {
                write_key(out, key);
                write_value(out, item);
            }
            out.push('}');
        }
    }
}

/// A string: its length in bytes, then its bytes as they are.
fn write_string(out: &mut String, s: &str) {
    out.push_str(&format!("s:{}:\"", s.len()));
    out.push_str(s);
    out.push_str("\";");
}

/// An array key: PHP stores a key that is an integer's canonical decimal text as that integer.
fn write_key(out: &mut String, key: &str) {
    match integer_key(key) {
        Some(n) => out.push_str(&format!("i:{n};")),
        None => write_string(out, key),
    }
}

/// The integer PHP makes of an array key (`"12"`, `"-3"`; not `"012"`, `"-0"`, `"+1"` or a
/// number past 64 bits).
pub(super) fn integer_key(key: &str) -> Option<i64> {
    let digits = key.strip_prefix('-').unwrap_or(key);
    let canonical = !digits.is_empty()
        && digits.bytes().all(|b| b.is_ascii_digit())
        && (digits == "0" && digits.len() == key.len() || !digits.starts_with('0'));
    if canonical {
        key.parse().ok()
    } else {
        None
    }
}

/// A number: an integer as `i:`, anything else as PHP writes a float (the shortest text that
/// reads back the same, `1.0E+25` beyond fifteen digits).
fn write_number(out: &mut String, n: &Number) {
    if let Some(i) = n.as_i64() {
        out.push_str(&format!("i:{i};"));
        return;
    }
    let f = n.as_f64().unwrap_or(0.0);
    out.push_str("d:");
    out.push_str(&php_float(f));
    out.push(';');
}

/// A float as PHP 8 writes it with `serialize_precision = -1`.
fn php_float(f: f64) -> String {
    if f.is_nan() {
        return "NAN".to_owned();
    }
    if f.is_infinite() {
        return if f > 0.0 { "INF" } else { "-INF" }.to_owned();
    }
    if f == f.trunc() && f.abs() < 1e15 {
        return format!("{}", f as i64);
    }
    let text = format!("{f:e}");
    let (mantissa, exponent) = text.split_once('e').unwrap_or((&text, "0"));
    let exponent: i32 = exponent.parse().unwrap_or(0);
    if (-5..15).contains(&exponent) {
        return format!("{f}");
    }
    let mantissa = if mantissa.contains('.') { mantissa.to_owned() } else { format!("{mantissa}.0") };
    let sign = if exponent < 0 { '-' } else { '+' };
    format!("{mantissa}E{sign}{}", exponent.abs())
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::{php_float, serialize};

    #[test]
    fn serializes_as_php_does() {
        let v = json!({"batchcomplete": "", "query": {"pages": {"5": {"title": "Café"}, "-1": {"missing": ""}}, "list": [true, false, null, 1.5]}});
        assert_eq!(
            serialize(&v),
            "a:2:{s:13:\"batchcomplete\";s:0:\"\";s:5:\"query\";a:2:{s:5:\"pages\";a:2:{i:5;a:1:{s:5:\"title\";s:5:\"Café\";}i:-1;a:1:{s:7:\"missing\";s:0:\"\";}}s:4:\"list\";a:4:{i:0;b:1;i:1;b:0;i:2;N;i:3;d:1.5;}}}"
        );
    }

    #[test]
    fn keys_php_reads_as_integers() {
        for (key, int) in [
            ("0", true),
            ("12", true),
            ("-3", true),
            ("012", false),
            ("-0", false),
            ("+1", false),
            ("1.5", false),
            ("", false),
            ("99999999999999999999", false),
        ] {
            assert_eq!(super::integer_key(key).is_some(), int, "{key:?}");
        }
    }

    #[test]
    fn floats_as_php_writes_them() {
        assert_eq!(php_float(0.1), "0.1");
        assert_eq!(php_float(2.0), "2");
        assert_eq!(php_float(-2.5), "-2.5");
        assert_eq!(php_float(1e25), "1.0E+25");
        assert_eq!(php_float(1.5e-7), "1.5E-7");
    }
}
