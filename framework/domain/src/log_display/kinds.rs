//! Each kind of log entry's message and parameters, as MediaWiki's formatter for it gives them
//! (`getMessageKey`, `getMessageParameters`): `$1` the performer's link, `$2` their name, `$3`
//! the target's link, then the stored parameters (`<index>:<type>:<name>` keys, or the legacy
//! lines from `$4` on), which some kinds rewrite — links with `redirect=no`, block durations and
//! flags, protection descriptions, group lists, counts of revisions.

use super::{LogLine, Param, Params, Writer};
use crate::php::{self, PhpKey, PhpValue};
use crate::timestamp::{time_and_date, Timestamp};
use crate::title::{NS_SPECIAL, NS_USER};

/// The formatters MediaWiki 1.39 registers, by `type/action`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    Block,
    ContentModel,
    Delete,
    Import,
    Base,
    Merge,
    Move,
    NewUsers,
    Patrol,
    Protect,
    Rights,
    Tag,
    Renameuser,
}

impl Kind {
    fn of(log_type: &str, action: &str) -> Option<Kind> {
        Some(match (log_type, action) {
            ("block", "block" | "reblock" | "unblock") | ("suppress", "block" | "reblock") => Kind::Block,
            ("contentmodel", "change" | "new") => Kind::ContentModel,
            ("delete", "delete" | "delete_redir" | "delete_redir2" | "event" | "restore" | "revision")
            | ("suppress", "delete" | "event" | "revision") => Kind::Delete,
            ("import", "interwiki" | "upload") => Kind::Import,
            ("managetags", "activate" | "create" | "deactivate" | "delete")
            | ("upload", "overwrite" | "revert" | "upload")
            | ("create", "create") => Kind::Base,
            ("merge", "merge") => Kind::Merge,
            ("move", "move" | "move_redir") => Kind::Move,
            ("newusers", "newusers" | "create" | "create2" | "byemail" | "autocreate") => Kind::NewUsers,
            ("patrol", "patrol" | "autopatrol") => Kind::Patrol,
            ("protect", "modify" | "move_prot" | "protect" | "unprotect") => Kind::Protect,
            ("rights", "autopromote" | "rights") => Kind::Rights,
            ("tag", "update") => Kind::Tag,
            ("renameuser", "renameuser") => Kind::Renameuser,
            _ => return None,
        })
    }
}

/// The highest parameter index a stored key may give (`<index>:<type>:<name>`).
const MAX_PARAMETER: usize = 99;

/// The stored parameters, and whether they are the legacy lines.
struct Stored {
    entries: Vec<(PhpKey, PhpValue)>,
    legacy: bool,
}

impl Stored {
    fn read(text: &str) -> Stored {
        match php::unserialize(text) {
            Ok(PhpValue::Array(entries)) => Stored { entries, legacy: false },
            Ok(PhpValue::Bool(false)) | Err(_) => Stored {
                entries: php::legacy_params(text)
                    .into_iter()
                    .enumerate()
                    .map(|(i, line)| (PhpKey::Int(i as i64), PhpValue::String(line.to_owned())))
                    .collect(),
                legacy: true,
            },
            Ok(_) => Stored { entries: Vec::new(), legacy: false },
        }
    }

    fn get(&self, key: &str) -> Option<&PhpValue> {
        self.entries.iter().find(|(k, _)| matches!(k, PhpKey::Str(s) if s == key)).map(|(_, v)| v)
    }
}

