#!/usr/bin/env python3
"""Captures MediaWiki 1.39's answers to the read actions around the query layer
(`opensearch`, `expandtemplates`) and to answers in the `php` and `xml` formats, for
tests/tests/actions.rs.

    tools/capture.py actions BASE_URL

JSON answers go through oracle_capture.py (NAME.json, NAME.fv2.json). Answers in other
formats are stored as text: formats/NAME.json = {"request", "status", "content-type",
"mediawiki-api-error", "body"}, the request sent exactly as written.

    tools/capture.py actions BASE_URL --feeds-only

captures only the feeds (FEEDS below: feed<action>/feed-*.json, which also keep the "cache-control",
"content-disposition" and "vary" headers). MediaWiki's feeds reckon their windows (feedrecentchanges'
`days`, feedwatchlist's `hours`) from PHP's time(), which ORACLE_NOW does not freeze: serve the
oracle with libfaketime (Debian's `faketime` package) starting the process clock at the same
instant, and capture within half an hour of starting it (`hours=1` must still reach the fixture's
changes, 23:31:50 to 23:32:36):

    LD_PRELOAD=/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1 FAKETIME="@2026-11-22 00:00:00" \
      FAKETIME_DONT_FAKE_MONOTONIC=1 PHP_CLI_SERVER_WORKERS=2 shared/oracle/serve-fixture.sh 8081 DIR

(a clock frozen outright, FAKETIME without "@", hangs PHP's uniqid() and so the second template
a request compiles).
"""
import json
import os
import sys

import requests

from oracle_capture import ADMIN, USER, Capture  # noqa: E402

base, out = sys.argv[1], sys.argv[2]
FEEDS_ONLY = '--feeds-only' in sys.argv[3:]
cap = Capture(base, out, folders={'exportnowrap': 'export'})

