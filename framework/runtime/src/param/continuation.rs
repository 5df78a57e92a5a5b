//! A module's `continue` parameter, typed: the value a module handed out as `<a>|<b>|...`
//! read back into its parts, or `badcontinue` (MediaWiki's `dieContinueUsageIf`) when the
//! client sent something else. A module declares the form (`Option<Continue<(Timestamp,
//! i64)>>`) and never splits the text itself.

use wikiquery_domain::timestamp::Timestamp;

use super::reader::ParamReader;
use super::types::{describe_scalar, extract_scalar, Hints, MultiValue, ParamType, ScalarParam, ValueContext};
use crate::descriptor::{ParamDescriptor, ParamKind};
use crate::error::ApiError;

/// One `|`-separated part of a continue value.
pub trait ContinuePart: Sized {
    /// Reads the part; `badcontinue` when it is not what the module hands out.
    fn parse_part(text: &str) -> Result<Self, ApiError>;
}

impl ContinuePart for String {
    fn parse_part(text: &str) -> Result<Self, ApiError> {
        Ok(text.to_owned())
    }
}

/// An id compared as MediaWiki compares it (`(int)$part != $part` in PHP): any numeric text
/// whose value is a whole number.
impl ContinuePart for i64 {
    fn parse_part(text: &str) -> Result<Self, ApiError> {
        wikiquery_domain::php::numeric(text)
            .filter(|f| f.fract() == 0.0 && f.abs() < 9.0e18)
            .map(|f| f as i64)
            .ok_or_else(ApiError::bad_continue)
    }
}

/// An integer written exactly as PHP writes it (`(string)(int)$part === $part`): what
/// MediaWiki checks strictly, no sign or spaces or leading zeros of its own.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ExactInt(pub i64);

impl ContinuePart for ExactInt {
    fn parse_part(text: &str) -> Result<Self, ApiError> {
        text.parse::<i64>().ok().filter(|n| n.to_string() == text).map(ExactInt).ok_or_else(ApiError::bad_continue)
    }
}

/// An integer read as PHP's `(int)` reads text (its leading digits, else 0), for the parts
/// MediaWiki casts without checking them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LooseInt(pub i64);

impl ContinuePart for LooseInt {
    fn parse_part(text: &str) -> Result<Self, ApiError> {
        Ok(LooseInt(wikiquery_domain::php::leading_int(text)))
    }
}

/// A namespace id, compared loosely as [`i64`] is, and within the range of a namespace.
impl ContinuePart for i32 {
    fn parse_part(text: &str) -> Result<Self, ApiError> {
        i32::try_from(i64::parse_part(text)?).map_err(|_| ApiError::bad_continue())
    }
}

/// A timestamp in any form MediaWiki's timestamp library reads (an empty part or `0` is the
/// current time to it). MediaWiki 1.39 hands such a part to that library before checking
/// anything else, so text it cannot read ends in the library's exception rather than
/// `badcontinue`.
impl ContinuePart for Timestamp {
    fn parse_part(text: &str) -> Result<Self, ApiError> {
        // What PHP takes as false (`""`, `"0"`) is the current time to that library.
        if text.is_empty() || text == "0" {
            return Ok(Timestamp::now());
        }
        Timestamp::parse(text).ok_or_else(|| {
            ApiError::new(
                "internal_api_error_Wikimedia\\Timestamp\\TimestampException",
                format!("Invalid timestamp - {text}"),
            )
        })
    }
}

/// The parts of a continue value: a tuple of [`ContinuePart`]s, or a module's enum of the
/// forms it hands out, told apart by their number of parts (`categorymembers` continues by
/// time with two parts, by sort key with three).
pub trait ContinueForm: Sized {
    /// Reads the `|`-separated parts; `badcontinue` when they are no form of the module's.
    fn parse_parts(parts: &[&str]) -> Result<Self, ApiError>;
}

macro_rules! continue_form {
    ($n:expr; $($t:ident $i:tt),+) => {
        impl<$($t: ContinuePart),+> ContinueForm for ($($t,)+) {
            fn parse_parts(parts: &[&str]) -> Result<Self, ApiError> {
                if parts.len() != $n {
                    return Err(ApiError::bad_continue());
                }
                Ok(($($t::parse_part(parts[$i])?,)+))
            }
        }
    };
}
continue_form!(1; A 0);
continue_form!(2; A 0, B 1);
continue_form!(3; A 0, B 1, C 2);
continue_form!(4; A 0, B 1, C 2, D 3);

/// A module's continue parameter: the value it handed out, read into its parts when the
/// module asks ([`Continue::read`]) rather than as the parameters are parsed. MediaWiki reads
/// a module's continue value in the middle of its work, after the checks it makes first (the
/// caller's rights, the watchlist's owner, the other parameters' combinations), so a request
/// wrong in both ways gets the earlier error.
pub struct Continue<F>(String, std::marker::PhantomData<F>);

