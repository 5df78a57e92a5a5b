//! `meta=siteinfo`: general information about the site.

use wikiquery_framework::{query_module, ParamValues, QueryModule};

/// Which parts of the site information to return.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ParamValues)]
pub enum SiteInfoProp {
    Autocreatetempuser,
    Autopromote,
    Autopromoteonce,
    Clientlibraries,
    Dbrepllag,
    Defaultoptions,
    Extensions,
    Extensiontags,
    Fileextensions,
    Functionhooks,
    General,
    Interwikimap,
    Languages,
    Languagevariants,
    Libraries,
    Magicwords,
    Namespacealiases,
    Namespaces,
    Protocols,
    Restrictions,
    Rightsinfo,
    Showhooks,
    Skins,
    Specialpagealiases,
    Statistics,
    Uploaddialog,
    Usergroups,
    Variables,
}

/// Which interwiki map entries: `!local` (non-local only) or `local`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ParamValues)]
pub enum FilterIw {
    #[value(rename = "!local")]
    NotLocal,
    Local,
}

/// Overall information about the site.
#[query_module(
    name = "siteinfo",
    group = "meta",
    prefix = "si",
    readrights,
    help = "https://www.mediawiki.org/wiki/Special:MyLanguage/API:Siteinfo"
)]
pub struct SiteInfo {
    #[param(default = "general")]
    pub prop: Vec<SiteInfoProp>,
    pub filteriw: Option<FilterIw>,
    pub showalldb: bool,
    pub numberingroup: bool,
    pub inlanguagecode: Option<String>,
}

impl QueryModule for SiteInfo {}
