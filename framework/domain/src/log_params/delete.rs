//! Deletions (`delete/*` and the suppression log's `suppress/delete`, `event` and
//! `revision`), as MediaWiki's DeleteLogFormatter gives their parameters.

use crate::php::array::{get, isset, rename, KeyRef, PhpArray};
use crate::php::{self, PhpKey, PhpValue};

/// Deletions of revisions and log entries: the kind of item, its ids, and the visibility
/// bits before and after; restorations: their counts; other deletions: nothing.
pub(super) fn prepare(stored: PhpArray, action: &str) -> PhpArray {
    match action {
        "event" | "revision" => {
            let mut raw = stored;
            if action == "event" {
                // PHP's array_unshift: the new value is key 0, integer keys are renumbered.
                let mut next = 1;
                for (k, _) in raw.iter_mut() {
                    if let PhpKey::Int(i) = k {
                        *i = next;
                        next += 1;
                    }
                }
                raw.insert(0, (PhpKey::Int(0), PhpValue::String("logging".to_owned())));
            }
            let raw = rename(
                raw,
                &[
                    (KeyRef::Int(0), "4::type"),
                    (KeyRef::Int(1), "5::ids"),
                    (KeyRef::Int(2), "6::ofield"),
                    (KeyRef::Int(3), "7::nfield"),
                    (KeyRef::Str("4::ids"), "5::ids"),
                    (KeyRef::Str("5::ofield"), "6::ofield"),
                    (KeyRef::Str("6::nfield"), "7::nfield"),
                ],
            );
            let ids = match get(&raw, "5::ids") {
                Some(PhpValue::Array(a)) => PhpValue::Array(a.clone()),
                Some(other) => PhpValue::Array(
                    other
                        .to_php_string()
                        .split(',')
                        .enumerate()
                        .map(|(i, s)| (PhpKey::Int(i as i64), PhpValue::String(s.to_owned())))
                        .collect(),
                ),
                None => PhpValue::Array(vec![(PhpKey::Int(0), PhpValue::String(String::new()))]),
            };
            let mut params: PhpArray = vec![
                ("::type".into(), get(&raw, "4::type").cloned().unwrap_or(PhpValue::Null)),
                (":array:ids".into(), ids),
            ];
            for (field, name) in [("6::ofield", ":assoc:old"), ("7::nfield", ":assoc:new")] {
                if isset(&raw, field) {
                    let bits = parse_bit_field(get(&raw, field).unwrap_or(&PhpValue::Null));
                    let mut flags = vec![("bitmask".into(), PhpValue::Int(bits))];
                    for (bit, label) in [(1, "content"), (2, "comment"), (4, "user"), (8, "restricted")] {
                        flags.push((label.into(), PhpValue::Bool(bits & bit != 0)));
                    }
                    params.push((name.into(), PhpValue::Array(flags)));
                }
            }
            params
        }
        "restore" => match get(&stored, ":assoc:count") {
            Some(count) if !matches!(count, PhpValue::Null) => vec![(":assoc:count".into(), count.clone())],
            _ => Vec::new(),
        },
        _ => Vec::new(),
    }
}

/// A visibility bit field as stored: the number, or `ofield=<number>`.
fn parse_bit_field(value: &PhpValue) -> i64 {
    let text = value.to_php_string();
    let number = if text.find("field=") == Some(1) { text.split('=').nth(1).unwrap_or("") } else { text.as_str() };
    php::leading_int(number)
}

#[cfg(test)]
mod tests {
    use crate::log_params::tests::format;
    use serde_json::json;

    #[test]
    fn deletions_of_revisions_and_log_entries_spell_out_their_bits() {
        let rev = format(
            "delete",
            "revision",
            "20261121233228",
            r#"a:4:{s:7:"4::type";s:8:"revision";s:6:"5::ids";a:1:{i:0;i:44;}s:9:"6::ofield";i:0;s:9:"7::nfield";i:6;}"#,
        );
        assert_eq!(
            rev,
            json!({"type": "revision", "ids": [44],
                   "old": {"bitmask": 0, "content": false, "comment": false, "user": false, "restricted": false},
                   "new": {"bitmask": 6, "content": false, "comment": true, "user": true, "restricted": false}})
        );
        let event = format(
            "delete",
            "event",
            "20261121233228",
            r#"a:3:{s:6:"4::ids";a:1:{i:0;i:51;}s:9:"5::ofield";i:0;s:9:"6::nfield";i:2;}"#,
        );
        assert_eq!(event["type"], "logging");
        assert_eq!(event["ids"], json!([51]));
        let legacy = format("delete", "revision", "20080101000000", "revision\n12,13\nofield=0\nnfield=1");
        assert_eq!(legacy["ids"], json!(["12", "13"]));
        assert_eq!(legacy["new"]["bitmask"], 1);
        let restore = format(
            "delete",
            "restore",
            "20261121233227",
            r#"a:1:{s:12:":assoc:count";a:2:{s:9:"revisions";i:2;s:5:"files";i:0;}}"#,
        );
        assert_eq!(restore, json!({"count": {"revisions": 2, "files": 0}}));
        assert_eq!(format("delete", "delete", "20261121233227", r#"a:1:{s:3:"foo";i:1;}"#), json!({}));
    }
}
