//! Checks shared by every backend.

use diesel::prelude::*;
use wikiquery_store::backend::{AnyConnection, StoreError};
use wikiquery_store::schema;
use wikiquery_store::with_conn;

use super::catalogue::{column_names, indexes, primary_key};
use super::tables::{copy_all, dump, mediawiki_tables};

/// Inserts one actor, page and log event through schema.rs, reads them back (also through
/// joins), and removes them again.
pub(super) fn round_trip(conn: &mut AnyConnection) -> QueryResult<()> {
    use schema::{actor, logging, page};
    let title = "Ünïcödé_☃_\"quoted\"_'apostrophe'";
    // PostgreSQL TEXT cannot hold NUL bytes (MediaWiki's PostgreSQL schema has the same limit).
    let params = "a:2:{s:8:\"4::target\";s:3:\"Cat\";s:5:\"chars\";s:6:\"\t\n\\%_'\";}";
    let random = 0.123_456_789_012_345_6_f64;
    let big_len = 12_345_678_901_i64; // above 2^32: needs 64 bits everywhere
    with_conn!(conn, |c| {
        diesel::insert_into(actor::table)
            .values((actor::actor_user.eq(Some(77_i64)), actor::actor_name.eq("Round Trip")))
            .execute(c)?;
        let actor_id: i64 = actor::table.filter(actor::actor_name.eq("Round Trip")).select(actor::actor_id).first(c)?;
        diesel::insert_into(page::table)
            .values((
                page::page_namespace.eq(2),
                page::page_title.eq(title),
                page::page_is_redirect.eq(1),
                page::page_is_new.eq(0),
                page::page_random.eq(random),
                page::page_touched.eq("20240102030405"),
                page::page_links_updated.eq(None::<String>),
                page::page_latest.eq(4_000_000_000_i64),
                page::page_len.eq(big_len),
                page::page_content_model.eq(Some("wikitext")),
                page::page_lang.eq(None::<String>),
            ))
            .execute(c)?;
        let page_id: i64 = page::table
            .filter(page::page_namespace.eq(2).and(page::page_title.eq(title)))
            .select(page::page_id)
            .first(c)?;
        diesel::insert_into(logging::table)
            .values((
                logging::log_type.eq("move"),
                logging::log_action.eq("move"),
                logging::log_timestamp.eq("20240102030406"),
                logging::log_actor.eq(actor_id),
                logging::log_namespace.eq(2),
                logging::log_title.eq(title),
                logging::log_page.eq(Some(page_id)),
                logging::log_comment_id.eq(5_i64),
                logging::log_params.eq(params),
                logging::log_deleted.eq(6),
            ))
            .execute(c)?;

        let got_actor: (i64, Option<i64>, String) = actor::table
            .filter(actor::actor_id.eq(actor_id))
            .select((actor::actor_id, actor::actor_user, actor::actor_name))
            .first(c)?;
        assert_eq!(got_actor, (actor_id, Some(77), "Round Trip".to_string()));

        type PageRow =
            (i64, i32, String, i32, i32, f64, String, Option<String>, i64, i64, Option<String>, Option<String>);
        let got_page: PageRow = page::table.filter(page::page_id.eq(page_id)).first(c)?;
        let expected_page: PageRow = (
            page_id,
            2,
            title.to_string(),
            1,
            0,
            random,
            "20240102030405".to_string(),
            None,
            4_000_000_000,
            big_len,
            Some("wikitext".to_string()),
            None,
        );
        assert_eq!(got_page, expected_page);

        type LogRow = (i64, String, String, String, i64, i32, String, Option<i64>, i64, String, i32);
        let got_log: LogRow = logging::table.filter(logging::log_actor.eq(actor_id)).first(c)?;
        assert_eq!(
            (
                got_log.1.as_str(),
                got_log.3.as_str(),
                got_log.4,
                got_log.6.as_str(),
                got_log.7,
                got_log.9.as_str(),
                got_log.10
            ),
            ("move", "20240102030406", actor_id, title, Some(page_id), params, 6)
        );

        // The joinable! declarations work on this backend.
        let joined: Vec<(String, String, String)> = logging::table
            .inner_join(actor::table)
            .inner_join(page::table)
            .filter(logging::log_id.eq(got_log.0))
            .select((logging::log_type, actor::actor_name, page::page_title))
            .load(c)?;
        assert_eq!(joined, vec![("move".to_string(), "Round Trip".to_string(), title.to_string())]);

        diesel::delete(logging::table.filter(logging::log_id.eq(got_log.0))).execute(c)?;
        diesel::delete(page::table.filter(page::page_id.eq(page_id))).execute(c)?;
        diesel::delete(actor::table.filter(actor::actor_id.eq(actor_id))).execute(c)?;
        Ok(())
    })
}

