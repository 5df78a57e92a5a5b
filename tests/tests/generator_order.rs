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

/// When the modules working on a generator's pages continue and the generator restarts where
/// it began, `continue` holds the generator's own parameter (`grncontinue`, `grccontinue`), as
/// MediaWiki writes it: a client copies it back as it is.
#[test]
fn a_restarting_generator_continues_with_its_own_parameter() {
    for (generator, param) in [("random&grnlimit=3", "grncontinue"), ("recentchanges&grclimit=3", "grccontinue")] {
        let (status, body) = fixture_api(&format!(
            "action=query&generator={generator}&prop=contributors&pclimit=1&format=json&formatversion=2"
        ));
        assert_eq!(status, 200);
        let cont = body["continue"].as_object().unwrap_or_else(|| panic!("{generator}: no continue in {body}"));
        assert!(cont.contains_key("pccontinue"), "{generator}: {body}");
        assert!(cont.contains_key(param), "{generator}: {param} missing from {body}");
        assert!(cont.keys().all(|k| !k.starts_with("gg")), "{generator}: {body}");
        assert!(cont["continue"].as_str().is_some_and(|c| c.starts_with(&format!("{param}||"))), "{body}");
    }
}
