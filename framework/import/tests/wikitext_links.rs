//! Compares the extractor with the link tables MediaWiki 1.39 wrote for the fixture wiki.

use std::collections::{BTreeMap, BTreeSet, HashSet};

use diesel::prelude::*;
use diesel::sql_types::{Integer, Text};
use wikiquery_domain::title::{InterwikiInfo, InterwikiMap, SiteNamespaces};
use wikiquery_import::wikitext::{extract, LinkContext, PageLinks};

const FIXTURE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/fixtures/mw139/fixturewiki.sqlite");

/// Interwiki prefixes of the fixture that are language codes MediaWiki knows, and so
/// make interlanguage links.
const LANGUAGE_PREFIXES: &[&str] = &["en", "de", "fr", "es", "ja"];

#[derive(QueryableByName)]
struct PageRow {
    #[diesel(sql_type = Integer)]
    id: i32,
    #[diesel(sql_type = Integer)]
    ns: i32,
    #[diesel(sql_type = Text)]
    title: String,
    #[diesel(sql_type = Text)]
    model: String,
    #[diesel(sql_type = Text)]
    text: String,
}

#[derive(QueryableByName)]
struct LinkRow {
    #[diesel(sql_type = Integer)]
    from: i32,
    #[diesel(sql_type = Text)]
    key: String,
}

#[derive(QueryableByName)]
struct PrefixRow {
    #[diesel(sql_type = Text)]
    prefix: String,
    #[diesel(sql_type = Integer)]
    local: i32,
    #[diesel(sql_type = Integer)]
    trans: i32,
}

/// The tables compared, each with the query giving `(page id, row as text)`.
const TABLES: &[(&str, &str)] = &[
    ("pagelinks", "SELECT pl_from AS \"from\", pl_namespace || ':' || CAST(pl_title AS TEXT) AS key FROM pagelinks"),
    (
        "templatelinks",
        "SELECT tl_from AS \"from\", lt_namespace || ':' || CAST(lt_title AS TEXT) AS key \
         FROM templatelinks JOIN linktarget ON lt_id = tl_target_id",
    ),
    (
        "categorylinks",
        "SELECT cl_from AS \"from\", CAST(cl_to AS TEXT) || '|' || CAST(cl_sortkey_prefix AS TEXT) AS key \
         FROM categorylinks",
    ),
    ("imagelinks", "SELECT il_from AS \"from\", CAST(il_to AS TEXT) AS key FROM imagelinks"),
    ("externallinks", "SELECT DISTINCT el_from AS \"from\", CAST(el_to AS TEXT) AS key FROM externallinks"),
    (
        "langlinks",
        "SELECT ll_from AS \"from\", CAST(ll_lang AS TEXT) || ':' || CAST(ll_title AS TEXT) AS key FROM langlinks",
    ),
    (
        "iwlinks",
        "SELECT iwl_from AS \"from\", CAST(iwl_prefix AS TEXT) || ':' || CAST(iwl_title AS TEXT) AS key FROM iwlinks",
    ),
    (
        "redirect",
        "SELECT rd_from AS \"from\", rd_namespace || ':' || CAST(rd_title AS TEXT) || '|' || \
         COALESCE(rd_interwiki, '') || '|' || COALESCE(CAST(rd_fragment AS TEXT), '') AS key FROM redirect",
    ),
];

/// The rows of one table that a page's links make, as the queries above spell them.
fn rows_of(table: &str, links: &PageLinks) -> Vec<String> {
    match table {
        "pagelinks" => links.links.iter().map(|(ns, k)| format!("{ns}:{k}")).collect(),
        "templatelinks" => links.templates.iter().map(|(ns, k)| format!("{ns}:{k}")).collect(),
        "categorylinks" => links.categories.iter().map(|(c, s)| format!("{c}|{s}")).collect(),
        "imagelinks" => links.images.clone(),
        "externallinks" => links.external.clone(),
        "langlinks" => links.langlinks.iter().map(|(l, t)| format!("{l}:{t}")).collect(),
        "iwlinks" => links.iwlinks.iter().map(|(p, t)| format!("{p}:{t}")).collect(),
        "redirect" => {
            links.redirect.iter().map(|r| format!("{}:{}|{}|{}", r.ns, r.dbkey, r.interwiki, r.fragment)).collect()
        }
        _ => Vec::new(),
    }
}

/// How a row's category is named, so that rows from templates can be matched by name
/// (their sort key is the including page's, which the template's own text does not say).
fn row_identity(table: &str, row: &str) -> String {
    if table == "categorylinks" {
        row.split('|').next().unwrap_or(row).to_owned()
    } else {
        row.to_owned()
    }
}

/// Whether a difference is a row MediaWiki has and we lack, or the other way round.
#[derive(PartialEq)]
enum Side {
    Missing,
    Extra,
}

const BROKEN_FILE: &str =
    "MediaWiki adds the tracking category Pages_with_broken_file_links for a link to a missing file";
const SIG_ARGUMENT: &str =
    "Template:Welcome calls {{Sig|Admin}}, whose links are [[User:{{{1}}}]] and [[User talk:{{{1}}}]]: \
                            the target depends on the argument, which only template expansion gives";
const MERGE_BUG: &str = "MediaWiki 1.39's history merge writes the link of the redirect it leaves at the source \
                         under the destination's page id (pl_from), so the rows are stale, not wrong here";

/// Rows that the page's own wikitext cannot give (or MediaWiki did not record), and why.
/// Rows that a transcluded template's own text gives are matched separately.
const KNOWN_DIFFERENCES: &[(&str, &str, &str, Side, &str)] = &[
    // (page as ns:dbkey, table, row, side, reason)
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
    (
        "14:Hidden_maintenance",
        "categorylinks",
        "Hidden_categories",
        Side::Missing,
        "__HIDDENCAT__ puts the category page in the tracking category Hidden_categories",
    ),
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
    KNOWN_DIFFERENCES.iter().any(|(p, t, r, s, _)| *p == page && *t == table && *r == row && *s == side)
}

