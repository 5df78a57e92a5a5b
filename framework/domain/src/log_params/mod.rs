//! The `params` member of a log entry: the stored parameters (`log_params`, serialised PHP or
//! the legacy one-a-line text) in the shape MediaWiki's API gives them for each log type.
//!
//! MediaWiki works on the stored parameters as an ordered PHP array: each log type first
//! renames and completes its keys (`4::target` becomes `4:title:target`, a block gets its
//! computed expiry), then every key of the form `<index>:<type>:<name>` is written as `name`
//! in the form its type asks for (a title becomes `<name>_ns` and `<name>_title`, a timestamp
//! ISO 8601, a number an integer, ...), and other keys are written as they are. This module
//! does the same steps on the same ordered array (with [`crate::php::array`]), so that
//! members come out in MediaWiki's order as well as with its values.
//!
//! Here are the entry points and the shared steps: reading the stored parameters
//! ([`stored_params`], [`associated_rev_id`]), choosing the formatter and writing the typed
//! keys ([`format_params`]). Each of MediaWiki's log formatters that does more than write the
//! stored keys has its own file: `block` (BlockLogFormatter), `delete` (DeleteLogFormatter),
//! `protect` (ProtectLogFormatter), `rights` (RightsLogFormatter), and `renames` for those
//! that only rename keys (move, merge, patrol, upload). The values they share (titles,
//! timestamps, expiries, the [`Members`] written) are in `values`, and the durations of
//! blocks ([`relative_time`]) in `strtotime`.

/// The element names MediaWiki's XML printer gives the items of the lists in a log entry's
/// parameters: (the element holding the list, `""` for the parameters' own; the list; its
/// items). `_v` is the name of items MediaWiki names none for.
pub const XML_LISTS: &[(&str, &str, &str)] = &[
    ("", "flags", "f"),
    ("", "ids", "id"),
    ("", "details", "_v"),
    ("", "oldgroups", "g"),
    ("", "newgroups", "g"),
    ("", "oldmetadata", "g"),
    ("", "newmetadata", "g"),
    ("", "tagsAdded", "_v"),
    ("", "tagsRemoved", "_v"),
    ("", "initialTags", "_v"),
    ("restrictions", "pages", "p"),
    ("restrictions", "namespaces", "ns"),
];

mod block;
mod delete;
mod protect;
mod renames;
mod rights;
mod strtotime;
mod values;

use serde_json::Value;

use self::values::{canonical_user_name, number_value, timestamp_value, title_value};
use crate::php::array::{unset, PhpArray};
use crate::php::{self, PhpKey, PhpValue};

pub use self::strtotime::relative_time;
pub use self::values::{Members, TitleContext};
pub use crate::php::numeric as php_numeric;

/// The entry a `params` member is made for.
pub struct EntryInfo<'a> {
    /// `log_type`.
    pub log_type: &'a str,
    /// `log_action`.
    pub action: &'a str,
    /// `log_timestamp` (14 digits): block durations count from it.
    pub timestamp: &'a str,
    /// `log_params` as stored.
    pub params: &'a str,
}

/// The stored parameters as MediaWiki reads them: a serialised array (without the
/// `associated_rev_id` it keeps elsewhere), or the legacy lines keyed 0, 1, ...
pub fn stored_params(text: &str) -> PhpArray {
    let mut params = match php::unserialize(text) {
        // `unserialize` of `b:0;` is false, which MediaWiki takes for "not serialised".
        Ok(PhpValue::Bool(false)) | Err(_) => php::legacy_params(text)
            .into_iter()
            .enumerate()
            .map(|(i, line)| (PhpKey::Int(i as i64), PhpValue::String(line.to_owned())))
            .collect(),
        Ok(PhpValue::Array(entries)) => entries,
        Ok(_) => Vec::new(),
    };
    unset(&mut params, "associated_rev_id");
    params
}

/// The revision id the stored parameters record (`associated_rev_id`), if any.
pub fn associated_rev_id(text: &str) -> Option<i64> {
    if !text.contains("associated_rev_id") {
        return None;
    }
    match php::unserialize(text) {
        Ok(value) => match value.get("associated_rev_id")? {
            PhpValue::Int(i) => Some(*i),
            PhpValue::String(s) => s.trim().parse().ok(),
            _ => None,
        },
        Err(_) => None,
    }
}

