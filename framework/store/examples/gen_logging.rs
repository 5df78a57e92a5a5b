//! Writes a database with a large log, for benchmarking `list=logevents`.
//!
//! `cargo run --release -p wikiquery-store --example gen_logging -- PATH [ENTRIES]` creates an
//! SQLite database at PATH (or fills the empty database a `postgres://` or `mysql://` URL
//! names, with the store's `postgres`/`mysql` features) with wikiquery's schema (the
//! migrations, so MediaWiki's indexes) and fills it with ENTRIES log entries (default 1,000,000) in a realistic mix: page
//! creations, account creations, patrols, uploads, moves, deletions, protections, blocks,
//! rights changes, tag changes and a few suppressed entries, by 6,000 actors (registered users
//! and IP addresses), with 2,000 distinct comments (some with links and section markers),
//! about 200,000 pages (so that the join on titles finds pages for most entries), revisions
//! recorded in `log_search` and tags on some entries. Timestamps grow by 0 to 59 seconds per
//! entry, so many entries share a second. The content is the same on every run.

use std::time::Instant;

use diesel::prelude::*;
use wikiquery_domain::php::{serialize, PhpKey, PhpValue};
use wikiquery_store::backend::{sync_id_sequences, Backend};
use wikiquery_store::schema::{actor, change_tag, change_tag_def, comment, log_search, logging, page};
use wikiquery_store::store::{OpenOptions, Store};
use wikiquery_store::with_conn;

/// A small deterministic generator (xorshift64*).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n.max(1)
    }
}

const USERS: u64 = 5_000;
const IPS: u64 = 1_000;
const COMMENTS: u64 = 2_000;
const PAGES: u64 = 200_000;
/// Rows per INSERT statement: few enough that the bound values stay under SQLite's limit.
const ROWS_PER_INSERT: usize = 80;
const TAGS: &[&str] = &["mw-new-redirect", "mw-rollback", "visualeditor", "mobile edit", "bot-tag"];

/// Log types with their share of entries, in thousandths.
const MIX: &[(&str, &str, u64)] = &[
    ("create", "create", 450),
    ("newusers", "create", 60),
    ("newusers", "create2", 20),
    ("newusers", "autocreate", 20),
    ("patrol", "patrol", 100),
    ("patrol", "autopatrol", 20),
    ("upload", "upload", 60),
    ("upload", "overwrite", 15),
    ("move", "move", 40),
    ("move", "move_redir", 5),
    ("delete", "delete", 50),
    ("delete", "restore", 5),
    ("delete", "revision", 10),
    ("protect", "protect", 25),
    ("protect", "modify", 5),
    ("protect", "unprotect", 5),
    ("block", "block", 35),
    ("block", "unblock", 10),
    ("rights", "rights", 20),
    ("tag", "update", 10),
    ("contentmodel", "change", 5),
    ("merge", "merge", 3),
    ("import", "upload", 5),
    ("managetags", "create", 1),
    ("renameuser", "renameuser", 2),
    ("suppress", "revision", 5),
    ("suppress", "block", 5),
];

fn s(v: &str) -> PhpValue {
    PhpValue::String(v.to_owned())
}

fn k(v: &str) -> PhpKey {
    PhpKey::Str(v.to_owned())
}

fn list(items: Vec<PhpValue>) -> PhpValue {
    PhpValue::Array(items.into_iter().enumerate().map(|(i, v)| (PhpKey::Int(i as i64), v)).collect())
}

fn page_title(n: u64) -> String {
    format!("Page_{n}")
}

/// One log entry's row and extras.
struct Entry {
    row: (String, String, String, i64, i32, String, Option<i64>, i64, String, i32),
    rev: Option<i64>,
    tag: Option<i64>,
}

