#!/usr/bin/env python3
"""Capture MediaWiki 1.39's answers for list=prefixsearch (also as a generator), list=random (also
as a generator) and list=querypage (also as a generator), plus one action=paraminfo for the three
modules.
    tools/capture.py search BASE_URL
Same file format as shared/oracle/capture.py and ../tools/capture/files.py:
{"request", "status", "mediawiki-api-error", "response"}.
Every request is a GET with format=json; each is captured in formatversion 1 (NAME.json) and
formatversion 2 (NAME.fv2.json) unless noted.  Parameter values are percent-encoded (RFC 3986,
keeping '|', '*', '!', ':' and '/' literal, space as %20, '+' as %2B), and the 'request' member is
the exact query string sent.
Anonymous requests use a fresh connection and no cookies each.  Files whose name contains
'.sysop' are made in a session logged in (action=clientlogin, as in populate.py) as Bob (sysop:
unwatchedpages, apihighlimits).  Anonymous requests are made first, the logged-in ones last.
Requests marked 'follow' are repeated with the 'continue' members of each answer merged into the
parameters until an answer has no 'continue'; the pages are NAME-page1, NAME-page2, ...  The
qplimit=1 chains stop after 20 pages on purpose (the long reports have up to 111 rows; their
qplimit=7 chains and qplimit=max cover the whole list).
list=random picks a random starting point (wfRandom) on every request that has no rncontinue:
the files named '-runN' (three runs of the same request) are NOT reproducible and must only be
compared for their shape, never for their content.  Requests with a hand-made rncontinue, and the
errors, are deterministic."""
import os
import sys

from oracle_capture import SYSOP, Capture  # noqa: E402

cap = Capture(sys.argv[1], sys.argv[2], max_pages=50, timeout=120, folders={'fulltext': 'search'})
add = cap.add
add2 = cap.add2

Q = 'action=query&'



def runs(name, query, n=3, **opt):
    """a request whose answer is random: captured n times, NAME-run1 ... NAME-runN"""
    for i in range(1, n + 1):
        suffix = ''
        base = name
        if name.endswith('.sysop'):
            base, suffix = name[:-len('.sysop')], '.sysop'
        add(f'{base}-run{i}{suffix}', query, **opt)


# ---- data used (from the fixture's tables) ------------------------------------------------------
# page: 181 rows, 16 of them redirects (ns 0: 107 with 12 redirects; ns 1: 17; 2: 12; 3: 6; 4: 6;
#   6: 5; 8: 2; 10: 9; 12: 6; 14: 11).  Redirects: Broken_redirect -> Nonexistent_target_page,
#   Cat_description -> Cat (#Description), Fr_cat -> fr:Chat, Help_desk -> Help:Contents,
#   Kitten -> Kitty -> Cat, Merge_source -> Merge_target, New_name_A -> Old_name_A, Paname -> Paris,
#   Protected_then_moved -> Protected_and_moved, Puppy -> Dog, Tulip_(flower) -> Help:Tulip,
#   Talk:Old_name_A -> Talk:New_name_A, User:Alice/Draft -> Draft_article, Template:Box ->
#   Template:Infobox, Category:Beasts -> Category:Animals.
# page_random (REAL): lowest is User_talk:Dave 4.889194e-06 (PHP prints it as 4.889194E-6).
# querycache / querycache_info: empty ($wgMiserMode = false, so no report is read from the cache).
# Bob (sysop) has the 'unwatchedpages' right that Special:Unwatchedpages requires.

