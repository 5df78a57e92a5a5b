use super::*;

fn fixture_site() -> SiteNamespaces {
    SiteNamespaces::english("Fixture Wiki")
}

fn fixture_interwikis() -> InterwikiMap {
    let mut map = InterwikiMap::new();
    for lang in ["en", "de", "fr", "es", "ja"] {
        map.insert(lang, InterwikiInfo { language: true, local: true, trans: true });
    }
    map.insert("wikipedia", InterwikiInfo { language: false, local: true, trans: false });
    map.insert("mw", InterwikiInfo { language: false, local: true, trans: false });
    map.insert("fixturelocal", InterwikiInfo { language: false, local: true, trans: true });
    map
}

fn parse(text: &str) -> Result<ParsedTitle, InvalidTitle> {
    let iw = fixture_interwikis();
    parse_title(text, NS_MAIN, &fixture_site(), &|p| iw.is_interwiki(p))
}

/// What the table compares: the prefixed title, or the reason code (with the offending
/// text for invalid characters).
fn outcome(text: &str) -> Result<String, String> {
    match parse(text) {
        Ok(t) => Ok(t.prefixed_text(&fixture_site())),
        Err(InvalidTitle::Characters(c)) => Err(format!("title-invalid-characters:{c}")),
        Err(e) => Err(e.code().to_owned()),
    }
}

