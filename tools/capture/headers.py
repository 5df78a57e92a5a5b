#!/usr/bin/env python3
"""Capture the HTTP response headers (caching and related) of a running MediaWiki's Action API.

    capture_headers.py [--base http://127.0.0.1:8081] [--out headers.json]

For a matrix of callers x cache-age parameters x requests, and a set of extra single requests,
records the status and every response header into a JSON list of objects:

    name             short name of the request (the same name across callers and age variants)
    group            "login" | "matrix" | "extra" | "uselang-en" (a matrix or extra request
                     repeated with uselang=en, under the same name)
    ages             label of the smaxage/maxage variant ("none", "smaxage300", ...) or null
    method           GET | POST | HEAD | OPTIONS
    request          the query string (for POST: the form-encoded body; the URL has no query)
    request_headers  headers sent besides the fixed ones (User-Agent, Accept-Encoding: identity)
    caller           "anon", "anon+session" (after a login-token fetch), "anon+bogus-session"
                     (unknown session ID cookie), "<user>+logged-out", or the logged-in user's
                     name ("<user> (logging in)" for the login requests themselves)
    status           HTTP status code
    headers          the response headers the tests read (KEEP), lower-cased name -> value; a
                     header sent several times has its values joined with "\n"; a cookie's
                     value is replaced by its name
    expires_minus_date   Expires minus Date in seconds, or null without both headers

Anonymous requests are sent without cookies, so that no session started by one request leaks into
the next; logged-in callers keep their cookie jar.  The users and passwords are the fixture's
(the oracle scripts that come with the fixture: populate.py, setup-mediawiki.sh). The default output is
tests/fixtures/oracle/caching/headers.json, which tests/tests/caching.rs replays.
"""
import argparse
import email.utils
import json
import os
import sys
import urllib.parse

import requests

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'tests', 'fixtures', 'oracle', 'caching',
                   'headers.json')
ADMIN = ('Admin', 'FixtureAdminPass-2024')   # administrator, bureaucrat, suppress
USER = ('Alice', 'FixtureUserPass-2024')     # plain user (user, autoconfirmed)

USER_AGENT = 'wikiquery-cache-capture/1.0'
FORMAT = {'format': 'json', 'formatversion': '2'}

AGES = [
    ('none', {}),
    ('smaxage300', {'smaxage': '300'}),
    ('maxage300', {'maxage': '300'}),
    ('smaxage300-maxage60', {'smaxage': '300', 'maxage': '60'}),
    ('zero', {'smaxage': '0', 'maxage': '0'}),
]
# The age variant used for the extra requests: tells public from private answers, and shows
# whether the private Cache-Control carries the maxage parameter.
EXTRA_AGES = AGES[3]

ALLPAGES = {'action': 'query', 'list': 'allpages', 'aplimit': '5'}
ORIGIN = 'http://example.org'


class Req:
    """One request: a name, its parameters (without ages and format), method and extra headers."""

    def __init__(self, name, params, method='GET', headers=None, fmt=True, ages=None):
        self.name = name
        self.ages = ages  # (label, params): overrides EXTRA_AGES for an extra request
        self.params = dict(params)
        self.method = method
        self.headers = dict(headers or {})
        self.fmt = fmt  # append format=json&formatversion=2

    def query(self, ages):
        params = dict(self.params)
        params.update(ages)
        if self.fmt:
            for k, v in FORMAT.items():
                params.setdefault(k, v)
        return urllib.parse.urlencode(params, safe='|*:')


def q(**params):
    return dict(params)


def with_uselang(req, lang='en'):
    """The same request with an explicit uselang (same name; the group tells them apart)."""
    return Req(req.name, dict(req.params, uselang=lang), req.method, req.headers, req.fmt, req.ages)


