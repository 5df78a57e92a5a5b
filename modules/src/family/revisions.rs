//! The revision-query parameters shared by `alldeletedrevisions`, `allrevisions`,
//! `deletedrevisions` and `revisions`.

use wikiquery_framework::{Limit, ParamGroup, Templated};

use crate::values::{CONTENTFMT, REVPROP, SLOTS};

/// The family's parameters, in the spec's order; each module includes them first.
#[derive(Debug, Clone, ParamGroup)]
pub struct RevisionFamily {
    /// Which properties of each revision to return.
    #[param(values = REVPROP, deprecated_values = ["parsetree"], default = "ids|timestamp|flags|comment|user")]
    pub prop: Vec<String>,
    /// Which slots to return content and properties of.
    #[param(values = SLOTS, all)]
    pub slots: Vec<String>,
    /// Content serialization format, per slot.
    #[param(template = "contentformat-{slot}", source = "slots", values = CONTENTFMT)]
    pub contentformat_slot: Templated<String>,
    /// How many revisions to return.
    pub limit: Option<Limit>,
    #[param(deprecated)]
    pub expandtemplates: bool,
    #[param(deprecated)]
    pub generatexml: bool,
    #[param(deprecated)]
    pub parse: bool,
    pub section: Option<String>,
    #[param(deprecated)]
    pub diffto: Option<String>,
    #[param(deprecated)]
    pub difftotext: Option<String>,
    #[param(deprecated)]
    pub difftotextpst: bool,
    #[param(deprecated, values = CONTENTFMT)]
    pub contentformat: Option<String>,
    /// Only revisions tagged with this tag.
    pub tag: Option<String>,
    /// Where to continue.
    #[param(rename = "continue")]
    pub continue_: Option<String>,
}