/// Inputs and the answers MediaWiki 1.39's API gave for them (`action=query&titles=…`)
/// on the fixture wiki, whose project namespace is "Fixture Wiki".
const MEDIAWIKI_ANSWERS: &[(&str, Result<&str, &str>)] = &[
    ("Foo", Ok("Foo")),
    ("foo", Ok("Foo")),
    ("foo_bar", Ok("Foo bar")),
    ("  foo   bar  ", Ok("Foo bar")),
    ("foo__bar", Ok("Foo bar")),
    ("_foo_", Ok("Foo")),
    ("Foo\u{a0}\u{3000}bar", Ok("Foo bar")),
    ("Foo\u{200e}\u{200f}bar\u{202a}", Ok("Foobar")),
    ("user:foo", Ok("User:Foo")),
    ("User_talk:foo bar", Ok("User talk:Foo bar")),
    ("USER TALK:x", Ok("User talk:X")),
    ("user_talk : x", Ok("User talk:X")),
    ("User :x", Ok("User:X")),
    ("User: x", Ok("User:X")),
    ("Talk:Foo", Ok("Talk:Foo")),
    ("talk:file:x", Err("title-invalid-talk-namespace")),
    ("Talk:Image:x", Err("title-invalid-talk-namespace")),
    ("Talk:Special:x", Err("title-invalid-talk-namespace")),
    ("Talk:Media:x", Err("title-invalid-talk-namespace")),
    ("Talk:wikipedia:x", Err("title-invalid-talk-namespace")),
    ("Talk:Foo:bar", Ok("Talk:Foo:bar")),
    ("Talk:en:x", Err("title-invalid-talk-namespace")),
    ("Project:Foo", Ok("Fixture Wiki:Foo")),
    ("project talk:foo", Ok("Fixture Wiki talk:Foo")),
    ("Fixture Wiki:x", Ok("Fixture Wiki:X")),
    ("fixture_wiki_TALK:x", Ok("Fixture Wiki talk:X")),
    ("Image:Foo.png", Ok("File:Foo.png")),
    ("image talk:foo", Ok("File talk:Foo")),
    ("File:foo.png", Ok("File:Foo.png")),
    ("Media:foo.png", Ok("Media:Foo.png")),
    ("media:foo.png", Ok("Media:Foo.png")),
    ("Special:RecentChanges", Ok("Special:RecentChanges")),
    // The API also maps special page aliases to their canonical names (`special:recentchanges`
    // becomes `Special:RecentChanges`); that is the page set's work, not the title parser's.
    ("Special:", Err("title-invalid-empty")),
    ("User:", Err("title-invalid-empty")),
    ("Talk:", Err("title-invalid-empty")),
    (":", Err("title-invalid-empty")),
    ("::", Err("title-invalid-leading-colon")),
    (" ", Err("title-invalid-empty")),
    ("_", Err("title-invalid-empty")),
    (":Foo", Ok("Foo")),
    (":User:Foo", Ok("User:Foo")),
    ("::Foo", Err("title-invalid-leading-colon")),
    (": Foo", Ok("Foo")),
    (":_:Foo", Err("title-invalid-leading-colon")),
    // A line break at the very end of a prefixed title's rest is dropped with the prefix
    // split, leaving what MediaWiki's last check refuses (as MediaWiki 1.39 answers).
    ("talk:n\n", Ok("Talk:N")),
    ("talk_:n\n", Ok("Talk:N")),
    ("talk:n_\n", Err("title-invalid")),
    ("talk:n \n", Err("title-invalid")),
    ("talk_:n \n_", Err("title-invalid")),
    ("n\n", Err("title-invalid-characters:\n")),
    ("Foo:bar", Ok("Foo:bar")),
    ("Foo:Bar:baz", Ok("Foo:Bar:baz")),
    ("Category:foo", Ok("Category:Foo")),
    (":Category:Foo", Ok("Category:Foo")),
    ("MediaWiki:foo", Ok("MediaWiki:Foo")),
    ("Template:foo", Ok("Template:Foo")),
    ("Help:foo", Ok("Help:Foo")),
    ("en:Foo", Ok("en:Foo")),
    ("EN:foo", Ok("en:foo")),
    ("en:", Ok("en:")),
    ("en::Foo", Ok("en:Foo")),
    ("en:User:foo", Ok("en:User:foo")),
    (":en:Foo", Ok("en:Foo")),
    ("wikipedia:foo", Ok("wikipedia:foo")),
    ("Wikipedia:Foo_bar", Ok("wikipedia:Foo bar")),
    ("wikipedia: foo", Ok("wikipedia:foo")),
    ("wikipedia:#frag", Ok("wikipedia:")),
    ("mw:Help:Foo", Ok("mw:Help:Foo")),
    ("fixturelocal:Foo", Ok("fixturelocal:Foo")),
    ("nosuchprefix:Foo", Ok("Nosuchprefix:Foo")),
    ("Foo#bar", Ok("Foo")),
    ("Foo#bar_baz", Ok("Foo")),
    ("Foo #bar", Ok("Foo")),
    ("User:Foo#bar#baz", Ok("User:Foo")),
    ("Foo#", Ok("Foo")),
    ("Foo<bar", Err("title-invalid-characters:<")),
    ("Foo>bar", Err("title-invalid-characters:>")),
    ("Foo[bar", Err("title-invalid-characters:[")),
    ("Foo]bar", Err("title-invalid-characters:]")),
    ("Foo{bar", Err("title-invalid-characters:{")),
    ("Foo}bar", Err("title-invalid-characters:}")),
    ("Foo|bar", Err("title-invalid-characters:|")),
    ("Foo\tbar", Err("title-invalid-characters:\t")),
    ("Foo\u{7f}bar", Err("title-invalid-characters:\u{7f}")),
    ("Foo%41", Err("title-invalid-characters:%41")),
    ("Foo%4", Ok("Foo%4")),
    ("Foo%zz", Ok("Foo%zz")),
    ("Foo%", Ok("Foo%")),
    ("Foo&amp;bar", Ok("Foo&bar")),
    ("Foo&bogus;", Err("title-invalid-characters:&bogus;")),
    ("Foo&#65;", Ok("FooA")),
    ("Foo&#x41;", Ok("FooA")),
    ("Foo&#0;", Err("title-invalid-utf8")),
    ("Foo&#xD800;", Err("title-invalid-utf8")),
    ("Foo&;", Ok("Foo&;")),
    ("Foo&", Ok("Foo&")),
    ("&eacute;cole", Ok("École")),
    ("&nbsp;Foo", Ok("Foo")),
    ("Foo&nbsp;&nbsp;bar", Ok("Foo bar")),
    ("a&lt;b", Err("title-invalid-characters:<")),
    ("&#58;Foo", Ok("Foo")),
    ("User&#58;Foo", Ok("User:Foo")),
    (".", Err("title-invalid-relative")),
    ("..", Err("title-invalid-relative")),
    ("./Foo", Err("title-invalid-relative")),
    ("../Foo", Err("title-invalid-relative")),
    ("Foo/./bar", Err("title-invalid-relative")),
    ("Foo/../bar", Err("title-invalid-relative")),
    ("Foo/.", Err("title-invalid-relative")),
    ("Foo/..", Err("title-invalid-relative")),
    ("Foo/.bar", Ok("Foo/.bar")),
    ("Foo/..bar", Ok("Foo/..bar")),
    ("...", Ok("...")),
    ("Foo.", Ok("Foo.")),
    ("Foo~~~", Err("title-invalid-magic-tilde")),
    ("Foo~~", Ok("Foo~~")),
    ("~~~~", Err("title-invalid-magic-tilde")),
    ("ßen", Ok("SSen")),
    ("ǆx", Ok("Ǆx")),
    ("ŉx", Ok("ʼNx")),
    ("ᾀx", Ok("ἈΙx")),
    ("ﬁx", Ok("FIx")),
    ("école", Ok("École")),
    ("σx", Ok("Σx")),
    ("i", Ok("I")),
    ("ıx", Ok("Ix")),
    ("1foo", Ok("1foo")),
    ("`foo", Ok("`foo")),
    ("~foo", Ok("~foo")),
    ("User:127.0.0.1", Ok("User:127.0.0.1")),
    ("User:127.000.000.001", Ok("User:127.0.0.1")),
    ("User:00.1.2.3", Ok("User:0.1.2.3")),
    ("User:1.2.3.4/24", Ok("User:1.2.3.4/24")),
    ("User:1.2.3.4/024", Ok("User:1.2.3.4/024")),
    ("User:1.2.3.4/33", Ok("User:1.2.3.4/33")),
    ("User:::1", Ok("User:0:0:0:0:0:0:0:1")),
    ("User:a::b", Ok("User:A:0:0:0:0:0:0:B")),
    ("User:0000:0000::1", Ok("User:0:0:0:0:0:0:0:1")),
    ("User:fe80::1/64", Ok("User:FE80:0:0:0:0:0:0:1/64")),
    ("User talk:abcd:ef01:2345:6789:abcd:ef01:2345:6789", Ok("User talk:ABCD:EF01:2345:6789:ABCD:EF01:2345:6789")),
    ("User:1:2:3:4:5:6:7:8:9", Ok("User:1:2:3:4:5:6:7:8:9")),
    ("Talk:127.000.0.1", Ok("Talk:127.000.0.1")),
    ("User:1.2.3.256", Ok("User:1.2.3.256")),
    ("User:1.2.3", Ok("User:1.2.3")),
    ("Foo\n", Err("title-invalid-characters:\n")),
    ("User:Foo\n", Ok("User:Foo")),
    ("User:Foo\nbar", Err("title-invalid-characters:\n")),
    ("Foo\nbar", Err("title-invalid-characters:\n")),
    ("Special:Foo/../x", Err("title-invalid-relative")),
    ("Foo\u{fffd}bar", Err("title-invalid-utf8")),
    ("Category: Foo", Ok("Category:Foo")),
    ("Category :Foo", Ok("Category:Foo")),
    ("Category_:_Foo", Ok("Category:Foo")),
    ("Talk:Category_:_Foo", Err("title-invalid-talk-namespace")),
    ("Template talk:Foo", Ok("Template talk:Foo")),
    ("MediaWiki talk:foo", Ok("MediaWiki talk:Foo")),
    ("Help talk:foo", Ok("Help talk:Foo")),
    ("Category talk:foo", Ok("Category talk:Foo")),
    ("File talk:foo", Ok("File talk:Foo")),
    ("Media talk:foo", Ok("Media talk:foo")),
    ("Special talk:foo", Ok("Special talk:foo")),
    ("Foo:", Ok("Foo:")),
    ("a:b:c", Ok("A:b:c")),
    ("User:Foo:bar", Ok("User:Foo:bar")),
    ("User:foo/bar", Ok("User:Foo/bar")),
    ("Main Page", Ok("Main Page")),
    ("Help:Contents#Top_section", Ok("Help:Contents")),
    ("Foo_#_bar", Ok("Foo")),
    ("Foo%20bar", Err("title-invalid-characters:%20")),
    ("Foo+bar", Ok("Foo+bar")),
    ("Foo's bar", Ok("Foo's bar")),
    ("Foo\"bar", Ok("Foo\"bar")),
    ("Foo@bar", Ok("Foo@bar")),
    ("Foo=bar", Ok("Foo=bar")),
    ("Foo;bar", Ok("Foo;bar")),
    ("Foo\\bar", Ok("Foo\\bar")),
    ("Foo^bar", Ok("Foo^bar")),
    ("Foo!bar", Ok("Foo!bar")),
    ("Foo$bar", Ok("Foo$bar")),
    ("Foo*bar", Ok("Foo*bar")),
    ("Foo,bar", Ok("Foo,bar")),
    ("Foo?bar", Ok("Foo?bar")),
    ("Foo(bar)", Ok("Foo(bar)")),
    ("רלמ", Ok("רלמ")),
    ("a&רלמ;b", Ok("Ab")),
    ("a&rlm;b", Ok("Ab")),
    ("a&lrm;b", Ok("Ab")),
    ("a&bigstar;b", Ok("A★b")),
    ("x&AElig;y", Ok("XÆy")),
    ("x&Amp;y", Err("title-invalid-characters:&Amp;")),
    ("x&AMP;y", Ok("X&y")),
    ("x&#X41;y", Ok("XAy")),
    ("x&#x;y", Ok("X&")),
    ("x&#;y", Ok("X&")),
    ("x&#0065;y", Ok("XAy")),
    ("Special:Foo/é", Ok("Special:Foo/é")),
];