struct Fixture {
    pages: Vec<PageRow>,
    tables: BTreeMap<&'static str, BTreeMap<i32, BTreeSet<String>>>,
    site: SiteNamespaces,
    interwikis: InterwikiMap,
    existing: HashSet<(i32, String)>,
}

fn load() -> Fixture {
    let mut conn = SqliteConnection::establish(&format!("file:{FIXTURE}?mode=ro")).expect("fixture database opens");
    let pages: Vec<PageRow> = diesel::sql_query(
        "SELECT page_id AS id, page_namespace AS ns, CAST(page_title AS TEXT) AS title, \
         CAST(page_content_model AS TEXT) AS model, CAST(old_text AS TEXT) AS text \
         FROM page JOIN slots ON slot_revision_id = page_latest \
         JOIN slot_roles ON role_id = slot_role_id AND role_name = 'main' \
         JOIN content ON content_id = slot_content_id \
         JOIN text ON 'tt:' || old_id = CAST(content_address AS TEXT) ORDER BY page_id",
    )
    .load(&mut conn)
    .expect("pages load");
    let mut tables = BTreeMap::new();
    for (name, query) in TABLES {
        let rows: Vec<LinkRow> = diesel::sql_query(*query).load(&mut conn).expect("link rows load");
        let mut by_page: BTreeMap<i32, BTreeSet<String>> = BTreeMap::new();
        for row in rows {
            by_page.entry(row.from).or_default().insert(row.key);
        }
        tables.insert(*name, by_page);
    }
    let prefixes: Vec<PrefixRow> = diesel::sql_query(
        "SELECT CAST(iw_prefix AS TEXT) AS prefix, iw_local AS local, iw_trans AS trans FROM interwiki",
    )
    .load(&mut conn)
    .expect("interwiki loads");
    let mut interwikis = InterwikiMap::new();
    for p in prefixes {
        let info = InterwikiInfo {
            language: LANGUAGE_PREFIXES.contains(&p.prefix.as_str()),
            local: p.local == 1,
            trans: p.trans == 1,
        };
        interwikis.insert(&p.prefix, info);
    }
    let existing = pages.iter().map(|p| (p.ns, p.title.clone())).collect();
    Fixture { pages, tables, site: SiteNamespaces::english("Fixture Wiki"), interwikis, existing }
}

/// What one page's links come to, and the rows its templates add (read as transcluded).
fn extract_page(fx: &Fixture, page: &PageRow) -> (PageLinks, Vec<PageLinks>) {
    let exists = |ns: i32, key: &str| fx.existing.contains(&(ns, key.to_owned()));
    let text_of = |ns: i32, key: &str| fx.pages.iter().find(|p| p.ns == ns && p.title == key).map(|p| p.text.clone());
    let mut ctx = LinkContext::new(&fx.site, &fx.interwikis, Some((page.ns, page.title.clone())));
    ctx.page_exists = Some(&exists);
    ctx.template_text = Some(&text_of);
    let own = extract(&page.text, &ctx);
    let mut from_templates = Vec::new();
    let mut tctx = LinkContext::new(&fx.site, &fx.interwikis, Some((page.ns, page.title.clone())));
    tctx.page_exists = Some(&exists);
    tctx.transcluded = true;
    // MediaWiki's own templatelinks list every page transcluded, however deep.
    for key in fx.tables["templatelinks"].get(&page.id).into_iter().flatten() {
        if let Some(t) = fx.pages.iter().find(|p| format!("{}:{}", p.ns, p.title) == *key) {
            from_templates.push(extract(&t.text, &tctx));
        }
    }
    (own, from_templates)
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

#[test]
fn extracted_links_match_mediawikis_link_tables() {
    let fx = load();
    let mut tallies: BTreeMap<&str, Tally> = BTreeMap::new();
    for page in &fx.pages {
        let page_key = format!("{}:{}", page.ns, page.title);
        let wikitext = page.model == "wikitext";
        let (own, templates) = if wikitext { extract_page(&fx, page) } else { (PageLinks::default(), Vec::new()) };
        for (table, _) in TABLES {
            let tally = tallies.entry(table).or_default();
            let theirs = fx.tables[table].get(&page.id).cloned().unwrap_or_default();
            let ours: BTreeSet<String> = rows_of(table, &own).into_iter().collect();
            let template_rows: HashSet<String> =
                templates.iter().flat_map(|t| rows_of(table, t)).map(|r| row_identity(table, &r)).collect();
            tally.mediawiki += theirs.len();
            tally.ours += ours.len();
            for row in &theirs {
                if ours.contains(row) {
                    tally.matching += 1;
                } else if template_rows.contains(&row_identity(table, row)) {
                    tally.from_templates += 1;
                } else if is_known(&page_key, table, &row_identity(table, row), Side::Missing) {
                    tally.known_missing += 1;
                } else {
                    tally.missing.push(format!("{page_key} {row}"));
                }
            }
            for row in ours.difference(&theirs) {
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
            "{table:14} mediawiki {:4}  ours {:4}  matching {:4}  from templates {:3}  \
             known missing {:2}  known extra {:2}  unexplained missing {:3}  unexplained extra {:3}\n",
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
    eprintln!("{report}");
    let clean = tallies.values().all(|t| t.missing.is_empty() && t.extra.is_empty());
    assert!(clean, "the extractor differs from MediaWiki's link tables:\n{report}");
}