# ==== list=prefixsearch ============================================================================
PS = f'{Q}list=prefixsearch'
for name, s in (
        ('a', 'a'), ('A-capital', 'A'), ('Ca', 'Ca'), ('cat-lowercase', 'cat'), ('Cat', 'Cat'),
        ('Dog', 'Dog'), ('Main', 'Main'), ('Main-Page-space', 'Main Page'),
        ('Main_Page-underscore', 'Main_Page'), ('main-page-lowercase', 'main page'),
        ('spaces-around', '  Cat  '), ('whitespace-only', ' '), ('space-inside', 'Cat d'),
        ('underscore-inside', 'Cat_d'), ('Zz-none', 'Zz'), ('Computer-science-full', 'Computer science'),
        # namespace prefixes
        ('Talk-colon', 'Talk:'), ('Talk-D', 'Talk:D'), ('talk-lowercase-ns', 'talk:dog'),
        ('User-A', 'User:A'), ('User-Alice-slash', 'User:Alice/'), ('User-talk-colon', 'User talk:'),
        ('User_talk-underscore-colon', 'User_talk:'), ('Category-colon', 'Category:'), ('File-E', 'File:E'),
        ('Image-alias-E', 'Image:E'), ('Media-E', 'Media:E'), ('Template-colon', 'Template:'),
        ('Help-colon', 'Help:'), ('Project-alias-colon', 'Project:'), ('Fixture-Wiki-colon', 'Fixture Wiki:'),
        ('MediaWiki-colon', 'MediaWiki:'), ('Talk-colon-space', 'Talk: D'),
        # a namespace name alone (no colon)
        ('ns-name-alone-Talk', 'Talk'), ('ns-name-alone-Category', 'Category'), ('ns-name-alone-User', 'User'),
        # special pages
        ('Special-colon', 'Special:'), ('Special-Rec', 'Special:Rec'),
        ('special-recent-lowercase', 'special:recent'), ('Special-All', 'Special:All'),
        ('Special-Log-slash', 'Special:Log/'), ('Special-Log-de', 'Special:Log/de'),
        ('Special-Bogus', 'Special:Zzz'),
        # interwiki-looking and odd input
        ('interwiki-wikipedia', 'wikipedia:Ca'), ('interwiki-fr', 'fr:Ch'), ('interwiki-alone', 'wikipedia:'),
        ('all-keyword', 'all:Ca'), ('leading-colon', ':Cat'), ('brackets', '[[Cat]]'), ('fragment', 'Cat#x'),
        ('invalid-chars', 'Ca<t>'), ('like-underscore', 'C_t'), ('like-percent', 'Ca%'),
        # redirects
        ('redirects-Kit', 'Kit'), ('redirect-exact-Kitten', 'Kitten'), ('redirect-exact-Kitty', 'Kitty'),
        ('redirect-exact-Puppy', 'Puppy'), ('redirect-exact-Paname', 'Paname'),
        ('redirect-exact-Help-desk', 'Help desk'), ('Tulip', 'Tulip'),
        ('fragment-redirect-to-exact', 'Cat#_description'),
        # non-ASCII and punctuation
        ('unicode-Lo', 'Łó'), ('unicode-lo-lowercase', 'łó'), ('unicode-cafe-lowercase', 'café'),
        ('unicode-Zu', 'Zü'), ('unicode-Sao', 'São'), ('unicode-cjk', '東京'), ('E-equals', 'E='),
        ('C-plus-plus', 'C++'), ('Rock', 'Rock'), ('slash', 'AC/'), ('digits', '100')):
    add(f'prefixsearch-{name}', f'{PS}&pssearch={s}')
