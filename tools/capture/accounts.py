#!/usr/bin/env python3
"""Capture MediaWiki 1.39's answers about accounts: action=login (main account and bot
passwords), action=clientlogin, action=logout, action=checktoken, meta=userinfo/tokens/
authmanagerinfo, assert/assertuser, and a wiki closed to anonymous readers.

    tools/capture.py accounts [BASE_URL]  # default http://127.0.0.1:8081 (the fixture wiki)

Each scenario is a sequence of HTTP requests made with one fresh requests.Session() (cookie
jar); step NN is saved as <scenario>/<NN>-<label>.json:

    {"method": "GET"|"POST",
     "params": {...},             # GET: the query string; POST: the form body (always format=json)
     "query": {...},              # POST only, only when some parameters went in the URL instead
     "session": "main"|"...",     # which cookie jar of the scenario made the request
     "cookies_sent": [...],       # names of the cookies in the request's Cookie header
     "status": 200,
     "cookies_set": [...],        # names of the cookies in the answer's Set-Cookie headers, sorted
     "cookies_deleted": [...],    # those of them that delete the cookie (expiry in the past)
     "api_error": "...",          # the MediaWiki-API-Error header, or null
     "body": {...}}               # the JSON answer

Scenarios come in formatversion 1 (<name>/) and formatversion=2 (<name>.fv2/). The wiki at
BASE_URL must be the fixture with tests/fixtures/oracle/accounts/bot_passwords.sql applied.
The "private" and "login-throttle" scenarios run on copies of its data dir ($MW_DATA_DIR, the
directory serve-fixture.sh was given), made here if missing and served on ports 8087 and 8088
for the duration of the scenario:
  $MW_DATA_DIR-private   + $wgGroupPermissions['*']['read'] = false;
  $MW_DATA_DIR-throttle  + $wgPasswordAttemptThrottle at MediaWiki's default, $wgMainCacheType = CACHE_DB
The oracle's scripts are found in $ORACLE_SCRIPTS (default: ../shared/oracle beside the project).
(the fixture itself has $wgPasswordAttemptThrottle = false, so it never throttles).
checktoken's "expired" answer needs a token minted before the wiki's frozen clock: forge_token.php
reads the session's token secret from MediaWiki's session store (needs the MediaWiki code and
data dir on this machine; the step is left out otherwise).
"""
import copy
import email.utils
import json
import os
import shutil
import subprocess
import sys
import time

import requests

HERE = os.path.dirname(os.path.abspath(__file__))
ORACLE_SCRIPTS = os.environ.get('ORACLE_SCRIPTS', os.path.join(HERE, '..', '..', '..', 'shared', 'oracle'))
# Where the scenarios are stored.
ACCOUNTS = os.path.join(HERE, '..', '..', 'tests', 'fixtures', 'oracle', 'accounts')
DATA_DIR = os.environ.get('MW_DATA_DIR', '')
TIMEOUT = 120

ADMIN = ('Admin', 'FixtureAdminPass-2024')
ALICE = ('Alice', 'FixtureUserPass-2024')
BOB = ('Bob', 'FixtureUserPass-2024')
CAROL = ('Carol', 'FixtureUserPass-2024')
FIXTUREBOT = ('FixtureBot', 'FixtureUserPass-2024')
# bot passwords of bot_passwords.sql
BOT_FULL = ('Admin@wqfull', 'mva1a23lpllec7ai0kkc0raq16uh981t')
BOT_BASIC = ('Alice@wqbasic', 'qhp9pjh3cb7pcu10kiscqb7j8gqg76i3')
WRONG_BOTPW = 'abcdefghijklmnopqrstuv0123456789'   # 32 chars of [0-9a-v], not the password

UIPROP_ALL = ('blockinfo|hasmsg|groups|groupmemberships|implicitgroups|rights|changeablegroups|'
              'options|editcount|ratelimits|theoreticalratelimits|email|realname|acceptlang|'
              'registrationdate|unreadcount|centralids|latestcontrib|cancreateaccount')


def alter_hex(token):
    """the token with its first hex digit changed (so its hmac no longer matches)"""
    return ('1' if token[0] != '1' else '2') + token[1:]


