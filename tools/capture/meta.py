#!/usr/bin/env python3
"""Capture MediaWiki 1.39's answers for the meta query modules (siteinfo, userinfo, tokens).
    tools/capture.py meta BASE_URL
Same file format as shared/oracle/capture.py: {"request", "status", "mediawiki-api-error", "response"}.
Anonymous requests use a fresh connection and no cookies each.  Files whose name contains
'.admin' are made in a session logged in (action=clientlogin, as in populate.py) as Admin, '.user'
as Alice (a plain user without groups).  Anonymous requests are made first, the logged-in ones last."""
import json, os, sys, requests

from oracle_capture import module_folder

BASE = sys.argv[1].rstrip('/')
OUT = sys.argv[2]
API = BASE + '/api.php'
ADMIN = ('Admin', 'FixtureAdminPass-2024')
USER = ('Alice', 'FixtureUserPass-2024')

SIPROPS = ['general', 'namespaces', 'namespacealiases', 'specialpagealiases', 'magicwords', 'interwikimap',
           'dbrepllag', 'statistics', 'usergroups', 'autocreatetempuser', 'clientlibraries', 'libraries',
           'extensions', 'fileextensions', 'rightsinfo', 'restrictions', 'languages', 'languagevariants',
           'skins', 'extensiontags', 'functionhooks', 'showhooks', 'variables', 'protocols', 'defaultoptions',
           'uploaddialog', 'autopromote', 'autopromoteonce']
UIPROPS = ['blockinfo', 'hasmsg', 'groups', 'groupmemberships', 'implicitgroups', 'rights', 'changeablegroups',
           'options', 'editcount', 'ratelimits', 'theoreticalratelimits', 'email', 'realname', 'acceptlang',
           'registrationdate', 'unreadcount', 'centralids', 'latestcontrib', 'cancreateaccount']
TOKENTYPES = ['createaccount', 'csrf', 'deleteglobalaccount', 'login', 'patrol', 'rollback',
              'setglobalaccountstatus', 'userrights', 'watch']

ANON = []   # (name, query string); '.fv2' variants are added below where both versions are wanted
BOTH = []
for p in SIPROPS:
    BOTH.append((f'siteinfo-{p}', f'action=query&meta=siteinfo&siprop={p}'))
BOTH += [
    ('siteinfo-usergroups-numberingroup', 'action=query&meta=siteinfo&siprop=usergroups&sinumberingroup=1'),
    ('siteinfo-interwikimap-filteriw-local', 'action=query&meta=siteinfo&siprop=interwikimap&sifilteriw=local'),
    ('siteinfo-interwikimap-filteriw-notlocal', 'action=query&meta=siteinfo&siprop=interwikimap&sifilteriw=!local'),
    ('siteinfo-dbrepllag-showalldb', 'action=query&meta=siteinfo&siprop=dbrepllag&sishowalldb=1'),
    ('siteinfo-languages-inlanguagecode-de', 'action=query&meta=siteinfo&siprop=languages&siinlanguagecode=de'),
    ('siteinfo-default', 'action=query&meta=siteinfo'),
    ('siteinfo-general-namespaces-namespacealiases-statistics',
     'action=query&meta=siteinfo&siprop=general|namespaces|namespacealiases|statistics'),
    ('userinfo-default', 'action=query&meta=userinfo'),
    ('userinfo-all', 'action=query&meta=userinfo&uiprop=*'),
]
for p in UIPROPS:
    BOTH.append((f'userinfo-{p}', f'action=query&meta=userinfo&uiprop={p}'))
BOTH += [('tokens-default', 'action=query&meta=tokens'), ('tokens-all', 'action=query&meta=tokens&type=*')]
for t in TOKENTYPES:
    BOTH.append((f'tokens-{t}', f'action=query&meta=tokens&type={t}'))
for name, qs in BOTH:
    ANON.append((name, qs + '&format=json'))
    ANON.append((name + '.fv2', qs + '&format=json&formatversion=2'))
# asked for as error cases; MediaWiki 1.39 answers the first three with a warning and ignores the invalid
# language code silently, so they are named after what they are
ANON += [
    ('warning-siteinfo-prop-nosuchprop.fv2', 'action=query&meta=siteinfo&siprop=nosuchprop&format=json&formatversion=2'),
    ('warning-userinfo-prop-bogus.fv2', 'action=query&meta=userinfo&uiprop=bogus&format=json&formatversion=2'),
    ('warning-tokens-type-bogus.fv2', 'action=query&meta=tokens&type=bogus&format=json&formatversion=2'),
    ('siteinfo-languages-inlanguagecode-invalid.fv2',
     'action=query&meta=siteinfo&siinlanguagecode=xx-invalid&siprop=languages&format=json&formatversion=2'),
]
LOGGED_IN = [
    (ADMIN, 'userinfo-all.admin.fv2', 'action=query&meta=userinfo&uiprop=*&format=json&formatversion=2'),
    (USER, 'userinfo-all.user.fv2', 'action=query&meta=userinfo&uiprop=*&format=json&formatversion=2'),
    (ADMIN, 'tokens-all.admin', 'action=query&meta=tokens&type=*&format=json'),
    (ADMIN, 'tokens-all.admin.fv2', 'action=query&meta=tokens&type=*&format=json&formatversion=2'),
]


def save(name, qs, r):
    try:
        body = r.json()
    except ValueError:
        body = {'_raw': r.text}
    folder = os.path.join(OUT, module_folder(name))
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, name + '.json'), 'w') as f:
        json.dump({'request': 'GET /api.php?' + qs, 'status': r.status_code,
                   'mediawiki-api-error': r.headers.get('MediaWiki-API-Error'),
                   'response': body}, f, ensure_ascii=False, indent=1)
        f.write('\n')


def login(user, pw):
    s = requests.Session()
    tok = s.get(API, params={'action': 'query', 'meta': 'tokens', 'type': 'login', 'format': 'json'},
                timeout=60).json()['query']['tokens']['logintoken']
    d = s.post(API, data={'action': 'clientlogin', 'username': user, 'password': pw, 'logintoken': tok,
                          'loginreturnurl': BASE + '/', 'format': 'json'}, timeout=60).json()
    if d['clientlogin']['status'] != 'PASS':
        raise SystemExit(f'login {user} failed: {d}')
    return s


n = 0
for name, qs in ANON:
    save(name, qs, requests.get(API + '?' + qs, timeout=60))
    n += 1
sessions = {}
for cred, name, qs in LOGGED_IN:
    if cred not in sessions:
        sessions[cred] = login(*cred)
    save(name, qs, sessions[cred].get(API + '?' + qs, timeout=60))
    n += 1
print('captured', n, 'responses into', OUT)
