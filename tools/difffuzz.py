#!/usr/bin/env python3
"""A differential fuzzer: random requests to MediaWiki 1.39 and to wikiquery, answers compared.

Both servers serve the fixture database at the same frozen instant (MediaWiki with the oracle
scripts that come with the fixture, `serve-fixture.sh 8081 DIR`; wikiquery with
`--config tests/fixtures/mw139/wikiquery.toml --db sqlite:COPY`). The fuzzer reads the catalogue
from MediaWiki's own `action=paraminfo`, the fixture's titles, ids, users, addresses, tags and
times from MediaWiki's answers, and draws requests over every query module and the read actions:
plausible and odd values, every enumerated value, limits 0/1/max/over max, continuation values
taken from earlier answers, generators, `redirects`, `converttitles`, formatversion 1 and 2, the
error formats; for anonymous callers and each logged-in fixture account.

Answers are compared as the replay tests compare them (`tests/src/lib.rs`, `comparable`): the
top-level members, errors and warnings by code and module, never by wording. What the project
keeps different on purpose is listed, with the reason, in `tests/fixtures/difffuzz/deliberate.json`;
the fuzzer (and the replay test) sets exactly those aside.

    tools/difffuzz.py [--mediawiki URL] [--wikiquery URL] [--seeds 1,2,3] [--count N]
                      [--report FILE] [--store N] [--only MODULE]

Deterministic: request i of seed s is drawn from `Random("s:i")` (continuation values come from
earlier answers of the same seed, so a seed is replayed whole). Differences are grouped by class
(the module, the kind and the first differing path), each with a minimal reproducing request
(parameters dropped one by one while the same class persists). `--store N` writes up to N
requests per seed whose answers are equal to `tests/fixtures/difffuzz/` as
`{"request", "caller", "response"}`, which `tests/tests/difffuzz.rs` replays in CI without
MediaWiki.
"""
import argparse
import collections
import json
import os
import random
import re
import sys
import urllib.parse
from concurrent.futures import ThreadPoolExecutor

import requests

HERE = os.path.dirname(os.path.abspath(__file__))
FIXTURES = os.path.join(HERE, '..', 'tests', 'fixtures', 'difffuzz')
DELIBERATE = os.path.join(FIXTURES, 'deliberate.json')
PASSWORDS = {'Admin': 'FixtureAdminPass-2024', 'Alice': 'FixtureUserPass-2024', 'FixtureBot': 'FixtureUserPass-2024'}
# Who asks, with weights: anonymous callers most, then a plain user, an administrator (every
# right, suppression included) and a bot.
CALLERS = [('anon', 6), ('Alice', 2), ('Admin', 2), ('FixtureBot', 1)]
# The read actions drawn besides `query` (paraminfo and help answer the catalogue's own texts).
ACTIONS = [('query', 80), ('parse', 5), ('expandtemplates', 3), ('compare', 4), ('opensearch', 4),
           ('paraminfo', 2)]
ERRORFORMATS = [('bc', 12), ('plaintext', 4), ('raw', 2), ('none', 1), ('html', 1)]
TESTED_ACTIONS = ['edit', 'create', 'move', 'move-target', 'delete', 'protect', 'undelete', 'read', 'upload',
                  'createaccount', 'purge', 'rollback', 'patrol', 'deletedhistory', 'editmyusercss', 'reupload']
IGNORED_MEMBERS = {'servedby', 'curtimestamp', 'docref', '*'}
USER_AGENT = 'wikiquery-difffuzz/1.0'
TIMEOUT = 30


def weighted(rng, pairs):
    total = sum(w for _, w in pairs)
    x = rng.uniform(0, total)
    for v, w in pairs:
        x -= w
        if x <= 0:
            return v
    return pairs[-1][0]


# ---------------------------------------------------------------------------------------------
# Talking to a server


