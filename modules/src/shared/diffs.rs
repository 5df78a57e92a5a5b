//! The revision family's deprecated diffs (`diffto`, `difftotext`, `difftotextpst`): each
//! revision whose content the caller may read is compared with another revision or with a
//! given text, as MediaWiki's difference engine compares them (`domain::diff`), at most one
//! diff computed per request (MediaWiki's `$wgAPIMaxUncachedDiffs`; later revisions are
//! marked `notcached`, as MediaWiki marks them without a diff cache).

use serde_json::{json, Map, Value};
use wikiquery_domain::diff::table_diff;
use wikiquery_domain::languages::format_number;
use wikiquery_domain::revision::{default_format, Visibility, DELETED_TEXT};
use wikiquery_runtime::result::set_content;
use wikiquery_runtime::{ApiError, QueryContext};
use wikiquery_store::queries::revisions::{RevisionRow, RevisionSelection, RevisionsFilter, SlotRow};
use wikiquery_store::reader::Reader;

use crate::storage;
use crate::values::bad_format_warning;
use crate::wiki::WikiContext;

/// How many diffs one request computes.
const MAX_UNCACHED_DIFFS: usize = 1;

/// What each revision is compared with.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DiffRequest {
    /// Another revision, named relative to the revision or by id.
    To(DiffTo),
    /// A text given with the request, read with the content's own model; `pst`: after the
    /// transformation MediaWiki applies before saving.
    Text { text: String, pst: bool },
}

/// Which revision `diffto` names.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DiffTo {
    /// The page's revision before this one.
    Prev,
    /// The page's revision after this one.
    Next,
    /// The page's current revision (`cur` or `0`).
    Current,
    /// This revision (of any page).
    Revision(i64),
}

impl DiffRequest {
    /// The request's diff, checked as MediaWiki checks it: `difftotext` wins over `diffto`;
    /// `diffto` is `prev`, `next`, `cur` or a revision id, which must exist (`nosuchrevid`);
    /// a revision whose text the caller may not read is warned about and not compared with.
    pub fn from_params(
        ctx: &mut QueryContext<'_>,
        diffto: Option<&str>,
        difftotext: Option<&str>,
        pst: bool,
        visibility: &Visibility,
    ) -> Result<Option<DiffRequest>, ApiError> {
        if let Some(text) = difftotext {
            return Ok(Some(DiffRequest::Text { text: text.to_owned(), pst }));
        }
        let Some(diffto) = diffto else { return Ok(None) };
        let to = match diffto {
            "prev" => DiffTo::Prev,
            "next" => DiffTo::Next,
            "cur" => DiffTo::Current,
            digits if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) => {
                match digits.trim_start_matches('0').parse::<i64>() {
                    Ok(id) => DiffTo::Revision(id),
                    // Only zeros: the current revision. Too long for an id: none has it.
                    Err(_) if digits.bytes().all(|b| b == b'0') => DiffTo::Current,
                    Err(_) => return Err(ApiError::no_such_revision(digits)),
                }
            }
            _ => {
                let prefix = ctx.module.prefix;
                return Err(ApiError::new(
                    "diffto",
                    format!("\"{prefix}diffto\" takes a revision id, \"prev\", \"next\" or \"cur\"."),
                ));
            }
        };
        if let DiffTo::Revision(id) = to {
            let mut reader = ctx.reader()?;
            let Some(target) = revision(&mut *reader, id)? else {
                return Err(ApiError::no_such_revision(id));
            };
            drop(reader);
            if !visibility.check(target.deleted, DELETED_TEXT).1 {
                ctx.warn(
                    "difftohidden",
                    format!("Revision {id}'s content is hidden from you: no diff to it is given."),
                );
                return Ok(None);
            }
        }
        Ok(Some(DiffRequest::To(to)))
    }

    /// The `diff` member of revision `row`, whose main slot `slot` the caller may read and
    /// whose shown content (the section asked for, if any) is `text`; `content_format` is
    /// the format asked for with the request. `uncached` counts the diffs computed so far.
    #[allow(clippy::too_many_arguments)]
    pub fn member(
        &self,
        ctx: &mut QueryContext<'_>,
        row: &RevisionRow,
        slot: &SlotRow,
        text: &str,
        content_format: Option<&str>,
        visibility: &Visibility,
        uncached: &mut usize,
    ) -> Result<Value, ApiError> {
        let mut diff = Map::new();
        if *uncached >= MAX_UNCACHED_DIFFS {
            diff.insert("notcached".into(), json!(true));
            return Ok(Value::Object(diff));
        }
        match self {
            DiffRequest::Text { text: given, pst } => {
                if let Some(format) = content_format.filter(|f| *f != default_format(&slot.model)) {
                    bad_format_warning(ctx, format, &slot.model);
                    diff.insert("badcontentformat".into(), json!(true));
                    return Ok(Value::Object(diff));
                }
                let given = if *pst {
                    // Saved as the revision's page, by the caller, now.
                    let (store, mut reader) = (ctx.store()?, ctx.reader()?);
                    let page = reader.pages_by_ids(&[row.page])?.into_iter().next();
                    let (ns, dbkey) = page.map(|p| (p.ns, p.dbkey)).unwrap_or_default();
                    let saver = crate::shared::expansion::Saver::of(ctx.state);
                    let (settings, now) = (ctx.services.settings(), ctx.state.now());
                    let mut at =
                        crate::shared::expansion::WikiAt { reader: &mut reader, site: store.site(), settings, now };
                    crate::shared::expansion::saved_text(&mut at, &slot.model, (ns, &dbkey), given, &saver).map_err(
                        |e| {
                            ApiError::not_implemented(&format!(
                                "{} ({}difftotextpst: {})",
                                ctx.module.path(),
                                ctx.module.prefix,
                                e.0
                            ))
                        },
                    )?
                } else {
                    given.clone()
                };
                set_content(&mut diff, "body", table_diff(text, &given, &line_label));
                *uncached += 1;
            }
            DiffRequest::To(to) => {
                let mut reader = ctx.reader()?;
                let (from, to) = compared(&mut *reader, row, *to)?;
                diff.insert("from".into(), from.map_or(json!(false), |id| json!(id)));
                diff.insert("to".into(), json!(to));
                let body = body(&mut *reader, row, from, to, visibility, uncached)?;
                set_content(&mut diff, "body", body);
            }
        }
        Ok(Value::Object(diff))
    }
}

