use wikiquery_domain::title::{InterwikiInfo, InterwikiMap, SiteNamespaces, NS_MAIN, NS_TEMPLATE};

use super::*;

fn site() -> SiteNamespaces {
    SiteNamespaces::english("Fixture Wiki")
}

fn interwikis() -> InterwikiMap {
    let mut map = InterwikiMap::new();
    for lang in ["en", "de", "fr", "es", "ja"] {
        map.insert(lang, InterwikiInfo { language: true, local: true, trans: true });
    }
    for prefix in ["wikipedia", "mw", "fixturelocal"] {
        map.insert(prefix, InterwikiInfo { language: false, local: true, trans: false });
    }
    map
}

/// The page title (as the case list writes it) as (namespace, database key).
fn page_of(title: &str, site: &SiteNamespaces) -> (i32, String) {
    let t = parse_title(title, NS_MAIN, site, &|_| false).expect("test page titles are valid");
    (t.ns, t.dbkey)
}

fn missing(_: i32, _: &str) -> bool {
    false
}

fn extract_on(title: &str, text: &str) -> PageLinks {
    let site = site();
    let iw = interwikis();
    let mut ctx = LinkContext::new(&site, &iw, Some(page_of(title, &site)));
    ctx.page_exists = Some(&missing);
    extract(text, &ctx)
}

/// All rows, one string each, sorted: `L ns:key`, `T ns:key`, `C cat|sortkey`, `I file`,
/// `E url`, `LL lang:title`, `IW prefix:key`.
fn flat(links: &PageLinks) -> Vec<String> {
    let mut rows = Vec::new();
    rows.extend(links.links.iter().map(|(ns, k)| format!("L {ns}:{k}")));
    rows.extend(links.templates.iter().map(|(ns, k)| format!("T {ns}:{k}")));
    rows.extend(links.categories.iter().map(|(c, s)| format!("C {c}|{s}")));
    rows.extend(links.images.iter().map(|i| format!("I {i}")));
    rows.extend(links.external.iter().map(|e| format!("E {e}")));
    rows.extend(links.langlinks.iter().map(|(l, t)| format!("LL {l}:{t}")));
    rows.extend(links.iwlinks.iter().map(|(p, t)| format!("IW {p}:{t}")));
    rows.sort();
    rows
}

