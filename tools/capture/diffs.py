#!/usr/bin/env python3
"""Captures MediaWiki's table diffs of two texts, as the reference the diff's tests compare
with (tests/fixtures/oracle/diff/cases.json).

    tools/capture.py diffs BASE_URL [FIXTURE_SQLITE] > tests/fixtures/oracle/diff/cases.json

BASE_URL is a MediaWiki serving the fixture (such as http://127.0.0.1:8081). The pairs are the
hand-made cases below, then every two consecutive revisions of each page of the fixture's
database (tests/fixtures/mw139/fixturewiki.sqlite unless another path is given). Each pair is
sent to `action=compare` as two wikitext slots; the answer's `body` is recorded. Texts are
stored in NFC, as the API normalises its input so.
"""

import json
import os
import sqlite3
import sys
import unicodedata
import urllib.parse
import urllib.request

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_DB = os.path.join(HERE, "..", "tests", "fixtures", "mw139", "fixturewiki.sqlite")


def lines(n, fmt="Line number {} of the text"):
    return "\n".join(fmt.format(i) for i in range(1, n + 1))


LONG = lines(60)
LONG_LIST = LONG.split("\n")


def edit_lines(base, changes):
    """`base` (a list of lines) with the lines of `changes` (index -> new text, or None to drop)."""
    out = []
    for i, line in enumerate(base):
        if i in changes:
            if changes[i] is not None:
                out.append(changes[i])
        else:
            out.append(line)
    return "\n".join(out)


PARA = ("The quick brown fox jumps over the lazy dog. " * 3).strip()

