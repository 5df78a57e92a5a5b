//! The link-table listings give the same rows on a copy of the fixture as on the fixture
//! itself: each table of the backlinks query (with a constant namespace for files and
//! fragments for redirects), continuation in both directions, interlanguage and interwiki
//! links, external links by index prefix, page properties and category counts.

use wikiquery_store::backend::AnyConnection;
use wikiquery_store::queries::links::backlinks::{BacklinkTable, BacklinksFilter};
use wikiquery_store::queries::links::external::ExtLinksFilter;
use wikiquery_store::queries::links::foreign::ForeignLinksFilter;
use wikiquery_store::reader::Reader;

/// Asks both databases the same questions; every answer is the same and not empty.
pub(super) fn assert_same_link_listings(fixture: &mut AnyConnection, copy: &mut AnyConnection) {
    let targets =
        vec![(0, "Cat".to_owned()), (0, "Dog".to_owned()), (14, "Animals".to_owned()), (6, "Example.png".to_owned())];
    for table in [BacklinkTable::Pages, BacklinkTable::Templates, BacklinkTable::Images, BacklinkTable::Redirects] {
        let targets = if table == BacklinkTable::Templates {
            vec![(10, "Nav".to_owned()), (10, "Stub".to_owned())]
        } else {
            targets.clone()
        };
        for (by_from_ns, descending, fragment) in [(false, false, None), (true, false, Some(false)), (true, true, None)]
        {
            let mut filter = BacklinksFilter {
                table,
                targets: targets.clone(),
                from_namespaces: by_from_ns.then(|| vec![0, 2, 10, 12, 14]),
                order_by_from_namespace: by_from_ns,
                redirect: None,
                fragment,
                continue_from: None,
                descending,
                limit: 500,
            };
            let all = Reader::new(&mut *fixture).backlinks(&filter).expect("the fixture's backlinks");
            assert!(!all.is_empty(), "{table:?}");
            assert_eq!(Reader::new(&mut *copy).backlinks(&filter).expect("the copy's backlinks"), all, "{table:?}");
            let middle = &all[all.len() / 2];
            filter.continue_from = Some(middle.key.clone());
            let rest = Reader::new(&mut *copy).backlinks(&filter).expect("continued");
            assert_eq!(rest, all[all.len() / 2..], "{table:?} continued");
        }
    }
    let pages = vec![37, 87, 102, 112, 160, 52];
    for languages in [true, false] {
        let filter = ForeignLinksFilter {
            languages,
            from: pages.clone(),
            prefix: None,
            title: None,
            continue_from: Some((37, "d".to_owned(), String::new())),
            descending: false,
            limit: 50,
        };
        let rows = Reader::new(&mut *fixture).foreign_links(&filter).expect("the fixture's links");
        assert!(!rows.is_empty());
        assert_eq!(Reader::new(&mut *copy).foreign_links(&filter).expect("the copy's links"), rows);
    }
    for (prefix, once) in [(None, true), (Some("https://org.example.".to_owned()), false)] {
        let filter = ExtLinksFilter {
            from: Some(pages.clone()),
            namespaces: None,
            index_prefix: prefix,
            once_per_link: once,
            by_page: true,
            by_index: true,
            continue_from: Some((37, "h".to_owned(), 0)),
            limit: 50,
        };
        let rows = Reader::new(&mut *fixture).external_links(&filter).expect("the fixture's external links");
        assert!(!rows.is_empty());
        assert_eq!(Reader::new(&mut *copy).external_links(&filter).expect("the copy's external links"), rows);
    }
    let props = Reader::new(&mut *fixture).page_props(&[16, 37, 44, 27, 114], None).expect("the fixture's props");
    assert!(props.len() > 5);
    assert_eq!(Reader::new(&mut *copy).page_props(&[16, 37, 44, 27, 114], None).expect("the copy's props"), props);
    let titles: Vec<String> = ["Animals", "Hidden_maintenance", "Empty_category", "Images"].map(String::from).into();
    let counts = Reader::new(&mut *fixture).category_counts(&titles, Some("B")).expect("the fixture's counts");
    assert_eq!(counts.len(), 3);
    assert_eq!(Reader::new(&mut *copy).category_counts(&titles, Some("B")).expect("the copy's counts"), counts);
}

/// Every special-page report gives the same rows on the copy as on the fixture, in the same
/// order of values (rows of equal value come in the order each engine reads them, as they do
/// for MediaWiki on that engine), and a page of it is those rows of the whole.
pub(super) fn assert_same_reports(fixture: &mut AnyConnection, copy: &mut AnyConnection) {
    use wikiquery_store::queries::querycache::reports::{Report, ReportRow};
    let sorted = |rows: &[ReportRow]| {
        let mut rows = rows.to_vec();
        rows.sort_by(|a, b| (&a.namespace, &a.title).cmp(&(&b.namespace, &b.title)));
        rows
    };
    for &report in Report::ALL {
        let name = report.name();
        let all = Reader::new(&mut *fixture).report(report, 0, 5000).expect("the fixture's report");
        assert!(!all.is_empty(), "{name}");
        let copied = Reader::new(&mut *copy).report(report, 0, 5000).expect("the copy's report");
        let values = |rows: &[ReportRow]| rows.iter().map(|r| r.value.clone()).collect::<Vec<_>>();
        assert_eq!(values(&copied), values(&all), "{name}: the order of values");
        assert_eq!(sorted(&copied), sorted(&all), "{name}: the rows");
        let page = Reader::new(&mut *fixture).report(report, 3, 4).expect("a page of it");
        assert_eq!(page, all.iter().skip(3).take(4).cloned().collect::<Vec<_>>(), "{name}, rows 4 to 7");
    }
}