class Server:
    """One API endpoint with a cookie jar per caller (logged in with `action=clientlogin`)."""

    def __init__(self, url, name):
        self.url = url
        self.name = name
        self.sessions = {}

    def session(self, caller):
        if caller in self.sessions:
            return self.sessions[caller]
        s = requests.Session()
        s.headers['User-Agent'] = USER_AGENT
        s.headers['Accept-Encoding'] = 'gzip'
        if caller != 'anon':
            tok = s.get(self.url, params={'action': 'query', 'meta': 'tokens', 'type': 'login',
                                          'format': 'json'}, timeout=TIMEOUT).json()['query']['tokens']['logintoken']
            r = s.post(self.url, data={'action': 'clientlogin', 'username': caller, 'password': PASSWORDS[caller],
                                       'loginreturnurl': 'http://127.0.0.1/', 'logintoken': tok,
                                       'format': 'json'}, timeout=TIMEOUT).json()
            if r.get('clientlogin', {}).get('status') != 'PASS':
                raise SystemExit(f'{caller} cannot log in on {self.name}: {r}')
        self.sessions[caller] = s
        return s

    def ask(self, caller, query):
        """(status, answer as JSON or {"body": text}) of a GET with this query string."""
        s = self.session(caller) if caller != 'anon' else None
        get = s.get if s else requests.get
        try:
            r = get(self.url + '?' + query, timeout=TIMEOUT, headers={'User-Agent': USER_AGENT})
        except requests.RequestException as e:
            return 0, {'transport': type(e).__name__}
        kind = r.headers.get('content-type', '').split(';')[0]
        try:
            if kind == 'application/vnd.php.serialized':
                return r.status_code, php_value(r.content)
            if kind == 'text/xml':
                return r.status_code, xml_value(r.content)
            return r.status_code, r.json()
        except ValueError:
            return r.status_code, {'content_type': kind, 'body': r.text[:2000]}


def php_value(data):
    """PHP's `unserialize()` of an answer in `format=php`: arrays as objects keyed by text, lists
    (keys 0, 1, …) as lists, so that the answer compares as its JSON form does."""
    at = 0

    def read_until(stop):
        nonlocal at
        end = data.index(stop, at)
        text = data[at:end]
        at = end + len(stop)
        return text

    def value():
        nonlocal at
        kind = data[at:at + 1]
        at += 2
        if kind == b'N':
            return None
        if kind == b'b':
            return read_until(b';') == b'1'
        if kind == b'i':
            return int(read_until(b';'))
        if kind == b'd':
            return float(read_until(b';'))
        if kind == b's':
            length = int(read_until(b':'))
            text = data[at + 1:at + 1 + length].decode('utf-8', 'replace')
            at += length + 3
            return text
        if kind == b'a':
            count = int(read_until(b':'))
            at += 1
            out = {}
            for _ in range(count):
                key = value()
                out[str(key)] = value()
            at += 1
            # A list to PHP (keys 0, 1, …) is a list in the JSON form.
            if list(out) == [str(i) for i in range(len(out))] and out:
                return list(out.values())
            return out
        raise ValueError(f'not a PHP value at {at}: {kind!r}')

    return value()


def xml_value(data):
    """An answer in `format=xml` as a JSON-like value: each element an object of its attributes,
    its text under `*`, its children by tag (a list where a tag repeats); `error`, `errors` and
    `warnings` reduced to what the JSON comparison keeps (codes and modules)."""
    import xml.etree.ElementTree as ET

    def element(el):
        out = dict(el.attrib)
        text = (el.text or '').strip()
        if text:
            out['*'] = text
        children = {}
        for child in el:
            children.setdefault(child.tag, []).append(element(child))
        for tag, items in children.items():
            out[tag] = items[0] if len(items) == 1 else items
        return out

    root = ET.fromstring(data)
    answer = element(root)
    for key in ('errors', 'warnings'):
        holder = answer.get(key)
        if isinstance(holder, dict) and any(isinstance(v, (dict, list)) and
                                             any('code' in (x if isinstance(x, dict) else {}) for x in
                                                 (v if isinstance(v, list) else [v])) for v in holder.values()):
            items = []
            for v in holder.values():
                items += v if isinstance(v, list) else [v]
            answer[key] = [{'code': i.get('code'), 'module': i.get('module')} for i in items if isinstance(i, dict)]
    return answer


# ---------------------------------------------------------------------------------------------
# Comparing answers


def load_deliberate(path=DELIBERATE):
    with open(path) as f:
        rules = json.load(f)['rules']
    for r in rules:
        r['_path'] = [re.compile(r'^\*$' if p == "'*'" else '^' + re.escape(p).replace(r'\*', '.*') + '$')
                      for p in r.get('path', '').split('.')]
        r['_when'] = re.compile(r['when']) if r.get('when') else None
    return rules