CASES = [
    # identical and empty
    ("", ""),
    ("same", "same"),
    ("a\nb\nc", "a\nb\nc"),
    ("", "new text"),
    ("old text", ""),
    ("", "\n"),
    ("\n", ""),
    ("", "a\nb"),
    ("a\nb", ""),
    ("\n\n", "\n"),
    # one word changed
    ("a b c", "a B c"),
    ("The cat sat on the mat.", "The dog sat on the mat."),
    ("The cat sat on the mat.", "The cat sat on the red mat."),
    ("The cat sat on the mat.", "The cat sat on mat."),
    ("one two three four five", "one two 3 four five"),
    ("word", "words"),
    ("foo_bar baz", "foo-bar baz"),
    ("x=1;y=2;", "x=1;y=3;"),
    ("[[Link|text]] more", "[[Link|other text]] more"),
    ("{{Template|a=1|b=2}}", "{{Template|a=1|b=3|c=4}}"),
    (PARA, PARA.replace("lazy", "sleepy")),
    (PARA, PARA.replace("quick", "slow", 2)),
    # lines added or removed at start, middle, end
    ("b\nc\nd", "a\nb\nc\nd"),
    ("a\nb\nc\nd", "b\nc\nd"),
    ("a\nb\nd\ne", "a\nb\nc\nd\ne"),
    ("a\nb\nc\nd\ne", "a\nb\nd\ne"),
    ("a\nb\nc", "a\nb\nc\nd"),
    ("a\nb\nc\nd", "a\nb\nc"),
    ("a\nb\nc", "x\na\nb\ny\nc\nz"),
    ("x\na\nb\ny\nc\nz", "a\nb\nc"),
    ("a\nb\nc\nd\ne\nf\ng\nh", "a\nb\nc\nd\nNEW\ne\nf\ng\nh"),
    ("a\nb\nc\nd\ne\nf\ng\nh", "a\nb\nc\nd\nf\ng\nh"),
    ("a\nb\nc\nd\ne\nf\ng\nh", "a\nb\nc\nd\nE changed\nf\ng\nh"),
    ("a\nb\nc\nd\ne\nf\ng\nh", "A\nb\nc\nd\ne\nf\ng\nH"),
    ("a\nb\nc\nd\ne\nf\ng\nh", "a\nB\nc\nd\ne\nf\nG\nh"),
    ("a\nb\nc\nd\ne\nf\ng\nh\ni", "a\nB\nc\nd\ne\nf\ng\nH\ni"),
    ("a\nb\nc\nd\ne\nf\ng\nh\ni\nj", "a\nB\nc\nd\ne\nf\ng\nh\nI\nj"),
    ("1\n2\n3\n4\n5", "1\n2\nthree\nthree and a half\n4\n5"),
    ("1\n2\nthree\nthree and a half\n4\n5", "1\n2\n3\n4\n5"),
    # moved blocks
    ("a\nb\nc\nd\ne\nf", "d\ne\nf\na\nb\nc"),
    ("alpha\nbeta\ngamma\ndelta\nepsilon", "alpha\ndelta\nbeta\ngamma\nepsilon"),
    ("== A ==\ntext a\n== B ==\ntext b\n== C ==\ntext c",
     "== C ==\ntext c\n== A ==\ntext a\n== B ==\ntext b"),
    (LONG, "\n".join(LONG_LIST[30:] + LONG_LIST[:30])),
    (LONG, "\n".join(LONG_LIST[:10] + LONG_LIST[40:50] + LONG_LIST[10:40] + LONG_LIST[50:])),
    # long texts with hunks far apart
    (LONG, edit_lines(LONG_LIST, {5: "changed five"})),
    (LONG, edit_lines(LONG_LIST, {5: "changed five", 40: "changed forty"})),
    (LONG, edit_lines(LONG_LIST, {0: "first", 59: "last"})),
    (LONG, edit_lines(LONG_LIST, {10: None, 11: None, 30: "thirty", 50: None})),
    (LONG, edit_lines(LONG_LIST, {3: "x", 8: "y"})),
    (LONG, edit_lines(LONG_LIST, {3: "x", 7: "y"})),
    (LONG, edit_lines(LONG_LIST, {3: "x", 9: "y"})),
    (LONG, edit_lines(LONG_LIST, {3: "x", 10: "y"})),
    (LONG, edit_lines(LONG_LIST, {i: "changed %d" % i for i in range(0, 60, 3)})),
    (LONG, edit_lines(LONG_LIST, {i: "changed %d" % i for i in range(0, 60, 7)})),
    (LONG, LONG + "\nappended"),
    ("prepended\n" + LONG, LONG),
    (lines(1500), edit_lines(lines(1500).split("\n"), {100: "a", 999: "b", 1200: None})),
    # whitespace-only changes
    ("a b", "a  b"),
    ("a b", "a\tb"),
    ("a b ", "a b"),
    (" a b", "a b"),
    ("a b", "  a b  "),
    ("a\n\nb", "a\n \nb"),
    ("a\n\nb", "a\n\n\nb"),
    ("  indented", "    indented"),
    ("a   b   c", "a b c"),
    ("x", "x "),
    ("x  y", "x   y"),
    ("\ta\t", "\t a \t"),
    ("line\r\nnext", "line\nnext"),
    ("line\rnext", "line\nnext"),
    ("a\rb", "a b"),
    ("a \r b", "a  b"),
    # trailing newlines
    ("a", "a\n"),
    ("a\n", "a"),
    ("a\n", "a\n\n"),
    ("a\nb", "a\nb\n"),
    ("a\nb\n", "a\nb"),
    ("\na", "a"),
    ("a", "\na"),
    ("a\n\n\n", "a"),
    # unicode
    ("Grüße aus Köln", "Grüße aus Berlin"),
    ("日本語のテキスト", "日本語の文章"),
    ("中文 内容", "中文 新内容"),
    ("emoji 😀 here", "emoji 😃 here"),
    ("Ünïcödé wörds ünd mörë", "Ünïcödé wörds und mörë"),
    ("Ελληνικά κείμενο", "Ελληνικά νέο κείμενο"),
    ("русский текст здесь", "русский текст там"),
    ("עברית טקסט", "עברית טקסט חדש"),
    ("a\u00a0b", "a b"),
    ("non\u00a0breaking space", "non breaking\u00a0space"),
    ("x\u0338y", "x\u0338z"),
    ("combining a\u0338 b", "combining a b"),
    ("\u0338", ""),
    ("zero\u200bwidth", "zero width"),
    # HTML special characters
    ("a < b", "a > b"),
    ("a & b", "a && b"),
    ("say \"hi\"", "say 'hi'"),
    ("<div class=\"x\">text</div>", "<div class=\"y\">text</div>"),
    ("&amp; &lt; &gt;", "&amp; &lt; &gt; &quot;"),
    ("<!-- comment -->", "<!-- other comment -->"),
    ("<!--LINE 5-->", "<!--LINE 6-->"),
    ("keep\n<b>bold</b>", "keep\n<i>italic</i>"),
    ("'''bold''' and ''italic''", "'''bold''' or ''italic''"),
    ("a\n<script>x</script>", "a"),
    ("", "<&>\"'"),
    ("<&>\"'", ""),
    ("ctx\n<&>\"' line\nctx", "ctx\n<&>\"' line changed\nctx"),
    # very different texts
    ("completely different", "nothing alike here"),
    ("a\nb\nc\nd", "w\nx\ny\nz"),
    (PARA, "Lorem ipsum dolor sit amet, consectetur adipiscing elit."),
    ("\n".join("line %d alpha beta" % i for i in range(40)),
     "\n".join("row %d gamma delta" % i for i in range(40))),
    (" ".join("w%d" % i for i in range(3000)), " ".join("v%d" % i for i in range(3000))),
    (" ".join("w%d" % (i % 97) for i in range(4000)), " ".join("w%d" % (i % 89) for i in range(4000))),
    ("\n".join("x%d" % (i % 13) for i in range(2000)), "\n".join("x%d" % (i % 11) for i in range(2000))),
    ("\n".join("p%d" % ((i * 7919) % 1000) for i in range(1000)),
     "\n".join("p%d" % ((i * 104729) % 1000) for i in range(1000))),
    ("\n".join(str(i) for i in range(2500)), "\n".join(str(i * 3 % 2500) for i in range(2500))),
    (" ".join(str(i) for i in range(1000)), " ".join(str(i) for i in range(1000, 0, -1))),
    # word diffs given up (more than 40,000,000 pairs of words left to compare)
    ("ctx\n" + " ".join("w%d" % (i % 50) for i in range(7000)) + "\nctx",
     "ctx\n" + " ".join("w%d" % (i * 7 % 50) for i in range(7000)) + "\nctx"),
    ("a\nb\n" + " ".join("w%d" % (i % 50) for i in range(7000)) + "\nc\nd",
     "a\nb changed\n" + " ".join("w%d" % (i * 7 % 50) for i in range(7000)) + "\nc\nd\ne"),
    (" ".join("w%d" % i for i in range(7000)), " ".join("w%d" % i for i in range(7000)).replace("w3500", "x")),
    # repeated lines
    ("a\na\na", "a\na"),
    ("a\na", "a\na\na"),
    ("a\nb\na\nb", "a\nb\na\nb\na\nb"),
    ("x\na\na\na\ny", "x\na\na\ny"),
    ("x\n\n\n\ny", "x\n\ny"),
    ("a\nb\nb\nb\nc", "a\nb\nc"),
    ("a\nb\nc\na\nb\nc", "a\nb\nc\nX\na\nb\nc"),
    ("{{a}}\n{{a}}\n{{b}}", "{{a}}\n{{b}}\n{{b}}"),
    ("foo\nbar\nfoo\nbar\nfoo", "foo\nfoo\nbar\nfoo"),
    ("a a a a", "a a a"),
    ("a b a b a b", "a b a b"),
    ("the the the", "the a the"),
    # loose equality of numeric lines (shifting of boundaries)
    ("1\n01\nx", "1\nx"),
    ("x\n1\n1.0\ny", "x\n1.0\ny"),
    ("a\n10\n1e1\nb", "a\n1e1\nb"),
    ("a\n 5\n5\nb", "a\n5\nb"),
    ("a\n0\n0.0\n-0\nb", "a\n0.0\nb"),
    ("1\n2\n01\n02\n1\n2", "1\n2\n1\n2"),
    # words and punctuation
    ("foo(bar, baz)", "foo(bar,baz)"),
    ("a.b.c", "a.b.d"),
    ("a -- b", "a - b"),
    ("x\ty\tz", "x\ty\tq"),
    ("end.", "end!"),
    ("[[a]] [[b]] [[c]]", "[[a]] [[c]]"),
    ("* item 1\n* item 2\n* item 3", "* item 1\n* item two\n* item 3\n* item 4"),
    ("first line\nsecond line", "first line changed\nsecond line changed"),
    ("a\nb\nc", "a b c"),
    ("a b c", "a\nb\nc"),
    ("one\ntwo\nthree", "one two\nthree"),
    ("x\n\ny", "x\ny"),
    ("x\ny", "x\n\ny"),
    ("a\nb\n\nc\nd", "a\nB\n\nc\nD"),
    ("text\n\n", "text changed\n\n"),
    ("\n\n", "\n \n"),
    ("same\nold1\nold2\nold3\nsame", "same\nnew1\nsame"),
    ("same\nold1\nsame", "same\nnew1\nnew2\nnew3\nsame"),
]


