//! Timestamps as parameters: every input form MediaWiki accepts, `now`, and the deprecated
//! empty value.

use wikiquery_domain::timestamp::Timestamp;

use super::types::{Hints, ScalarParam, ValueContext};
use crate::descriptor::ParamKind;
use crate::error::ApiError;

impl ScalarParam for Timestamp {
    fn kind(_: &Hints) -> ParamKind {
        ParamKind::Timestamp
    }

    fn parse(raw: &str, ctx: &mut ValueContext<'_, '_>) -> Result<Self, ApiError> {
        // MediaWiki takes an empty value (and "0") as "now", with a warning.
        if raw.is_empty() || raw == "0" || raw == "\0\0\0\0\0\0\0\0\0\0\0\0\0\0" {
            ctx.reader.warn(
                "unclearnowtimestamp",
                format!(
                    "Passing \"{raw}\" for timestamp parameter \"{}\" has been deprecated. If for some reason you need to explicitly specify the current time without calculating it client-side, use \"now\".",
                    ctx.wire
                ),
            );
            return Ok(ctx.reader.now());
        }
        if raw == "now" {
            return Ok(ctx.reader.now());
        }
        Timestamp::parse(raw).ok_or_else(|| ApiError::bad_timestamp(ctx.wire, raw))
    }
}
impl super::types::MultiValue for Timestamp {}
