//! A module's `continue` parameter, typed: the value a module handed out as `<a>|<b>|...`
//! read back into its parts, or `badcontinue` (MediaWiki's `dieContinueUsageIf`) when the
//! client sent something else. A module declares the form (`Option<Continue<(Timestamp,
//! i64)>>`) and never splits the text itself.

use wikiquery_domain::timestamp::Timestamp;

use super::types::{Hints, MultiValue, ScalarParam, ValueContext};
use crate::descriptor::ParamKind;
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

/// A timestamp in any form MediaWiki's timestamp library reads. MediaWiki 1.39 hands such a
/// part to that library before checking anything else, so text it cannot read ends in the
/// library's exception rather than `badcontinue`.
impl ContinuePart for Timestamp {
    fn parse_part(text: &str) -> Result<Self, ApiError> {
        Timestamp::parse(text).ok_or_else(|| {
            ApiError::new(
                "internal_api_error_Wikimedia\\Timestamp\\TimestampException",
                format!("Invalid timestamp - {text}"),
            )
        })
    }
}

/// The parts of a continue value, as a tuple of [`ContinuePart`]s.
pub trait ContinueForm: Sized {
    /// How many parts the value has.
    const PARTS: usize;
    /// Reads the parts (exactly [`Self::PARTS`] of them).
    fn parse_parts(parts: &[&str]) -> Result<Self, ApiError>;
}

macro_rules! continue_form {
    ($n:expr; $($t:ident $i:tt),+) => {
        impl<$($t: ContinuePart),+> ContinueForm for ($($t,)+) {
            const PARTS: usize = $n;
            fn parse_parts(parts: &[&str]) -> Result<Self, ApiError> {
                Ok(($($t::parse_part(parts[$i])?,)+))
            }
        }
    };
}
continue_form!(1; A 0);
continue_form!(2; A 0, B 1);
continue_form!(3; A 0, B 1, C 2);
continue_form!(4; A 0, B 1, C 2, D 3);

/// A module's continue parameter: the parts of the value it handed out.
#[derive(Debug, Clone, PartialEq)]
pub struct Continue<F>(pub F);

impl<F: ContinueForm> Continue<F> {
    /// Reads a continue value: exactly the form's number of `|`-separated parts, each read as
    /// its type reads it.
    pub fn parse(text: &str) -> Result<Self, ApiError> {
        let parts: Vec<&str> = text.split('|').collect();
        if parts.len() != F::PARTS {
            return Err(ApiError::bad_continue());
        }
        F::parse_parts(&parts).map(Continue)
    }
}

/// The parts of a continue value whose number of parts depends on the request (a listing
/// that sorts by more fields when asked about more pages): exactly `parts` of them, each
/// then read with [`ContinuePart::parse_part`]; `badcontinue` for another number.
pub fn continue_parts(text: &str, parts: usize) -> Result<Vec<&str>, ApiError> {
    let found: Vec<&str> = text.split('|').collect();
    if found.len() != parts {
        return Err(ApiError::bad_continue());
    }
    Ok(found)
}

impl<F: ContinueForm> ScalarParam for Continue<F> {
    fn kind(_: &Hints) -> ParamKind {
        ParamKind::String
    }

    fn parse(raw: &str, _: &mut ValueContext<'_, '_>) -> Result<Self, ApiError> {
        Continue::parse(raw)
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
        let Continue((ts, id)) = Continue::<(Timestamp, i64)>::parse("20261121233230|42").unwrap();
        assert_eq!(ts.to_mw(), "20261121233230");
        assert_eq!(id, 42);
        assert_eq!(Continue::<(String,)>::parse("Cat").unwrap().0 .0, "Cat");
        // PHP compares the id loosely: `42.0` is 42.
        assert_eq!(Continue::<(i64,)>::parse("42.0").unwrap().0 .0, 42);
    }

    #[test]
    fn another_form_is_badcontinue() {
        assert_eq!(code::<(Timestamp, i64)>("20261121233230"), "badcontinue");
        assert_eq!(code::<(Timestamp, i64)>("20261121233230|4|2"), "badcontinue");
        assert_eq!(code::<(Timestamp, i64)>("20261121233230|x"), "badcontinue");
        assert_eq!(code::<(Timestamp, i64)>("20261121233230|4.5"), "badcontinue");
        assert_eq!(code::<(String,)>("A|B"), "badcontinue");
    }

    #[test]
    fn an_unreadable_timestamp_is_the_timestamp_librarys_exception() {
        assert_eq!(code::<(Timestamp, i64)>("soon|4"), "internal_api_error_Wikimedia\\Timestamp\\TimestampException");
    }
}