/// The message key and parameters of an entry, or `None` for a kind without a formatter.
pub(super) fn message_of(
    w: &mut Writer<'_, '_>,
    line: &LogLine<'_>,
    performer: String,
    performer_name: &str,
) -> Option<(String, Params)> {
    let kind = Kind::of(line.log_type, line.action)?;
    let stored = Stored::read(line.params);
    let mut p = extract(w, &stored);
    p.insert(0, Param::Raw(performer));
    p.insert(1, Param::plain(performer_name));
    let target_link = match kind {
        Kind::Merge | Kind::Move => w.page_link(line.ns, line.dbkey, None, &[("redirect", "no")], ""),
        Kind::Rights => {
            let text = line.dbkey.replace('_', " ");
            w.page_link(line.ns, line.dbkey, Some(&text), &[], "")
        }
        _ => w.page_link(line.ns, line.dbkey, None, &[], ""),
    };
    p.insert(2, Param::Raw(target_link));
    let mut key = format!("logentry-{}-{}", line.log_type, line.action);
    match kind {
        Kind::Base => {}
        Kind::Block => block(w, line, &stored, &mut p, &mut key),
        Kind::ContentModel => content_model(w, &mut p),
        Kind::Delete => delete(w, line, &stored, &mut p, &mut key),
        Kind::Import => {
            if p.contains_key(&3) {
                key.push_str("-details");
            }
        }
        Kind::Merge => merge(w, &mut p),
        Kind::Move => {
            if is_string_one(&stored, 1) {
                key.push_str("-noredirect");
            }
            let to = text_of(&p, 3);
            p.insert(3, Param::Raw(w.link_to_text(&to, &[])));
            p.remove(&4);
        }
        Kind::NewUsers => new_users(w, line, &stored, &mut p),
        Kind::Patrol => patrol(w, line, &mut p, &mut key),
        Kind::Protect => protect(w, line, &stored, &mut p, &mut key),
        Kind::Rights => rights(w, line, &stored, &mut p, &mut key),
        Kind::Tag => tag(w, line, &mut p, &mut key),
        Kind::Renameuser => renameuser(w, line, &mut p, &mut key),
    }
    Some((key, p))
}

/// The parameters from `$4` on (`extractParameters`): the legacy lines in order, and each
/// `<index>:<type>:<name>` key as its type formats it; gaps filled with empty text.
fn extract(w: &mut Writer<'_, '_>, stored: &Stored) -> Params {
    let mut p = Params::new();
    if stored.legacy {
        for (i, (_, v)) in stored.entries.iter().enumerate() {
            p.insert(i + 3, Param::plain(v.to_php_string()));
        }
    }
    for (key, value) in &stored.entries {
        let PhpKey::Str(key) = key else { continue };
        if !key.contains(':') {
            continue;
        }
        let mut parts = key.splitn(3, ':');
        let index = parts.next().unwrap_or("");
        let kind = parts.next().unwrap_or("");
        if index.is_empty() || !index.bytes().all(|b| b.is_ascii_digit()) {
            continue;
        }
        // No message has parameters past a few dozen; a larger index (a damaged entry) would
        // only ask for that many empty ones.
        let Some(index) = index.parse::<usize>().ok().filter(|&i| i <= MAX_PARAMETER) else { continue };
        let Some(index) = index.checked_sub(1) else { continue };
        p.insert(index, typed_value(w, kind, value));
    }
    if let Some(&max) = p.keys().next_back() {
        for i in 3..max {
            p.entry(i).or_insert_with(|| Param::plain(""));
        }
    }
    p
}

/// A stored parameter as its type asks (`formatParameterValue`).
fn typed_value(w: &mut Writer<'_, '_>, kind: &str, value: &PhpValue) -> Param {
    let text = value.to_php_string();
    match kind.trim().to_lowercase().as_str() {
        "raw" => Param::Raw(text),
        "list" => {
            let items: Vec<String> = list_items(value);
            Param::Plain(w.comma_list(&items))
        }
        "msg" | "msg-content" => Param::Plain(w.text(&text, &[])),
        "number" => Param::Plain(format_num(&text)),
        "user" => Param::Plain(text.replace('_', " ")),
        "user-link" => {
            let name = text.replace('_', " ");
            let id = w.lookup.user_id(&name);
            Param::Raw(w.user_link(id, &name))
        }
        "title" => Param::Plain(
            w.title_from_text(&text).map_or(text, |t| crate::title::full_text(t.ns, &t.text, w.site.namespaces)),
        ),
        "title-link" => Param::Raw(w.link_to_text(&text, &[])),
        _ => match value {
            PhpValue::Array(_) => Param::Plain(String::from("Array")),
            _ => Param::Plain(text),
        },
    }
}