impl<F> Clone for Continue<F> {
    fn clone(&self) -> Self {
        Continue(self.0.clone(), std::marker::PhantomData)
    }
}

impl<F> PartialEq for Continue<F> {
    fn eq(&self, other: &Self) -> bool {
        self.0 == other.0
    }
}

impl<F> std::fmt::Debug for Continue<F> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_tuple("Continue").field(&self.0).finish()
    }
}

impl<F: ContinueForm> Continue<F> {
    /// The value's `|`-separated parts, each read as its type reads it; `badcontinue` when they
    /// are no form of the module's.
    pub fn read(&self) -> Result<F, ApiError> {
        Self::parse(&self.0)
    }

    /// Reads a continue value's text.
    pub fn parse(text: &str) -> Result<F, ApiError> {
        let parts: Vec<&str> = text.split('|').collect();
        F::parse_parts(&parts)
    }

    /// The value's parts as another form: for a module that hands out several, which one the
    /// request's other parameters say (declared `Continue<Parts>`).
    pub fn read_as<G: ContinueForm>(&self) -> Result<G, ApiError> {
        Continue::<G>::parse(&self.0)
    }

    /// The value's `|`-separated parts, exactly `count` of them (a listing that sorts by more
    /// fields when asked about more pages hands out more); `badcontinue` for another number.
    /// Each is then read with [`ContinuePart::parse_part`].
    pub fn parts(&self, count: usize) -> Result<Vec<&str>, ApiError> {
        let found: Vec<&str> = self.0.split('|').collect();
        if found.len() != count {
            return Err(ApiError::bad_continue());
        }
        Ok(found)
    }

    /// The value cut at its first `count - 1` bars, the last part holding the rest (PHP's
    /// `explode('|', $value, $count)`); `badcontinue` for fewer parts.
    pub fn parts_at_most(&self, count: usize) -> Result<Vec<&str>, ApiError> {
        let found: Vec<&str> = self.0.splitn(count, '|').collect();
        if found.len() != count {
            return Err(ApiError::bad_continue());
        }
        Ok(found)
    }

    /// Whether PHP takes the value as true (not empty, not `0`): some modules read their
    /// continue value only then (`if ($params['continue'])`).
    pub fn is_truthy(&self) -> bool {
        !self.0.is_empty() && self.0 != "0"
    }

    /// The value as sent: for a module that reads it in a way of its own (a title compared as
    /// text, the rest of the value after its first parts).
    pub fn text(&self) -> &str {
        &self.0
    }
}

/// The form of a continue value whose form depends on the request (`Continue<Parts>`): the
/// module reads it once it knows which ([`Continue::read_as`], [`Continue::parts`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Parts;

impl ContinueForm for Parts {
    fn parse_parts(_: &[&str]) -> Result<Self, ApiError> {
        Ok(Parts)
    }
}

/// A parameter MediaWiki reads only when its value is true to PHP (`if ($params['continue'])`):
/// an empty value and `0` count as not given.
#[derive(Debug, Clone, PartialEq)]
pub struct Truthy<T>(pub Option<T>);

impl<T: ScalarParam> ScalarParam for Truthy<T> {
    const ABSENT_OK: bool = true;

    fn kind(hints: &Hints) -> ParamKind {
        T::kind(hints)
    }

    fn parse(raw: &str, cx: &mut ValueContext<'_, '_>) -> Result<Self, ApiError> {
        if raw.is_empty() || raw == "0" {
            return Ok(Truthy(None));
        }
        T::parse(raw, cx).map(|v| Truthy(Some(v)))
    }

    fn absent() -> Option<Self> {
        Some(Truthy(None))
    }
}

impl<T: ScalarParam> ParamType for Truthy<T> {
    const OPTIONAL: bool = true;
    const MULTI: bool = false;
    const VALUES: Option<&'static [&'static str]> = T::VALUES;

    fn describe(hints: &Hints, d: &mut ParamDescriptor) {
        describe_scalar::<T>(hints, d);
    }

    fn extract(d: &ParamDescriptor, r: &mut ParamReader<'_>) -> Result<Self, ApiError> {
        extract_scalar::<Truthy<T>>(d, r)
    }
}

/// A module's continue field read in one step: `self.continue_.read()?` is the value's parts,
/// `None` when the request gave none (or, for [`Truthy`], none PHP takes as true).
pub trait ReadContinue<F> {
    /// The parts of the value given; `badcontinue` when they are no form of the module's.
    fn read(&self) -> Result<Option<F>, ApiError>;
}

impl<F: ContinueForm> ReadContinue<F> for Option<Continue<F>> {
    fn read(&self) -> Result<Option<F>, ApiError> {
        self.as_ref().map(Continue::read).transpose()
    }
}

