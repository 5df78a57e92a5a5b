#!/usr/bin/env python3
"""Capture MediaWiki 1.39's answers for the link-table list modules: list=backlinks, list=embeddedin,
list=imageusage (ApiQueryBacklinks), list=categorymembers, list=alllinks, list=allredirects,
list=alltransclusions, list=allfileusages (ApiQueryAllLinks), list=allcategories, list=exturlusage,
list=pageswithprop, list=pagepropnames, list=iwbacklinks and list=langbacklinks, also as generators.
    tools/capture.py lists BASE_URL
Same file format as shared/oracle/capture.py and tools/capture/backlink-props.py:
{"request", "status", "mediawiki-api-error", "response"}.
Every request is a GET with format=json; each is captured in formatversion 1 (NAME.json) and
formatversion 2 (NAME.fv2.json).  Parameter values are percent-encoded (RFC 3986, keeping '|', '*',
'!', ':' and '/' literal, space as %20), and the 'request' member is the exact query string sent.
All requests are anonymous: a fresh connection and no cookies each.
Requests marked 'follow' are repeated with the 'continue' members of each answer merged into the
parameters until an answer has no 'continue'; the pages are NAME-page1, NAME-page2, ...
(Not captured: cmsort=timestamp with a continue value whose timestamp part is not a timestamp, e.g.
cmcontinue=abc|1: MediaWiki answers internal_api_error_Wikimedia\\Timestamp\\TimestampException with a
random error id and a stack trace, which is not reproducible.)"""
import os
import sys

from oracle_capture import Capture  # noqa: E402

cap = Capture(sys.argv[1], sys.argv[2], max_pages=120)
add = cap.add

Q = 'action=query&'


def chains(name, base, p, limits, dirs=('ascending', 'descending')):
    """Paging chains NAME-limitN[-desc]-pageK (NAME-limit-max[-desc] for 'max', one page) for each limit,
    in each direction (descending adds Pdir=descending)."""
    for lim in limits:
        for d in dirs:
            suffix, dpart = ('', '') if d == 'ascending' else ('-desc', f'&{p}dir={d}')
            if lim == 'max':
                add(f'{name}-limit-max{suffix}', f'{base}&{p}limit=max{dpart}')
            else:
                add(f'{name}-limit{lim}{suffix}', f'{base}&{p}limit={lim}{dpart}', follow=True)


# ---- list=backlinks, list=embeddedin, list=imageusage (ApiQueryBacklinks) --------------------------
# Per module: the list name, the prefix, the main title (and its page id), a title whose page is missing
# but which is linked, extra titles, the namespace values to try.
BACKLINKS = [
    # Cat (37): 33 pagelinks from ns 0, 2, 10, 12; two linking pages are redirects to Cat: Kitty (152,
    # linked from the redirect Kitten 153 -> Kitty) and Cat_description (156, no links to it).
    # Help:Contents (26): 35 from ns 0, 3, 10 (Help_desk 157 redirects to it, nobody links Help_desk).
    # Category:Animals (11): 32 from ns 0, 12, 14 (Category:Beasts 159 redirects to it).
    # Unicorn: no page, 84 pagelinks.  Kitty: a redirect as the title (Kitten links to it).
    dict(list='backlinks', p='bl', title='Cat', pageid='37', missing_linked='Unicorn',
         more=['Help:Contents', 'Category:Animals', 'Kitty'],
         ns=['0', '2', '0|2', '2|10|12', '*']),
    # Template:Nav (4): 23 templatelinks from ns 0, 12; Template:Stub (3): 27 from ns 0; Template:Sig (6): 6
    # from ns 3, 10.  Template:Tl: no page, transcluded by Category:Stubs (15).  No transcluding page is a
    # redirect.
    dict(list='embeddedin', p='ei', title='Template:Nav', pageid='4', missing_linked='Template:Tl',
         more=['Template:Sig', 'Template:Stub'],
         ns=['0', '12', '0|12', '3|10']),
    # File:Example.png (31): 11 imagelinks from ns 0 (39, 47, ..., 119); File:Diagram.svg (34): 10.
    # File:Nonexistent_picture.png: no page, 10 imagelinks.  No file redirects.
    dict(list='imageusage', p='iu', title='File:Example.png', pageid='31',
         missing_linked='File:Nonexistent_picture.png', more=['File:Diagram.svg'],
         ns=['0', '2', '0|2']),
]

for m in BACKLINKS:
    M, p, T = m['list'], m['p'], m['title']
    full = M == 'backlinks'  # the three modules share one class: the full set of edge cases only once
    base = f'{Q}list={M}&{p}title={T}'
    add(f'{M}-default', base)
    add(f'{M}-pageid', f'{Q}list={M}&{p}pageid={m["pageid"]}')
    for i, t in enumerate(m['more']):
        add(f'{M}-title{i + 2}', f'{Q}list={M}&{p}title={t}&{p}limit=max')
    add(f'{M}-missing-linked', f'{Q}list={M}&{p}title={m["missing_linked"]}&{p}limit=max')
    add(f'{M}-missing', f'{Q}list={M}&{p}title={T.split(":")[0] + ":" if ":" in T else ""}Nonexistent_page_xyz')
    for ns in m['ns']:
        nsname = 'all' if ns == '*' else ns.replace('|', '-')
        add(f'{M}-namespace-{nsname}', f'{base}&{p}namespace={ns}&{p}limit=max')
    for fr in ('redirects', 'nonredirects'):
        add(f'{M}-filterredir-{fr}', f'{base}&{p}filterredir={fr}&{p}limit=max')
    add(f'{M}-dir-descending', f'{base}&{p}dir=descending')
    # limit=1 chains: backlinks only through blredirect=1 below; embeddedin on Template:Sig (6 pages)
    if M == 'imageusage':
        chains(M, base, p, [1], dirs=('ascending',))
    elif M == 'embeddedin':
        chains(f'{M}-Sig', f'{Q}list={M}&{p}title=Template:Sig', p, [1], dirs=('ascending',))
    chains(M, base, p, [7, 'max'])
    # several namespaces: the linking page's namespace comes first in the order
    nsm = m['ns'][2]
    add(f'{M}-namespace-{nsm.replace("|", "-")}-limit5', f'{base}&{p}namespace={nsm}&{p}limit=5', follow=True)
    if full:
        add(f'{M}-namespace-{nsm.replace("|", "-")}-limit5-desc',
            f'{base}&{p}namespace={nsm}&{p}limit=5&{p}dir=descending', follow=True)
    # hand-made continue values
    add(f'{M}-continue-2parts', f'{base}&{p}continue=0|61&{p}limit=5')
    if full:
        add(f'{M}-continue-ns-ignored', f'{base}&{p}continue=12|61&{p}limit=5')
        add(f'{M}-continue-ns-multi', f'{base}&{p}continue=2|0&{p}namespace=0|2&{p}limit=5')
        add(f'{M}-continue-desc', f'{base}&{p}continue=0|61&{p}limit=5&{p}dir=descending')
    # generator
    add(f'{M}-generator', f'{Q}generator={M}&g{p}title={T}&prop=info')
    add(f'{M}-generator-limit7', f'{Q}generator={M}&g{p}title={T}&g{p}limit=7&prop=info', follow=True)
    # errors and warnings
    add(f'{M}-error-no-title', f'{Q}list={M}')
    add(f'{M}-bad-continue', f'{base}&{p}continue=abc')
    add(f'{M}-limit-over-max', f'{base}&{p}limit=600')
    if full:
        add(f'{M}-error-title-and-pageid', f'{base}&{p}pageid={m["pageid"]}')
        add(f'{M}-error-bad-pageid', f'{Q}list={M}&{p}pageid=999999')
        add(f'{M}-error-invalid-title', f'{Q}list={M}&{p}title=Foo[bar]')
        add(f'{M}-bad-continue-3parts', f'{base}&{p}continue=0|61|5')
        add(f'{M}-bad-continue-not-int', f'{base}&{p}continue=0|x')
        add(f'{M}-bad-filterredir', f'{base}&{p}filterredir=bogus')
        add(f'{M}-bad-dir', f'{base}&{p}dir=sideways')
        add(f'{M}-bad-namespace', f'{base}&{p}namespace=999&{p}limit=3')