def fixture_pairs(path):
    """Every two consecutive revisions of each page (by timestamp, then id)."""
    db = sqlite3.connect(path)
    rows = db.execute(
        "SELECT r.rev_page, r.rev_id, t.old_text FROM revision r "
        "JOIN slots s ON s.slot_revision_id = r.rev_id "
        "JOIN slot_roles sr ON sr.role_id = s.slot_role_id AND sr.role_name = 'main' "
        "JOIN content c ON c.content_id = s.slot_content_id "
        "JOIN text t ON ('tt:' || t.old_id) = c.content_address "
        "WHERE c.content_model = (SELECT model_id FROM content_models WHERE model_name = 'wikitext') "
        "ORDER BY r.rev_page, r.rev_timestamp, r.rev_id"
    ).fetchall()
    pairs = []
    last = {}
    for page, _, text in rows:
        if isinstance(text, bytes):
            text = text.decode("utf-8")
        if page in last:
            pairs.append((last[page], text))
        last[page] = text
    return pairs


def body(base, old, new):
    data = urllib.parse.urlencode({
        "action": "compare",
        "fromslots": "main",
        "fromtext-main": old,
        "fromcontentmodel-main": "wikitext",
        "toslots": "main",
        "totext-main": new,
        "tocontentmodel-main": "wikitext",
        "prop": "diff",
        "format": "json",
        "formatversion": "2",
    }).encode()
    with urllib.request.urlopen(base.rstrip("/") + "/api.php", data) as res:
        answer = json.load(res)
    if "compare" not in answer:
        raise SystemExit("no diff for %r -> %r: %r" % (old[:60], new[:60], answer))
    return answer["compare"].get("body", "")


def main():
    base = sys.argv[1]
    db = sys.argv[2] if len(sys.argv) > 2 else DEFAULT_DB
    pairs = list(CASES) + fixture_pairs(db)
    seen = set()
    cases = []
    for old, new in pairs:
        old = unicodedata.normalize("NFC", old)
        new = unicodedata.normalize("NFC", new)
        if (old, new) in seen:
            continue
        seen.add((old, new))
        cases.append({"from": old, "to": new, "body": body(base, old, new)})
    json.dump(cases, sys.stdout, ensure_ascii=False, indent=1)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