def comparable_member(key, value):
    """The form a top-level member is compared in (as tests/src/lib.rs `comparable_member`)."""
    if key in IGNORED_MEMBERS:
        return None
    cm = lambda lst: [f"{json.dumps(m.get('code'))}@{json.dumps(m.get('module'))}" for m in lst if isinstance(m, dict)]
    if key == 'error' and isinstance(value, dict):
        return {'code': value.get('code')}
    if key == 'errors' and isinstance(value, list):
        return cm(value)
    if key == 'warnings' and isinstance(value, list):
        return sorted(set(cm(value)))
    if key == 'warnings' and isinstance(value, dict):
        return sorted(value.keys())
    return value


def comparable(answer):
    if not isinstance(answer, dict):
        return answer
    out = {}
    for k, v in answer.items():
        c = comparable_member(k, v)
        if c is not None:
            out[k] = c
    return out


def apply_rules(value, rules, query):
    """Sets aside what `rules` name in `value` (in place): `drop` removes the member, `shape`
    keeps only its type (and an array's or object's length and keys), `count` only how many
    members it has, `wording` compares a
    message by its code, not its text, `limit_report` a rendered page without its limit
    report, `cache_note` a diff without MediaWiki's note that its cache kept it; a `warning` rule removes that warning of that module."""
    for r in rules:
        if r['_when'] and not r['_when'].search(query):
            continue
        if 'warning' in r:
            _drop_warning(value, r['warning'], r['module'])
        else:
            _apply(value, r['_path'], r.get('compare', 'drop'))
    return value


def _drop_warning(value, code, module):
    """Removes a warning (and the pointer to the deprecation notices a deprecation adds) from
    the compared `warnings`: by code and module, or in the bc form by the module's name."""
    warnings = value.get('warnings') if isinstance(value, dict) else None
    if not isinstance(warnings, list):
        return
    gone = {f'{json.dumps(code)}@{json.dumps(module)}'}
    if code == 'deprecation':
        gone.add('"deprecation-help"@"main"')
    name = module.split('+')[-1]
    kept = [w for w in warnings if w not in gone and w not in (name, 'main')]
    if kept:
        value['warnings'] = kept
    else:
        del value['warnings']


def _shape(v):
    if isinstance(v, dict):
        return {k: _shape(x) for k, x in v.items()}
    if isinstance(v, list):
        return [_shape(x) for x in v]
    return type(v).__name__


def _wording(v):
    """A message by its code alone: a text becomes "text", an object keeps only its code."""
    if isinstance(v, str):
        return 'text'
    if isinstance(v, dict):
        return {k: x for k, x in v.items() if k == 'code'}
    if isinstance(v, list):
        return [_wording(x) for x in v]
    return v


def _without_limit_report(v):
    """A rendered page's HTML without the limit report's comments (timings and counts)."""
    if not isinstance(v, str):
        return v
    start = v.find('\n<!-- \nNewPP limit report')
    if start < 0:
        return v
    end = v.find('-->\n', v.find('Transclusion expansion time report', start))
    v = v[:start] + (v[end + 4:] if end >= 0 else '')
    # MediaWiki's note that its parser cache kept the rendering (this server keeps its own).
    return re.sub(r'\n<!-- Saved in (parser|RevisionOutput) cache .*?-->\n', '', v, flags=re.S)


def _without_cache_note(v):
    """A diff without the note MediaWiki appends when its cache already held it."""
    if not isinstance(v, str):
        return v
    return re.sub(r'\n<!-- diff cache key .*?-->\n', '', v, count=1, flags=re.S)


def _apply(value, path, how):
    if not path:
        return
    head, rest = path[0], path[1:]
    if isinstance(value, dict):
        items = [(k, value[k]) for k in list(value.keys()) if head.match(k)]
    elif isinstance(value, list):
        items = [(i, x) for i, x in enumerate(value) if head.match(str(i))]
    else:
        return
    for k, x in reversed(items):
        if rest:
            _apply(x, rest, how)
        elif how == 'drop':
            del value[k]
        elif how == 'wording':
            value[k] = _wording(x)
        elif how == 'limit_report':
            value[k] = _without_limit_report(x)
        elif how == 'cache_note':
            value[k] = _without_cache_note(x)
        elif how == 'count':
            value[k] = len(x) if isinstance(x, (dict, list)) else x
        else:
            value[k] = _shape(x)


def differences(path, e, g, out):
    if isinstance(e, dict) and isinstance(g, dict):
        for k, v in e.items():
            if k in g:
                differences(f'{path}.{k}', v, g[k], out)
            else:
                out.append(('missing', f'{path}.{k}', v, None))
        for k, v in g.items():
            if k not in e:
                out.append(('extra', f'{path}.{k}', None, v))
    elif isinstance(e, list) and isinstance(g, list):
        for i, (a, b) in enumerate(zip(e, g)):
            differences(f'{path}[{i}]', a, b, out)
        if len(e) != len(g):
            out.append(('length', path, len(e), len(g)))
    elif e != g:
        out.append(('value', path, e, g))