def subjar(jar, *names):
    out = requests.cookies.RequestsCookieJar()
    for c in jar:
        if c.name in names:
            out.set_cookie(copy.copy(c))
    return out


def cookie_names(headers):
    names, deleted = set(), set()
    for h in headers:
        name = h.split('=', 1)[0].strip()
        names.add(name)
        attrs = {}
        for part in h.split(';')[1:]:
            k, _, v = part.strip().partition('=')
            attrs[k.lower()] = v
        gone = h.split('=', 1)[1].split(';', 1)[0] == 'deleted'
        if 'max-age' in attrs:
            try:
                gone = gone or int(attrs['max-age']) <= 0
            except ValueError:
                pass
        if 'expires' in attrs:
            try:
                gone = gone or email.utils.parsedate_to_datetime(attrs['expires']).timestamp() < time.time()
            except (TypeError, ValueError):
                pass
        if gone:
            deleted.add(name)
    return sorted(names), sorted(deleted)


class Scenario:
    def __init__(self, root, name, fv, base):
        self.name = name + ('.fv2' if fv == 2 else '')
        self.fv = fv
        self.api = base.rstrip('/') + '/api.php'
        self.dir = os.path.join(root, self.name)
        if os.path.isdir(self.dir):
            for f in os.listdir(self.dir):
                if f.endswith('.json'):
                    os.remove(os.path.join(self.dir, f))
        os.makedirs(self.dir, exist_ok=True)
        self.n = 0
        self.sessions = {'main': requests.Session()}

    def session(self, name='main', jar=None):
        """the named cookie jar (a new one, holding a copy of `jar` if given, the first time)"""
        if name not in self.sessions:
            s = requests.Session()
            if jar is not None:
                s.cookies.update(copy.deepcopy(jar))
            self.sessions[name] = s
        return self.sessions[name]

    def fmt(self, params):
        p = dict(params)
        p.setdefault('format', 'json')
        if self.fv == 2:
            p.setdefault('formatversion', '2')
        return p

    def step(self, label, method, params, sess='main', query=None):
        s = self.session(sess)
        p = self.fmt(params)
        if method == 'GET':
            r = s.get(self.api, params=p, timeout=TIMEOUT)
        else:
            r = s.post(self.api, params=query, data=p, timeout=TIMEOUT)
        try:
            body = r.json()
        except ValueError:
            body = {'_raw': r.text}
        sent = r.request.headers.get('Cookie')
        set_names, deleted = cookie_names(r.raw.headers.getlist('Set-Cookie'))
        rec = {'method': method, 'params': p}
        if query:
            rec['query'] = query
        rec.update({
            'session': sess,
            'cookies_sent': sorted(c.split('=', 1)[0].strip() for c in sent.split(';')) if sent else [],
            'status': r.status_code,
            'cookies_set': set_names,
            'cookies_deleted': deleted,
            'api_error': r.headers.get('MediaWiki-API-Error'),
            'body': body,
        })
        self.n += 1
        with open(os.path.join(self.dir, f'{self.n:02d}-{label}.json'), 'w') as f:
            json.dump(rec, f, ensure_ascii=False, indent=1)
            f.write('\n')
        return body

    # --- helpers; the token is taken from the recorded answer

    def get_token(self, label, ttype, sess='main'):
        b = self.step(label, 'GET', {'action': 'query', 'meta': 'tokens', 'type': ttype}, sess)
        return b['query']['tokens'][ttype + 'token']

    def login(self, user, password, sess='main', prefix=''):
        tok = self.get_token(prefix + 'tokens-login', 'login', sess)
        return self.step(prefix + 'login', 'POST', {'action': 'login', 'lgname': user,
                                                    'lgpassword': password, 'lgtoken': tok}, sess)

    def userinfo(self, label, uiprop, sess='main', **extra):
        p = {'action': 'query', 'meta': 'userinfo'}
        if uiprop:
            p['uiprop'] = uiprop
        p.update(extra)
        return self.step(label, 'GET', p, sess)