# Requests asked for every caller and every age variant.
MATRIX = [
    Req('allpages', ALLPAGES),
    Req('siteinfo', q(action='query', meta='siteinfo')),
    Req('userinfo', q(action='query', meta='userinfo')),
    Req('tokens', q(action='query', meta='tokens')),
    Req('watchlist', q(action='query', list='watchlist')),
    Req('recentchanges', q(action='query', list='recentchanges', rclimit='5')),
    Req('revisions-content', q(action='query', prop='revisions', titles='Main_Page', rvprop='content',
                               rvslots='main')),
    Req('info', q(action='query', prop='info', titles='Main_Page')),
    Req('info-watched', q(action='query', prop='info', titles='Main_Page',
                          inprop='watched|notificationtimestamp')),
    Req('generator-allpages-info', q(action='query', generator='allpages', gaplimit='5', prop='info')),
    Req('users', q(action='query', list='users', ususers='Admin')),
    Req('users-blockinfo', q(action='query', list='users', ususers='Mallory', usprop='blockinfo')),
    Req('blocks', q(action='query', list='blocks')),
    Req('logevents', q(action='query', list='logevents', lelimit='5')),
    Req('deletedrevs', q(action='query', list='deletedrevs')),
    Req('imageinfo', q(action='query', prop='imageinfo', titles='File:Example.png')),
    Req('allmessages', q(action='query', meta='allmessages', ammessages='mainpage')),
    Req('unknown-list', q(action='query', list='bogus')),  # only a warning in 1.39
    Req('error-badvalue', dict(ALLPAGES, apnamespace='bogus')),  # error raised inside the module
    Req('paraminfo', q(action='paraminfo', modules='query')),
    Req('checktoken', q(action='checktoken', type='csrf', token='+\\')),
    Req('allpages-uselang-user', dict(ALLPAGES, uselang='user')),
    Req('allpages-uselang-de', dict(ALLPAGES, uselang='de')),
    Req('allpages-callback', dict(ALLPAGES, callback='foo')),
    Req('allpages-origin-star', dict(ALLPAGES, origin='*'), headers={'Origin': ORIGIN}),
    Req('allpages-post', ALLPAGES, method='POST'),
]

# Requests asked once per caller, with EXTRA_AGES.
EXTRAS = [
    Req('allusers', q(action='query', list='allusers', aulimit='3')),
    Req('usercontribs', q(action='query', list='usercontribs', ucuser='Alice', uclimit='3')),
    Req('allmessages-lang', q(action='query', meta='allmessages', ammessages='mainpage', amlang='en')),
    Req('allmessages-enableparser', q(action='query', meta='allmessages', ammessages='mainpage',
                                      amlang='en', amenableparser='1')),
    Req('recentchanges-parsedcomment', q(action='query', list='recentchanges', rclimit='3',
                                         rcprop='title|parsedcomment')),
    Req('recentchanges-show-unpatrolled', q(action='query', list='recentchanges', rclimit='3',
                                            rcshow='!patrolled')),
    Req('logevents-parsedcomment', q(action='query', list='logevents', lelimit='3',
                                     leprop='title|parsedcomment')),
    Req('protectedtitles-parsedcomment', q(action='query', list='protectedtitles',
                                           ptprop='parsedcomment')),
    Req('querypage-restricted', q(action='query', list='querypage', qppage='Unwatchedpages')),
    Req('querypage-public', q(action='query', list='querypage', qppage='Ancientpages', qplimit='3')),
    Req('titles-only', q(action='query', titles='Main_Page')),
    Req('titles-special-redirect', q(action='query', titles='Special:MyPage', redirects='1')),
    Req('generator-watchlistraw', q(action='query', generator='watchlistraw', prop='info')),
    Req('allpages+userinfo', dict(ALLPAGES, meta='userinfo')),
    Req('allpages+allusers', dict(ALLPAGES, list='allpages|allusers')),
    Req('allpages-jsonfm', dict(ALLPAGES, format='jsonfm')),
    Req('allpages-xml', dict(ALLPAGES, format='xml')),
    Req('allpages-head', ALLPAGES, method='HEAD'),
    Req('allpages-gzip', ALLPAGES, headers={'Accept-Encoding': 'gzip'}),
    Req('userinfo-gzip', q(action='query', meta='userinfo'), headers={'Accept-Encoding': 'gzip'}),
    Req('allpages-if-none-match-star', ALLPAGES, headers={'If-None-Match': '*'}),
    Req('allpages-if-modified-since', ALLPAGES,
        headers={'If-Modified-Since': 'Fri, 01 Jan 2100 00:00:00 GMT'}),
    Req('allpages-treat-as-untrusted', ALLPAGES, headers={'Treat-as-Untrusted': '1'}),
    Req('allusers-callback', q(action='query', list='allusers', aulimit='3', callback='foo')),
    Req('allpages-origin-domain', dict(ALLPAGES, origin=ORIGIN), headers={'Origin': ORIGIN}),
    Req('allpages-origin-no-header', dict(ALLPAGES, origin=ORIGIN)),
    Req('allpages-options-preflight', dict(ALLPAGES, origin='*'), method='OPTIONS',
        headers={'Origin': ORIGIN, 'Access-Control-Request-Method': 'GET'}),
    Req('unknown-action', q(action='bogus')),  # error before the module is set up
    Req('maxlag-negative', dict(ALLPAGES, maxlag='-1')),
    Req('mustbeposted-get', q(action='logout')),
    Req('help', q(action='help')),
    Req('help-wrap', q(action='help', modules='query', wrap='1')),
    Req('opensearch', q(action='opensearch', search='Main')),
    Req('parse', q(action='parse', page='Main_Page', prop='text')),
    Req('expandtemplates', q(action='expandtemplates', text='{{PAGENAME}}', title='Main_Page',
                             prop='wikitext')),
    Req('compare', q(action='compare', fromtitle='Main_Page', totitle='Help:Links')),
    Req('feedrecentchanges', q(action='feedrecentchanges'), fmt=False),
    Req('feedrecentchanges', q(action='feedrecentchanges'), fmt=False, ages=AGES[2]),
    Req('allpages-default-format', ALLPAGES, fmt=False),  # jsonfm, an HTML format
    Req('allpages', ALLPAGES, ages=('smaxage-5-maxage30', {'smaxage': '-5', 'maxage': '30'})),
    Req('allpages', ALLPAGES, ages=('smaxage300-maxage0', {'smaxage': '300', 'maxage': '0'})),
    Req('allpages', ALLPAGES, ages=('smaxage0-maxage60', {'smaxage': '0', 'maxage': '60'})),
    Req('feedcontributions', q(action='feedcontributions', user='Alice'), fmt=False),
    Req('feedwatchlist', q(action='feedwatchlist'), fmt=False),
]


