//! The order of a generator's pages (`pages` and `pageids`) against MediaWiki 1.39's answers
//! (`fixtures/oracle/generator-order`): pages a generator read as rows keep its order
//! (category members by sort key or time, back-links by the linking page), and pages given
//! by id come in id order; clients iterate `pages` as they come (mwclient, pywikibot).

use wikiquery_tests::{captures, fixture_api, replay};

#[test]
fn generators_give_pages_in_mediawikis_order() {
    let names = captures("generator-order", |_| true);
    assert!(names.len() >= 20, "{}", names.len());
    let failures = replay("generator-order", &names, &|_, q| fixture_api(q), &|_, _, _| {});
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
