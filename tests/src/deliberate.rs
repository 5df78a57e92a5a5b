//! What wikiquery answers differently from MediaWiki 1.39 on purpose, as
//! `fixtures/difffuzz/deliberate.json` lists it (with the reason for each), applied to answers
//! in the form the replay tests compare them ([`crate::comparable`]). The differential fuzzer
//! (`tools/difffuzz.py`) reads the same file and applies the same rules.

use regex::Regex;
use serde_json::Value;

/// One listed difference.
pub struct Rule {
    path: Vec<String>,
    when: Option<Regex>,
    how: How,
}

enum How {
    /// Leave the member out.
    Drop,
    /// Compare only its type and its members' names.
    Shape,
    /// Compare only how many members it has (what random draws fill differently each time).
    Count,
    /// Compare a message by its code, not its text.
    Wording,
    /// Compare a rendered page without its limit report (timings and counts).
    LimitReport,
    /// Compare a diff without MediaWiki's note that its cache kept it.
    CacheNote,
    /// Remove this warning (code, module path).
    Warning(String, String),
}

/// The listed differences.
pub fn rules() -> Vec<Rule> {
    let file = crate::fixture_json("difffuzz/deliberate.json");
    let list = file["rules"].as_array().expect("deliberate.json lists rules");
    list.iter()
        .map(|r| {
            assert!(
                r["reason"].as_str().is_some_and(|s| !s.is_empty()),
                "every deliberate difference has a reason: {r}"
            );
            let how = match (r["warning"].as_str(), r["compare"].as_str()) {
                (Some(code), _) => How::Warning(code.to_owned(), r["module"].as_str().unwrap_or_default().to_owned()),
                (None, None | Some("drop")) => How::Drop,
                (None, Some("shape")) => How::Shape,
                (None, Some("count")) => How::Count,
                (None, Some("wording")) => How::Wording,
                (None, Some("limit_report")) => How::LimitReport,
                (None, Some("cache_note")) => How::CacheNote,
                (None, Some(other)) => panic!("unknown comparison {other} in deliberate.json"),
            };
            Rule {
                path: r["path"].as_str().unwrap_or_default().split('.').map(str::to_owned).collect(),
                when: r["when"].as_str().map(|w| Regex::new(w).expect("a rule's `when` is a regular expression")),
                how,
            }
        })
        .collect()
}

/// Applies the rules that hold for `query` to an answer in compared form.
pub fn apply(rules: &[Rule], query: &str, value: &mut Value) {
    for rule in rules {
        if rule.when.as_ref().is_some_and(|w| !w.is_match(query)) {
            continue;
        }
        match &rule.how {
            How::Warning(code, module) => drop_warning(value, code, module),
            how => apply_at(value, &rule.path, how),
        }
    }
}

/// Whether a path segment (with `*` for any run of characters; `'*'` for the member named `*`,
/// formatversion 1's text member) matches a member's name.
fn matches(pattern: &str, name: &str) -> bool {
    if pattern == "'*'" {
        return name == "*";
    }
    match pattern.split_once('*') {
        None => pattern == name,
        Some((head, tail)) => {
            name.starts_with(head)
                && (0..=name.len() - head.len())
                    .filter(|i| name.is_char_boundary(head.len() + i))
                    .any(|i| matches(tail, &name[head.len() + i..]))
        }
    }
}

fn apply_at(value: &mut Value, path: &[String], how: &How) {
    let Some((head, rest)) = path.split_first() else { return };
    let visit = |key: &str, member: &mut Value| -> bool {
        if !matches(head, key) {
            return false;
        }
        if !rest.is_empty() {
            apply_at(member, rest, how);
            return false;
        }
        match how {
            How::Shape => *member = shape(member),
            How::Count => *member = count(member),
            How::Wording => *member = wording(member),
            How::LimitReport => *member = without_limit_report(member),
            How::CacheNote => *member = without_diff_cache_note(member),
            _ => return true,
        }
        false
    };
    match value {
        Value::Object(map) => {
            let gone: Vec<String> = map.iter_mut().filter_map(|(k, v)| visit(k, v).then(|| k.clone())).collect();
            for k in gone {
                map.remove(&k);
            }
        }
        Value::Array(items) => {
            let gone: Vec<usize> =
                items.iter_mut().enumerate().filter_map(|(i, v)| visit(&i.to_string(), v).then_some(i)).collect();
            for i in gone.into_iter().rev() {
                items.remove(i);
            }
        }
        _ => {}
    }
}