#[test]
fn titles_parse_as_mediawiki_parses_them() {
    let mut wrong = Vec::new();
    for (input, expected) in MEDIAWIKI_ANSWERS {
        let got = outcome(input);
        let expected = expected.map(str::to_owned).map_err(str::to_owned);
        if got != expected {
            wrong.push(format!("{input:?}: got {got:?}, MediaWiki says {expected:?}"));
        }
    }
    assert!(wrong.is_empty(), "{} of {} differ:\n{}", wrong.len(), MEDIAWIKI_ANSWERS.len(), wrong.join("\n"));
}

#[test]
fn parts_of_a_parsed_title() {
    let t = parse("user_talk: foo  bar #Some_section").unwrap();
    assert_eq!(
        t,
        ParsedTitle {
            ns: NS_USER_TALK,
            dbkey: "Foo_bar".into(),
            text: "Foo bar".into(),
            fragment: "Some section".into(),
            interwiki: String::new(),
        }
    );
    let iw = parse("Wikipedia:User:foo#x").unwrap();
    assert_eq!(
        (iw.ns, iw.dbkey.as_str(), iw.interwiki.as_str(), iw.fragment.as_str()),
        (0, "User:foo", "wikipedia", "x")
    );
    assert!(iw.is_external());
}

#[test]
fn a_fragment_alone_is_a_link_to_the_same_page() {
    let t = parse("#Top").unwrap();
    assert_eq!((t.ns, t.dbkey.as_str(), t.fragment.as_str()), (NS_MAIN, "", "Top"));
    assert_eq!(parse(""), Err(InvalidTitle::Empty));
}

