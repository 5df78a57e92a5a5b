//! The state of one `action=query` run that its modules share: the continuation, the page
//! set, and the generator's progress.

use super::continuation::Continuation;
use super::pageset::{PageSet, PageValues};

/// What a query run shares with its modules.
#[derive(Debug, Default)]
pub struct QueryRun {
    /// The request's continuation.
    pub(crate) continuation: Continuation,
    /// The generator module's name.
    pub(crate) generator: Option<String>,
    /// The generator is running.
    pub(crate) generating: bool,
    /// The page set resolves redirects (`redirects=1`).
    pub(crate) resolve_redirects: bool,
    /// The pages the generator gave.
    pub(crate) generated: Vec<(i32, String)>,
    /// The revisions the generator gave, when it gives revisions rather than pages.
    pub(crate) generated_revisions: Option<Vec<i64>>,
    /// The generator pushed items: it cannot run as a generator yet.
    pub(crate) generator_pushed: bool,
    /// The page set.
    pub(crate) pageset: Option<PageSet>,
    /// Members prop modules added to pages.
    pub(crate) page_values: PageValues,
}

impl QueryRun {
    /// A run that continues as `continuation` says.
    pub(crate) fn new(continuation: Continuation) -> QueryRun {
        QueryRun { continuation, ..QueryRun::default() }
    }
}