# backlinks: a redirect as the title; redirects among the linking pages (Kitty, Cat_description)
add('backlinks-redirect-title-Kitty', f'{Q}list=backlinks&bltitle=Kitty&blredirect=1')
# blredirect=1: pages linking through redirects are nested as 'redirlinks' under the redirect
BR = f'{Q}list=backlinks&bltitle=Cat&blredirect=1'
add('backlinks-redirect', BR)
for fr in ('redirects', 'nonredirects'):
    add(f'backlinks-redirect-filterredir-{fr}', f'{BR}&blfilterredir={fr}&bllimit=max')
add('backlinks-redirect-namespace-0', f'{BR}&blnamespace=0&bllimit=max')
add('backlinks-redirect-namespace-0-2', f'{BR}&blnamespace=0|2&bllimit=max')
chains('backlinks-redirect', BR, 'bl', [1], dirs=('ascending',))
chains('backlinks-redirect', BR, 'bl', [7, 'max'])
add('backlinks-redirect-filterredir-redirects-limit1', f'{BR}&blfilterredir=redirects&bllimit=1', follow=True)
add('backlinks-redirect-namespace-0-2-limit7', f'{BR}&blnamespace=0|2&bllimit=7', follow=True)
add('backlinks-redirect-limit-over-max', f'{BR}&bllimit=600')
# hand-made 6-, 7- and 8-part continue values (the second query's position: ns|title|from_ns|from_id)
add('backlinks-redirect-continue-6parts', f'{BR}&blcontinue=0|152|0|Kitty|0|153&bllimit=3')
add('backlinks-redirect-continue-6parts-past', f'{BR}&blcontinue=0|152|0|Kitty|0|154&bllimit=3')
add('backlinks-redirect-continue-7parts', f'{BR}&blcontinue=0|152|0|Kitty|0|153|152&bllimit=3')
add('backlinks-redirect-continue-8parts', f'{BR}&blcontinue=0|152|0|Kitty|0|153|152|153&bllimit=3')
add('backlinks-redirect-bad-continue-5parts', f'{BR}&blcontinue=0|152|0|Kitty|0')
add('backlinks-redirect-bad-continue-6parts', f'{BR}&blcontinue=0|152|x|Kitty|0|153')
add('backlinks-no-redirect-continue-6parts', f'{Q}list=backlinks&bltitle=Cat&blcontinue=0|152|0|Kitty|0|153&bllimit=3')
# as a generator, the pages reached through redirects are generated too
add('backlinks-redirect-generator', f'{Q}generator=backlinks&gbltitle=Cat&gblredirect=1&gbllimit=max&prop=info')
add('backlinks-redirect-generator-limit7', f'{Q}generator=backlinks&gbltitle=Cat&gblredirect=1&gbllimit=7'
    '&prop=info', follow=True)
# imageusage with iuredirect=1 (the fixture has no file redirects); embeddedin has no redirect parameter
add('imageusage-redirect', f'{Q}list=imageusage&iutitle=File:Example.png&iuredirect=1&iulimit=max')
add('imageusage-redirect-limit7', f'{Q}list=imageusage&iutitle=File:Example.png&iuredirect=1&iulimit=7', follow=True)
add('imageusage-error-not-file', f'{Q}list=imageusage&iutitle=Cat')
add('imageusage-error-not-file-pageid', f'{Q}list=imageusage&iupageid=37')
add('embeddedin-redirect-unknown', f'{Q}list=embeddedin&eititle=Template:Nav&eiredirect=1&eilimit=3')
add('backlinks-pageid-redirect', f'{Q}list=backlinks&blpageid=152&blredirect=1')

# ---- list=categorymembers ---------------------------------------------------------------------
# Category:Animals (11): 30 pages (ns 0), 6 with a sort key prefix (Whale elahW, Turtle eltruT, Dog goD,
# Chicken nekcihC, Tiger regiT); timestamps 2026-11-21T23:32:05..26Z, many equal.
# Category:Plants (12): 19 pages + 1 subcat (Category:Fruits).  Category:Living_things (10): 2 subcats.
# Category:Images: no page, 1 file (File:Example.png).  Category:Topics (18): 20 pages with non-ASCII
# titles/sort keys.  Category:Users: 5 pages in ns 2.  Category:Empty_category (19): no members.
CM = f'{Q}list=categorymembers&cmtitle=Category:Animals'
add('categorymembers-default', CM)
add('categorymembers-pageid', f'{Q}list=categorymembers&cmpageid=11')
CMPROPS = ['ids', 'title', 'sortkey', 'sortkeyprefix', 'type', 'timestamp']
for v in CMPROPS:
    add(f'categorymembers-prop-{v}', f'{CM}&cmprop={v}&cmlimit=max')
add('categorymembers-prop-all', f'{CM}&cmprop={"|".join(CMPROPS)}&cmlimit=max')
add('categorymembers-prop-empty', f'{CM}&cmprop=&cmlimit=3')
CMALL = f'cmprop={"|".join(CMPROPS)}'
CP = f'{Q}list=categorymembers&cmtitle=Category:Plants&{CMALL}'
for t in ('page', 'subcat', 'file', 'page|subcat', 'subcat|page', 'subcat|file|page'):
    add(f'categorymembers-type-{t.replace("|", "-")}', f'{CP}&cmtype={t}&cmlimit=max')