def forge_old_token(session_id, age, data_dir):
    """a csrf token of that session as minted `age` seconds before now, or None"""
    script = os.path.join(HERE, 'forge_token.php')
    if not os.path.exists(os.path.join(data_dir, 'LocalSettings.php')) or not shutil.which('php'):
        return None
    env = dict(os.environ, MW_CONFIG_FILE=os.path.join(data_dir, 'LocalSettings.php'))
    out = subprocess.run(['php', script, '--session=' + session_id, f'--age={age}'],
                         env=env, capture_output=True, text=True)
    tok = out.stdout.strip()
    return tok if out.returncode == 0 and tok.endswith('+\\') else None


# ---------------------------------------------------------------- scenarios

def login_main(sc):
    sc.login(*ADMIN)
    sc.userinfo('userinfo-all', UIPROP_ALL)
    b = sc.step('tokens-all', 'GET', {'action': 'query', 'meta': 'tokens', 'type': '*'})
    csrf = b['query']['tokens']['csrftoken']
    sc.step('watchlistraw', 'GET', {'action': 'query', 'list': 'watchlistraw', 'wrlimit': '5'})
    sc.step('watchlist', 'GET', {'action': 'query', 'list': 'watchlist', 'wllimit': '5',
                                 'wlprop': 'ids|title|timestamp|user'})
    sc.step('assert-user', 'GET', {'action': 'query', 'meta': 'userinfo', 'assert': 'user'})
    sc.step('assert-bot', 'GET', {'action': 'query', 'meta': 'userinfo', 'assert': 'bot'})
    sc.step('assertuser-admin', 'GET', {'action': 'query', 'meta': 'userinfo', 'assertuser': 'Admin'})
    sc.step('assertuser-alice', 'GET', {'action': 'query', 'meta': 'userinfo', 'assertuser': 'Alice'})
    sc.userinfo('userinfo-all-errorformat-plaintext', UIPROP_ALL, errorformat='plaintext')
    sc.step('tokens-csrf-origin-star', 'GET', {'action': 'query', 'meta': 'tokens', 'type': 'csrf',
                                               'origin': '*'})
    sc.step('checktoken-valid', 'POST', {'action': 'checktoken', 'type': 'csrf', 'token': csrf})
    sc.step('checktoken-altered', 'POST', {'action': 'checktoken', 'type': 'csrf',
                                           'token': alter_hex(csrf)})
    sc.step('checktoken-watch-with-csrf', 'POST', {'action': 'checktoken', 'type': 'watch', 'token': csrf})
    sc.step('checktoken-maxtokenage0', 'POST', {'action': 'checktoken', 'type': 'csrf', 'token': csrf,
                                                'maxtokenage': '0'})
    old = forge_old_token(sc.session().cookies.get('fixturewiki_session', ''), 3600, DATA_DIR)
    if old:
        sc.step('checktoken-1h-old-maxtokenage60', 'POST', {'action': 'checktoken', 'type': 'csrf',
                                                            'token': old, 'maxtokenage': '60'})
        sc.step('checktoken-1h-old-no-maxtokenage', 'POST', {'action': 'checktoken', 'type': 'csrf',
                                                             'token': old})
    else:
        print('  (forge_token.php unavailable: no "expired" steps)')
    # the token with its '+' turned into a space (a client that did not percent-encode it)
    sc.step('checktoken-plus-sent-as-space', 'POST', {'action': 'checktoken', 'type': 'csrf',
                                                      'token': csrf[:-2] + ' \\'})
    sc.step('checktoken-anon-token', 'POST', {'action': 'checktoken', 'type': 'csrf', 'token': '+\\'})
    jar_before_logout = copy.deepcopy(sc.session().cookies)
    sc.step('logout-no-token', 'POST', {'action': 'logout'})
    sc.step('logout-get-with-token', 'GET', {'action': 'logout', 'token': csrf})
    sc.step('logout', 'POST', {'action': 'logout', 'token': csrf})
    sc.userinfo('userinfo-after-logout', None)
    sc.session('old-cookies', jar_before_logout)
    sc.userinfo('old-cookies-userinfo-groups', 'groups', sess='old-cookies')
    sc.step('old-cookies-assert-user', 'GET', {'action': 'query', 'meta': 'userinfo', 'assert': 'user'},
            sess='old-cookies')
    sc.step('old-cookies-tokens-csrf', 'GET', {'action': 'query', 'meta': 'tokens', 'type': 'csrf'},
            sess='old-cookies')
    sc.step('old-cookies-logout-old-csrf', 'POST', {'action': 'logout', 'token': csrf}, sess='old-cookies')
    # which of the old cookies bring the login back: only the session cookie, or only UserID+Token
    sc.session('old-session-cookie', subjar(jar_before_logout, 'fixturewiki_session'))
    sc.userinfo('old-session-cookie-only-userinfo', None, sess='old-session-cookie')
    sc.session('old-remember-cookies', subjar(jar_before_logout, 'fixturewikiUserID', 'fixturewikiToken'))
    sc.userinfo('old-userid-token-cookies-only-userinfo', None, sess='old-remember-cookies')