fn list_items(value: &PhpValue) -> Vec<String> {
    match value {
        PhpValue::Array(entries) => entries.iter().map(|(_, v)| v.to_php_string()).collect(),
        other => vec![other.to_php_string()],
    }
}

/// A number as the reader's language writes it (`formatNum`).
fn format_num(text: &str) -> String {
    crate::format_num::format_num(text, crate::format_num::FormatNum::Grouped).0
}

fn text_of(p: &Params, i: usize) -> String {
    match p.get(&i) {
        Some(Param::Plain(s) | Param::Raw(s)) => s.clone(),
        None => String::new(),
    }
}

/// Whether the `n`th stored parameter (from `$4`, counted from 0) is the string `"1"`.
fn is_string_one(stored: &Stored, n: usize) -> bool {
    let found = stored.entries.iter().find(|(k, _)| match k {
        PhpKey::Str(s) => s.split(':').next().and_then(|i| i.parse::<usize>().ok()) == Some(n + 4),
        PhpKey::Int(i) => stored.legacy && *i == n as i64,
    });
    matches!(found, Some((_, PhpValue::String(s))) if s == "1")
}

/// A date and time as the reader sees them.
fn when(stored: &str) -> String {
    Timestamp::parse(stored).map_or_else(|| stored.to_owned(), |t| time_and_date(t, 0))
}

fn content_model(w: &mut Writer<'_, '_>, p: &mut Params) {
    for i in [3, 4] {
        if let Some(Param::Plain(model)) = p.get(&i).cloned() {
            let key = format!("content-model-{model}");
            let name = if w.has(&key) { w.text(&key, &[]) } else { model };
            p.insert(i, Param::Plain(name));
        }
    }
}

fn block(w: &mut Writer<'_, '_>, line: &LogLine<'_>, stored: &Stored, p: &mut Params, key: &mut String) {
    if stored.legacy {
        let duration = p.remove(&3);
        let flags = p.remove(&4);
        p.insert(3, Param::plain(""));
        if let Some(d) = duration {
            p.insert(4, d);
        }
        if let Some(f) = flags {
            p.insert(5, f);
        }
    }
    let reblock = matches!(line.action, "block" | "reblock");
    if reblock && stored.get("sitewide").is_some_and(|s| !s.is_truthy()) {
        let variant = if p.contains_key(&6) { "partial" } else { "non-editing-" };
        *key = format!("logentry-{variant}{}-{}", line.log_type, line.action);
    }
    let target = line.dbkey.replace('_', " ");
    if target.starts_with('#') {
        p.insert(2, Param::Plain(target));
        p.insert(3, Param::plain(""));
    } else {
        let id = w.lookup.user_id(&target);
        p.insert(2, Param::Raw(w.user_link(id, &target)));
        p.insert(3, Param::Plain(target));
    }
    if !reblock {
        p.retain(|&i, _| i <= 3);
        return;
    }
    let duration = match p.get(&4) {
        Some(Param::Plain(d)) | Some(Param::Raw(d)) => d.clone(),
        None => "infinity".to_owned(),
    };
    let shown = block_expiry(w, &duration, line.timestamp);
    p.insert(
        4,
        Param::Raw(format!(
            "<span class=\"blockExpiry\" title=\"&lrm;{}\">{}</span>",
            crate::html::escape(&duration),
            crate::html::escape(&shown)
        )),
    );
    if let Some(flags) = p.get(&5).cloned() {
        let flags = match flags {
            Param::Plain(f) | Param::Raw(f) => f,
        };
        p.insert(5, Param::Plain(block_flags(w, &flags)));
    }
    if let Some(restrictions) = stored.get("7::restrictions") {
        p.insert(6, Param::Raw(block_restrictions(w, restrictions)));
    }
}