# The feeds (RSS 2.0 and Atom), stored as text like RAW below. Values are written encoded as they
# are sent (Atom's <id> and self link repeat the request URI exactly). The fixture's changes lie
# between 23:31:50 and 23:32:36 on 2026-11-21, so every `days`/`hours` window reaches all of them;
# `from`, `limit`, the namespaces and the filters narrow them. MediaWiki prints the errors of
# these modules with its default format (jsonfm: an HTML page whose wgRequestId and
# wgBackendResponseTime change at each request).
RC, UC, WL = 'action=feedrecentchanges', 'action=feedcontributions', 'action=feedwatchlist'
FEEDS = [
    # feedrecentchanges: defaults (days=7, limit=50, rss) in both formats, then each parameter
    ('feed-recentchanges', None, RC),
    ('feed-recentchanges-atom', None, RC + '&feedformat=atom'),
    ('feed-recentchanges-limit5', None, RC + '&limit=5'),
    ('feed-recentchanges-limit5-atom', None, RC + '&limit=5&feedformat=atom'),
    ('feed-recentchanges-limit-zero', None, RC + '&limit=0'),
    ('feed-recentchanges-limit-over-max', None, RC + '&limit=51&namespace=0'),
    ('feed-recentchanges-limit-bad', None, RC + '&limit=abc'),
    ('feed-recentchanges-namespace', None, RC + '&namespace=1&limit=10'),
    ('feed-recentchanges-namespace-invert', None, RC + '&namespace=0&invert=1&limit=12'),
    ('feed-recentchanges-namespace-associated', None, RC + '&namespace=1&associated=1&limit=12'),
    ('feed-recentchanges-namespace-associated-invert', None, RC + '&namespace=0&associated=1&invert=1&limit=12&feedformat=atom'),
    ('feed-recentchanges-namespace-bad', None, RC + '&namespace=999'),
    ('feed-recentchanges-days', None, RC + '&days=1&limit=3'),
    ('feed-recentchanges-days-zero', None, RC + '&days=0&limit=3'),
    ('feed-recentchanges-from', None, RC + '&from=2026-11-21T23:32:30Z'),
    ('feed-recentchanges-from-before-cutoff', None, RC + '&from=20200101000000&limit=3'),
    ('feed-recentchanges-from-bad', None, RC + '&from=yesterday'),
    ('feed-recentchanges-ns0-from', None, RC + '&namespace=0&from=20261121233225'),
    ('feed-recentchanges-hideminor', None, RC + '&namespace=0&from=20261121233225&hideminor=1'),
    ('feed-recentchanges-hideanons', None, RC + '&hideanons=1&limit=3'),
    ('feed-recentchanges-hideliu', None, RC + '&hideliu=1&limit=8'),
    ('feed-recentchanges-hideanons-hideliu', None, RC + '&hideanons=1&hideliu=1&limit=3'),
    ('feed-recentchanges-hidepatrolled', None, RC + '&hidepatrolled=1&limit=5'),
    ('feed-recentchanges-hidepatrolled.admin', 'admin', RC + '&hidepatrolled=1&limit=5'),
    ('feed-recentchanges-hidemyself', None, RC + '&hidemyself=1&limit=2'),
    ('feed-recentchanges-hidemyself.admin', 'admin', RC + '&hidemyself=1&limit=5'),
    ('feed-recentchanges-hidecategorization', None, RC + '&hidecategorization=1&limit=2'),
    ('feed-recentchanges-tagfilter', None, RC + '&tagfilter=fixture-tag'),
    ('feed-recentchanges-tagfilter-two', None, RC + '&tagfilter=fixture-tag|mw-new-redirect&limit=15'),
    ('feed-recentchanges-tagfilter-unknown', None, RC + '&tagfilter=no-such-tag'),
    ('feed-recentchanges-target', None, RC + '&target=Cat'),
    ('feed-recentchanges-target-hidebots', None, RC + '&target=Cat&hidebots=1'),
    ('feed-recentchanges-target-atom', None, RC + '&target=Cat&hidebots=1&feedformat=atom'),
    ('feed-recentchanges-target-linkedto', None, RC + '&target=Cat&showlinkedto=1&limit=16'),
    # Sheep's edits 288 and 289 (same user) come out of the query oldest first and are merged
    # into one item diffing revision 266 with itself
    ('feed-recentchanges-target-linkedto-merged', None, RC + '&target=Cat&showlinkedto=1'),
    ('feed-recentchanges-target-category', None, RC + '&target=Category:Animals&limit=15'),
    # Dog's revision 261 is suppressed: its diff to 262 shows to Admin, not to the anonymous
    ('feed-recentchanges-target-suppressed.admin', 'admin', RC + '&target=Cat&limit=8'),
    ('feed-recentchanges-target-missing', None, RC + '&target=No_such_page'),
    ('feed-recentchanges-target-bad', None, RC + '&target=%5B%5B'),
    ('feed-recentchanges-ctype', None, RC + '&limit=1&ctype=application/rss%2Bxml'),
    ('feed-recentchanges-ctype-not-allowed', None, RC + '&limit=1&feedformat=atom&ctype=text/html'),
    ('feed-recentchanges-maxage', None, RC + '&limit=1&smaxage=60&maxage=30'),
    ('feed-recentchanges-feedformat-bad', None, RC + '&feedformat=json'),
    ('feed-recentchanges.admin', 'admin', RC + '&limit=2&feedformat=atom'),
    # feedcontributions: `user` (a name, an IP, ranges, an imported name, an id), every filter
    ('feed-contributions', None, UC + '&user=Alice'),
    ('feed-contributions-atom', None, UC + '&user=Alice&feedformat=atom'),
    ('feed-contributions-ip', None, UC + '&user=192.0.2.10'),
    ('feed-contributions-range', None, UC + '&user=198.51.100.0/24&feedformat=atom'),
    ('feed-contributions-range-ipv6', None, UC + '&user=2001:DB8::/64'),
    ('feed-contributions-imported', None, UC + '&user=imported%3EExternalUser'),
    ('feed-contributions-user-id', None, UC + '&user=%233&limit=2'),
    ('feed-contributions-lower-case', None, UC + '&user=bob&limit=2'),
    ('feed-contributions-unknown-user', None, UC + '&user=Nobody123&feedformat=atom'),
    ('feed-contributions-missing-user', None, UC),
    ('feed-contributions-bad-user', None, UC + '&user=Foo|Bar'),
    ('feed-contributions-namespace', None, UC + '&user=Alice&namespace=1'),
    ('feed-contributions-year', None, UC + '&user=Alice&year=2025'),
    ('feed-contributions-month', None, UC + '&user=Bob&month=11&limit=3'),
    ('feed-contributions-month-future', None, UC + '&user=Bob&month=12'),
    ('feed-contributions-tagfilter', None, UC + '&user=Alice&tagfilter=fixture-tag&limit=3'),
    ('feed-contributions-deletedonly', None, UC + '&user=Carol&deletedonly=1'),
    ('feed-contributions-deletedonly.admin', 'admin', UC + '&user=Mallory&deletedonly=1&feedformat=atom'),
    ('feed-contributions-suppressed', None, UC + '&user=Mallory'),
    ('feed-contributions-toponly', None, UC + '&user=Bob&toponly=1'),
    ('feed-contributions-newonly', None, UC + '&user=Bob&newonly=1&limit=5'),
    ('feed-contributions-hideminor', None, UC + '&user=FixtureBot&hideminor=1'),
    ('feed-contributions-showsizediff', None, UC + '&user=Carol&showsizediff=1&limit=3'),
    ('feed-contributions-limit-offset', None, UC + '&user=Alice&limit=2&offset=20261121233226'),
    ('feed-contributions-dir-prev', None, UC + '&user=Alice&limit=2&dir=prev'),
    ('feed-contributions-feedformat-bad', None, UC + '&user=Alice&feedformat=json'),
    # feedwatchlist: anonymous (an error item), Admin's and Alice's lists, each parameter
    ('feed-watchlist', None, WL),
    ('feed-watchlist-atom', None, WL + '&feedformat=atom'),
    ('feed-watchlist.admin', 'admin', WL),
    ('feed-watchlist-atom.admin', 'admin', WL + '&feedformat=atom'),
    ('feed-watchlist.user', 'user', WL),
    ('feed-watchlist-allrev.admin', 'admin', WL + '&allrev=1'),
    # Alice sees neither the user nor the comment of Dog's suppressed revisions, nor the comment
    # Horse's revision 264 hides
    ('feed-watchlist-allrev.user', 'user', WL + '&allrev=1&feedformat=atom'),
    ('feed-watchlist-hours.admin', 'admin', WL + '&hours=1&feedformat=atom'),
    ('feed-watchlist-hours-over-max.admin', 'admin', WL + '&hours=100'),
    ('feed-watchlist-linktosections.admin', 'admin', WL + '&linktosections=1'),
    ('feed-watchlist-excludeuser.admin', 'admin', WL + '&wlexcludeuser=Admin'),
    ('feed-watchlist-show', None, WL + '&wlshow=minor'),
    ('feed-watchlist-type', None, WL + '&wltype=log&feedformat=atom'),
    ('feed-watchlist-token', None, WL + '&wlowner=Admin&wltoken=0123456789abcdef'),
    ('feed-watchlist-token-atom', None, WL + '&wlowner=Alice&wltoken=0123456789abcdef&feedformat=atom'),
    ('feed-watchlist-token-no-owner', None, WL + '&wlowner=Nobody123&wltoken=0123456789abcdef'),
    ('feed-watchlist-feedformat-bad', None, WL + '&feedformat=json'),
]


def capture_feeds():
    creds = {None: None, 'admin': ADMIN, 'user': USER}
    for name, who, query in FEEDS:
        r = cap.get(creds[who], query)
        # feed-contributions-... -> feedcontributions/
        folder = os.path.join(out, 'feed' + name.split('-')[1])
        os.makedirs(folder, exist_ok=True)
        with open(os.path.join(folder, name + '.json'), 'w') as f:
            json.dump({'request': 'GET /api.php?' + query, 'status': r.status_code,
                       'content-type': r.headers.get('Content-Type'),
                       'mediawiki-api-error': r.headers.get('MediaWiki-API-Error'),
                       'cache-control': r.headers.get('Cache-Control'),
                       'content-disposition': r.headers.get('Content-Disposition'),
                       'vary': r.headers.get('Vary'),
                       'body': r.text}, f, ensure_ascii=False, indent=1)
            f.write('\n')
    print('captured', len(FEEDS), 'feeds into', out)


if FEEDS_ONLY:
    capture_feeds()
    sys.exit(0)

