"""pywikibot reads the fixture wiki whose main page is at URL (argv[1]) anonymously, without a
user-config.py, through a family read from the site itself: every page, seven at a time; a page's
text, history and latest revision; the log, the recent changes, a user's contributions; a
category's members and the pages linking to a page, through the page objects and through
pagegenerators as scripts take them (`-cat:`, `-ref:`); and a search."""
import os
import sys
import tempfile

os.environ.setdefault("PYWIKIBOT_NO_USER_CONFIG", "1")
os.environ.setdefault("PYWIKIBOT_DIR", tempfile.mkdtemp(prefix="pywikibot-"))

import pywikibot  # noqa: E402
from pywikibot import pagegenerators  # noqa: E402
from pywikibot.family import AutoFamily  # noqa: E402

# AutoFamily takes the API's URL: api.php next to the index.php of the main page's URL.
family = AutoFamily("fixture", sys.argv[1].split("/index.php")[0] + "/api.php")
site = pywikibot.Site(family.code, family)


def one_request(list_name, **params):
    """The whole list in one request, as the comparison."""
    params = {"action": "query", "list": list_name, "formatversion": 2, **params}
    answer = site.simple_request(**params).submit()
    assert "continue" not in answer, (list_name, "fits in one request")
    return answer["query"][list_name]


# Every page of the main namespace, seven at a time, equals the whole list at once.
whole = [p["title"] for p in one_request("allpages", aplimit="max")]
assert len(whole) == 107 and {"Main Page", "Zürich", "Łódź", "東京タワー", "C++"} <= set(whole), whole
pages = site.allpages()
pages.set_query_increment(7)
pages = list(pages)
assert [page.title() for page in pages] == whole, ("allpages", len(pages), len(whole))
assert all(page.namespace() == 0 for page in pages)

# A page's text, history and latest revision; two of Dog's revisions are suppressed.
cat = pywikibot.Page(site, "Cat")
assert "Some description of Cat. Revision marker 3." in cat.text, cat.text[:300]
assert cat.latest_revision_id == 291 and cat.exists() and not cat.isRedirectPage(), cat.latest_revision_id
assert pywikibot.Page(site, "Kitty").isRedirectPage() and pywikibot.Page(site, "Kitty").getRedirectTarget() == cat
dog = pywikibot.Page(site, "Dog")
history = list(dog.revisions())
assert [r.revid for r in history] == [294, 293, 262, 261, 260, 43], [r.revid for r in history]
assert dog.latest_revision_id == 294 and dog.latest_revision.revid == 294, dog.latest_revision_id
assert history[-1].user == "Alice" and history[-1].parentid == 0, history[-1]
assert [r.userhidden for r in history] == [False, False, False, True, True, False], [r.userhidden for r in history]
assert [r.revid for r in pywikibot.Page(site, "Dog").revisions(reverse=True, total=1)] == [43], "the oldest"
assert dog.revision_count() == 6, dog.revision_count()
(first,) = cat.revisions(total=1, reverse=True, content=True)
assert first.revid == 40 and "Some description of Cat. Revision marker 1." in first.text, (first.revid, first.text[:300])
second = cat.get_revision(41, content=True)
assert second.user == "Alice" and "Revision marker 2." in second.text, second.text[:300]

# The log and the recent changes, newest first, as one request gives them.
log = list(site.logevents())
assert [e.logid() for e in log] == [e["logid"] for e in one_request("logevents", lelimit="max")], len(log)
assert len(log) == 260 and log[0].logid() == 263, (len(log), log[0].logid())
moves = list(site.logevents(logtype="move"))
assert moves and all(e.type() == "move" for e in moves), [e.type() for e in moves]
rename = next(site.logevents(logtype="renameuser"))
assert rename.page().title() == "User:Dave" and rename.params["newuser"] == "David", rename.data
changes = list(site.recentchanges())
assert [c["rcid"] for c in changes] == [c["rcid"] for c in one_request("recentchanges", rclimit="max")], len(changes)
assert len(changes) == 344 and changes[0]["revid"] == 312, (len(changes), changes[0])

