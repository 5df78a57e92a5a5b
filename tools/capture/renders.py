#!/usr/bin/env python3
"""Captures MediaWiki's rendered HTML (`action=parse`), as the reference the wikitext renderer's
tests compare with (tests/fixtures/oracle/render/).

    tools/capture.py renders BASE_URL parsertests INPUT_FILE... > tests/fixtures/oracle/render/parsertests.json
    tools/capture.py renders BASE_URL pages > tests/fixtures/oracle/render/pages.json

BASE_URL is a MediaWiki serving the fixture (such as http://127.0.0.1:8081); it is only read.

`parsertests` reads MediaWiki parser test files (`!! test` / `!! options` / `!! wikitext` or
`!! input` / `!! html...` / `!! end`; `!! article`, `!! hooks` and `!! functionhooks` blocks are
skipped) and renders the input of each test as a new page's text would be rendered:
`action=parse&text=...&contentmodel=wikitext`, the title being the test's `title=[[X]]` option or
"Parser test". The articles the test files define are NOT created, so the answers are what the
fixture wiki makes of the inputs (its own pages, templates and files), not the test files'
expected HTML. Left out are: tests that only Parsoid runs (no `html`, `html/php` or `html/*`
section), tests with any of the options in SKIP_OPTIONS (other modes than a plain parse, metadata
or settings that `action=parse` has no way to set), inputs over MAX_INPUT bytes, and an input
already taken under the same title. The output is a JSON array, in the order of the files, of
{"name": test name, "title": title, "text": input, "answer": the API's whole JSON answer}; an
answer that is not JSON is recorded as {"http_status": status, "raw": body}.

`pages` renders every wikitext page of the wiki (list=allpages over each namespace >= 0 of
meta=siteinfo, content model from prop=info) with `action=parse&page=TITLE` and PAGE_PROPS, in
formatversion 1 and 2, and again in formatversion 2 with disablelimitreport=1. The output is a
JSON array of {"title": title, "fv1": answer, "fv2": answer, "fv2_nolimitreport": answer}. The
limit report's timings (cputime, walltime) differ from run to run.
"""

import json
import os
import re
import sys
import urllib.error
import urllib.parse
import urllib.request

USER_AGENT = "wikiquery-capture/1"
MAX_INPUT = 20000

# Options naming another mode than a plain parse of the text, or metadata and settings that a
# request to action=parse cannot reproduce (lower case, as option names are compared).
SKIP_OPTIONS = {
    "pst", "onlypst", "msg", "section", "replace", "comment", "preload", "showtitle",
    "showindicators", "showflags", "ill", "cat", "subpage", "wgrawhtml", "language", "variant",
    "disabled",
}

# Sections of a test that the legacy parser is checked against (the others are Parsoid's).
LEGACY_HTML = ("html/php", "html/*", "html", "result", "html/php+tidy", "html/*+tidy", "html+tidy")

# The props asked of each parser test input; RENDER_PROPS replaces them (the galleries' capture
# adds `modules|jsconfigvars`).
PARSE_PROPS = os.environ.get("RENDER_PROPS") or ("text|links|templates|images|externallinks|sections|categories|langlinks|iwlinks|"
               "displaytitle|properties|parsewarnings")

PAGE_PROPS = ("text|langlinks|categories|categorieshtml|links|templates|images|externallinks|"
              "sections|revid|displaytitle|iwlinks|wikitext|properties|parsewarnings|limitreportdata")

HEADER = re.compile(r"!!\s*([^ \t\r\n]+)")


# ---- parser test files ----------------------------------------------------------------------

def header(line):
    """The lower-cased keyword of a `!! keyword` line, or None for any other line."""
    m = HEADER.match(line)
    return m.group(1).lower().rstrip(":") if m else None


