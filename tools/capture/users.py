#!/usr/bin/env python3
"""Capture MediaWiki 1.39's answers for the user-related query modules
(list=users, list=allusers, list=blocks, prop=contributors).
    tools/capture.py users BASE_URL
Same file format as shared/oracle/capture.py and tools/capture/meta.py:
{"request", "status", "mediawiki-api-error", "response"}.
Every request is a GET with format=json; each is captured in formatversion 1 (NAME.json) and
formatversion 2 (NAME.fv2.json) unless noted.  Parameter values are percent-encoded (RFC 3986,
keeping '|', '*', '!', ':' and '/' literal, space as %20), and the 'request' member is the exact
query string sent.
Anonymous requests use a fresh connection and no cookies each.  Files whose name contains
'.admin' are made in a session logged in (action=clientlogin, as in populate.py) as Admin, '.user'
as Alice (a plain user without groups).  Anonymous requests are made first, the logged-in ones last.
Requests marked 'follow' are repeated with the 'continue' members of each answer merged into the
parameters until an answer has no 'continue'; the pages are NAME-page1, NAME-page2, ..."""
import os
import sys

from oracle_capture import ADMIN, USER, Capture  # noqa: E402

cap = Capture(sys.argv[1], sys.argv[2])
add = cap.add



# ---- list=users --------------------------------------------------------------------------
USERS_ALL = 'Admin|Alice|Bob|Mallory|Spammer1|FixtureBot|Nobody Here|127.0.0.1|192.0.2.66|Bad<Name|#12'
USERS_PROP = 'Admin|Alice|Mallory|FixtureBot|David|Nobody Here|127.0.0.1'
USPROPS = ['blockinfo', 'groups', 'groupmemberships', 'implicitgroups', 'rights', 'editcount', 'registration',
           'emailable', 'gender', 'centralids', 'cancreate']
add('users-all-props', f'action=query&list=users&ususers={USERS_ALL}&usprop=*')
for p in USPROPS:
    add(f'users-prop-{p}', f'action=query&list=users&ususers={USERS_PROP}&usprop={p}')
# usprop/auprop/bkprop have no '*' in 1.39 ('*' is only warned about): every value listed explicitly
add('users-every-prop', f'action=query&list=users&ususers={USERS_ALL}&usprop=' + '|'.join(USPROPS))
add('users-userids', 'action=query&list=users&ususerids=1|3|6|7|99&usprop=groups|editcount')
add('users-centralids-attachedwiki-x', f'action=query&list=users&ususers={USERS_PROP}&usprop=centralids&usattachedwiki=x')
add('users-none', 'action=query&list=users')
add('users-cancreate', 'action=query&list=users&usprop=cancreate&ususers=Newname|Admin|192.0.2.1')

# ---- list=allusers -----------------------------------------------------------------------
AUPROPS = ['blockinfo', 'groups', 'implicitgroups', 'rights', 'editcount', 'registration', 'centralids']
add('allusers-default', 'action=query&list=allusers')
add('allusers-limit-max', 'action=query&list=allusers&aulimit=max')
add('allusers-limit1', 'action=query&list=allusers&aulimit=1')
add('allusers-limit3', 'action=query&list=allusers&aulimit=3', follow=True)
add('allusers-all-props', 'action=query&list=allusers&auprop=*')
add('allusers-every-prop', 'action=query&list=allusers&auprop=' + '|'.join(AUPROPS))
for p in AUPROPS:
    add(f'allusers-prop-{p}', f'action=query&list=allusers&auprop={p}')
