//! The activity listings give the same rows on a copy of the fixture as on the fixture itself:
//! recent changes with every filter (the fixed SQL of the redirect, top-only and slot
//! conditions among them) in both directions and continued, contributions of one and several
//! actors continued in actor order, creation protections and tag definitions.

use wikiquery_store::backend::AnyConnection;
use wikiquery_store::queries::protected_titles::ProtectedTitlesFilter;
use wikiquery_store::queries::recent_changes::RecentChangesFilter;
use wikiquery_store::queries::revisions::contributions::{ContribsContinue, ContribsFilter};
use wikiquery_store::reader::Reader;

/// Asks both databases the same questions; every answer is the same, and the unfiltered ones
/// are not empty.
pub(super) fn assert_same_activity_listings(fixture: &mut AnyConnection, copy: &mut AnyConnection) {
    let base = RecentChangesFilter { limit: 1000, ..RecentChangesFilter::default() };
    let main = Reader::new(&mut *fixture).slot_role_id("main").expect("the main slot");
    let filters = [
        base.clone(),
        RecentChangesFilter { ascending: true, ..base.clone() },
        RecentChangesFilter { redirect: Some(true), ..base.clone() },
        RecentChangesFilter { redirect: Some(false), anon: Some(false), ..base.clone() },
        RecentChangesFilter { top_only: true, minor: Some(false), ..base.clone() },
        RecentChangesFilter { slot: Some(main), types: Some(vec![0, 1]), ..base.clone() },
        RecentChangesFilter { exclude_deleted: vec![4], exclude_deleted_log: Some(1), ..base.clone() },
        RecentChangesFilter { actor: Some(("Alice".to_owned(), false)), ..base.clone() },
        RecentChangesFilter { actor: Some(("Alice".to_owned(), true)), namespaces: Some(vec![0, 2]), ..base.clone() },
        RecentChangesFilter { patrolled: Some(true), autopatrolled: Some(false), ..base.clone() },
    ];
    for filter in &filters {
        let rows = Reader::new(&mut *fixture).recent_changes(filter).expect("the fixture's changes");
        assert_eq!(Reader::new(&mut *copy).recent_changes(filter).expect("the copy's changes"), rows, "{filter:?}");
    }
    let all = Reader::new(&mut *fixture).recent_changes(&base).expect("every change");
    assert!(all.len() > 300);
    let middle = &all[all.len() / 2];
    let continued = RecentChangesFilter { continue_from: Some((middle.timestamp.clone(), middle.id)), ..base.clone() };
    assert_eq!(Reader::new(&mut *copy).recent_changes(&continued).expect("continued"), all[all.len() / 2..]);

    let actors: Vec<i64> = Reader::new(&mut *fixture)
        .actors_named(&["Alice".to_owned(), "Carol".to_owned()], false)
        .expect("actors")
        .into_iter()
        .map(|a| a.0)
        .collect();
    assert_eq!(actors.len(), 2);
    for ascending in [false, true] {
        let filter = ContribsFilter { actors: actors.clone(), ascending, limit: 1000, ..ContribsFilter::default() };
        let rows = Reader::new(&mut *fixture).contributions(&filter).expect("the fixture's contributions");
        assert!(!rows.is_empty());
        assert_eq!(Reader::new(&mut *copy).contributions(&filter).expect("the copy's"), rows);
        let middle = &rows[rows.len() / 2];
        let cont =
            ContribsContinue { actor: Some(middle.actor), timestamp: middle.rev.timestamp.clone(), id: middle.rev.id };
        let filter = ContribsFilter { continue_from: Some(cont), top: Some(false), new: Some(false), ..filter };
        let rest = Reader::new(&mut *fixture).contributions(&filter).expect("continued");
        assert_eq!(Reader::new(&mut *copy).contributions(&filter).expect("continued on the copy"), rest);
    }
    let prefixed = Reader::new(&mut *fixture).actors_with_prefix("C", None, false, 10).expect("by prefix");
    assert_eq!(Reader::new(&mut *copy).actors_with_prefix("C", None, false, 10).expect("by prefix"), prefixed);

    let filter = ProtectedTitlesFilter { limit: 10, ..ProtectedTitlesFilter::default() };
    let titles = Reader::new(&mut *fixture).protected_titles(&filter).expect("protected titles");
    assert!(!titles.is_empty());
    assert_eq!(Reader::new(&mut *copy).protected_titles(&filter).expect("the copy's"), titles);
    let mut tags = Reader::new(&mut *fixture).tag_definitions().expect("tags");
    let mut copied = Reader::new(&mut *copy).tag_definitions().expect("the copy's tags");
    tags.sort();
    copied.sort();
    assert_eq!(copied, tags);
}
