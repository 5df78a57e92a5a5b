#!/usr/bin/env python3
"""Capture MediaWiki 1.39's answers for the backlink prop modules (prop=linkshere, prop=transcludedin,
prop=fileusage, prop=redirects, and their generator forms) and for prop=langlinks, prop=iwlinks,
prop=extlinks, prop=pageprops and prop=categoryinfo.
    tools/capture.py backlink-props BASE_URL
Same file format as shared/oracle/capture.py and tools/capture/links.py:
{"request", "status", "mediawiki-api-error", "response"}.
Every request is a GET with format=json; each is captured in formatversion 1 (NAME.json) and
formatversion 2 (NAME.fv2.json) unless noted.  Parameter values are percent-encoded (RFC 3986,
keeping '|', '*', '!', ':' and '/' literal, space as %20), and the 'request' member is the exact
query string sent.
All requests are anonymous: a fresh connection and no cookies each.
Requests marked 'follow' are repeated with the 'continue' members of each answer merged into the
parameters until an answer has no 'continue'; the pages are NAME-page1, NAME-page2, ...
Requests marked follow='batch' (generator=allpages) are followed the same way but stop at the first
answer that has 'batchcomplete' (the generator's own continuation, gapcontinue, is not followed,
as it would walk the whole wiki)."""
import os
import sys

from oracle_capture import Capture  # noqa: E402

cap = Capture(sys.argv[1], sys.argv[2], max_pages=120)
add = cap.add



Q = 'action=query&'

# ---- the backlink prop modules (ApiQueryBacklinksprop) -----------------------------------
# Per module: the prop name, the parameter prefix, three targets with many links of that kind,
# one target for the single-title generator, the prop values, the namespace values to try, the
# show values, and a missing title that is nevertheless linked (if the fixture has one).
BACKLINKS = [
    # Cat (37): 33 pagelinks from ns 0, 2, 10, 12, two of them from redirects (Kitty 152,
    # Cat_description 156); Dog (38): 26, one from the redirect Puppy (154); Category:Animals (11):
    # 32 from ns 0, 12, 14, one from the redirect Category:Beasts (159).
    # Unicorn: no page, 84 pagelinks.
    dict(prop='linkshere', p='lh', titles='Cat|Dog|Category:Animals', one='Cat',
         props=['pageid', 'title', 'redirect'], ns=['0', '12', '2|10'],
         show=['redirect', '!redirect', 'redirect|!redirect'], missing_linked='Unicorn'),
    # Template:Nav (4): 23 templatelinks from ns 0 and 12; Template:Stub (8): 27 from ns 0;
    # Template:Sig (6): 6 from ns 3 and 10.  No transcluding page is a redirect.
    # Template:Nonexistent_xyz: no page and no templatelinks (there is no missing transcluded template).
    dict(prop='transcludedin', p='ti', titles='Template:Nav|Template:Stub|Template:Sig', one='Template:Nav',
         props=['pageid', 'title', 'redirect'], ns=['0', '3', '10|12'],
         show=['redirect', '!redirect', 'redirect|!redirect'], missing_linked='Template:Nonexistent_xyz'),
    # File:Example.png (31): 11 imagelinks; File:Diagram.svg (34): 10; File:Notes.txt (35): 10; all from
    # ns 0, none from a redirect.  File:Nonexistent_picture.png: no page, 10 imagelinks.
    dict(prop='fileusage', p='fu', titles='File:Example.png|File:Diagram.svg|File:Notes.txt', one='File:Example.png',
         props=['pageid', 'title', 'redirect'], ns=['0', '2'],
         show=['redirect', '!redirect', 'redirect|!redirect'], missing_linked='File:Nonexistent_picture.png'),
    # Cat (37): redirects Kitty (152) and Cat_description (156, fragment "Description");
    # Draft_article (174): redirect User:Alice/Draft (176, ns 2); Template:Infobox (2): redirect Template:Box (158).
    # (2 redirects is the most any page has.)  Nonexistent_target_page: no page, target of Broken_redirect (155).
    # prop=redirects has rdshow=fragment|!fragment instead of redirect|!redirect.
    dict(prop='redirects', p='rd', titles='Cat|Draft_article|Template:Infobox', one='Cat',
         props=['pageid', 'title', 'fragment'], ns=['0', '2'],
         show=['fragment', '!fragment', 'fragment|!fragment'], missing_linked='Nonexistent_target_page'),
]