/// The `params` member of an entry.
pub fn format_params(entry: &EntryInfo<'_>, site: &TitleContext<'_>) -> Members {
    let stored = stored_params(entry.params);
    let handler = Handler::of(entry.log_type, entry.action);
    let prepared = match handler {
        Handler::Block => block::prepare(stored, entry.action, entry.timestamp),
        Handler::Delete => delete::prepare(stored, entry.action),
        Handler::Merge => renames::merged(stored),
        Handler::Move => renames::moved(stored),
        Handler::Patrol => renames::patrolled(stored),
        Handler::Protect => protect::prepare(stored, entry.action),
        Handler::Rights => rights::prepare(stored),
        Handler::Upload => renames::uploaded(stored),
        Handler::Plain => stored,
    };
    let mut out = format_for_api(prepared, site);
    match handler {
        Handler::Block => block::finish(&mut out, site),
        Handler::Protect => protect::finish(&mut out),
        Handler::Rights => rights::finish(&mut out),
        _ => {}
    }
    out
}

/// Which of MediaWiki's log formatters an entry gets (by `type/action`); the others format
/// the stored parameters as they are.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Handler {
    Block,
    Delete,
    Merge,
    Move,
    Patrol,
    Protect,
    Rights,
    Upload,
    Plain,
}

impl Handler {
    fn of(log_type: &str, action: &str) -> Handler {
        match (log_type, action) {
            ("block", "block" | "reblock" | "unblock") | ("suppress", "block" | "reblock") => Handler::Block,
            ("delete", "delete" | "delete_redir" | "delete_redir2" | "event" | "restore" | "revision")
            | ("suppress", "delete" | "event" | "revision") => Handler::Delete,
            ("merge", "merge") => Handler::Merge,
            ("move", "move" | "move_redir") => Handler::Move,
            ("patrol", "patrol" | "autopatrol") => Handler::Patrol,
            ("protect", "modify" | "move_prot" | "protect" | "unprotect") => Handler::Protect,
            ("rights", "rights" | "autopromote") => Handler::Rights,
            ("upload", "overwrite" | "revert" | "upload") => Handler::Upload,
            _ => Handler::Plain,
        }
    }
}

/// Writes the prepared parameters: `<index>:<type>:<name>` keys by their type, others as
/// they are; a typed key never replaces a member already written.
fn format_for_api(params: PhpArray, site: &TitleContext<'_>) -> Members {
    let mut out = Members::with_capacity(params.len() + 1);
    for (k, value) in params {
        if let PhpKey::Str(s) = &k {
            if let Some((kind, name)) = s.split_once(':').and_then(|(_, rest)| rest.split_once(':')) {
                for (name, v) in format_value(name, kind, &value, site) {
                    out.insert_new(name, v);
                }
                continue;
            }
        }
        if matches!(value, PhpValue::Object { .. }) {
            // An object PHP cannot restore: MediaWiki leaves it out.
            continue;
        }
        out.insert(k.as_text(), value.to_json());
    }
    out
}