/// Wikitext and what MediaWiki 1.39 recorded for it (`action=parse` on the fixture wiki,
/// with no page of these names existing; tracking categories left out).
const MEDIAWIKI_ANSWERS: &[(&str, &str, &[&str])] = &[
    (
        "Sandbox",
        "[[Target|label]] [[target#frag]] [[ Spaced  target ]] [[Target]] [[Target_two]]",
        &["L 0:Spaced_target", "L 0:Target", "L 0:Target_two"],
    ),
    (
        "Sandbox",
        "[[:Category:Animals]] [[:File:Example.png]] [[Category:Plants|sort key]] [[Category:Fruits]] [[category:fruits|Later key]]",
        &["C Fruits|Later key", "C Plants|sort key", "L 14:Animals", "L 6:Example.png"],
    ),
    (
        "Sandbox",
        "[[Category:Animals]] {{DEFAULTSORT:Zed}} [[Category:Plants|Own]]",
        &["C Animals|Zed", "C Plants|Own"],
    ),
    (
        "Sandbox",
        "[[Media:Notes.txt]] [[:Media:Other.txt|x]] [[File:Example.png|thumb|A caption with [[Nested link]] and [[Another|one]]]] after [[Linked after]]",
        &["I Example.png", "I Notes.txt", "I Other.txt", "L 0:Another", "L 0:Linked_after", "L 0:Nested_link"],
    ),
    (
        "Sandbox",
        "[[File:Example.png|link=Link target]] [[File:Blue square.png|link=https://example.com/img]] [[File:Diagram.svg|link=]] [[Image:Example.png|link=wikipedia:Foo]]",
        &["E https://example.com/img", "I Blue_square.png", "I Diagram.svg", "I Example.png", "IW wikipedia:Foo", "L 0:Link_target"],
    ),
    (
        "Sandbox",
        "[[en:Foo]] [[de:Bar#Sec]] [[:fr:Baz]] [[wikipedia:Some page]] [[mw:Help:Links]] [[en:Second]] [[Wikipedia:lower case]]",
        &["IW fr:Baz", "IW mw:Help:Links", "IW wikipedia:Some_page", "IW wikipedia:lower_case", "LL de:Bar#Sec", "LL en:Foo"],
    ),
    (
        "Talk:Sandbox",
        "[[en:Foo]] [[wikipedia:Bar]]",
        &["IW en:Foo", "IW wikipedia:Bar"],
    ),
    (
        "Sandbox",
        "{{Tpl one}} {{tpl one|x=1}} {{Template:Tpl two}} {{:Main missing}} {{subst:Tpl three}} {{safesubst:Tpl four}} {{msgnw:Tpl five}} {{PAGENAME}} {{pagename}} {{DEFAULTSORT:x}} {{lc:ABC}} {{#if:a|b}} {{User:Nobody here}} {{Help:Missing help}} {{ns:4}} {{Special:RecentChanges}} {{wikipedia:Foo}} {{int:edit}}",
        &["L 0:Main_missing", "L 10:Pagename", "L 10:Tpl_four", "L 10:Tpl_one", "L 10:Tpl_two", "L 12:Missing_help", "L 2:Nobody_here", "T 0:Main_missing", "T 10:Pagename", "T 10:Tpl_five", "T 10:Tpl_four", "T 10:Tpl_one", "T 10:Tpl_two", "T 12:Missing_help", "T 2:Nobody_here"],
    ),
    (
        "Sandbox",
        "<nowiki>[[NoLink]] {{NoTemplate}} http://no.example.com</nowiki> <pre>[[PreLink]] {{PreTpl}}</pre> <!-- [[Commented]] {{Commented}} --> [[Visible]] <NOWIKI>[[Upper nowiki]]</NOWIKI> <nowiki/>[[After empty nowiki]]",
        &["L 0:After_empty_nowiki", "L 0:Visible"],
    ),
    (
        "Sandbox",
        "<includeonly>[[Included only]]{{IncludedOnly}}</includeonly><noinclude>[[Not included]]</noinclude><onlyinclude>[[Only included]]</onlyinclude>",
        &["L 0:Not_included", "L 0:Only_included"],
    ),
    (
        "Sandbox",
        "Bare http://example.com/path, and (https://example.org/x) and https://example.net/a.b. and ftp://ftp.example.org/f; mailto:someone@example.com and //relative.example.org/x and [//relative2.example.org/y label] [http://bracket.example.com label text] [https://noLabel.example.com]",
        &["E //relative2.example.org/y", "E ftp://ftp.example.org/f", "E http://bracket.example.com", "E http://example.com/path", "E https://example.net/a.b", "E https://example.org/x", "E https://noLabel.example.com", "E mailto:someone@example.com"],
    ),
    (
        "Sandbox",
        "http://example.com/&lt;tag http://example.com/a&amp;b; http://example.com/(paren) http://example.com/x) [http://example.com/<b>bold</b>] news:comp.lang xhttp://no.example.com http:// HTTPS://UPPER.example.com/X",
        &["E HTTPS://UPPER.example.com/X", "E http://example.com/", "E http://example.com/(paren)", "E http://example.com/a&b", "E http://example.com/x", "E news:comp.lang"],
    ),
    (
        "Sandbox",
        "#REDIRECT [[Cat]]",
        &["L 0:Cat"],
    ),
    (
        "Sandbox",
        "#redirect:[[Dog#Section|label]]\n[[Category:Redirects]] [[Other link]]",
        &["C Redirects|", "L 0:Dog", "L 0:Other_link"],
    ),
    (
        "Sandbox",
        "#REDIRECT [[fr:Chat]]",
        &["IW fr:Chat"],
    ),
    (
        "Sandbox",
        "#REDIRECT [[Special:RecentChanges]]",
        &[],
    ),
    (
        "Sandbox",
        "Text first\n#REDIRECT [[Cat]]",
        &["L 0:Cat"],
    ),
    (
        "Sandbox",
        "  #Redirect [[Media:Notes.txt]]",
        &["L 6:Notes.txt"],
    ),
    (
        "User:Alice/Sub",
        "[[/Child]] [[/Child/]] [[../Sibling]] [[../]] [[/Child#sec|x]] {{/Tpl}}",
        &["L 2:Alice", "L 2:Alice/Sibling", "L 2:Alice/Sub/Child", "L 2:Alice/Sub/Tpl", "T 2:Alice/Sub/Tpl"],
    ),
    (
        "Sandbox",
        "[[/Child]] [[../Sibling]]",
        &["L 0:/Child"],
    ),
    (
        "Sandbox",
        "[[Sandbox]] [[sandbox#x]] [[:Sandbox]] [[#Top]]",
        &["L 0:Sandbox"],
    ),
    (
        "Sandbox",
        "[[Foo%20bar]] [[100%]] [[A&amp;B]] [[&eacute;cole]] [[Foo{{!}}Bar]] [[{{PAGENAME}}/x]] [[Talk:{{PAGENAME}}]] [[Bad%FFtitle]]",
        &["L 0:100%", "L 0:A&B", "L 0:Foo", "L 0:Foo_bar", "L 0:Sandbox/x", "L 0:École", "L 1:Sandbox"],
    ),
    (
        "Sandbox",
        "[[Special:RecentChanges]] [[Special:Contributions/Alice]] [[Foo|bar]]baz [[http://example.com]] [[Foo<b>]] [[Foo\nbar]] [[Multi|line\nlabel]]",
        &["E http://example.com", "L 0:Foo", "L 0:Multi"],
    ),
    (
        "Sandbox",
        "<gallery>\nFile:Example.png|Caption with [[Gallery link]]\nBlue square.png\nNotAFile.png|link=Linked page\nTalk:Not a file\n</gallery>",
        &["I Blue_square.png", "I Example.png", "I NotAFile.png", "L 0:Gallery_link", "L 0:Linked_page"],
    ),
    (
        "Sandbox",
        "{{{1|[[Default arg link]]}}} {{{2}}} {{{{{1}}}}} [[User:{{{1}}}]]",
        &["L 0:Default_arg_link"],
    ),
    (
        "Sandbox",
        "[[Category:Cats|]] [[Category:Dogs|multi\nline]] [[Category:Birds|a&amp;b]]",
        &["C Birds|a&b", "C Dogs|multiline"],
    ),
    (
        "Sandbox",
        "[[File:Example.png|thumb|[http://caption.example.com caption link] http://bare.caption.example.com]] [[File:Example.png|[http://inline.example.com x] http://bare.inline.example.com]]",
        &["E http://bare.caption.example.com", "E http://caption.example.com", "E http://inline.example.com", "I Example.png"],
    ),
    (
        "Sandbox",
        "[[wikipedia:]] [[en:]] [[:en:]] [[Image:Example.png]] [[image:foo.png|x]]",
        &["I Example.png", "I Foo.png", "IW en:", "IW wikipedia:", "LL en:"],
    ),
    (
        "Sandbox",
        "<nowiki>unclosed [[Link after unclosed nowiki]] <!-- unclosed comment [[Hidden]]",
        &["L 0:Link_after_unclosed_nowiki"],
    ),
    (
        "Sandbox",
        "[[Cat]]s and [[Dog]]'s http://example.com/ü/path?q=ä#frag [http://example.com/%7Euser/%41] [http://[2001:db8::1]:80/x ipv6]",
        &["E http://[2001:db8::1]:80/x", "E http://example.com/%C3%BC/path?q=%C3%A4#frag", "E http://example.com/~user/A", "L 0:Cat", "L 0:Dog"],
    ),
    (
        "Sandbox",
        "<span title=\"http://in.attribute.example.com\">t</span> <ref>http://ref.example.com</ref> <math>[[Math link]]</math>",
        &["E http://ref.example.com", "L 0:Math_link"],
    ),
    (
        "Sandbox",
        "[[:Talk:Foo]] [[Talk:File:Bad]] [[User talk:Bob]] [[fixturelocal:Local page]] [[mw:]]",
        &["IW fixturelocal:Local_page", "IW mw:", "L 1:Foo", "L 3:Bob"],
    ),
    (
        "Sandbox",
        "{{Missing|[[Arg of missing]]}} [[File:X.png|[[Broken nested]]",
        &["L 0:Broken_nested", "L 10:Missing", "T 10:Missing"],
    ),
    (
        "Sandbox",
        "[[en:Foo]][[en:Bar]] [[de:Baz]]",
        &["LL de:Baz", "LL en:Foo"],
    ),
    (
        "Sandbox",
        "[[Foo|[[Bar]]]] [[File:A.png|thumb|[[Foo2|bar]] text]] [[File:B.png|x [[Baz]] y|thumb]]",
        &["I A.png", "I B.png", "L 0:Bar", "L 0:Baz", "L 0:Foo2"],
    ),
    (
        "Sandbox",
        "[[:Category:X|y]] [[ :Category:Y ]] [[ Category:Z ]] [[Category:W|sort|more]]",
        &["C W|sort|more", "C Z|", "L 14:X", "L 14:Y"],
    ),
    (
        "Sandbox",
        "http://a.example/c?d=e&f=g#h [mailto:a@b.example mail] [news:foo] [irc://x.example y] [ftp://x.example]",
        &["E ftp://x.example", "E http://a.example/c?d=e&f=g#h", "E irc://x.example", "E mailto:a@b.example", "E news:foo"],
    ),
    (
        "Sandbox",
        "<pre>http://in.pre.example</pre> <nowiki>[http://in.nowiki.example]</nowiki>",
        &[],
    ),
    (
        "Sandbox",
        "{{#tag:ref|[[Tag link]]}} {{lc:[[FOO]]}} {{PLURAL:2|[[One]]|[[Two]]}} {{ucfirst:[[lower]]}}",
        &["L 0:Foo", "L 0:Lower", "L 0:Tag_link", "L 0:Two"],
    ),
    (
        "Sandbox",
        "[[Foo]]<nowiki/>bar [[Foo2#]] [[#]] == [[In heading]] == ISBN 1234567890 RFC 1234",
        &["L 0:Foo", "L 0:Foo2", "L 0:In_heading"],
    ),
    (
        "Sandbox",
        "[[:File:Example.png|thumb]] [[Media:Example.png|thumb|[[X]]]] [[File:Ex.png|link=[[Target]]]]",
        &["I Ex.png", "L 0:Target", "L 0:X", "L 6:Example.png"],
    ),
    (
        "Sandbox",
        "http://example.com/foo&nbsp;bar http://example.com/a_(b) http://example.com/x; https://example.com/&amp; http://example.com/q?x=1&amp;y=2.",
        &["E http://example.com/a_(b)", "E http://example.com/foo", "E http://example.com/q?x=1&y=2", "E http://example.com/x", "E https://example.com/&"],
    ),
    (
        "Sandbox",
        "[[File:Example.png|thumb|upright=1.2|alt=[[Alt link]]|Caption http://bare.in.caption.example/]]",
        &["E http://bare.in.caption.example/", "I Example.png", "L 0:Alt_link"],
    ),
    (
        "Sandbox",
        "{{DISPLAYTITLE:[[Not a link]]}} {{DEFAULTSORT:[[Sort link]]}} {{urlencode:[[Enc]]}} {{fullurl:Foo}}",
        &[],
    ),
    (
        "Sandbox",
        "[[wikipedia:Foo#Bar|x]] [[en:Foo bar#Baz]] [[EN:Upper]] [[ja:ネコ]]",
        &["IW wikipedia:Foo", "LL en:Foo bar#Baz", "LL ja:ネコ"],
    ),
    (
        "Sandbox",
        "<span>[[In span]]</span> <div title=\"[[In attribute]]\">x</div> <b>http://bold.example/</b>",
        &["E http://bold.example/", "L 0:In_span"],
    ),
    (
        "Sandbox",
        "[http://a.example/ [[Inner link]] label] [[Outer|[http://b.example/ x]]]",
        &["E http://a.example/", "L 0:Inner_link", "L 0:Outer"],
    ),
    (
        "Sandbox",
        "{{Foo bar|{{Baz}}}} {{ {{Dyn}} }} {{Foo:Bar}} {{Project:Page}} {{User talk:X}}",
        &["L 10:Dyn", "L 10:Foo:Bar", "L 10:Foo_bar", "L 3:X", "L 4:Page", "T 10:Dyn", "T 10:Foo:Bar", "T 10:Foo_bar", "T 3:X", "T 4:Page"],
    ),
];

