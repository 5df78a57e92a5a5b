//! The `params` member of a log entry: the stored parameters (`log_params`, serialised PHP or
//! the legacy one-a-line text) in the shape MediaWiki's API gives them for each log type.
//!
//! MediaWiki works on the stored parameters as an ordered PHP array: each log type first
//! renames and completes its keys (`4::target` becomes `4:title:target`, a block gets its
//! computed expiry), then every key of the form `<index>:<type>:<name>` is written as `name`
//! in the form its type asks for (a title becomes `<name>_ns` and `<name>_title`, a timestamp
//! ISO 8601, a number an integer, ...), and other keys are written as they are. This module
//! does the same steps on the same ordered array, so that members come out in MediaWiki's
//! order as well as with its values.

use serde_json::{Map, Number, Value};
pub use wikiquery_domain::php::numeric as php_numeric;
use wikiquery_domain::php::{self, PhpKey, PhpValue};
use wikiquery_domain::timestamp::{civil_from_days, days_from_civil};
use wikiquery_domain::title::{full_text, parse_title, SiteNamespaces, NS_SPECIAL};
use wikiquery_framework::Timestamp;

/// What title parameters need to know of the site.
pub struct TitleContext<'a> {
    /// The site's namespaces.
    pub namespaces: &'a SiteNamespaces,
    /// Whether a (lower-case) prefix is an interwiki prefix.
    pub is_interwiki: &'a dyn Fn(&str) -> bool,
}

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

/// An ordered PHP array.
type Params = Vec<(PhpKey, PhpValue)>;