# namespaces
for name, q in (
        ('Dog-ns-1', 'pssearch=Dog&psnamespace=1'), ('Dog-ns-0-1', 'pssearch=Dog&psnamespace=0|1'),
        ('A-ns-0-1-2-14', 'pssearch=A&psnamespace=0|1|2|14'), ('E-ns-6', 'pssearch=E&psnamespace=6'),
        ('C-ns-8', 'pssearch=C&psnamespace=8'), ('A-ns-all', 'pssearch=A&psnamespace=*'),
        ('Cat-ns-1-0', 'pssearch=Cat&psnamespace=1|0'),
        ('Templates-ns-14-12', 'pssearch=Templates&psnamespace=14|12'),
        ('Templates-ns-12-14', 'pssearch=Templates&psnamespace=12|14'),
        ('Alice-ns-3-2', 'pssearch=Alice&psnamespace=3|2'), ('Alice-ns-2-3', 'pssearch=Alice&psnamespace=2|3'),
        ('Tulip-ns-12-0', 'pssearch=Tulip&psnamespace=12|0'), ('Tulip-ns-12', 'pssearch=Tulip&psnamespace=12'),
        ('Talk-prefix-with-ns-14', 'pssearch=Talk:D&psnamespace=14'),
        ('ns-special', 'pssearch=Rec&psnamespace=-1'), ('ns-media', 'pssearch=E&psnamespace=-2'),
        ('ns-bogus', 'pssearch=Kit&psnamespace=bogus'), ('ns-100', 'pssearch=Kit&psnamespace=100'),
        ('ns-empty', 'pssearch=Kit&psnamespace='), ('ns-0-bogus', 'pssearch=Kit&psnamespace=0|bogus')):
    add(f'prefixsearch-{name}', f'{PS}&{q}')
# limits, offsets, chains
add('prefixsearch-Ca-limit1', f'{PS}&pssearch=Ca&pslimit=1', follow=True)
add('prefixsearch-Cat-limit1', f'{PS}&pssearch=Cat&pslimit=1', follow=True)
add('prefixsearch-C-limit7', f'{PS}&pssearch=C&pslimit=7', follow=True)
add('prefixsearch-A-ns-0-1-2-14-limit7', f'{PS}&pssearch=A&psnamespace=0|1|2|14&pslimit=7', follow=True)
add('prefixsearch-Templates-ns-14-12-limit1', f'{PS}&pssearch=Templates&psnamespace=14|12&pslimit=1',
    follow=True)
add('prefixsearch-Alice-ns-3-2-limit1', f'{PS}&pssearch=Alice&psnamespace=3|2&pslimit=1', follow=True)
add('prefixsearch-fragment-redirect-to-exact-limit1', f'{PS}&pssearch=Cat#_description&pslimit=1', follow=True)
add('prefixsearch-Special-limit50', f'{PS}&pssearch=Special:&pslimit=50', follow=True)
add('prefixsearch-Special-Log-limit7', f'{PS}&pssearch=Special:Log/&pslimit=7', follow=True)
add('prefixsearch-generator-C-limit3', f'{Q}generator=prefixsearch&gpssearch=C&gpslimit=3&prop=info',
    follow=True)
add2('prefixsearch-C-limit-max', f'{PS}&pssearch=C&pslimit=max')
add('prefixsearch-Talk-limit-max', f'{PS}&pssearch=Talk:&pslimit=max')
add('prefixsearch-A-ns-all-limit-max', f'{PS}&pssearch=A&psnamespace=*&pslimit=max')
add('prefixsearch-Special-limit-max', f'{PS}&pssearch=Special:&pslimit=max')
add('prefixsearch-limit-0', f'{PS}&pssearch=C&pslimit=0')
add('prefixsearch-limit-over-max', f'{PS}&pssearch=C&pslimit=600')
add('prefixsearch-limit-over-max.sysop', f'{PS}&pssearch=C&pslimit=6000', cred=SYSOP)
add('prefixsearch-limit-not-integer', f'{PS}&pssearch=C&pslimit=abc')
add('prefixsearch-C-offset3', f'{PS}&pssearch=C&psoffset=3')
add('prefixsearch-C-offset3-limit3', f'{PS}&pssearch=C&psoffset=3&pslimit=3')
add('prefixsearch-C-offset-past-end', f'{PS}&pssearch=C&psoffset=100')
add('prefixsearch-offset-negative', f'{PS}&pssearch=C&psoffset=-1')
add('prefixsearch-offset-negative-limit3', f'{PS}&pssearch=C&psoffset=-1&pslimit=3')
add('prefixsearch-offset-not-integer', f'{PS}&pssearch=C&psoffset=abc')
add('prefixsearch-Templates-ns-14-12-offset1', f'{PS}&pssearch=Templates&psnamespace=14|12&psoffset=1')
add('prefixsearch-Special-offset5', f'{PS}&pssearch=Special:&psoffset=5&pslimit=3')
# bad input
add('prefixsearch-missing-search', PS)
add('prefixsearch-empty-search', f'{PS}&pssearch=')
# psprofile: the database search engine has no completion profiles, so there is no such parameter
for p in ('strict', 'normal', 'normal-subphrases', 'fuzzy', 'fast-fuzzy', 'classic', 'bogus'):
    add(f'prefixsearch-profile-{p}-Ca', f'{PS}&pssearch=Ca&psprofile={p}')
