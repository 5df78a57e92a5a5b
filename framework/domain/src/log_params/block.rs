//! Blocks (`block/block`, `block/reblock`, `block/unblock` and the suppressed blocks of the
//! suppression log), as MediaWiki's BlockLogFormatter gives their parameters.

use serde_json::Value;

use super::strtotime::relative_time;
use super::values::{is_infinity, map_values, scalar_text_of_json, title_value, Members, TitleContext};
use crate::php::array::{compare_keys, get, position, rename, set, KeyRef, PhpArray};
use crate::php::{PhpKey, PhpValue};
use crate::timestamp::Timestamp;

/// The duration, the flags as a list, and the expiry the duration gives from the entry's
/// time (`timestamp`, 14 digits).
pub(super) fn prepare(stored: PhpArray, action: &str, timestamp: &str) -> PhpArray {
    let mut p = rename(
        stored,
        &[
            (KeyRef::Int(0), "5::duration"),
            (KeyRef::Int(1), "6:array:flags"),
            (KeyRef::Str("6::flags"), "6:array:flags"),
        ],
    );
    p.sort_by(|(a, _), (b, _)| compare_keys(a, b));
    if matches!(action, "block" | "reblock") {
        if position(&p, "5::duration").is_none() {
            p.push(("5::duration".into(), PhpValue::String("infinity".to_owned())));
        }
        if position(&p, "6:array:flags").is_none() {
            p.push(("6:array:flags".into(), PhpValue::Array(Vec::new())));
        }
        let flags = get(&p, "6:array:flags").cloned().unwrap_or(PhpValue::Null);
        if !matches!(flags, PhpValue::Array(_)) {
            let text = flags.to_php_string();
            let list = if text.is_empty() {
                Vec::new()
            } else {
                text.split(',')
                    .enumerate()
                    .map(|(i, f)| (PhpKey::Int(i as i64), PhpValue::String(f.to_owned())))
                    .collect()
            };
            set(&mut p, "6:array:flags", PhpValue::Array(list));
        }
        let duration = get(&p, "5::duration").map(PhpValue::to_php_string).unwrap_or_default();
        if is_infinity(&duration) {
            set(&mut p, "5::duration", PhpValue::String("infinity".to_owned()));
        } else if let Some(base) = Timestamp::parse(timestamp) {
            if let Some(expiry) = relative_time(&duration, base.unix()).filter(|e| *e > 0) {
                set(&mut p, ":timestamp:expiry", PhpValue::Int(expiry));
            }
        }
    }
    p
}

/// The pages of a partial block's restrictions, as titles.
pub(super) fn finish(out: &mut Members, site: &TitleContext<'_>) {
    if let Some(Value::Object(restrictions)) = out.get_mut("restrictions") {
        if let Some(pages) = restrictions.get_mut("pages") {
            map_values(pages, |page| title_value("page", &scalar_text_of_json(page), site));
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::log_params::tests::{format, keys};
    use serde_json::json;

    #[test]
    fn a_block_gets_its_flags_as_a_list_and_its_expiry_from_the_duration() {
        let v = format(
            "block",
            "block",
            "20261121233230",
            r#"a:3:{s:11:"5::duration";s:8:"3 months";s:8:"6::flags";s:10:"nousertalk";s:8:"sitewide";b:1;}"#,
        );
        assert_eq!(
            v,
            json!({"duration": "3 months", "flags": ["nousertalk"], "sitewide": true, "expiry": "2027-02-21T23:32:30Z"})
        );
        let partial = format(
            "block",
            "block",
            "20261121233230",
            r#"a:4:{s:11:"5::duration";s:6:"2 days";s:8:"6::flags";s:11:"noautoblock";s:8:"sitewide";b:0;s:15:"7::restrictions";a:2:{s:5:"pages";a:2:{i:0;s:3:"Cat";i:1;s:3:"Dog";}s:10:"namespaces";a:1:{i:0;i:4;}}}"#,
        );
        assert_eq!(
            partial["restrictions"],
            json!({"pages": [{"page_ns": 0, "page_title": "Cat"}, {"page_ns": 0, "page_title": "Dog"}], "namespaces": [4]})
        );
        assert_eq!(keys(&partial), ["duration", "flags", "restrictions", "sitewide", "expiry"]);
        let forever = format(
            "block",
            "block",
            "20261121233230",
            r#"a:2:{s:11:"5::duration";s:10:"indefinite";s:8:"6::flags";s:0:"";}"#,
        );
        assert_eq!(forever, json!({"duration": "infinity", "flags": []}));
        assert_eq!(format("block", "unblock", "20261121233230", "a:0:{}"), json!({}));
    }

    #[test]
    fn legacy_block_entries_are_read_by_position() {
        let v = format("block", "block", "20080101000000", "1 week\nnocreate,noemail");
        assert_eq!(
            v,
            json!({"duration": "1 week", "flags": ["nocreate", "noemail"], "expiry": "2008-01-08T00:00:00Z"})
        );
    }
}
