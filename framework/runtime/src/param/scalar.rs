//! The scalar parameter types: strings, integers, booleans, limits, namespaces, titles.

use super::types::scalar_param_type;
use super::types::{Hints, MultiValue, ScalarParam, ValueContext};
use crate::descriptor::ParamKind;
use crate::error::ApiError;

impl ScalarParam for String {
    fn kind(hints: &Hints) -> ParamKind {
        match hints.values {
            Some(v) => ParamKind::Values(v.to_vec()),
            None => ParamKind::String,
        }
    }

    fn parse(raw: &str, _: &mut ValueContext<'_, '_>) -> Result<Self, ApiError> {
        Ok(raw.to_owned())
    }
}
impl MultiValue for String {}

/// Parses an integer the way MediaWiki does (`/^[+-]?\d+$/`), then keeps it in range: a value
/// outside the bounds is clamped with an `outofrange` warning.
fn parse_integer(
    raw: &str,
    min: Option<i64>,
    max: Option<i64>,
    ctx: &mut ValueContext<'_, '_>,
) -> Result<i64, ApiError> {
    let value = read_integer(raw, ctx.wire)?;
    Ok(clamp(value, raw, min, (max, max, max), ctx))
}

/// An integer as MediaWiki reads one: optional sign, then digits only.
fn read_integer(raw: &str, wire: &str) -> Result<i64, ApiError> {
    let digits = raw.strip_prefix(['+', '-']).unwrap_or(raw);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(ApiError::bad_integer(wire, raw));
    }
    raw.parse().map_err(|_| ApiError::bad_integer(wire, raw))
}

/// Keeps `value` within `min` and `max.0` (the caller's maximum), warning as MediaWiki does;
/// `max.1` and `max.2` are the ordinary and the high maximum, reported in the warning's data.
fn clamp(
    value: i64,
    raw: &str,
    min: Option<i64>,
    max: (Option<i64>, Option<i64>, Option<i64>),
    ctx: &mut ValueContext<'_, '_>,
) -> i64 {
    let (max, ordinary_max, high_max) = max;
    let below = min.is_some_and(|m| value < m);
    let above = max.is_some_and(|m| value > m);
    if !below && !above {
        return value;
    }
    let wire = ctx.wire;
    let text = match (min, max) {
        (Some(lo), Some(hi)) => format!("The value \"{raw}\" for parameter \"{wire}\" must be between {lo} and {hi}."),
        (Some(lo), None) => format!("The value \"{raw}\" for parameter \"{wire}\" must be no less than {lo}."),
        (None, Some(hi)) => format!("The value \"{raw}\" for parameter \"{wire}\" must be no greater than {hi}."),
        (None, None) => unreachable_range(),
    };
    let mut data = serde_json::Map::new();
    data.insert("min".into(), serde_json::json!(min));
    data.insert("curmax".into(), serde_json::json!(max));
    data.insert("max".into(), serde_json::json!(ordinary_max));
    data.insert("highmax".into(), serde_json::json!(high_max));
    ctx.reader.warn_with_data("outofrange", text, data);
    if below {
        min.unwrap_or(value)
    } else {
        max.unwrap_or(value)
    }
}

fn unreachable_range() -> String {
    String::new()
}

impl ScalarParam for i64 {
    fn kind(hints: &Hints) -> ParamKind {
        ParamKind::Integer { min: hints.min, max: hints.max }
    }

    fn parse(raw: &str, ctx: &mut ValueContext<'_, '_>) -> Result<Self, ApiError> {
        let (min, max) = match ctx.descriptor.kind {
            ParamKind::Integer { min, max } => (min, max),
            _ => (None, None),
        };
        parse_integer(raw, min, max, ctx)
    }
}
impl MultiValue for i64 {}

impl ScalarParam for bool {
    const ABSENT_OK: bool = true;

    fn kind(_: &Hints) -> ParamKind {
        ParamKind::Boolean
    }

    /// Present means true, whatever the value, as in MediaWiki.
    fn parse(_: &str, _: &mut ValueContext<'_, '_>) -> Result<Self, ApiError> {
        Ok(true)
    }

    fn absent() -> Option<Self> {
        Some(false)
    }
}

/// A page size: `max` resolves to the caller's maximum (500, or 5000 with apihighlimits) and is
/// reported in the response's `limits`; values outside the bounds are clamped with a warning.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct Limit(pub u64);

