#!/usr/bin/env python3
"""Capture MediaWiki 1.39's answers for the activity list modules: list=recentchanges (also as a
generator), list=usercontribs, list=protectedtitles (also as a generator) and list=tags.
    tools/capture.py activity BASE_URL
Same file format as shared/oracle/capture.py, tools/capture/lists.py and
tools/capture/revisions.py: {"request", "status", "mediawiki-api-error", "response"}.
Every request is a GET with format=json; each is captured in formatversion 1 (NAME.json) and
formatversion 2 (NAME.fv2.json) unless noted.  Parameter values are percent-encoded (RFC 3986,
keeping '|', '*', '!', ':' and '/' literal, space as %20), and the 'request' member is the exact
query string sent.
Anonymous requests use a fresh connection and no cookies each.  Files whose name contains
'.sysop' are made in a session logged in (action=clientlogin, as in populate.py) as Bob (sysop:
patrol, deletedhistory, deletedtext, no suppression rights), '.admin' as Admin (sysop + suppress:
suppressrevision, viewsuppressed).  Anonymous requests are made first, the logged-in ones last.
Requests marked 'follow' are repeated with the 'continue' members of each answer merged into the
parameters until an answer has no 'continue' (or 'pages' answers were saved); the pages are
NAME-page1, NAME-page2, ...
Not captured (MediaWiki answers internal_api_error_Wikimedia\\Timestamp\\TimestampException with a
random error id and a stack trace, not reproducible): continue values whose timestamp part is not a
timestamp, e.g. rccontinue=abc|5, uccontinue=abc|5 (single user), uccontinue=actor|5|abc|5,
uccontinue=name|Carol|abc|5, ptcontinue=abc|0|X.  Also left out: rcstart=now / ucstart=now (they
depend on MediaWiki's clock)."""
import os
import sys

from oracle_capture import SYSOP, Capture  # noqa: E402

cap = Capture(sys.argv[1], sys.argv[2], max_pages=60, timeout=120)
add = cap.add
add2 = cap.add2
add3 = cap.add3

Q = 'action=query&'




def slug(v):
    return v.replace('|', '-').replace('!', 'not-').replace('*', 'all').replace(':', '-').replace('/', '-')


# ---- data used (from the fixture's tables) ------------------------------------------------------
# recentchanges: 344 rows, rc_id 2..351, 2026-11-21T23:31:51Z .. 23:32:36Z (many ties on the second);
#   rc_type 0 edit 105, 1 new 168, 3 log 71 (no categorize, no external); rc_bot 29 (FixtureBot);
#   rc_minor 72; rc_patrolled 0: 94, 1: 8, 2: 242; namespaces -1 (9 log rows), 0, 1, 2 (36), 3, 4, 6,
#   8, 10, 12, 14.  rc_deleted != 0: rc 6 (User:Spammer1 newusers log, 13), 52 (File:Example.png upload
#   log, 2), 64 (Horse new by Bob, 6), 282/283 (Dog edits by Mallory, 15), 286 (Horse edit by Carol, 2),
#   298 (Old_name_A move log by Alice, 12).  IP actors: 192.0.2.10 (6 rc rows), 203.0.113.5 (8),
#   198.51.100.7 (8), 2001:DB8:0:0:0:0:0:42 (4), 127.0.0.1 (1).  rcuser=Carol: 51 rows.
#   Tags on rc rows: fixture-tag 24, mw-new-redirect 11, temp-tag 5, one each mw-removed-redirect,
#   mw-contentmodelchange, mw-replace, mw-rollback, mw-undo, mw-blank.
# revision: 307 rows (12 without an rc row: 125 by 192.0.2.10, imported 305/306, ...).  rev_deleted:
#   44 (Horse, Bob, 6), 260/261 (Dog, Mallory, 15), 264 (Horse, Carol, 2).
#   Carol 50 revisions (all autopatrolled), Alice 82 (patrolled 0 and 1, 25 minor), FixtureBot 30,
#   David (user 9) 1, Mallory (user 6) 2; ip_changes: 192.0.2.10 (7), 192.0.2.200 (1, imported),
#   198.51.100.7 (8), 203.0.113.5 (8), 2001:DB8::42 (4), 127.0.0.1 (1).
# protected_titles: Forbidden_title (sysop, infinity), Temporary_forbidden_title (autoconfirmed,
#   expires 2026-12-05T23:32:27Z, after the frozen clock), both 2026-11-21T23:32:27Z by Admin.
# change_tag_def: fixture-tag, temp-tag (user-defined), mw-* software tags.

# ==== list=recentchanges ===========================================================================
RC = f'{Q}list=recentchanges'
RCPROPS = ['title', 'timestamp', 'ids', 'user', 'userid', 'comment', 'parsedcomment', 'flags', 'sizes',
           'redirect', 'patrolled', 'loginfo', 'tags', 'sha1']
RCALL_NOPATROL = '|'.join(p for p in RCPROPS if p != 'patrolled')
RCALL = '|'.join(RCPROPS)
# the props of the paging chains
RCP = 'rcprop=title|timestamp|ids|user|comment|sizes|flags|loginfo|tags'
# the props for hidden rows
RCDEL = 'rcprop=user|comment|title|ids|loginfo|sha1|flags|sizes|parsedcomment|tags|userid'

add('recentchanges-default', RC)
for p in RCPROPS:
    if p == 'patrolled':
        add2(f'recentchanges-prop-{p}', f'{RC}&rcprop={p}&rclimit=max')  # anonymous: permissiondenied
    else:
        add(f'recentchanges-prop-{p}', f'{RC}&rcprop={p}&rclimit=max')
