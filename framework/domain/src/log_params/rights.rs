//! Changes of user groups (`rights/rights`, `rights/autopromote`), as MediaWiki's
//! RightsLogFormatter gives their parameters.

use serde_json::Value;

use super::values::{force_list, is_infinity, timestamp_value, Members};
use crate::php::array::{get, isset, position, rename, set, unset, KeyRef, PhpArray};
use crate::php::{PhpKey, PhpValue};

/// The old and new groups, and for each group its metadata with `group` and `expiry`
/// (`infinity` for none).
pub(super) fn prepare(stored: PhpArray) -> PhpArray {
    let mut p = rename(
        stored,
        &[
            (KeyRef::Int(0), "4:array:oldgroups"),
            (KeyRef::Int(1), "5:array:newgroups"),
            (KeyRef::Str("4::oldgroups"), "4:array:oldgroups"),
            (KeyRef::Str("5::newgroups"), "5:array:newgroups"),
        ],
    );
    for (groups_key, meta_key) in [("4:array:oldgroups", "oldmetadata"), ("5:array:newgroups", "newmetadata")] {
        if !isset(&p, groups_key) {
            continue;
        }
        let groups = group_array(get(&p, groups_key).cloned().unwrap_or(PhpValue::Null));
        set(&mut p, groups_key, PhpValue::Array(groups.clone()));
        let metadata = match get(&p, meta_key) {
            Some(PhpValue::Array(m)) => m.clone(),
            _ => Vec::new(),
        };
        let combined: PhpArray = groups
            .iter()
            .map(|(index, group)| {
                let mut result: PhpArray = vec![("group".into(), group.clone())];
                if let Some((_, PhpValue::Array(extra))) = metadata.iter().find(|(k, _)| k == index) {
                    for (k, v) in extra {
                        if position(&result, k).is_none() {
                            result.push((k.clone(), v.clone()));
                        }
                    }
                }
                let expiry = membership_expiry(get(&result, "expiry"));
                set(&mut result, "expiry", expiry);
                (index.clone(), PhpValue::Array(result))
            })
            .collect();
        unset(&mut p, meta_key);
        p.push((meta_key.into(), PhpValue::Array(combined)));
    }
    p
}

/// The metadata of the old and new groups as lists.
pub(super) fn finish(out: &mut Members) {
    for name in ["oldmetadata", "newmetadata"] {
        if let Some(v) = out.get_mut(name) {
            force_list(v);
        }
    }
}

/// A group list as stored: a list, or (in old entries) a comma-separated text.
fn group_array(value: PhpValue) -> PhpArray {
    match value {
        PhpValue::Array(a) => a,
        other => {
            let text = other.to_php_string();
            if text.is_empty() {
                Vec::new()
            } else {
                text.split(',')
                    .enumerate()
                    .map(|(i, g)| (PhpKey::Int(i as i64), PhpValue::String(g.trim().to_owned())))
                    .collect()
            }
        }
    }
}

/// A group membership's expiry as the rights log writes it: `infinity`, or ISO 8601.
fn membership_expiry(v: Option<&PhpValue>) -> PhpValue {
    let infinity = PhpValue::String("infinity".to_owned());
    match v {
        None | Some(PhpValue::Null) | Some(PhpValue::Bool(false)) => infinity,
        Some(PhpValue::String(s)) if s.is_empty() || is_infinity(s) => infinity,
        Some(other) => match timestamp_value(other) {
            Value::String(iso) => PhpValue::String(iso),
            _ => PhpValue::Bool(false),
        },
    }
}

#[cfg(test)]
mod tests {
    use crate::log_params::tests::{format, keys};
    use serde_json::json;

    #[test]
    fn rights_changes_pair_each_group_with_its_expiry() {
        let v = format(
            "rights",
            "rights",
            "20261121233155",
            r#"a:4:{s:12:"4::oldgroups";a:2:{i:0;s:15:"interface-admin";i:1;s:5:"sysop";}s:12:"5::newgroups";a:1:{i:1;s:5:"sysop";}s:11:"oldmetadata";a:2:{i:0;a:1:{s:6:"expiry";s:14:"20261205233155";}i:1;a:1:{s:6:"expiry";N;}}s:11:"newmetadata";a:1:{i:1;a:1:{s:6:"expiry";N;}}}"#,
        );
        assert_eq!(
            v,
            json!({
                "oldgroups": ["interface-admin", "sysop"],
                "newgroups": ["sysop"],
                "oldmetadata": [{"group": "interface-admin", "expiry": "2026-12-05T23:31:55Z"}, {"group": "sysop", "expiry": "infinity"}],
                "newmetadata": [{"group": "sysop", "expiry": "infinity"}]
            })
        );
        assert_eq!(keys(&v), ["oldgroups", "newgroups", "oldmetadata", "newmetadata"]);
        let legacy = format("rights", "rights", "20080101000000", "sysop\nsysop, bot");
        assert_eq!(
            legacy,
            json!({"oldgroups": ["sysop"], "newgroups": ["sysop", "bot"],
                   "oldmetadata": [{"group": "sysop", "expiry": "infinity"}],
                   "newmetadata": [{"group": "sysop", "expiry": "infinity"}, {"group": "bot", "expiry": "infinity"}]})
        );
    }
}
