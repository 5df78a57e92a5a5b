#!/usr/bin/env python3
"""Writes a synthetic MediaWiki XML dump whose pages use templates, for the link-table
benchmarks: `tools/gen_template_wiki.py PAGES REVISIONS OUT.xml`.

Every page has REVISIONS revisions of about 2 kB of wikitext; its latest one calls an infobox
with named and numbered arguments, a navigation box (through a redirect), a citation template
that makes an external link, a stub template that categorises the page with DEFAULTSORT, and
links to other pages. The templates come first in the dump, as in a real export of a wiki.
"""
import sys
from xml.sax.saxutils import escape

TEMPLATES = {
    "Infobox": "{| class=\"infobox\"\n! {{{name|{{PAGENAME}}}}}\n|-\n| Type: [[{{{type|Thing}}}]]\n"
               "|-\n| {{{1|}}}\n|}<includeonly>[[Category:Infobox {{{type|Thing}}}]]</includeonly>"
               "<noinclude>Documentation with [[Help:Infobox]].</noinclude>",
    "Navbox": "<div class=\"nav\">'''Navigation:''' " + " · ".join(f"[[Topic {i}]]" for i in range(12)) + "</div>",
    "Nav": "#REDIRECT [[Template:Navbox]]",
    "Cite": "<span class=\"cite\">[{{{url}}} {{{title|{{{url}}}}}}]</span>",
    "Stub": "''This article is a stub.''<includeonly>{{DEFAULTSORT:{{{sort|{{PAGENAME}}}}}}}"
            "[[Category:Stubs]]</includeonly>",
}

HEAD = """<mediawiki xmlns="http://www.mediawiki.org/xml/export-0.11/" version="0.11" xml:lang="en">
  <siteinfo>
    <sitename>Template Wiki</sitename>
    <dbname>templatewiki</dbname>
    <base>http://localhost/index.php/Main_Page</base>
    <generator>MediaWiki 1.39.0</generator>
    <case>first-letter</case>
    <namespaces>
      <namespace key="0" case="first-letter" />
      <namespace key="1" case="first-letter">Talk</namespace>
      <namespace key="10" case="first-letter">Template</namespace>
      <namespace key="12" case="first-letter">Help</namespace>
      <namespace key="14" case="first-letter">Category</namespace>
    </namespaces>
  </siteinfo>
"""


def page(out, page_id, title, ns, texts, rev_id):
    out.write(f"  <page>\n    <title>{escape(title)}</title>\n    <ns>{ns}</ns>\n    <id>{page_id}</id>\n")
    for i, text in enumerate(texts):
        rev_id += 1
        parent = f"      <parentid>{rev_id - 1}</parentid>\n" if i else ""
        out.write(
            f"    <revision>\n      <id>{rev_id}</id>\n{parent}"
            f"      <timestamp>2026-01-{1 + i % 28:02d}T00:00:{i % 60:02d}Z</timestamp>\n"
            f"      <contributor>\n        <username>Editor{page_id % 97}</username>\n"
            f"        <id>{1 + page_id % 97}</id>\n      </contributor>\n"
            f"      <comment>edit {i}</comment>\n      <model>wikitext</model>\n      <format>text/x-wiki</format>\n"
            f"      <text xml:space=\"preserve\">{escape(text)}</text>\n    </revision>\n"
        )
    out.write("  </page>\n")
    return rev_id


def article(n, version):
    body = "".join(
        f"Paragraph {p} of [[Topic {(n * 7 + p) % 5000}]] and [[Topic {(n + p) % 5000}|a topic]], "
        f"with ''emphasis'' and '''weight''' (version {version}).\n\n"
        for p in range(12)
    )
    return (
        f"{{{{Infobox|name=Topic {n}|type=Kind {n % 40}|Summary of topic {n}.}}}}\n"
        f"{body}"
        f"See {{{{Cite|url=https://example.org/topic/{n}|title=Source {n}}}}}.\n"
        f"{{{{Nav}}}}\n{{{{Stub|sort=Topic {n:06d}}}}}\n[[Category:Topics]]"
    )


def main():
    pages, revisions, path = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
    with open(path, "w", encoding="utf-8") as out:
        out.write(HEAD)
        page_id, rev_id = 0, 0
        for name, text in TEMPLATES.items():
            page_id += 1
            rev_id = page(out, page_id, f"Template:{name}", 10, [text], rev_id)
        for n in range(pages):
            page_id += 1
            rev_id = page(out, page_id, f"Topic {n}", 0, [article(n, v) for v in range(revisions)], rev_id)
        out.write("</mediawiki>\n")


if __name__ == "__main__":
    main()