#[test]
fn links_are_recorded_as_mediawiki_records_them() {
    let mut wrong = Vec::new();
    for (title, text, expected) in MEDIAWIKI_ANSWERS {
        // The answers leave tracking categories out.
        let got: Vec<String> =
            flat(&extract_on(title, text)).into_iter().filter(|row| !row.starts_with("C Pages_with_")).collect();
        let expected: Vec<String> = expected.iter().map(|s| (*s).to_owned()).collect();
        if got != expected {
            wrong.push(format!("{title}: {text:?}\n   got      {got:?}\n   expected {expected:?}"));
        }
    }
    assert!(wrong.is_empty(), "{} of {} differ:\n{}", wrong.len(), MEDIAWIKI_ANSWERS.len(), wrong.join("\n"));
}

#[test]
fn tracking_categories_and_page_properties_are_recorded() {
    let site = site();
    let iw = interwikis();
    let no_file = |_: &str| false;
    let mut ctx = LinkContext::new(&site, &iw, Some((14, "Maintenance".to_owned())));
    ctx.file_exists = Some(&no_file);
    let text = "{{DEFAULTSORT:Key}}{{DISPLAYTITLE:''Category:Maintenance''}}__HIDDENCAT__ __NOTOC__\
                [[File:Gone.png]] {{DISPLAYTITLE:Other page}} __NOINDEX__";
    let links = extract(text, &ctx);
    let mut categories = links.categories.clone();
    categories.sort();
    assert_eq!(
        categories,
        [
            ("Hidden_categories".to_owned(), "Key".to_owned()),
            ("Noindexed_pages".to_owned(), "Key".to_owned()),
            ("Pages_with_broken_file_links".to_owned(), "Key".to_owned()),
            ("Pages_with_ignored_display_titles".to_owned(), "Key".to_owned()),
        ]
    );
    let mut props = links.props.clone();
    props.sort();
    let expected = [
        ("defaultsort", "Key"),
        ("displaytitle", "<i>Category:Maintenance</i>"),
        ("hiddencat", ""),
        ("noindex", ""),
        ("notoc", ""),
    ];
    assert_eq!(props, expected.map(|(n, v)| (n.to_owned(), v.to_owned())));
    // A wiki names a tracking category on its `MediaWiki:` page, or turns it off with `-`.
    let messages = |ns: i32, key: &str| match (ns, key) {
        (8, "Broken-file-category") => Some("Missing files".to_owned()),
        (8, "Hidden-category-category") => Some("-".to_owned()),
        _ => None,
    };
    ctx.template_text = Some(&messages);
    let links = extract("__HIDDENCAT__ [[File:Gone.png]]", &ctx);
    assert_eq!(links.categories, [("Missing_files".to_owned(), String::new())]);
    // In the main namespace a page may not ask not to be indexed.
    let ctx = LinkContext::new(&site, &iw, Some((0, "Article".to_owned())));
    assert!(extract("__NOINDEX__", &ctx).categories.is_empty());
}

