//! What the dumps hold.

use std::path::Path;

use wikiquery_import::dump::{DumpItem, DumpSource};

#[derive(Default, Debug)]
pub(super) struct DumpCounts {
    pub(super) pages: u64,
    pub(super) revisions: u64,
    pub(super) uploads: u64,
    pub(super) log_items: u64,
    /// Revisions of each page, in dump order.
    pub(super) revisions_per_page: Vec<u64>,
}

pub(super) fn count_dump(path: &Path) -> DumpCounts {
    let source = DumpSource::open(path).expect("the dump opens");
    let mut counts = DumpCounts::default();
    for item in source.into_dump_reader() {
        match item.expect("the fixture dump reads") {
            DumpItem::PageStart(_) => {
                counts.pages += 1;
                counts.revisions_per_page.push(0);
            }
            DumpItem::Revision(_) => {
                counts.revisions += 1;
                if let Some(last) = counts.revisions_per_page.last_mut() {
                    *last += 1;
                }
            }
            DumpItem::Upload(_) => counts.uploads += 1,
            DumpItem::LogItem(_) => counts.log_items += 1,
            DumpItem::SiteInfo(_) | DumpItem::PageEnd => {}
        }
    }
    counts
}