for p in ('strict', 'fuzzy', 'classic'):
    add(f'prefixsearch-profile-{p}-cat-lowercase', f'{PS}&pssearch=cat&psprofile={p}')
# as a generator
GPS = f'{Q}generator=prefixsearch'
add('prefixsearch-generator-Ca', f'{GPS}&gpssearch=Ca&prop=info')
add('prefixsearch-generator-Kit', f'{GPS}&gpssearch=Kit&prop=info')
add('prefixsearch-generator-Kit-redirects', f'{GPS}&gpssearch=Kit&redirects=1&prop=info')
add('prefixsearch-generator-Cat-redirects', f'{GPS}&gpssearch=Cat&redirects=1&prop=info')
add('prefixsearch-generator-Special-Rec', f'{GPS}&gpssearch=Special:Rec&prop=info')
add('prefixsearch-generator-Talk', f'{GPS}&gpssearch=Talk:&prop=info')
add('prefixsearch-generator-Templates-ns-14-12', f'{GPS}&gpssearch=Templates&gpsnamespace=14|12&prop=info')
add('prefixsearch-generator-Zz-none', f'{GPS}&gpssearch=Zz&prop=info')
add('prefixsearch-generator-offset', f'{GPS}&gpssearch=C&gpsoffset=5&gpslimit=3&prop=info')
add('prefixsearch-generator-missing-search', f'{GPS}&prop=info')
add('prefixsearch-with-info-list', f'{PS}&pssearch=Ca&prop=info&titles=Cat')
add('prefixsearch-Ca.sysop', f'{PS}&pssearch=Ca', cred=SYSOP)

# ==== list=random ==================================================================================
# Random answers ('-runN', three runs each): compare the shape only.
RN = f'{Q}list=random'
runs('random-default', RN)
runs('random-limit1', f'{RN}&rnlimit=1')
runs('random-limit3', f'{RN}&rnlimit=3')
runs('random-namespace-14', f'{RN}&rnnamespace=14&rnlimit=2')
runs('random-namespace-0-1', f'{RN}&rnnamespace=0|1&rnlimit=2')
runs('random-filterredir-redirects', f'{RN}&rnfilterredir=redirects&rnlimit=2')
runs('random-filterredir-all', f'{RN}&rnfilterredir=all&rnlimit=2')
runs('random-filterredir-nonredirects', f'{RN}&rnfilterredir=nonredirects&rnlimit=2')
runs('random-redirect-deprecated', f'{RN}&rnredirect=1&rnlimit=2')
runs('random-limit-max', f'{RN}&rnlimit=max&rnnamespace=14')
runs('random-limit-0', f'{RN}&rnlimit=0')
runs('random-limit-over-max', f'{RN}&rnlimit=600&rnnamespace=14')
runs('random-namespace-bogus', f'{RN}&rnnamespace=bogus')
runs('random-namespace-special', f'{RN}&rnnamespace=-1')
runs('random-generator', f'{Q}generator=random&grnlimit=2&prop=info')
runs('random-generator-redirects', f'{Q}generator=random&grnlimit=2&grnfilterredir=redirects&redirects=1'
     '&prop=info')