for m in BACKLINKS:
    prop, p, T = m['prop'], m['p'], m['titles']
    base = f'{Q}prop={prop}&titles={T}'
    add(f'{prop}-default', base)
    for v in m['props']:
        add(f'{prop}-prop-{v}', f'{base}&{p}prop={v}')
    add(f'{prop}-prop-all', f'{base}&{p}prop={"|".join(m["props"])}')
    for ns in m['ns']:
        add(f'{prop}-namespace-{ns.replace("|", "-")}', f'{base}&{p}namespace={ns}')
    for sh in m['show']:
        sname = 'both' if '|' in sh else sh.replace('!', 'not-')
        add(f'{prop}-show-{sname}', f'{base}&{p}show={sh}')
    add(f'{prop}-limit1', f'{base}&{p}limit=1', follow=True)
    add(f'{prop}-limit7', f'{base}&{p}limit=7', follow=True)
    add(f'{prop}-limit-max', f'{base}&{p}limit=max')
    add(f'{prop}-one-page-limit7', f'{Q}prop={prop}&titles={m["one"]}&{p}limit=7', follow=True)
    add(f'{prop}-generator', f'{Q}generator={prop}&titles={m["one"]}&prop=info')
    add(f'{prop}-generator-limit7', f'{Q}generator={prop}&titles={T}&prop=info&g{p}limit=7', follow=True)
    add(f'{prop}-missing', f'{Q}prop={prop}&titles=Nonexistent_page_xyz')
    # a missing title that has backlinks (they are listed) next to an existing one, followed to the end
    add(f'{prop}-missing-linked-limit20', f'{Q}prop={prop}&titles={m["missing_linked"]}|{m["one"]}&{p}limit=20',
        follow=True)
    # extras: a continue value of the wrong shape, and a limit above the maximum
    add(f'{prop}-bad-continue', f'{base}&{p}continue=abc')
    add(f'{prop}-limit-over-max', f'{base}&{p}limit=600')

# extras for the backlink modules
# the show filter together with all props and a small limit (continuation inside a filtered list)
add('linkshere-show-not-redirect-limit7', f'{Q}prop=linkshere&titles=Cat|Dog|Category:Animals&lhshow=!redirect'
    '&lhprop=pageid|title|redirect&lhlimit=7', follow=True)
add('linkshere-namespace-0-limit7', f'{Q}prop=linkshere&titles=Cat|Dog|Category:Animals&lhnamespace=0&lhlimit=7',
    follow=True)
# several namespaces in Pnamespace: linkshere/transcludedin/fileusage then filter and sort on the linking page's
# namespace (pl_from_namespace etc.), which becomes part of the continue value; prop=redirects filters on page_namespace
add('linkshere-namespace-0-12-limit7', f'{Q}prop=linkshere&titles=Cat|Dog|Category:Animals&lhnamespace=0|12&lhlimit=7',
    follow=True)
add('linkshere-one-page-namespace-0-12-limit5', f'{Q}prop=linkshere&titles=Cat&lhnamespace=0|12&lhlimit=5', follow=True)
add('linkshere-generator-namespace-0-12-limit7', f'{Q}generator=linkshere&titles=Cat&glhnamespace=0|12&glhlimit=7'
    '&prop=info', follow=True)
add('transcludedin-namespace-0-12-limit7', f'{Q}prop=transcludedin&titles=Template:Nav|Template:Stub|Template:Sig'
    '&tinamespace=0|12&tilimit=7', follow=True)
add('fileusage-namespace-0-2-limit7', f'{Q}prop=fileusage&titles=File:Example.png|File:Diagram.svg|File:Notes.txt'
    '&funamespace=0|2&fulimit=7', follow=True)
add('redirects-namespace-0-2-limit1', f'{Q}prop=redirects&titles=Cat|Draft_article|Template:Infobox&rdnamespace=0|2'
    '&rdlimit=1', follow=True)
