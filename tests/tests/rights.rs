//! What callers may do: the rights an operator grants every caller (`--anonymous-rights`)
//! decide `readapidenied`, the limits of `apihighlimits` and what hidden log entries show.

use serde_json::Value;
use wikiquery_domain::rights::Rights;
use wikiquery_tests::{fixture_api, fixture_api_as};

fn error_code(v: &Value) -> &str {
    v["error"]["code"].as_str().unwrap_or("")
}

#[test]
fn without_read_queries_are_denied_but_the_api_still_describes_itself() {
    let (status, v) = fixture_api_as(&["createaccount"], "action=query&list=allpages&format=json");
    assert_eq!(status, 200);
    assert_eq!(error_code(&v), "readapidenied", "{v}");
    assert!(v.get("query").is_none());
    // Checked before the module's parameters, as MediaWiki does.
    let (_, v) = fixture_api_as(&[], "action=query&list=logevents&lelimit=nonsense&format=json");
    assert_eq!(error_code(&v), "readapidenied", "{v}");
    let (_, v) = fixture_api_as(&[], "action=paraminfo&modules=query&format=json&formatversion=2");
    assert!(v.get("error").is_none(), "{v}");
    assert_eq!(v["paraminfo"]["modules"][0]["name"], "query");
    assert_eq!(v["paraminfo"]["modules"][0]["readrights"], true);
}

#[test]
fn anonymous_callers_read_with_the_ordinary_limits() {
    assert!(Rights::anonymous().has("read"));
    let (_, v) = fixture_api("action=query&list=allpages&aplimit=max&format=json&formatversion=2");
    assert!(v.get("error").is_none(), "{v}");
    assert_eq!(v["limits"]["allpages"], 500);
    let (_, v) =
        fixture_api("action=query&list=allpages&aplimit=600&format=json&formatversion=2&errorformat=plaintext");
    assert_eq!(v["limits"], Value::Null);
    assert_eq!(v["warnings"][0]["code"], "outofrange", "{v}");
}

#[test]
fn apihighlimits_raises_limits_and_value_counts() {
    let high = ["read", "apihighlimits"];
    let (_, v) = fixture_api_as(&high, "action=query&list=logevents&lelimit=max&format=json&formatversion=2");
    assert!(v.get("error").is_none(), "{v}");
    assert_eq!(v["limits"]["logevents"], 5000);
    let (_, v) = fixture_api_as(&high, "action=query&list=allpages&aplimit=600&format=json&formatversion=2");
    assert!(v.get("warnings").is_none(), "{v}");
    assert!(v["query"]["allpages"].as_array().is_some_and(|pages| !pages.is_empty()), "{v}");
    assert!(v.get("continue").is_none(), "every page of the namespace in one batch: {v}");

    // 51 titles: over the ordinary 50, within the 500 of apihighlimits.
    let titles: Vec<String> = (0..51).map(|i| format!("T{i}")).collect();
    let query = format!("action=query&titles={}&format=json&formatversion=2", titles.join("|"));
    let (_, v) = fixture_api(&query);
    assert_eq!(error_code(&v), "toomanyvalues", "{v}");
    let (_, v) = fixture_api_as(&high, &query);
    assert!(v.get("error").is_none(), "{v}");
    assert_eq!(v["query"]["pages"].as_array().map(Vec::len), Some(51));
}

#[test]
fn deletedhistory_reveals_hidden_parts_of_log_entries() {
    let query = "action=query&list=logevents&leprop=ids|comment|user&lelimit=max&format=json&formatversion=2";
    let find = |v: &Value, id: i64| {
        v["query"]["logevents"].as_array().and_then(|a| a.iter().find(|e| e["logid"] == id).cloned()).unwrap()
    };
    let (_, anon) = fixture_api(query);
    assert_eq!(find(&anon, 51)["commenthidden"], true);
    assert!(find(&anon, 51).get("comment").is_none());
    let (_, admin) = fixture_api_as(&["read", "deletedhistory"], query);
    assert_eq!(find(&admin, 51)["commenthidden"], true);
    assert!(find(&admin, 51)["comment"].is_string(), "{}", find(&admin, 51));
}