/// A block's duration as the reader reads it: "indefinite" for ever, a length for a relative
/// duration, a date for an absolute one; else as written.
fn block_expiry(w: &Writer<'_, '_>, duration: &str, timestamp: &str) -> String {
    if matches!(duration, "infinite" | "indefinite" | "infinity" | "never") {
        return w.text("infiniteblock", &[]);
    }
    let Some(base) = Timestamp::parse(timestamp).map(|t| t.unix()) else { return duration.to_owned() };
    match (crate::log_params::relative_time(duration, base), crate::log_params::relative_time(duration, base + 1)) {
        (Some(at), Some(at_next)) if at_next != at => format_duration(w, at - base),
        (Some(at), _) => time_and_date(Timestamp::from_unix(at), 0),
        (None, _) => duration.to_owned(),
    }
}

/// A length of time in the largest units that divide it (years, days, hours, minutes,
/// seconds), as a list.
fn format_duration(w: &Writer<'_, '_>, mut seconds: i64) -> String {
    const UNITS: [(&str, i64); 8] = [
        ("millennia", 31_556_952_000),
        ("centuries", 3_155_695_200),
        ("decades", 315_569_520),
        ("years", 31_556_952),
        ("days", 86_400),
        ("hours", 3_600),
        ("minutes", 60),
        ("seconds", 1),
    ];
    let mut parts = Vec::new();
    for (unit, size) in UNITS {
        let count = seconds / size;
        if count > 0 {
            parts.push(w.text(&format!("duration-{unit}"), &[format_num(&count.to_string())]));
            seconds -= count * size;
        }
    }
    if parts.is_empty() {
        parts.push(w.text("duration-seconds", &["0".to_owned()]));
    }
    w.list_to_text(&parts)
}

/// A block's flags in parentheses, each as its message names it.
fn block_flags(w: &Writer<'_, '_>, flags: &str) -> String {
    let flags = php::trim(flags);
    if flags.is_empty() {
        return String::new();
    }
    let items: Vec<String> = flags
        .split(',')
        .map(|flag| {
            let key = format!("block-log-flags-{flag}");
            if w.has(&key) {
                w.escaped(&key, &[])
            } else {
                crate::html::escape(flag)
            }
        })
        .collect();
    let list = w.comma_list(&items);
    w.escaped("parentheses", &[Param::Raw(list)])
}

/// A partial block's pages and namespaces (actions only where partial action blocks are on,
/// which they are not by default).
fn block_restrictions(w: &mut Writer<'_, '_>, restrictions: &PhpValue) -> String {
    let mut pieces = Vec::new();
    if let Some(PhpValue::Array(pages)) = restrictions.get("pages") {
        let links: Vec<String> = pages.iter().map(|(_, v)| w.link_to_text(&v.to_php_string(), &[])).collect();
        let list = w.list_to_text(&links);
        pieces.push(w.escaped(
            "logentry-partialblock-block-page",
            &[Param::Plain(format_num(&links.len().to_string())), Param::Raw(list)],
        ));
    }
    if let Some(PhpValue::Array(namespaces)) = restrictions.get("namespaces") {
        let links: Vec<String> = namespaces
            .iter()
            .map(|(_, v)| {
                let ns = php::leading_int(&v.to_php_string()) as i32;
                let text = if ns == 0 {
                    w.escaped("blanknamespace", &[])
                } else {
                    crate::html::escape(&w.site.namespaces.name(ns).unwrap_or("").replace('_', " "))
                };
                let ns_text = ns.to_string();
                w.page_link(NS_SPECIAL, "AllPages", Some(&text), &[("namespace", &ns_text)], "")
            })
            .collect();
        let list = w.list_to_text(&links);
        pieces.push(w.escaped(
            "logentry-partialblock-block-ns",
            &[Param::Plain(format_num(&links.len().to_string())), Param::Raw(list)],
        ));
    }
    w.list_to_text(&pieces)
}