add('recentchanges-prop-all-but-patrolled', f'{RC}&rcprop={RCALL_NOPATROL}&rclimit=max')
add2('recentchanges-prop-all', f'{RC}&rcprop={RCALL}&rclimit=max')
add('recentchanges-prop-empty', f'{RC}&rcprop=&rclimit=5')
add('recentchanges-prop-bogus', f'{RC}&rcprop=title|bogus&rclimit=3')
add('recentchanges-prop-patrolled-with-show', f'{RC}&rcprop=title|patrolled&rcshow=!bot&rclimit=3')

# rcshow: every value, anonymous and as Bob (the patrol values need patrol/patrolmarks)
RCS = f'{RC}&rcprop=title|ids|user|flags|redirect&rclimit=max'
SHOW = ['minor', '!minor', 'bot', '!bot', 'anon', '!anon', 'redirect', '!redirect', 'patrolled', '!patrolled',
        'unpatrolled', 'autopatrolled', '!autopatrolled']
for v in SHOW:
    add2(f'recentchanges-show-{slug(v)}', f'{RCS}&rcshow={v}')
# the patrol values with the patrolled prop (Bob only)
for v in ('patrolled', '!patrolled', 'unpatrolled', 'autopatrolled', '!autopatrolled'):
    add(f'recentchanges-show-{slug(v)}-prop-patrolled.sysop', f'{RC}&rcprop=title|ids|patrolled&rclimit=max'
        f'&rcshow={v}', cred=SYSOP)
# contradictory pairs (error 'show', checked before the permission)
for pair in ('minor|!minor', 'bot|!bot', 'anon|!anon', 'redirect|!redirect', 'patrolled|!patrolled',
             'patrolled|unpatrolled', '!patrolled|unpatrolled', 'autopatrolled|!autopatrolled',
             'autopatrolled|unpatrolled', 'autopatrolled|!patrolled'):
    add(f'recentchanges-show-conflict-{slug(pair)}', f'{RC}&rcshow={pair}')
# compatible combinations
add('recentchanges-show-minor-bot', f'{RCS}&rcshow=minor|bot')
add('recentchanges-show-not-bot-not-anon-not-minor', f'{RCS}&rcshow=!bot|!anon|!minor')
add('recentchanges-show-anon-redirect', f'{RCS}&rcshow=anon|!redirect')
add('recentchanges-show-patrolled-not-autopatrolled.sysop', f'{RCS}&rcshow=patrolled|!autopatrolled', cred=SYSOP)
add('recentchanges-show-unpatrolled-not-autopatrolled.sysop', f'{RCS}&rcshow=unpatrolled|!autopatrolled', cred=SYSOP)
add('recentchanges-show-bogus', f'{RCS}&rcshow=minor|bogus')

# rctype
RCT = f'{RC}&rcprop=title|ids|flags|loginfo&rclimit=max'
for t in ('edit', 'new', 'log', 'categorize', 'external', 'edit|new', 'new|log', 'edit|new|log|categorize|external'):
    add(f'recentchanges-type-{slug(t)}', f'{RCT}&rctype={t}')
add('recentchanges-type-bogus', f'{RC}&rctype=bogus&rclimit=3')
add('recentchanges-type-empty', f'{RC}&rctype=&rclimit=3')

# rcnamespace
RCN = f'{RC}&rcprop=title|ids|user|loginfo&rclimit=max'
for ns in ('0', '2', '2|4', '-1', '6|14', '*'):
    add(f'recentchanges-namespace-{slug(ns)}', f'{RCN}&rcnamespace={ns}')
add('recentchanges-namespace-bad', f'{RC}&rcnamespace=999&rclimit=3')

# rcuser / rcexcludeuser
RCU = f'{RC}&rcprop=title|ids|user|userid|timestamp&rclimit=max'
for nm, u in (('Carol', 'Carol'), ('ip', '192.0.2.10'), ('ipv6-lowercase', '2001:db8::42'),
              ('localhost', '127.0.0.1'), ('lowercase', 'carol'),
              ('id', '#5'), ('interwiki', 'imported>ExternalUser'), ('nonexistent', 'Nonexistent_user_xyz')):
    add(f'recentchanges-user-{nm}', f'{RCU}&rcuser={u}')
add('recentchanges-user-invalid', f'{RC}&rcuser=Foo[bar]')
add('recentchanges-user-multi', f'{RC}&rcuser=Carol|Bob')
add('recentchanges-excludeuser-Admin', f'{RCU}&rcexcludeuser=Admin')
add('recentchanges-excludeuser-ip', f'{RC}&rcprop=user&rclimit=max&rcexcludeuser=192.0.2.10&rcshow=anon')
add('recentchanges-error-user-excludeuser', f'{RC}&rcuser=Carol&rcexcludeuser=Alice')

# rctag
for t in ('fixture-tag', 'mw-new-redirect', 'temp-tag', 'Nonexistent_tag_xyz'):
    add(f'recentchanges-tag-{t}', f'{RC}&rcprop=title|ids|tags&rclimit=max&rctag={t}')
add('recentchanges-tag-fixture-tag-limit5', f'{RC}&rcprop=title|ids|tags&rclimit=5&rctag=fixture-tag', follow=True)

# rctoponly
add('recentchanges-toponly', f'{RC}&rcprop=title|ids|flags&rclimit=max&rctoponly=1')

# rctitle
RCTI = f'{RC}&{RCP}&rclimit=max'
for nm, t in (('Dog', 'Dog'), ('User-Alice-Draft', 'User:Alice/Draft'), ('Cat-lowercase', 'cat'),
              ('special-log', 'Special:Log/upload'), ('nonexistent', 'Nonexistent_page_xyz')):
    add(f'recentchanges-title-{nm}', f'{RCTI}&rctitle={t}')