fn entry(rng: &mut Rng, id: i64, ts: &str) -> Entry {
    let mut pick = rng.below(1000);
    let mut chosen = MIX[0];
    for m in MIX {
        if pick < m.2 {
            chosen = *m;
            break;
        }
        pick -= m.2;
    }
    let (log_type, action, _) = chosen;
    let actor = 1 + rng.below(USERS + IPS) as i64;
    let page_n = 1 + rng.below(PAGES * 11 / 10);
    let user_n = 1 + rng.below(USERS);
    let (ns, title, log_page): (i32, String, Option<i64>) = match log_type {
        "newusers" | "rights" | "block" | "renameuser" => (2, format!("User_{user_n}"), Some(0)),
        "managetags" => (-1, "Tags".to_owned(), Some(0)),
        "suppress" if action == "block" => (2, format!("User_{user_n}"), Some(0)),
        _ => (0, page_title(page_n), Some(page_n.min(PAGES) as i64)),
    };
    let rev = id * 3;
    let mut with_rev = false;
    let params: Vec<(PhpKey, PhpValue)> = match (log_type, action) {
        ("create", _) | ("import", _) => {
            with_rev = true;
            if log_type == "import" {
                vec![(k("4:number:count"), PhpValue::Int(1 + rng.below(20) as i64))]
            } else {
                Vec::new()
            }
        }
        ("newusers", _) => vec![(k("4::userid"), PhpValue::Int(user_n as i64))],
        ("patrol", _) => vec![
            (k("4::curid"), s(&rev.to_string())),
            (k("5::previd"), s(&(rev - 2).to_string())),
            (k("6::auto"), PhpValue::Int(i64::from(action == "autopatrol"))),
        ],
        ("upload", _) => {
            with_rev = true;
            vec![(k("img_sha1"), s("5atl66j9oprisa7j6p65vndb8r7bbrf")), (k("img_timestamp"), s(ts))]
        }
        ("move", _) => {
            with_rev = true;
            vec![
                (k("4::target"), s(&format!("Moved page {id}"))),
                (k("5::noredir"), s(if rng.below(5) == 0 { "1" } else { "0" })),
            ]
        }
        ("delete", "revision") | ("suppress", "revision") => vec![
            (k("4::type"), s("revision")),
            (k("5::ids"), list(vec![PhpValue::Int(rev - 3)])),
            (k("6::ofield"), PhpValue::Int(0)),
            (k("7::nfield"), PhpValue::Int(if log_type == "suppress" { 15 } else { 2 })),
        ],
        ("delete", "restore") => vec![(
            k(":assoc:count"),
            PhpValue::Array(vec![(k("revisions"), PhpValue::Int(3)), (k("files"), PhpValue::Int(0))]),
        )],
        ("protect", "unprotect") => {
            with_rev = true;
            Vec::new()
        }
        ("protect", _) => {
            with_rev = true;
            vec![
                (k("4::description"), s("\u{200e}[edit=sysop] (indefinite)")),
                (k("5:bool:cascade"), PhpValue::Bool(false)),
                (
                    k("details"),
                    list(vec![PhpValue::Array(vec![
                        (k("type"), s("edit")),
                        (k("level"), s("sysop")),
                        (k("expiry"), s("infinity")),
                        (k("cascade"), PhpValue::Bool(false)),
                    ])]),
                ),
            ]
        }
        ("block", "block") | ("suppress", "block") => vec![
            (k("5::duration"), s(["infinity", "3 days", "1 week", "2 months"][rng.below(4) as usize])),
            (k("6::flags"), s("nocreate,noautoblock")),
            (k("sitewide"), PhpValue::Bool(true)),
        ],
        ("rights", _) => vec![
            (k("4::oldgroups"), list(Vec::new())),
            (k("5::newgroups"), list(vec![s("bot")])),
            (k("oldmetadata"), list(Vec::new())),
            (k("newmetadata"), list(vec![PhpValue::Array(vec![(k("expiry"), PhpValue::Null)])])),
        ],
        ("tag", _) => vec![
            (k("4::revid"), PhpValue::Int(rev)),
            (k("5::logid"), PhpValue::Bool(false)),
            (k("6:list:tagsAdded"), list(vec![s("bot-tag")])),
            (k("7:number:tagsAddedCount"), PhpValue::Int(1)),
            (k("8:list:tagsRemoved"), list(Vec::new())),
            (k("9:number:tagsRemovedCount"), PhpValue::Int(0)),
            (k("initialTags"), list(Vec::new())),
        ],
        ("contentmodel", _) => vec![(k("4::oldmodel"), s("wikitext")), (k("5::newmodel"), s("text"))],
        ("merge", _) => vec![(k("4::dest"), s(&format!("Merge target {id}"))), (k("5::mergepoint"), s(ts))],
        ("managetags", _) => vec![(k("4::tag"), s("bot-tag"))],
        ("renameuser", _) => {
            vec![(k("4::olduser"), s("Old name")), (k("5::newuser"), s("New name")), (k("6::edits"), PhpValue::Int(3))]
        }
        _ => Vec::new(),
    };
    let mut params = params;
    if with_rev {
        params.push((k("associated_rev_id"), PhpValue::Int(rev)));
    }
    let deleted = match rng.below(400) {
        0 => 2,
        1 => 4,
        2 => 12,
        3 => 13,
        _ => 0,
    };
    let comment = 1 + rng.below(COMMENTS) as i64;
    let tag = (rng.below(20) == 0).then(|| 1 + rng.below(TAGS.len() as u64) as i64);
    Entry {
        row: (
            log_type.to_owned(),
            action.to_owned(),
            ts.to_owned(),
            actor,
            ns,
            title,
            log_page,
            comment,
            serialize(&PhpValue::Array(params)),
            deleted,
        ),
        rev: with_rev.then_some(rev),
        tag,
    }
}

