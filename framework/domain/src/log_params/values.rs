//! The parameters' values in the API's form: the `params` object they are written to
//! ([`Members`]), and the typed values the formatters share: titles, timestamps, expiries,
//! numbers and user names.

use serde_json::{Map, Number, Value};

use crate::php::{self, PhpValue};
use crate::timestamp::Timestamp;
use crate::title::{full_text, parse_title, sanitize_ip, upper_first, SiteNamespaces, NS_SPECIAL};

/// What title parameters need to know of the site.
pub struct TitleContext<'a> {
    /// The site's namespaces.
    pub namespaces: &'a SiteNamespaces,
    /// Whether a (lower-case) prefix is an interwiki prefix.
    pub is_interwiki: &'a dyn Fn(&str) -> bool,
}

/// The members of a `params` object, in MediaWiki's order. A handful at most, so kept in a
/// vector and found by a scan, which costs less than hashing each name.
#[derive(Debug, Default, PartialEq)]
pub struct Members(Vec<(String, Value)>);

impl Members {
    /// No members, with room for `capacity`.
    pub(super) fn with_capacity(capacity: usize) -> Self {
        Members(Vec::with_capacity(capacity))
    }

    /// The members, in order.
    pub fn iter(&self) -> impl Iterator<Item = (&str, &Value)> {
        self.0.iter().map(|(k, v)| (k.as_str(), v))
    }

    /// The members as a JSON object.
    pub fn into_map(self) -> Map<String, Value> {
        self.0.into_iter().collect()
    }

    pub(super) fn get_mut(&mut self, name: &str) -> Option<&mut Value> {
        self.0.iter_mut().find(|(k, _)| k == name).map(|(_, v)| v)
    }

    /// PHP's `$a[$k] = $v`: replaces the value in its place, or appends.
    pub(super) fn insert(&mut self, name: String, value: Value) {
        match self.get_mut(&name) {
            Some(v) => *v = value,
            None => self.0.push((name, value)),
        }
    }

    /// Appends unless the name is there already.
    pub(super) fn insert_new(&mut self, name: String, value: Value) {
        if self.get_mut(&name).is_none() {
            self.0.push((name, value));
        }
    }
}

/// A `number` parameter: an integer when it is one (or a string of digits), else a float.
pub(super) fn number_value(value: &PhpValue) -> Value {
    match value {
        PhpValue::Int(i) => Value::from(*i),
        PhpValue::Bool(b) => Value::from(i64::from(*b)),
        PhpValue::String(s) if !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit()) => match s.parse::<i64>() {
            Ok(i) => Value::from(i),
            Err(_) => float_value(s.parse().unwrap_or(0.0)),
        },
        PhpValue::String(s) => float_value(php::leading_float(s)),
        PhpValue::Float(f) => float_value(*f),
        _ => float_value(0.0),
    }
}

fn float_value(f: f64) -> Value {
    Number::from_f64(f).map(Value::Number).unwrap_or(Value::Null)
}

/// A timestamp parameter in ISO 8601, or `false` when it is none.
pub(super) fn timestamp_value(value: &PhpValue) -> Value {
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
pub(super) fn title_value(name: &str, text: &str, site: &TitleContext<'_>) -> Value {
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
pub(super) fn canonical_user_name(s: &str) -> Option<String> {
    let spaced = s.replace('_', " ");
    let trimmed = spaced.trim();
    if trimmed.is_empty()
        || trimmed.contains(['#', '<', '>', '[', ']', '|', '{', '}', '/', '@', ':', '\n', '\t'])
        || sanitize_ip(trimmed).is_some()
    {
        return None;
    }
    Some(upper_first(trimmed))
}

/// The text of a JSON scalar, as PHP would turn it into a string.
pub(super) fn scalar_text_of_json(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        Value::Number(n) => n.to_string(),
        Value::Bool(true) => "1".to_owned(),
        _ => String::new(),
    }
}

/// Applies `f` to each value of a JSON list or object (PHP's `array_map` keeps keys).
pub(super) fn map_values(v: &mut Value, f: impl Fn(&Value) -> Value) {
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
pub(super) fn force_list(v: &mut Value) {
    if let Value::Object(map) = v {
        let items: Vec<Value> = std::mem::take(map).into_iter().map(|(_, v)| v).collect();
        *v = Value::Array(items);
    }
}

/// The values MediaWiki takes for "no expiry".
pub(super) fn is_infinity(s: &str) -> bool {
    matches!(s, "infinite" | "indefinite" | "infinity" | "never")
}