#[test]
fn a_redirect_names_its_target_and_links_to_it() {
    let links = extract_on("Sandbox", "#redirect : [[dog#Some_section|label]]\n[[Category:Redirects]]");
    assert_eq!(
        links.redirect,
        Some(RedirectTarget { ns: 0, dbkey: "Dog".into(), fragment: "Some section".into(), interwiki: String::new() })
    );
    assert_eq!(links.links, vec![(0, "Dog".to_owned())]);
    let iw = extract_on("Sandbox", "#REDIRECT [[fr:Chat]]");
    assert_eq!(
        iw.redirect,
        Some(RedirectTarget { ns: 0, dbkey: "Chat".into(), fragment: String::new(), interwiki: "fr".into() })
    );
    assert!(iw.langlinks.is_empty());
    assert_eq!(extract_on("Sandbox", "#REDIRECT [[Foo%20bar]]").redirect.map(|r| r.dbkey), Some("Foo_bar".into()));
    assert_eq!(extract_on("Sandbox", "#REDIRECT [[Special:MyPage]]").redirect, None);
    assert_eq!(extract_on("Sandbox", "#REDIRECT [[#Section]]").redirect, None);
    assert_eq!(extract_on("Sandbox", "Text\n#REDIRECT [[Cat]]").redirect, None);
    assert_eq!(extract_on("Sandbox", "#REDIRECT\n[[Cat]]").redirect.map(|r| r.dbkey), Some("Cat".into()));
}