add('recentchanges-title-invalid', f'{RC}&rctitle=Foo[bar]')
add('recentchanges-title-interwiki', f'{RC}&rctitle=wikipedia:Foo')
add('recentchanges-title-with-namespace', f'{RCTI}&rctitle=Dog&rcnamespace=2')

# rcstart / rcend / rcdir
RCD = f'{RC}&rcprop=title|ids|timestamp&rclimit=max'
add('recentchanges-dir-newer', f'{RC}&rcdir=newer')
add('recentchanges-start-end', f'{RCD}&rcstart=2026-11-21T23:32:27Z&rcend=2026-11-21T23:32:25Z')
add('recentchanges-start-end-newer', f'{RCD}&rcdir=newer&rcstart=2026-11-21T23:32:25Z&rcend=2026-11-21T23:32:27Z')
add('recentchanges-start-end-wrong-order', f'{RCD}&rcstart=2026-11-21T23:32:25Z&rcend=2026-11-21T23:32:27Z')
add('recentchanges-start-end-newer-wrong-order', f'{RCD}&rcdir=newer&rcstart=2026-11-21T23:32:27Z'
    '&rcend=2026-11-21T23:32:25Z')
add('recentchanges-start-only', f'{RCD}&rcstart=2026-11-21T23:31:55Z')
add('recentchanges-end-only-newer', f'{RCD}&rcdir=newer&rcend=2026-11-21T23:31:55Z')
add('recentchanges-start-before-all', f'{RCD}&rcstart=2020-01-01T00:00:00Z')
add('recentchanges-bad-start', f'{RC}&rcstart=abc')
add('recentchanges-bad-dir', f'{RC}&rcdir=sideways')

# rcslot
add('recentchanges-slot-main', f'{RC}&rcslot=main&rcprop=title|ids|sizes&rclimit=max')
add('recentchanges-slot-main-type-log', f'{RC}&rcslot=main&rcprop=title|ids|sizes&rctype=log')
add('recentchanges-slot-main-type-edit', f'{RC}&rcslot=main&rcprop=title|ids|sizes&rctype=edit&rclimit=max')
add('recentchanges-slot-bogus', f'{RC}&rcslot=bogus&rcprop=sizes')

# generator
add('recentchanges-generator', f'{Q}generator=recentchanges&grclimit=10&prop=info')
add('recentchanges-generator-revisions', f'{Q}generator=recentchanges&grclimit=10&prop=revisions')
add('recentchanges-generator-generaterevisions', f'{Q}generator=recentchanges&grclimit=10&grcgeneraterevisions=1'
    '&prop=revisions')
add('recentchanges-generator-generaterevisions-info', f'{Q}generator=recentchanges&grclimit=10'
    '&grcgeneraterevisions=1&prop=info')
add('recentchanges-generator-generaterevisions-type-log', f'{Q}generator=recentchanges&grclimit=max'
    '&grctype=log&grcgeneraterevisions=1&prop=revisions')
add('recentchanges-generator-type-log', f'{Q}generator=recentchanges&grclimit=max&grctype=log&prop=info')
add('recentchanges-generator-limit7', f'{Q}generator=recentchanges&grclimit=7&prop=info', follow=True, pages=4)
add('recentchanges-generator-generaterevisions-limit7', f'{Q}generator=recentchanges&grclimit=7'
    '&grcgeneraterevisions=1&prop=revisions', follow=True, pages=4)
add('recentchanges-generator-continue', f'{Q}generator=recentchanges&grclimit=3&grccontinue=20261121233230|345'
    '&grcgeneraterevisions=1&prop=revisions')
add('recentchanges-generaterevisions-list', f'{RC}&rcgeneraterevisions=1&rclimit=3')
add('recentchanges-generator-with-list', f'{Q}generator=recentchanges&grclimit=3&list=recentchanges&rclimit=2')

# hand-made rccontinue values
add('recentchanges-continue', f'{RC}&rccontinue=20261121233227|300&rclimit=5')
add('recentchanges-continue-iso', f'{RC}&rccontinue=2026-11-21T23:32:27Z|300&rclimit=5')
add('recentchanges-continue-newer', f'{RC}&rccontinue=20261121233227|300&rclimit=5&rcdir=newer')
add('recentchanges-continue-id-past', f'{RC}&rccontinue=20261121233227|999&rclimit=5')
add('recentchanges-continue-with-start', f'{RC}&rccontinue=20261121233227|300&rcstart=2026-11-21T23:32:20Z'
    '&rclimit=5')
add('recentchanges-continue-year-only', f'{RC}&rccontinue=2026|5')
add('recentchanges-continue-year-only-newer', f'{RC}&rccontinue=2026|5&rcdir=newer&rclimit=3')
add('recentchanges-bad-continue', f'{RC}&rccontinue=abc')
add('recentchanges-bad-continue-id', f'{RC}&rccontinue=2026|x')
add('recentchanges-bad-continue-id-tsmw', f'{RC}&rccontinue=20261121233227|x')
add('recentchanges-bad-continue-3parts', f'{RC}&rccontinue=20261121233227|300|1')

# limits
add('recentchanges-limit-over-max', f'{RC}&rclimit=600&rcprop=ids')
add('recentchanges-limit-0', f'{RC}&rclimit=0')
add('recentchanges-limit-not-integer', f'{RC}&rclimit=abc')
add('recentchanges-limit-over-max.sysop', f'{RC}&rclimit=6000&rcprop=ids', cred=SYSOP)