/// Which revisions a `diffto` compares, as MediaWiki names them before reading them: `from`
/// (`None` when the page has no earlier revision, or the revision is not a live one) and `to`
/// (0 for the page's current revision).
fn compared(reader: &mut Reader, row: &RevisionRow, to: DiffTo) -> Result<(Option<i64>, i64), ApiError> {
    Ok(match to {
        DiffTo::Prev => {
            let from = match revision(reader, row.id)? {
                Some(live) => adjacent(reader, &live, true)?.map(|r| r.id),
                None => None,
            };
            (from, row.id)
        }
        DiffTo::Next => {
            let to = match revision(reader, row.id)? {
                Some(live) => adjacent(reader, &live, false)?.map_or(0, |r| r.id),
                None => 0,
            };
            (Some(row.id), to)
        }
        DiffTo::Current => (Some(row.id), 0),
        DiffTo::Revision(id) => (Some(row.id), id),
    })
}

/// The diff's body as MediaWiki's difference engine gives it: `false` when a revision is
/// missing or its text hidden from the caller, empty when there is nothing before the new
/// revision or both are the same, the diff table otherwise (which counts as computed).
fn body(
    reader: &mut Reader,
    row: &RevisionRow,
    from: Option<i64>,
    to: i64,
    visibility: &Visibility,
    uncached: &mut usize,
) -> Result<Value, ApiError> {
    let new = if to != 0 { revision(reader, to)? } else { latest(reader, row.page)? };
    let Some(new) = new else { return Ok(json!(false)) };
    let old = match from {
        Some(id) => match revision(reader, id)? {
            Some(old) => Some(old),
            None => return Ok(json!(false)),
        },
        None => None,
    };
    let readable = |r: &RevisionRow| visibility.check(r.deleted, DELETED_TEXT).1;
    if old.as_ref().is_some_and(|o| !readable(o)) || !readable(&new) {
        return Ok(json!(false));
    }
    let Some(old) = old.filter(|o| o.id != new.id) else { return Ok(json!("")) };
    let mut texts = storage::main_texts(reader, &[old.id, new.id])?;
    let (Some(old_text), Some(new_text)) = (texts.remove(&old.id), texts.remove(&new.id)) else {
        return Ok(json!(false));
    };
    *uncached += 1;
    Ok(json!(table_diff(&old_text, &new_text, &line_label)))
}

/// The label of a block's first line: `Line 1,024:`.
pub(crate) fn line_label(line: usize) -> String {
    format!("Line {}:", format_number(line))
}

/// The live revision `id`, if there is one.
pub(crate) fn revision(reader: &mut Reader, id: i64) -> Result<Option<RevisionRow>, ApiError> {
    let filter = RevisionsFilter {
        selection: RevisionSelection::Ids { ids: vec![id], continue_from: None },
        tag: None,
        limit: 1,
    };
    Ok(reader.revisions(&filter)?.into_iter().next())
}

/// The current revision of page `page`.
pub(crate) fn latest(reader: &mut Reader, page: i64) -> Result<Option<RevisionRow>, ApiError> {
    let filter = RevisionsFilter {
        selection: RevisionSelection::Latest { pages: vec![page], continue_from: None },
        tag: None,
        limit: 1,
    };
    Ok(reader.revisions(&filter)?.into_iter().next())
}

/// The revision of the same page just before (`older`) or after `row`, in the order of
/// time and then id.
pub(crate) fn adjacent(reader: &mut Reader, row: &RevisionRow, older: bool) -> Result<Option<RevisionRow>, ApiError> {
    let edge = if older { row.id - 1 } else { row.id + 1 };
    let filter = RevisionsFilter {
        selection: RevisionSelection::History {
            page: Some(row.page),
            namespaces: None,
            ascending: !older,
            start: Some((row.timestamp.clone(), Some(edge))),
            end: None,
            actor: None,
            hidden_bits: 0,
            continue_from: None,
        },
        tag: None,
        limit: 1,
    };
    Ok(reader.revisions(&filter)?.into_iter().next())
}

#[cfg(test)]
mod tests {
    use super::line_label;

    #[test]
    fn line_labels_group_thousands() {
        assert_eq!(line_label(1), "Line 1:");
        assert_eq!(line_label(1024), "Line 1,024:");
    }
}
