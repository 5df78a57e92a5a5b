//! Reading rows from either database.

use std::collections::{BTreeMap, BTreeSet, HashMap};

use diesel::prelude::*;
use wikiquery_store::backend::AnyConnection;
use wikiquery_store::schema::*;
use wikiquery_store::with_conn;

macro_rules! count_rows {
    ($conn:expr, $table:ident) => {
        wikiquery_store::with_conn!($conn, |c| $table::table.count().get_result::<i64>(c))
            .expect(concat!("counting ", stringify!($table)))
    };
}

/// Row counts of every table an import writes.
pub(super) fn table_counts(conn: &mut AnyConnection) -> BTreeMap<&'static str, i64> {
    let mut counts = BTreeMap::new();
    macro_rules! add {
        ($($table:ident),*) => { $( counts.insert(stringify!($table), count_rows!(&mut *conn, $table)); )* };
    }
    add!(
        page,
        revision,
        slots,
        slot_roles,
        content,
        content_models,
        text,
        comment,
        actor,
        user,
        logging,
        log_search,
        categorylinks,
        category,
        pagelinks,
        templatelinks,
        linktarget,
        imagelinks,
        externallinks,
        langlinks,
        iwlinks,
        redirect,
        image,
        oldimage,
        site_stats,
        interwiki,
        revision_comment_temp,
        ip_changes
    );
    counts
}

pub(super) type PageRowTuple =
    (i64, i32, String, i32, i32, f64, String, Option<String>, i64, i64, Option<String>, Option<String>);

pub(super) fn page_rows(conn: &mut AnyConnection) -> Vec<PageRowTuple> {
    with_conn!(conn, |c| page::table
        .select((
            page::page_id,
            page::page_namespace,
            page::page_title,
            page::page_is_redirect,
            page::page_is_new,
            page::page_random,
            page::page_touched,
            page::page_links_updated,
            page::page_latest,
            page::page_len,
            page::page_content_model,
            page::page_lang
        ))
        .order(page::page_id)
        .load(c))
    .expect("page rows")
}