add('categorymembers-type-subcat-page-limit7', f'{CP}&cmtype=subcat|page&cmlimit=7', follow=True)
add('categorymembers-type-subcat-page-limit7-desc', f'{CP}&cmtype=subcat|page&cmlimit=7&cmdir=desc', follow=True)
for ns in ('0', '14', '0|14', '2'):
    add(f'categorymembers-namespace-{ns.replace("|", "-")}', f'{CP}&cmnamespace={ns}&cmlimit=max')
add('categorymembers-namespace-14-type-page', f'{CP}&cmnamespace=14&cmtype=page')
add('categorymembers-Plants', f'{CP}&cmlimit=max')
add('categorymembers-Plants-limit1', f'{CP}&cmlimit=1', follow=True)
add('categorymembers-Plants-limit4-desc', f'{CP}&cmlimit=4&cmdir=desc', follow=True)
add('categorymembers-Living_things', f'{Q}list=categorymembers&cmtitle=Category:Living_things&{CMALL}')
add('categorymembers-Images', f'{Q}list=categorymembers&cmtitle=Category:Images&{CMALL}')
add('categorymembers-Topics', f'{Q}list=categorymembers&cmtitle=Category:Topics&{CMALL}&cmlimit=max')
add('categorymembers-Topics-limit7', f'{Q}list=categorymembers&cmtitle=Category:Topics&cmprop=title|sortkey'
    '&cmlimit=7', follow=True)
add('categorymembers-Users', f'{Q}list=categorymembers&cmtitle=Category:Users&{CMALL}')
add('categorymembers-Empty_category', f'{Q}list=categorymembers&cmtitle=Category:Empty_category')
add('categorymembers-nonexistent-category', f'{Q}list=categorymembers&cmtitle=Category:Nonexistent_xyz')
add('categorymembers-redirect-category', f'{Q}list=categorymembers&cmtitle=Category:Beasts')
add('categorymembers-title-lowercase', f'{Q}list=categorymembers&cmtitle=category:animals&cmlimit=3')
# directions (sort=sortkey)
for d in ('newer', 'desc', 'older'):
    add(f'categorymembers-dir-{d}', f'{CM}&cmdir={d}&cmprop=title|sortkey&cmlimit=5')
chains('categorymembers', f'{CM}&cmprop=ids|title|sortkey', 'cm', [7, 'max'])
# sort=timestamp
CMT = f'{CM}&cmsort=timestamp&cmprop=ids|title|timestamp'
add('categorymembers-sort-timestamp', f'{CMT}&cmlimit=max')
add('categorymembers-sort-timestamp-desc', f'{CMT}&cmlimit=max&cmdir=desc')
add('categorymembers-sort-timestamp-limit7', f'{CMT}&cmlimit=7', follow=True)
add('categorymembers-sort-timestamp-limit7-desc', f'{CMT}&cmlimit=7&cmdir=desc', follow=True)
add('categorymembers-sort-timestamp-start', f'{CMT}&cmstart=2026-11-21T23:32:10Z')
add('categorymembers-sort-timestamp-end', f'{CMT}&cmend=2026-11-21T23:32:08Z')
add('categorymembers-sort-timestamp-start-end', f'{CMT}&cmstart=2026-11-21T23:32:08Z&cmend=2026-11-21T23:32:10Z')
add('categorymembers-sort-timestamp-start-end-desc', f'{CMT}&cmstart=2026-11-21T23:32:10Z'
    '&cmend=2026-11-21T23:32:08Z&cmdir=desc')
add('categorymembers-sort-timestamp-start-end-wrong-order', f'{CMT}&cmstart=2026-11-21T23:32:10Z'
    '&cmend=2026-11-21T23:32:08Z')
add('categorymembers-sort-timestamp-start-end-limit3', f'{CMT}&cmstart=2026-11-21T23:32:08Z'
    '&cmend=2026-11-21T23:32:10Z&cmlimit=3', follow=True)
add('categorymembers-sort-timestamp-continue', f'{CMT}&cmcontinue=20261121233210|55&cmlimit=3')
add('categorymembers-sort-timestamp-continue-iso', f'{CMT}&cmcontinue=2026-11-21T23:32:10Z|55&cmlimit=3')
add('categorymembers-sort-timestamp-bad-continue', f'{CMT}&cmcontinue=20261121233210')
add('categorymembers-sort-timestamp-bad-continue-from', f'{CMT}&cmcontinue=20261121233210|x')
add('categorymembers-sort-timestamp-bad-start', f'{CMT}&cmstart=yesterday')
add('categorymembers-sort-sortkey-start-ignored', f'{CM}&cmstart=2026-11-21T23:32:10Z&cmlimit=3')
add('categorymembers-sort-timestamp-sortkeyprefix-ignored', f'{CMT}&cmstartsortkeyprefix=t&cmlimit=3')
# sort key ranges
CMS = f'{CM}&cmprop=title|sortkey|sortkeyprefix&cmlimit=max'
add('categorymembers-startsortkeyprefix', f'{CMS}&cmstartsortkeyprefix=p')
add('categorymembers-endsortkeyprefix', f'{CMS}&cmendsortkeyprefix=d')
add('categorymembers-startsortkeyprefix-endsortkeyprefix', f'{CMS}&cmstartsortkeyprefix=d&cmendsortkeyprefix=goD')
add('categorymembers-startsortkeyprefix-endsortkeyprefix-desc', f'{CMS}&cmstartsortkeyprefix=goD'
    '&cmendsortkeyprefix=d&cmdir=desc')
add('categorymembers-startsortkeyprefix-endsortkeyprefix-wrong-order', f'{CMS}&cmstartsortkeyprefix=goD'
    '&cmendsortkeyprefix=d')
add('categorymembers-startsortkeyprefix-empty', f'{CMS}&cmstartsortkeyprefix=')
add('categorymembers-startsortkeyprefix-limit3', f'{CM}&cmprop=title|sortkey&cmstartsortkeyprefix=s&cmlimit=3',
    follow=True)
add('categorymembers-starthexsortkey', f'{CMS}&cmstarthexsortkey=474f44')
add('categorymembers-endhexsortkey', f'{CMS}&cmendhexsortkey=474f440a444f47')
add('categorymembers-starthexsortkey-endhexsortkey', f'{CMS}&cmstarthexsortkey=45&cmendhexsortkey=4c')
add('categorymembers-starthexsortkey-endhexsortkey-desc', f'{CMS}&cmstarthexsortkey=4c&cmendhexsortkey=45'
    '&cmdir=desc')