# A user's contributions.
contributions = list(site.usercontribs(user="Alice"))
assert len(contributions) == 82 and all(c["user"] == "Alice" for c in contributions), len(contributions)
all_contributions = one_request("usercontribs", ucuser="Alice", uclimit="max")
assert [c["revid"] for c in contributions] == [c["revid"] for c in all_contributions], len(all_contributions)
assert {"title": "Cat", "revid": 41} in [{"title": c["title"], "revid": c["revid"]} for c in contributions]

# A category's members, in the category's order (sort keys: `{{DEFAULTSORT:...}}`, `[[Category:X|key]]`).
fruits = pywikibot.Category(site, "Category:Fruits")
listed = [m["title"] for m in one_request("categorymembers", cmtitle="Category:Fruits", cmlimit="max")]
assert listed == ["Banana", "Apple", "Cherry", "Grape", "Tomato"], listed
members = [page.title() for page in fruits.members()]
assert members == listed, ("Category.members()", members, "list=categorymembers", listed)
generated = [page.title() for page in pagegenerators.CategorizedPageGenerator(fruits)]
assert generated == listed, ("CategorizedPageGenerator", generated, "list=categorymembers", listed)
subcategories = {c.title() for c in pywikibot.Category(site, "Category:Living things").subcategories()}
assert subcategories == {"Category:Animals", "Category:Plants"}, subcategories
factory = pagegenerators.GeneratorFactory(site=site)
assert factory.handle_arg("-cat:Cities in Europe")
cities = sorted(page.title() for page in factory.getCombinedGenerator())
assert cities == ["Berlin", "Lisbon", "London", "Madrid", "Oslo", "Paris", "Prague", "Rome", "Vienna"], cities

# The pages linking to Cat, in the list's order: its redirects among them; then, through the
# redirects, what links to them (`backlinks()`), and only the articles (`-ref:`, `getReferences()`).
linking = [b["title"] for b in one_request("backlinks", bltitle="Cat", bllimit="max")]
assert len(linking) == 33, linking
assert {"Main Page", "Template:Nav", "Dog", "User:Alice", "Kitty", "Cat description"} <= set(linking), linking
backlinks = [page.title() for page in cat.backlinks(follow_redirects=False)]
assert backlinks == linking, ("Page.backlinks()", backlinks, "list=backlinks", linking)
assert {page.title() for page in cat.redirects()} == {"Kitty", "Cat description"}
through_redirects = {page.title() for page in cat.backlinks()}
assert through_redirects == set(linking) | {"Kitten"}, through_redirects ^ set(linking)
factory = pagegenerators.GeneratorFactory(site=site)
assert factory.handle_arg("-ref:Cat")
referring = {page.title() for page in factory.getCombinedGenerator()}
assert referring == set(linking) - {"Kitty", "Cat description"}, referring ^ set(linking)

# Search: a set, whatever the order.
found = {page.title() for page in site.search("Tiger")}
assert "Tiger" in found, found
found = {page.title() for page in pagegenerators.SearchPageGenerator("Zürich", site=site)}
assert "Zürich" in found, found

# A page's text with its templates expanded (what Page.interwiki() and the category and
# template readers of textlib read; their links name other wikis, which this test does not reach).
lion = pywikibot.Page(site, "Lion")
expanded = lion.expand_text()
assert "{{Infobox" not in expanded and "class=\"infobox\"" in expanded, expanded[:300]
assert site.expand_text("{{PAGENAME}}|{{NAMESPACE}}", title="Help:Expanding") == "Expanding|Help"

# Two pages compared, as MediaWiki's diff table; a revision with itself, by id.
table = site.compare("Cat", "Dog")
assert table.startswith('<tr><td colspan="2" class="diff-lineno"') and "diff-marker" in table, table[:300]
assert site.compare(294, 294) == "", site.compare(294, 294)[:300]

print("pywikibot", pywikibot.__version__, "read", len(pages), "pages,", len(history), "revisions of Dog,",
      len(log), "log entries,", len(changes), "recent changes,", len(members), "fruits")