OS = 'action=opensearch'
for name, q in [
    ('opensearch-prefix', '&search=Ma'),
    ('opensearch-non-ascii', '&search=Caf'),
    ('opensearch-lower-case', '&search=kitt'),
    ('opensearch-limit1', '&search=Ma&limit=1'),
    ('opensearch-limit-max', '&search=P&limit=max'),
    ('opensearch-limit-over-max', '&search=P&limit=600'),
    ('opensearch-limit-zero', '&search=P&limit=0'),
    ('opensearch-limit-bad', '&search=P&limit=abc'),
    ('opensearch-namespaces', '&search=M&namespace=0|1|4'),
    ('opensearch-namespace-all', '&search=Ma&namespace=*'),
    ('opensearch-namespace-bad', '&search=Ma&namespace=0|999'),
    ('opensearch-namespace-empty', '&search=P&limit=3&redirects=resolve&warningsaserror=1&namespace='),
    ('opensearch-category-prefix', '&search=Category:A'),
    ('opensearch-namespace-name-lower', '&search=category:a'),
    ('opensearch-special', '&search=Special:Rec'),
    ('opensearch-special-all', '&search=Special:'),
    ('opensearch-redirects-default', '&search=Kitt'),
    ('opensearch-redirects-resolve', '&search=Kitt&redirects=resolve'),
    ('opensearch-redirects-return', '&search=Kitt&redirects=return'),
    ('opensearch-redirects-bad', '&search=Kitt&redirects=follow'),
    ('opensearch-exact-first', '&search=Cat'),
    ('opensearch-exact-redirect', '&search=Kitty&redirects=resolve'),
    ('opensearch-underscores', '&search=Main_P'),
    ('opensearch-trailing-space', '&search=Main '),
    ('opensearch-empty', '&search='),
    ('opensearch-spaces', '&search=  '),
    ('opensearch-nothing', '&search=Zzzz'),
    ('opensearch-bad-title', '&search=[[x'),
    ('opensearch-missing-search', ''),
    ('opensearch-suggest', '&search=Ma&suggest=1'),
    ('opensearch-suggest-as-error', '&search=Ma&suggest=1&warningsaserror=1'),
    ('opensearch-unknown-param', '&search=Ma&bogus=1'),
    ('opensearch-unknown-param-as-error', '&search=Ma&bogus=1&warningsaserror=1'),
    ('opensearch-format-bad', '&search=Ma&format=php'),
    ('opensearch-echoed-fields', '&search=Ma&requestid=7&curtimestamp=1&servedby=1&responselanginfo=1'),
    ('opensearch-errorformat', '&search=Ma&bogus=1&warningsaserror=1&errorformat=plaintext'),
    ('opensearch-user-namespace', '&search=User:A'),
    ('opensearch-talk', '&search=Talk:'),
]:
    cap.add(name, OS + q)

ET = 'action=expandtemplates'
ALL = 'wikitext|categories|properties|volatile|ttl|modules|jsconfigvars|encodedjsconfigvars|parsetree'
for name, q in [
    ('expandtemplates-legacy', '&text={{Infobox}}&title=Lion'),
    ('expandtemplates-legacy-no-title', '&text={{PAGENAME}}/{{NAMESPACE}}'),
    ('expandtemplates-wikitext', '&text={{Box|x}} and {{Nav}}&prop=wikitext&title=Cat'),
    ('expandtemplates-every-prop', '&text={{Infobox}} [[Category:X]] {{DISPLAYTITLE:Foo}} {{DEFAULTSORT:Bar}} '
     '{{Infobox|a=1|a=2}} <!-- c -->&title=Lion&prop=' + ALL),
    ('expandtemplates-display-title-shown', '&text={{DISPLAYTITLE:lion}}{{DISPLAYTITLE:Lion|noreplace}}'
     '&title=Lion&prop=properties|categories|wikitext'),
    ('expandtemplates-default-sort-noreplace', '&text={{DEFAULTSORT:Bar}}{{DEFAULTSORT:Baz|noreplace}}{{Box|1=a|a}}'
     '&title=Lion&prop=properties|categories|wikitext'),
    ('expandtemplates-duplicate-args', '&text={{Sig|1=a|a}}{{Sig|b=1|b=2}}&title=Help:X&prop=categories|wikitext'),
    ('expandtemplates-duplicate-args-special', '&text={{Sig|1=a|a}}&title=Special:Version&prop=categories'),
    ('expandtemplates-nothing-set', '&text=plain&prop=categories|properties|volatile|ttl'),
    ('expandtemplates-empty-prop', '&text=a&prop='),
    ('expandtemplates-parsetree-only', '&text={{a|b=c}}<!-- x --><includeonly>i</includeonly>&prop=parsetree'),
    ('expandtemplates-comments', '&text=a<!--x-->\n<!-- y -->\nb{{Box|<!-- z -->q}}&prop=wikitext&includecomments=1'),
    ('expandtemplates-comments-dropped', '&text=a<!--x-->\n<!-- y -->\nb&prop=wikitext'),
    ('expandtemplates-modules', '&text=a&prop=modules'),
    ('expandtemplates-modules-vars', '&text=a&prop=modules|jsconfigvars|encodedjsconfigvars&showstrategykeys=1'),
    ('expandtemplates-generatexml', '&text={{Box}}&generatexml=1'),
    ('expandtemplates-generatexml-with-prop', '&text=a&generatexml=1&prop=wikitext'),
    ('expandtemplates-revid', '&text={{PAGENAME}}&revid=5&prop=wikitext'),
    ('expandtemplates-revid-other-page', '&text={{PAGENAME}}&revid=5&title=Lion&prop=wikitext'),
    ('expandtemplates-revid-missing', '&text=x&revid=99999&prop=wikitext'),
    ('expandtemplates-bad-title', '&text=x&title=[[&prop=wikitext'),
    ('expandtemplates-interwiki-title', '&text=x&title=en:Foo&prop=wikitext'),
    ('expandtemplates-special-title', '&text={{FULLPAGENAME}}&title=Special:Version&prop=wikitext'),
    ('expandtemplates-talk-title', '&text={{TALKPAGENAME}}|{{SUBJECTPAGENAME}}|{{BASEPAGENAME}}&title=User:Alice/Sub/Page&prop=wikitext'),
    ('expandtemplates-missing-text', '&title=Lion&prop=wikitext'),
    ('expandtemplates-bad-prop', '&text=a&prop=wikitext|html'),
    ('expandtemplates-missing-template', '&text={{No such template}} {{:Cat}} {{Template:Stub}}&prop=wikitext'),
    ('expandtemplates-arguments', '&text={{{1|default}}} {{{named}}} {{Box|{{{x|y}}}}}&prop=wikitext'),
    ('expandtemplates-subst', '&text={{subst:Box}} {{safesubst:Box}} {{msgnw:Box}}&prop=wikitext'),
    ('expandtemplates-functions', '&text={{lc:ABC}} {{uc:abc}} {{ns:4}} {{ns:Project}} {{urlencode:a b}}&prop=wikitext'),
    ('expandtemplates-tags', '&text=<nowiki>{{Box}}</nowiki> <pre>{{Box}}</pre> <gallery>x</gallery>&prop=wikitext'),
    ('expandtemplates-unknown-param', '&text=a&prop=wikitext&bogus=1'),
    ('expandtemplates-formatnum', '&text={{formatnum:1234567.50}} {{formatnum:-0001234}} {{formatnum:1e5}} '
     '{{formatnum:.5}} {{formatnum:5.}} {{formatnum:1e400}} {{formatnum:1.23456789e2}}&prop=wikitext|categories'),
    ('expandtemplates-formatnum-text', '&text={{formatnum:about 12345 and 6789.5 km}}&prop=wikitext|categories'),
    ('expandtemplates-formatnum-forms', '&text={{formatnum:\u22121,234,567.5|R}} {{formatnum:-1234567|NOSEP}} '
     '{{formatnum:\u221e|R}} {{formatnum:-1234567| nosep }}&prop=wikitext|categories'),
    ('expandtemplates-statistics', '&text={{NUMBEROFPAGES}} {{NUMBEROFARTICLES}} {{NUMBEROFFILES}} {{NUMBEROFUSERS}} '
     '{{NUMBEROFACTIVEUSERS}} {{NUMBEROFEDITS}} {{NUMBEROFEDITS:R}} {{NUMBEROFADMINS}} {{NUMBERINGROUP:sysop}} '
     '{{NUMBERINGROUP:Bureaucrat|R}}&prop=wikitext|ttl|volatile'),
    ('expandtemplates-pagesincategory', '&text={{PAGESINCATEGORY:Animals}} {{PAGESINCATEGORY:Plants|pages}} '
     '{{PAGESINCATEGORY:Plants|subcats}} {{PAGESINCATEGORY:Images|files}} {{PAGESINCATEGORY:Living things|R|subcats}} '
     '{{PAGESINCATEGORY:<bla>}} {{PAGESINCATEGORY:Category:Animals}} {{PAGESINCAT:Stubs}}&prop=wikitext'),
    ('expandtemplates-tag', '&text={{#tag:nowiki|a{{!}}b}} {{#tag:ref|note|name="n"|group=g|2=x}} '
     "{{#tag:pre|x|class='c'|id=i}} {{#tag:span|y|title=a<b}} {{#tag:gallery}} {{#tag:BR}}&prop=wikitext"),
    ('expandtemplates-formatdate', '&text={{#formatdate:2009-03-24}} {{#formatdate:2009-03-24|mdy}} '
     '{{#formatdate:24 Mar 2009|ymd}} {{#formatdate:44 BC March 15|dmy}} {{#formatdate:june 3|dmy}} '
     '{{#formatdate:2019-22-22|dmy}} {{#formatdate:January 15}} {{#formatdate:15_May, 2001|ISO 8601}} '
     '{{#formatdate:tomorrow}}&prop=wikitext'),
    ('expandtemplates-languages', '&text={{#language:de}} {{#language:DE|en}} {{#language:xyz}} {{#language:en-gb}} '
     '{{PAGELANGUAGE}} {{CONTENTLANGUAGE}}&prop=wikitext&title=MediaWiki:Foo/de'),
]:
    cap.add(name, ET + q)
    cap.add(name + '.admin', ET + q, cred=ADMIN)