# hidden rows (rc_deleted), three callers
add3('recentchanges-deleted', f'{RC}&{RCDEL}&rclimit=max')
for nm, t in (('Dog', 'Dog'), ('Horse', 'Horse'), ('Spammer1', 'User:Spammer1'),
              ('Example-png', 'File:Example.png'), ('Old_name_A', 'Old_name_A')):
    add3(f'recentchanges-deleted-title-{nm}', f'{RC}&{RCDEL}&rclimit=max&rctitle={t}')
add3('recentchanges-deleted-generaterevisions', f'{Q}generator=recentchanges&grctitle=Dog'
     '&grcgeneraterevisions=1&prop=revisions&rvprop=ids|user|comment')
# user filters hide user-hidden rows (T19342 paranoia)
for u in ('Mallory', 'Spammer1', 'Bob'):
    add3(f'recentchanges-deleted-user-{u}', f'{RC}&{RCDEL}&rclimit=max&rcuser={u}')
add3('recentchanges-deleted-excludeuser-Admin', f'{RC}&rcprop=title|ids|user&rclimit=max&rcexcludeuser=Admin')
# an unprefixed 'namespace' parameter (MediaWiki checks getCheck('namespace')) hides action-hidden log rows
add3('recentchanges-deleted-namespace-2', f'{RC}&{RCDEL}&rclimit=max&rcnamespace=2')
add3('recentchanges-deleted-namespace-2-unprefixed', f'{RC}&{RCDEL}&rclimit=max&rcnamespace=2&namespace=2')
add3('recentchanges-deleted-unprefixed-namespace-only', f'{RC}&rcprop=title|ids|loginfo&rclimit=max&rctype=log'
     '&namespace=0')

# paging chains
add('recentchanges-namespace-2-limit1', f'{RC}&{RCP}&rcnamespace=2&rclimit=1', follow=True)
add('recentchanges-user-Carol-limit7', f'{RC}&{RCP}&rcuser=Carol&rclimit=7', follow=True)
add('recentchanges-user-Carol-limit7-newer', f'{RC}&{RCP}&rcuser=Carol&rclimit=7&rcdir=newer', follow=True)
add('recentchanges-limit7', f'{RC}&{RCP}&rclimit=7', follow=True)
add('recentchanges-limit7-newer', f'{RC}&{RCP}&rclimit=7&rcdir=newer', follow=True)
add('recentchanges-limit-max', f'{RC}&{RCP}&rclimit=max')
add('recentchanges-limit-max-newer', f'{RC}&{RCP}&rclimit=max&rcdir=newer')
add('recentchanges-limit-max.sysop', f'{RC}&{RCP}&rclimit=max', cred=SYSOP)
add('recentchanges-show-anon-limit3', f'{RC}&{RCP}&rcshow=anon&rclimit=3', follow=True)
add('recentchanges-unpatrolled-limit10.sysop', f'{RC}&rcprop=title|ids|patrolled&rcshow=unpatrolled&rclimit=10',
    cred=SYSOP, follow=True)

# ==== list=usercontribs ============================================================================
UC = f'{Q}list=usercontribs'
UCPROPS = ['ids', 'title', 'timestamp', 'comment', 'parsedcomment', 'size', 'sizediff', 'flags', 'patrolled', 'tags']
UCALL_NOPATROL = '|'.join(p for p in UCPROPS if p != 'patrolled')
UCALL = '|'.join(UCPROPS)
UCP = 'ucprop=ids|title|timestamp|flags|size'

# ucuser
add('usercontribs-default', f'{UC}&ucuser=Carol')
for nm, u in (('Carol', 'Carol'), ('ip', '203.0.113.5'), ('ipv6-lowercase', '2001:db8::42'), ('lowercase', 'carol'),
              ('interwiki', 'imported>ExternalUser'), ('nonexistent', 'Nonexistent_user_xyz'),
              ('David', 'David')):
    add(f'usercontribs-user-{nm}', f'{UC}&{UCP}&uclimit=max&ucuser={u}')
add('usercontribs-user-multi', f'{UC}&{UCP}&uclimit=max&ucuser=Carol|Bob|192.0.2.10')
add('usercontribs-user-multi-nonexistent', f'{UC}&{UCP}&uclimit=max&ucuser=Nonexistent_user_xyz|David')
add('usercontribs-user-duplicate', f'{UC}&{UCP}&uclimit=max&ucuser=David|David')
add('usercontribs-user-invalid', f'{UC}&ucuser=Foo[bar]')
add('usercontribs-user-invalid-in-multi', f'{UC}&ucuser=David|Foo[bar]')
add('usercontribs-user-id-form', f'{UC}&ucuser=#5')
add('usercontribs-user-empty', f'{UC}&ucuser=')

# ucuserids
add('usercontribs-userids-one', f'{UC}&{UCP}&uclimit=max&ucuserids=9')
add('usercontribs-userids-multi', f'{UC}&{UCP}&uclimit=max&ucuserids=9|5')
add('usercontribs-userids-nonexistent', f'{UC}&{UCP}&ucuserids=999')
add('usercontribs-userids-zero', f'{UC}&ucuserids=0')
add('usercontribs-userids-negative', f'{UC}&ucuserids=-1')
add('usercontribs-userids-empty', f'{UC}&ucuserids=')
add('usercontribs-userids-not-integer', f'{UC}&ucuserids=abc')

# ucuserprefix
for nm, pfx in (('Ca', 'Ca'), ('19', '19'), ('A', 'A'), ('lowercase', 'ca'), ('none', 'Zzz')):
    add(f'usercontribs-userprefix-{nm}', f'{UC}&{UCP}&uclimit=max&ucuserprefix={pfx}')