def compare(query, mw, wq, rules):
    """The differences between two (status, answer) pairs, after the deliberate rules."""
    (ms, ma), (ws, wa) = mw, wq
    out = []
    if ms != ws:
        out.append(('status', '', ms, ws))
    e = apply_rules(comparable(json.loads(json.dumps(ma))), rules, query)
    g = apply_rules(comparable(json.loads(json.dumps(wa))), rules, query)
    differences('', e, g, out)
    return out


def generic_path(path):
    """A path with what varies between requests (indices, page ids, titles as keys) generalised."""
    path = re.sub(r'\[\d+\]', '[]', path)
    path = re.sub(r'\.pages\.-?\d+', '.pages.{id}', path)
    path = re.sub(r'\.(redirects|normalized|interwiki|converted)\[\]\..*', r'.\1[]', path)
    return path


def classify(query, diffs):
    """A difference's class: the kind, the generalised first path, and for errors the codes."""
    params = dict(urllib.parse.parse_qsl(query, keep_blank_values=True))
    kind, path, e, g = diffs[0]
    if path in ('.error', '.error.code') or path.startswith('.error'):
        return f"error: MediaWiki {json.dumps(e)} / wikiquery {json.dumps(g)}"
    if path.startswith('.errors') or path.startswith('.warnings'):
        top = path.split('[')[0]
        return f"{top}: MediaWiki {json.dumps(e)} / wikiquery {json.dumps(g)}"[:300]
    if kind == 'status':
        return f'status {e} / {g}'
    module = '+'.join(params[k] for k in ('action', 'list', 'prop', 'meta', 'generator') if k in params)
    return f'{module} {kind} {generic_path(path)}'


# ---------------------------------------------------------------------------------------------
# The fixture's vocabulary and the catalogue


class Vocabulary:
    """Titles, ids, users, addresses, tags and times of the fixture, read from MediaWiki."""

    def __init__(self, mw):
        s = requests.Session()
        s.headers['User-Agent'] = USER_AGENT

        def q(**p):
            p.update(format='json', formatversion='2')
            return s.get(mw, params=p, timeout=TIMEOUT).json()

        si = q(action='query', meta='siteinfo', siprop='namespaces|languages')['query']
        self.namespaces = sorted(int(n) for n in si['namespaces'])
        self.languages = [l['code'] for l in si['languages']]
        self.titles, self.pageids = [], []
        for ns in self.namespaces:
            if ns < 0:
                continue
            for p in q(action='query', list='allpages', apnamespace=ns, aplimit='max')['query']['allpages']:
                self.titles.append(p['title'])
                self.pageids.append(p['pageid'])
        revs = q(action='query', list='allrevisions', arvlimit='max', arvprop='ids|timestamp|user')['query']
        self.revids, self.timestamps = [], []
        for p in revs['allrevisions']:
            for r in p['revisions']:
                self.revids.append(r['revid'])
                self.timestamps.append(r['timestamp'])
        self.users = [u['name'] for u in q(action='query', list='allusers', aulimit='max')['query']['allusers']]
        blocks = q(action='query', list='blocks', bkprop='user|range')['query']['blocks']
        self.addresses = [b['user'] for b in blocks if re.match(r'^[\d.:/A-Fa-f]+$', b.get('user', ''))]
        self.addresses += ['127.0.0.1', '192.0.2.7', '192.0.2.0/24', '2001:db8::/32', '10.0.0.0/8', '1.2.3.4/33']
        self.tags = [t['name'] for t in q(action='query', list='tags', tglimit='max')['query']['tags']]
        self.logids = [e['logid'] for e in q(action='query', list='logevents', lelimit='max')['query']['logevents']]
        self.categories = [t for t in self.titles if t.startswith('Category:')]
        self.files = [t for t in self.titles if t.startswith('File:')]
        self.words = ['cat', 'dog', 'Lion', 'prague', 'the', 'fixture', 'zzz', 'Ca', 'Main', 'é', 'Über', '"quoted text"']
        self.texts = ['Hello [[Cat]] and {{Welcome|Bob}}', "'''bold''' [[Category:Animals]]", '{{PAGENAME}}',
                      '== Head ==\ntext', '<ref>x</ref>', '{{#if:x|yes|no}}', '[[File:Example.png|thumb|A]]',
                      '{{CURRENTYEAR}}', '', '<nowiki>[[x]]</nowiki>', '~~~~', '{{subst:PAGENAME}}']
        self.bad_titles = ['', '[', 'Talk:', 'Special:RecentChanges', 'Special:NoSuchPage', 'Media:Example.png',
                           'en:Foo', 'Foo#Bar', 'x' * 300, 'A|B', '#frag', ':Cat', 'cat', 'User:127.0.0.1',
                           'Nonexistent page', 'Template:Nope', 'Talk:Cat', 'File:Missing.png', 'MediaWiki:Sidebar']