class Caller:
    """An HTTP client; anonymous callers send no cookies unless keep_cookies is set."""

    def __init__(self, base, name='anon', keep_cookies=False):
        self.api = base.rstrip('/') + '/api.php'
        self.name = name
        self.keep_cookies = keep_cookies
        self.s = requests.Session()
        self.s.headers['User-Agent'] = USER_AGENT
        self.s.headers['Accept-Encoding'] = 'identity'

    def send(self, req, ages_label=None, ages=None, group='matrix'):
        if not self.keep_cookies:
            self.s.cookies.clear()
        qs = req.query(ages or {})
        kw = dict(headers=req.headers, timeout=120, allow_redirects=False)
        if req.method == 'POST':
            r = self.s.post(self.api, data=qs, **dict(kw, headers=dict(
                req.headers, **{'Content-Type': 'application/x-www-form-urlencoded'})))
        else:
            r = self.s.request(req.method, self.api + '?' + qs, **kw)
        return r, record(req.name, group, ages_label, req.method, qs, req.headers, self.name, r)

    def login(self, user, password, out):
        self.keep_cookies = True
        self.name = user + ' (logging in)'
        tok_req = Req('login-token', q(action='query', meta='tokens', type='login'))
        r, rec = self.send(tok_req, group='login')
        out.append(rec)
        token = r.json()['query']['tokens']['logintoken']
        login_req = Req('login', q(action='login', lgname=user, lgpassword=password, lgtoken=token),
                        method='POST')
        r, rec = self.send(login_req, group='login')
        # the password and token are not worth keeping in the reference data
        rec['request'] = urllib.parse.urlencode(
            dict(login_req.params, lgpassword='***', lgtoken='***', **FORMAT), safe='|*:')
        out.append(rec)
        result = r.json().get('login', {}).get('result')
        if result != 'Success':
            raise RuntimeError(f'login {user}: {r.text[:300]}')
        self.name = user
        return self


# What the tests compare: caching, the error and CORS headers, and the security headers.
KEEP = {
    'cache-control', 'vary', 'expires', 'mediawiki-api-error', 'mediawiki-login-suppressed',
    'x-frame-options', 'x-content-type-options', 'set-cookie', 'access-control-allow-origin',
    'access-control-allow-credentials', 'access-control-expose-headers', 'access-control-allow-methods',
    'mediawiki-cors-rejection', 'content-disposition',
}


def response_headers(r):
    raw = r.raw.headers
    out = {}
    for name in raw.keys():
        key = name.lower()
        if key not in KEEP:
            continue
        values = raw.getlist(name)
        if key == 'set-cookie':
            values = [v.split('=', 1)[0] for v in values]
        out[key] = '\n'.join(([out[key]] if key in out else []) + list(values))
    return out