def login_alice(sc):
    sc.login(*ALICE)
    sc.userinfo('userinfo-all', UIPROP_ALL)
    b = sc.step('tokens-all', 'GET', {'action': 'query', 'meta': 'tokens', 'type': '*'})
    csrf = b['query']['tokens']['csrftoken']
    sc.step('watchlistraw', 'GET', {'action': 'query', 'list': 'watchlistraw', 'wrlimit': '5'})
    sc.step('assert-bot', 'GET', {'action': 'query', 'meta': 'userinfo', 'assert': 'bot'})
    sc.step('logout', 'POST', {'action': 'logout', 'token': csrf})
    sc.userinfo('userinfo-after-logout', None)


def login_fixturebot(sc):
    sc.login(*FIXTUREBOT)
    sc.userinfo('userinfo', 'groups|rights|ratelimits')
    sc.step('assert-bot', 'GET', {'action': 'query', 'meta': 'userinfo', 'assert': 'bot'})
    sc.step('allpages-max', 'GET', {'action': 'query', 'list': 'allpages', 'aplimit': 'max'})


def login_failures(sc):
    tok = sc.get_token('tokens-login', 'login')
    sc.step('login-wrong-password', 'POST', {'action': 'login', 'lgname': 'Admin', 'lgpassword': 'wrong',
                                             'lgtoken': tok})
    tok = sc.get_token('tokens-login-again', 'login')
    sc.step('login-unknown-user', 'POST', {'action': 'login', 'lgname': 'Nobody',
                                           'lgpassword': 'FixtureUserPass-2024', 'lgtoken': tok})
    sc.step('login-invalid-username', 'POST', {'action': 'login', 'lgname': 'Bad<name>',
                                               'lgpassword': 'FixtureUserPass-2024', 'lgtoken': tok})
    sc.step('login-no-name', 'POST', {'action': 'login', 'lgpassword': 'FixtureUserPass-2024',
                                      'lgtoken': tok})
    sc.step('login-no-token', 'POST', {'action': 'login', 'lgname': 'Admin', 'lgpassword': ADMIN[1]})
    # a fresh session's token with one hex digit changed
    t2 = sc.get_token('s2-tokens-login', 'login', sess='s2')
    sc.step('s2-login-wrong-token', 'POST', {'action': 'login', 'lgname': 'Admin', 'lgpassword': ADMIN[1],
                                             'lgtoken': alter_hex(t2)}, sess='s2')
    # a session that never asked for a token, using s2's (valid there)
    sc.step('s3-login-token-from-other-session', 'POST', {'action': 'login', 'lgname': 'Admin',
                                                          'lgpassword': ADMIN[1], 'lgtoken': t2}, sess='s3')
    sc.step('login-get', 'GET', {'action': 'login', 'lgname': 'Admin'})
    sc.step('login-password-in-query', 'POST', {'action': 'login', 'lgname': 'Admin', 'lgtoken': tok},
            query={'lgpassword': ADMIN[1]})
    sc.step('login-token-in-query', 'POST', {'action': 'login', 'lgname': 'Admin'},
            query={'lgpassword': ADMIN[1], 'lgtoken': tok})
    sc.step('login-origin-star', 'POST', {'action': 'login', 'lgname': 'Admin', 'lgpassword': ADMIN[1],
                                          'lgtoken': tok}, query={'origin': '*'})
    # Bob: 6 wrong passwords, then the right one (the fixture has $wgPasswordAttemptThrottle = false)
    tb = sc.get_token('s4-tokens-login', 'login', sess='s4')
    for i in range(1, 7):
        sc.step(f's4-bob-wrong-{i}', 'POST', {'action': 'login', 'lgname': 'Bob', 'lgpassword': f'wrong{i}',
                                              'lgtoken': tb}, sess='s4')
    sc.step('s4-bob-right', 'POST', {'action': 'login', 'lgname': 'Bob', 'lgpassword': BOB[1],
                                     'lgtoken': tb}, sess='s4')
    # the old two-step flow: no token -> NeedToken with a token -> log in with it
    b = sc.step('s5-login-no-token', 'POST', {'action': 'login', 'lgname': 'Carol', 'lgpassword': CAROL[1]},
                sess='s5')
    sc.step('s5-login-with-needtoken-token', 'POST', {'action': 'login', 'lgname': 'Carol',
                                                      'lgpassword': CAROL[1],
                                                      'lgtoken': b['login']['token']}, sess='s5')
    sc.userinfo('s5-userinfo', None, sess='s5')