#[test]
fn the_default_namespace_applies_without_prefix_and_a_colon_resets_it() {
    let site = fixture_site();
    let none = |_: &str| false;
    assert_eq!(parse_title("foo", NS_TEMPLATE, &site, &none).unwrap().ns, NS_TEMPLATE);
    assert_eq!(parse_title(":foo", NS_TEMPLATE, &site, &none).unwrap().ns, NS_MAIN);
    assert_eq!(parse_title("Help:foo", NS_TEMPLATE, &site, &none).unwrap().ns, NS_HELP);
    let iw = fixture_interwikis();
    let t = parse_title("wikipedia:foo", NS_TEMPLATE, &site, &|p| iw.is_interwiki(p)).unwrap();
    assert_eq!((t.ns, t.interwiki.as_str()), (NS_TEMPLATE, "wikipedia"));
}

#[test]
fn length_is_counted_in_bytes_with_more_room_for_special_pages() {
    assert!(parse(&"a".repeat(255)).is_ok());
    assert_eq!(parse(&"a".repeat(256)), Err(InvalidTitle::TooLong(255)));
    // 128 two-byte characters are 256 bytes.
    assert_eq!(parse(&"é".repeat(128)), Err(InvalidTitle::TooLong(255)));
    assert!(parse(&format!("Special:{}", "a".repeat(512))).is_ok());
    assert_eq!(parse(&format!("Special:{}", "a".repeat(513))), Err(InvalidTitle::TooLong(512)));
    // The namespace prefix does not count.
    assert!(parse(&format!("Template:{}", "a".repeat(255))).is_ok());
}

#[test]
fn the_codec_alone_does_not_decode_references() {
    let site = fixture_site();
    let none = |_: &str| false;
    assert_eq!(split_title("a&amp;b", NS_MAIN, &site, &none), Err(InvalidTitle::Characters("&amp;".into())));
    assert_eq!(parse_title("a&amp;b", NS_MAIN, &site, &none).unwrap().dbkey, "A&b");
}