fn delete(w: &mut Writer<'_, '_>, line: &LogLine<'_>, stored: &Stored, p: &mut Params, key: &mut String) {
    match line.action {
        "restore" => {
            let Some(counts) = stored.get(":assoc:count") else {
                key.push_str("-nocount");
                return;
            };
            let items: Vec<String> = match counts {
                PhpValue::Array(entries) => entries
                    .iter()
                    .filter(|(_, n)| php::leading_int(&n.to_php_string()) != 0)
                    .map(|(kind, n)| {
                        let n = format_num(&n.to_php_string());
                        w.text(&format!("restore-count-{}", kind.as_text()), &[n])
                    })
                    .collect(),
                _ => Vec::new(),
            };
            p.insert(3, Param::Plain(w.list_to_text(&items)));
        }
        "event" | "revision" => {
            let modern = if line.action == "event" {
                p.len() == 6
            } else {
                p.len() == 7
                    && matches!(p.get(&3), Some(Param::Plain(t)) if matches!(t.as_str(), "revision" | "archive" | "oldimage" | "filearchive"))
            };
            if !modern {
                p.retain(|&i, _| i <= 2);
                key.push_str("-legacy");
                return;
            }
            let first = if line.action == "event" { 3 } else { 4 };
            let ids_key = if line.action == "event" { "4::ids" } else { "5::ids" };
            let count = match stored.get(ids_key) {
                Some(PhpValue::Array(ids)) => ids.len(),
                Some(other) => other.to_php_string().split(',').count(),
                None => text_of(p, first).split(',').count(),
            };
            let old = bit_field(&text_of(p, first + 1));
            let new = bit_field(&text_of(p, first + 2));
            let changes = revision_changes(w, new, old);
            p.retain(|&i, _| i <= 2);
            p.insert(3, Param::Plain(w.list_to_text(&changes)));
            p.insert(4, Param::Plain(format_num(&count.to_string())));
        }
        _ => p.retain(|&i, _| i <= 2),
    }
}

/// `ofield=N`, `nfield=N` or a bare number.
fn bit_field(text: &str) -> i64 {
    match text.get(1..).and_then(|t| t.strip_prefix("field=")) {
        Some(n) => php::leading_int(n),
        None => php::leading_int(text),
    }
}

/// What a visibility change hid and showed, as a list of messages.
fn revision_changes(w: &Writer<'_, '_>, new: i64, old: i64) -> Vec<String> {
    let diff = new ^ old;
    let mut hid = Vec::new();
    let mut unhid = Vec::new();
    for (bit, name) in [(1, "revdelete-content"), (2, "revdelete-summary"), (4, "revdelete-uname")] {
        if diff & bit != 0 {
            if new & bit != 0 {
                hid.push(w.text(&format!("{name}-hid"), &[]));
            } else {
                unhid.push(w.text(&format!("{name}-unhid"), &[]));
            }
        }
    }
    let mut all = hid;
    all.append(&mut unhid);
    if diff & 8 != 0 {
        all.push(w.text(if new & 8 != 0 { "revdelete-restricted" } else { "revdelete-unrestricted" }, &[]));
    }
    all
}

fn merge(w: &mut Writer<'_, '_>, p: &mut Params) {
    let dest = text_of(p, 3);
    p.insert(3, Param::Raw(w.link_to_text(&dest, &[])));
    let point = text_of(p, 4);
    p.insert(4, Param::Plain(when(&point)));
}

fn new_users(w: &mut Writer<'_, '_>, line: &LogLine<'_>, stored: &Stored, p: &mut Params) {
    if !matches!(line.action, "create2" | "byemail") {
        return;
    }
    let by_id = stored.get("4::userid").map(|v| php::leading_int(&v.to_php_string())).filter(|&id| id != 0);
    let (id, name) = match by_id {
        Some(id) => (id, w.lookup.user_name(id).unwrap_or_default()),
        None => {
            let name = line.dbkey.replace('_', " ");
            (w.lookup.user_id(&name), name)
        }
    };
    p.insert(2, Param::Raw(w.user_link(id, &name)));
    p.insert(3, Param::Plain(name));
}