# uciprange
for nm, r in (('192.0.2.0-24', '192.0.2.0/24'), ('192.0.0.0-16', '192.0.0.0/16'), ('2001-db8--32', '2001:db8::/32'),
              ('198.51.100.7-32', '198.51.100.7/32'), ('10.0.0.0-24', '10.0.0.0/24')):
    add(f'usercontribs-iprange-{nm}', f'{UC}&{UCP}&uclimit=max&uciprange={r}')
add('usercontribs-iprange-too-wide', f'{UC}&uciprange=192.0.0.0/8')
add('usercontribs-iprange-too-wide-ipv6', f'{UC}&uciprange=2001:db8::/16')
add('usercontribs-iprange-invalid', f'{UC}&uciprange=abc')
add('usercontribs-iprange-plain-ip', f'{UC}&uciprange=192.0.2.10')
add('usercontribs-iprange-bad-bits', f'{UC}&uciprange=192.0.2.0/33')

# errors: no mode / several modes
add('usercontribs-error-no-user', UC)
add('usercontribs-error-user-userprefix', f'{UC}&ucuser=Bob&ucuserprefix=B')
add('usercontribs-error-userids-iprange', f'{UC}&ucuserids=5&uciprange=192.0.2.0/24')
add('usercontribs-error-all-modes', f'{UC}&ucuser=Bob&ucuserids=5&ucuserprefix=B&uciprange=192.0.2.0/24')

# ucprop: every value alone (Carol: rev 264 has a hidden comment), all
for p in UCPROPS:
    if p == 'patrolled':
        add2(f'usercontribs-prop-{p}', f'{UC}&ucuser=Carol&ucprop={p}&uclimit=max')
    else:
        add(f'usercontribs-prop-{p}', f'{UC}&ucuser=Carol&ucprop={p}&uclimit=max')
add('usercontribs-prop-all-but-patrolled', f'{UC}&ucuser=Carol&ucprop={UCALL_NOPATROL}&uclimit=max')
add2('usercontribs-prop-all', f'{UC}&ucuser=Carol&ucprop={UCALL}&uclimit=max')
add('usercontribs-prop-empty', f'{UC}&ucuser=Carol&ucprop=&uclimit=5')
add('usercontribs-prop-bogus', f'{UC}&ucuser=Carol&ucprop=ids|bogus&uclimit=3')
# Alice: patrolled 0 and 1; Admin: revisions without an rc row (patrolled via LEFT JOIN)
add('usercontribs-prop-all-Alice.sysop', f'{UC}&ucuser=Alice&ucprop={UCALL}&uclimit=max', cred=SYSOP)
add('usercontribs-prop-all-Admin.sysop', f'{UC}&ucuser=Admin&ucprop={UCALL}&uclimit=max', cred=SYSOP)
add('usercontribs-prop-all-imported', f'{UC}&ucuser=imported>ExternalUser|192.0.2.200&ucprop={UCALL_NOPATROL}')

# ucshow (Alice: minor and not, new and not, top and not, patrolled 0/1/none)
UCS = f'{UC}&ucuser=Alice&ucprop=ids|title|flags&uclimit=max'
for v in ('minor', '!minor', 'top', '!top', 'new', '!new'):
    add(f'usercontribs-show-{slug(v)}', f'{UCS}&ucshow={v}')
for v in ('patrolled', '!patrolled', 'autopatrolled', '!autopatrolled'):
    add2(f'usercontribs-show-{slug(v)}', f'{UCS}&ucshow={v}')
    add(f'usercontribs-show-{slug(v)}-prop-patrolled.sysop', f'{UC}&ucuser=Alice&ucprop=ids|patrolled&uclimit=max'
        f'&ucshow={v}', cred=SYSOP)
for pair in ('minor|!minor', 'patrolled|!patrolled', 'autopatrolled|!autopatrolled', 'autopatrolled|!patrolled',
             'top|!top', 'new|!new'):
    add(f'usercontribs-show-conflict-{slug(pair)}', f'{UC}&ucuser=Alice&ucshow={pair}')
add('usercontribs-show-new-top-minor', f'{UCS}&ucshow=new|top|!minor')
add('usercontribs-show-patrolled-not-autopatrolled.sysop', f'{UCS}&ucshow=patrolled|!autopatrolled', cred=SYSOP)
add('usercontribs-show-bogus', f'{UCS}&ucshow=top|bogus')

# uctag / uctoponly / ucnamespace
for u, t in (('Alice', 'fixture-tag'), ('Alice', 'temp-tag'), ('Carol', 'mw-new-redirect'), ('Alice', 'Nonexistent_tag_xyz')):
    add(f'usercontribs-tag-{u}-{t}', f'{UC}&ucuser={u}&ucprop=ids|title|tags&uclimit=max&uctag={t}')
add('usercontribs-tag-multi-user', f'{UC}&ucuser=Alice|Admin|Carol&ucprop=ids|title|tags&uclimit=max&uctag=fixture-tag')
add('usercontribs-toponly', f'{UCS}&uctoponly=1')
add('usercontribs-toponly-show-not-top', f'{UCS}&uctoponly=1&ucshow=!top')
for ns in ('0', '1|2', '14'):
    add(f'usercontribs-namespace-{slug(ns)}', f'{UC}&ucuser=Alice&ucprop=ids|title&uclimit=max&ucnamespace={ns}')
add('usercontribs-namespace-bad', f'{UC}&ucuser=Alice&ucnamespace=999&uclimit=3')

