#!/usr/bin/env python3
"""Captures MediaWiki's template expansion of hand-made wikitext on the fixture wiki, as the
reference the expansion's tests compare with (tests/fixtures/oracle/expand/cases.json).

    tools/capture.py expansions BASE_URL > tests/fixtures/oracle/expand/cases.json

BASE_URL is a MediaWiki serving the fixture (such as http://127.0.0.1:8081). Each text is
expanded by `action=expandtemplates&prop=wikitext` as the page `title` would expand it, which
is what `rvexpandtemplates` does with a revision's text. The fixture's templates: Infobox
(`name`, `type`), Nav, Stub, Sig (`1`), Welcome (`1`), Documentation, Box (a redirect to
Infobox), Cascade target.
"""

import json
import sys
import urllib.parse
import urllib.request

CASES = [
    ("Lion", "{{Infobox}}"),
    ("Lion", "{{Infobox|name=Big cat|type=Animals}}"),
    ("Lion", "{{Infobox| name = spaced |type= x }}"),
    ("Lion", "{{Infobox|name=a|name=b}}"),
    ("Lion", "{{infobox}}"),
    ("Lion", "{{Template:Infobox}}"),
    ("Lion", "{{:Lion}}"),
    ("Lion", "{{Box|type=Boxed}}"),
    ("Lion", "{{Sig|Alice}}"),
    ("Lion", "{{Sig| Alice }}"),
    ("Lion", "{{Sig|1= Alice }}"),
    ("Lion", "{{Sig|Alice|1=Bob}}"),
    ("Lion", "{{Sig|1=Bob|Alice}}"),
    ("Lion", "{{Welcome}}"),
    ("Lion", "{{Welcome|Carol}}"),
    ("Lion", "{{Welcome|{{Sig|Dave}}}}"),
    ("Lion", "{{Nav}}"),
    ("Lion", "text {{Nav}} more"),
    ("Lion", "{{Stub}}"),
    ("Lion", "{{Documentation}}"),
    ("Template:Infobox", "{{Documentation}}"),
    ("Lion", "{{Missing template}}"),
    ("Lion", "{{Missing template|a|b=c}}"),
    ("Lion", "{{User:Alice}}"),
    ("Lion", "{{Special:Random}}"),
    ("Lion", "{{wikipedia:Foo}}"),
    ("Lion", "{{[[x]]}}"),
    ("Lion", "{{subst:Infobox}}"),
    ("Lion", "{{safesubst:Infobox|name=x}}"),
    ("Lion", "{{SUBST:Sig|x}}"),
    ("Lion", "{{msg:Sig|x}}"),
    ("Lion", "{{raw:Sig|x}}"),
    ("Lion", "{{{1}}}"),
    ("Lion", "{{{1|default}}}"),
    ("Lion", "{{{a|{{{b|c}}}}}}"),
    ("Lion", "{{{|x}}}"),
    ("Lion", "{{{a|b=c}}}"),
    ("Lion", "{{PAGENAME}}"),
    ("Lion", "{{FULLPAGENAME}}"),
    ("Lion", "{{PAGENAMEE}}"),
    ("Lion", "{{NAMESPACE}}"),
    ("Lion", "{{NAMESPACENUMBER}}"),
    ("Lion", "{{SITENAME}}"),
    ("Lion", "{{pagename}}"),
    ("Lion", "{{PAGENAME:User talk:Alice/Sub page}}"),
    ("Lion", "{{FULLPAGENAME:user talk:alice}}"),
    ("Lion", "{{TALKPAGENAME}}"),
    ("Lion", "{{SUBJECTPAGENAME}}"),
    ("Lion", "{{TALKSPACE}}"),
    ("User talk:Alice/Sub/Deep", "{{PAGENAME}}|{{BASEPAGENAME}}|{{ROOTPAGENAME}}|{{SUBPAGENAME}}"),
    ("User talk:Alice/Sub/Deep", "{{FULLPAGENAMEE}}|{{NAMESPACEE}}|{{TALKSPACEE}}|{{SUBJECTSPACE}}"),
    ("Rock & Roll's \"x\" = y; z", "{{PAGENAME}}|{{PAGENAMEE}}|{{FULLPAGENAME}}"),
    ("Talk:A__b", "{{PAGENAME}}"),
    ("Mailto:x", "{{PAGENAME}}|{{FULLPAGENAME}}"),
    ("Lion", "{{ns:Project}}|{{ns:project talk}}|{{ns:-1}}|{{ns:99}}|{{ns:Nowhere}}|{{ns:00}}|{{ns:1abc}}"),
    ("Lion", "{{ns:Nowhere|x}}"),
    ("Help:Contents", "{{SUBJECTPAGENAME}} {{TALKPAGENAME}} {{TALKPAGENAMEE}}"),
    ("Lion", "{{lc:ABC Déf}}"),
    ("Lion", "{{uc:abc déf}}"),
    ("Lion", "{{lcfirst:ABC}}"),
    ("Lion", "{{ucfirst:abc}}"),
    ("Lion", "{{LC: Spaced }}"),
    ("Lion", "{{DEFAULTSORT:Key}}"),
    ("Lion", "{{DEFAULTSORT:Key}}{{DEFAULTSORT:Key}}"),
    ("Lion", "{{DEFAULTSORT:}}"),
    ("Lion", "{{DISPLAYTITLE:''Lion''}}"),
    ("Lion", "{{!}}"),
    ("Lion", "{{=}}"),
    ("Lion", "a<!-- comment -->b"),
    ("Lion", "a\n<!-- comment -->\nb"),
    ("Lion", "<nowiki>{{Infobox}}</nowiki>"),
    ("Lion", "<pre>{{Infobox}}</pre>"),
    ("Lion", "<nowiki/>x"),
    ("Lion", "<noinclude>shown</noinclude><includeonly>hidden</includeonly>"),
    ("Lion", "<onlyinclude>a</onlyinclude>b"),
    ("Lion", "== {{PAGENAME}} ==\ntext"),
    ("Lion", "x{{Infobox}}"),
    ("Lion", "x\n{{Infobox}}"),
    ("Lion", ":{{Infobox}}"),
    ("Lion", "{{Sig|*a}}"),
    ("Lion", "x{{Sig|}}"),
    ("Lion", "{{ Sig | Alice }}"),
    ("Lion", "{{Sig\n|Alice\n}}"),
    ("Lion", "{{{{PAGENAME}}}}"),
    ("Lion", "[[{{PAGENAME}}]]"),
    ("Lion", "{{#if:x|y|z}}"),
    ("Lion", "{{unknownfunc:x}}"),
    ("Lion", "{{ns:0}}|{{ns:1}}|{{ns:User}}"),
    # the wiki's addresses: variables, and the URL functions with queries, fragments, other
    # wikis' titles and escaping
    ("Lion", "{{SERVER}} {{SERVERNAME}} {{SCRIPTPATH}} {{STYLEPATH}}"),
    ("Lion", "{{localurl:Main Page}} {{localurl:Main Page|action=edit}} {{LOCALURL:project:About}}"),
    ("Lion", "{{fullurl:Cat|oldid=5}} {{canonicalurl:Talk:Cat}} {{fullurl:Media:Foo.png}}"),
    ("Lion", "{{localurle:A&B|x=1&y=2}} {{fullurle:Cat|a=<b>}} {{canonicalurle:User:Alice}}"),
    ("Lion", "{{localurl:<bad>}} {{localurl:}} {{localurl:Special:Search}} {{localurl:café}}"),
    ("Lion", "{{fullurl:Cat#frag}} {{localurl:Cat#frag|a=b}} {{fullurl:Cat#frag one|a=b}}"),
    ("Lion", "{{localurl:wikipedia:Cat|a=b}} {{fullurl:wikipedia:Cat#x}} {{fullurle:wikipedia:A&B}}"),
    ("Lion", "[{{fullurl:Cat|action=history}} history] {{localurl:File:Ex ample.png|page=2}}"),
]


def expand(base, title, text):
    body = urllib.parse.urlencode(
        {"action": "expandtemplates", "prop": "wikitext", "text": text, "title": title, "format": "json",
         "formatversion": "2"}
    ).encode()
    with urllib.request.urlopen(base.rstrip("/") + "/api.php", body) as res:
        answer = json.load(res)
    return answer.get("expandtemplates", {}).get("wikitext"), answer.get("error", {}).get("code")


def main():
    base = sys.argv[1]
    cases = []
    for title, text in CASES:
        expanded, error = expand(base, title, text)
        cases.append({"title": title, "text": text, "expanded": expanded, "error": error})
    json.dump(cases, sys.stdout, ensure_ascii=False, indent=1)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