impl Limit {
    /// The lowest limit.
    pub const MIN: i64 = 1;
    /// The highest limit for ordinary callers.
    pub const MAX: i64 = 500;
    /// The highest limit for callers with apihighlimits.
    pub const HIGH_MAX: i64 = 5000;

    /// The limit as a count of rows.
    pub fn get(self) -> u64 {
        self.0
    }

    /// How many rows to ask the database for: one more than the limit, so that the row left
    /// over says whether there is more and where the next batch starts.
    pub fn fetch(self) -> i64 {
        i64::try_from(self.0.saturating_add(1)).unwrap_or(i64::MAX)
    }

    /// Keeps the first `limit` rows of those fetched with [`Limit::fetch`] and gives back the
    /// first row left over, whose key is the module's continue value.
    pub fn split<T>(self, mut rows: Vec<T>) -> (Vec<T>, Option<T>) {
        let limit = usize::try_from(self.0).unwrap_or(usize::MAX);
        if rows.len() <= limit {
            return (rows, None);
        }
        let next = rows.drain(limit..).next();
        (rows, next)
    }
}

scalar_param_type!(Limit, Namespace, Title);

#[cfg(test)]
mod limit_tests {
    use super::Limit;

    #[test]
    fn one_more_row_is_fetched_and_the_first_left_over_is_the_next() {
        assert_eq!(Limit(10).fetch(), 11);
        assert_eq!(Limit(u64::MAX).fetch(), i64::MAX);
        assert_eq!(Limit(2).split(vec![1, 2, 3, 4]), (vec![1, 2], Some(3)));
        assert_eq!(Limit(2).split(vec![1, 2]), (vec![1, 2], None));
        assert_eq!(Limit(2).split(Vec::<i32>::new()), (vec![], None));
    }
}

impl ScalarParam for Limit {
    fn kind(_: &Hints) -> ParamKind {
        ParamKind::Limit { min: Self::MIN, max: Self::MAX, highmax: Self::HIGH_MAX }
    }

    fn parse(raw: &str, ctx: &mut ValueContext<'_, '_>) -> Result<Self, ApiError> {
        let (min, max, highmax) = match ctx.descriptor.kind {
            ParamKind::Limit { min, max, highmax } => (min, max, highmax),
            _ => (Self::MIN, Self::MAX, Self::HIGH_MAX),
        };
        let cur_max = if ctx.reader.high_limits() { highmax } else { max };
        if raw == "max" {
            ctx.reader.record_limit(cur_max as u64);
            return Ok(Limit(cur_max as u64));
        }
        let v = read_integer(raw, ctx.wire)?;
        let v = clamp(v, raw, Some(min), (Some(cur_max), Some(max), Some(highmax)), ctx);
        Ok(Limit(v.max(0) as u64))
    }
}

/// A namespace number, one of the site's namespaces (or -2/-1 where the parameter allows).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Namespace(pub i32);

impl ScalarParam for Namespace {
    fn kind(hints: &Hints) -> ParamKind {
        ParamKind::Namespace { extra: hints.extra_namespaces }
    }

    fn parse(raw: &str, ctx: &mut ValueContext<'_, '_>) -> Result<Self, ApiError> {
        let extra = matches!(ctx.descriptor.kind, ParamKind::Namespace { extra: true });
        let n: Option<i32> = raw.parse().ok().filter(|n: &i32| n.to_string() == raw);
        match n {
            Some(n) if ctx.reader.namespaces().contains(&n) || (extra && (n == -1 || n == -2)) => Ok(Namespace(n)),
            _ => Err(ApiError::bad_value(ctx.wire, raw)),
        }
    }
}
impl MultiValue for Namespace {}

/// A page title as given; the page set normalises it.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Title(pub String);

impl ScalarParam for Title {
    fn kind(_: &Hints) -> ParamKind {
        ParamKind::Title
    }

    fn parse(raw: &str, ctx: &mut ValueContext<'_, '_>) -> Result<Self, ApiError> {
        // Any text the site reads as a title (MediaWiki's `TitleDef`).
        if raw.trim().is_empty() || ctx.reader.site().parse(raw, 0).is_err() {
            return Err(ApiError::new("badtitle", format!("Bad title \"{raw}\".")).with_param_hint(ctx.wire));
        }
        Ok(Title(raw.to_owned()))
    }
}
impl MultiValue for Title {}
