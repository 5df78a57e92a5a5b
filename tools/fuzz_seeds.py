#!/usr/bin/env python3
"""Writes the fuzz targets' seed corpora (fuzz/corpus/<target>/) from the project's fixtures:
requests of the stored MediaWiki answers, titles, PHP blobs, page texts and dump pieces of the
MediaWiki 1.39 fixture. Run from the repository's root; the corpora are checked in."""

import glob
import hashlib
import json
import os
import re
import sqlite3

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FIXTURE = os.path.join(ROOT, "tests/fixtures/mw139")


def write(target, items):
    folder = os.path.join(ROOT, "fuzz/corpus", target)
    os.makedirs(folder, exist_ok=True)
    for old in os.listdir(folder):
        os.remove(os.path.join(folder, old))
    seen = set()
    for item in items:
        data = item if isinstance(item, bytes) else item.encode("utf-8")
        name = hashlib.sha1(data).hexdigest()[:16]
        if name in seen:
            continue
        seen.add(name)
        with open(os.path.join(folder, name), "wb") as f:
            f.write(data)
    print(f"{target}: {len(seen)} seeds")


def requests():
    """One stored request for each distinct set of parameter names (and action, module)."""
    shapes = {}
    for path in sorted(glob.glob(os.path.join(ROOT, "tests/fixtures/oracle/**/*.json"), recursive=True)):
        try:
            with open(path, encoding="utf-8") as f:
                request = json.load(f).get("request")
        except (ValueError, AttributeError, UnicodeDecodeError):
            continue
        if not isinstance(request, str) or "?" not in request:
            continue
        query = request.split("?", 1)[1].split(" ", 1)[0]
        names = tuple(sorted(p.split("=", 1)[0] for p in query.split("&")))
        modules = tuple(sorted(p for p in query.split("&") if re.match(r"(action|list|prop|meta|generator)=", p)))
        shapes.setdefault((names, modules), query)
    queries = list(shapes.values())
    # Every fourth of them: enough of each module's parameters to start from.
    return queries[::4]


def titles():
    db = sqlite3.connect(os.path.join(FIXTURE, "fixturewiki.sqlite"))
    rows = [t for (t,) in db.execute("SELECT page_title FROM page ORDER BY page_id LIMIT 60")]
    return rows + [
        "Main Page", "talk:main page", "Project:About", "Project talk:X", "de:Berlin", "wikipedia:Foo",
        "Foo#Bar", "#Section", "&eacute;t&#233;", "User:127.0.0.1", "User:::1", "Special:Log/delete",
        ":Category:Cats", "a/../b", "./x", "~~~", "[[x]]", "Foo|bar", "Category: spaced _ out ",
        "Media:File.png", "File:Café.jpg", "\u200eLTR", "x" * 300, "Ünïcödé",
    ]


def php_blobs():
    db = sqlite3.connect(os.path.join(FIXTURE, "fixturewiki.sqlite"))
    blobs = [b for (b,) in db.execute("SELECT DISTINCT log_params FROM logging WHERE log_params LIKE 'a:%' LIMIT 80")]
    blobs += [b for (b,) in db.execute("SELECT img_metadata FROM image")]
    blobs += ['s:3:"abc";', "i:-42;", "d:1.5E+30;", "b:1;", "N;", 'a:1:{i:0;a:1:{s:1:"k";d:0.5;}}',
              'O:8:"stdClass":1:{s:1:"a";i:1;}']
    return [b if isinstance(b, str) else b.decode("utf-8", "replace") for b in blobs if b]


def page_texts():
    db = sqlite3.connect(os.path.join(FIXTURE, "fixturewiki.sqlite"))
    texts = [t for (t,) in db.execute("SELECT old_text FROM text ORDER BY old_id DESC LIMIT 120") if t]
    texts = [t if isinstance(t, str) else t.decode("utf-8", "replace") for t in texts]
    return [t for t in texts if len(t) < 20000] + [
        "{{{{{{1}}}}}}", "[[a|[[b]]]]", "<noinclude>[[X]]</noinclude><includeonly>[[Y]]</includeonly>",
        "{{#switch:a|a=[[A]]|#default=[[B]]}}", "{{DEFAULTSORT:Z}}[[Category:C]]", "#REDIRECT [[T#f]]",
        "<nowiki>[[no]]</nowiki><!-- [[no]] -->", "[http://x.org y] https://example.org/a?b",
    ]


def preprocessor_texts():
    """Page texts, and texts with templates of their own (after U+0001) calling each other."""
    with open(os.path.join(ROOT, "tests/fixtures/oracle/parsetree/cases.json"), encoding="utf-8") as f:
        texts = [c["text"] for c in json.load(f)]
    return texts[:100] + [
        "{{T0|a|b=c}}\u0001[[{{{1}}}]] {{{b|d}}} {{T1|{{{1}}}}}\u0001<includeonly>{{{1}}}</includeonly>",
        "{{T0}}\u0001{{T0}}",
        "{{T0|x}}\u0001{{T0|{{{1}}}{{{1}}}}}",
        "{{subst:T0}}{{safesubst:T0|1=x}}\u0001<onlyinclude>{{{1|y}}}</onlyinclude>z",
    ]


def diff_pairs():
    """Pairs of texts (old, NUL, new)."""
    with open(os.path.join(ROOT, "tests/fixtures/oracle/diff/cases.json"), encoding="utf-8") as f:
        cases = json.load(f)
    pairs = [c["from"] + "\0" + c["to"] for c in cases if len(c["from"]) + len(c["to"]) < 20000]
    return pairs[:120]


def dumps():
    pieces = []
    for name in ("dump-full.xml", "dump-logs.xml"):
        with open(os.path.join(FIXTURE, name), encoding="utf-8") as f:
            text = f.read()
        head = text.split("<page>", 1)[0] if "<page>" in text else text.split("<logitem>", 1)[0]
        for tag in ("page", "logitem"):
            for m in list(re.finditer(rf"<{tag}>.*?</{tag}>", text, re.S))[:12]:
                if len(m.group(0)) < 8000:
                    pieces.append(head + m.group(0) + "\n</mediawiki>\n")
    return pieces


if __name__ == "__main__":
    write("request", requests())
    write("title", titles())
    write("php_unserialize", php_blobs())
    write("wikitext_links", page_texts())
    write("dump_reader", dumps())
    write("preprocessor", preprocessor_texts())
    write("diff", diff_pairs())