fn patrol(w: &mut Writer<'_, '_>, line: &LogLine<'_>, p: &mut Params, key: &mut String) {
    let auto = matches!(p.get(&5), Some(Param::Plain(s)) if !(s.is_empty() || s == "0"));
    *key = if auto { "logentry-patrol-patrol-auto" } else { "logentry-patrol-patrol" }.to_owned();
    let revision = text_of(p, 3);
    p.insert(3, revision_link(w, line, &revision));
}

/// A revision's number linking to its diff when its page exists, else the number.
fn revision_link(w: &mut Writer<'_, '_>, line: &LogLine<'_>, revision: &str) -> Param {
    if w.lookup.page(line.ns, line.dbkey).is_some() {
        let text = crate::html::escape(revision);
        Param::Raw(w.page_link(line.ns, line.dbkey, Some(&text), &[("oldid", revision), ("diff", "prev")], ""))
    } else {
        Param::Raw(crate::html::escape(revision))
    }
}

fn protect(w: &mut Writer<'_, '_>, line: &LogLine<'_>, stored: &Stored, p: &mut Params, key: &mut String) {
    let cascade = matches!(p.get(&4), Some(Param::Plain(s)) if !(s.is_empty() || s == "0"));
    if matches!(line.action, "protect" | "modify") {
        if cascade {
            key.push_str("-cascade");
        }
        let description = match stored.get("details") {
            Some(PhpValue::Array(details)) => {
                let sep = w.escaped("word-separator", &[]);
                details.iter().map(|(_, d)| protection_description(w, d)).collect::<Vec<_>>().join(&sep)
            }
            _ if p.contains_key(&3) => format!("\u{200e}{}", text_of(p, 3)),
            _ => String::new(),
        };
        p.insert(3, Param::Plain(description));
        p.remove(&4);
    } else if line.action == "move_prot" {
        let old = text_of(p, 3);
        p.insert(3, Param::Raw(w.link_to_text(&old, &[("redirect", "no")])));
    } else {
        p.retain(|&i, _| i <= 2);
    }
}

/// One protection: what it restricts, to whom, until when.
fn protection_description(w: &Writer<'_, '_>, detail: &PhpValue) -> String {
    let field = |name: &str| detail.get(name).map(PhpValue::to_php_string).unwrap_or_default();
    let action = w.escaped(&format!("restriction-{}", field("type")), &[]);
    let level_key = format!("protect-level-{}", field("level"));
    let level = if w.has(&level_key) {
        w.escaped(&level_key, &[])
    } else {
        w.escaped("protect-fallback", &[Param::Plain(field("level"))])
    };
    let expiry = field("expiry");
    let until = if matches!(expiry.as_str(), "infinite" | "indefinite" | "infinity" | "never") {
        w.text("protect-expiry-indefinite", &[])
    } else {
        w.text("protect-expiring-local", &[when(&expiry)])
    };
    w.escaped("protect-summary-desc", &[Param::Plain(action), Param::Plain(level), Param::Plain(until)])
}