for name, q in [
    ('allusers-from-C', 'aufrom=C'),
    ('allusers-to-E', 'auto=E'),
    ('allusers-from-B-to-D', 'aufrom=B&auto=D'),
    ('allusers-prefix-Al', 'auprefix=Al'),
    ('allusers-dir-descending', 'audir=descending'),
    ('allusers-group-sysop', 'augroup=sysop'),
    ('allusers-group-sysop-bot', 'augroup=sysop|bot'),
    ('allusers-excludegroup-sysop', 'auexcludegroup=sysop'),
    ('allusers-rights-block', 'aurights=block'),
    ('allusers-rights-bot-block', 'aurights=bot|block'),
    ('allusers-witheditsonly', 'auwitheditsonly=1'),
    ('allusers-activeusers', 'auactiveusers=1&auprop=editcount'),
    ('allusers-attachedwiki-x', 'auattachedwiki=x'),
    ('allusers-attachedwiki-x-centralids', 'auattachedwiki=x&auprop=centralids'),
    ('allusers-excludenamed', 'auexcludenamed=1'),
    ('allusers-excludetemp', 'auexcludetemp=1'),
    ('allusers-group-sysop-excludegroup-bot', 'augroup=sysop&auexcludegroup=bot'),
]:
    add(name, 'action=query&list=allusers&' + q)
add('allusers-descending-limit2', 'action=query&list=allusers&audir=descending&aulimit=2', follow=True)

# ---- list=blocks -------------------------------------------------------------------------
BKPROPS = ['id', 'user', 'userid', 'by', 'byid', 'timestamp', 'expiry', 'reason', 'parsedreason', 'range', 'flags',
           'restrictions']
add('blocks-default', 'action=query&list=blocks')
add('blocks-all-props', 'action=query&list=blocks&bkprop=*')
add('blocks-every-prop', 'action=query&list=blocks&bkprop=' + '|'.join(BKPROPS))
for p in BKPROPS:
    add(f'blocks-prop-{p}', f'action=query&list=blocks&bkprop={p}')
add('blocks-limit1', 'action=query&list=blocks&bklimit=1', follow=True)
add('blocks-limit2', 'action=query&list=blocks&bklimit=2', follow=True)
for name, q in [
    ('blocks-dir-newer', 'bkdir=newer'),
    ('blocks-start-newer', 'bkstart=2026-11-21T23:32:30Z&bkdir=newer'),
    ('blocks-end-older', 'bkend=2026-11-21T23:32:31Z'),
    ('blocks-start-end', 'bkstart=2026-11-21T23:32:30Z&bkend=2026-11-21T23:32:30Z'),
    ('blocks-ids', 'bkids=2|4|99'),
    ('blocks-users', 'bkusers=Mallory|192.0.2.66|Spammer1'),
    ('blocks-users-spammer1', 'bkusers=Spammer1'),
    ('blocks-ip-192.0.2.77', 'bkip=192.0.2.77'),
    ('blocks-ip-198.51.100.7', 'bkip=198.51.100.7'),
    ('blocks-ip-198.51.100.0-24', 'bkip=198.51.100.0/24'),
    ('blocks-ip-198.51.100.0-16', 'bkip=198.51.100.0/16'),
    ('blocks-ip-198.50.0.0-15', 'bkip=198.50.0.0/15'),
    ('blocks-ip-2001-db8-10', 'bkip=2001:db8::/10'),
    ('blocks-ip-nonsense', 'bkip=nonsense'),
    ('blocks-users-badname', 'bkusers=Bad<Name'),
    ('blocks-show-account', 'bkshow=account'),
    ('blocks-show-ip', 'bkshow=ip'),
    ('blocks-show-range', 'bkshow=range'),
    ('blocks-show-temp', 'bkshow=temp'),
    ('blocks-show-not-account', 'bkshow=!account'),
    ('blocks-show-not-ip', 'bkshow=!ip'),
    ('blocks-show-not-range', 'bkshow=!range'),
    ('blocks-show-not-temp', 'bkshow=!temp'),
    ('blocks-show-account-not-account', 'bkshow=account|!account'),
    ('blocks-show-ip-range', 'bkshow=ip|range'),
    ('blocks-show-account-temp', 'bkshow=account|temp'),
    ('blocks-users-and-ip', 'bkusers=Mallory&bkip=192.0.2.66'),
]:
    add(name, 'action=query&list=blocks&' + q)