add('categorymembers-starthexsortkey-uppercase-hex', f'{CMS}&cmstarthexsortkey=4F')
add('categorymembers-starthexsortkey-empty', f'{CMS}&cmstarthexsortkey=')
add('categorymembers-starthexsortkey-bad', f'{CMS}&cmstarthexsortkey=xyz')
add('categorymembers-starthexsortkey-odd', f'{CMS}&cmstarthexsortkey=474')
add('categorymembers-endhexsortkey-bad', f'{CMS}&cmendhexsortkey=zz')
add('categorymembers-startsortkeyprefix-and-hex', f'{CMS}&cmstartsortkeyprefix=t&cmstarthexsortkey=41')
add('categorymembers-startsortkey-deprecated', f'{CMS}&cmstartsortkey=GOD')
add('categorymembers-endsortkey-deprecated', f'{CMS}&cmendsortkey=D')
add('categorymembers-startsortkey-endsortkey-deprecated', f'{CMS}&cmstartsortkey=C&cmendsortkey=E')
add('categorymembers-hexsortkey-and-startsortkey', f'{CMS}&cmstarthexsortkey=53&cmstartsortkey=C')
add('categorymembers-Topics-starthexsortkey', f'{Q}list=categorymembers&cmtitle=Category:Topics'
    '&cmprop=title|sortkey&cmstarthexsortkey=5a')
add('categorymembers-Topics-startsortkeyprefix-unicode', f'{Q}list=categorymembers&cmtitle=Category:Topics'
    '&cmprop=title|sortkey&cmstartsortkeyprefix=zü')
# hand-made continue values (sort=sortkey: type|hex sortkey|from)
add('categorymembers-continue', f'{CM}&cmprop=title|sortkey&cmcontinue=page|474f440a444f47|38&cmlimit=3')
add('categorymembers-continue-from-past', f'{CM}&cmprop=title|sortkey&cmcontinue=page|474f440a444f47|39&cmlimit=3')
add('categorymembers-continue-subcat', f'{CP}&cmcontinue=subcat|20|0')
add('categorymembers-continue-type-not-requested', f'{CP}&cmcontinue=file|54|0&cmtype=page|subcat')
add('categorymembers-continue-overrides-start', f'{CM}&cmprop=title|sortkey&cmcontinue=page|53|0'
    '&cmstartsortkeyprefix=b&cmlimit=3')
add('categorymembers-bad-continue', f'{CM}&cmcontinue=abc')
add('categorymembers-bad-continue-hex', f'{CM}&cmcontinue=page|zz|1')
add('categorymembers-bad-continue-from', f'{CM}&cmcontinue=page|41|x')
add('categorymembers-bad-continue-2parts', f'{CM}&cmcontinue=page|41')
# errors
add('categorymembers-error-no-title', f'{Q}list=categorymembers')
add('categorymembers-error-title-and-pageid', f'{CM}&cmpageid=11')
add('categorymembers-error-not-category', f'{Q}list=categorymembers&cmtitle=Cat')
add('categorymembers-error-not-category-no-prefix', f'{Q}list=categorymembers&cmtitle=Animals')
add('categorymembers-error-pageid-not-category', f'{Q}list=categorymembers&cmpageid=37')
add('categorymembers-error-bad-pageid', f'{Q}list=categorymembers&cmpageid=999999')
add('categorymembers-error-invalid-title', f'{Q}list=categorymembers&cmtitle=Category:Foo[bar]')
add('categorymembers-limit-over-max', f'{CM}&cmlimit=600')
add('categorymembers-bad-sort', f'{CM}&cmsort=title')
add('categorymembers-bad-dir', f'{CM}&cmdir=up')
add('categorymembers-bad-prop', f'{CM}&cmprop=title|bogus')
add('categorymembers-bad-type', f'{CM}&cmtype=page|bogus')
# generator
add('categorymembers-generator', f'{Q}generator=categorymembers&gcmtitle=Category:Animals&prop=info')
add('categorymembers-generator-limit7', f'{Q}generator=categorymembers&gcmtitle=Category:Animals&gcmlimit=7'
    '&prop=info', follow=True)
add('categorymembers-generator-Plants-limit7-desc', f'{Q}generator=categorymembers&gcmtitle=Category:Plants'
    '&gcmlimit=7&gcmdir=desc&prop=info', follow=True)
add('categorymembers-generator-subcat', f'{Q}generator=categorymembers&gcmtitle=Category:Living_things'
    '&gcmtype=subcat&prop=categoryinfo')
add('categorymembers-generator-sort-timestamp', f'{Q}generator=categorymembers&gcmtitle=Category:Animals'
    '&gcmsort=timestamp&gcmlimit=10&prop=info', follow=True)