/// The stored parameters as MediaWiki reads them: a serialised array (without the
/// `associated_rev_id` it keeps elsewhere), or the legacy lines keyed 0, 1, ...
pub fn stored_params(text: &str) -> Params {
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

/// The members of a `params` object, in MediaWiki's order. A handful at most, so kept in a
/// vector and found by a scan, which costs less than hashing each name.
#[derive(Debug, Default, PartialEq)]
pub struct Members(Vec<(String, Value)>);

impl Members {
    /// The members, in order.
    pub fn iter(&self) -> impl Iterator<Item = (&str, &Value)> {
        self.0.iter().map(|(k, v)| (k.as_str(), v))
    }

    /// The members as a JSON object.
    pub fn into_map(self) -> Map<String, Value> {
        self.0.into_iter().collect()
    }

    fn get_mut(&mut self, name: &str) -> Option<&mut Value> {
        self.0.iter_mut().find(|(k, _)| k == name).map(|(_, v)| v)
    }

    /// PHP's `$a[$k] = $v`: replaces the value in its place, or appends.
    fn insert(&mut self, name: String, value: Value) {
        match self.get_mut(&name) {
            Some(v) => *v = value,
            None => self.0.push((name, value)),
        }
    }

    /// Appends unless the name is there already.
    fn insert_new(&mut self, name: String, value: Value) {
        if self.get_mut(&name).is_none() {
            self.0.push((name, value));
        }
    }
}

/// The `params` member of an entry.
pub fn format_params(entry: &EntryInfo<'_>, site: &TitleContext<'_>) -> Members {
    let stored = stored_params(entry.params);
    let handler = Handler::of(entry.log_type, entry.action);
    let prepared = match handler {
        Handler::Block => block_params(stored, entry),
        Handler::Delete => delete_params(stored, entry.action),
        Handler::Merge => rename(
            stored,
            &[
                (int(0), "4:title:dest"),
                (int(1), "5:timestamp:mergepoint"),
                (key("4::dest"), "4:title:dest"),
                (key("5::mergepoint"), "5:timestamp:mergepoint"),
            ],
        ),
        Handler::Move => {
            let mut p = rename(
                stored,
                &[
                    (int(0), "4:title:target"),
                    (int(1), "5:bool:suppressredirect"),
                    (key("4::target"), "4:title:target"),
                    (key("5::noredir"), "5:bool:suppressredirect"),
                ],
            );
            if !isset(&p, key("5:bool:suppressredirect")) {
                set(&mut p, key("5:bool:suppressredirect"), PhpValue::Bool(false));
            }
            p
        }
        Handler::Patrol => rename(
            stored,
            &[
                (int(0), "4:number:curid"),
                (int(1), "5:number:previd"),
                (int(2), "6:bool:auto"),
                (key("4::curid"), "4:number:curid"),
                (key("5::previd"), "5:number:previd"),
                (key("6::auto"), "6:bool:auto"),
            ],
        ),
        Handler::Protect => protect_params(stored, entry.action),
        Handler::Rights => rights_params(stored),
        Handler::Upload => rename(stored, &[(key("img_timestamp"), ":timestamp:img_timestamp")]),
        Handler::Plain => stored,
    };
    let mut out = format_for_api(prepared, site);
    match handler {
        Handler::Block => {
            if let Some(Value::Object(restrictions)) = out.get_mut("restrictions") {
                if let Some(pages) = restrictions.get_mut("pages") {
                    map_values(pages, |page| title_value("page", &scalar_text_of_json(page), site));
                }
            }
        }
        Handler::Protect => {
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
        Handler::Rights => {
            for name in ["oldmetadata", "newmetadata"] {
                if let Some(v) = out.get_mut(name) {
                    force_list(v);
                }
            }
        }
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

// ---------------------------------------------------------------------------------------
// The ordered PHP array
// ---------------------------------------------------------------------------------------

/// A key to look up, without owning its text.
#[derive(Debug, Clone, Copy)]
enum K<'a> {
    Int(i64),
    Str(&'a str),
}

impl<'a> K<'a> {
    fn of(k: &'a PhpKey) -> K<'a> {
        match k {
            PhpKey::Int(i) => K::Int(*i),
            PhpKey::Str(s) => K::Str(s),
        }
    }

    fn is(self, k: &PhpKey) -> bool {
        match (self, k) {
            (K::Int(a), PhpKey::Int(b)) => a == *b,
            (K::Str(a), PhpKey::Str(b)) => a == b,
            _ => false,
        }
    }

    fn owned(self) -> PhpKey {
        match self {
            K::Int(i) => PhpKey::Int(i),
            K::Str(s) => PhpKey::Str(s.to_owned()),
        }
    }
}

fn int(i: i64) -> K<'static> {
    K::Int(i)
}

fn key(s: &str) -> K<'_> {
    K::Str(s)
}

/// A string key of an array being built.
fn owned(s: &str) -> PhpKey {
    PhpKey::Str(s.to_owned())
}

fn position(params: &Params, k: K<'_>) -> Option<usize> {
    params.iter().position(|(pk, _)| k.is(pk))
}

fn get<'p>(params: &'p Params, k: K<'_>) -> Option<&'p PhpValue> {
    position(params, k).map(|i| &params[i].1)
}

/// PHP's `isset`: present and not null.
fn isset(params: &Params, k: K<'_>) -> bool {
    get(params, k).is_some_and(|v| !matches!(v, PhpValue::Null))
}

/// PHP's `$a[$k] = $v`: replaces in place, or appends.
fn set(params: &mut Params, k: K<'_>, value: PhpValue) {
    match position(params, k) {
        Some(i) => params[i].1 = value,
        None => params.push((k.owned(), value)),
    }
}

fn unset(params: &mut Params, k: &str) {
    params.retain(|(pk, _)| !matches!(pk, PhpKey::Str(s) if s == k));
}

fn unset_key(params: &mut Params, k: K<'_>) {
    params.retain(|(pk, _)| !k.is(pk));
}

/// Moves each present (not null) old key to its new name, at the end, as the formatters'
/// maps do.
fn rename(mut params: Params, map: &[(K<'_>, &str)]) -> Params {
    for &(old, new) in map {
        if let Some(at) = position(&params, old).filter(|&at| !matches!(params[at].1, PhpValue::Null)) {
            // The old key goes: its value moves.
            let value = std::mem::replace(&mut params[at].1, PhpValue::Null);
            set(&mut params, key(new), value);
            unset_key(&mut params, old);
        }
    }
    params
}

/// PHP's string form of a scalar.
fn php_string(value: &PhpValue) -> String {
    match value {
        PhpValue::Null => String::new(),
        PhpValue::Bool(b) => if *b { "1" } else { "" }.to_owned(),
        PhpValue::Int(i) => i.to_string(),
        PhpValue::Float(f) => php_float_string(*f),
        PhpValue::String(s) => s.clone(),
        PhpValue::Array(_) => "Array".to_owned(),
        PhpValue::Object { .. } => String::new(),
    }
}

fn php_float_string(f: f64) -> String {
    if f.is_finite() && f.fract() == 0.0 && f.abs() < 1e15 {
        format!("{}", f as i64)
    } else {
        format!("{f}")
    }
}

/// PHP's truthiness.
fn php_truthy(value: &PhpValue) -> bool {
    match value {
        PhpValue::Null => false,
        PhpValue::Bool(b) => *b,
        PhpValue::Int(i) => *i != 0,
        PhpValue::Float(f) => *f != 0.0,
        PhpValue::String(s) => !(s.is_empty() || s == "0"),
        PhpValue::Array(a) => !a.is_empty(),
        PhpValue::Object { .. } => true,
    }
}

/// PHP 8's comparison of array keys, as `ksort` orders them.
fn compare_keys(a: &PhpKey, b: &PhpKey) -> std::cmp::Ordering {
    fn numeric(k: &PhpKey) -> Option<f64> {
        match k {
            PhpKey::Int(i) => Some(*i as f64),
            PhpKey::Str(s) => php_numeric(s),
        }
    }
    match (numeric(a), numeric(b)) {
        (Some(x), Some(y)) => x.partial_cmp(&y).unwrap_or(std::cmp::Ordering::Equal),
        _ => a.as_text().cmp(&b.as_text()),
    }
}

// ---------------------------------------------------------------------------------------
// Formatting for the API
// ---------------------------------------------------------------------------------------

/// Writes the prepared parameters: `<index>:<type>:<name>` keys by their type, others as
/// they are; a typed key never replaces a member already written.
fn format_for_api(params: Params, site: &TitleContext<'_>) -> Members {
    let mut out = Members(Vec::with_capacity(params.len() + 1));
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
    let kind = kind.trim_matches([' ', '\t', '\n', '\r', '\x0b', '\0']);
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
        "bool" => one(Value::Bool(php_truthy(value))),
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
            let text = php_string(value);
            vec![(format!("{name}_key"), Value::String(text.clone())), (format!("{name}_text"), Value::String(text))]
        }
        "title" | "title-link" => match title_value(name, &php_string(value), site) {
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

/// A `number` parameter: an integer when it is one (or a string of digits), else a float.
fn number_value(value: &PhpValue) -> Value {
    match value {
        PhpValue::Int(i) => Value::from(*i),
        PhpValue::Bool(b) => Value::from(i64::from(*b)),
        PhpValue::String(s) if !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit()) => match s.parse::<i64>() {
            Ok(i) => Value::from(i),
            Err(_) => float_value(s.parse().unwrap_or(0.0)),
        },
        PhpValue::String(s) => float_value(php_leading_float(s)),
        PhpValue::Float(f) => float_value(*f),
        _ => float_value(0.0),
    }
}

fn float_value(f: f64) -> Value {
    Number::from_f64(f).map(Value::Number).unwrap_or(Value::Null)
}

/// PHP's `(float)` of a string: its leading number, else 0.
fn php_leading_float(s: &str) -> f64 {
    let t = s.trim_start_matches([' ', '\t', '\n', '\r', '\x0b', '\x0c']);
    let mut end = 0;
    for i in (0..=t.len()).rev() {
        if t.is_char_boundary(i) && php_numeric(&t[..i]).is_some() {
            end = i;
            break;
        }
    }
    php_numeric(&t[..end]).unwrap_or(0.0)
}

/// A timestamp parameter in ISO 8601, or `false` when it is none.
fn timestamp_value(value: &PhpValue) -> Value {
    let ts = match value {
        PhpValue::Int(i) => Some(Timestamp::from_unix(*i)),
        PhpValue::String(s) => Timestamp::parse(s),
        PhpValue::Float(f) if f.is_finite() => Some(Timestamp::from_unix(*f as i64)),
        _ => None,
    };
    ts.map(|t| Value::String(t.to_iso())).unwrap_or(Value::Bool(false))
}

/// A title parameter: `{<name>_ns, <name>_title}`, with `Special:Badtitle/<text>` for text
/// that is no title.
fn title_value(name: &str, text: &str, site: &TitleContext<'_>) -> Value {
    let (ns, title) = match parse_title(text, 0, site.namespaces, site.is_interwiki) {
        Ok(t) if !text.is_empty() => (t.ns, t.prefixed_text(site.namespaces)),
        _ => (NS_SPECIAL, full_text(NS_SPECIAL, &format!("Badtitle/{text}"), site.namespaces)),
    };
    let mut map = Map::new();
    map.insert(format!("{name}_ns"), Value::from(ns));
    map.insert(format!("{name}_title"), Value::String(title));
    Value::Object(map)
}

/// A user name as MediaWiki normalises it (first letter upper case, spaces), or `None` when
/// the text is no valid user name.
fn canonical_user_name(s: &str) -> Option<String> {
    let spaced = s.replace('_', " ");
    let trimmed = spaced.trim();
    if trimmed.is_empty()
        || trimmed.contains(['#', '<', '>', '[', ']', '|', '{', '}', '/', '@', ':', '\n', '\t'])
        || wikiquery_domain::title::sanitize_ip(trimmed).is_some()
    {
        return None;
    }
    Some(wikiquery_domain::title::upper_first(trimmed))
}

/// The text of a JSON scalar, as PHP would turn it into a string.
fn scalar_text_of_json(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        Value::Number(n) => n.to_string(),
        Value::Bool(true) => "1".to_owned(),
        _ => String::new(),
    }
}

/// Applies `f` to each value of a JSON list or object (PHP's `array_map` keeps keys).
fn map_values(v: &mut Value, f: impl Fn(&Value) -> Value) {
    match v {
        Value::Array(items) => {
            for item in items.iter_mut() {
                *item = f(item);
            }
        }
        Value::Object(map) => {
            for item in map.values_mut() {
                *item = f(item);
            }
        }
        _ => {}
    }
}

/// A JSON object becomes the list of its values (an array typed as a list).
fn force_list(v: &mut Value) {
    if let Value::Object(map) = v {
        let items: Vec<Value> = std::mem::take(map).into_iter().map(|(_, v)| v).collect();
        *v = Value::Array(items);
    }
}

/// The values MediaWiki takes for "no expiry".
fn is_infinity(s: &str) -> bool {
    matches!(s, "infinite" | "indefinite" | "infinity" | "never")
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

// ---------------------------------------------------------------------------------------
// Per log type
// ---------------------------------------------------------------------------------------

/// Blocks: the duration, the flags as a list, and the expiry the duration gives from the
/// entry's time.
fn block_params(stored: Params, entry: &EntryInfo<'_>) -> Params {
    let mut p =
        rename(stored, &[(int(0), "5::duration"), (int(1), "6:array:flags"), (key("6::flags"), "6:array:flags")]);
    p.sort_by(|(a, _), (b, _)| compare_keys(a, b));
    if matches!(entry.action, "block" | "reblock") {
        if position(&p, key("5::duration")).is_none() {
            p.push((owned("5::duration"), PhpValue::String("infinity".to_owned())));
        }
        if position(&p, key("6:array:flags")).is_none() {
            p.push((owned("6:array:flags"), PhpValue::Array(Vec::new())));
        }
        let flags = get(&p, key("6:array:flags")).cloned().unwrap_or(PhpValue::Null);
        if !matches!(flags, PhpValue::Array(_)) {
            let text = php_string(&flags);
            let list = if text.is_empty() {
                Vec::new()
            } else {
                text.split(',')
                    .enumerate()
                    .map(|(i, f)| (PhpKey::Int(i as i64), PhpValue::String(f.to_owned())))
                    .collect()
            };
            set(&mut p, key("6:array:flags"), PhpValue::Array(list));
        }
        let duration = get(&p, key("5::duration")).map(php_string).unwrap_or_default();
        if is_infinity(&duration) {
            set(&mut p, key("5::duration"), PhpValue::String("infinity".to_owned()));
        } else if let Some(base) = Timestamp::parse(entry.timestamp) {
            if let Some(expiry) = relative_time(&duration, base.unix()).filter(|e| *e > 0) {
                set(&mut p, key(":timestamp:expiry"), PhpValue::Int(expiry));
            }
        }
    }
    p
}

/// Deletions of revisions and log entries: the kind of item, its ids, and the visibility
/// bits before and after; restorations: their counts; other deletions: nothing.
fn delete_params(stored: Params, action: &str) -> Params {
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
                    (int(0), "4::type"),
                    (int(1), "5::ids"),
                    (int(2), "6::ofield"),
                    (int(3), "7::nfield"),
                    (key("4::ids"), "5::ids"),
                    (key("5::ofield"), "6::ofield"),
                    (key("6::nfield"), "7::nfield"),
                ],
            );
            let ids = match get(&raw, key("5::ids")) {
                Some(PhpValue::Array(a)) => PhpValue::Array(a.clone()),
                Some(other) => PhpValue::Array(
                    php_string(other)
                        .split(',')
                        .enumerate()
                        .map(|(i, s)| (PhpKey::Int(i as i64), PhpValue::String(s.to_owned())))
                        .collect(),
                ),
                None => PhpValue::Array(vec![(PhpKey::Int(0), PhpValue::String(String::new()))]),
            };
            let mut params: Params = vec![
                (owned("::type"), get(&raw, key("4::type")).cloned().unwrap_or(PhpValue::Null)),
                (owned(":array:ids"), ids),
            ];
            for (field, name) in [("6::ofield", ":assoc:old"), ("7::nfield", ":assoc:new")] {
                if isset(&raw, key(field)) {
                    let bits = parse_bit_field(get(&raw, key(field)).unwrap_or(&PhpValue::Null));
                    let mut flags = vec![(owned("bitmask"), PhpValue::Int(bits))];
                    for (bit, label) in [(1, "content"), (2, "comment"), (4, "user"), (8, "restricted")] {
                        flags.push((owned(label), PhpValue::Bool(bits & bit != 0)));
                    }
                    params.push((owned(name), PhpValue::Array(flags)));
                }
            }
            params
        }
        "restore" => match get(&stored, key(":assoc:count")) {
            Some(count) if !matches!(count, PhpValue::Null) => vec![(owned(":assoc:count"), count.clone())],
            _ => Vec::new(),
        },
        _ => Vec::new(),
    }
}

/// A visibility bit field as stored: the number, or `ofield=<number>`.
fn parse_bit_field(value: &PhpValue) -> i64 {
    let text = php_string(value);
    let number = if text.find("field=") == Some(1) { text.split('=').nth(1).unwrap_or("") } else { text.as_str() };
    php_int(number)
}

/// PHP's `(int)` of a string: its leading integer, else 0.
fn php_int(s: &str) -> i64 {
    let t = s.trim_start_matches([' ', '\t', '\n', '\r', '\x0b', '\x0c']);
    let bytes = t.as_bytes();
    let mut end = usize::from(matches!(bytes.first(), Some(b'+' | b'-')));
    while end < bytes.len() && bytes[end].is_ascii_digit() {
        end += 1;
    }
    t[..end].parse().unwrap_or(0)
}

/// Protections: description, cascade (a boolean) and the protection details; for a moved
/// protection, the old title.
fn protect_params(stored: Params, action: &str) -> Params {
    let mut p = match action {
        "protect" | "modify" => rename(
            stored,
            &[(int(0), "4::description"), (int(1), "5:bool:cascade"), (key("details"), ":array:details")],
        ),
        "move_prot" => rename(stored, &[(int(0), "4:title:oldtitle"), (key("4::oldtitle"), "4:title:oldtitle")]),
        _ => stored,
    };
    if let Some(PhpValue::String(s)) = get(&p, key("5:bool:cascade")) {
        let cascade = s == "cascade";
        set(&mut p, key("5:bool:cascade"), PhpValue::Bool(cascade));
    }
    p
}

/// A group list as stored: a list, or (in old entries) a comma-separated text.
fn group_array(value: PhpValue) -> Vec<(PhpKey, PhpValue)> {
    match value {
        PhpValue::Array(a) => a,
        other => {
            let text = php_string(&other);
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

/// Rights changes: the old and new groups, and for each group its metadata with `group` and
/// `expiry` (`infinity` for none).
fn rights_params(stored: Params) -> Params {
    let mut p = rename(
        stored,
        &[
            (int(0), "4:array:oldgroups"),
            (int(1), "5:array:newgroups"),
            (key("4::oldgroups"), "4:array:oldgroups"),
            (key("5::newgroups"), "5:array:newgroups"),
        ],
    );
    for (groups_key, meta_key) in [("4:array:oldgroups", "oldmetadata"), ("5:array:newgroups", "newmetadata")] {
        if !isset(&p, key(groups_key)) {
            continue;
        }
        let groups = group_array(get(&p, key(groups_key)).cloned().unwrap_or(PhpValue::Null));
        set(&mut p, key(groups_key), PhpValue::Array(groups.clone()));
        let metadata = match get(&p, key(meta_key)) {
            Some(PhpValue::Array(m)) => m.clone(),
            _ => Vec::new(),
        };
        let combined: Vec<(PhpKey, PhpValue)> = groups
            .iter()
            .map(|(index, group)| {
                let mut result = vec![(owned("group"), group.clone())];
                if let Some((_, PhpValue::Array(extra))) = metadata.iter().find(|(k, _)| k == index) {
                    for (k, v) in extra {
                        if position(&result, K::of(k)).is_none() {
                            result.push((k.clone(), v.clone()));
                        }
                    }
                }
                let expiry = membership_expiry(get(&result, key("expiry")));
                set(&mut result, key("expiry"), expiry);
                (index.clone(), PhpValue::Array(result))
            })
            .collect();
        unset(&mut p, meta_key);
        p.push((owned(meta_key), PhpValue::Array(combined)));
    }
    p
}

// ---------------------------------------------------------------------------------------
// Relative times (PHP's strtotime, for block durations)
// ---------------------------------------------------------------------------------------

/// The time a duration such as `2 weeks`, `3 months` or `1 year 2 days` gives from `base`
/// (Unix seconds), as PHP's `strtotime` computes it in UTC: months and years move the
/// calendar fields and let days overflow into the next month. An absolute time is taken as
/// it is. `None` for text that is neither.
pub fn relative_time(text: &str, base: i64) -> Option<i64> {
    let lower = text.trim().to_ascii_lowercase();
    if lower == "now" {
        return Some(base);
    }
    let (mut years, mut months, mut seconds) = (0i64, 0i64, 0i64);
    let bytes = lower.as_bytes();
    let mut i = 0;
    let mut any = false;
    let skip_space = |i: &mut usize| {
        while *i < bytes.len() && matches!(bytes[*i], b' ' | b'\t') {
            *i += 1;
        }
    };
    loop {
        skip_space(&mut i);
        if i >= bytes.len() {
            break;
        }
        if lower[i..].starts_with("ago") && (i + 3 == bytes.len() || !bytes[i + 3].is_ascii_alphabetic()) {
            years = -years;
            months = -months;
            seconds = -seconds;
            i += 3;
            continue;
        }
        let mut sign = 1i64;
        while i < bytes.len() && matches!(bytes[i], b'+' | b'-') {
            if bytes[i] == b'-' {
                sign = -sign;
            }
            i += 1;
        }
        let start = i;
        while i < bytes.len() && bytes[i].is_ascii_digit() {
            i += 1;
        }
        if i == start {
            return absolute_time(text);
        }
        let n: i64 = lower[start..i].parse().ok()?;
        skip_space(&mut i);
        let unit_start = i;
        while i < bytes.len() && bytes[i].is_ascii_alphabetic() {
            i += 1;
        }
        let n = sign.checked_mul(n)?;
        match &lower[unit_start..i] {
            "sec" | "secs" | "second" | "seconds" => seconds += n,
            "min" | "mins" | "minute" | "minutes" => seconds += n * 60,
            "hour" | "hours" => seconds += n * 3600,
            "day" | "days" => seconds += n * 86400,
            "week" | "weeks" => seconds += n * 7 * 86400,
            "fortnight" | "fortnights" | "forthnight" | "forthnights" => seconds += n * 14 * 86400,
            "month" | "months" => months += n,
            "year" | "years" => years += n,
            _ => return absolute_time(text),
        }
        any = true;
    }
    if !any {
        return absolute_time(text);
    }
    let days = base.div_euclid(86400);
    let secs = base.rem_euclid(86400);
    let (y, m, d) = civil_from_days(days);
    let total_months = (y + years) * 12 + (m - 1) + months;
    let (ny, nm) = (total_months.div_euclid(12), total_months.rem_euclid(12) + 1);
    let day_number = days_from_civil(ny, nm, 1) + d - 1;
    Some(day_number * 86400 + secs + seconds)
}

fn absolute_time(text: &str) -> Option<i64> {
    Timestamp::parse(text.trim()).map(Timestamp::unix)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn site() -> SiteNamespaces {
        SiteNamespaces::english("Fixture Wiki")
    }

    fn format(log_type: &str, action: &str, timestamp: &str, params: &str) -> Value {
        let ns = site();
        let no_iw = |_: &str| false;
        let ctx = TitleContext { namespaces: &ns, is_interwiki: &no_iw };
        Value::Object(format_params(&EntryInfo { log_type, action, timestamp, params }, &ctx).into_map())
    }

    fn keys(v: &Value) -> Vec<String> {
        v.as_object().map(|m| m.keys().cloned().collect()).unwrap_or_default()
    }

    #[test]
    fn a_move_names_its_target_and_whether_a_redirect_was_left() {
        let v = format(
            "move",
            "move",
            "20261121233226",
            r#"a:3:{s:9:"4::target";s:15:"Talk:New name A";s:10:"5::noredir";s:1:"0";s:17:"associated_rev_id";i:276;}"#,
        );
        assert_eq!(v, json!({"target_ns": 1, "target_title": "Talk:New name A", "suppressredirect": false}));
        assert_eq!(keys(&v), ["target_ns", "target_title", "suppressredirect"]);
    }

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
    fn durations_count_as_strtotime_does() {
        let base = Timestamp::parse("20260131120000").map(Timestamp::unix).unwrap_or_default();
        let at = |s: &str| relative_time(s, base).map(|u| Timestamp::from_unix(u).to_mw());
        assert_eq!(at("1 month").as_deref(), Some("20260303120000"));
        assert_eq!(at("2 weeks").as_deref(), Some("20260214120000"));
        assert_eq!(at("+1 year 2 days").as_deref(), Some("20270202120000"));
        assert_eq!(at("36 hours").as_deref(), Some("20260202000000"));
        assert_eq!(at("2027-01-01T00:00:00Z").as_deref(), Some("20270101000000"));
        assert_eq!(at("whenever"), None);
    }

    #[test]
    fn the_associated_revision_is_read_from_the_parameters() {
        assert_eq!(associated_rev_id(r#"a:1:{s:17:"associated_rev_id";i:32;}"#), Some(32));
        assert_eq!(associated_rev_id("a:0:{}"), None);
        assert_eq!(associated_rev_id("legacy\ntext"), None);
    }
}