# a redirect as the title (Kitty -> Cat; Kitten redirects to Kitty and links to it), unresolved and resolved
add('linkshere-redirect', f'{Q}prop=linkshere&titles=Kitty')
add('linkshere-redirect-resolved', f'{Q}prop=linkshere&titles=Kitty&redirects=1')
add('redirects-redirect', f'{Q}prop=redirects&titles=Kitty')
add('redirects-redirect-resolved', f'{Q}prop=redirects&titles=Kitty&redirects=1')
# a value not allowed for rdshow (redirect is a linkshere/transcludedin/fileusage value)
add('redirects-show-redirect', f'{Q}prop=redirects&titles=Cat|Draft_article|Template:Infobox&rdshow=redirect')
add('redirects-show-fragment-prop-all', f'{Q}prop=redirects&titles=Cat|Draft_article|Template:Infobox'
    '&rdshow=fragment&rdprop=pageid|title|fragment')
# the generator of a missing-but-linked title
add('fileusage-generator-missing-linked', f'{Q}generator=fileusage&titles=File:Nonexistent_picture.png&prop=info')
# two backlink modules continuing together
add('linkshere-redirects-limits', f'{Q}prop=linkshere|redirects&titles=Cat|Dog&lhlimit=5&rdlimit=1', follow=True)
add('linkshere-transcludedin-generator-allpages', f'{Q}generator=allpages&gapnamespace=10&gaplimit=5'
    '&prop=linkshere|transcludedin&lhlimit=3&tilimit=4', follow='batch')

# ---- prop=langlinks ------------------------------------------------------------------------
# Cat (37): de, es, fr, ja; Paris (87): de, es, fr, ja; Mathematics (102): de, es, fr (titles with accents).
LT = 'Cat|Paris|Mathematics'
add('langlinks-default', f'{Q}prop=langlinks&titles={LT}')
add('langlinks-limit1', f'{Q}prop=langlinks&titles={LT}&lllimit=1', follow=True)
add('langlinks-limit-max', f'{Q}prop=langlinks&titles={LT}&lllimit=max')
add('langlinks-prop-url', f'{Q}prop=langlinks&titles={LT}&llprop=url')
add('langlinks-prop-langname', f'{Q}prop=langlinks&titles={LT}&llprop=langname')
add('langlinks-prop-autonym', f'{Q}prop=langlinks&titles={LT}&llprop=autonym')
add('langlinks-prop-all', f'{Q}prop=langlinks&titles={LT}&llprop=url|langname|autonym')
add('langlinks-lang-de', f'{Q}prop=langlinks&titles={LT}&lllang=de')
add('langlinks-lang-de-title', f'{Q}prop=langlinks&titles={LT}&lllang=de&lltitle=Hauskatze')
add('langlinks-lang-fr-limit1', f'{Q}prop=langlinks&titles={LT}&lllang=fr&lllimit=1', follow=True)
add('langlinks-inlanguagecode-de', f'{Q}prop=langlinks&titles={LT}&llinlanguagecode=de&llprop=langname')
add('langlinks-inlanguagecode-de-prop-all', f'{Q}prop=langlinks&titles={LT}&llinlanguagecode=de'
    '&llprop=url|langname|autonym')
add('langlinks-dir-descending', f'{Q}prop=langlinks&titles={LT}&lldir=descending')
add('langlinks-dir-descending-limit3', f'{Q}prop=langlinks&titles={LT}&lldir=descending&lllimit=3', follow=True)
add('langlinks-missing', f'{Q}prop=langlinks&titles=Nonexistent_page_xyz')
# extras: lltitle without lllang (error), the deprecated llurl, a bad continue value, not a generator
add('langlinks-title-without-lang', f'{Q}prop=langlinks&titles={LT}&lltitle=Hauskatze')
add('langlinks-url-deprecated', f'{Q}prop=langlinks&titles={LT}&llurl=1')
add('langlinks-bad-continue', f'{Q}prop=langlinks&titles={LT}&llcontinue=abc')
add('langlinks-as-generator', f'{Q}generator=langlinks&titles={LT}')

