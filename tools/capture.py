#!/usr/bin/env python3
"""Captures MediaWiki 1.39's answers on the fixture, the reference the replay tests compare with.

    tools/capture.py                        lists the capture sets
    tools/capture.py SET [BASE_URL] [ARG...]  captures one set from the MediaWiki at BASE_URL
                                            (default http://127.0.0.1:8081)

MediaWiki serves the fixture database with its clock frozen (the oracle's `serve-fixture.sh PORT
DIR`). Every set writes under tests/fixtures/oracle/, filed by module: an answer whose name
starts `backlinks-` goes to backlinks/, whatever set asked for it. A set is a file of
tools/capture/ (its requests; `SET.md` beside it says how its answers were made and what they
cover); what they share is tools/capture/oracle_capture.py.

Sets that write one file of cases (diffs, expansions, parsetrees, renders) print it: redirect
their output as their docstring says. `basics` and `headers` take their own options (--api,
--base, groups): anything after the set's name is passed on unchanged.
"""
import os
import runpy
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
SETS = os.path.join(HERE, 'capture')
ORACLE = os.path.normpath(os.path.join(HERE, '..', 'tests', 'fixtures', 'oracle'))
DEFAULT_BASE = 'http://127.0.0.1:8081'

# Sets whose own arguments are not `BASE_URL ORACLE_DIR`: passed what follows the set's name.
OWN_ARGUMENTS = {'accounts', 'basics', 'diffs', 'expansions', 'headers', 'parsetrees', 'renders'}


def sets():
    return sorted(f[:-3] for f in os.listdir(SETS) if f.endswith('.py') and f != 'oracle_capture.py')


def summary(name):
    path = os.path.join(SETS, name + '.py')
    with open(path, encoding='utf-8') as f:
        text = f.read()
    doc = text.split('"""')[1] if text.count('"""') >= 2 else ''
    return doc.strip().split('\n')[0]


def main():
    if len(sys.argv) < 2 or sys.argv[1] in ('-h', '--help', 'list'):
        print(__doc__.strip())
        print('\nSets:')
        for name in sets():
            print(f'  {name:16} {summary(name)}')
        return
    name, rest = sys.argv[1], sys.argv[2:]
    if name not in sets():
        raise SystemExit(f'no capture set {name!r}; `tools/capture.py` lists them')
    if name in OWN_ARGUMENTS:
        args = rest
    else:
        base = rest[0] if rest and not rest[0].startswith('-') else DEFAULT_BASE
        args = [base, ORACLE] + rest[1:] if rest and not rest[0].startswith('-') else [base, ORACLE] + rest
    sys.path.insert(0, SETS)
    sys.argv = [os.path.join(SETS, name + '.py')] + args
    runpy.run_path(sys.argv[0], run_name='__main__')


if __name__ == '__main__':
    main()