def botpassword(sc):
    sc.login(*BOT_FULL)
    sc.userinfo('userinfo', 'groups|rights|ratelimits')
    b = sc.step('tokens-all', 'GET', {'action': 'query', 'meta': 'tokens', 'type': '*'})
    csrf = b['query']['tokens']['csrftoken']
    sc.step('allpages-max', 'GET', {'action': 'query', 'list': 'allpages', 'aplimit': 'max'})
    sc.step('assert-user', 'GET', {'action': 'query', 'meta': 'userinfo', 'assert': 'user'})
    sc.step('clientlogin-in-botpassword-session', 'POST', {
        'action': 'clientlogin', 'username': 'Alice', 'password': ALICE[1],
        'loginreturnurl': 'http://127.0.0.1/', 'logintoken': sc.get_token('tokens-login-2', 'login')})
    sc.step('logout', 'POST', {'action': 'logout', 'token': csrf})
    sc.userinfo('userinfo-after-logout', None)
    # Alice@wqbasic
    sc.login(*BOT_BASIC, sess='alice', prefix='alice-')
    sc.userinfo('alice-userinfo', 'rights|groups', sess='alice')
    sc.step('alice-allpages-max', 'GET', {'action': 'query', 'list': 'allpages', 'aplimit': 'max'},
            sess='alice')
    # the other spelling: lgname=Alice, lgpassword=wqbasic@<password>
    sc.login('Alice', 'wqbasic@' + BOT_BASIC[1], sess='alice2', prefix='alice2-appid-in-password-')
    sc.userinfo('alice2-userinfo', 'groups', sess='alice2')
    # failures
    sc.login(BOT_FULL[0], WRONG_BOTPW, sess='wrong', prefix='wrong-password-')
    sc.login('Admin@nosuchapp', BOT_FULL[1], sess='noapp', prefix='nosuchapp-')
    sc.login('Nobody@wqfull', BOT_FULL[1], sess='nouser', prefix='nosuchuser-')
    sc.login(BOT_FULL[0], BOT_FULL[1][:-1], sess='short', prefix='short-password-')
    tok = sc.get_token('clientlogin-tokens-login', 'login', sess='cl')
    sc.step('clientlogin-with-botpassword', 'POST', {
        'action': 'clientlogin', 'username': BOT_FULL[0], 'password': BOT_FULL[1],
        'loginreturnurl': 'http://127.0.0.1/', 'logintoken': tok}, sess='cl')


