use std::collections::HashMap;

use super::*;
use crate::title::SiteNamespaces;

fn site<'a>(namespaces: &'a SiteNamespaces, urls: &'a HashMap<String, String>) -> DisplaySite<'a> {
    DisplaySite {
        namespaces,
        interwiki_urls: urls,
        lang: "en",
        site_name: "Test Wiki",
        may_read_suppression_log: false,
    }
}

fn line<'a>(log_type: &'a str, action: &'a str, params: &'a str, ns: i32, dbkey: &'a str) -> LogLine<'a> {
    LogLine {
        log_type,
        action,
        params,
        ns,
        dbkey,
        performer_id: 1,
        performer_name: "Admin",
        deleted: 0,
        timestamp: "20261121233230",
    }
}

/// Both passes: what the entry needs, answered from `known`.
fn written(entry: &LogLine<'_>, known: &Known) -> (Needed, String) {
    let namespaces = SiteNamespaces::english("Test Wiki");
    let urls = HashMap::new();
    let site = site(&namespaces, &urls);
    let mut needed = Needed::default();
    links_needed(entry, &site, &mut needed);
    (needed, format(entry, &site, known))
}

#[test]
fn a_move_links_its_source_without_following_it_and_asks_for_both_pages() {
    let mut known = Known::default();
    known.links.pages.insert((0, "Old".into()), true);
    known.links.pages.insert((0, "New".into()), false);
    known.links.pages.insert((2, "Admin".into()), false);
    let entry = line("move", "move", r#"a:2:{s:9:"4::target";s:3:"New";s:10:"5::noredir";s:1:"0";}"#, 0, "Old");
    let (needed, html) = written(&entry, &known);
    assert_eq!(needed.links.pages, vec![(2, "Admin".to_owned()), (0, "Old".to_owned()), (0, "New".to_owned())]);
    assert!(html.starts_with(
        "<a href=\"/index.php/User:Admin\" class=\"mw-userlink\" title=\"User:Admin\"><bdi>Admin</bdi></a> "
    ));
    assert!(
        html.contains("<a href=\"/index.php?title=Old&amp;redirect=no\" class=\"mw-redirect\" title=\"Old\">Old</a>")
    );
    assert!(html.contains("<a href=\"/index.php/New\" title=\"New\">New</a>"), "{html}");
}

#[test]
fn a_missing_page_with_a_query_keeps_it_before_the_red_link_s_own() {
    let entry = line("move", "move", r#"a:2:{s:9:"4::target";s:3:"New";s:10:"5::noredir";s:1:"1";}"#, 0, "Gone");
    let (_, html) = written(&entry, &Known::default());
    assert!(html.contains(
        "<a href=\"/index.php?title=Gone&amp;redirect=no&amp;action=edit&amp;redlink=1\" class=\"new\" \
         title=\"Gone (page does not exist)\">Gone</a>"
    ));
    assert!(html.contains("class=\"new mw-userlink\""), "{html}");
    assert!(html.contains("leaving no redirect"), "{html}");
}

#[test]
fn hidden_parts_are_hidden_from_every_reader() {
    let mut entry = line("move", "move", "a:0:{}", 0, "Old");
    entry.deleted = DELETED_USER;
    let (needed, html) = written(&entry, &Known::default());
    assert!(html.starts_with("<span class=\"history-deleted\">"), "{html}");
    assert!(!needed.links.pages.contains(&(2, "Admin".to_owned())));
    entry.deleted = DELETED_ACTION | DELETED_USER;
    let (needed, html) = written(&entry, &Known::default());
    assert_eq!(html.matches("history-deleted").count(), 2, "{html}");
    assert!(needed.links.pages.is_empty());
}

#[test]
fn an_address_links_to_its_contributions_and_a_block_names_its_flags_and_length() {
    let mut known = Known::default();
    known.links.pages.insert((2, "Admin".into()), false);
    let entry = line(
        "block",
        "block",
        r#"a:3:{s:11:"5::duration";s:6:"2 days";s:8:"6::flags";s:11:"noautoblock";s:8:"sitewide";b:1;}"#,
        2,
        "192.0.2.010",
    );
    let (needed, html) = written(&entry, &known);
    assert_eq!(needed.user_names, vec!["192.0.2.010".to_owned()]);
    assert!(
        html.contains(
            "<a href=\"/index.php/Special:Contributions/192.0.2.010\" class=\"mw-userlink mw-anonuserlink\" \
         title=\"Special:Contributions/192.0.2.010\"><bdi>192.0.2.10</bdi></a>"
        ),
        "{html}"
    );
    assert!(html.contains("<span class=\"blockExpiry\" title=\"&lrm;2 days\">2 days</span>"), "{html}");
    assert!(html.ends_with("(no automatic blocks)"), "{html}");
}

#[test]
fn a_kind_without_a_formatter_shows_its_action() {
    let mut known = Known::default();
    known.links.pages.insert((2, "Admin".into()), false);
    let (_, html) = written(&line("pagelang", "pagelang", "", 0, "X"), &known);
    assert!(html.ends_with("</a> pagelang"), "{html}");
}

#[test]
fn plain_parameters_are_escaped_once_and_html_ones_not_at_all() {
    let params = [Param::plain("a & b &amp; <c>"), Param::Raw("<b>$1</b>".into())];
    assert_eq!(substitute("$1|$2|$3|$10", &params, false), "a & b &amp; <c>|$2|$3|a & b &amp; <c>0");
    assert_eq!(
        crate::html::escape_keeping_references("a & b &amp; <c> &lrm; &nosuch;"),
        "a &amp; b &amp; &lt;c&gt; &lrm; &amp;nosuch;"
    );
    assert_eq!(substitute("[$2]", &params, true), "[<b>$1</b>]");
}

#[test]
fn a_damaged_entry_is_written_without_asking_for_its_absurd_parameters() {
    let params = r#"a:2:{s:22:"99999999999999::target";s:1:"X";s:9:"4::target";s:3:"New";}"#;
    let (_, html) = written(&line("move", "move", params, 0, "Old"), &Known::default());
    assert!(html.contains("New"), "{html}");
    // Not serialised at all: the legacy lines, written as they are.
    let (_, html) = written(&line("move", "move", "New\n1", 0, "Old"), &Known::default());
    assert!(html.contains(">New</a>"), "{html}");
}