def read_tests(path):
    """The tests of a parser test file, as {"name", "options", "sections"} in file order."""
    with open(path, "rb") as f:
        data = f.read().decode("utf-8")
    # Only "\n" ends a line: str.splitlines would also split at \x0b, \x0c, \x1c, U+2028...
    lines = data.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    tests = []
    i = 0
    while i < len(lines):
        kw = header(lines[i])
        i += 1
        if kw in ("article", "hooks", "functionhooks", "transparenthooks"):
            ends = ("end" + kw, "end")
            while i < len(lines) and header(lines[i]) not in ends:
                i += 1
            i += 1
        elif kw == "test":
            name = []
            while i < len(lines) and header(lines[i]) is None:
                name.append(lines[i])
                i += 1
            sections = {}
            while i < len(lines) and header(lines[i]) not in ("end", "test"):
                sec = header(lines[i])
                i += 1
                body = []
                while i < len(lines) and header(lines[i]) is None:
                    body.append(lines[i])
                    i += 1
                sections.setdefault(sec, "\n".join(body))
            if i < len(lines) and header(lines[i]) == "end":
                i += 1
            tests.append({
                "name": "\n".join(name).strip(),
                "options": parse_options(sections.pop("options", "")),
                "sections": sections,
            })
    return tests


def parse_options(text):
    """The options of an `!! options` section, name (lower case) -> value ("" for a bare name,
    a list for a comma-separated list), following the test files' grammar; `#` lines are
    comments."""
    text = "\n".join(line for line in text.split("\n") if not line.lstrip().startswith("#"))
    opts = {}
    i, n = 0, len(text)
    name_re = re.compile(r"[^ \t\n=!]+")
    ws_re = re.compile(r"[ \t]*")
    while i < n:
        if text[i] in " \t\n":
            i += 1
            continue
        m = name_re.match(text, i)
        if not m:
            i += 1
            continue
        name = m.group(0).lower()
        i = m.end()
        j = ws_re.match(text, i).end()
        if j < n and text[j] == "=":
            i = ws_re.match(text, j + 1).end()
            values = []
            while True:
                value, i = parse_option_value(text, i)
                values.append(value)
                j = ws_re.match(text, i).end()
                if j < n and text[j] == ",":
                    i = ws_re.match(text, j + 1).end()
                    continue
                break
            opts[name] = values[0] if len(values) == 1 else values
        else:
            opts[name] = ""
    return opts


def parse_option_value(text, i):
    """One option value at text[i:] (a [[link target]], a "quoted string", a plain word or a
    {json object}) and the index after it."""
    n = len(text)
    if text.startswith("[[", i):
        end = text.find("]]", i + 2)
        if end < 0:
            end = n
        return text[i + 2:end], min(end + 2, n)
    if i < n and text[i] == '"':
        j = i + 1
        while j < n and text[j] != '"':
            j += 2 if text[j] == "\\" else 1
        raw = text[i:j + 1]
        try:
            return json.loads(raw), j + 1
        except ValueError:
            return raw[1:-1], j + 1
    m = re.compile(r"[^ \t\n\"'\[\]=,!{]+").match(text, i)
    if m:
        return m.group(0), m.end()
    if i < n and text[i] == "{":
        depth, j, in_str = 0, i, False
        while j < n:
            c = text[j]
            if in_str:
                if c == "\\":
                    j += 1
                elif c == '"':
                    in_str = False
            elif c == '"':
                in_str = True
            elif c == "{":
                depth += 1
            elif c == "}":
                depth -= 1
                if depth == 0:
                    break
            j += 1
        raw = text[i:j + 1]
        try:
            return json.loads(raw), j + 1
        except ValueError:
            return raw, j + 1
    return "", i + 1


def test_cases(paths):
    """(name, title, text) of every test to render, in file order, and counts of what was left
    out and why."""
    cases, seen, skipped = [], set(), {}

    def skip(why):
        skipped[why] = skipped.get(why, 0) + 1

    for path in paths:
        for test in read_tests(path):
            sections, opts = test["sections"], test["options"]
            text = sections.get("wikitext", sections.get("input"))
            if text is None:
                skip("no input")
                continue
            if not any(k in sections for k in LEGACY_HTML):
                skip("Parsoid only")
                continue
            bad = sorted(SKIP_OPTIONS.intersection(opts))
            if bad:
                skip("option " + bad[0])
                continue
            if len(text.encode("utf-8")) > MAX_INPUT:
                skip("input over %d bytes" % MAX_INPUT)
                continue
            title = opts.get("title")
            if not isinstance(title, str) or not title.strip():
                title = "Parser test"
            if (title, text) in seen:
                skip("same input")
                continue
            seen.add((title, text))
            cases.append((test["name"], title, text))
    return cases, skipped