/// The link tables as `page id → rows`, each row spelt as text with the columns both
/// databases should agree on. The first `|`-separated field names the link itself.
pub(super) fn link_rows(conn: &mut AnyConnection) -> BTreeMap<&'static str, BTreeMap<i64, BTreeSet<String>>> {
    let mut tables: BTreeMap<&'static str, BTreeMap<i64, BTreeSet<String>>> = BTreeMap::new();
    let mut add = |table: &'static str, from: i64, row: String| {
        tables.entry(table).or_default().entry(from).or_default().insert(row);
    };
    let rows: Vec<(i64, i32, String, i32)> = with_conn!(&mut *conn, |c| pagelinks::table
        .select((pagelinks::pl_from, pagelinks::pl_namespace, pagelinks::pl_title, pagelinks::pl_from_namespace))
        .load(c))
    .expect("pagelinks");
    for (from, ns, title, from_ns) in rows {
        add("pagelinks", from, format!("{ns}:{title}|from_ns={from_ns}"));
    }
    let rows: Vec<(i64, i32, i32, String)> = with_conn!(&mut *conn, |c| templatelinks::table
        .inner_join(linktarget::table)
        .select((
            templatelinks::tl_from,
            templatelinks::tl_from_namespace,
            linktarget::lt_namespace,
            linktarget::lt_title
        ))
        .load(c))
    .expect("templatelinks");
    for (from, from_ns, ns, title) in rows {
        add("templatelinks", from, format!("{ns}:{title}|from_ns={from_ns}"));
    }
    let rows: Vec<(i64, String, String, String, String, String)> = with_conn!(&mut *conn, |c| categorylinks::table
        .select((
            categorylinks::cl_from,
            categorylinks::cl_to,
            categorylinks::cl_sortkey_prefix,
            categorylinks::cl_sortkey,
            categorylinks::cl_collation,
            categorylinks::cl_type
        ))
        .load(c))
    .expect("categorylinks");
    for (from, to, prefix, sortkey, collation, kind) in rows {
        add("categorylinks", from, format!("{to}|prefix={prefix}|sortkey={sortkey:?}|{collation}|{kind}"));
    }
    let rows: Vec<(i64, String, i32)> = with_conn!(&mut *conn, |c| imagelinks::table
        .select((imagelinks::il_from, imagelinks::il_to, imagelinks::il_from_namespace))
        .load(c))
    .expect("imagelinks");
    for (from, to, from_ns) in rows {
        add("imagelinks", from, format!("{to}|from_ns={from_ns}"));
    }
    let rows: Vec<(i64, String, String, String)> = with_conn!(&mut *conn, |c| externallinks::table
        .select((externallinks::el_from, externallinks::el_to, externallinks::el_index, externallinks::el_index_60))
        .load(c))
    .expect("externallinks");
    for (from, to, index, index_60) in rows {
        add("externallinks", from, format!("{to}|{index}|{index_60}"));
    }
    let rows: Vec<(i64, String, String)> = with_conn!(&mut *conn, |c| langlinks::table
        .select((langlinks::ll_from, langlinks::ll_lang, langlinks::ll_title))
        .load(c))
    .expect("langlinks");
    for (from, lang, title) in rows {
        add("langlinks", from, format!("{lang}:{title}"));
    }
    let rows: Vec<(i64, String, String)> = with_conn!(&mut *conn, |c| iwlinks::table
        .select((iwlinks::iwl_from, iwlinks::iwl_prefix, iwlinks::iwl_title))
        .load(c))
    .expect("iwlinks");
    for (from, prefix, title) in rows {
        add("iwlinks", from, format!("{prefix}:{title}"));
    }
    let rows: Vec<(i64, String, String, Option<f64>)> = with_conn!(&mut *conn, |c| page_props::table
        .select((page_props::pp_page, page_props::pp_propname, page_props::pp_value, page_props::pp_sortkey))
        .load(c))
    .expect("page_props");
    for (page, name, value, sortkey) in rows {
        add("page_props", page, format!("{name}|value={value}|sortkey={sortkey:?}"));
    }
    let rows: Vec<RedirectTuple> = with_conn!(&mut *conn, |c| redirect::table
        .select((
            redirect::rd_from,
            redirect::rd_namespace,
            redirect::rd_title,
            redirect::rd_interwiki,
            redirect::rd_fragment
        ))
        .load(c))
    .expect("redirect");
    for (from, ns, title, interwiki, fragment) in rows {
        add(
            "redirect",
            from,
            format!("{ns}:{title}|iw={}|fragment={}", interwiki.unwrap_or_default(), fragment.unwrap_or_default()),
        );
    }
    tables
}

type RedirectTuple = (i64, i32, String, Option<String>, Option<String>);

/// The part of a row that names the link (what template-borne rows are matched on).
pub(super) fn identity(row: &str) -> &str {
    row.split('|').next().unwrap_or(row)
}

/// Latest main-slot text of every page: `(ns, dbkey) → (page id, model, text)`.
pub(super) fn page_texts(conn: &mut AnyConnection) -> HashMap<(i32, String), (i64, String, String)> {
    let rows: Vec<(i64, i32, String, Option<String>, String)> = with_conn!(&mut *conn, |c| page::table
        .inner_join(slots::table.on(slots::slot_revision_id.eq(page::page_latest)))
        .inner_join(slot_roles::table.on(slot_roles::role_id.eq(slots::slot_role_id)))
        .inner_join(content::table.on(content::content_id.eq(slots::slot_content_id)))
        .filter(slot_roles::role_name.eq("main"))
        .select((
            page::page_id,
            page::page_namespace,
            page::page_title,
            page::page_content_model,
            content::content_address
        ))
        .load(c))
    .expect("pages with their content");
    let texts: Vec<(i64, Vec<u8>)> =
        with_conn!(&mut *conn, |c| text::table.select((text::old_id, text::old_text)).load(c)).expect("texts");
    let texts: HashMap<i64, Vec<u8>> = texts.into_iter().collect();
    rows.into_iter()
        .map(|(id, ns, title, model, address)| {
            let old_id: i64 = address.trim_start_matches("tt:").parse().expect("a tt: address");
            let text = String::from_utf8_lossy(texts.get(&old_id).map(Vec::as_slice).unwrap_or_default()).into_owned();
            ((ns, title), (id, model.unwrap_or_else(|| "wikitext".to_owned()), text))
        })
        .collect()
}