fn shape(value: &Value) -> Value {
    match value {
        Value::Object(map) => Value::Object(map.iter().map(|(k, v)| (k.clone(), shape(v))).collect()),
        Value::Array(items) => Value::Array(items.iter().map(shape).collect()),
        Value::String(_) => "str".into(),
        Value::Bool(_) => "bool".into(),
        Value::Number(n) if n.is_f64() => "float".into(),
        Value::Number(_) => "int".into(),
        Value::Null => "NoneType".into(),
    }
}

/// How many members an object or array has (a scalar stays as it is).
fn count(value: &Value) -> Value {
    match value {
        Value::Object(map) => map.len().into(),
        Value::Array(items) => items.len().into(),
        other => other.clone(),
    }
}

fn without_limit_report(value: &Value) -> Value {
    let Some(text) = value.as_str() else { return value.clone() };
    let Some(start) = text.find("\n<!-- \nNewPP limit report") else { return value.clone() };
    let after = text[start..].find("Transclusion expansion time report").map_or(start, |i| start + i);
    let rest = text[after..].find("-->\n").map_or("", |end| &text[after + end + 4..]);
    let mut out = format!("{}{rest}", &text[..start]);
    // MediaWiki's note that its parser cache kept the rendering (this server keeps its own).
    if let Some(note) = out.find("\n<!-- Saved in ") {
        if let Some(end) = out[note..].find("-->\n") {
            out.replace_range(note..note + end + 4, "");
        }
    }
    Value::String(out)
}

/// A diff without the note MediaWiki appends when its cache already held it
/// (`\n<!-- diff cache key … -->\n`): whether it does depends on what was asked before.
fn without_diff_cache_note(value: &Value) -> Value {
    let Some(text) = value.as_str() else { return value.clone() };
    let Some(note) = text.find("\n<!-- diff cache key ") else { return value.clone() };
    match text[note..].find("-->\n") {
        Some(end) => Value::String(format!("{}{}", &text[..note], &text[note + end + 4..])),
        None => value.clone(),
    }
}

fn wording(value: &Value) -> Value {
    match value {
        Value::String(_) => "text".into(),
        Value::Object(map) => {
            Value::Object(map.iter().filter(|(k, _)| *k == "code").map(|(k, v)| (k.clone(), v.clone())).collect())
        }
        Value::Array(items) => Value::Array(items.iter().map(wording).collect()),
        other => other.clone(),
    }
}

/// Removes a warning from the compared `warnings` (and, for a deprecation, the pointer to the
/// deprecation notices it brings): by code and module, or in the bc form by module name.
fn drop_warning(value: &mut Value, code: &str, module: &str) {
    let Some(Value::Array(list)) = value.get_mut("warnings") else { return };
    let mut gone = vec![format!("{}@{}", Value::from(code), Value::from(module))];
    if code == "deprecation" {
        gone.push("\"deprecation-help\"@\"main\"".to_owned());
    }
    let name = module.rsplit('+').next().unwrap_or(module);
    list.retain(|w| w.as_str().is_none_or(|w| !gone.iter().any(|g| g == w) && w != name && w != "main"));
    if list.is_empty() {
        value.as_object_mut().map(|m| m.remove("warnings"));
    }
}

#[cfg(test)]
mod tests {
    use super::matches;

    #[test]
    fn segments_match_with_wildcards() {
        assert!(matches("*", "anything"));
        assert!(matches("query", "query"));
        assert!(!matches("query", "queries"));
        assert!(matches("g*ncontinue", "grncontinue"));
        assert!(!matches("g*ncontinue", "grncontinued"));
        assert!(matches("'*'", "*"));
        assert!(!matches("'*'", "code"));
    }
}