CMP = 'action=compare'
ALLP = 'diff|diffsize|rel|ids|title|user|comment|parsedcomment|size|timestamp'
for name, q in [
    ('compare-revisions', '&fromrev=43&torev=294'),
    ('compare-every-prop', '&fromrev=43&torev=294&prop=' + ALLP),
    ('compare-pages', '&fromtitle=Dog&totitle=Cat&prop=ids|title|size|diffsize'),
    ('compare-page-ids', '&fromid=37&toid=1&prop=ids|title|rel'),
    ('compare-same', '&fromrev=294&torev=294&prop=diff|diffsize|ids'),
    # Dog's revisions 260 and 261 are suppressed (text, comment, user); Cat's 44 hides comment and
    # user, Lion's 264 the comment
    ('compare-suppressed', '&fromrev=43&torev=260&prop=' + ALLP),
    ('compare-suppressed-from', '&fromrev=261&torev=262&prop=' + ALLP),
    ('compare-hidden-user', '&fromrev=44&torelative=next&prop=' + ALLP),
    ('compare-hidden-comment', '&fromrev=264&torelative=prev&prop=' + ALLP),
    ('compare-relative-prev', '&fromrev=262&torelative=prev&prop=ids|rel|diffsize'),
    ('compare-relative-prev-first', '&fromrev=43&torelative=prev&prop=ids|rel|diff'),
    ('compare-relative-next', '&fromrev=262&torelative=next&prop=ids|rel|diffsize'),
    ('compare-relative-next-last', '&fromrev=294&torelative=next&prop=ids|rel|diff'),
    ('compare-relative-cur', '&fromrev=43&torelative=cur&prop=ids|rel|diffsize'),
    ('compare-relative-title', '&fromtitle=Cat&torelative=prev&prop=ids|title'),
    ('compare-relative-text', '&fromtext=x&torelative=prev'),
    ('compare-texts', '&fromtext=Hello\nworld&totext=Hello\nthere\nworld&prop=diff|diffsize|ids|title'),
    ('compare-text-and-page', '&fromtitle=Dog&totext=Just a dog.&prop=diff|ids|title|rel'),
    ('compare-text-on-revision', '&fromrev=43&fromslots=main&fromtext-main=Changed.&torev=294&prop=diff|ids'),
    ('compare-slots', '&fromslots=main&fromtext-main=a\nb&totitle=Cat&prop=diff|diffsize'),
    ('compare-slots-no-text', '&fromslots=main&totitle=Cat'),
    ('compare-slots-and-text', '&fromtext=a&fromslots=main&totitle=Cat'),
    ('compare-section', '&fromrev=43&torev=294&fromsection=0&tosection=1&prop=diff|ids'),
    ('compare-no-such-section', '&fromrev=43&torev=260&fromsection=9'),
    ('compare-bodies', '&fromrev=43&torev=294&slots=main&prop=diff|diffsize'),
    ('compare-bodies-all', '&fromrev=43&torev=294&slots=*&prop=diff'),
    ('compare-pst', '&fromtext=a  \n&frompst=1&fromtitle=Cat&totext=b'),
    ('compare-pst-no-title', '&fromtext=a&frompst=1&totext=b'),
    ('compare-models', '&fromtitle=User:Alice/common.css&totitle=User:Alice/common.js&prop=diff|ids|title|size'),
    ('compare-model-given', '&fromtitle=Cat&fromtext=a&fromcontentmodel=json&totext=b'),
    ('compare-css-text', '&fromtitle=MediaWiki:Common.css&totext=body {}&prop=diff|ids'),
    ('compare-missing-title', '&fromtitle=Nope&totitle=Cat'),
    ('compare-bad-title', '&fromtitle=[[&totitle=Cat'),
    ('compare-interwiki-title', '&fromtitle=en:Cat&totitle=Cat'),
    ('compare-no-page-id', '&fromid=999999&totitle=Cat'),
    ('compare-no-revision', '&fromrev=999999&totitle=Cat'),
    ('compare-deleted-revision', '&fromrev=275&totitle=Cat'),
    ('compare-no-from', '&totitle=Cat'),
    ('compare-no-to', '&fromtitle=Cat'),
    ('compare-bad-relative', '&fromtitle=Cat&torelative=first'),
    ('compare-bad-prop', '&fromrev=43&torev=294&prop=ids|bogus'),
    ('compare-difftype', '&fromrev=43&torev=294&difftype=table&prop=ids'),
]:
    cap.add(name, CMP + q)
    cap.add(name + '.admin', CMP + q, cred=ADMIN)

