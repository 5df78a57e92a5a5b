//! Protections (`protect/protect`, `modify`, `unprotect`, `move_prot`), as MediaWiki's
//! ProtectLogFormatter gives their parameters.

use serde_json::Value;

use super::values::{map_values, Members};
use crate::php::array::{get, rename, set, KeyRef, PhpArray};
use crate::php::PhpValue;
use crate::timestamp::Timestamp;

/// Description, cascade (a boolean) and the protection details; for a moved protection, the
/// old title.
pub(super) fn prepare(stored: PhpArray, action: &str) -> PhpArray {
    let mut p = match action {
        "protect" | "modify" => rename(
            stored,
            &[
                (KeyRef::Int(0), "4::description"),
                (KeyRef::Int(1), "5:bool:cascade"),
                (KeyRef::Str("details"), ":array:details"),
            ],
        ),
        "move_prot" => {
            rename(stored, &[(KeyRef::Int(0), "4:title:oldtitle"), (KeyRef::Str("4::oldtitle"), "4:title:oldtitle")])
        }
        _ => stored,
    };
    if let Some(PhpValue::String(s)) = get(&p, "5:bool:cascade") {
        let cascade = s == "cascade";
        set(&mut p, "5:bool:cascade", PhpValue::Bool(cascade));
    }
    p
}

/// The expiry of each protection detail, as the protect log writes it.
pub(super) fn finish(out: &mut Members) {
    if let Some(details) = out.get_mut("details") {
        map_values(details, |detail| {
            let mut detail = detail.clone();
            if let Value::Object(d) = &mut detail {
                if let Some(expiry) = d.get_mut("expiry").filter(|e| !e.is_null()) {
                    *expiry = protection_expiry(expiry);
                }
            }
            detail
        });
    }
}

/// A protection's expiry as the protect log writes it: `infinite`, or ISO 8601.
fn protection_expiry(v: &Value) -> Value {
    match v {
        Value::String(s) if s.is_empty() || s == "infinity" => Value::String("infinite".to_owned()),
        Value::Bool(false) => Value::String("infinite".to_owned()),
        Value::String(s) => Timestamp::parse(s).map(|t| Value::String(t.to_iso())).unwrap_or(Value::Bool(false)),
        Value::Number(n) => {
            n.as_i64().map(|i| Value::String(Timestamp::from_unix(i).to_iso())).unwrap_or(Value::Bool(false))
        }
        _ => Value::Bool(false),
    }
}

#[cfg(test)]
mod tests {
    use crate::log_params::tests::format;
    use serde_json::json;

    #[test]
    fn protections_write_expiries_and_cascade() {
        let v = format(
            "protect",
            "protect",
            "20261121233227",
            r#"a:4:{s:14:"4::description";s:12:"[edit=sysop]";s:14:"5:bool:cascade";b:1;s:7:"details";a:1:{i:0;a:4:{s:4:"type";s:4:"edit";s:5:"level";s:5:"sysop";s:6:"expiry";s:14:"20271121233227";s:7:"cascade";b:1;}}s:17:"associated_rev_id";i:292;}"#,
        );
        assert_eq!(v["cascade"], json!(true));
        assert_eq!(
            v["details"],
            json!([{"type": "edit", "level": "sysop", "expiry": "2027-11-21T23:32:27Z", "cascade": true}])
        );
        let moved = format(
            "protect",
            "move_prot",
            "20261121233227",
            r#"a:1:{s:11:"4::oldtitle";s:20:"Protected then moved";}"#,
        );
        assert_eq!(moved, json!({"oldtitle_ns": 0, "oldtitle_title": "Protected then moved"}));
        let legacy = format("protect", "protect", "20080101000000", "[edit=sysop]\ncascade");
        assert_eq!(legacy, json!({"description": "[edit=sysop]", "cascade": true}));
    }
}