# ---- prop=contributors -------------------------------------------------------------------
# Dog: Alice, Admin, and Mallory's two revisions with rev_deleted=15 (user hidden);
# Prague: Bob (sysop), FixtureBot (bot), 198.51.100.7; Talk:Cat: Admin (sysop), Alice, 192.0.2.10.
TITLES = 'Dog|Prague|Talk:Cat'
add('contributors-default', f'action=query&prop=contributors&titles={TITLES}')
add('contributors-limit1', f'action=query&prop=contributors&titles={TITLES}&pclimit=1', follow=True)
for name, q in [
    ('contributors-group-sysop', 'pcgroup=sysop'),
    ('contributors-excludegroup-sysop', 'pcexcludegroup=sysop'),
    ('contributors-rights-block', 'pcrights=block'),
    ('contributors-excluderights-block', 'pcexcluderights=block'),
    ('contributors-group-sysop-rights-block', 'pcgroup=sysop&pcrights=block'),
]:
    add(name, f'action=query&prop=contributors&titles={TITLES}&' + q)
add('contributors-generator-allpages', 'action=query&generator=allpages&gaplimit=5&prop=contributors')
# extra: an imported page whose editors are 'imported>ExternalUser' (actor without user id), 192.0.2.200, Admin
add('contributors-imported', 'action=query&prop=contributors&titles=Imported_page')

# ---- paraminfo (fv1 only) ------------------------------------------------------------------
add('paraminfo-users-modules', 'action=paraminfo&modules=query+users|query+allusers|query+blocks|query+contributors',
    fv2=False)

# ---- logged in ---------------------------------------------------------------------------
add('users-all-props.admin', f'action=query&list=users&ususers={USERS_ALL}&usprop=*', cred=ADMIN)
add('users-every-prop.admin', f'action=query&list=users&ususers={USERS_ALL}&usprop=' + '|'.join(USPROPS), cred=ADMIN)
add('users-userids.admin', 'action=query&list=users&ususerids=1|3|6|7|99&usprop=groups|editcount', cred=ADMIN)
add('allusers-default.admin', 'action=query&list=allusers', cred=ADMIN)
add('allusers-all-props.admin', 'action=query&list=allusers&auprop=*', cred=ADMIN)
add('allusers-every-prop.admin', 'action=query&list=allusers&auprop=' + '|'.join(AUPROPS), cred=ADMIN)
add('allusers-prop-blockinfo.admin', 'action=query&list=allusers&auprop=blockinfo', cred=ADMIN)
add('allusers-limit3.admin', 'action=query&list=allusers&aulimit=3', follow=True, cred=ADMIN)
add('allusers-descending-limit2.admin', 'action=query&list=allusers&audir=descending&aulimit=2', follow=True,
    cred=ADMIN)
add('blocks-default.admin', 'action=query&list=blocks', cred=ADMIN)
add('blocks-all-props.admin', 'action=query&list=blocks&bkprop=*', cred=ADMIN)
add('blocks-every-prop.admin', 'action=query&list=blocks&bkprop=' + '|'.join(BKPROPS), cred=ADMIN)
add('blocks-users.admin', 'action=query&list=blocks&bkusers=Mallory|192.0.2.66|Spammer1', cred=ADMIN)
add('blocks-show-not-temp.admin', 'action=query&list=blocks&bkshow=!temp', cred=ADMIN)
add('blocks-users-spammer1.admin', 'action=query&list=blocks&bkusers=Spammer1', cred=ADMIN)
add('contributors-default.admin', f'action=query&prop=contributors&titles={TITLES}', cred=ADMIN)
# a logged-in user without the hideuser right (Alice), to tell "logged in" from "may see hidden users"
add('users-all-props.user', f'action=query&list=users&ususers={USERS_ALL}&usprop=*', cred=USER)
add('allusers-all-props.user', 'action=query&list=allusers&auprop=*', cred=USER)
add('users-every-prop.user', f'action=query&list=users&ususers={USERS_ALL}&usprop=' + '|'.join(USPROPS), cred=USER)
add('allusers-every-prop.user', 'action=query&list=allusers&auprop=' + '|'.join(AUPROPS), cred=USER)
add('blocks-every-prop.user', 'action=query&list=blocks&bkprop=' + '|'.join(BKPROPS), cred=USER)

cap.run()
