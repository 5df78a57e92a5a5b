//! Answering requests keeps nothing: after the first requests have filled what is filled once
//! (descriptors, the registry, the store's prepared statements), the same requests asked
//! again many times leave the process's resident memory where it was. (Each `action=query`
//! once kept about 600 bytes for ever: the page set's descriptors were built again for every
//! request, and the values computed for them were leaked to give them a `'static` life.)
//!
//! The only test of this binary, so that no other test allocates beside it.

use wikiquery_tests::fixture_api_raw;

/// Resident memory of this process, in KiB.
fn resident_kb() -> u64 {
    wikiquery_server::process::resident_kib(std::process::id()).expect("this process's resident memory")
}

#[test]
fn answering_the_same_requests_again_keeps_no_memory() {
    let requests = [
        "action=query&format=json",
        "action=query&titles=Cat|Dog&prop=info&format=json&formatversion=2",
        "action=query&generator=allpages&gaplimit=5&prop=revisions&format=json",
        "action=query&meta=siteinfo|userinfo&format=json",
        "action=query&list=logevents&lelimit=5&format=json&formatversion=2",
    ];
    let ask = |times: usize| {
        for _ in 0..times {
            for q in requests {
                let res = fixture_api_raw(q, &[]);
                assert_eq!(res.status, 200, "{q}");
            }
        }
    };
    ask(400);
    let before = resident_kb();
    ask(4000);
    let grown = resident_kb().saturating_sub(before);
    // 20,000 requests: at 600 bytes each, a leak would have kept 12 MB.
    assert!(grown < 3 * 1024, "20,000 requests kept {grown} kB");
}