/// The keys and indexes of wikiquery's schema are MediaWiki's (as found in the fixture
/// database MediaWiki itself created), and the columns are schema.rs's.
pub(super) fn assert_same_keys_as_mediawiki(ours: &mut AnyConnection, mediawiki: &mut AnyConnection) {
    let mut compared = 0;
    for (table, columns) in mediawiki_tables() {
        let mut expected: Vec<String> = columns.iter().map(|c| c.to_string()).collect();
        expected.sort();
        assert_eq!(column_names(ours, table), expected, "columns of {table} ({})", ours.backend());
        assert_eq!(
            primary_key(ours, table),
            primary_key(mediawiki, table),
            "primary key of {table} ({})",
            ours.backend()
        );
        let ours_indexes = indexes(ours, table);
        assert_eq!(ours_indexes, indexes(mediawiki, table), "indexes of {table} ({})", ours.backend());
        compared += ours_indexes.len();
    }
    assert_eq!(compared, 107, "secondary indexes of the 44 MediaWiki tables");
    // schema.rs's Nullable matches MediaWiki's NULL/NOT NULL, and our DDL's types match schema.rs.
    for_each_mediawiki_table!(check_column_types, &mut *mediawiki, false);
    for_each_mediawiki_table!(check_column_types, &mut *ours, true);
    // The keys paging relies on, spelled out.
    let logging = indexes(ours, "logging");
    let by_columns =
        |cols: &[&str]| logging.values().any(|(_, c)| c.iter().map(String::as_str).eq(cols.iter().copied()));
    for cols in [
        &["log_timestamp"][..],
        &["log_type", "log_timestamp"],
        &["log_actor", "log_timestamp"],
        &["log_namespace", "log_title", "log_timestamp"],
        &["log_page", "log_timestamp"],
        &["log_type", "log_action", "log_timestamp"],
    ] {
        assert!(by_columns(cols), "logging has no index on {cols:?} ({})", ours.backend());
    }
    assert_eq!(primary_key(ours, "log_search"), ["ls_field", "ls_value", "ls_log_id"]);
    assert_eq!(
        indexes(ours, "page").get("page_name_title"),
        Some(&(true, vec!["page_namespace".into(), "page_title".into()]))
    );
    let mut marker = column_names(ours, "wikiquery_schema");
    marker.sort();
    assert_eq!(marker, vec!["applied_at".to_string(), "version".to_string()]);
}

/// Row counts of joins along schema.rs's `joinable!` keys.
fn join_counts(conn: &mut AnyConnection) -> QueryResult<(i64, i64, i64, i64, i64)> {
    use schema::{
        actor, change_tag, change_tag_def, comment, content, content_models, log_search, logging, page, revision, slots,
    };
    with_conn!(conn, |c| {
        let logs = logging::table.inner_join(actor::table).inner_join(comment::table).count().get_result::<i64>(c)?;
        let revisions = revision::table.inner_join(page::table).count().get_result::<i64>(c)?;
        let slots =
            slots::table.inner_join(content::table.inner_join(content_models::table)).count().get_result::<i64>(c)?;
        let tags = change_tag::table.inner_join(change_tag_def::table).count().get_result::<i64>(c)?;
        let searches = log_search::table.inner_join(logging::table).count().get_result::<i64>(c)?;
        Ok((logs, revisions, slots, tags, searches))
    })
}

