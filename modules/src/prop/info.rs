//! `prop=info`: basic page information of the given pages.

use wikiquery_framework::{query_module, ParamValues, QueryModule, Title};

/// Additional properties to return; `preload` and `readable` are deprecated.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ParamValues)]
pub enum InfoProp {
    Associatedpage,
    Displaytitle,
    Editintro,
    Linkclasses,
    Notificationtimestamp,
    Preloadcontent,
    Protection,
    Subjectid,
    Talkid,
    Url,
    Varianttitles,
    Visitingwatchers,
    Watched,
    Watchers,
    #[value(deprecated)]
    Preload,
    #[value(deprecated)]
    Readable,
}

/// How much detail `testactions` gives.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ParamValues)]
pub enum TestActionsDetail {
    Boolean,
    Full,
    Quick,
}

/// The framing style of edit intros.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ParamValues)]
pub enum EditIntroStyle {
    Lessframes,
    Moreframes,
}

/// Basic information about pages, with optional extras.
#[query_module(
    name = "info",
    group = "prop",
    prefix = "in",
    readrights,
    help = "https://www.mediawiki.org/wiki/Special:MyLanguage/API:Info"
)]
pub struct Info {
    pub prop: Vec<InfoProp>,
    /// Context title for `linkclasses`.
    #[param(default = "Main Page")]
    pub linkcontext: Title,
    /// Actions to test whether the caller may perform them on the pages.
    pub testactions: Vec<String>,
    #[param(default = "boolean")]
    pub testactionsdetail: TestActionsDetail,
    pub testactionsautocreate: bool,
    #[param(info = "preloadcontentonly")]
    pub preloadcustom: Option<String>,
    #[param(info = "preloadcontentonly")]
    pub preloadparams: Vec<String>,
    #[param(info = "preloadcontentonly")]
    pub preloadnewsection: bool,
    #[param(default = "moreframes", info = "editintroonly")]
    pub editintrostyle: EditIntroStyle,
    #[param(info = "editintroonly")]
    pub editintroskip: Vec<String>,
    #[param(info = "editintroonly")]
    pub editintrocustom: Option<String>,
    #[param(rename = "continue")]
    pub continue_: Option<String>,
}

impl QueryModule for Info {}
