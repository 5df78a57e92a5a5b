#!/usr/bin/env python3
"""Measures rendering against MediaWiki on the same machine in the same run: pages rendered per
second, cold (each page's wikitext given as `text`, which MediaWiki parses every time, with no
parser cache), over the fixture's articles (main namespace) and over generated large articles
(over 100 KB with tables, templates, files and many links), with 8 clients at once.

    tools/bench_render.py WIKIQUERY_API [MEDIAWIKI_API]

WIKIQUERY_API is a wikiquery serving the fixture (such as http://127.0.0.1:8096/api.php, the
release build with tests/fixtures/mw139/wikiquery.toml), MEDIAWIKI_API the reference MediaWiki
serving the same database (default http://127.0.0.1:8081/api.php). Each answer is checked to be a
rendering (not an error) before it counts.
"""

import json
import sys
import time
import urllib.parse
import urllib.request
from concurrent.futures import ThreadPoolExecutor

CLIENTS = 8


def post(api, params):
    data = urllib.parse.urlencode(params).encode()
    with urllib.request.urlopen(api, data, timeout=300) as r:
        return json.load(r)


def fixture_pages(api):
    """Every wikitext article (main namespace) of the fixture with its text."""
    pages = []
    cont = {}
    while True:
        answer = post(api, {"action": "query", "generator": "allpages", "gaplimit": "50", "gapnamespace": "0",
                            "prop": "revisions", "rvprop": "content", "rvslots": "main", "format": "json",
                            "formatversion": "2", **cont})
        for page in answer["query"]["pages"]:
            slot = page.get("revisions", [{}])[0].get("slots", {}).get("main", {})
            if slot.get("contentmodel") == "wikitext":
                pages.append((page["title"], slot["content"]))
        if "continue" not in answer:
            return pages
        cont = answer["continue"]


def large_article(n):
    """An article of about 110 KB: sections with tables, template calls, files and links."""
    parts = ["{{Infobox|name=Large %d|type=Generated}}\n'''Large %d''' is generated." % (n, n)]
    for s in range(150):
        parts.append("\n== Section %d ==\n" % s)
        parts.append("Text with [[Cat]], [[Dog|dogs]], [[Missing %d]], [[Category:Animals]] and "
                     "[https://example.org/%d an external link] and '''bold''' and ''italic''.\n" % (s, s))
        parts.append("[[File:Example.png|thumb|Figure %d with [[Lion]]]]\n" % s)
        parts.append("{| class=\"wikitable\"\n! Name !! Value\n")
        for r in range(12):
            parts.append("|-\n| [[Item %d-%d]] || {{Sig|cell %d}}\n" % (s, r, r))
        parts.append("|}\n* [[Paris]]\n* [[Prague]]\n# one\n# two\n")
    text = "".join(parts)
    assert len(text.encode()) > 100_000, len(text)
    return text


def render(api, title, text):
    answer = post(api, {"action": "parse", "title": title, "text": text, "contentmodel": "wikitext",
                        "prop": "text|links|templates|categories|sections", "disablelimitreport": "1",
                        "format": "json", "formatversion": "2"})
    if "parse" not in answer:
        raise SystemExit("%s: %s" % (title, json.dumps(answer)[:300]))
    return len(answer["parse"]["text"])


def run(api, jobs):
    started = time.monotonic()
    with ThreadPoolExecutor(CLIENTS) as pool:
        list(pool.map(lambda job: render(api, *job), jobs))
    return len(jobs) / (time.monotonic() - started)


def main():
    ours = sys.argv[1]
    theirs = sys.argv[2] if len(sys.argv) > 2 else "http://127.0.0.1:8081/api.php"
    pages = fixture_pages(ours)
    large = [("Large %d" % n, large_article(n)) for n in range(16)]
    print("%d fixture pages, %d large articles of %d KB" % (len(pages), len(large), len(large[0][1]) // 1024))
    for label, jobs, rounds in (("fixture pages", pages, 5), ("large articles", large, 1)):
        run(ours, jobs)  # warm up
        ours_rate = max(run(ours, jobs) for _ in range(rounds))
        theirs_rate = run(theirs, jobs)
        print("%-15s wikiquery %8.1f pages/s   MediaWiki %7.1f pages/s   %6.1fx"
              % (label, ours_rate, theirs_rate, ours_rate / theirs_rate))


if __name__ == "__main__":
    main()