/// The join counts of the fixture content (computed with sqlite3).
pub(super) fn assert_fixture_joins(conn: &mut AnyConnection) {
    let counts = join_counts(conn).expect("join queries");
    assert_eq!(counts, (263, 307, 312, 52, 245), "join counts on {}", conn.backend());
}

/// The fixture's content copied through schema.rs reads back identically, in the same
/// (primary key) order, which also shows that text sorts bytewise on this backend.
pub(super) fn assert_fixture_copies(fixture: &mut AnyConnection, target: &mut AnyConnection) {
    let source = dump(fixture);
    copy_all(fixture, target);
    let copied = dump(target);
    for (table, rows) in &source {
        assert_eq!(copied.get(table), Some(rows), "content of {table} after copying to {}", target.backend());
    }
    assert_fixture_joins(target);
}

pub(super) fn expect_read_only(result: Result<usize, StoreError>) {
    match result {
        Err(StoreError::ReadOnly { .. }) => {}
        other => panic!("expected a read-only violation, got {other:?}"),
    }
}

pub(super) fn insert_page(conn: &mut AnyConnection) -> Result<usize, StoreError> {
    use schema::page::dsl::*;
    with_conn!(conn, |c| diesel::insert_into(page)
        .values((
            page_namespace.eq(0),
            page_title.eq("Must_not_be_written"),
            page_random.eq(0.5),
            page_touched.eq("20240101000000"),
            page_latest.eq(1_i64),
            page_len.eq(1_i64),
        ))
        .execute(c))
    .map_err(StoreError::from)
}

/// A reader in a snapshot sees the database as at its first read: a page another connection
/// adds meanwhile shows only once the snapshot ends. Lists of values hold any number of them,
/// none included (an empty list matches nothing).
pub(super) fn assert_snapshot_holds(pool: &wikiquery_store::backend::Pool) {
    use wikiquery_store::reader::Reader;
    let title = [(0, "Must_not_be_written".to_owned())];
    let mut reader = Reader::new(pool.get().expect("reader"));
    let mut writer = pool.get().expect("writer");
    assert!(reader.pages_by_ids(&[]).expect("no ids").is_empty());
    assert!(reader.pages_by_titles(&[]).expect("no titles").is_empty());

    reader.begin_snapshot().expect("begin");
    assert!(reader.pages_by_titles(&title).expect("before").is_empty());
    insert_page(&mut writer).expect("a page added meanwhile");
    assert!(reader.pages_by_titles(&title).expect("in the snapshot").is_empty(), "the snapshot saw a later write");
    reader.end_snapshot().expect("end");
    let added = reader.pages_by_titles(&title).expect("after");
    assert_eq!(added.len(), 1, "the page shows once the snapshot ended");

    let mut ids: Vec<i64> = (1..=2500).collect();
    ids.push(added[0].id);
    let found = reader.pages_by_ids(&ids).expect("a long list");
    assert!(found.iter().any(|p| p.id == added[0].id));

    use schema::page;
    with_conn!(&mut writer, |c| diesel::delete(page::table.filter(page::page_title.eq("Must_not_be_written")))
        .execute(c))
    .expect("removing the page again");
}