# ---- the API ----------------------------------------------------------------------------------

def api(base, params):
    """POSTs params to BASE_URL/api.php; the JSON answer, or {"http_status", "raw"}."""
    body = urllib.parse.urlencode(params).encode()
    req = urllib.request.Request(base.rstrip("/") + "/api.php", body, headers={"User-Agent": USER_AGENT})
    try:
        with urllib.request.urlopen(req, timeout=300) as res:
            status, raw = res.status, res.read()
    except urllib.error.HTTPError as e:
        status, raw = e.code, e.read()
    text = raw.decode("utf-8", "replace")
    try:
        return json.loads(text)
    except ValueError:
        return {"http_status": status, "raw": text}


def render_text(base, title, text):
    return api(base, {
        "action": "parse", "title": title, "text": text, "contentmodel": "wikitext",
        "prop": PARSE_PROPS, "disablelimitreport": "1", "format": "json", "formatversion": "2",
        "errorformat": "plaintext",
    })


def wikitext_pages(base):
    """Titles of every wikitext page, namespace by namespace, in allpages order."""
    info = api(base, {"action": "query", "meta": "siteinfo", "siprop": "namespaces",
                      "format": "json", "formatversion": "2"})
    namespaces = sorted(int(k) for k in info["query"]["namespaces"] if int(k) >= 0)
    titles = []
    for ns in namespaces:
        cont = {}
        while True:
            res = api(base, dict({"action": "query", "list": "allpages", "apnamespace": str(ns),
                                  "aplimit": "max", "format": "json", "formatversion": "2"}, **cont))
            titles.extend(p["title"] for p in res["query"]["allpages"])
            if "continue" not in res:
                break
            cont = res["continue"]
    models = {}
    for k in range(0, len(titles), 50):
        res = api(base, {"action": "query", "prop": "info", "titles": "|".join(titles[k:k + 50]),
                         "format": "json", "formatversion": "2"})
        for p in res["query"]["pages"]:
            models[p["title"]] = p.get("contentmodel")
    return [t for t in titles if models.get(t) == "wikitext"]


def render_page(base, title, formatversion, nolimitreport=False):
    params = {"action": "parse", "page": title, "prop": PAGE_PROPS, "format": "json",
              "formatversion": formatversion}
    if nolimitreport:
        params["disablelimitreport"] = "1"
    return api(base, params)


# ---- main ---------------------------------------------------------------------------------------

def write(value):
    out = sys.stdout.buffer
    out.write(json.dumps(value, ensure_ascii=False, indent=1).encode("utf-8"))
    out.write(b"\n")


def main():
    if len(sys.argv) < 3 or sys.argv[2] not in ("parsertests", "pages"):
        sys.exit(__doc__)
    base, command = sys.argv[1], sys.argv[2]
    result = []
    if command == "parsertests":
        cases, skipped = test_cases(sys.argv[3:])
        for why, count in sorted(skipped.items()):
            print("left out (%s): %d" % (why, count), file=sys.stderr)
        for k, (name, title, text) in enumerate(cases):
            result.append({"name": name, "title": title, "text": text,
                           "answer": render_text(base, title, text)})
            if (k + 1) % 100 == 0:
                print("%d / %d" % (k + 1, len(cases)), file=sys.stderr)
    else:
        titles = wikitext_pages(base)
        for title in titles:
            result.append({
                "title": title,
                "fv1": render_page(base, title, "1"),
                "fv2": render_page(base, title, "2"),
                "fv2_nolimitreport": render_page(base, title, "2", nolimitreport=True),
            })
    print("%d cases" % len(result), file=sys.stderr)
    write(result)


if __name__ == "__main__":
    main()
