//! The link tables compared with MediaWiki's, with the differences known and explained.

use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};

use wikiquery_import::wikitext::{extract, LinkContext, PageLinks};
use wikiquery_store::backend::AnyConnection;
use wikiquery_store::site::Site;

use super::rows::{identity, link_rows, page_texts};

/// Whether a difference is a row MediaWiki has and we lack, or the other way round.
#[derive(PartialEq)]
enum Side {
    Missing,
    Extra,
}

const BROKEN_FILE: &str = "tracking category MediaWiki adds for a link to a missing file";
const SIG_ARGUMENT: &str = "links inside {{Sig|Admin}} depend on the template's argument (template expansion)";
const MERGE_BUG: &str = "MediaWiki 1.39's history merge left the redirect's link under the destination page id";

/// The rows that the page's own wikitext cannot give, as the extractor's fixture test in
/// wikitext.rs lists them (rows that transcluded templates give are recognised separately).
const KNOWN_DIFFERENCES: &[(&str, &str, &str, Side, &str)] = &[
    ("0:Goat", "categorylinks", "Pages_with_broken_file_links", Side::Missing, BROKEN_FILE),
    ("0:Whale", "categorylinks", "Pages_with_broken_file_links", Side::Missing, BROKEN_FILE),
    ("0:Ant", "categorylinks", "Pages_with_broken_file_links", Side::Missing, BROKEN_FILE),
    ("0:Rabbit", "categorylinks", "Pages_with_broken_file_links", Side::Missing, BROKEN_FILE),
    ("0:Tulip", "categorylinks", "Pages_with_broken_file_links", Side::Missing, BROKEN_FILE),
    ("0:Potato", "categorylinks", "Pages_with_broken_file_links", Side::Missing, BROKEN_FILE),
    ("0:Rome", "categorylinks", "Pages_with_broken_file_links", Side::Missing, BROKEN_FILE),
    ("0:Lima", "categorylinks", "Pages_with_broken_file_links", Side::Missing, BROKEN_FILE),
    ("0:History", "categorylinks", "Pages_with_broken_file_links", Side::Missing, BROKEN_FILE),
    ("0:São_Paulo", "categorylinks", "Pages_with_broken_file_links", Side::Missing, BROKEN_FILE),
    ("14:Hidden_maintenance", "categorylinks", "Hidden_categories", Side::Missing, "__HIDDENCAT__ tracking category"),
    ("10:Welcome", "pagelinks", "2:Admin", Side::Missing, SIG_ARGUMENT),
    ("10:Welcome", "pagelinks", "3:Admin", Side::Missing, SIG_ARGUMENT),
    ("3:Alice", "pagelinks", "2:Admin", Side::Missing, SIG_ARGUMENT),
    ("3:Alice", "pagelinks", "3:Admin", Side::Missing, SIG_ARGUMENT),
    ("3:Bob", "pagelinks", "2:Admin", Side::Missing, SIG_ARGUMENT),
    ("3:Bob", "pagelinks", "3:Admin", Side::Missing, SIG_ARGUMENT),
    ("3:Carol", "pagelinks", "2:Admin", Side::Missing, SIG_ARGUMENT),
    ("3:Carol", "pagelinks", "3:Admin", Side::Missing, SIG_ARGUMENT),
    ("3:FixtureBot", "pagelinks", "2:Admin", Side::Missing, SIG_ARGUMENT),
    ("3:FixtureBot", "pagelinks", "3:Admin", Side::Missing, SIG_ARGUMENT),
    ("3:Dave", "pagelinks", "2:Admin", Side::Missing, SIG_ARGUMENT),
    ("3:Dave", "pagelinks", "3:Admin", Side::Missing, SIG_ARGUMENT),
    ("0:Merge_target", "pagelinks", "0:Merge_target", Side::Missing, MERGE_BUG),
    ("0:Merge_source", "pagelinks", "0:Merge_target", Side::Extra, MERGE_BUG),
];

fn is_known(page: &str, table: &str, row: &str, side: Side) -> bool {
    KNOWN_DIFFERENCES.iter().any(|(p, t, r, s, _)| *p == page && *t == table && *r == identity(row) && *s == side)
}