/// The full-text index, rebuilt from the fixture's pages, finds what a reader expects: words
/// through their stems, phrases in order, exclusions, titles, and title matches first.
pub(super) fn assert_search_finds(conn: &mut AnyConnection) {
    use std::collections::BTreeSet;
    use wikiquery_domain::search::SearchQuery;
    use wikiquery_store::queries::search::{rebuild_search_index, SearchFilter, SearchIndex};
    use wikiquery_store::reader::Reader;

    let indexed = rebuild_search_index(conn, 50, &mut |_, _| {}).expect("indexing");
    assert!(indexed > 150, "{indexed} pages indexed");
    let mut reader = Reader::new(&mut *conn);
    let mut find = |text: &str, title_only: bool| -> Vec<String> {
        let filter = SearchFilter {
            query: SearchQuery::parse(text),
            title_only,
            namespaces: vec![0],
            limit: 500,
            ..SearchFilter::default()
        };
        let found = reader.search(&filter).expect("searching").expect("an index");
        assert_eq!(found.index, SearchIndex::Ours);
        assert_eq!(found.total, found.hits.len() as i64, "{text}");
        found.hits.into_iter().map(|h| h.title).collect()
    };
    let set = |v: Vec<String>| v.into_iter().collect::<BTreeSet<String>>();
    let animals = set(find("animal", false));
    assert!(animals.contains("Cat") && animals.contains("Dog") && !animals.contains("Apple"), "{animals:?}");
    let cats: BTreeSet<String> = ["Cat", "Cat_description", "Fr_cat"].iter().map(|s| (*s).to_owned()).collect();
    assert_eq!(set(find("intitle:cat", false)), cats);
    assert_eq!(set(find("cat", true)), cats);
    assert_eq!(set(find("cat", false).into_iter().take(3).collect()), cats, "title matches first");
    assert!(!find("\"colon-less cat link\"", false).is_empty());
    assert!(find("\"link cat colon-less\"", false).is_empty());
    let both = set(find("link animal", false));
    let without = set(find("link -animal", false));
    assert!(!both.is_empty() && !without.is_empty() && both.is_disjoint(&without));
    assert_eq!(set(find("link", false)), both.union(&without).cloned().collect());
    assert!(set(find("anim*", false)).is_superset(&animals));
}

/// wikiquery's search index kept beside the tables of the MediaWiki database at `url` (as
/// `wikiquery reindex` keeps it): added once by a connection that may write, filled from the
/// pages, then searched through the read-only pool that serves the database — MediaWiki's own
/// tables left exactly as they were.
pub(super) fn assert_side_index_beside_mediawiki(url: &wikiquery_store::backend::DbUrl) {
    use wikiquery_domain::search::SearchQuery;
    use wikiquery_store::backend::{add_search_side_table, table_names, DatabaseKind, Pool, SEARCH_INDEX_TABLE};
    use wikiquery_store::queries::search::{SearchFilter, SearchIndex};
    use wikiquery_store::reader::Reader;

    let pool = Pool::connect(url, super::support::options()).expect("opening the MediaWiki database");
    assert_eq!(pool.kind(), DatabaseKind::MediaWiki);
    assert!(pool.is_read_only());
    let before = {
        let mut conn = pool.get().expect("connection");
        assert_ne!(Reader::new(&mut *conn).search_index().expect("index"), SearchIndex::Ours);
        (dump(&mut conn), table_names(&mut conn).expect("tables"))
    };

    let mut writer = AnyConnection::establish(url).expect("a connection that may write");
    assert!(add_search_side_table(&mut writer).expect("adding the index"), "the index was made");
    assert!(!add_search_side_table(&mut writer).expect("adding it again"), "the index is made once");
    assert_search_finds(&mut writer);
    drop(writer);

    let mut conn = pool.get().expect("connection");
    let filter =
        SearchFilter { query: SearchQuery::parse("animal"), namespaces: vec![0], limit: 50, ..SearchFilter::default() };
    let found = Reader::new(&mut *conn).search(&filter).expect("searching").expect("an index");
    assert_eq!(found.index, SearchIndex::Ours);
    assert!(found.hits.iter().any(|h| h.title == "Cat"), "through its stem, `animal` finds the Cat page");
    assert_eq!(dump(&mut conn), before.0, "MediaWiki's tables changed");
    let added: Vec<String> =
        table_names(&mut conn).expect("tables").into_iter().filter(|t| !before.1.contains(t)).collect();
    assert!(
        added.iter().all(|t| t.starts_with(SEARCH_INDEX_TABLE)) && added.iter().any(|t| t == SEARCH_INDEX_TABLE),
        "tables added: {added:?}"
    );
}