EXP = 'action=query&export'
for name, q in [
    ('export-titles', '&titles=Dog|Kitty|Nope'),
    ('export-schema-0.10', '&titles=Cat&exportschema=0.10'),
    ('export-generator', '&generator=allpages&gapnamespace=10&gaplimit=4'),
    ('export-with-modules', '&titles=Cat&list=allpages&aplimit=2&prop=info'),
    ('export-css-page', '&titles=User:Alice/common.css|MediaWiki:Common.css'),
    ('export-nothing', ''),
    ('export-bad-schema', '&titles=Cat&exportschema=0.9'),
    ('exportnowrap-alone', 'nowrap&titles=Cat'),
]:
    cap.add(name, EXP + q)

cap.run()

# Answers as text, in the formats other than JSON.
RAW = [
    ('opensearch-xml', OS + '&search=Kitt&format=xml'),
    ('opensearch-xml-return', OS + '&search=Kitt&format=xml&redirects=return'),
    ('opensearch-xml-warnings', OS + '&search=Ma&limit=2&format=xml&bogus=1'),
    ('opensearch-xml-nothing', OS + '&search=Zzzz&format=xml'),
    ('opensearch-xml-empty', OS + '&search=&format=xml'),
    ('opensearch-xml-special', OS + '&search=Special:Rec&format=xml'),
    ('opensearch-xml-escaped', OS + '&search=Rock%20%26&format=xml'),
    ('opensearch-xml-non-ascii', OS + '&search=Caf&format=xml'),
    ('opensearch-json-utf8', OS + '&search=Kitt&format=json&redirects=resolve&formatversion=2&utf8=1'),
    ('opensearch-xml-bad-limit', OS + '&search=Ma&limit=abc&format=xml'),
    ('opensearch-jsonp', OS + '&search=Ma&callback=suggest'),
    ('opensearch-php', OS + '&search=Ma&format=php'),
    ('php-allpages', 'action=query&list=allpages&aplimit=3&format=php'),
    ('php-allpages-fv2', 'action=query&list=allpages&aplimit=3&format=php&formatversion=2'),
    ('php-pages', 'action=query&titles=Cat|Nope&prop=info&format=php'),
    ('php-pages-fv2', 'action=query&titles=Cat|Nope&prop=info&format=php&formatversion=2'),
    ('php-siteinfo', 'action=query&meta=siteinfo&siprop=namespaces|namespacealiases&format=php'),
    ('php-userinfo', 'action=query&meta=userinfo&uiprop=groups|rights&format=php&formatversion=2'),
    ('php-warnings', 'action=query&list=allpages&aplimit=2&bogus=1&format=php'),
    ('php-warnings-plaintext', 'action=query&list=allpages&aplimit=2&bogus=1&format=php&errorformat=plaintext&formatversion=2'),
    ('php-error', 'action=query&list=allpages&apnamespace=abc&format=php'),
    ('php-json-params', 'action=query&meta=userinfo&format=php&utf8=1&callback=x'),
    ('php-bad-formatversion', 'action=query&meta=userinfo&format=php&formatversion=9'),
    ('php-unknown-action', 'action=nope&format=php'),
    ('xml-userinfo', 'action=query&meta=userinfo&format=xml'),
    ('xml-tokens', 'action=query&meta=tokens&format=xml'),
    ('xml-formatversion', 'action=query&meta=userinfo&format=xml&formatversion=2'),
    ('xml-warnings', 'action=query&meta=userinfo&bogus=1&format=xml'),
    ('xml-warnings-plaintext', 'action=query&meta=userinfo&bogus=1&format=xml&errorformat=plaintext'),
    ('xml-error', 'action=nope&format=xml'),
    ('xml-error-plaintext', 'action=nope&format=xml&errorformat=plaintext'),
    ('xml-missing-param', 'action=checktoken&format=xml'),
    ('xml-checktoken', 'action=checktoken&type=csrf&token=%2B%5C&format=xml'),
    ('xml-json-params', 'action=query&meta=userinfo&format=xml&utf8=1'),
    ('none-json-params', 'action=query&meta=userinfo&format=none&utf8=1'),
    ('xml-allpages', 'action=query&list=allpages&aplimit=5&format=xml'),
    ('xml-allpages-continue', 'action=query&list=allpages&aplimit=2&apfrom=B&format=xml'),
    ('xml-allcategories', 'action=query&list=allcategories&aclimit=5&acprop=size|hidden&format=xml'),
    ('xml-alllinks', 'action=query&list=alllinks&allimit=5&alprop=ids|title&format=xml'),
    ('xml-allredirects', 'action=query&list=allredirects&arlimit=5&arprop=ids|title|fragment|interwiki&format=xml'),
    ('xml-alltransclusions', 'action=query&list=alltransclusions&atlimit=5&atprop=ids|title&format=xml'),
    ('xml-allfileusages', 'action=query&list=allfileusages&aflimit=5&afprop=ids|title&format=xml'),
    ('xml-categorymembers', 'action=query&list=categorymembers&cmtitle=Category:Animals&cmlimit=5&cmprop=ids|title|sortkeyprefix|type|timestamp&format=xml'),
    ('xml-prefixsearch', 'action=query&list=prefixsearch&pssearch=Ca&format=xml'),
    ('xml-pagepropnames', 'action=query&list=pagepropnames&format=xml'),
    ('xml-protectedtitles', 'action=query&list=protectedtitles&ptprop=timestamp|user|comment|expiry|level&format=xml'),
    ('xml-exturlusage', 'action=query&list=exturlusage&eulimit=5&format=xml'),
    ('xml-iwbacklinks', 'action=query&list=iwbacklinks&iwbllimit=5&iwblprop=iwprefix|iwtitle&format=xml'),
    ('xml-langbacklinks', 'action=query&list=langbacklinks&lbllimit=5&lblprop=lllang|lltitle&format=xml'),
    ('xml-pageswithprop', 'action=query&list=pageswithprop&pwppropname=defaultsort&pwpprop=ids|title|value&format=xml'),
    ('xml-embeddedin', 'action=query&list=embeddedin&eititle=Template:Infobox&eilimit=5&format=xml'),
    ('xml-imageusage', 'action=query&list=imageusage&iutitle=File:Example.png&format=xml'),
    ('xml-backlinks', 'action=query&list=backlinks&bltitle=Cat&blredirect=1&bllimit=10&format=xml'),
    ('xml-pages', 'action=query&titles=Cat|Nope|Kitty|cat&redirects=1&prop=info&format=xml'),
    ('xml-pages-links', 'action=query&titles=Cat|Dog&prop=links|templates|categories|images&pllimit=50&tllimit=50&cllimit=50&format=xml'),
    ('xml-pages-links-props', 'action=query&titles=Cat&prop=categories|extlinks|iwlinks|langlinks&clprop=sortkey|timestamp|hidden&iwprop=url&llprop=url|langname|autonym&format=xml'),
    ('xml-pages-backlinks', 'action=query&titles=Cat|File:Example.png|Template:Nav&prop=linkshere|transcludedin|fileusage|redirects&lhlimit=5&tilimit=5&format=xml'),
    ('xml-generator', 'action=query&generator=allpages&gaplimit=3&prop=info&format=xml'),
    ('xml-indexpageids', 'action=query&titles=Cat|Dog&indexpageids=1&format=xml'),
    ('xml-usercontribs', 'action=query&list=usercontribs&ucuser=Alice&uclimit=5&ucprop=ids|title|timestamp|comment|size|flags|tags&format=xml'),
    ('xml-recentchanges', 'action=query&list=recentchanges&rclimit=5&rcprop=title|ids|sizes|flags|user|timestamp|comment|tags&format=xml'),
    ('xml-logevents', 'action=query&list=logevents&lelimit=5&leprop=title|type|user|timestamp|comment|tags&format=xml'),
    ('xml-blocks', 'action=query&list=blocks&bkprop=id|user|by|timestamp|expiry|reason|flags&format=xml'),
    ('xml-allimages', 'action=query&list=allimages&aiprop=timestamp|user|size|sha1|mime&format=xml'),
    ('xml-filearchive', 'action=query&list=filearchive&faprop=sha1|timestamp|user|size|mime&format=xml'),
    ('xml-allusers', 'action=query&list=allusers&aulimit=5&auprop=groups|implicitgroups|rights|editcount|registration&format=xml'),
    ('xml-users', 'action=query&list=users&ususers=Admin|Alice|Nobody&usprop=groups|implicitgroups|rights|editcount|registration|groupmemberships&format=xml'),
    ('xml-search', 'action=query&list=search&srsearch=Tiger&srlimit=3&format=xml'),
    ('xml-info', 'action=query&titles=Dog|Main_Page|Nope&prop=info&inprop=protection|talkid|subjectid|associatedpage|url|displaytitle&format=xml'),
    ('xml-info-protected', 'action=query&titles=Protected_and_moved|Dog&prop=info&inprop=protection&format=xml'),
    ('xml-userinfo-lists', 'action=query&meta=userinfo&uiprop=groups|groupmemberships|implicitgroups|rights|editcount|registrationdate&format=xml'),
    ('export-nowrap', 'action=query&titles=Dog|Nope&export&exportnowrap'),
    ('export-nowrap-redirect', 'action=query&titles=Kitty|Main_Page&export&exportnowrap'),
    ('export-nowrap-0.10', 'action=query&titles=Dog|Horse&export&exportnowrap&exportschema=0.10'),
    ('export-nowrap-templates', 'action=query&generator=allpages&gapnamespace=10&gaplimit=max&export&exportnowrap'),
    ('export-nowrap-users', 'action=query&generator=allpages&gapnamespace=2&gaplimit=max&export&exportnowrap'),
    ('export-nowrap-main', 'action=query&generator=allpages&gaplimit=max&export&exportnowrap'),
    ('export-nowrap-none', 'action=query&titles=Nope&export&exportnowrap'),
    ('export-nowrap-json', 'action=query&titles=Cat&export&exportnowrap&format=json'),
    ('export-nowrap-error-json', 'action=query&titles=Cat&export&exportnowrap&exportschema=0.9&format=json'),
    # The lists of the modules whose items' XML names were still to be learnt: every list and the
    # lists nested in their items (log parameters, file metadata, revision slots, tags, ...).
    ('xml-alldeletedrevisions', 'action=query&list=alldeletedrevisions&adrprop=ids|flags|timestamp|user|comment|size|tags&adrlimit=3&format=xml'),
    ('xml-deletedrevs', 'action=query&list=deletedrevs&drprop=revid|parentid|user|comment|minor|len|tags&drlimit=3&format=xml'),
    ('xml-contributors', 'action=query&prop=contributors&titles=Cat|Dog|Main%20Page|Nope&pclimit=5&format=xml'),
    ('xml-contributors-group', 'action=query&prop=contributors&titles=Cat|Dog&pcgroup=sysop&format=xml'),
    ('xml-imageinfo', 'action=query&prop=imageinfo&titles=File:Example.png|File:Nope.png|File:Obsolete.png&iilimit=3'
     '&iiprop=timestamp|user|userid|comment|parsedcomment|canonicaltitle|url|size|dimensions|sha1|mime|thumbmime|mediatype|bitdepth|archivename|badfile&format=xml'),
    ('xml-imageinfo-metadata', 'action=query&prop=imageinfo&titles=File:Blue%20square.png|File:Diagram.svg|File:Notes.txt'
     '&iiprop=metadata|commonmetadata|extmetadata&format=xml'),
    ('xml-imageinfo-extmetadata-multilang', 'action=query&prop=imageinfo&titles=File:Example.png&iiprop=extmetadata|metadata'
     '&iiextmetadatamultilang=1&iimetadataversion=latest&format=xml'),
    ('xml-imageinfo-thumb', 'action=query&prop=imageinfo&titles=File:Example.png&iiprop=url|size&iiurlwidth=2&format=xml'),
    ('xml-allimages-metadata', 'action=query&list=allimages&ailimit=2&aiprop=metadata|commonmetadata|extmetadata|bitdepth|badfile&format=xml'),
    ('xml-allimages-props', 'action=query&list=allimages&ailimit=2&aiprop=timestamp|user|userid|comment|parsedcomment|canonicaltitle|url|dimensions|mediatype|sha1&format=xml'),
    ('xml-stashimageinfo', 'action=query&prop=stashimageinfo&siifilekey=abc.png&format=xml'),
    ('xml-mystashedfiles', 'action=query&list=mystashedfiles&msfprop=size|type&format=xml'),
    ('xml-duplicatefiles', 'action=query&prop=duplicatefiles&titles=File:Example.png|File:Duplicate%20of%20example.png|File:Blue%20square.png&format=xml'),
    ('xml-duplicatefiles-generator', 'action=query&generator=allimages&gailimit=3&prop=duplicatefiles&dflocalonly=1&format=xml'),
    ('xml-querypage-ancientpages', 'action=query&list=querypage&qppage=Ancientpages&qplimit=2&format=xml'),
    ('xml-querypage-doubleredirects', 'action=query&list=querypage&qppage=DoubleRedirects&format=xml'),
    ('xml-querypage-mostlinked', 'action=query&list=querypage&qppage=Mostlinked&qplimit=3&format=xml'),
    ('xml-querypage-listduplicatedfiles', 'action=query&list=querypage&qppage=ListDuplicatedFiles&format=xml'),
    ('xml-tags', 'action=query&list=tags&tglimit=5&tgprop=active|defined|description|displayname|hitcount|source&format=xml'),
    ('xml-tags-continue', 'action=query&list=tags&tglimit=3&tgcontinue=mw-rollback&tgprop=source|hitcount&format=xml'),
    ('xml-watchlist', 'action=query&list=watchlist&wlprop=ids|title|flags|loginfo|tags&format=xml'),
    ('xml-watchlist-bad-token', 'action=query&list=watchlist&wlowner=Alice&wltoken=0123456789abcdef&format=xml'),
    ('xml-watchlistraw', 'action=query&list=watchlistraw&wrprop=changed&format=xml'),
    ('xml-watchlistraw-bad-token', 'action=query&list=watchlistraw&wrowner=Admin&wrtoken=0123456789abcdef&format=xml'),
    # The wiki's own messages (this server's default texts are its own, not MediaWiki's).
    ('xml-allmessages', 'action=query&meta=allmessages&ammessages=mainpage|sitenotice|nosuchmessage-xyz&format=xml'),
    ('xml-allmessages-customised', 'action=query&meta=allmessages&amcustomised=modified&format=xml'),
    ('xml-filerepoinfo', 'action=query&meta=filerepoinfo&friprop=canUpload|displayname|favicon|initialCapital|local|name|rootUrl|scriptDirUrl|thumbUrl|url&format=xml'),
    ('xml-filerepoinfo-default', 'action=query&meta=filerepoinfo&format=xml'),
] + [('xml-siteinfo-' + p, 'action=query&meta=siteinfo&siprop=' + p + '&format=xml') for p in (
    # `general` and `languagevariants` are pending (RAW_PENDING). `languages`, `libraries`,
    # `extensions` and `showhooks` are left out: this server names languages as the CLDR does and
    # has no extensions, libraries or hooks, so their text could never be MediaWiki's.
    'namespaces', 'namespacealiases', 'specialpagealiases', 'magicwords', 'interwikimap',
    'dbrepllag', 'statistics', 'usergroups', 'fileextensions', 'rightsinfo',
    'restrictions', 'skins', 'extensiontags', 'functionhooks',
    'variables', 'protocols', 'defaultoptions', 'uploaddialog')] + [
    ('xml-siteinfo-usergroups-numberingroup', 'action=query&meta=siteinfo&siprop=usergroups&sinumberingroup=1&format=xml'),
    ('xml-siteinfo-dbrepllag-all', 'action=query&meta=siteinfo&siprop=dbrepllag&sishowalldb=1&format=xml'),
    ('xml-logevents-rights', 'action=query&list=logevents&letype=rights&lelimit=2&leprop=ids|title|type|user|timestamp|comment|details|tags&format=xml'),
    ('xml-logevents-block', 'action=query&list=logevents&letype=block&lelimit=3&leprop=ids|title|type|details|tags&format=xml'),
    ('xml-logevents-delete', 'action=query&list=logevents&letype=delete&lelimit=4&leprop=ids|title|type|details&format=xml'),
    ('xml-logevents-tag', 'action=query&list=logevents&letype=tag&lelimit=2&leprop=ids|title|type|details|tags&format=xml'),
    ('xml-logevents-misc', 'action=query&list=logevents&leaction=merge/merge&leprop=ids|title|type|details&format=xml'),
    ('xml-recentchanges-log-user', 'action=query&list=recentchanges&rctype=log&rctitle=User:Carol&rcprop=title|ids|user|timestamp|comment|loginfo|tags&format=xml'),
    ('xml-recentchanges-log-delete', 'action=query&list=recentchanges&rctype=log&rctitle=Horse&rcprop=title|ids|loginfo|tags&format=xml'),
    ('xml-recentchanges-log-protect', 'action=query&list=recentchanges&rctype=log&rctitle=Cat&rcprop=title|ids|loginfo|tags&format=xml'),
    ('xml-recentchanges-tags', 'action=query&list=recentchanges&rctitle=Lion&rcprop=title|ids|flags|tags|sha1|redirect&format=xml'),
    ('xml-revisions', 'action=query&prop=revisions&titles=Dog&rvprop=ids|flags|timestamp|user|comment|size|tags|content|roles&rvslots=main&rvlimit=3&format=xml'),
    ('xml-revisions-legacy-content', 'action=query&prop=revisions&titles=Cat|Nope&rvprop=ids|content|contentmodel|sha1|userid&format=xml'),
    ('xml-revisions-suppressed', 'action=query&prop=revisions&revids=260|261&rvprop=ids|flags|user|comment|size|sha1|tags|slotsize|slotsha1|roles|contentmodel|content&rvslots=*&format=xml'),
    ('xml-revisions-tags', 'action=query&prop=revisions&revids=269|270|271&rvprop=ids|tags|parsedcomment|comment&rvslots=main&format=xml'),
    ('xml-allrevisions', 'action=query&list=allrevisions&arvlimit=3&arvprop=ids|flags|timestamp|user|comment|size|tags|content|roles&arvslots=main&format=xml'),
    ('xml-allrevisions-legacy-content', 'action=query&list=allrevisions&arvlimit=2&arvuser=Alice&arvprop=ids|content|tags&format=xml'),
    ('xml-alldeletedrevisions-slots', 'action=query&list=alldeletedrevisions&adrprop=ids|flags|timestamp|size|tags|roles|slotsize|contentmodel|user&adrslots=main&adrlimit=3&format=xml'),
    ('xml-deletedrevisions', 'action=query&prop=deletedrevisions&titles=Moss|Old%20name%20A&drvprop=ids|flags|user|tags&format=xml'),
    ('xml-siteinfo-general', 'action=query&meta=siteinfo&siprop=general&format=xml'),
    # maps keyed by language and variant, written as items with the key as `code`
    ('xml-siteinfo-languagevariants', 'action=query&meta=siteinfo&siprop=languagevariants&format=xml'),
    # languages keyed by code, as elements named by it; languages whose fallbacks this server
    # takes from banana-i18n's table and MediaWiki from its own (zh, sr) are left out
    ('xml-languageinfo-known', 'action=query&meta=languageinfo&liprop=autonym|bcp47|code|dir|fallbacks|name|variants&licode=en|de|kk|ar|nosuch&format=xml'),
    ('xml-languageinfo-default-prop', 'action=query&meta=languageinfo&licode=en-gb|de-formal&format=xml'),
]