#[test]
fn default_sort_applies_to_categories_without_a_sort_key_wherever_it_stands() {
    let links =
        extract_on("Sandbox", "[[Category:A]]{{DEFAULTSORT:Key}}[[Category:B|Own]]{{DEFAULTSORT:Other|noreplace}}");
    assert_eq!(links.default_sort(), Some("Key"));
    assert_eq!(links.categories, vec![("A".to_owned(), "Key".to_owned()), ("B".to_owned(), "Own".to_owned())]);
}

#[test]
fn template_arguments_count_only_where_the_template_shows_them() {
    let site = site();
    let iw = interwikis();
    let text_of = |ns: i32, key: &str| -> Option<String> {
        (ns == NS_TEMPLATE && key == "Box").then(|| "<div>{{{1}}} {{{shown|}}}</div>".to_owned())
    };
    let mut ctx = LinkContext::new(&site, &iw, Some((0, "Page".to_owned())));
    ctx.template_text = Some(&text_of);
    let links = extract("{{Box|[[One]]|[[Two]]|shown=[[Three]]|hidden=[[Four]] {{Inner}}}}", &ctx);
    assert_eq!(links.links, vec![(0, "One".to_owned()), (0, "Three".to_owned())]);
    assert_eq!(links.templates, vec![(NS_TEMPLATE, "Box".to_owned())]);
    // Known to exist but without its text, a template gives nothing; its arguments are not
    // read, as MediaWiki reads only those the template shows.
    let exists = |ns: i32, key: &str| ns == NS_TEMPLATE && key == "Box";
    ctx.template_text = None;
    ctx.page_exists = Some(&exists);
    let links = extract("{{Box|[[One]]|hidden=[[Four]] {{Inner}}}}", &ctx);
    assert!(links.links.is_empty());
    assert_eq!(links.templates, vec![(NS_TEMPLATE, "Box".to_owned())]);
}