# ucstart / ucend / ucdir (Carol: 2026-11-21T23:32:04Z .. 23:32:25Z)
UCD = f'{UC}&ucuser=Carol&ucprop=ids|title|timestamp&uclimit=max'
add('usercontribs-dir-newer', f'{UC}&ucuser=Carol&ucdir=newer')
add('usercontribs-start-end', f'{UCD}&ucstart=2026-11-21T23:32:20Z&ucend=2026-11-21T23:32:10Z')
add('usercontribs-start-end-newer', f'{UCD}&ucdir=newer&ucstart=2026-11-21T23:32:10Z&ucend=2026-11-21T23:32:20Z')
add('usercontribs-start-end-wrong-order', f'{UCD}&ucstart=2026-11-21T23:32:10Z&ucend=2026-11-21T23:32:20Z')
add('usercontribs-start-end-newer-wrong-order', f'{UCD}&ucdir=newer&ucstart=2026-11-21T23:32:20Z'
    '&ucend=2026-11-21T23:32:10Z')
add('usercontribs-start-multi', f'{UC}&ucuser=Carol|Bob&ucprop=ids|timestamp&uclimit=max&ucstart=2026-11-21T23:32:10Z')
add('usercontribs-start-end-userprefix-newer', f'{UC}&ucuserprefix=19&ucprop=ids|timestamp&uclimit=max&ucdir=newer'
    '&ucstart=2026-11-21T23:32:10Z&ucend=2026-11-21T23:32:20Z')
add('usercontribs-bad-start', f'{UC}&ucuser=Carol&ucstart=abc')
add('usercontribs-bad-dir', f'{UC}&ucuser=Carol&ucdir=sideways')
add('usercontribs-limit-over-max', f'{UC}&ucuser=Carol&uclimit=600&ucprop=ids')
add('usercontribs-limit-0', f'{UC}&ucuser=Carol&uclimit=0&ucprop=ids')

# continuation chains
add('usercontribs-user-limit1', f'{UC}&{UCP}&ucuser=FixtureBot&uclimit=1', follow=True)
add('usercontribs-user-limit7', f'{UC}&{UCP}&ucuser=Carol&uclimit=7', follow=True)
add('usercontribs-user-limit7-newer', f'{UC}&{UCP}&ucuser=Carol&uclimit=7&ucdir=newer', follow=True)
add('usercontribs-user-limit-max', f'{UC}&{UCP}&ucuser=Alice&uclimit=max')
add('usercontribs-user-limit-max-newer', f'{UC}&{UCP}&ucuser=Alice&uclimit=max&ucdir=newer')
add('usercontribs-user-multi-limit1', f'{UC}&{UCP}&ucuser=David|192.0.2.10|Mallory&uclimit=1', follow=True)
add('usercontribs-user-multi-limit7', f'{UC}&{UCP}&ucuser=Carol|David|192.0.2.10&uclimit=7', follow=True)
add('usercontribs-user-multi-limit7-newer', f'{UC}&{UCP}&ucuser=Carol|David|192.0.2.10&uclimit=7&ucdir=newer',
    follow=True)
add('usercontribs-user-multi-limit-max', f'{UC}&{UCP}&ucuser=Carol|Bob|Alice&uclimit=max')
add('usercontribs-user-multi-limit-max-newer', f'{UC}&{UCP}&ucuser=Carol|Bob|Alice&uclimit=max&ucdir=newer')
add('usercontribs-userprefix-limit1', f'{UC}&{UCP}&ucuserprefix=19&uclimit=1', follow=True)
add('usercontribs-userprefix-limit7', f'{UC}&{UCP}&ucuserprefix=19&uclimit=7', follow=True)
add('usercontribs-userprefix-limit7-newer', f'{UC}&{UCP}&ucuserprefix=19&uclimit=7&ucdir=newer', follow=True)
add('usercontribs-userprefix-limit-max', f'{UC}&{UCP}&ucuserprefix=A&uclimit=max')
add('usercontribs-userprefix-limit-max-newer', f'{UC}&{UCP}&ucuserprefix=A&uclimit=max&ucdir=newer')
add('usercontribs-userids-limit1', f'{UC}&{UCP}&ucuserids=9|6|8&uclimit=1', follow=True, pages=40)
add('usercontribs-userids-limit7', f'{UC}&{UCP}&ucuserids=9|5&uclimit=7', follow=True)
add('usercontribs-userids-limit7-newer', f'{UC}&{UCP}&ucuserids=9|5&uclimit=7&ucdir=newer', follow=True)
add('usercontribs-userids-one-limit7', f'{UC}&{UCP}&ucuserids=5&uclimit=7', follow=True)
add('usercontribs-userids-limit-max', f'{UC}&{UCP}&ucuserids=3|4|5&uclimit=max')
add('usercontribs-userids-limit-max-newer', f'{UC}&{UCP}&ucuserids=3|4|5&uclimit=max&ucdir=newer')
add('usercontribs-iprange-limit1', f'{UC}&{UCP}&uciprange=192.0.2.0/24&uclimit=1', follow=True)
add('usercontribs-iprange-limit3-newer', f'{UC}&{UCP}&uciprange=192.0.0.0/16&uclimit=3&ucdir=newer', follow=True)