fn rights(w: &mut Writer<'_, '_>, line: &LogLine<'_>, stored: &Stored, p: &mut Params, key: &mut String) {
    if !p.contains_key(&3) && !p.contains_key(&4) {
        key.push_str("-legacy");
        return;
    }
    let user = line.dbkey.replace('_', " ");
    let groups = |i: usize, name: &str| -> Vec<String> {
        match stored.get(name) {
            Some(PhpValue::Array(list)) => list.iter().map(|(_, g)| g.to_php_string()).collect(),
            Some(PhpValue::String(s)) if !s.is_empty() => s.split(',').map(|g| php::trim(g).to_owned()).collect(),
            Some(_) => Vec::new(),
            None if stored.legacy => {
                let text = text_of(p, i);
                if text.is_empty() {
                    Vec::new()
                } else {
                    text.split(',').map(|g| php::trim(g).to_owned()).collect()
                }
            }
            None => Vec::new(),
        }
    };
    let old = groups(3, "4::oldgroups");
    let new = groups(4, "5::newgroups");
    for (i, list, meta) in [(3, old, "oldmetadata"), (4, new, "newmetadata")] {
        let param = if list.is_empty() {
            Param::Plain(w.text("rightsnone", &[]))
        } else {
            let metadata: Vec<&PhpValue> = match stored.get(meta) {
                Some(PhpValue::Array(m)) => m.iter().map(|(_, v)| v).collect(),
                _ => Vec::new(),
            };
            Param::Raw(rights_list(w, &list, &metadata, &user))
        };
        p.insert(i, param);
    }
    p.insert(5, Param::Plain(user));
}

/// Groups as members of them are called, the temporary ones first with their end.
fn rights_list(w: &Writer<'_, '_>, groups: &[String], metadata: &[&PhpValue], user: &str) -> String {
    let mut temporary = Vec::new();
    let mut permanent = Vec::new();
    for (i, group) in groups.iter().enumerate() {
        if group.is_empty() || group == "0" {
            break;
        }
        let member_key = format!("group-{group}-member");
        let member = if w.has(&member_key) { w.text(&member_key, &[user.to_owned()]) } else { group.clone() };
        let expiry = metadata.get(i).and_then(|m| m.get("expiry")).filter(|e| e.is_truthy());
        match expiry {
            Some(e) => {
                let at = e.to_php_string();
                temporary.push(
                    w.escaped("rightslogentry-temporary-group", &[Param::Plain(member), Param::Plain(when(&at))]),
                );
            }
            None => permanent.push(crate::html::escape(&member)),
        }
    }
    temporary.append(&mut permanent);
    w.list_to_text(&temporary)
}

fn tag(w: &mut Writer<'_, '_>, line: &LogLine<'_>, p: &mut Params, key: &mut String) {
    let revision = text_of(p, 3);
    let log_id = text_of(p, 4);
    let added = php::leading_int(&text_of(p, 6).replace(',', ""));
    let removed = php::leading_int(&text_of(p, 8).replace(',', ""));
    let has_revision = !(revision.is_empty() || revision == "0");
    if has_revision {
        p.insert(3, revision_link(w, line, &revision));
    } else {
        let text = crate::html::escape(&log_id);
        p.insert(4, Param::Raw(w.page_link(NS_SPECIAL, "Log", Some(&text), &[("logid", &log_id)], "")));
    }
    key.push_str(match (removed > 0, added > 0) {
        (true, true) => "",
        (true, false) => "-remove",
        (false, _) => "-add",
    });
    key.push_str(if has_revision { "-revision" } else { "-logentry" });
}

fn renameuser(w: &mut Writer<'_, '_>, line: &LogLine<'_>, p: &mut Params, key: &mut String) {
    if !p.contains_key(&3) {
        key.push_str("-legaciest");
        p.retain(|&i, _| i <= 2);
        return;
    }
    if !p.contains_key(&4) {
        let new = text_of(p, 3);
        p.insert(4, Param::Plain(new));
        p.insert(3, Param::Plain(line.dbkey.replace('_', " ")));
    }
    if !p.contains_key(&5) {
        key.push_str("-legacier");
    }
    let old = text_of(p, 3);
    let new = text_of(p, 4);
    p.insert(3, Param::Raw(user_page_link(w, &old, &[("redirect", "no")])));
    p.insert(4, Param::Raw(user_page_link(w, &new, &[])));
    p.insert(6, Param::Plain(new));
}

/// A link to a user's page named by the user's name.
fn user_page_link(w: &mut Writer<'_, '_>, name: &str, query: &[(&str, &str)]) -> String {
    let text = crate::html::escape(name);
    w.page_link(NS_USER, &name.replace(' ', "_"), Some(&text), query, "")
}