#[test]
fn transcluded_text_counts_includeonly_and_onlyinclude() {
    let site = site();
    let iw = interwikis();
    let mut ctx = LinkContext::new(&site, &iw, Some((NS_TEMPLATE, "Stub".to_owned())));
    ctx.transcluded = true;
    let text = "<includeonly>[[Category:Stubs]]</includeonly><noinclude>[[Category:Templates]]</noinclude>[[Shown]]";
    let links = extract(text, &ctx);
    assert_eq!(links.categories, vec![("Stubs".to_owned(), String::new())]);
    assert_eq!(links.links, vec![(0, "Shown".to_owned())]);
    let only = extract("[[Outside]]<onlyinclude>[[Inside]]</onlyinclude><noinclude>[[Doc]]", &ctx);
    assert_eq!(only.links, vec![(0, "Inside".to_owned())]);
}

#[test]
fn installed_extension_tags_hide_their_content() {
    let site = site();
    let iw = interwikis();
    let mut ctx = LinkContext::new(&site, &iw, None);
    assert_eq!(extract("<math>[[x]]</math>", &ctx).links, vec![(0, "X".to_owned())]);
    ctx.opaque_tags = vec!["math".to_owned()];
    assert!(extract("<math>[[x]]</math>", &ctx).links.is_empty());
}

#[test]
fn links_to_the_wikis_own_server_are_not_external() {
    let site = site();
    let iw = interwikis();
    let mut ctx = LinkContext::new(&site, &iw, None);
    ctx.server = Some("//wiki.example.org".to_owned());
    let links = extract(
        "https://wiki.example.org/x http://wiki.example.org http://wiki.example.org.evil/ [//wiki.example.org/y]",
        &ctx,
    );
    assert_eq!(links.external, vec!["http://wiki.example.org.evil/".to_owned()]);
}

/// A small deterministic generator, so the robustness test needs no extra crate.
struct XorShift(u64);
impl XorShift {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}

#[test]
fn arbitrary_text_never_panics() {
    let site = site();
    let iw = interwikis();
    let ctx = LinkContext::new(&site, &iw, Some((2, "Alice/Sub".to_owned())));
    let atoms = [
        "[[",
        "]]",
        "{{",
        "}}",
        "{{{",
        "}}}",
        "|",
        "=",
        "[",
        "]",
        "http://",
        "//x",
        ":",
        "#",
        "%",
        "%C3",
        "&amp;",
        "&#",
        "<nowiki>",
        "</nowiki>",
        "<!--",
        "-->",
        "<gallery>",
        "</gallery>",
        "\n",
        " ",
        "é",
        "File:",
        "Category:",
        "en:",
        "../",
        "/",
        "#REDIRECT",
        "<includeonly>",
        "<pre>",
        "link=",
        "thumb",
        "x",
        "\u{7f}",
        ";",
        ")",
        "(",
    ];
    for deep in ["{{a|", "{{{", "[[File:a|", "[[", "<gallery>\nFile:a|", "{{x|[[File:a|"] {
        let _ = extract(&deep.repeat(20_000), &ctx);
    }
    let mut rng = XorShift(0x2545_f491_4f6c_dd1d);
    for _ in 0..3000 {
        let len = (rng.next() % 30) as usize;
        let text: String = (0..len).map(|_| atoms[(rng.next() % atoms.len() as u64) as usize]).collect();
        let _ = extract(&text, &ctx);
    }
}
