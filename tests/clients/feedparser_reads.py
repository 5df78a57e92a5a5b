"""A feed reader (Python's feedparser) reads the fixture wiki's feeds at API (argv[1],
`http://127.0.0.1:PORT/api.php`): a user's contributions in RSS and Atom, the watchlist feed,
which for an anonymous reader holds one item naming the error, and the recent changes, the
wiki's and a page's related ones, in both formats."""
import sys

import feedparser

api = sys.argv[1]
base = api.rsplit("/", 1)[0] + "/index.php"

for form in ("rss", "atom"):
    feed = feedparser.parse(f"{api}?action=feedcontributions&user=Alice&feedformat={form}")
    assert not feed.bozo, (form, feed.bozo_exception)
    assert feed.version == ("rss20" if form == "rss" else "atom10"), feed.version
    assert feed.feed.title == "Fixture Wiki - User contributions [en]", feed.feed.title
    assert feed.feed.link == base + "/Special:Contributions/Alice", feed.feed.link
    assert len(feed.entries) == 50, len(feed.entries)
    first = feed.entries[0]
    assert first.title == "Merge target", first.title
    assert first.link == base + "?title=Merge_target&diff=302", first.link
    assert first.author == "Alice", first.author
    assert tuple(first.updated_parsed[:6]) == (2026, 11, 21, 23, 32, 28), first.updated_parsed
    # The description is HTML: the summary, then the text of the revision.
    assert "<p>Alice: merge source r2</p>" in first.summary, first.summary
    assert "Old content, revision 2." in first.summary, first.summary

feed = feedparser.parse(f"{api}?action=feedcontributions&user=198.51.100.0/24&limit=3")
assert not feed.bozo, feed.bozo_exception
assert len(feed.entries) == 3, len(feed.entries)
assert all(e.author.startswith("198.51.100.") for e in feed.entries), [e.author for e in feed.entries]

feed = feedparser.parse(f"{api}?action=feedwatchlist")
assert not feed.bozo, feed.bozo_exception
assert feed.feed.title == "Fixture Wiki - Error - Watchlist [en]", feed.feed.title
assert [e.title for e in feed.entries] == ["Error (notloggedin)"], [e.title for e in feed.entries]

read_changes = 0
for form in ("rss", "atom"):
    feed = feedparser.parse(f"{api}?action=feedrecentchanges&days=90&feedformat={form}")
    assert not feed.bozo, (form, feed.bozo_exception)
    assert feed.version == ("rss20" if form == "rss" else "atom10"), feed.version
    assert feed.feed.link == base + "/Special:RecentChanges", feed.feed.link
    assert len(feed.entries) == 49, len(feed.entries)
    first = feed.entries[0]
    assert first.title == "User:David", first.title
    assert first.link == base + "?title=User:David&diff=312&oldid=0", first.link
    assert tuple(first.updated_parsed[:6]) == (2026, 11, 21, 23, 32, 36), first.updated_parsed
    # An edit's description is its summary, then the diff, styled for readers without the
    # wiki's style sheet; a log entry's begins with the performer's link.
    edit = next(e for e in feed.entries if e.title == "Paris")
    assert "<p>Late edit</p>" in edit.summary, edit.summary
    assert "<ins style=\"font-weight: bold; text-decoration: none;\">8</ins>" in edit.summary, edit.summary
    rename = next(e for e in feed.entries if e.title == "User:Dave")
    assert 'index.php?title=User:Dave&amp;redirect=no"' in rename.summary, rename.summary
    read_changes += len(feed.entries)

feed = feedparser.parse(f"{api}?action=feedrecentchanges&days=90&target=Cat&showlinkedto=1&limit=5")
assert not feed.bozo, feed.bozo_exception
assert feed.feed.link == base + "/Special:RecentChangesLinked", feed.feed.link
assert [e.title for e in feed.entries][:2] == ["User:Dave", "Main Page"], [e.title for e in feed.entries]
read_changes += len(feed.entries)

print("feedparser", feedparser.__version__, "read 1 watchlist item, 103 contributions and", read_changes, "changes")