def clientlogin(sc):
    sc.step('authmanagerinfo-login', 'GET', {'action': 'query', 'meta': 'authmanagerinfo',
                                             'amirequestsfor': 'login'})
    tok = sc.get_token('tokens-login', 'login')
    sc.step('clientlogin', 'POST', {'action': 'clientlogin', 'username': 'Alice', 'password': ALICE[1],
                                    'loginreturnurl': 'http://127.0.0.1/', 'logintoken': tok})
    sc.userinfo('userinfo', 'groups|rights')
    tok2 = sc.get_token('tokens-login-logged-in', 'login')
    sc.step('clientlogin-already-logged-in', 'POST', {
        'action': 'clientlogin', 'username': 'Bob', 'password': BOB[1],
        'loginreturnurl': 'http://127.0.0.1/', 'logintoken': tok2})
    sc.userinfo('userinfo-after-second-login', None)
    # failures, in a fresh session
    s = 'f'
    tok = sc.get_token('f-tokens-login', 'login', sess=s)

    def cl(label, **p):
        params = {'action': 'clientlogin'}
        params.update(p)
        sc.step('f-' + label, 'POST', params, sess=s)

    cl('wrong-password', username='Alice', password='wrong', loginreturnurl='http://127.0.0.1/', logintoken=tok)
    cl('unknown-user', username='Nobody', password='wrong', loginreturnurl='http://127.0.0.1/', logintoken=tok)
    cl('missing-loginreturnurl', username='Alice', password=ALICE[1], logintoken=tok)
    cl('bad-loginreturnurl', username='Alice', password=ALICE[1], loginreturnurl='not a url', logintoken=tok)
    cl('missing-logintoken', username='Alice', password=ALICE[1], loginreturnurl='http://127.0.0.1/')
    cl('badtoken', username='Alice', password=ALICE[1], loginreturnurl='http://127.0.0.1/',
       logintoken=alter_hex(tok))
    for mf in ('html', 'wikitext', 'raw', 'none'):
        cl('wrong-password-messageformat-' + mf, username='Alice', password='wrong',
           loginreturnurl='http://127.0.0.1/', logintoken=tok, loginmessageformat=mf)
    cl('missing-password', username='Alice', loginreturnurl='http://127.0.0.1/', logintoken=tok)
    cl('continue-without-state', logincontinue='1', logintoken=tok)
    sc.step('f-clientlogin-get', 'GET', {'action': 'clientlogin', 'username': 'Alice',
                                         'loginreturnurl': 'http://127.0.0.1/'}, sess=s)
    sc.step('f-clientlogin-get-with-token', 'GET', {'action': 'clientlogin', 'username': 'Alice',
                                                    'password': ALICE[1], 'loginreturnurl': 'http://127.0.0.1/',
                                                    'logintoken': tok}, sess=s)
    sc.step('f-authmanagerinfo-login-mergerequestfields', 'GET', {
        'action': 'query', 'meta': 'authmanagerinfo', 'amirequestsfor': 'login',
        'amimergerequestfields': '1'}, sess=s)
    sc.step('f-authmanagerinfo-plain', 'GET', {'action': 'query', 'meta': 'authmanagerinfo'}, sess=s)


def paraminfo(sc):
    sc.step('paraminfo-auth-modules', 'GET', {'action': 'paraminfo',
                                              'modules': 'login|clientlogin|logout|checktoken'})
    if sc.fv == 2:
        sc.step('paraminfo-main', 'GET', {'action': 'paraminfo', 'modules': 'main'})


def private(sc):
    sc.step('anon-allpages', 'GET', {'action': 'query', 'list': 'allpages', 'aplimit': '3'})
    sc.step('anon-siteinfo', 'GET', {'action': 'query', 'meta': 'siteinfo'})
    sc.step('anon-tokens-login', 'GET', {'action': 'query', 'meta': 'tokens', 'type': 'login'})
    sc.step('anon-userinfo', 'GET', {'action': 'query', 'meta': 'userinfo'})
    sc.step('anon-paraminfo', 'GET', {'action': 'paraminfo', 'modules': 'query+allpages'})
    sc.step('anon-query-nothing', 'GET', {'action': 'query'})
    sc.step('anon-parse', 'GET', {'action': 'parse', 'text': 'x', 'contentmodel': 'wikitext'})
    sc.login(*ALICE)
    sc.step('allpages', 'GET', {'action': 'query', 'list': 'allpages', 'aplimit': '3'})
    sc.userinfo('userinfo-rights', 'rights')


