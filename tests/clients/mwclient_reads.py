"""mwclient reads the fixture wiki at HOST (argv[1], `127.0.0.1:PORT`) as a bot does, anonymously:
every page, as titles and as page objects, a few at a time through continuation and all at once;
a page's text and its history (suppressed revisions included); a category's members in the
category's order; the log, the recent changes, a user's contributions, the users; a search and a
prefix search."""
import sys

import mwclient

site = mwclient.Site(sys.argv[1], path="/", scheme="http")


def titles(items):
    return [item["title"] for item in items]


# Every page of the main namespace: one big request, then seven at a time.
whole = titles(site.get("query", list="allpages", aplimit="max")["query"]["allpages"])
assert len(whole) == 107, len(whole)
assert {"Main Page", "Cat", "Zürich", "Łódź", "東京タワー", "C++", "AC/DC"} <= set(whole), whole
listed = list(site.allpages(generator=False, api_chunk_size=7))
assert listed == whole, ("allpages as a list", len(listed), len(whole))
pages = list(site.allpages(api_chunk_size=7))
assert [page.name for page in pages] == whole, ("allpages as a generator", len(pages), len(whole))
assert all(page.exists and page.namespace == 0 for page in pages), [p.name for p in pages if not p.exists]
assert {page.name: page.pageid for page in pages}["Cat"] == 37
# The generator's page objects carry `prop=info`: the latest revision, the length.
cat_info = next(page for page in pages if page.name == "Cat")
assert cat_info.revision == 291 and cat_info.length == 935, (cat_info.revision, cat_info.length)

# A page's text.
cat = site.pages["Cat"]
text = cat.text()
assert "Some description of Cat. Revision marker 3." in text, text[:300]
assert text.startswith("{{DISPLAYTITLE:''Cat''}}") and "[[Category:Animals]]" in text, text[:300]

# A page's history, newest first; two of Dog's revisions are suppressed (user and comment hidden).
dog = site.pages["Dog"]
history = list(dog.revisions())
one_call = site.get("query", prop="revisions", titles="Dog", rvlimit="max", rvprop="ids|user")
(dog_info,) = one_call["query"]["pages"].values()
assert [r["revid"] for r in history] == [r["revid"] for r in dog_info["revisions"]], (history, dog_info)
assert [r["revid"] for r in history] == [294, 293, 262, 261, 260, 43], [r["revid"] for r in history]
assert [r["revid"] for r in dog.revisions(api_chunk_size=2)] == [r["revid"] for r in history], "rvcontinue"
assert history[-1]["user"] == "Alice" and history[-1]["parentid"] == 0, history[-1]
assert all("userhidden" in r and "user" not in r for r in history[3:5]), history[3:5]
assert [r["revid"] for r in dog.revisions(dir="newer", max_items=2)] == [43, 260], "the two oldest"

# A category's members, in the category's order (sort keys: `{{DEFAULTSORT:...}}`, `[[Category:X|key]]`).
fruits = site.categories["Fruits"]
members = [page.name for page in fruits.members()]
listed = site.get("query", list="categorymembers", cmtitle="Category:Fruits", cmlimit="max")
listed = titles(listed["query"]["categorymembers"])
assert listed == ["Banana", "Apple", "Cherry", "Grape", "Tomato"], listed
assert members == listed, ("Category:Fruits members()", members, "list=categorymembers", listed)
cities = [page.name for page in site.categories["Cities in Europe"]]
assert sorted(cities) == ["Berlin", "Lisbon", "London", "Madrid", "Oslo", "Paris", "Prague", "Rome", "Vienna"], cities

# The log, newest first, fifty at a time and at once.
log = list(site.logevents(api_chunk_size=50))
all_log = site.get("query", list="logevents", lelimit="max")["query"]["logevents"]
assert [e["logid"] for e in log] == [e["logid"] for e in all_log], (len(log), len(all_log))
assert len(log) == 260 and log[0]["logid"] == 263, (len(log), log[0])
rename = next(e for e in log if e["type"] == "renameuser")
assert rename["params"]["olduser"] == "Dave" and rename["params"]["newuser"] == "David", rename
moves = list(site.logevents(type="move"))
assert moves and all(e["type"] == "move" for e in moves), moves

# The recent changes, newest first.
changes = list(site.recentchanges(api_chunk_size=50))
all_changes = site.get("query", list="recentchanges", rclimit="max")["query"]["recentchanges"]
assert [c["rcid"] for c in changes] == [c["rcid"] for c in all_changes], (len(changes), len(all_changes))
assert len(changes) == 344 and changes[0]["rcid"] == 351 and changes[0]["revid"] == 312, (len(changes), changes[0])
edits = list(site.recentchanges(type="edit", prop="title|ids|user"))
assert edits and all(c["type"] == "edit" for c in edits), edits[:3]
assert {"title": "Mathematics", "revid": 311} in [{"title": c["title"], "revid": c["revid"]} for c in edits]

# A user's contributions.
contributions = list(site.usercontributions("Alice", api_chunk_size=20))
all_contributions = site.get("query", list="usercontribs", ucuser="Alice", uclimit="max")["query"]["usercontribs"]
assert [c["revid"] for c in contributions] == [c["revid"] for c in all_contributions], len(contributions)
assert len(contributions) == 82 and all(c["user"] == "Alice" for c in contributions), len(contributions)
assert {"title": "Cat", "revid": 41} in [{"title": c["title"], "revid": c["revid"]} for c in contributions]

# The users (the one hidden by a suppressing block is not among them for an anonymous reader).
users = [user["name"] for user in site.allusers()]
assert users == ["Admin", "Alice", "Bob", "Carol", "David", "Eve Example", "FixtureBot", "Mallory",
                 "MediaWiki default"], users
bots = [user["name"] for user in site.allusers(group="bot")]
assert bots == ["David", "FixtureBot"], bots  # David's membership expires on 2026-12-21

# Search, and prefix search: sets, whatever the order.
found = set(titles(site.search("Tiger")))
assert "Tiger" in found, found
found = set(titles(site.search("Zürich")))
assert "Zürich" in found, found
prefixed = titles(site.get("query", list="prefixsearch", pssearch="Ca", pslimit="max")["query"]["prefixsearch"])
assert set(prefixed) == {"Cactus", "Café culture", "Cairo", "Carrot", "Cat", "Cat description"}, prefixed

# Templates expanded (the legacy answer mwclient reads, by POST), with the parse tree.
expanded = site.expandtemplates("{{Box|x}} on {{PAGENAME}}", title="Lion")
assert expanded.endswith(" on Lion") and "{{" not in expanded, expanded
expanded, tree = site.expandtemplates("{{Box}}", generatexml=True)
assert tree == "<root><template><title>Box</title></template></root>", tree

print("mwclient", mwclient.__version__, "read", len(pages), "pages,", len(history), "revisions of Dog,",
      len(log), "log entries,", len(changes), "recent changes,", len(contributions), "contributions of Alice")
