//! Refreshing the link tables, the default interwiki map, and hostile pages.

use std::fmt::Write as _;

use diesel::prelude::*;
use wikiquery_import::tables::{import_dump, refresh_links, ImportOptions, RefreshOptions};
use wikiquery_store::schema::*;
use wikiquery_store::site::read_interwiki;
use wikiquery_store::with_conn;

use super::rows::link_rows;
use super::support::{fixture_file, fresh_pool, options, sqlite_url, TempDir};

/// A dump of these pages (title, text), each with one revision, on the fixture's site.
fn dump_of(pages: &[(&str, &str)]) -> String {
    let fixture = std::fs::read_to_string(fixture_file("dump-full.xml")).expect("the fixture dump");
    let head_end = fixture.find("</siteinfo>").expect("siteinfo") + "</siteinfo>".len();
    let mut dump = fixture[..head_end].to_owned();
    let escape = |t: &str| t.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;");
    for (i, (title, text)) in pages.iter().enumerate() {
        let id = i + 1;
        let ns = match title.split_once(':') {
            Some(("Template", _)) => 10,
            Some(("Category", _)) => 14,
            _ => 0,
        };
        write!(
            dump,
            "\n  <page>\n    <title>{}</title>\n    <ns>{ns}</ns>\n    <id>{id}</id>\n    <revision>\n      <id>{id}</id>\n      \
             <timestamp>2026-01-01T00:00:00Z</timestamp>\n      <contributor>\n        <username>Admin</username>\n        \
             <id>1</id>\n      </contributor>\n      <model>wikitext</model>\n      <format>text/x-wiki</format>\n      \
             <text xml:space=\"preserve\">{}</text>\n    </revision>\n  </page>",
            escape(title),
            escape(text)
        )
        .expect("writing to a string");
    }
    dump.push_str("\n</mediawiki>\n");
    dump
}

fn import_pages(dir: &TempDir, pages: &[(&str, &str)], options: ImportOptions) -> wikiquery_store::backend::Pool {
    let path = dir.path("pages.xml");
    std::fs::write(&path, dump_of(pages)).expect("writing the dump");
    let pool = fresh_pool(&sqlite_url(&dir.path("wiki.sqlite")));
    import_dump(&path, &pool, options).expect("the dump imports");
    pool
}

#[test]
fn refresh_links_rebuilds_what_was_lost_and_resumes_by_page_id() {
    let dir = TempDir::new("refresh");
    let pool = fresh_pool(&sqlite_url(&dir.path("wiki.sqlite")));
    import_dump(fixture_file("dump-full.xml"), &pool, options(50)).expect("the fixture imports");
    let mut conn = pool.get().expect("a connection");
    let imported = link_rows(&mut conn);

    // Nothing to change on a wiki whose tables are up to date.
    let report = refresh_links(&mut conn, &RefreshOptions::default()).expect("refreshing");
    let pages: i64 = with_conn!(&mut conn, |c| page::table.count().get_result(c)).expect("pages");
    assert_eq!(report.pages, pages as u64);
    assert_eq!((report.links_added.total(), report.links_removed.total()), (0, 0));

    // Rows lost on both sides of page 60 come back, in two runs: the second resumes where the
    // first stopped.
    with_conn!(&mut conn, |c| diesel::delete(pagelinks::table).execute(c)).expect("deleting pagelinks");
    with_conn!(&mut conn, |c| diesel::delete(categorylinks::table).execute(c)).expect("deleting categorylinks");
    with_conn!(&mut conn, |c| diesel::delete(templatelinks::table).execute(c)).expect("deleting templatelinks");
    let first = RefreshOptions { end: Some(60), batch: 7, ..RefreshOptions::default() };
    let report = refresh_links(&mut conn, &first).expect("refreshing the first pages");
    let last = report.last_page.expect("pages were refreshed");
    assert!(last <= 60);
    assert_ne!(link_rows(&mut conn), imported, "only the first pages are done");
    let rest = RefreshOptions { start: last + 1, batch: 7, ..RefreshOptions::default() };
    let report = refresh_links(&mut conn, &rest).expect("refreshing the rest");
    assert!(report.links_added.pagelinks > 0 && report.links_removed.total() == 0);
    assert_eq!(link_rows(&mut conn), imported);
    // Category counts follow the rows.
    let members: i64 = with_conn!(&mut conn, |c| category::table
        .filter(category::cat_title.eq("Animals"))
        .select(category::cat_pages)
        .first(c))
    .expect("the Animals category");
    let rows: i64 = with_conn!(&mut conn, |c| categorylinks::table
        .filter(categorylinks::cl_to.eq("Animals"))
        .count()
        .get_result(c))
    .expect("its members");
    assert_eq!(members, rows);
}