def login_throttle(sc):
    # counts are per user+IP and per IP across scenarios: capture.py clears them first
    tb = sc.get_token('tokens-login', 'login')
    for i in range(1, 7):
        sc.step(f'bob-wrong-{i}', 'POST', {'action': 'login', 'lgname': 'Bob', 'lgpassword': f'wrong{i}',
                                           'lgtoken': tb})
    sc.step('bob-right', 'POST', {'action': 'login', 'lgname': 'Bob', 'lgpassword': BOB[1], 'lgtoken': tb})
    tc = sc.get_token('c-tokens-login', 'login', sess='c')
    for i in range(1, 7):
        sc.step(f'c-carol-clientlogin-wrong-{i}', 'POST', {
            'action': 'clientlogin', 'username': 'Carol', 'password': f'wrong{i}',
            'loginreturnurl': 'http://127.0.0.1/', 'logintoken': tc}, sess='c')
    sc.step('c-carol-clientlogin-right', 'POST', {
        'action': 'clientlogin', 'username': 'Carol', 'password': CAROL[1],
        'loginreturnurl': 'http://127.0.0.1/', 'logintoken': tc}, sess='c')
    tb = sc.get_token('b-tokens-login', 'login', sess='b')
    for i in range(1, 7):
        sc.step(f'b-botpassword-wrong-{i}', 'POST', {'action': 'login', 'lgname': BOT_FULL[0],
                                                     'lgpassword': WRONG_BOTPW, 'lgtoken': tb}, sess='b')
    sc.step('b-botpassword-right', 'POST', {'action': 'login', 'lgname': BOT_FULL[0],
                                            'lgpassword': BOT_FULL[1], 'lgtoken': tb}, sess='b')


# ---------------------------------------------------------------- copies of the wiki

def make_copy(dest, port, extra):
    if os.path.exists(os.path.join(dest, 'LocalSettings.php')):
        return
    shutil.copytree(DATA_DIR, dest, symlinks=True)
    for f in ('server.pid', 'router.php'):
        if os.path.exists(os.path.join(dest, f)):
            os.remove(os.path.join(dest, f))
    ls = os.path.join(dest, 'LocalSettings.php')
    with open(ls) as f:
        text = f.read().replace(DATA_DIR, dest).replace('"http://127.0.0.1:8081"', f'"http://127.0.0.1:{port}"')
    with open(ls, 'w') as f:
        f.write(text + extra)


def serve(dest, port):
    subprocess.run([os.path.join(ORACLE_SCRIPTS, 'serve-existing.sh'), dest, str(port)], check=True)


def stop(dest):
    subprocess.run([os.path.join(ORACLE_SCRIPTS, 'stop-server.sh'), dest], check=True)


PRIVATE = (DATA_DIR + '-private', 8087,
           "# ---- private wiki (tools/capture.py accounts, scenario \"private\") ----\n"
           "$wgGroupPermissions['*']['read'] = false;\n")
THROTTLE = (DATA_DIR + '-throttle', 8088,
            "# ---- login throttling on (tools/capture.py accounts, scenario \"login-throttle\") ----\n"
            "$wgPasswordAttemptThrottle = [ [ 'count' => 5, 'seconds' => 300 ], "
            "[ 'count' => 150, 'seconds' => 60 * 60 * 48 ] ];\n"
            "$wgMainCacheType = CACHE_DB;   # the Throttler counts in the local-cluster cache; "
            "CACHE_NONE never throttles\n")


def clear_throttle(dest):
    subprocess.run(['sqlite3', os.path.join(dest, 'db', 'wikicache.sqlite'),
                    "DELETE FROM objectcache WHERE keyname LIKE '%throttler%';"], check=False)


def main():
    base = sys.argv[1] if len(sys.argv) > 1 else 'http://127.0.0.1:8081'
    only = set(sys.argv[2:])
    plan = [('login-main', login_main), ('login-alice', login_alice), ('login-fixturebot', login_fixturebot),
            ('login-failures', login_failures), ('botpassword', botpassword), ('clientlogin', clientlogin),
            ('paraminfo', paraminfo)]
    for name, fn in plan:
        if only and name not in only:
            continue
        for fv in (1, 2):
            sc = Scenario(ACCOUNTS, name, fv, base)
            fn(sc)
            print(f'{sc.name}: {sc.n} steps')
    for (dest, port, extra), name, fn in ((PRIVATE, 'private', private), (THROTTLE, 'login-throttle', login_throttle)):
        if only and name not in only:
            continue
        make_copy(dest, port, extra)
        serve(dest, port)
        try:
            for fv in (1, 2):
                if name == 'login-throttle':
                    clear_throttle(dest)
                sc = Scenario(ACCOUNTS, name, fv, f'http://127.0.0.1:{port}')
                fn(sc)
                print(f'{sc.name}: {sc.n} steps')
        finally:
            stop(dest)


if __name__ == '__main__':
    main()