def expires_minus_date(headers):
    try:
        exp = email.utils.parsedate_to_datetime(headers['Expires'])
        date = email.utils.parsedate_to_datetime(headers['Date'])
    except (KeyError, TypeError, ValueError):
        return None
    return int((exp - date).total_seconds())


def record(name, group, ages_label, method, qs, req_headers, caller, r):
    headers = response_headers(r)
    delta = expires_minus_date(r.headers)
    return {
        'name': name,
        'group': group,
        'ages': ages_label,
        'method': method,
        'request': qs,
        'request_headers': dict(req_headers),
        'caller': caller,
        'status': r.status_code,
        'headers': headers,
        'expires_minus_date': delta,
    }


def capture(base):
    out = []
    callers = [Caller(base)]
    for user, password in (USER, ADMIN):
        callers.append(Caller(base).login(user, password, out))

    for caller in callers:
        for label, ages in AGES:
            for req in MATRIX:
                out.append(caller.send(req, label, ages)[1])
        for req in EXTRAS:
            label, ages = req.ages or EXTRA_AGES
            out.append(caller.send(req, label, ages, group='extra')[1])
        # uselang defaults to 'user', which turns every 'public' mode into
        # 'anon-public-user-private': an explicit language shows the modules' own modes.
        for req in MATRIX + EXTRAS:
            if 'uselang' not in req.params:
                label, ages = req.ages or EXTRA_AGES
                out.append(caller.send(with_uselang(req), label, ages, group='uselang-en')[1])

    # An anonymous caller whose session was started (made persistent) by fetching a login token.
    session = Caller(base, 'anon+session', keep_cookies=True)
    r, rec = session.send(Req('login-token', q(action='query', meta='tokens', type='login')),
                          group='extra')
    out.append(rec)
    # An anonymous caller sending a well-formed session cookie the wiki does not know.
    cookie_name = next((c.name for c in session.s.cookies if c.name.endswith('_session')), None)
    bogus = Caller(base, 'anon+bogus-session', keep_cookies=True)
    if cookie_name:
        bogus.s.cookies.set(cookie_name, 'a' * 32, domain=urllib.parse.urlsplit(base).hostname,
                            path='/')
    for caller in (session, bogus):
        for req in (Req('allpages', ALLPAGES), Req('allusers', q(action='query', list='allusers',
                                                                 aulimit='3')),
                    Req('userinfo', q(action='query', meta='userinfo')),
                    Req('allpages-callback', dict(ALLPAGES, callback='foo')),
                    Req('allpages-uselang-en', dict(ALLPAGES, uselang='en')),
                    Req('allusers-uselang-en', q(action='query', list='allusers', aulimit='3',
                                                 uselang='en'))):
            for label, ages in (AGES[1], EXTRA_AGES):
                out.append(caller.send(req, label, ages, group='extra')[1])

    # A logged-in caller who logs out: is the session cookie gone, and are answers public again?
    leaving = Caller(base).login(USER[0], USER[1], [])
    r, _ = leaving.send(Req('csrf-token', q(action='query', meta='tokens')), group='extra')
    token = r.json()['query']['tokens']['csrftoken']
    _, rec = leaving.send(Req('logout', q(action='logout', token=token), method='POST'), group='extra')
    rec['request'] = urllib.parse.urlencode(dict(action='logout', token='***', **FORMAT), safe='|*:')
    rec['caller'] = USER[0]
    out.append(rec)
    leaving.name = USER[0] + '+logged-out'
    for req in (Req('allpages', ALLPAGES), Req('allusers', q(action='query', list='allusers',
                                                             aulimit='3'))):
        out.append(leaving.send(req, EXTRA_AGES[0], EXTRA_AGES[1], group='extra')[1])
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    ap.add_argument('--base', default='http://127.0.0.1:8081', help='wiki root (api.php below it)')
    ap.add_argument('--out', default=OUT, help='output JSON file')
    args = ap.parse_args()
    out = capture(args.base)
    with open(args.out, 'w') as f:
        json.dump(out, f, indent=1, ensure_ascii=False, sort_keys=False)
        f.write('\n')
    print(f'{len(out)} answers -> {args.out}', file=sys.stderr)


if __name__ == '__main__':
    main()