# ---- list=alllinks, list=alltransclusions, list=allfileusages, list=allredirects (ApiQueryAllLinks) ----
ALL = [
    # pagelinks: ns 0 554 rows / 104 targets; ns 2 28 / 5; ns 3 27 / 4 (Admin 11, Alice 6, Bob 6, Carol 4);
    # ns 12 40 / 6; ns 14 86 / 4.
    dict(list='alllinks', p='al', props=['ids', 'title'], ns=['0', '2', '14', '4', '-1'],
         frm='Cat', to='Dog', prefix='Ca', chain1='&alnamespace=3&alfrom=B', chain7='&alnamespace=12',
         unique_chain=('3', '&alprefix=C')),
    # templatelinks (ns 10 default): 147 rows / 7 targets (Cascade_target 1, Infobox 84, Nav 23, Sig 6,
    # Stub 27, Tl 1 (no page), Welcome 5).
    dict(list='alltransclusions', p='at', props=['ids', 'title'], ns=['0'],
         frm='Nav', to='Stub', prefix='S', chain1='&atfrom=Tl', chain7='&atfrom=Sig', unique_chain=('1', '')),
    # imagelinks (always ns 6): 41 rows / 4 targets (Diagram.svg 10, Example.png 11,
    # Nonexistent_picture.png 10, Notes.txt 10).
    dict(list='allfileusages', p='af', props=['ids', 'title'], ns=[],
         frm='E', to='Nonexistent_picture.png', prefix='N', chain1='&afprefix=No', chain7='', limit1=3,
         unique_chain=('1', '')),
    # redirect: 16 rows; ns 0 11 (Cat 2, Chat (fr interwiki), Dog, Draft_article, Kitty, Merge_target,
    # Nonexistent_target_page, Old_name_A, Paris, Protected_and_moved), ns 1, 10, 12 (2), 14.
    dict(list='allredirects', p='ar', props=['ids', 'title', 'fragment', 'interwiki'], ns=['12', '14', '1'],
         frm='D', to='Old_name_A', prefix='P', chain1='', chain7='', unique_chain=('3', '')),
]
for m in ALL:
    M, p = m['list'], m['p']
    full = M == 'alllinks'  # one class for the four modules: the full set of edge cases only once
    base = f'{Q}list={M}'
    add(f'{M}-default', base)
    for v in m['props']:
        add(f'{M}-prop-{v}', f'{base}&{p}prop={v}&{p}limit=max')
    add(f'{M}-prop-all', f'{base}&{p}prop={"|".join(m["props"])}&{p}limit=max')
    add(f'{M}-unique', f'{base}&{p}unique=1&{p}limit=max')
    for v in m['props']:
        if v != 'title':
            add(f'{M}-unique-prop-{v}', f'{base}&{p}unique=1&{p}prop={v}')
    if full:
        add(f'{M}-unique-prop-title', f'{base}&{p}unique=1&{p}prop=title')
        add(f'{M}-unique-prop-all', f'{base}&{p}unique=1&{p}prop={"|".join(m["props"])}')
    for ns in m['ns']:
        add(f'{M}-namespace-{ns}', f'{base}&{p}namespace={ns}&{p}prop=ids|title&{p}limit=max')
    if full:
        add(f'{M}-namespace-multi', f'{base}&{p}namespace=0|2')
        add(f'{M}-namespace-bad', f'{base}&{p}namespace=999')
    if not m['ns']:
        add(f'{M}-namespace-unknown-param', f'{base}&{p}namespace=0&{p}limit=3')
    f, t, pre = m['frm'], m['to'], m['prefix']
    add(f'{M}-from-to', f'{base}&{p}from={f}&{p}to={t}&{p}prop=ids|title&{p}limit=max')
    # dir=descending does not swap from and to: from stays the lower bound
    add(f'{M}-from-to-desc', f'{base}&{p}from={f}&{p}to={t}&{p}prop=ids|title&{p}limit=max&{p}dir=descending')
    add(f'{M}-prefix', f'{base}&{p}prefix={pre}&{p}prop=ids|title&{p}limit=max')
    add(f'{M}-dir-descending', f'{base}&{p}dir=descending&{p}prop=ids|title')
    if full:
        add(f'{M}-from', f'{base}&{p}from={f}&{p}prop=ids|title')
        add(f'{M}-to', f'{base}&{p}to={t}&{p}prop=ids|title&{p}limit=max')
        add(f'{M}-from-to-swapped-desc', f'{base}&{p}from={t}&{p}to={f}&{p}prop=ids|title&{p}dir=descending')
        add(f'{M}-from-lowercase', f'{base}&{p}from={f.lower()}&{p}limit=3')
        add(f'{M}-from-unique', f'{base}&{p}from={f}&{p}unique=1')
        add(f'{M}-prefix-unique', f'{base}&{p}prefix={pre}&{p}unique=1&{p}limit=max')
        add(f'{M}-prefix-lowercase', f'{base}&{p}prefix={pre.lower()}&{p}limit=max')
        add(f'{M}-prefix-from', f'{base}&{p}prefix={pre}&{p}from={f}&{p}limit=max')
        add(f'{M}-prefix-none', f'{base}&{p}prefix=Zzz')
        add(f'{M}-unique-dir-descending', f'{base}&{p}dir=descending&{p}unique=1')
    # hand-made continue values: title|from (title alone with unique; the other shape is an error)
    add(f'{M}-continue', f'{base}&{p}continue={f}|60&{p}prop=ids|title&{p}limit=5')
    add(f'{M}-unique-continue', f'{base}&{p}continue={f}&{p}unique=1&{p}limit=5')
    add(f'{M}-bad-continue', f'{base}&{p}continue=abc')
    add(f'{M}-unique-bad-continue', f'{base}&{p}continue=A|1&{p}unique=1')
    add(f'{M}-limit-over-max', f'{base}&{p}limit=600')
    if full:
        add(f'{M}-continue-overrides-from', f'{base}&{p}continue={f}|60&{p}from=A&{p}prop=ids|title&{p}limit=5')
        add(f'{M}-continue-desc', f'{base}&{p}continue={f}|60&{p}prop=ids|title&{p}limit=5&{p}dir=descending')
        add(f'{M}-bad-continue-3parts', f'{base}&{p}continue=A|1|2')
        add(f'{M}-bad-dir', f'{base}&{p}dir=sideways')
        add(f'{M}-bad-prop', f'{base}&{p}prop=title|bogus&{p}limit=3')
    # paging chains
    chains(M, f'{base}{m["chain1"]}&{p}prop=ids|title', p, [m.get('limit1', 1)], dirs=('ascending',))
    if M == 'alltransclusions':
        # with dir=descending the continuation drops atfrom (the lower bound): the chain runs to the start
        chains(M, f'{base}{m["chain7"]}&{p}prop=ids|title', p, [7], dirs=('ascending',))
        chains(M, f'{base}{m["chain7"]}&{p}prop=ids|title', p, [20], dirs=('descending',))
    else:
        chains(M, f'{base}{m["chain7"]}&{p}prop=ids|title', p, [7])
    chains(M, f'{base}&{p}prop=ids|title', p, ['max'])
    ul, uextra = m['unique_chain']
    chains(f'{M}-unique', f'{base}&{p}unique=1{uextra}', p, [int(ul)], dirs=('ascending',))
    # generator: the linking pages (non-unique) / the link targets (unique)
    g7 = m['chain7'].replace('&', '&g')
    add(f'{M}-generator', f'{Q}generator={M}{g7}&prop=info')
    add(f'{M}-generator-unique', f'{Q}generator={M}&g{p}unique=1&prop=info&g{p}limit=max')
    add(f'{M}-generator-limit7', f'{Q}generator={M}{g7}&g{p}limit=7&prop=info', follow=True)

add('alllinks-namespace-3-unique', f'{Q}list=alllinks&alnamespace=3&alunique=1')
add('allredirects-unique-from-to', f'{Q}list=allredirects&arunique=1&arprop=title&arfrom=C&arto=D')
add('allfileusages-generator-unique-limit1', f'{Q}generator=allfileusages&gafunique=1&gaflimit=1&prop=info',
    follow=True)