impl<F: ContinueForm> ReadContinue<F> for Truthy<Continue<F>> {
    fn read(&self) -> Result<Option<F>, ApiError> {
        self.0.as_ref().map(Continue::read).transpose()
    }
}

/// A continue value as a module hands it out: its parts joined with `|` (`(timestamp, id)`
/// is `20261121233230|42`).
pub trait ContinueValue {
    /// The value's text.
    fn continue_text(self) -> String;
}

impl ContinueValue for String {
    fn continue_text(self) -> String {
        self
    }
}

impl ContinueValue for &str {
    fn continue_text(self) -> String {
        self.to_owned()
    }
}

impl ContinueValue for &String {
    fn continue_text(self) -> String {
        self.clone()
    }
}

impl ContinueValue for i64 {
    fn continue_text(self) -> String {
        self.to_string()
    }
}

macro_rules! continue_value {
    ($first:ident $($t:ident)*) => {
        impl<$first: std::fmt::Display, $($t: std::fmt::Display),*> ContinueValue for ($first, $($t,)*) {
            #[allow(non_snake_case)]
            fn continue_text(self) -> String {
                let ($first, $($t,)*) = self;
                let mut out = $first.to_string();
                $(
                    out.push('|');
                    out.push_str(&$t.to_string());
                )*
                out
            }
        }
    };
}
continue_value!(A B);
continue_value!(A B C);
continue_value!(A B C D);
continue_value!(A B C D E F);

impl<F: ContinueForm> ScalarParam for Continue<F> {
    fn kind(_: &Hints) -> ParamKind {
        ParamKind::String
    }

    fn parse(raw: &str, _: &mut ValueContext<'_, '_>) -> Result<Self, ApiError> {
        Ok(Continue(raw.to_owned(), std::marker::PhantomData))
    }
}

impl<F: ContinueForm> MultiValue for Continue<F> {}

#[cfg(test)]
mod tests {
    use super::Continue;
    use wikiquery_domain::timestamp::Timestamp;

    fn code<F: super::ContinueForm>(text: &str) -> String {
        Continue::<F>::parse(text).err().map(|e| e.code.into_owned()).unwrap_or_default()
    }

    #[test]
    fn the_parts_come_back_typed() {
        let (ts, id) = Continue::<(Timestamp, i64)>::parse("20261121233230|42").unwrap();
        assert_eq!(ts.to_mw(), "20261121233230");
        assert_eq!(id, 42);
        assert_eq!(Continue::<(String,)>::parse("Cat").unwrap().0, "Cat");
        // PHP compares the id loosely: `42.0` is 42, ` 42` too; any form of timestamp is read.
        assert_eq!(Continue::<(i64,)>::parse("42.0").unwrap().0, 42);
        let (ts, id) = Continue::<(Timestamp, i64)>::parse("2026-11-21T23:32:30Z| 255").unwrap();
        assert_eq!((ts.to_mw().as_str(), id), ("20261121233230", 255));
    }

    #[test]
    fn another_form_is_badcontinue() {
        assert_eq!(code::<(Timestamp, i64)>("20261121233230"), "badcontinue");
        assert_eq!(code::<(Timestamp, i64)>("20261121233230|4|2"), "badcontinue");
        assert_eq!(code::<(Timestamp, i64)>("20261121233230|x"), "badcontinue");
        assert_eq!(code::<(Timestamp, i64)>("20261121233230|4.5"), "badcontinue");
        assert_eq!(code::<(Timestamp, i64)>("20261121233230|"), "badcontinue");
        assert_eq!(code::<(Timestamp, i64)>(""), "badcontinue");
        assert_eq!(code::<(String,)>("A|B"), "badcontinue");
        assert_eq!(code::<(i32, String)>("99999999999|A"), "badcontinue");
    }

    #[test]
    fn a_value_cut_at_its_first_bars_keeps_the_rest_in_its_last_part() {
        let cont = Continue::<super::Parts>(String::from("page|ab|12|x"), std::marker::PhantomData);
        assert_eq!(cont.parts_at_most(3).unwrap(), ["page", "ab", "12|x"]);
        assert_eq!(cont.parts(4).unwrap(), ["page", "ab", "12", "x"]);
        assert_eq!(cont.parts(3).unwrap_err().code, "badcontinue");
        assert_eq!(cont.parts_at_most(5).unwrap_err().code, "badcontinue");
    }

    #[test]
    fn a_value_is_written_as_its_parts_joined() {
        use super::ContinueValue;
        assert_eq!(("20261121233230", 42).continue_text(), "20261121233230|42");
        assert_eq!((1, "Cat", 0, 7).continue_text(), "1|Cat|0|7");
        assert_eq!(42.continue_text(), "42");
    }

    #[test]
    fn an_unreadable_timestamp_is_the_timestamp_librarys_exception() {
        assert_eq!(code::<(Timestamp, i64)>("soon|4"), "internal_api_error_Wikimedia\\Timestamp\\TimestampException");
    }
}