def read_catalogue(mw):
    """MediaWiki's paraminfo of the main module, the query module, each of its submodules and
    the read actions drawn."""
    s = requests.Session()
    s.headers['User-Agent'] = USER_AGENT
    base = {'action': 'paraminfo', 'format': 'json', 'formatversion': '2'}
    mods = {}
    r = s.get(mw, params=dict(base, modules='main|query|' + '|'.join(a for a, _ in ACTIONS if a != 'query')),
              timeout=TIMEOUT).json()
    for m in r['paraminfo']['modules']:
        mods[m['path']] = m
    query = mods['query']
    names = []
    for p in query['parameters']:
        if p['name'] in ('list', 'prop', 'meta'):
            names += [(p['name'], v) for v in p['type']]
    for i in range(0, len(names), 40):
        chunk = names[i:i + 40]
        r = s.get(mw, params=dict(base, modules='|'.join('query+' + n for _, n in chunk)), timeout=TIMEOUT).json()
        for m in r['paraminfo']['modules']:
            mods[m['path']] = m
    return mods


# ---------------------------------------------------------------------------------------------
# Drawing requests


ODD = ['', '0', '-1', 'abc', '1.5', '99999999999', '|', '\x1f', 'a' * 260, '%zz', ' ', 'null', '2147483648']
TS_ODD = ['now', '0', '20261122000000', '2000-01-01T00:00:00Z', '2099-01-01T00:00:00Z', 'yesterday', '1e5',
          '2026-13-45T00:00:00Z', '1700000000']