# ---- list=allcategories -------------------------------------------------------------------------
# 19 category rows (cat_pages 0..30); pages exist for 11 of them; Hidden_maintenance is hidden.
AC = f'{Q}list=allcategories'
add('allcategories-default', AC)
add('allcategories-prop-size', f'{AC}&acprop=size&aclimit=max')
add('allcategories-prop-hidden', f'{AC}&acprop=hidden&aclimit=max')
add('allcategories-prop-all', f'{AC}&acprop=size|hidden&aclimit=max')
add('allcategories-min', f'{AC}&acmin=5&acprop=size&aclimit=max')
add('allcategories-max', f'{AC}&acmax=1&acprop=size&aclimit=max')
add('allcategories-min-max', f'{AC}&acmin=2&acmax=20&acprop=size&aclimit=max')
add('allcategories-min-max-desc', f'{AC}&acmin=2&acmax=20&acprop=size&aclimit=max&acdir=descending')
add('allcategories-min-0', f'{AC}&acmin=0&acmax=0&acprop=size')
add('allcategories-prefix', f'{AC}&acprefix=P&acprop=size')
add('allcategories-prefix-lowercase', f'{AC}&acprefix=p')
add('allcategories-prefix-with-namespace', f'{AC}&acprefix=Category:P')
add('allcategories-prefix-space', f'{AC}&acprefix=Hidden m')
add('allcategories-from', f'{AC}&acfrom=H')
add('allcategories-to', f'{AC}&acto=H&aclimit=max')
add('allcategories-from-to', f'{AC}&acfrom=Fruits&acto=Plants&aclimit=max')
add('allcategories-from-to-desc', f'{AC}&acfrom=Plants&acto=Fruits&aclimit=max&acdir=descending')
add('allcategories-from-to-wrong-order-desc', f'{AC}&acfrom=Fruits&acto=Plants&acdir=descending')
add('allcategories-dir-descending', f'{AC}&acdir=descending&acprop=size|hidden')
chains('allcategories', f'{AC}&acprop=size', 'ac', [7, 'max'])
add('allcategories-prefix-limit1', f'{AC}&acprefix=P&aclimit=1', follow=True)
add('allcategories-continue', f'{AC}&accontinue=Images')
add('allcategories-continue-and-from', f'{AC}&accontinue=Images&acfrom=P')
add('allcategories-continue-desc', f'{AC}&accontinue=Images&acdir=descending')
add('allcategories-continue-anything', f'{AC}&accontinue=a')
add('allcategories-bad-continue', f'{AC}&accontinue=A|B')
add('allcategories-limit-over-max', f'{AC}&aclimit=600')
add('allcategories-bad-dir', f'{AC}&acdir=sideways')
add('allcategories-bad-prop', f'{AC}&acprop=size|bogus')
add('allcategories-generator', f'{Q}generator=allcategories&gaclimit=max&prop=info|categoryinfo')
add('allcategories-generator-limit7', f'{Q}generator=allcategories&gaclimit=7&prop=info', follow=True)
add('allcategories-generator-min', f'{Q}generator=allcategories&gacmin=10&prop=categoryinfo')

# ---- list=exturlusage ---------------------------------------------------------------------------
# 193 externallinks: ftp (16), http example.com (44), https example.org/wiki/<title> (85),
# https bare.example.org (21), https www.mediawiki.org (1, Help:Links), mailto (29).  No
# protocol-relative links.  One el_index_60 is cut (東京タワー).
EU = f'{Q}list=exturlusage'
add('exturlusage-default', EU)
for v in ('ids', 'title', 'url'):
    add(f'exturlusage-prop-{v}', f'{EU}&euprop={v}&eulimit=5')
add('exturlusage-prop-all', f'{EU}&euprop=ids|title|url&eulimit=5')
add('exturlusage-prop-empty', f'{EU}&euprop=&eulimit=3')
for pr in ('', 'http', 'https', 'ftp', 'mailto', 'gopher'):
    add(f'exturlusage-protocol-{pr or "empty"}', f'{EU}&euprotocol={pr}&eulimit=max')
add('exturlusage-protocol-bad', f'{EU}&euprotocol=htt')
add('exturlusage-query-no-protocol', f'{EU}&euquery=example.com&eulimit=max')
add('exturlusage-query-no-protocol-https-host', f'{EU}&euquery=example.org')
add('exturlusage-query-https', f'{EU}&euprotocol=https&euquery=example.org&eulimit=max')
add('exturlusage-query-https-wildcard', f'{EU}&euprotocol=https&euquery=*.example.org&eulimit=max')
add('exturlusage-query-https-wildcard-only-subdomains', f'{EU}&euprotocol=https&euquery=*.bare.example.org')
add('exturlusage-query-https-path', f'{EU}&euprotocol=https&euquery=example.org/wiki/C&eulimit=max')
add('exturlusage-query-https-path-unicode', f'{EU}&euprotocol=https&euquery=example.org/wiki/Zürich')
add('exturlusage-query-https-path-encoded', f'{EU}&euprotocol=https&euquery=example.org/wiki/Z%C3%BCrich')
add('exturlusage-query-https-path-long', f'{EU}&euprotocol=https&euquery=example.org/wiki/%E6%9D%B1%E4%BA%AC'
    '%E3%82%BF%E3%83%AF%E3%83%BC')
add('exturlusage-query-path-wildcard-middle', f'{EU}&euprotocol=https&euquery=example.org/wiki/*at')
add('exturlusage-query-with-protocol', f'{EU}&euquery=https://example.org/wiki/Cat')
add('exturlusage-query-with-protocol-and-protocol', f'{EU}&euprotocol=https&euquery=https://example.org/wiki/Cat')
add('exturlusage-query-mailto', f'{EU}&euprotocol=mailto&euquery=info0@example.net')
add('exturlusage-query-mailto-wildcard', f'{EU}&euprotocol=mailto&euquery=*@example.net&eulimit=max')
add('exturlusage-query-mailto-domain', f'{EU}&euprotocol=mailto&euquery=example.net&eulimit=5')
add('exturlusage-query-ftp', f'{EU}&euprotocol=ftp&euquery=ftp.example.org/pub/1&eulimit=max')
add('exturlusage-query-http-path-query', f'{EU}&euquery=example.com/search?q=1&eulimit=max')
add('exturlusage-query-empty', f'{EU}&euquery=&euprotocol=mailto')
add('exturlusage-query-bad', f'{EU}&euquery=http://[')
add('exturlusage-expandurl', f'{EU}&euexpandurl=1&eulimit=3')
for ns in ('12', '0|12', '2'):
    add(f'exturlusage-namespace-{ns.replace("|", "-")}', f'{EU}&eunamespace={ns}&euprotocol=https&eulimit=max')
add('exturlusage-namespace-bad', f'{EU}&eunamespace=999&eulimit=3')
add('exturlusage-limit20', f'{EU}&eulimit=20&euprop=ids', follow=True)
add('exturlusage-limit-max', f'{EU}&eulimit=max')
# a chain whose continue value has to escape '%' (Caf%C3%A9_culture -> Caf%25C3%25A9_culture)
add('exturlusage-query-https-path-limit2', f'{EU}&euprotocol=https&euquery=example.org/wiki/C&eulimit=2', follow=True)
add('exturlusage-protocol-mailto-limit7', f'{EU}&euprotocol=mailto&eulimit=7', follow=True)
# only the part up to the first wildcard counts: *.example.org/wiki/T matches every https://*.example.org URL
add('exturlusage-query-wildcard-path', f'{EU}&euprotocol=https&euquery=*.example.org/wiki/T&eulimit=max')
# hand-made continue values: el_index_60|el_id, each with % -> %25 and | -> %7C
add('exturlusage-continue', f'{EU}&eucontinue=https://org.example./wiki/Cat|1&eulimit=3')
add('exturlusage-continue-encoded', f'{EU}&eucontinue=https://org.example./wiki/Caf%25C3%25A9_culture|1&eulimit=3')
add('exturlusage-continue-raw-percent', f'{EU}&eucontinue=https://org.example./wiki/Caf%C3%A9_culture|1&eulimit=3')
add('exturlusage-continue-query', f'{EU}&euprotocol=https&euquery=example.org&eucontinue=https://org.example./wiki/S|0'
    '&eulimit=3')