#[test]
fn case_sensitive_namespaces_keep_the_first_letter() {
    let site = SiteNamespaces::from_siteinfo([
        (NS_MEDIA, "Media", false),
        (NS_SPECIAL, "Special", true),
        (NS_MAIN, "", false),
        (NS_TALK, "Talk", false),
        (NS_USER, "User", false),
        (NS_FILE, "File", false),
    ]);
    let none = |_: &str| false;
    assert_eq!(parse_title("foo", NS_MAIN, &site, &none).unwrap().dbkey, "foo");
    assert_eq!(parse_title("Talk:foo", NS_MAIN, &site, &none).unwrap().dbkey, "foo");
    // User pages are capitalised whatever the site says.
    assert_eq!(parse_title("User:foo", NS_MAIN, &site, &none).unwrap().dbkey, "Foo");
    assert_eq!(parse_title("Media:foo", NS_MAIN, &site, &none).unwrap().dbkey, "foo");
    assert_eq!(parse_title("Image:foo", NS_MAIN, &site, &none).unwrap().ns, NS_FILE);
}

#[test]
fn local_interwiki_prefixes_are_dropped() {
    let mut site = fixture_site();
    site.set_local_interwikis(&["fixturelocal"], "Main Page");
    let iw = fixture_interwikis();
    let t = parse_title("fixturelocal:Help:foo", NS_MAIN, &site, &|p| iw.is_interwiki(p)).unwrap();
    assert_eq!((t.ns, t.dbkey.as_str(), t.interwiki.as_str()), (NS_HELP, "Foo", ""));
    let t = parse_title("fixturelocal:", NS_MAIN, &site, &|p| iw.is_interwiki(p)).unwrap();
    assert_eq!(t.dbkey, "Main_Page");
}

#[test]
fn namespaces_from_a_dump_keep_canonical_names_and_aliases() {
    let site = SiteNamespaces::from_siteinfo([
        (NS_MAIN, "", true),
        (NS_PROJECT, "Fixture Wiki", true),
        (5, "Fixture Wiki talk", true),
        (NS_FILE, "File", true),
        (7, "File talk", true),
        (100, "Portal", true),
    ]);
    assert_eq!(site.lookup("project"), Some(NS_PROJECT));
    assert_eq!(site.lookup("Project_talk"), Some(5));
    assert_eq!(site.lookup("fixture wiki TALK"), Some(5));
    assert_eq!(site.lookup("image talk"), Some(7));
    assert_eq!(site.lookup("portal"), Some(100));
    assert_eq!(site.lookup("User"), None);
    assert_eq!(site.name(5), Some("Fixture Wiki talk"));
    assert_eq!(site.get(100).map(|n| n.canonical.as_str()), Some("Portal"));
}

#[test]
fn talk_and_subject_pair_up() {
    let site = fixture_site();
    assert_eq!(site.talk(NS_MAIN), Some(NS_TALK));
    assert_eq!(site.talk(NS_TALK), Some(NS_TALK));
    assert_eq!(site.talk(NS_CATEGORY), Some(15));
    assert_eq!(site.talk(NS_SPECIAL), None);
    assert_eq!(site.subject(NS_USER_TALK), NS_USER);
    assert_eq!(site.subject(NS_MEDIA), NS_MEDIA);
    assert!(is_talk(5) && !is_talk(4) && !is_talk(NS_MEDIA));
    assert!(site.has_subpages(NS_USER) && !site.has_subpages(NS_MAIN) && !site.has_subpages(NS_FILE));
}

#[test]
fn full_text_names_the_namespace() {
    let site = fixture_site();
    assert_eq!(full_text(3, "Foo_bar", &site), "User talk:Foo bar");
    assert_eq!(full_text(0, "Foo_bar", &site), "Foo bar");
    assert_eq!(full_text(5, "X", &site), "Fixture Wiki talk:X");
    assert_eq!(full_text(-2, "X.png", &site), "Media:X.png");
    assert_eq!(full_dbkey(3, "Foo bar", &site), "User_talk:Foo_bar");
}

#[test]
fn upper_first_follows_unicode_full_case_mapping() {
    assert_eq!(upper_first("ßa"), "SSa");
    assert_eq!(upper_first("ǆa"), "Ǆa");
    assert_eq!(upper_first("ﬁx"), "FIx");
    assert_eq!(upper_first("`a"), "`a");
    assert_eq!(upper_first(""), "");
}
