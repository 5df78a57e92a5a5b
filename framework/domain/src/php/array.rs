//! PHP's ordered arrays, as MediaWiki's code changes them: the entries of a
//! [`PhpValue::Array`] (integer and string keys, in insertion order) looked up, set, removed
//! and renamed with PHP's rules, so that a result keeps the order PHP would give it.
//!
//! The functions take a key as a [`KeyRef`], which integers, strings and [`PhpKey`]s
//! convert to: `isset(&entries, "5::duration")`, `get(&entries, 0)`.

use std::cmp::Ordering;

use super::{numeric, PhpKey, PhpValue};

/// The entries of a PHP array, in order.
pub type PhpArray = Vec<(PhpKey, PhpValue)>;

/// A key of a PHP array to look up, without owning its text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum KeyRef<'a> {
    /// An integer key.
    Int(i64),
    /// A string key.
    Str(&'a str),
}

impl KeyRef<'_> {
    /// Whether `key` is this key. Keys of different kinds never match: `"1"` is no integer
    /// key here (PHP turns such strings into integers when it builds the array).
    pub fn matches(self, key: &PhpKey) -> bool {
        match (self, key) {
            (KeyRef::Int(a), PhpKey::Int(b)) => a == *b,
            (KeyRef::Str(a), PhpKey::Str(b)) => a == b,
            _ => false,
        }
    }

    /// The key, owned.
    pub fn to_key(self) -> PhpKey {
        match self {
            KeyRef::Int(i) => PhpKey::Int(i),
            KeyRef::Str(s) => PhpKey::Str(s.to_owned()),
        }
    }
}

impl<'a> From<&'a PhpKey> for KeyRef<'a> {
    fn from(key: &'a PhpKey) -> Self {
        match key {
            PhpKey::Int(i) => KeyRef::Int(*i),
            PhpKey::Str(s) => KeyRef::Str(s),
        }
    }
}

impl<'a> From<&'a str> for KeyRef<'a> {
    fn from(key: &'a str) -> Self {
        KeyRef::Str(key)
    }
}

impl From<i64> for KeyRef<'_> {
    fn from(key: i64) -> Self {
        KeyRef::Int(key)
    }
}

impl From<&str> for PhpKey {
    fn from(key: &str) -> Self {
        PhpKey::Str(key.to_owned())
    }
}

/// Where the key is among the entries.
pub fn position<'k>(entries: &[(PhpKey, PhpValue)], key: impl Into<KeyRef<'k>>) -> Option<usize> {
    let key = key.into();
    entries.iter().position(|(k, _)| key.matches(k))
}

/// The value under the key (PHP's `$a[$k]`, without its warning when there is none).
pub fn get<'a, 'k>(entries: &'a [(PhpKey, PhpValue)], key: impl Into<KeyRef<'k>>) -> Option<&'a PhpValue> {
    position(entries, key).map(|i| &entries[i].1)
}

/// PHP's `isset($a[$k])`: present and not null.
pub fn isset<'k>(entries: &[(PhpKey, PhpValue)], key: impl Into<KeyRef<'k>>) -> bool {
    get(entries, key).is_some_and(|v| !matches!(v, PhpValue::Null))
}

/// PHP's `$a[$k] = $v`: replaces the value in its place, or appends the entry.
pub fn set<'k>(entries: &mut PhpArray, key: impl Into<KeyRef<'k>>, value: PhpValue) {
    let key = key.into();
    match position(entries, key) {
        Some(i) => entries[i].1 = value,
        None => entries.push((key.to_key(), value)),
    }
}

/// PHP's `unset($a[$k])`.
pub fn unset<'k>(entries: &mut PhpArray, key: impl Into<KeyRef<'k>>) {
    let key = key.into();
    entries.retain(|(k, _)| !key.matches(k));
}

/// Moves the value of each old key that is set (not null) to its new name, as MediaWiki's
/// log formatters map old parameter names to new ones: `$a[$new] = $a[$old];
/// unset($a[$old]);`, so the value goes to the end unless the new key was there already. The
/// pairs are applied in order.
pub fn rename(mut entries: PhpArray, map: &[(KeyRef<'_>, &str)]) -> PhpArray {
    for &(old, new) in map {
        if let Some(at) = position(&entries, old).filter(|&at| !matches!(entries[at].1, PhpValue::Null)) {
            // The old key goes: its value moves.
            let value = std::mem::replace(&mut entries[at].1, PhpValue::Null);
            set(&mut entries, new, value);
            unset(&mut entries, old);
        }
    }
    entries
}

/// PHP 8's comparison of array keys, as `ksort` orders them: numerically when both are
/// numbers or numeric strings, else as text.
pub fn compare_keys(a: &PhpKey, b: &PhpKey) -> Ordering {
    fn number(k: &PhpKey) -> Option<f64> {
        match k {
            PhpKey::Int(i) => Some(*i as f64),
            PhpKey::Str(s) => numeric(s),
        }
    }
    match (number(a), number(b)) {
        (Some(x), Some(y)) => x.partial_cmp(&y).unwrap_or(Ordering::Equal),
        _ => a.as_text().cmp(&b.as_text()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn s(text: &str) -> PhpValue {
        PhpValue::String(text.to_owned())
    }

    fn entries() -> PhpArray {
        vec![(PhpKey::Int(0), s("zero")), ("a".into(), s("A")), ("n".into(), PhpValue::Null)]
    }

    #[test]
    fn keys_match_only_keys_of_their_kind() {
        let e = entries();
        assert_eq!(get(&e, 0), Some(&s("zero")));
        assert_eq!(get(&e, "0"), None);
        assert_eq!(get(&e, "a"), Some(&s("A")));
        assert_eq!(position(&e, &PhpKey::Str("n".to_owned())), Some(2));
        assert!(isset(&e, "a"));
        assert!(!isset(&e, "n"));
        assert!(!isset(&e, "missing"));
    }

    #[test]
    fn setting_replaces_in_place_or_appends_and_unset_removes() {
        let mut e = entries();
        set(&mut e, "a", s("B"));
        set(&mut e, 5, s("five"));
        assert_eq!(e[1], ("a".into(), s("B")));
        assert_eq!(e[3], (PhpKey::Int(5), s("five")));
        unset(&mut e, "a");
        unset(&mut e, 0);
        unset(&mut e, "missing");
        assert_eq!(e, vec![("n".into(), PhpValue::Null), (PhpKey::Int(5), s("five"))]);
    }

    #[test]
    fn renamed_values_move_to_the_end_unless_null() {
        let e = rename(entries(), &[(KeyRef::Int(0), "first"), (KeyRef::Str("n"), "null"), (KeyRef::Str("x"), "y")]);
        assert_eq!(e, vec![("a".into(), s("A")), ("n".into(), PhpValue::Null), ("first".into(), s("zero"))]);
        // A new name that is there already keeps its place.
        let e = rename(entries(), &[(KeyRef::Str("a"), "n")]);
        assert_eq!(e, vec![(PhpKey::Int(0), s("zero")), ("n".into(), s("A"))]);
    }

    #[test]
    fn keys_sort_as_ksort_sorts_them() {
        let mut keys = vec![PhpKey::from("b"), PhpKey::Int(10), PhpKey::from("9"), PhpKey::from("a"), PhpKey::Int(-1)];
        keys.sort_by(compare_keys);
        assert_eq!(
            keys,
            vec![PhpKey::Int(-1), PhpKey::from("9"), PhpKey::Int(10), PhpKey::from("a"), PhpKey::from("b")]
        );
    }
}