# ---- prop=iwlinks --------------------------------------------------------------------------
# Cat (37): mw:Help:Links, wikipedia:Cat; Zürich (112): mw:Help:Links, wikipedia:Zürich;
# Fr_cat (160, an interwiki redirect to fr:Chat): fr:Chat.
IT = 'Cat|Zürich|Fr_cat'
add('iwlinks-default', f'{Q}prop=iwlinks&titles={IT}')
add('iwlinks-prop-url', f'{Q}prop=iwlinks&titles={IT}&iwprop=url')
add('iwlinks-prefix-wikipedia', f'{Q}prop=iwlinks&titles={IT}&iwprefix=wikipedia')
add('iwlinks-prefix-title', f'{Q}prop=iwlinks&titles={IT}&iwprefix=mw&iwtitle=Help:Links')
add('iwlinks-prefix-title-none', f'{Q}prop=iwlinks&titles={IT}&iwprefix=wikipedia&iwtitle=Dog')
add('iwlinks-limit1', f'{Q}prop=iwlinks&titles={IT}&iwlimit=1', follow=True)
add('iwlinks-prefix-wikipedia-limit1', f'{Q}prop=iwlinks&titles={IT}&iwprefix=wikipedia&iwlimit=1', follow=True)
add('iwlinks-dir-descending', f'{Q}prop=iwlinks&titles={IT}&iwdir=descending')
add('iwlinks-dir-descending-limit2', f'{Q}prop=iwlinks&titles={IT}&iwdir=descending&iwlimit=2', follow=True)
add('iwlinks-limit-max', f'{Q}prop=iwlinks&titles={IT}&iwlimit=max')
add('iwlinks-missing', f'{Q}prop=iwlinks&titles=Nonexistent_page_xyz')
# extras: iwtitle without iwprefix (error), the deprecated iwurl, a bad continue value, not a generator
add('iwlinks-title-without-prefix', f'{Q}prop=iwlinks&titles={IT}&iwtitle=Cat')
add('iwlinks-url-deprecated', f'{Q}prop=iwlinks&titles={IT}&iwurl=1')
add('iwlinks-bad-continue', f'{Q}prop=iwlinks&titles={IT}&iwcontinue=abc')
add('iwlinks-as-generator', f'{Q}generator=iwlinks&titles={IT}')

# ---- prop=extlinks -------------------------------------------------------------------------
# Cat (37), Salmon (52), Zürich (112): 4 externallinks each (ftp, http or a second https, https,
# mailto); Salmon and Zürich share https://bare.example.org/bare-url.  No protocol-relative links.
ET = 'Cat|Salmon|Zürich'
add('extlinks-default', f'{Q}prop=extlinks&titles={ET}')
add('extlinks-protocol-https', f'{Q}prop=extlinks&titles={ET}&elprotocol=https')
add('extlinks-protocol-http', f'{Q}prop=extlinks&titles={ET}&elprotocol=http')
add('extlinks-protocol-mailto', f'{Q}prop=extlinks&titles={ET}&elprotocol=mailto')
add('extlinks-protocol-ftp', f'{Q}prop=extlinks&titles={ET}&elprotocol=ftp')
add('extlinks-query-https', f'{Q}prop=extlinks&titles={ET}&elprotocol=https&elquery=example.org')
add('extlinks-query-https-wildcard', f'{Q}prop=extlinks&titles={ET}&elprotocol=https&elquery=*.example.org')
add('extlinks-query-https-path', f'{Q}prop=extlinks&titles={ET}&elprotocol=https&elquery=example.org/wiki/Cat')
add('extlinks-query-no-protocol', f'{Q}prop=extlinks&titles={ET}&elquery=example.com')
add('extlinks-expandurl', f'{Q}prop=extlinks&titles={ET}&elexpandurl=1')
add('extlinks-limit1', f'{Q}prop=extlinks&titles={ET}&ellimit=1', follow=True)
add('extlinks-protocol-https-limit1', f'{Q}prop=extlinks&titles={ET}&elprotocol=https&ellimit=1', follow=True)
add('extlinks-limit-max', f'{Q}prop=extlinks&titles={ET}&ellimit=max')
add('extlinks-missing', f'{Q}prop=extlinks&titles=Nonexistent_page_xyz')
# one page: el_from is left out of the order and of the continue value
add('extlinks-one-page-limit2', f'{Q}prop=extlinks&titles=Cat&ellimit=2', follow=True)
# extras: an unknown protocol, a bad continue value
add('extlinks-protocol-bad', f'{Q}prop=extlinks&titles={ET}&elprotocol=gopher2')
add('extlinks-bad-continue', f'{Q}prop=extlinks&titles={ET}&elcontinue=abc')