/// Rows the templates a page transcludes (as MediaWiki's templatelinks list them) give,
/// by table, spelt by identity: MediaWiki records them, the extractor does not expand
/// templates.
fn template_rows(
    mediawiki: &BTreeMap<&'static str, BTreeMap<i64, BTreeSet<String>>>,
    texts: &HashMap<(i32, String), (i64, String, String)>,
    site: &Site,
    page: (i32, &str, i64),
) -> HashMap<&'static str, HashSet<String>> {
    let exists = |ns: i32, key: &str| texts.contains_key(&(ns, key.to_owned()));
    let mut ctx = LinkContext::new(site.namespaces(), site.interwikis(), Some((page.0, page.1.to_owned())));
    ctx.page_exists = Some(&exists);
    ctx.transcluded = true;
    let mut out: HashMap<&'static str, HashSet<String>> = HashMap::new();
    for row in mediawiki.get("templatelinks").and_then(|t| t.get(&page.2)).into_iter().flatten() {
        let (ns, title) = identity(row).split_once(':').expect("ns:title");
        let key = (ns.parse::<i32>().expect("a namespace"), title.to_owned());
        let Some((_, _, text)) = texts.get(&key) else { continue };
        let links = extract(text, &ctx);
        for (table, rows) in identities(&links) {
            out.entry(table).or_default().extend(rows);
        }
    }
    out
}

/// The identities of the rows a page's links give, by table.
fn identities(links: &PageLinks) -> Vec<(&'static str, Vec<String>)> {
    vec![
        ("pagelinks", links.links.iter().map(|(ns, t)| format!("{ns}:{t}")).collect()),
        ("templatelinks", links.templates.iter().map(|(ns, t)| format!("{ns}:{t}")).collect()),
        ("categorylinks", links.categories.iter().map(|(c, _)| c.clone()).collect()),
        ("imagelinks", links.images.clone()),
        ("externallinks", links.external.clone()),
        ("langlinks", links.langlinks.iter().map(|(l, t)| format!("{l}:{t}")).collect()),
        ("iwlinks", links.iwlinks.iter().map(|(p, t)| format!("{p}:{t}")).collect()),
    ]
}

#[derive(Default)]
struct Tally {
    mediawiki: usize,
    ours: usize,
    matching: usize,
    from_templates: usize,
    known_missing: usize,
    known_extra: usize,
    missing: Vec<String>,
    extra: Vec<String>,
}

/// Compares our link tables with MediaWiki's; returns the per-table report and whether
/// every difference is explained.
pub(super) fn compare_links(ours: &mut AnyConnection, mediawiki: &mut AnyConnection) -> (String, bool) {
    let site = Site::load(mediawiki, "Fixture Wiki").expect("the fixture's site");
    let theirs_by_table = link_rows(mediawiki);
    let ours_by_table = link_rows(ours);
    let texts = page_texts(mediawiki);
    let pages: BTreeMap<i64, (i32, String, String)> =
        texts.iter().map(|((ns, title), (id, model, _))| (*id, (*ns, title.clone(), model.clone()))).collect();
    let mut tallies: BTreeMap<&str, Tally> = BTreeMap::new();
    let empty = BTreeSet::new();
    let mut all_ids: BTreeSet<i64> = pages.keys().copied().collect();
    for by_page in ours_by_table.values().chain(theirs_by_table.values()) {
        all_ids.extend(by_page.keys());
    }
    for id in all_ids {
        let (ns, title, model) = pages.get(&id).cloned().unwrap_or((0, format!("#{id}"), "wikitext".to_owned()));
        let page_key = format!("{ns}:{title}");
        let from_templates = if model == "wikitext" {
            template_rows(&theirs_by_table, &texts, &site, (ns, &title, id))
        } else {
            HashMap::new()
        };
        for table in [
            "pagelinks",
            "templatelinks",
            "categorylinks",
            "imagelinks",
            "externallinks",
            "langlinks",
            "iwlinks",
            "redirect",
        ] {
            let tally = tallies.entry(table).or_default();
            let theirs = theirs_by_table.get(table).and_then(|t| t.get(&id)).unwrap_or(&empty);
            let ours = ours_by_table.get(table).and_then(|t| t.get(&id)).unwrap_or(&empty);
            tally.mediawiki += theirs.len();
            tally.ours += ours.len();
            for row in theirs {
                if ours.contains(row) {
                    tally.matching += 1;
                } else if from_templates.get(table).is_some_and(|rows| rows.contains(identity(row))) {
                    tally.from_templates += 1;
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
            "{table:14} mediawiki {:4}  ours {:4}  matching {:4}  from templates {:3}  known missing {:2}  \
             known extra {:2}  unexplained missing {:3}  unexplained extra {:3}\n",
            t.mediawiki,
            t.ours,
            t.matching,
            t.from_templates,
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