runs('random-limit1.sysop', f'{RN}&rnlimit=1', cred=SYSOP)
runs('random-limit-max.sysop', f'{RN}&rnlimit=max&rnnamespace=14', cred=SYSOP)
# Deterministic: hand-made rncontinue values (rand|start|startid|endflag) and errors.
C5 = 'rncontinue=0.5|0.5|0|0'
add('random-continue', f'{RN}&{C5}&rnlimit=3')
add('random-continue.sysop', f'{RN}&{C5}&rnlimit=3', cred=SYSOP)
add('random-continue-ns14-limit3', f'{RN}&rnnamespace=14&rnlimit=3&{C5}', follow=True)
add('random-continue-ns3-limit3', f'{RN}&rnnamespace=3&rnlimit=3&{C5}', follow=True)
add('random-continue-ns3-limit2', f'{RN}&rnnamespace=3&rnlimit=2&{C5}', follow=True)
add('random-continue-ns3-exponent', f'{RN}&rnnamespace=3&rnlimit=3&rncontinue=0.5|4.889194E-6|146|1')
add('random-continue-ns3-decimal', f'{RN}&rnnamespace=3&rnlimit=3&rncontinue=0.5|0.000004889194|146|1')
add('random-continue-end-flag', f'{RN}&rncontinue=0.5|0.1|0|1&rnlimit=5')
add('random-continue-end-flag-past', f'{RN}&rncontinue=0.5|0.6|0|1&rnlimit=5')
add('random-continue-start-id', f'{RN}&rncontinue=0.5|0.538322906647|163|0&rnlimit=2&rnfilterredir=all')
add('random-continue-start-id-after', f'{RN}&rncontinue=0.5|0.538322906647|164|0&rnlimit=2&rnfilterredir=all')
add('random-continue-start-id-negative', f'{RN}&rncontinue=0.5|0.5|-1|0&rnlimit=2')
add('random-continue-wrap-limit-max', f'{RN}&rnnamespace=14&rnlimit=max&rncontinue=0.9|0.9|0|0')
add('random-continue-wrap-limit-max-all', f'{RN}&rnnamespace=14&rnlimit=max&rnfilterredir=all'
    '&rncontinue=0.9|0.9|0|0')
add('random-continue-exact-fill', f'{RN}&rnnamespace=14&rnlimit=10&rncontinue=0.5|0.5|0|0')
add('random-continue-filterredir-redirects', f'{RN}&rnfilterredir=redirects&rnlimit=3&{C5}', follow=True)
add('random-continue-filterredir-all', f'{RN}&rnfilterredir=all&rnnamespace=14&rnlimit=4&{C5}', follow=True)
add('random-continue-redirect-deprecated', f'{RN}&rnredirect=1&rnlimit=20&{C5}')
add('random-continue-generator', f'{Q}generator=random&grnnamespace=14&grnlimit=3&grncontinue=0.5|0.5|0|0'
    '&prop=info', follow=True)
add('random-continue-generator-limit-max', f'{Q}generator=random&grnnamespace=14&grnlimit=max'
    '&grncontinue=0.9|0.9|0|0&prop=info')
for name, v in (('abc', 'abc'), ('3-parts', '0.5|0.5|0'), ('5-parts', '0.5|0.5|0|0|0'),
                ('rand-not-fraction', '1.5|0.5|0|0'), ('rand-no-leading-zero', '.5|0.5|0|0'),
                ('start-not-fraction', '0.5|1|0|0'), ('start-exponent', '0.5|5E-1|0|0'),
                ('id-not-canonical', '0.5|0.5|01|0'), ('id-not-integer', '0.5|0.5|x|0'),
                ('flag-2', '0.5|0.5|0|2'), ('flag-empty', '0.5|0.5|0|')):
    add(f'random-bad-continue-{name}', f'{RN}&rncontinue={v}')