# a constant prefix of 60 or more characters: el_index_60 is compared with '=' and left out of the order
add('exturlusage-query-long-continue', f'{EU}&euprotocol=https&euquery=example.org/wiki/%E6%9D%B1%E4%BA%AC'
    '%E3%82%BF%E3%83%AF%E3%83%BC&eucontinue=0')
add('exturlusage-query-long-bad-continue', f'{EU}&euprotocol=https&euquery=example.org/wiki/%E6%9D%B1%E4%BA%AC'
    '%E3%82%BF%E3%83%AF%E3%83%BC&eucontinue=https://org.example./wiki/|0')
add('exturlusage-bad-continue', f'{EU}&eucontinue=abc')
add('exturlusage-bad-continue-3parts', f'{EU}&eucontinue=a|b|c')
add('exturlusage-limit-over-max', f'{EU}&eulimit=600')
add('exturlusage-bad-prop', f'{EU}&euprop=url|bogus&eulimit=3')
add('exturlusage-generator', f'{Q}generator=exturlusage&geuprotocol=ftp&geulimit=max&prop=info')
add('exturlusage-generator-limit7', f'{Q}generator=exturlusage&geuprotocol=mailto&geulimit=7&prop=info', follow=True)
add('exturlusage-generator-duplicates', f'{Q}generator=exturlusage&geuquery=*.example.org&geuprotocol=https'
    '&geulimit=max&prop=info')

# ---- list=pageswithprop -------------------------------------------------------------------------
# page_props: defaultsort 14, displaytitle 13, hiddencat 1 (16), newsectionlink 1 (27), noindex 8, notoc 7.
PW = f'{Q}list=pageswithprop'
for pn in ('defaultsort', 'displaytitle', 'hiddencat', 'newsectionlink', 'noindex', 'notoc', 'nonexistent_prop'):
    add(f'pageswithprop-{pn}', f'{PW}&pwppropname={pn}&pwpprop=ids|title|value&pwplimit=max')
PD = f'{PW}&pwppropname=displaytitle'
add('pageswithprop-default', PD)
for v in ('ids', 'title', 'value'):
    add(f'pageswithprop-prop-{v}', f'{PD}&pwpprop={v}')
add('pageswithprop-prop-all', f'{PD}&pwpprop=ids|title|value')
add('pageswithprop-dir-descending', f'{PD}&pwpdir=descending&pwpprop=ids|value')
chains('pageswithprop', f'{PD}&pwpprop=ids|title|value', 'pwp', [1], dirs=('ascending',))
chains('pageswithprop', f'{PD}&pwpprop=ids|title|value', 'pwp', [7, 'max'])
add('pageswithprop-continue', f'{PD}&pwpcontinue=79')
add('pageswithprop-continue-desc', f'{PD}&pwpcontinue=79&pwpdir=descending')
add('pageswithprop-continue-not-int', f'{PD}&pwpcontinue=abc')
add('pageswithprop-bad-continue', f'{PD}&pwpcontinue=1|2')
add('pageswithprop-error-no-propname', f'{PW}')
add('pageswithprop-propname-multi', f'{PW}&pwppropname=noindex|notoc')
add('pageswithprop-limit-over-max', f'{PD}&pwplimit=600')
add('pageswithprop-bad-dir', f'{PD}&pwpdir=sideways')
add('pageswithprop-bad-prop', f'{PD}&pwpprop=value|bogus')
add('pageswithprop-generator', f'{Q}generator=pageswithprop&gpwppropname=notoc&prop=info|pageprops')
add('pageswithprop-generator-limit7', f'{Q}generator=pageswithprop&gpwppropname=defaultsort&gpwplimit=7&prop=info',
    follow=True)

# ---- list=pagepropnames -------------------------------------------------------------------------
PN = f'{Q}list=pagepropnames'
add('pagepropnames-default', PN)
add('pagepropnames-limit1', f'{PN}&ppnlimit=1', follow=True)
add('pagepropnames-limit-max', f'{PN}&ppnlimit=max')
add('pagepropnames-continue', f'{PN}&ppncontinue=hiddencat')
add('pagepropnames-continue-between', f'{PN}&ppncontinue=e')
add('pagepropnames-continue-past-end', f'{PN}&ppncontinue=zzz')
add('pagepropnames-continue-uppercase', f'{PN}&ppncontinue=Z')
add('pagepropnames-bad-continue', f'{PN}&ppncontinue=a|b')
add('pagepropnames-limit-over-max', f'{PN}&ppnlimit=600')
add('pagepropnames-unknown-param', f'{PN}&ppndir=descending')
add('pagepropnames-as-generator', f'{Q}generator=pagepropnames')

# ---- list=iwbacklinks ---------------------------------------------------------------------------
# iwlinks: 170 rows: mw:Help:Links 85 (from 28 and 37..121), wikipedia:<title> 84 (one per article),
# fr:Chat 1 (from the interwiki redirect Fr_cat 160).
IW = f'{Q}list=iwbacklinks'
add('iwbacklinks-default', IW)
for v in ('iwprefix', 'iwtitle'):
    add(f'iwbacklinks-prop-{v}', f'{IW}&iwblprop={v}')
add('iwbacklinks-prop-all', f'{IW}&iwblprop=iwprefix|iwtitle')
for pre in ('wikipedia', 'mw', 'fr', 'xx'):
    add(f'iwbacklinks-prefix-{pre}', f'{IW}&iwblprefix={pre}&iwblprop=iwprefix|iwtitle')
