//! The whole check, on any backend.

use std::collections::{BTreeMap, BTreeSet, HashSet};

use diesel::prelude::*;
use wikiquery_domain::title::full_text;
use wikiquery_import::tables::{import_dump, ImportReport};
use wikiquery_store::backend::{DbUrl, Pool};
use wikiquery_store::schema::*;
use wikiquery_store::site::Site;
use wikiquery_store::with_conn;

use super::compare::{differences, files, log_entries, log_search_rows, main_contents, revisions, Stats};
use super::dumps::count_dump;
use super::links::compare_links;
use super::rows::{identity, link_rows, page_rows, table_counts, PageRowTuple};
#[cfg(any(feature = "postgres", feature = "mysql"))]
use super::support::ServerDb;
use super::support::{fixture_file, fresh_pool, mediawiki_pool, options, sqlite_url, TempDir};

fn import_both(pool: &Pool, batch_pages: usize) -> (ImportReport, ImportReport) {
    let full = import_dump(fixture_file("dump-full.xml"), pool, options(batch_pages)).expect("dump-full.xml imports");
    let logs = import_dump(fixture_file("dump-logs.xml"), pool, options(batch_pages)).expect("dump-logs.xml imports");
    (full, logs)
}

fn check_fixture_import(url: &DbUrl) {
    let pool = fresh_pool(url);
    let full_counts = count_dump(&fixture_file("dump-full.xml"));
    let log_counts = count_dump(&fixture_file("dump-logs.xml"));
    let (full, logs) = import_both(&pool, 25);
    eprintln!("[{}] dump-full.xml:\n{full}\n[{}] dump-logs.xml:\n{logs}", url.backend(), url.backend());

    // What the dumps hold was written, all of it.
    assert_eq!(full.pages, full_counts.pages);
    assert_eq!(full.revisions, full_counts.revisions);
    assert_eq!(full.uploads, full_counts.uploads);
    assert_eq!(logs.log_items, log_counts.log_items);
    let mut ours = pool.get().expect("a connection");
    let mw_pool = mediawiki_pool();
    let mut mw = mw_pool.get().expect("a fixture connection");
    let counts = table_counts(&mut ours);
    assert_eq!(counts["page"] as u64, full_counts.pages);
    assert_eq!(counts["revision"] as u64, full_counts.revisions);
    assert_eq!(counts["logging"] as u64, log_counts.log_items);
    let main_slots = main_contents(&mut ours);
    assert_eq!(main_slots.len() as u64, full_counts.revisions, "one main slot per revision");

    // … which is the README's content minus what MediaWiki leaves out of dumps: archived
    // (deleted) revisions, and the suppression log.
    let readme: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(fixture_file("stats.json")).expect("stats.json"))
            .expect("stats.json parses");
    let stat = |key: &str| readme[key].as_u64().unwrap_or_else(|| panic!("stats.json has {key}"));
    assert_eq!(full_counts.pages, stat("pages"));
    assert_eq!(full_counts.revisions, stat("revisions"), "live revisions; the archived ones are not dumped");
    let suppressed: u64 = readme["log_entries_by_type_action"]
        .as_object()
        .expect("log entries by type")
        .iter()
        .filter(|(k, _)| k.starts_with("suppress/"))
        .map(|(_, v)| v.as_u64().unwrap_or(0))
        .sum();
    assert_eq!(log_counts.log_items, stat("log_entries") - suppressed, "the suppression log is not dumped");

    // Page rows.
    let our_pages: BTreeMap<i64, PageRowTuple> = page_rows(&mut ours).into_iter().map(|p| (p.0, p)).collect();
    let mw_pages: BTreeMap<i64, PageRowTuple> = page_rows(&mut mw).into_iter().map(|p| (p.0, p)).collect();
    assert_eq!(our_pages.keys().collect::<Vec<_>>(), mw_pages.keys().collect::<Vec<_>>(), "page ids");
    let mut page_is_new_differs = Vec::new();
    for (id, p) in &our_pages {
        let m = &mw_pages[id];
        assert_eq!((p.1, &p.2), (m.1, &m.2), "title of page {id}");
        assert_eq!(p.3, m.3, "page_is_redirect of {}", p.2);
        assert_eq!((p.8, p.9), (m.8, m.9), "page_latest and page_len of {}", p.2);
        assert_eq!(p.10, m.10, "page_content_model of {}", p.2);
        assert_eq!(p.11, None, "page_lang");
        assert!((0.0..1.0).contains(&p.5), "page_random");
        if p.4 != m.4 {
            page_is_new_differs.push(p.2.clone());
        }
    }
    page_is_new_differs.sort();
    eprintln!("page_is_new differs (deleted/restored or merged history, not in a dump): {page_is_new_differs:?}");
    assert_eq!(page_is_new_differs, ["Merge_source", "Merge_target", "Moss", "Rice"]);

    // Revision rows, with summaries and authors; hidden fields cannot come from a dump.
    let our_revs = revisions(&mut ours);
    let mw_revs = revisions(&mut mw);
    let diffs = differences("revision", &our_revs, &mw_revs, |_, ours, theirs| {
        let hidden = theirs.4;
        let same_except_hidden = ours.0 == theirs.0
            && ours.1 == theirs.1
            && ours.2 == theirs.2
            && ours.3 == theirs.3
            && ours.5 == theirs.5
            && ours.6 == theirs.6
            && ours.7 == theirs.7
            && ours.4 == hidden & 7
            && (hidden & 2 != 0 || ours.8 == theirs.8)
            && (hidden & 4 != 0 || ours.9 == theirs.9);
        same_except_hidden && (hidden & 2 == 0 || ours.8.is_empty()) && (hidden & 4 == 0 || ours.9 == "Unknown user")
    });
    assert!(diffs.is_empty(), "revisions differ from MediaWiki's:\n{}", diffs.join("\n"));
    assert_eq!(our_revs.len(), mw_revs.len());
    let mw_contents = main_contents(&mut mw);
    let diffs = differences("main slot", &main_slots, &mw_contents, |_, _, _| false);
    assert!(diffs.is_empty(), "content rows differ:\n{}", diffs.join("\n"));

    // Link tables.
    let (report, clean) = compare_links(&mut ours, &mut mw);
    eprintln!("[{}] link tables compared with MediaWiki's:\n{report}", url.backend());
    assert!(clean, "the imported link tables differ from MediaWiki's:\n{report}");

    // Categories: our counts are those of our categorylinks.
    let cats: Vec<(String, i64, i64, i64)> = with_conn!(&mut ours, |c| category::table
        .select((category::cat_title, category::cat_pages, category::cat_subcats, category::cat_files))
        .load(c))
    .expect("category rows");
    let mw_cats: Vec<(String, i64, i64, i64)> = with_conn!(&mut mw, |c| category::table
        .select((category::cat_title, category::cat_pages, category::cat_subcats, category::cat_files))
        .load(c))
    .expect("fixture category rows");
    let links = link_rows(&mut ours);
    for (title, pages, subcats, files) in &cats {
        let members: Vec<&String> =
            links["categorylinks"].values().flatten().filter(|r| identity(r) == title).collect();
        assert_eq!(*pages, members.len() as i64, "cat_pages of {title}");
        assert_eq!(
            *subcats,
            members.iter().filter(|r| r.ends_with("|subcat")).count() as i64,
            "cat_subcats of {title}"
        );
        assert_eq!(*files, members.iter().filter(|r| r.ends_with("|file")).count() as i64, "cat_files of {title}");
    }
    let ours_cat: BTreeSet<_> = cats.iter().cloned().collect();
    let theirs_cat: BTreeSet<_> = mw_cats.iter().cloned().collect();
    eprintln!(
        "category rows: {} ours, {} MediaWiki's, {} equal; ours only {:?}; MediaWiki's only {:?}",
        ours_cat.len(),
        theirs_cat.len(),
        ours_cat.intersection(&theirs_cat).count(),
        ours_cat.difference(&theirs_cat).collect::<Vec<_>>(),
        theirs_cat.difference(&ours_cat).collect::<Vec<_>>()
    );

    // Uploads.
    let our_files = files(&mut ours);
    let mw_files = files(&mut mw);
    assert_eq!(our_files.len() as u64, full_counts.uploads);
    let diffs = differences("file", &our_files, &mw_files, |_, _, _| false);
    assert!(diffs.is_empty(), "file versions differ:\n{}", diffs.join("\n"));

    // Log entries; log_page is looked up by title as the dump does not carry it.
    let our_logs = log_entries(&mut ours);
    let mw_logs = log_entries(&mut mw);
    let (mut same_page, mut other_page, mut lost_page, mut found_page) = (0, 0, 0, 0);
    for (id, l) in &our_logs {
        let m = &mw_logs[id];
        match (l.6, m.6) {
            (a, b) if a == b => same_page += 1,
            (Some(0), _) => lost_page += 1,
            (_, Some(0)) => found_page += 1,
            _ => other_page += 1,
        }
    }
    eprintln!(
        "log_page of {} log entries: {same_page} equal to MediaWiki's; {other_page} name another page (the title \
         moved or was deleted and recreated since); {lost_page} are 0 where MediaWiki has a page (deleted or moved \
         away since); {found_page} name a page where MediaWiki has 0",
        our_logs.len()
    );
    let diffs = differences("log entry", &our_logs, &mw_logs, |_, ours, theirs| {
        let hidden = theirs.8;
        ours.1 == theirs.1
            && ours.2 == theirs.2
            && ours.3 == theirs.3
            && ours.8 == hidden & 7
            && (hidden & 1 != 0 || (ours.4 == theirs.4 && ours.5 == theirs.5 && ours.7 == theirs.7))
            && (hidden & 2 != 0 || ours.9 == theirs.9)
            && (hidden & 4 != 0 || ours.10 == theirs.10)
    });
    assert!(diffs.is_empty(), "log entries differ:\n{}", diffs.join("\n"));
    let derivable = ["associated_rev_id", "Tag", "rev_id", "log_id", "target_author_actor"];
    let our_search = log_search_rows(&mut ours, &derivable);
    let dumped: HashSet<i64> = our_logs.keys().copied().collect();
    let mw_search: BTreeSet<_> =
        log_search_rows(&mut mw, &derivable).into_iter().filter(|(_, _, id)| dumped.contains(id)).collect();
    let extra: Vec<_> = our_search.difference(&mw_search).collect();
    let missing: Vec<_> = mw_search.difference(&our_search).collect();
    eprintln!(
        "log_search ({}): {} ours, {} MediaWiki's for dumped entries; MediaWiki's we lack: {missing:?}",
        derivable.join(", "),
        our_search.len(),
        mw_search.len()
    );
    assert!(extra.is_empty(), "log_search rows MediaWiki does not have: {extra:?}");
    // Authors of revisions whose user the dump hides cannot be known.
    assert!(missing.iter().all(|(field, _, _)| field == "target_author_actor"), "log_search rows missing: {missing:?}");

    // Users and actors: dump ids and names, a subset of MediaWiki's.
    let users: Vec<(i64, String)> =
        with_conn!(&mut ours, |c| user::table.select((user::user_id, user::user_name)).load(c)).expect("users");
    let mw_users: Vec<(i64, String)> =
        with_conn!(&mut mw, |c| user::table.select((user::user_id, user::user_name)).load(c)).expect("fixture users");
    let mw_users: BTreeSet<_> = mw_users.into_iter().collect();
    assert!(!users.is_empty());
    for u in &users {
        assert!(mw_users.contains(u), "user {u:?} is not MediaWiki's");
    }
    let names: Vec<String> = with_conn!(&mut ours, |c| actor::table.select(actor::actor_name).load(c)).expect("actors");
    let mw_names: BTreeSet<String> = with_conn!(&mut mw, |c| actor::table.select(actor::actor_name).load(c))
        .expect("fixture actors")
        .into_iter()
        .collect();
    for name in &names {
        assert!(mw_names.contains(name) || name == "Unknown user", "actor {name:?} is not MediaWiki's");
    }

    // Site statistics and the site record.
    let stats: Stats = with_conn!(&mut ours, |c| site_stats::table
        .select((
            site_stats::ss_total_edits,
            site_stats::ss_good_articles,
            site_stats::ss_total_pages,
            site_stats::ss_users,
            site_stats::ss_images
        ))
        .first(c))
    .expect("site_stats");
    assert_eq!(stats.0, Some(full_counts.revisions as i64));
    assert_eq!(stats.2, Some(full_counts.pages as i64));
    assert_eq!(stats.3, Some(users.len() as i64));
    assert_eq!(stats.4, Some(5));
    let mw_good: Option<i64> = with_conn!(&mut mw, |c| site_stats::table.select(site_stats::ss_good_articles).first(c))
        .expect("fixture stats");
    // MediaWiki's "link" method: content pages that are no redirect and link somewhere. Pages
    // whose only links come from templates are not counted here.
    let linking: BTreeSet<i64> = links["pagelinks"].keys().copied().collect();
    let articles = our_pages.values().filter(|p| p.1 == 0 && p.3 == 0 && linking.contains(&p.0)).count() as i64;
    eprintln!("ss_good_articles: ours {:?}, MediaWiki {:?}", stats.1, mw_good);
    assert_eq!(stats.1, Some(articles));
    assert!(stats.1 <= mw_good && stats.1 > Some(0));
    let site = Site::load(&mut ours, "Ignored").expect("the stored site");
    assert_eq!(site.sitename, "Fixture Wiki");
    assert_eq!(site.dbname.as_deref(), Some("fixturewiki"));
    assert_eq!(site.server.as_deref(), Some("http://127.0.0.1:8081"));
    assert_eq!(site.namespaces().lookup("Fixture_Wiki_talk"), Some(5));
    assert!(site.interwikis().is_language("de"));
    assert!(!site.interwikis().is_language("wikipedia"));
    assert_eq!(full_text(4, "About", site.namespaces()), "Fixture Wiki:About");

    // Importing the same dumps again changes nothing.
    let pages_before = page_rows(&mut ours);
    let links_before = link_rows(&mut ours);
    drop(ours);
    let (again_full, again_logs) = import_both(&pool, 25);
    let mut ours = pool.get().expect("a connection");
    assert_eq!(table_counts(&mut ours), counts, "row counts after re-importing");
    assert_eq!(page_rows(&mut ours), pages_before, "page rows after re-importing");
    assert_eq!(link_rows(&mut ours), links_before, "link rows after re-importing");
    assert_eq!((again_full.revisions, again_full.revisions_skipped), (0, full_counts.revisions));
    assert_eq!((again_logs.log_items, again_logs.log_items_skipped), (0, log_counts.log_items));
    assert_eq!(again_full.links_added.total() + again_full.links_removed.total(), 0);
    assert_eq!(again_full.pages_created, 0);
}

#[test]
fn sqlite_import_matches_mediawiki() {
    let dir = TempDir::new("sqlite");
    check_fixture_import(&sqlite_url(&dir.path("wiki.sqlite")));
}

#[cfg(feature = "postgres")]
#[test]
fn postgres_import_matches_mediawiki() {
    let db = ServerDb::create("WIKIQUERY_TEST_POSTGRES", "postgres://postgres@127.0.0.1:5432/test");
    check_fixture_import(&db.url);
}

#[cfg(feature = "mysql")]
#[test]
fn mysql_import_matches_mediawiki() {
    let db = ServerDb::create("WIKIQUERY_TEST_MYSQL", "mysql://root@127.0.0.1:3306/test");
    check_fixture_import(&db.url);
}