add('random-limit-not-integer', f'{RN}&rnlimit=abc')
add('random-filterredir-bogus', f'{RN}&rnfilterredir=bogus')
add('random-filterredir-redirects-and-redirect', f'{RN}&rnfilterredir=redirects&rnredirect=1')
add('random-filterredir-nonredirects-and-redirect', f'{RN}&rnfilterredir=nonredirects&rnredirect=1')
add('random-generator-redirects-param-error', f'{Q}generator=random&grnredirect=1&grnfilterredir=all&prop=info')

# ==== list=querypage ===============================================================================
QP = f'{Q}list=querypage'
PAGES = ['Ancientpages', 'BrokenRedirects', 'Deadendpages', 'DoubleRedirects', 'Fewestrevisions',
         'ListDuplicatedFiles', 'Listredirects', 'Lonelypages', 'Longpages', 'MediaStatistics',
         'Mostcategories', 'Mostimages', 'Mostinterwikis', 'Mostlinked', 'Mostlinkedcategories',
         'Mostlinkedtemplates', 'Mostrevisions', 'Shortpages', 'Uncategorizedcategories',
         'Uncategorizedimages', 'Uncategorizedpages', 'Uncategorizedtemplates', 'Unusedcategories',
         'Unusedimages', 'Unusedtemplates', 'Unwatchedpages', 'Wantedcategories', 'Wantedfiles',
         'Wantedpages', 'Wantedtemplates', 'Withoutinterwiki']
for p in PAGES:
    # Special:Unwatchedpages needs the 'unwatchedpages' right: anonymous gets an error, Bob the list
    opt = {'cred': SYSOP} if p == 'Unwatchedpages' else {}
    sfx = '.sysop' if p == 'Unwatchedpages' else ''
    add(f'querypage-{p}-default{sfx}', f'{QP}&qppage={p}', **opt)
    add(f'querypage-{p}-limit1{sfx}', f'{QP}&qppage={p}&qplimit=1', follow=True, pages=20, **opt)
    add(f'querypage-{p}-limit7{sfx}', f'{QP}&qppage={p}&qplimit=7', follow=True, **opt)
    add(f'querypage-{p}-limit-max{sfx}', f'{QP}&qppage={p}&qplimit=max', **opt)
add('querypage-Unwatchedpages-default', f'{QP}&qppage=Unwatchedpages')
add('querypage-Unwatchedpages-limit-max', f'{QP}&qppage=Unwatchedpages&qplimit=max')
add('querypage-Ancientpages-default.sysop', f'{QP}&qppage=Ancientpages', cred=SYSOP)
add('querypage-Ancientpages-limit-max.sysop', f'{QP}&qppage=Ancientpages&qplimit=max', cred=SYSOP)
add('querypage-Listredirects-default.sysop', f'{QP}&qppage=Listredirects', cred=SYSOP)
# offsets
add('querypage-Ancientpages-offset5', f'{QP}&qppage=Ancientpages&qpoffset=5')
add('querypage-Ancientpages-offset5-limit3', f'{QP}&qppage=Ancientpages&qpoffset=5&qplimit=3')
add('querypage-Ancientpages-offset-near-end', f'{QP}&qppage=Ancientpages&qpoffset=90')
add('querypage-Ancientpages-offset-past-end', f'{QP}&qppage=Ancientpages&qpoffset=1000')
add('querypage-Ancientpages-offset-negative', f'{QP}&qppage=Ancientpages&qpoffset=-1&qplimit=3')
add('querypage-Ancientpages-offset-not-integer', f'{QP}&qppage=Ancientpages&qpoffset=abc')
add('querypage-Wantedpages-offset3-limit5', f'{QP}&qppage=Wantedpages&qpoffset=3&qplimit=5')
add('querypage-Shortpages-offset90', f'{QP}&qppage=Shortpages&qpoffset=90')
# limits
add('querypage-limit-0', f'{QP}&qppage=Listredirects&qplimit=0')
add('querypage-limit-over-max', f'{QP}&qppage=Listredirects&qplimit=600')
add('querypage-limit-over-max.sysop', f'{QP}&qppage=Listredirects&qplimit=6000', cred=SYSOP)
add('querypage-limit-not-integer', f'{QP}&qppage=Listredirects&qplimit=abc')
# as a generator
GQP = f'{Q}generator=querypage'
add('querypage-generator-Ancientpages', f'{GQP}&gqppage=Ancientpages&prop=info')
add('querypage-generator-Ancientpages-limit20', f'{GQP}&gqppage=Ancientpages&gqplimit=20&prop=info',
    follow=True)
