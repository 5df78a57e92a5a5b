//! `list=allpages`: every page of a namespace, in title order.

use wikiquery_framework::{query_module, Limit, Namespace, ParamValues, QueryModule};

use crate::values::{FilterRedir, SortDir};

/// Protection levels; the empty string is no protection.
pub const PROTECTION_LEVELS: &[&str] = &["", "autoconfirmed", "sysop"];

/// Which pages by whether they have language links.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ParamValues)]
pub enum FilterLangLinks {
    All,
    Withlanglinks,
    Withoutlanglinks,
}

/// The action a protection applies to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ParamValues)]
pub enum ProtectionType {
    Edit,
    Move,
    Upload,
}

/// Which protections by cascading.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ParamValues)]
pub enum FilterCascade {
    All,
    Cascading,
    Noncascading,
}

/// Which protections by expiry.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ParamValues)]
pub enum FilterExpiry {
    All,
    Definite,
    Indefinite,
}

/// Enumerates all pages of one namespace.
#[query_module(
    name = "allpages",
    group = "list",
    prefix = "ap",
    readrights,
    generator,
    help = "https://www.mediawiki.org/wiki/Special:MyLanguage/API:Allpages"
)]
pub struct AllPages {
    pub from: Option<String>,
    #[param(rename = "continue")]
    pub continue_: Option<String>,
    pub to: Option<String>,
    pub prefix: Option<String>,
    #[param(default = 0)]
    pub namespace: Namespace,
    #[param(default = "all")]
    pub filterredir: FilterRedir,
    #[param(default = "all")]
    pub filterlanglinks: FilterLangLinks,
    pub minsize: Option<i64>,
    pub maxsize: Option<i64>,
    pub prtype: Vec<ProtectionType>,
    #[param(values = PROTECTION_LEVELS)]
    pub prlevel: Vec<String>,
    #[param(default = "all")]
    pub prfiltercascade: FilterCascade,
    #[param(default = "all")]
    pub prexpiry: FilterExpiry,
    #[param(default = 10)]
    pub limit: Limit,
    #[param(default = "ascending")]
    pub dir: SortDir,
}

impl QueryModule for AllPages {}