def draw_value(rng, name, p, voc, pool):
    """A value for parameter `p` (paraminfo's description) named `name` (with its prefix)."""
    t = p.get('type')
    multi = p.get('multi', False)
    odd = rng.random() < 0.06
    base = p['name']
    if odd and t != 'boolean':
        return rng.choice(ODD)
    if isinstance(t, list):
        if not t:
            return ''
        if multi:
            k = rng.choice([1, 1, 2, 3, len(t)])
            vals = rng.sample(t, min(k, len(t)))
            if p.get('allspecifier') and rng.random() < 0.1:
                vals = [p['allspecifier']]
            if rng.random() < 0.05:
                vals.append('bogus')
            return '|'.join(vals)
        return rng.choice(t + (['bogus'] if rng.random() < 0.05 else []))
    if t == 'boolean':
        return '1' if rng.random() < 0.9 else rng.choice(['', '0', 'false'])
    if t == 'namespace':
        if multi:
            k = rng.choice([1, 1, 2, 3])
            ns = [str(n) for n in rng.sample(voc.namespaces, k)]
            if rng.random() < 0.1:
                ns = ['*']
            if rng.random() < 0.05:
                ns.append('99')
            return '|'.join(ns)
        return str(rng.choice(voc.namespaces + [99]))
    if t in ('integer', 'limit'):
        hi = p.get('highmax') or p.get('max') or 500
        choices = ['0', '1', '2', '7', str(hi), str(hi + 1), 'max', '-5', '10']
        if base.endswith('ids') or base in ('revid', 'pageid', 'oldid', 'fromid', 'toid', 'fromrev', 'torev',
                                           'startid', 'endid', 'diffto'):
            pool_ids = voc.revids if 'rev' in base or base in ('oldid', 'startid', 'endid', 'diffto') else voc.pageids
            choices = [str(rng.choice(pool_ids)) for _ in range(4)] + ['0', '-1', '999999']
        if base in ('logid',):
            choices = [str(rng.choice(voc.logids)), '999999']
        v = rng.choice(choices)
        if t == 'limit' and rng.random() < 0.5:
            v = rng.choice(['1', '7', 'max', str(hi), str(hi + 1), '0'])
        if multi:
            v = '|'.join(rng.choice(choices) for _ in range(rng.choice([1, 2, 3])))
        return v
    if t == 'timestamp':
        if rng.random() < 0.3:
            return rng.choice(TS_ODD)
        return rng.choice(voc.timestamps)
    if t == 'expiry':
        return rng.choice(['infinite', '1 week', '2027-01-01T00:00:00Z', 'bogus'])
    if t == 'user' or base in ('user', 'users', 'excludeuser', 'prefix') and 'user' in name:
        choices = voc.users + voc.addresses + ['Nobody such', 'user:Alice', '#bad', 'Alice@legacy', '>10.0.0.1']
        if multi:
            return '|'.join(rng.choice(choices) for _ in range(rng.choice([1, 1, 2, 3])))
        return rng.choice(choices)
    # strings: by the parameter's name
    if base == 'continue':
        got = pool.get(name)
        if got and rng.random() < 0.7:
            return rng.choice(got)
        return rng.choice(['1|2', 'x', '20261101000000|5', '0|0|0', '-||', 'Cat|'])
    if base in ('title', 'titles', 'page', 'fromtitle', 'totitle', 'target') or base.endswith('title'):
        choices = voc.titles + voc.bad_titles[:8]
        if multi:
            return '|'.join(rng.choice(choices) for _ in range(rng.choice([1, 1, 2, 4])))
        return rng.choice(choices)
    if base in ('from', 'to', 'prefix', 'continue', 'start', 'end', 'search', 'startsortkeyprefix',
                'endsortkeyprefix', 'sortkeyprefix') or base.endswith('from') or base.endswith('to'):
        t = rng.choice(voc.titles)
        t = t.split(':', 1)[-1]
        return rng.choice([t, t[:rng.randint(0, len(t))], rng.choice(voc.words), t.lower()])
    if base in ('tag', 'tags'):
        return rng.choice(voc.tags + ['no-such-tag'])
    if base == 'testactions':
        # Actions MediaWiki checks in its own ways, rights used as actions, and unknown words.
        return '|'.join(rng.choice(TESTED_ACTIONS + voc.words) for _ in range(rng.choice([1, 2, 3])))
    if base in ('lang', 'langs', 'code', 'uselang', 'variant', 'language', 'languages'):
        return rng.choice(voc.languages[:50] + ['en', 'de', 'sr', 'zh', 'xx-bogus', 'en-gb'])
    if base in ('text', 'summary', 'wikitext', 'input') or base.endswith('text'):
        return rng.choice(voc.texts)
    if base in ('sha1', 'sha1base36'):
        return rng.choice(['0' * 40, 'abc', 'f' * 40])
    if base in ('query', 'protocol', 'url'):
        return rng.choice(['example.org', 'http://example.org/', 'https', 'mailto', '*.org', ''])
    if multi:
        return '|'.join(rng.choice(voc.words) for _ in range(rng.choice([1, 2])))
    return rng.choice(voc.words + voc.titles[:10])


def module_params(rng, mod, voc, pool, prefix_override=None, rate=0.35):
    out = {}
    prefix = mod.get('prefix', '') if prefix_override is None else prefix_override
    for p in mod.get('parameters', []):
        if p.get('deprecated') and rng.random() < 0.7:
            continue
        must = p.get('required') and rng.random() < 0.9
        if must or rng.random() < rate:
            name = prefix + p['name']
            out[name] = draw_value(rng, name, p, voc, pool)
    return out