#[test]
fn a_wiki_without_an_interwiki_map_gets_the_one_mediawiki_installs() {
    let dir = TempDir::new("default-interwiki");
    let options = ImportOptions { batch_pages: 10, progress: false, interwiki: None };
    let pool = import_pages(&dir, &[("Page", "[[wikt:word]] [[Commons:File:X.png]] [[de:Hund]]")], options);
    let mut conn = pool.get().expect("a connection");
    let map = read_interwiki(&mut conn).expect("the interwiki table");
    assert_eq!(map.len(), 64);
    let iwlinks: Vec<(String, String)> = with_conn!(&mut conn, |c| iwlinks::table
        .select((iwlinks::iwl_prefix, iwlinks::iwl_title))
        .order(iwlinks::iwl_prefix)
        .load(c))
    .expect("iwlinks");
    assert_eq!(iwlinks, vec![("commons".to_owned(), "File:X.png".to_owned()), ("wikt".to_owned(), "word".to_owned())]);
    // `de` is no prefix of that map: a page of this wiki.
    let links: Vec<String> =
        with_conn!(&mut conn, |c| pagelinks::table.select(pagelinks::pl_title).load(c)).expect("pagelinks");
    assert_eq!(links, vec!["De:Hund".to_owned()]);
}

#[test]
fn hostile_pages_import_with_a_warning_and_keep_their_other_links() {
    let dir = TempDir::new("hostile");
    // Each level calls the one below twice: 2^40 calls if nothing bounded them.
    let mut pages: Vec<(String, String)> = vec![("Template:E0".into(), "[[Deep]]".into())];
    for level in 1..=40 {
        pages.push((format!("Template:E{level}"), format!("{{{{E{0}}}}}{{{{E{0}}}}}", level - 1)));
    }
    pages.push(("Exponential".into(), "[[Before]] {{E40}} [[After]]".into()));
    pages.push(("Template:Loop A".into(), "{{Loop B}}".into()));
    pages.push(("Template:Loop B".into(), "[[In loop]]{{Loop A}}".into()));
    pages.push(("Looping".into(), "{{Loop A}} [[Still linked]] [[Category:Loops]]".into()));
    pages.push(("Braces".into(), format!("[[First]]{}[[Last]]", "{{".repeat(5_000_000))));
    pages.push(("Nested".into(), format!("{}x{}[[Nested after]]", "{{a|".repeat(200_000), "}}".repeat(200_000))));
    let borrowed: Vec<(&str, &str)> = pages.iter().map(|(t, x)| (t.as_str(), x.as_str())).collect();

    let path = dir.path("pages.xml");
    std::fs::write(&path, dump_of(&borrowed)).expect("writing the dump");
    let pool = fresh_pool(&sqlite_url(&dir.path("wiki.sqlite")));
    let report = import_dump(&path, &pool, ImportOptions { batch_pages: 10, progress: false, interwiki: None })
        .expect("hostile pages import");
    // The levels from E18 up outgrow the include size, as does the page calling them; the loop
    // is met by the page calling it and by both templates.
    assert_eq!(report.pages_with_warnings, 23 + 1 + 3, "{report}");
    assert_eq!(report.warnings.len(), 5, "the first five are named");
    assert_eq!(report.warnings[0], "E18: the include size limit");

    let mut conn = pool.get().expect("a connection");
    let links_of = |conn: &mut wikiquery_store::backend::AnyConnection, title: &str| -> Vec<String> {
        let mut links: Vec<String> = with_conn!(conn, |c| pagelinks::table
            .inner_join(page::table.on(page::page_id.eq(pagelinks::pl_from)))
            .filter(page::page_title.eq(title))
            .select(pagelinks::pl_title)
            .load(c))
        .expect("pagelinks");
        links.sort();
        links
    };
    // Past the include size MediaWiki writes a link to each template whose text no longer
    // fits, up to the one the page calls.
    assert_eq!(links_of(&mut conn, "Exponential"), ["After", "Before", "E40"]);
    assert_eq!(links_of(&mut conn, "Looping"), ["In_loop", "Still_linked"]);
    assert_eq!(links_of(&mut conn, "Braces"), ["First", "Last"]);
    // The outermost call names a missing template, whose arguments are never expanded.
    assert_eq!(links_of(&mut conn, "Nested"), ["A", "Nested_after"]);
    let templates: i64 = with_conn!(&mut conn, |c| templatelinks::table
        .inner_join(page::table.on(page::page_id.eq(templatelinks::tl_from)))
        .filter(page::page_title.eq("Exponential"))
        .count()
        .get_result(c))
    .expect("templatelinks");
    assert_eq!(templates, 41, "every level was read once");
}