# ---- prop=pageprops ------------------------------------------------------------------------
# Category:Hidden_maintenance (16): hiddencat; Cat (37): displaytitle, noindex, notoc; Chicken (44):
# defaultsort, displaytitle; Help:Editing (27): newsectionlink; São_Paulo (114): displaytitle, noindex;
# Sheep (41): none.
PT = 'Category:Hidden_maintenance|Cat|Chicken|Help:Editing|São_Paulo|Sheep'
add('pageprops-default', f'{Q}prop=pageprops&titles={PT}')
add('pageprops-hiddencat', f'{Q}prop=pageprops&titles={PT}&ppprop=hiddencat')
add('pageprops-two-props', f'{Q}prop=pageprops&titles={PT}&ppprop=displaytitle|noindex')
add('pageprops-unknown-prop', f'{Q}prop=pageprops&titles={PT}&ppprop=nonexistent_prop')
add('pageprops-one-page', f'{Q}prop=pageprops&titles=Cat')
add('pageprops-many-pages', f'{Q}prop=pageprops&titles=Dog|Whale|Shark|Turtle|Ant|Butterfly|Tiger|Bear|Fox'
    '|Banana|Oak|Maple|Tulip|Fern|Cactus|Wheat|Rice|Grape|Madrid|London|Vienna|Lima|Toronto|Łódź|東京タワー|100_(number)')
add('pageprops-missing', f'{Q}prop=pageprops&titles=Nonexistent_page_xyz|Cat')
add('pageprops-generator-categories', f'{Q}generator=categories&titles=Whale|Banana|Lisbon&prop=pageprops')
add('pageprops-generator-allpages', f'{Q}generator=allpages&gaplimit=10&prop=pageprops', follow='batch')
# a hand-made continue value: ppcontinue is a page id, pages with a smaller id get no pageprops
add('pageprops-continue-40', f'{Q}prop=pageprops&titles={PT}&ppcontinue=40')
add('pageprops-bad-continue', f'{Q}prop=pageprops&titles={PT}&ppcontinue=abc')

# ---- prop=categoryinfo ---------------------------------------------------------------------
# Category:Animals (11; 30 pages), Category:Hidden_maintenance (16; hiddencat, 8 pages),
# Category:Empty_category (19; 0), Category:Nonexistent_xyz (no page, no category row).
add('categoryinfo-default', f'{Q}prop=categoryinfo&titles=Category:Animals|Category:Hidden_maintenance'
    '|Category:Empty_category|Category:Nonexistent_xyz')
# Category:Pages_with_broken_file_links (category row, no page), Category:Beasts (a redirect, row with 0),
# Category:Living_things (2 pages, 2 subcats), Category:Images (a file), Cat (not a category)
add('categoryinfo-more', f'{Q}prop=categoryinfo&titles=Category:Pages_with_broken_file_links|Category:Beasts'
    '|Category:Living_things|Category:Images|Cat')
add('categoryinfo-generator-categories', f'{Q}generator=categories&titles=Whale&prop=categoryinfo')
add('categoryinfo-generator-categories-three', f'{Q}generator=categories&titles=Whale|Banana|Lisbon&prop=categoryinfo')
add('categoryinfo-generator-allpages', f'{Q}generator=allpages&gapnamespace=14&prop=categoryinfo', follow='batch')
# a hand-made continue value: cicontinue is a category name (cat_title >= value); any string is accepted
add('categoryinfo-continue-Fruits', f'{Q}prop=categoryinfo&titles=Category:Animals|Category:Hidden_maintenance'
    '|Category:Empty_category|Category:Fruits|Category:Stubs&cicontinue=Fruits')
add('categoryinfo-bad-continue', f'{Q}prop=categoryinfo&titles=Category:Animals&cicontinue=abc')

# ---- paraminfo (fv1 only) ------------------------------------------------------------------
add('paraminfo-links2-modules', 'action=paraminfo&modules=query+linkshere|query+transcludedin|query+fileusage'
    '|query+redirects|query+langlinks|query+iwlinks|query+extlinks|query+pageprops|query+categoryinfo',
    fv2=False)

cap.run()