# hand-made uccontinue values, per mode
# single user: TS|revid
add('usercontribs-continue-user', f'{UC}&ucuser=Carol&uccontinue=20261121233225|254&uclimit=3')
add('usercontribs-continue-user-iso', f'{UC}&ucuser=Carol&uccontinue=2026-11-21T23:32:25Z|254&uclimit=3')
add('usercontribs-continue-user-newer', f'{UC}&ucuser=Carol&uccontinue=20261121233210|80&uclimit=3&ucdir=newer')
add('usercontribs-continue-user-year-only', f'{UC}&ucuser=Carol&uccontinue=2026|5')
add('usercontribs-bad-continue-user', f'{UC}&ucuser=Carol&uccontinue=abc')
add('usercontribs-bad-continue-user-id', f'{UC}&ucuser=Carol&uccontinue=20261121233225|x')
add('usercontribs-bad-continue-user-4parts', f'{UC}&ucuser=Carol&uccontinue=actor|5|20261121233225|254')
# several names: actor|actor id|TS|revid (also userids with several ids)
add('usercontribs-continue-multi', f'{UC}&ucuser=Carol|David&uccontinue=actor|5|20261121233225|254&uclimit=3')
add('usercontribs-continue-multi-newer', f'{UC}&ucuser=Carol|David&uccontinue=actor|5|20261121233210|80'
    '&uclimit=3&ucdir=newer')
add('usercontribs-continue-multi-name-flag', f'{UC}&ucuser=Carol|David&uccontinue=name|Carol|20261121233225|254')
add('usercontribs-continue-multi-name-flag-newer', f'{UC}&ucuser=Carol|David&uccontinue=name|Carol|20261121233225|254'
    '&ucdir=newer')
add('usercontribs-continue-multi-actor-not-int', f'{UC}&ucuser=Carol|David&uccontinue=actor|x|20261121233225|254'
    '&uclimit=2')
add('usercontribs-bad-continue-multi', f'{UC}&ucuser=Carol|David&uccontinue=20261121233225|254')
add('usercontribs-bad-continue-multi-id', f'{UC}&ucuser=Carol|David&uccontinue=actor|5|20261121233225|x')
add('usercontribs-continue-userids', f'{UC}&ucuserids=9|5&uccontinue=actor|5|20261121233225|254&uclimit=3')
add('usercontribs-bad-continue-userids-id-flag', f'{UC}&ucuserids=9|5&uccontinue=id|5|20261121233225|254')
add('usercontribs-bad-continue-userids-not-int', f'{UC}&ucuserids=9|5&uccontinue=actor|x|20261121233225|254')
add('usercontribs-continue-userids-one', f'{UC}&ucuserids=5&uccontinue=20261121233225|254&uclimit=3')
# userprefix / iprange: name|user name|TS|revid
add('usercontribs-continue-userprefix', f'{UC}&ucuserprefix=19&uccontinue=name|198.51.100.7|20261121233216|113'
    '&uclimit=3')
add('usercontribs-continue-userprefix-newer', f'{UC}&ucuserprefix=19&uccontinue=name|198.51.100.7|20261121233216|113'
    '&uclimit=3&ucdir=newer')
add('usercontribs-bad-continue-userprefix-actor-flag', f'{UC}&ucuserprefix=19&uccontinue=actor|13|20261121233216|113')
add('usercontribs-bad-continue-userprefix-2parts', f'{UC}&ucuserprefix=19&uccontinue=20261121233216|113')
add('usercontribs-continue-iprange', f'{UC}&uciprange=192.0.2.0/24&uccontinue=name|192.0.2.10|20261121233219|164'
    '&uclimit=3')
add('usercontribs-continue-iprange-outside-range', f'{UC}&uciprange=192.0.2.0/24'
    '&uccontinue=name|203.0.113.5|20261121233221|194&uclimit=max&ucprop=ids|timestamp')
add('usercontribs-bad-continue-iprange-not-ip', f'{UC}&uciprange=192.0.2.0/24&uccontinue=name|abc|20261121233219|164')
add('usercontribs-bad-continue-iprange-actor-flag', f'{UC}&uciprange=192.0.2.0/24&uccontinue=actor|11|20261121233219|164')

# hidden revisions (rev_deleted), three callers
UCH = f'ucprop={UCALL_NOPATROL}&uclimit=max'
add3('usercontribs-deleted-Bob', f'{UC}&ucuser=Bob&{UCH}')
add3('usercontribs-deleted-Mallory', f'{UC}&ucuser=Mallory&{UCH}')
add3('usercontribs-deleted-Carol', f'{UC}&ucuser=Carol&{UCH}&ucstart=2026-11-21T23:32:25Z&ucend=2026-11-21T23:32:25Z')
add3('usercontribs-deleted-multi', f'{UC}&ucuser=Mallory|Bob|Carol&{UCH}&ucstart=2026-11-21T23:32:25Z'
     '&ucend=2026-11-21T23:32:04Z')
add3('usercontribs-deleted-userprefix-M', f'{UC}&ucuserprefix=M&{UCH}')
add3('usercontribs-deleted-userids-6', f'{UC}&ucuserids=6&{UCH}')
add3('usercontribs-deleted-userids-limit1', f'{UC}&ucuserids=6|4&ucprop=ids|title&uclimit=1&ucnamespace=0'
     '&ucstart=2026-11-21T23:32:25Z&ucend=2026-11-21T23:32:05Z', follow=True)
add('usercontribs-deleted-Mallory-patrolled.sysop', f'{UC}&ucuser=Mallory&ucprop=ids|patrolled', cred=SYSOP)
add('usercontribs-limit-max.sysop', f'{UC}&ucuser=Alice&ucprop=ids&uclimit=max', cred=SYSOP)

# ==== list=protectedtitles =========================================================================
PT = f'{Q}list=protectedtitles'
PTPROPS = ['timestamp', 'user', 'userid', 'comment', 'parsedcomment', 'expiry', 'level']
PTALL = '|'.join(PTPROPS)
add('protectedtitles-default', PT)
for p in PTPROPS:
    add(f'protectedtitles-prop-{p}', f'{PT}&ptprop={p}')