def draw_request(rng, cat, voc, pool, only=None, formats=None, format_rng=None):
    """One request: (caller, ordered parameter list)."""
    caller = weighted(rng, CALLERS)
    action = weighted(rng, ACTIONS)
    params = collections.OrderedDict(action=action)
    if only:
        action = params['action'] = 'query'
    if action == 'query':
        kinds = collections.defaultdict(list)
        for path, m in cat.items():
            if path.startswith('query+'):
                kinds[m['group']].append(m)
        chosen = []
        if only:
            chosen = [cat['query+' + only]]
        else:
            n = rng.choice([1, 1, 1, 2, 2, 3])
            for _ in range(n):
                group = weighted(rng, [('list', 5), ('prop', 4), ('meta', 2)])
                chosen.append(rng.choice(kinds[group]))
        for m in chosen:
            params[m['group']] = '|'.join(x for x in [params.get(m['group']), m['name']] if x)
            params.update(module_params(rng, m, voc, pool))
        # the page set
        if any(m['group'] == 'prop' for m in chosen) or rng.random() < 0.15:
            r = rng.random()
            if r < 0.25:
                gens = [m for m in cat.values() if m.get('generator')]
                g = rng.choice(gens)
                params['generator'] = g['name']
                params.update(module_params(rng, g, voc, pool, prefix_override='g' + g.get('prefix', '')))
            elif r < 0.7:
                k = rng.choice([1, 1, 2, 3, 5])
                params['titles'] = '|'.join(rng.choice(voc.titles + voc.bad_titles) for _ in range(k))
            elif r < 0.85:
                params['pageids'] = '|'.join(str(rng.choice(voc.pageids + [999999, 0, -1])) for _ in range(rng.choice([1, 2])))
            else:
                params['revids'] = '|'.join(str(rng.choice(voc.revids + [999999])) for _ in range(rng.choice([1, 2])))
        for flag, rate in (('redirects', 0.15), ('converttitles', 0.05), ('indexpageids', 0.05),
                           ('rawcontinue', 0.03), ('exportnowrap', 0.01)):
            if rng.random() < rate:
                params[flag] = '1'
    else:
        params.update(module_params(rng, cat[action], voc, pool, rate=0.4))
    main = cat['main']
    if rng.random() < 0.03:
        params['uselang'] = rng.choice(['en', 'de', 'content', 'user', 'qqx'])
    if rng.random() < 0.02:
        params['maxlag'] = rng.choice(['5', '-1', 'abc'])
    if rng.random() < 0.03:
        params['assert'] = rng.choice(['user', 'bot', 'anon'])
    if rng.random() < 0.02:
        params['requestid'] = 'r' + str(rng.randint(0, 99))
    fv = rng.choice(['1', '2'])
    # Other formats only when asked for, drawn apart so that a seed's requests stay the same.
    params['format'] = weighted(format_rng, formats) if formats else 'json'
    if fv == '2':
        params['formatversion'] = '2'
    ef = weighted(rng, ERRORFORMATS)
    if ef != 'bc':
        params['errorformat'] = ef
    del main
    return caller, list(params.items())


def encode(items):
    return urllib.parse.urlencode(items, safe='|*:/', quote_via=urllib.parse.quote)


def harvest_continue(pool, answer):
    if isinstance(answer, dict):
        cont = answer.get('continue') or answer.get('query-continue')
        if isinstance(cont, dict):
            for k, v in cont.items():
                if isinstance(v, str) and k != 'continue':
                    pool.setdefault(k, []).append(v)


# ---------------------------------------------------------------------------------------------
# Running


def minimise(mw, wq, caller, items, cls, rules):
    """Drops parameters one at a time while the request still shows the same class."""
    keep = list(items)
    fixed = {'action', 'format', 'formatversion', 'errorformat', 'list', 'prop', 'meta', 'generator'}
    i = 0
    while i < len(keep):
        k = keep[i][0]
        if k in fixed:
            i += 1
            continue
        trial = keep[:i] + keep[i + 1:]
        q = encode(trial)
        d = compare(q, mw.ask(caller, q), wq.ask(caller, q), rules)
        if d and classify(q, d) == cls:
            keep = trial
        else:
            i += 1
    return encode(keep)


def mediawiki_failed(answer):
    """Whether MediaWiki failed on a request (an exception it did not catch, no answer)."""
    status, body = answer
    if status >= 500 or status == 0:
        return True
    errors = json.dumps(body.get('error') or body.get('errors') or '') if isinstance(body, dict) else ''
    return 'internal_api_error' in errors


