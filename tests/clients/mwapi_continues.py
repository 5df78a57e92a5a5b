"""mwapi follows continuation over long lists against the server at URL (argv[1],
`http://127.0.0.1:PORT`): every page and every log entry, seven at a time, equal the whole
list read at once."""
import sys

import mwapi

session = mwapi.Session(sys.argv[1], api_path="/api.php", user_agent="wikiquery client tests")


def continued(**params):
    items = []
    for batch in session.get(action="query", formatversion=2, continuation=True, **params):
        items.extend(batch["query"][params["list"]])
    return items


whole = session.get(action="query", list="allpages", aplimit="max", formatversion=2)["query"]["allpages"]
paged = continued(list="allpages", aplimit=7)
assert [p["title"] for p in paged] == [p["title"] for p in whole], (len(paged), len(whole))
logs = continued(list="logevents", lelimit=7)
all_logs = session.get(action="query", list="logevents", lelimit="max", formatversion=2)["query"]["logevents"]
assert [e["logid"] for e in logs] == [e["logid"] for e in all_logs], (len(logs), len(all_logs))
print("mwapi", mwapi.__version__ if hasattr(mwapi, "__version__") else "", "followed", len(paged), "pages and", len(logs), "log entries")