# Requests whose XML this server does not write as MediaWiki does yet, kept for when it does (not
# captured): `languageinfo` of languages whose fallbacks differ (issue 38); `authmanagerinfo` (`cancreateaccounts`: this server offers no account creation);
# `logevents` of protections (the `revid` this server adds, the spec's addition); `deletedrevs`
# in its titles mode (MediaWiki writes the page set before the list).
RAW_PENDING = [
    ('xml-authmanagerinfo', 'action=query&meta=authmanagerinfo&amirequestsfor=login&format=xml'),
    ('xml-authmanagerinfo-create-merged', 'action=query&meta=authmanagerinfo&amirequestsfor=create&amimergerequestfields=1&amimessageformat=wikitext&format=xml'),
    ('xml-authmanagerinfo-raw-messages', 'action=query&meta=authmanagerinfo&amirequestsfor=login&amimessageformat=raw&format=xml'),
    ('xml-authmanagerinfo-security', 'action=query&meta=authmanagerinfo&amisecuritysensitiveoperation=fixture-op&format=xml'),
    ('xml-languageinfo', 'action=query&meta=languageinfo&liprop=autonym|bcp47|code|dir|fallbacks|name|variants&licode=en|de|sr|zh-hant|nosuch&format=xml'),
    ('xml-logevents-protect', 'action=query&list=logevents&letype=protect&lelimit=2&leprop=ids|title|type|details&format=xml'),
    ('xml-deletedrevs-titles.admin', 'action=query&list=deletedrevs&titles=Moss|Spam%20page&drprop=revid|user|tags&format=xml'),
]
# Answers in formats other than JSON, kept as text: formats/.
os.makedirs(os.path.join(out, 'formats'), exist_ok=True)
# Answers a logged-in caller gets, named for the caller (`.admin.`, `.user.`) as the replay logs
# in.
RAW_LOGGED_IN = [
    ('xml-deletedrevs.admin', ADMIN, 'action=query&list=deletedrevs&drprop=revid|parentid|user|userid|comment|minor|len|sha1|tags|content&drlimit=3&format=xml'),
    ('xml-alldeletedrevisions.admin', ADMIN, 'action=query&list=alldeletedrevisions&adrprop=ids|flags|timestamp|user|comment|size|tags|content|roles&adrslots=main&adrlimit=2&format=xml'),
    ('xml-alldeletedrevisions-legacy.admin', ADMIN, 'action=query&list=alldeletedrevisions&adrprop=ids|content|tags&adrlimit=1&format=xml'),
    ('xml-deletedrevisions.admin', ADMIN, 'action=query&prop=deletedrevisions&titles=Moss&drvprop=ids|flags|user|comment|tags|content|roles&drvslots=main&format=xml'),
    # Without `loginfo`: this server gives log entries' parameters but not `logdisplay`.
    ('xml-watchlist.user', USER, 'action=query&list=watchlist&wllimit=3&wlprop=ids|title|flags|user|userid|comment|timestamp|sizes|notificationtimestamp|tags&format=xml'),
    ('xml-watchlist-log.admin', ADMIN, 'action=query&list=watchlist&wltype=log&wllimit=4&wlprop=ids|title|tags&format=xml'),
    ('xml-watchlistraw.admin', ADMIN, 'action=query&list=watchlistraw&wrlimit=3&wrprop=changed&format=xml'),
    ('xml-watchlistraw-generator.admin', ADMIN, 'action=query&generator=watchlistraw&gwrlimit=2&prop=info&format=xml'),
    ('xml-mystashedfiles.admin', ADMIN, 'action=query&list=mystashedfiles&msfprop=size|type&format=xml'),
    ('xml-contributors.admin', ADMIN, 'action=query&prop=contributors&titles=Main%20Page&format=xml'),
]

for name, cred, query in [(n, None, q) for n, q in RAW] + RAW_LOGGED_IN:
    r = cap.get(cred, query)
    with open(os.path.join(out, 'formats', name + '.json'), 'w') as f:
        json.dump({'request': 'GET /api.php?' + query, 'status': r.status_code,
                   'content-type': r.headers.get('Content-Type'),
                   'mediawiki-api-error': r.headers.get('MediaWiki-API-Error'),
                   'body': r.text}, f, ensure_ascii=False, indent=1)
        f.write('\n')
print('captured', len(RAW) + len(RAW_LOGGED_IN), 'answers as text into', os.path.join(out, 'formats'))

# The OpenSearch description document browsers discover, beside the API.
for name, query in [('opensearch_desc', ''), ('opensearch_desc-xml', '?ctype=application/xml')]:
    r = requests.get(base.rstrip('/') + '/opensearch_desc.php' + query, timeout=60)
    folder = os.path.join(out, 'opensearch', 'description')
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, name + '.xml'), 'w') as f:
        f.write(r.text)
    with open(os.path.join(folder, name + '.content-type'), 'w') as f:
        f.write(r.headers.get('Content-Type', '') + '\n')

capture_feeds()