add('querypage-generator-Listredirects', f'{GQP}&gqppage=Listredirects&gqplimit=max&prop=info')
add('querypage-generator-Listredirects-redirects', f'{GQP}&gqppage=Listredirects&gqplimit=max&redirects=1'
    '&prop=info')
add('querypage-generator-Wantedpages', f'{GQP}&gqppage=Wantedpages&gqplimit=max&prop=info')
add('querypage-generator-MediaStatistics', f'{GQP}&gqppage=MediaStatistics&prop=info')
add('querypage-generator-DoubleRedirects', f'{GQP}&gqppage=DoubleRedirects&prop=info')
add('querypage-generator-Mostimages', f'{GQP}&gqppage=Mostimages&prop=info')
add('querypage-generator-Unwatchedpages', f'{GQP}&gqppage=Unwatchedpages&prop=info')
add('querypage-generator-Unwatchedpages.sysop', f'{GQP}&gqppage=Unwatchedpages&gqplimit=3&prop=info',
    cred=SYSOP)
add('querypage-generator-missing-page', f'{GQP}&prop=info')
# bad input
add('querypage-missing-page', QP)
add('querypage-empty-page', f'{QP}&qppage=')
add('querypage-bad-page', f'{QP}&qppage=Bogus')
add('querypage-bad-page-lowercase', f'{QP}&qppage=ancientpages')
add('querypage-bad-page-LinkSearch', f'{QP}&qppage=LinkSearch')
add('querypage-bad-page-MIMEsearch', f'{QP}&qppage=MIMEsearch')
add('querypage-bad-page-Recentchanges', f'{QP}&qppage=Recentchanges')
add('querypage-bad-page-multiple', f'{QP}&qppage=Ancientpages|Shortpages')

# ---- paraminfo of the three modules (fv1 only) ----------------------------------------------------
add('paraminfo-search-modules', 'action=paraminfo&modules=query+prefixsearch|query+random|query+querypage',
    fv2=False)

# ---- list=search on MediaWiki's own (SQLite) index ---------------------------------------------
for name, q in [
    ('fulltext-cat', 'srsearch=cat'),
    ('fulltext-dog-limit1', 'srsearch=dog&srlimit=1'),
    ('fulltext-cat-text', 'srsearch=cat&srwhat=text&srlimit=20'),
    ('fulltext-cat-namespaces', 'srsearch=cat&srnamespace=0|1|2'),
    ('fulltext-link-text-offset', 'srsearch=link&srwhat=text&sroffset=5&srlimit=5'),
    ('fulltext-phrase-text', 'srsearch="colon-less cat"&srwhat=text&srlimit=10'),
    ('fulltext-prefix-word-text', 'srsearch=lin*&srwhat=text&srlimit=10'),
    ('fulltext-exclusion-text', 'srsearch=link -animals&srwhat=text&srlimit=10'),
    ('fulltext-nearmatch', 'srsearch=cat&srwhat=nearmatch'),
    ('fulltext-props', 'srsearch=cat&srprop=titlesnippet|categorysnippet|isfilematch|size|wordcount|timestamp'
                       '&srinfo=totalhits'),
]:
    add(name, 'action=query&list=search&' + q)
add('fulltext-generator', 'action=query&generator=search&gsrsearch=cat&prop=info')

cap.run()
