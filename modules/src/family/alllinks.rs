//! The all-links family (MediaWiki's `ApiQueryAllLinks`): `list=alllinks`,
//! `list=allredirects`, `list=alltransclusions` and `list=allfileusages` list the targets of
//! `pagelinks`, `redirect`, `templatelinks` and `imagelinks` in title order, optionally once
//! each (`unique`).

use wikiquery_framework::{ParamGroup, ParamValues};

/// What to return of each link target; shared by `alllinks`, `allfileusages` and
/// `alltransclusions` (`allredirects` adds fragment and interwiki).
#[derive(Debug, Clone, Copy, PartialEq, Eq, ParamValues)]
pub enum AllLinksProp {
    Ids,
    Title,
}

/// Where in the targets' titles to list, the family's first parameters in the spec's order.
#[derive(Debug, Clone, ParamGroup)]
pub struct AllLinksRange {
    /// Where to continue.
    #[param(rename = "continue")]
    pub continue_: Option<String>,
    /// The title to start at.
    pub from: Option<String>,
    /// The title to stop at.
    pub to: Option<String>,
    /// Only titles that begin with this.
    pub prefix: Option<String>,
    /// Each target once, not once for each page linking to it.
    pub unique: bool,
}
