#!/usr/bin/env python3
"""Captures MediaWiki's preprocessor trees of wikitext, as the reference the preprocessor's
tests compare with (tests/fixtures/oracle/parsetree/cases.json).

    tools/capture.py parsetrees BASE_URL [FIXTURE_SQLITE]

BASE_URL is a MediaWiki serving the fixture (such as http://127.0.0.1:8081). The texts are the
hand-made cases below, then the current text of every page of the fixture's database when
its path is given. Each is sent to `action=expandtemplates&prop=parsetree`, which reads the
text as `rvprop=parsetree` does (a page's own text, not a transclusion).
"""

import json
import sqlite3
import sys
import urllib.parse
import urllib.request

CASES = [
    "plain text",
    "{{a}}",
    "{{a|b|c=d|e}}",
    "{{a|b=c=d}}",
    "{{{1}}}",
    "{{{1|default}}}",
    "{{{{a}}}}",
    "{{{{{a}}}}}",
    "{{{{{{a}}}}}}",
    "{{a}}}",
    "{{{a}}",
    "{{a",
    "a}}b",
    "{a}",
    "[[Link|text]]",
    "[[Link|{{t|x}}]]",
    "[[a]]]",
    "[[[a]]",
    "{{a|[[b|c]]|d}}",
    "{{a|[[b|c=d]]}}",
    "-{zh:a;en:b}-",
    "-{{a}}-",
    "-{{{a}}}-",
    "a-b-{c}-d",
    "{{a|-{b|c}-}}",
    "== H ==",
    "==H==\ntext",
    "text\n== H ==\nmore",
    "=\n==\n===\n====\n=====\n=======",
    "= A =\n== B ==\n=== C ===\n==== D ====\n===== E =====\n====== F ======\n======= G =======",
    "== A ==  \n== B == <!-- c -->\n== C <!-- x --> ==\n== D ==<!-- a --><!-- b -->",
    "== unbalanced =\n= other ==",
    "{{a|\n== H ==\n}}",
    "{{a|b=\n== H ==\n}}",
    "{{a\n|b\n|c=d\n}}",
    "\n{{a}}\n",
    "x\n{{a}}",
    "x\n-{{a}}",
    "<!-- c -->",
    "a<!-- c -->b",
    "a\n<!-- c -->\nb",
    "a\n  <!-- c -->  \nb",
    "a\n<!-- c --><!-- d -->\nb",
    "a\n<!-- c --> <!-- d --> \nb",
    "<!-- unclosed",
    "{{a|b<!-- c -->|d}}",
    "{{a|b=<!-- c -->d}}",
    "<nowiki>{{a}}</nowiki>",
    "<nowiki/>{{a}}",
    "<nowiki>unclosed {{a}}",
    "<NoWiki>x</nowiki>",
    "<pre>{{a}}</pre>",
    "<pre class=\"x\">a</pre >",
    "<gallery>\nFile:A.png\n</gallery>",
    "<ref>not a core tag</ref>",
    "<includeonly>{{a}}</includeonly>b",
    "<noinclude>{{a}}</noinclude>b",
    "<onlyinclude>{{a}}</onlyinclude>b",
    "<includeonly>runs to the end {{a}}",
    "<INCLUDEONLY>upper</INCLUDEONLY>",
    "<noinclude>\n== H ==\n</noinclude>",
    "a < b > c",
    "<pre",
    "<pre>a<pre>b</pre>",
    "a & b \"q\" 'r' <x>",
    "{{a|1=x|2=y}}",
    "{{#if:x|y|z}}",
    "{{subst:a}}",
    "{{a|b|}}",
    "{{|}}",
    "{{}}",
    "{{{}}}",
    "{{a|=b}}",
    "{{a|b|c|d|e=f|g}}",
    "[[a|b]][[c]]",
    "{{a}}{{b}}",
    "== {{a}} ==",
    "== a ==\n{{b}}",
    "{{a|\n=b\n}}",
    "{{a|b\n=c}}",
    "Unicode é ü 中文 {{Ünïcode|ä=ö}}",
    "== é ==\n<!-- ü -->",
]


def page_texts(path):
    """The current text of every page, in page id order."""
    db = sqlite3.connect(path)
    rows = db.execute(
        "SELECT p.page_id, t.old_text FROM page p "
        "JOIN revision r ON r.rev_id = p.page_latest "
        "JOIN slots s ON s.slot_revision_id = r.rev_id "
        "JOIN content c ON c.content_id = s.slot_content_id "
        "JOIN text t ON ('tt:' || t.old_id) = c.content_address "
        "WHERE c.content_model = (SELECT model_id FROM content_models WHERE model_name = 'wikitext') "
        "ORDER BY p.page_id"
    ).fetchall()
    out = []
    for _, text in rows:
        if isinstance(text, bytes):
            text = text.decode("utf-8")
        if text not in out:
            out.append(text)
    return out


def tree(base, text):
    body = urllib.parse.urlencode(
        {"action": "expandtemplates", "prop": "parsetree", "text": text, "title": "API", "format": "json",
         "formatversion": "2"}
    ).encode()
    with urllib.request.urlopen(base.rstrip("/") + "/api.php", body) as res:
        return json.load(res)["expandtemplates"]["parsetree"]


def main():
    base = sys.argv[1]
    texts = list(CASES)
    if len(sys.argv) > 2:
        texts += [t for t in page_texts(sys.argv[2]) if t not in texts]
    cases = [{"text": t, "tree": tree(base, t)} for t in texts]
    json.dump(cases, sys.stdout, ensure_ascii=False, indent=1)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