def run(args):
    mw = Server(args.mediawiki, 'MediaWiki')
    wq = Server(args.wikiquery, 'wikiquery')
    rules = load_deliberate()
    cat = read_catalogue(args.mediawiki)
    if any(p['name'] == 'difftype' for p in cat.get('compare', {}).get('parameters', [])):
        # `compare` offers `difftype` only where the wikidiff2 extension makes the diffs.
        print('warning: this MediaWiki makes its diffs with the wikidiff2 extension; the fixture\'s '
              'answers and this server\'s diffs are those of its PHP engine (remove php-wikidiff2, '
              'or set $wgDiffEngine = \'php\'), so every diff will differ', file=sys.stderr)
    voc = Vocabulary(args.mediawiki)
    total = same = 0
    classes = collections.OrderedDict()
    by_module = collections.Counter()
    by_module_same = collections.Counter()
    stored = 0
    failed = []
    if args.store:
        os.makedirs(FIXTURES, exist_ok=True)
    pool_exec = ThreadPoolExecutor(max_workers=2)
    for seed in args.seeds:
        pool = {}
        stored_seed = 0
        for i in range(args.count):
            rng = random.Random(f'{seed}:{i}')
            formats = [(f, 1) for f in args.formats.split(',')] if args.formats else None
            caller, items = draw_request(rng, cat, voc, pool, args.only, formats, random.Random(f'{seed}:{i}:format'))
            q = encode(items)
            fm = pool_exec.submit(mw.ask, caller, q)
            fw = pool_exec.submit(wq.ask, caller, q)
            a_mw, a_wq = fm.result(), fw.result()
            harvest_continue(pool, a_mw[1])
            if mediawiki_failed(a_mw):
                # MediaWiki failed (an exception it did not catch): nothing to compare with.
                failed.append({'caller': caller, 'request': q, 'status': a_mw[0], 'wikiquery': a_wq[0]})
                continue
            d = compare(q, a_mw, a_wq, rules)
            params = dict(items)
            module = '+'.join(params[k] for k in ('action', 'list', 'prop', 'meta') if k in params)
            for part in module.split('+')[1:] or [params['action']]:
                for m in part.split('|'):
                    by_module[m] += 1
                    if not d:
                        by_module_same[m] += 1
            total += 1
            if not d:
                same += 1
                small = len(json.dumps(a_mw[1])) < 20000
                if args.store and stored_seed < args.store and a_mw[0] == 200 and small and isinstance(a_mw[1], dict) \
                        and 'body' not in a_mw[1]:
                    name = f's{seed}-{i:05d}.{caller}.json'
                    with open(os.path.join(FIXTURES, name), 'w') as f:
                        json.dump({'request': q, 'caller': caller, 'response': a_mw[1]}, f, ensure_ascii=False,
                                  indent=1, sort_keys=True)
                        f.write('\n')
                    stored_seed += 1
                    stored += 1
                continue
            cls = classify(q, d)
            c = classes.setdefault(cls, {'count': 0, 'examples': [], 'first': None})
            c['count'] += 1
            if len(c['examples']) < 3:
                c['examples'].append({'caller': caller, 'request': q,
                                      'diff': [list(map(lambda x: json.dumps(x)[:200], x)) for x in d[:5]]})
            if args.verbose:
                print(f'[{seed}:{i}] {caller} {q}\n    {cls}', file=sys.stderr)
            if (total % 500) == 0:
                print(f'{total} requests, {same} equal', file=sys.stderr)
    if args.minimise:
        for cls, c in classes.items():
            ex = c['examples'][0]
            c['minimal'] = minimise(mw, wq, ex['caller'], urllib.parse.parse_qsl(ex['request'], keep_blank_values=True),
                                    cls, rules)
    report = {
        'requests': total,
        'equal': same,
        'share': round(100.0 * same / max(total, 1), 2),
        'seeds': args.seeds,
        'stored': stored,
        'mediawiki_failed': failed,
        'classes': sorted(({'class': k, **v} for k, v in classes.items()), key=lambda c: -c['count']),
        'by_module': {m: [by_module_same[m], n] for m, n in sorted(by_module.items())},
    }
    with open(args.report, 'w') as f:
        json.dump(report, f, indent=1, ensure_ascii=False)
    print(f"{total} requests, {same} equal ({report['share']} %), {len(classes)} classes; "
          f"{len(failed)} more that MediaWiki failed; report in {args.report}")
    for c in report['classes'][:args.show]:
        print(f"{c['count']:6d}  {c['class']}\n        {c.get('minimal') or c['examples'][0]['request']}"
              f"  [{c['examples'][0]['caller']}]")
    return 0


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument('--mediawiki', default='http://127.0.0.1:8081/api.php')
    ap.add_argument('--wikiquery', default='http://127.0.0.1:8097/api.php')
    ap.add_argument('--seeds', default='1', type=lambda s: [int(x) for x in s.split(',')])
    ap.add_argument('--count', default=1000, type=int, help='requests per seed')
    ap.add_argument('--report', default='/tmp/difffuzz-report.json')
    ap.add_argument('--store', default=0, type=int, help='equal answers to store per seed')
    ap.add_argument('--only', help='a query submodule to draw every request for')
    ap.add_argument('--formats', help='output formats to draw, e.g. json,php,xml (default: json only)')
    ap.add_argument('--minimise', action='store_true', help='a minimal request for each class')
    ap.add_argument('--show', default=40, type=int)
    ap.add_argument('-v', '--verbose', action='store_true')
    return run(ap.parse_args())


if __name__ == '__main__':
    sys.exit(main())
