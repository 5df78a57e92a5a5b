"""What the capture sets share: requests as written, sent to a MediaWiki serving the fixture,
each answer saved as {"request", "status", "mediawiki-api-error", "response"} (the format of
the oracle's own capture script).

    cap = Capture(sys.argv[1], sys.argv[2])          # BASE_URL ORACLE_DIR
    cap.add('name', 'action=query&...', **options)
    cap.run()

Answers are filed by module: NAME's first word names the folder under ORACLE_DIR
(`backlinks-ns0` -> backlinks/backlinks-ns0.json; `warning-tokens-...` -> tokens/), or
`folders` maps a set's short first words to modules ({'rev': 'revisions'}), or
`folder=` on one request says where it goes.

Every request is a GET with format=json, captured in formatversion 1 (NAME.json) and 2
(NAME.fv2.json). Parameter values are written unencoded and sent percent-encoded (RFC 3986,
keeping '|', '*', '!', ':' and '/' literal, space as %20); 'request' is the exact query string
sent. Options:
  cred=(user, password)  ask in a session logged in with action=clientlogin (as populate.py
                         does); anonymous requests use a fresh connection and no cookies each and
                         are all made first
  follow=True            repeat with the 'continue' members of each answer merged into the
                         parameters (same name replaced, new ones added before format) until an
                         answer has none: NAME-page1, NAME-page2, ... (before a caller suffix
                         such as '.admin'); follow='batch' also stops at the first answer with
                         'batchcomplete'
  pages=N                follow at most N pages (default max_pages)
  fv1=False, fv2=False   leave that formatversion out
"""
import json
import os
import re

import requests
from urllib.parse import quote

# Name suffixes that say who asked; page numbers go before them.
CALLER_SUFFIXES = ('.admin', '.user', '.sysop')


def params_of(query):
    """'a=b&c=d' -> [('a', 'b'), ('c', 'd')]; values are written unencoded."""
    return [tuple(part.partition('=')[::2]) for part in query.split('&')]


def query_string(params):
    return '&'.join(k + '=' + quote(v, safe='|*!:/') for k, v in params)


def module_folder(name, folders=None):
    """The folder an answer named NAME is filed in: its first word (the second after
    `warning`), through FOLDERS where a set abbreviates module names."""
    words = re.split(r'[-.]', name)
    first = words[1] if words[0] == 'warning' and len(words) > 1 else words[0]
    return (folders or {}).get(first, first)


# The fixture's callers: its users and the passwords it was made with.
ADMIN = ('Admin', 'FixtureAdminPass-2024')
SYSOP = ('Bob', 'FixtureUserPass-2024')
USER = ('Alice', 'FixtureUserPass-2024')


class Capture:
    def __init__(self, base, out, max_pages=50, timeout=60, folders=None):
        self.base = base.rstrip('/')
        self.folders = folders or {}
        self.api = self.base + '/api.php'
        self.out = out
        self.max_pages = max_pages
        self.timeout = timeout
        self.requests = []
        self.sessions = {}
        os.makedirs(out, exist_ok=True)

    def add(self, name, query, **opt):
        self.requests.append((name, query, opt))

    def add2(self, name, query, **opt):
        """the same request as anonymous and as Bob (.sysop)"""
        self.add(name, query, **opt)
        self.add(name + '.sysop', query, cred=SYSOP, **opt)

    def add3(self, name, query, **opt):
        """the same request as anonymous, as Bob (.sysop) and as Admin (.admin)"""
        self.add2(name, query, **opt)
        self.add(name + '.admin', query, cred=ADMIN, **opt)

    def login(self, user, password):
        s = requests.Session()
        tok = s.get(self.api, params={'action': 'query', 'meta': 'tokens', 'type': 'login', 'format': 'json'},
                    timeout=self.timeout).json()['query']['tokens']['logintoken']
        d = s.post(self.api, data={'action': 'clientlogin', 'username': user, 'password': password,
                                   'logintoken': tok, 'loginreturnurl': self.base + '/', 'format': 'json'},
                   timeout=self.timeout).json()
        if d['clientlogin']['status'] != 'PASS':
            raise SystemExit(f'login {user} failed: {d}')
        return s

    def get(self, cred, qs):
        if cred is None:
            return requests.get(self.api + '?' + qs, timeout=self.timeout)
        if cred not in self.sessions:
            self.sessions[cred] = self.login(*cred)
        return self.sessions[cred].get(self.api + '?' + qs, timeout=self.timeout)

    def folder_of(self, name, opt):
        """The folder NAME's answers are filed in: the module its first word names."""
        if opt.get('folder'):
            return opt['folder']
        return module_folder(name, self.folders)

    def save(self, name, qs, r, folder=''):
        try:
            body = r.json()
        except ValueError:
            body = {'_raw': r.text}
        os.makedirs(os.path.join(self.out, folder), exist_ok=True)
        with open(os.path.join(self.out, folder, name + '.json'), 'w') as f:
            json.dump({'request': 'GET /api.php?' + qs, 'status': r.status_code,
                       'mediawiki-api-error': r.headers.get('MediaWiki-API-Error'),
                       'response': body}, f, ensure_ascii=False, indent=1)
            f.write('\n')
        return body

    @staticmethod
    def file_name(name, fv, page=None):
        # 'base.admin' + page 2 + fv2 -> 'base-page2.admin.fv2'
        base, suffix = name, ''
        for s in CALLER_SUFFIXES:
            if name.endswith(s):
                base, suffix = name[:-len(s)], s
        if page is not None:
            base += f'-page{page}'
        return base + suffix + ('.fv2' if fv == 2 else '')

    def run(self):
        n = 0
        # anonymous first, then logged in (sorted() is stable: the order within each is kept)
        for name, query, opt in sorted(self.requests, key=lambda x: x[2].get('cred') is not None):
            cred = opt.get('cred')
            for fv in (1, 2):
                if opt.get(f'fv{fv}') is False:
                    continue
                fmt = [('format', 'json')] + ([('formatversion', '2')] if fv == 2 else [])
                follow = opt.get('follow')
                if not follow:
                    qs = query_string(params_of(query) + fmt)
                    self.save(self.file_name(name, fv), qs, self.get(cred, qs), self.folder_of(name, opt))
                    n += 1
                    continue
                cont, page = {}, 1
                while True:
                    base = [(k, cont.get(k, v)) for k, v in params_of(query)]
                    extra = [(k, str(v)) for k, v in cont.items() if k not in dict(base)]
                    qs = query_string(base + extra + fmt)
                    body = self.save(self.file_name(name, fv, page), qs, self.get(cred, qs), self.folder_of(name, opt))
                    n += 1
                    cont = body.get('continue') if isinstance(body, dict) else None
                    if follow == 'batch' and isinstance(body, dict) and 'batchcomplete' in body:
                        break
                    if not cont or page >= opt.get('pages', self.max_pages):
                        break
                    cont = {k: str(v) for k, v in cont.items()}
                    page += 1
        print('captured', n, 'responses into', self.out)
