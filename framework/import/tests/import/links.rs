//! The link tables compared with MediaWiki's, with the differences known and explained.

use std::collections::{BTreeMap, BTreeSet};

use wikiquery_store::backend::AnyConnection;

use super::rows::{identity, link_rows, page_texts};

/// Whether a difference is a row MediaWiki has and we lack, or the other way round.
#[derive(PartialEq)]
enum Side {
    Missing,
    Extra,
}

const MERGE_BUG: &str = "MediaWiki 1.39's history merge left the redirect's link under the destination page id";

/// The rows that differ from MediaWiki's, each with its reason.
const KNOWN_DIFFERENCES: &[(&str, &str, &str, Side, &str)] = &[
    ("0:Merge_target", "pagelinks", "0:Merge_target", Side::Missing, MERGE_BUG),
    ("0:Merge_source", "pagelinks", "0:Merge_target", Side::Extra, MERGE_BUG),
];

fn is_known(page: &str, table: &str, row: &str, side: Side) -> bool {
    KNOWN_DIFFERENCES.iter().any(|(p, t, r, s, _)| *p == page && *t == table && *r == identity(row) && *s == side)
}

#[derive(Default)]
struct Tally {
    mediawiki: usize,
    ours: usize,
    matching: usize,
    known_missing: usize,
    known_extra: usize,
    missing: Vec<String>,
    extra: Vec<String>,
}

/// Compares our link tables with MediaWiki's; returns the per-table report and whether
/// every difference is explained.
pub(super) fn compare_links(ours: &mut AnyConnection, mediawiki: &mut AnyConnection) -> (String, bool) {
    let theirs_by_table = link_rows(mediawiki);
    let ours_by_table = link_rows(ours);
    let texts = page_texts(mediawiki);
    let pages: BTreeMap<i64, (i32, String)> =
        texts.iter().map(|((ns, title), (id, _, _))| (*id, (*ns, title.clone()))).collect();
    let mut tallies: BTreeMap<&str, Tally> = BTreeMap::new();
    let empty = BTreeSet::new();
    let mut all_ids: BTreeSet<i64> = pages.keys().copied().collect();
    for by_page in ours_by_table.values().chain(theirs_by_table.values()) {
        all_ids.extend(by_page.keys());
    }
    for id in all_ids {
        let (ns, title) = pages.get(&id).cloned().unwrap_or((0, format!("#{id}")));
        let page_key = format!("{ns}:{title}");
        for table in [
            "pagelinks",
            "templatelinks",
            "categorylinks",
            "imagelinks",
            "externallinks",
            "langlinks",
            "iwlinks",
            "redirect",
            "page_props",
        ] {
            let tally = tallies.entry(table).or_default();
            let theirs = theirs_by_table.get(table).and_then(|t| t.get(&id)).unwrap_or(&empty);
            let ours = ours_by_table.get(table).and_then(|t| t.get(&id)).unwrap_or(&empty);
            tally.mediawiki += theirs.len();
            tally.ours += ours.len();
            for row in theirs {
                if ours.contains(row) {
                    tally.matching += 1;
                } else if is_known(&page_key, table, row, Side::Missing) {
                    tally.known_missing += 1;
                } else {
                    tally.missing.push(format!("{page_key} {row}"));
                }
            }
            for row in ours.difference(theirs) {
                if is_known(&page_key, table, row, Side::Extra) {
                    tally.known_extra += 1;
                } else {
                    tally.extra.push(format!("{page_key} {row}"));
                }
            }
        }
    }
    let mut report = String::new();
    for (table, t) in &tallies {
        report.push_str(&format!(
            "{table:14} mediawiki {:4}  ours {:4}  matching {:4}  known missing {:2}  \
             known extra {:2}  unexplained missing {:3}  unexplained extra {:3}\n",
            t.mediawiki,
            t.ours,
            t.matching,
            t.known_missing,
            t.known_extra,
            t.missing.len(),
            t.extra.len()
        ));
        for m in &t.missing {
            report.push_str(&format!("    missing {m}\n"));
        }
        for e in &t.extra {
            report.push_str(&format!("    extra   {e}\n"));
        }
    }
    let clean = tallies.values().all(|t| t.missing.is_empty() && t.extra.is_empty());
    (report, clean)
}