add('protectedtitles-prop-all', f'{PT}&ptprop={PTALL}')
add('protectedtitles-prop-empty', f'{PT}&ptprop=')
add('protectedtitles-prop-bogus', f'{PT}&ptprop=level|bogus')
add('protectedtitles-prop-all.sysop', f'{PT}&ptprop={PTALL}', cred=SYSOP)
for ns in ('0', '1', '0|2', '*'):
    add(f'protectedtitles-namespace-{slug(ns)}', f'{PT}&ptnamespace={ns}')
add('protectedtitles-namespace-bad', f'{PT}&ptnamespace=999')
for lv in ('sysop', 'autoconfirmed', 'sysop|autoconfirmed'):
    add(f'protectedtitles-level-{slug(lv)}', f'{PT}&ptlevel={lv}&ptprop=level|expiry')
add('protectedtitles-level-bogus', f'{PT}&ptlevel=bogus')
add('protectedtitles-level-empty', f'{PT}&ptlevel=')
add('protectedtitles-dir-newer', f'{PT}&ptdir=newer')
add('protectedtitles-dir-bad', f'{PT}&ptdir=sideways')
add('protectedtitles-start', f'{PT}&ptstart=2026-11-21T23:32:27Z')
add('protectedtitles-start-before', f'{PT}&ptstart=2026-11-21T23:32:26Z')
add('protectedtitles-end-after', f'{PT}&ptend=2026-11-21T23:32:28Z')
add('protectedtitles-start-end', f'{PT}&ptstart=2026-11-21T23:32:28Z&ptend=2026-11-21T23:32:26Z')
add('protectedtitles-start-end-newer', f'{PT}&ptdir=newer&ptstart=2026-11-21T23:32:26Z&ptend=2026-11-21T23:32:28Z')
add('protectedtitles-start-end-wrong-order', f'{PT}&ptstart=2026-11-21T23:32:26Z&ptend=2026-11-21T23:32:28Z')
add('protectedtitles-bad-start', f'{PT}&ptstart=abc')
add('protectedtitles-limit1', f'{PT}&ptlimit=1&ptprop={PTALL}', follow=True)
add('protectedtitles-limit1-newer', f'{PT}&ptlimit=1&ptdir=newer', follow=True)
add('protectedtitles-limit-max', f'{PT}&ptlimit=max')
add('protectedtitles-limit-max-newer', f'{PT}&ptlimit=max&ptdir=newer')
add('protectedtitles-limit-over-max', f'{PT}&ptlimit=600')
add('protectedtitles-continue', f'{PT}&ptcontinue=20261121233227|0|Forbidden_title')
add('protectedtitles-continue-second', f'{PT}&ptcontinue=20261121233227|0|Temporary_forbidden_title')
add('protectedtitles-continue-newer', f'{PT}&ptcontinue=20261121233227|0|Temporary_forbidden_title&ptdir=newer')
add('protectedtitles-continue-iso', f'{PT}&ptcontinue=2026-11-21T23:32:27Z|0|Forbidden_title')
add('protectedtitles-continue-title-spaces', f'{PT}&ptcontinue=20261121233227|0|Forbidden title')
add('protectedtitles-continue-ns-1', f'{PT}&ptcontinue=20261121233227|-1|Zzz')
add('protectedtitles-continue-year-only', f'{PT}&ptcontinue=2026|0|X')
add('protectedtitles-bad-continue', f'{PT}&ptcontinue=abc')
add('protectedtitles-bad-continue-2parts', f'{PT}&ptcontinue=20261121233227|0')
add('protectedtitles-bad-continue-ns', f'{PT}&ptcontinue=20261121233227|x|Forbidden_title')
add('protectedtitles-generator', f'{Q}generator=protectedtitles&prop=info')
add('protectedtitles-generator-limit1', f'{Q}generator=protectedtitles&gptlimit=1&prop=info', follow=True)
add('protectedtitles-generator-level', f'{Q}generator=protectedtitles&gptlevel=sysop&prop=info&inprop=protection')

# ==== list=tags ====================================================================================
TG = f'{Q}list=tags'
TGPROPS = ['displayname', 'description', 'hitcount', 'defined', 'source', 'active']
TGALL = '|'.join(TGPROPS)
add('tags-default', TG)
for p in TGPROPS:
    add(f'tags-prop-{p}', f'{TG}&tgprop={p}&tglimit=max')
add('tags-prop-all', f'{TG}&tgprop={TGALL}&tglimit=max')
add('tags-prop-bogus', f'{TG}&tgprop=hitcount|bogus&tglimit=max')
add('tags-limit1', f'{TG}&tglimit=1&tgprop={TGALL}', follow=True)
add('tags-limit5', f'{TG}&tglimit=5&tgprop=hitcount', follow=True)
add('tags-limit-max', f'{TG}&tglimit=max')
add('tags-limit-over-max', f'{TG}&tglimit=600')
add('tags-continue', f'{TG}&tgcontinue=mw-replace&tgprop=hitcount')
add('tags-continue-partial', f'{TG}&tgcontinue=mw-r&tgprop=hitcount')
add('tags-continue-empty', f'{TG}&tgcontinue=')
add('tags-continue-past-end', f'{TG}&tgcontinue=zzz')
add('tags-prop-all.sysop', f'{TG}&tgprop={TGALL}&tglimit=max', cred=SYSOP)

# ---- paraminfo of the four modules, the callers' rights (fv1 only) ------------------------------
add('paraminfo-activity-modules', 'action=paraminfo&modules=query+recentchanges|query+usercontribs'
    '|query+protectedtitles|query+tags', fv2=False)
add('users-rights', 'action=query&list=users&ususers=Bob|Admin&usprop=groups|rights', fv2=False)

cap.run()