/// One typed parameter in MediaWiki's API form: (member name, value) pairs.
fn format_value(name: &str, kind: &str, value: &PhpValue, site: &TitleContext<'_>) -> Vec<(String, Value)> {
    let one = |v: Value| vec![(name.to_owned(), v)];
    // PHP's `strtolower(trim($type))`: its whitespace, ASCII letters.
    let kind = crate::php::trim(kind);
    let mut lower = [0u8; 16];
    let kind = match lower.get_mut(..kind.len()) {
        Some(buf) => {
            buf.copy_from_slice(kind.as_bytes());
            buf.make_ascii_lowercase();
            std::str::from_utf8(buf).unwrap_or("")
        }
        // Longer than any type name.
        None => "",
    };
    match kind {
        "bool" => one(Value::Bool(value.is_truthy())),
        "number" => one(number_value(value)),
        "array" => match value {
            PhpValue::Array(entries) => one(Value::Array(entries.iter().map(|(_, v)| v.to_json()).collect())),
            _ => one(value.to_json()),
        },
        "assoc" | "kvp" => match value {
            PhpValue::Array(entries) => {
                one(Value::Object(entries.iter().map(|(k, v)| (k.as_text(), v.to_json())).collect()))
            }
            _ => one(value.to_json()),
        },
        "timestamp" => one(timestamp_value(value)),
        "msg" | "msg-content" => {
            // The message's text needs the interface messages, which this server does not
            // hold: the key stands for it.
            let text = value.to_php_string();
            vec![(format!("{name}_key"), Value::String(text.clone())), (format!("{name}_text"), Value::String(text))]
        }
        "title" | "title-link" => match title_value(name, &value.to_php_string(), site) {
            Value::Object(map) => map.into_iter().collect(),
            other => one(other),
        },
        "user" | "user-link" => match value {
            PhpValue::String(s) => one(Value::String(canonical_user_name(s).unwrap_or_else(|| s.clone()))),
            _ => one(value.to_json()),
        },
        _ => one(value.to_json()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::title::SiteNamespaces;
    use serde_json::json;

    fn site() -> SiteNamespaces {
        SiteNamespaces::english("Fixture Wiki")
    }

    /// The `params` member of an entry of the fixture wiki, as JSON.
    pub(super) fn format(log_type: &str, action: &str, timestamp: &str, params: &str) -> Value {
        let ns = site();
        let no_iw = |_: &str| false;
        let ctx = TitleContext { namespaces: &ns, is_interwiki: &no_iw };
        Value::Object(format_params(&EntryInfo { log_type, action, timestamp, params }, &ctx).into_map())
    }

    /// The names of an object's members, in order.
    pub(super) fn keys(v: &Value) -> Vec<String> {
        v.as_object().map(|m| m.keys().cloned().collect()).unwrap_or_default()
    }

    #[test]
    fn other_types_write_their_keys_by_type() {
        assert_eq!(
            format(
                "patrol",
                "patrol",
                "20261121233230",
                r#"a:3:{s:8:"4::curid";s:3:"302";s:9:"5::previd";s:3:"301";s:7:"6::auto";i:0;}"#
            ),
            json!({"curid": 302, "previd": 301, "auto": false})
        );
        assert_eq!(
            format(
                "upload",
                "upload",
                "20261121233203",
                r#"a:3:{s:8:"img_sha1";s:3:"abc";s:13:"img_timestamp";s:14:"20261121233203";s:17:"associated_rev_id";i:32;}"#
            ),
            json!({"img_sha1": "abc", "img_timestamp": "2026-11-21T23:32:03Z"})
        );
        assert_eq!(
            format(
                "merge",
                "merge",
                "20261121233230",
                r#"a:2:{s:7:"4::dest";s:12:"Merge target";s:13:"5::mergepoint";s:14:"20261121233228";}"#
            ),
            json!({"dest_ns": 0, "dest_title": "Merge target", "mergepoint": "2026-11-21T23:32:28Z"})
        );
        assert_eq!(
            format(
                "managetags",
                "delete",
                "20261121233158",
                r#"a:2:{s:6:"4::tag";s:10:"doomed-tag";s:14:"5:number:count";s:1:"0";}"#
            ),
            json!({"tag": "doomed-tag", "count": 0})
        );
        assert_eq!(
            format("newusers", "create", "20261121233152", r#"a:1:{s:9:"4::userid";i:3;}"#),
            json!({"userid": 3})
        );
        assert_eq!(format("create", "create", "20261121233152", r#"a:1:{s:17:"associated_rev_id";i:1;}"#), json!({}));
        assert_eq!(
            format(
                "contentmodel",
                "new",
                "20261121233225",
                r#"a:2:{s:11:"4::oldmodel";b:0;s:11:"5::newmodel";s:4:"json";}"#
            ),
            json!({"oldmodel": false, "newmodel": "json"})
        );
        assert_eq!(
            format("import", "upload", "20261121233230", r#"a:1:{s:14:"4:number:count";i:2;}"#),
            json!({"count": 2})
        );
        assert_eq!(format("ext", "thing", "20261121233230", "first\nsecond"), json!({"0": "first", "1": "second"}));
        assert_eq!(format("ext", "thing", "20261121233230", ""), json!({}));
    }

    #[test]
    fn titles_that_are_no_titles_become_bad_titles() {
        assert_eq!(
            format("move", "move", "20261121233226", r#"a:1:{s:9:"4::target";s:5:"a[b]c";}"#),
            json!({"target_ns": -1, "target_title": "Special:Badtitle/a[b]c", "suppressredirect": false})
        );
    }

    #[test]
    fn the_associated_revision_is_read_from_the_parameters() {
        assert_eq!(associated_rev_id(r#"a:1:{s:17:"associated_rev_id";i:32;}"#), Some(32));
        assert_eq!(associated_rev_id("a:0:{}"), None);
        assert_eq!(associated_rev_id("legacy\ntext"), None);
    }
}