/// `YYYYMMDDHHMMSS` of Unix seconds.
fn mw_timestamp(unix: i64) -> String {
    wikiquery_domain::timestamp::Timestamp::from_unix(unix).to_mw()
}

fn main() -> Result<(), String> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(path) = args.first() else {
        return Err("usage: gen_logging PATH [ENTRIES]".to_owned());
    };
    let total: i64 = match args.get(1) {
        Some(n) => n.replace('_', "").parse().map_err(|e| format!("ENTRIES: {e}"))?,
        None => 1_000_000,
    };
    let url = if path.contains("://") || path.starts_with("sqlite:") {
        path.clone()
    } else {
        if std::path::Path::new(path).exists() {
            return Err(format!("{path} exists; remove it first"));
        }
        format!("sqlite:{path}")
    };
    let started = Instant::now();
    let store =
        Store::open(&OpenOptions { primary: url, site_name: "Bench Wiki".to_owned(), ..OpenOptions::default() })
            .map_err(|e| e.to_string())?;
    let mut conn = store.writer().map_err(|e| e.to_string())?;
    if conn.backend() == Backend::Sqlite {
        conn.batch_execute("PRAGMA synchronous = OFF").map_err(|e| e.to_string())?;
    }
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);

    conn.batch_execute("BEGIN").map_err(|e| e.to_string())?;
    let actors: Vec<(Option<i64>, String)> = (1..=USERS)
        .map(|i| (Some(i as i64), format!("User {i}")))
        .chain((1..=IPS).map(|i| (None, format!("10.{}.{}.{}", i / 65536, i / 256 % 256, i % 256))))
        .collect();
    for chunk in actors.chunks(ROWS_PER_INSERT) {
        let rows: Vec<_> = chunk.iter().map(|(u, n)| (actor::actor_user.eq(*u), actor::actor_name.eq(n))).collect();
        with_conn!(&mut conn, |c| diesel::insert_into(actor::table).values(&rows).execute(c))
            .map_err(|e| e.to_string())?;
    }
    let comments: Vec<String> = (1..=COMMENTS)
        .map(|i| match i % 10 {
            0 => format!("/* Section {i} */ edited"),
            1 => format!("Moved [[Page {i}]] to [[Moved page {i}]]"),
            2 => String::new(),
            _ => format!("Routine maintenance number {i}"),
        })
        .collect();
    let rows: Vec<_> = comments
        .iter()
        .enumerate()
        .map(|(i, t)| (comment::comment_hash.eq(i as i32), comment::comment_text.eq(t)))
        .collect();
    for chunk in rows.chunks(ROWS_PER_INSERT) {
        with_conn!(&mut conn, |c| diesel::insert_into(comment::table).values(chunk).execute(c))
            .map_err(|e| e.to_string())?;
    }
    let tag_rows: Vec<_> = TAGS
        .iter()
        .map(|t| {
            (
                change_tag_def::ctd_name.eq(*t),
                change_tag_def::ctd_user_defined.eq(0),
                change_tag_def::ctd_count.eq(0i64),
            )
        })
        .collect();
    with_conn!(&mut conn, |c| diesel::insert_into(change_tag_def::table).values(&tag_rows).execute(c))
        .map_err(|e| e.to_string())?;
    let mut pages = Vec::with_capacity(ROWS_PER_INSERT);
    for n in 1..=PAGES {
        pages.push((
            page::page_namespace.eq(0),
            page::page_title.eq(page_title(n)),
            page::page_is_redirect.eq(i32::from(n % 17 == 0)),
            page::page_random.eq((n % 1000) as f64 / 1000.0),
            page::page_touched.eq("20200101000000"),
            page::page_latest.eq(n as i64),
            page::page_len.eq(100i64),
        ));
        if pages.len() == ROWS_PER_INSERT {
            with_conn!(&mut conn, |c| diesel::insert_into(page::table).values(&pages).execute(c))
                .map_err(|e| e.to_string())?;
            pages.clear();
        }
    }
    if !pages.is_empty() {
        with_conn!(&mut conn, |c| diesel::insert_into(page::table).values(&pages).execute(c))
            .map_err(|e| e.to_string())?;
    }
    conn.batch_execute("COMMIT").map_err(|e| e.to_string())?;

    let mut unix = 1_420_070_400; // 2015-01-01
    let mut id = 0i64;
    while id < total {
        let batch = 2000.min(total - id);
        let mut rows = Vec::with_capacity(batch as usize);
        let mut searches = Vec::new();
        let mut tags = Vec::new();
        for _ in 0..batch {
            id += 1;
            unix += rng.below(60) as i64;
            let e = entry(&mut rng, id, &mw_timestamp(unix));
            let (t, a, ts, act, ns, title, lp, cid, params, deleted) = e.row;
            rows.push((
                logging::log_id.eq(id),
                logging::log_type.eq(t),
                logging::log_action.eq(a),
                logging::log_timestamp.eq(ts),
                logging::log_actor.eq(act),
                logging::log_namespace.eq(ns),
                logging::log_title.eq(title),
                logging::log_page.eq(lp),
                logging::log_comment_id.eq(cid),
                logging::log_params.eq(params),
                logging::log_deleted.eq(deleted),
            ));
            if let Some(rev) = e.rev {
                searches.push((
                    log_search::ls_field.eq("associated_rev_id"),
                    log_search::ls_value.eq(rev.to_string()),
                    log_search::ls_log_id.eq(id),
                ));
            }
            if let Some(tag) = e.tag {
                tags.push((change_tag::ct_log_id.eq(Some(id)), change_tag::ct_tag_id.eq(tag)));
            }
        }
        conn.batch_execute("BEGIN").map_err(|e| e.to_string())?;
        for chunk in rows.chunks(ROWS_PER_INSERT) {
            with_conn!(&mut conn, |c| diesel::insert_into(logging::table).values(chunk).execute(c))
                .map_err(|e| e.to_string())?;
        }
        for chunk in searches.chunks(ROWS_PER_INSERT) {
            with_conn!(&mut conn, |c| diesel::insert_into(log_search::table).values(chunk).execute(c))
                .map_err(|e| e.to_string())?;
        }
        for chunk in tags.chunks(ROWS_PER_INSERT) {
            with_conn!(&mut conn, |c| diesel::insert_into(change_tag::table).values(chunk).execute(c))
                .map_err(|e| e.to_string())?;
        }
        conn.batch_execute("COMMIT").map_err(|e| e.to_string())?;
        if id % 100_000 == 0 {
            eprintln!("{id} entries ({:.1} s)", started.elapsed().as_secs_f64());
        }
    }
    // Rows were written with their ids: the servers' id sequences must move past them.
    sync_id_sequences(&mut conn).map_err(|e| e.to_string())?;
    eprintln!("wrote {total} log entries to {path} in {:.1} s", started.elapsed().as_secs_f64());
    Ok(())
}