add('iwbacklinks-prefix-title', f'{IW}&iwblprefix=mw&iwbltitle=Help:Links&iwblprop=iwtitle')
add('iwbacklinks-prefix-title-one', f'{IW}&iwblprefix=wikipedia&iwbltitle=Cat&iwblprop=iwprefix|iwtitle')
add('iwbacklinks-prefix-title-redirect', f'{IW}&iwblprefix=fr&iwbltitle=Chat')
add('iwbacklinks-prefix-title-unicode', f'{IW}&iwblprefix=wikipedia&iwbltitle=Zürich')
add('iwbacklinks-prefix-title-space', f'{IW}&iwblprefix=wikipedia&iwbltitle=Café culture')
add('iwbacklinks-prefix-title-underscore', f'{IW}&iwblprefix=wikipedia&iwbltitle=Café_culture')
add('iwbacklinks-prefix-title-lowercase', f'{IW}&iwblprefix=wikipedia&iwbltitle=cat')
add('iwbacklinks-prefix-uppercase', f'{IW}&iwblprefix=WIKIPEDIA&iwbllimit=3')
add('iwbacklinks-dir-descending', f'{IW}&iwbldir=descending&iwblprop=iwprefix|iwtitle')
add('iwbacklinks-prefix-dir-descending', f'{IW}&iwblprefix=wikipedia&iwbldir=descending&iwblprop=iwtitle')
add('iwbacklinks-prefix-title-dir-descending', f'{IW}&iwblprefix=mw&iwbltitle=Help:Links&iwbldir=descending')
add('iwbacklinks-error-title-without-prefix', f'{IW}&iwbltitle=Cat')
add('iwbacklinks-limit20-desc', f'{IW}&iwbllimit=20&iwbldir=descending&iwblprop=iwprefix|iwtitle', follow=True)
add('iwbacklinks-limit-max', f'{IW}&iwbllimit=max&iwblprop=iwprefix|iwtitle')
add('iwbacklinks-limit-max-desc', f'{IW}&iwbllimit=max&iwbldir=descending')
add('iwbacklinks-prefix-wikipedia-limit7', f'{IW}&iwblprefix=wikipedia&iwbllimit=7', follow=True)
add('iwbacklinks-continue', f'{IW}&iwblcontinue=wikipedia|Cat|0&iwbllimit=3')
add('iwbacklinks-continue-prefix-mismatch', f'{IW}&iwblprefix=mw&iwblcontinue=wikipedia|Cat|0&iwbllimit=3')
add('iwbacklinks-continue-desc', f'{IW}&iwblcontinue=mw|Help:Links|50&iwbldir=descending&iwbllimit=3')
add('iwbacklinks-bad-continue', f'{IW}&iwblcontinue=abc')
add('iwbacklinks-bad-continue-2parts', f'{IW}&iwblcontinue=mw|Help:Links')
add('iwbacklinks-limit-over-max', f'{IW}&iwbllimit=600')
add('iwbacklinks-bad-dir', f'{IW}&iwbldir=sideways')
add('iwbacklinks-bad-prop', f'{IW}&iwblprop=iwtitle|bogus&iwbllimit=3')
add('iwbacklinks-generator', f'{Q}generator=iwbacklinks&giwblprefix=wikipedia&giwbllimit=5&prop=info')
# a chain of the generator, started from a hand-made continue value (wikipedia:Tiger ... wikipedia:東京タワー)
add('iwbacklinks-generator-from-continue-limit7', f'{Q}generator=iwbacklinks&giwblcontinue=wikipedia|Tiger|0'
    '&giwbllimit=7&prop=info', follow=True)
add('iwbacklinks-generator-redirect', f'{Q}generator=iwbacklinks&giwblprefix=fr&prop=info&redirects=1')

# ---- list=langbacklinks -------------------------------------------------------------------------
# langlinks: 27 rows: de 10, es 4, fr 10, ja 3; from Cat (37), Dog, Horse, Apple, Paris, Berlin, Tokyo,
# Mathematics, Music, Zürich.  Same title in two languages: Berlin (de, fr), Paris (de, fr).
LB = f'{Q}list=langbacklinks'
add('langbacklinks-default', LB)
for v in ('lllang', 'lltitle'):
    add(f'langbacklinks-prop-{v}', f'{LB}&lblprop={v}')
add('langbacklinks-prop-all', f'{LB}&lblprop=lllang|lltitle&lbllimit=max')
for lang in ('fr', 'de', 'ja', 'xx'):
    add(f'langbacklinks-lang-{lang}', f'{LB}&lbllang={lang}&lblprop=lllang|lltitle&lbllimit=max')
add('langbacklinks-lang-title', f'{LB}&lbllang=fr&lbltitle=Chat&lblprop=lllang|lltitle')
add('langbacklinks-lang-title-unicode', f'{LB}&lbllang=ja&lbltitle=ネコ&lblprop=lltitle')
add('langbacklinks-lang-title-accent', f'{LB}&lbllang=es&lbltitle=Matemáticas')
add('langbacklinks-lang-title-none', f'{LB}&lbllang=de&lbltitle=Chat')
add('langbacklinks-lang-uppercase', f'{LB}&lbllang=FR')
add('langbacklinks-error-title-without-lang', f'{LB}&lbltitle=Chat')
add('langbacklinks-dir-descending', f'{LB}&lbldir=descending&lblprop=lllang|lltitle')
add('langbacklinks-lang-dir-descending', f'{LB}&lbllang=de&lbldir=descending&lblprop=lltitle')
chains('langbacklinks', f'{LB}&lblprop=lllang|lltitle', 'lbl', [7, 'max'])
add('langbacklinks-lang-fr-limit1', f'{LB}&lbllang=fr&lbllimit=1&lblprop=lllang|lltitle', follow=True)
add('langbacklinks-continue', f'{LB}&lblcontinue=es|Gato|0&lbllimit=3')
add('langbacklinks-continue-desc', f'{LB}&lblcontinue=es|Gato|0&lbllimit=3&lbldir=descending')
add('langbacklinks-bad-continue', f'{LB}&lblcontinue=abc')
add('langbacklinks-bad-continue-4parts', f'{LB}&lblcontinue=fr|Chat|37|1')
add('langbacklinks-limit-over-max', f'{LB}&lbllimit=600')
add('langbacklinks-bad-dir', f'{LB}&lbldir=sideways')
add('langbacklinks-bad-prop', f'{LB}&lblprop=lllang|bogus')
add('langbacklinks-generator', f'{Q}generator=langbacklinks&glbllang=fr&prop=info')
add('langbacklinks-generator-limit7', f'{Q}generator=langbacklinks&glbllimit=7&prop=info', follow=True)

# ---- two list modules in one request: each continues on its own ---------------------------------
add('backlinks-embeddedin-together', f'{Q}list=backlinks|embeddedin&bltitle=Cat&bllimit=20&eititle=Template:Sig'
    '&eilimit=2', follow=True)

# ---- paraminfo of the fourteen modules ----------------------------------------------------------
add('paraminfo-lists-modules', 'action=paraminfo&modules=query+backlinks|query+embeddedin|query+imageusage'
    '|query+categorymembers|query+alllinks|query+allredirects|query+alltransclusions|query+allfileusages'
    '|query+allcategories|query+exturlusage|query+pageswithprop|query+pagepropnames|query+iwbacklinks'
    '|query+langbacklinks')

cap.run()
