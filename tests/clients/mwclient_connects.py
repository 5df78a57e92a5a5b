"""mwclient connects to the server at HOST (argv[1], `127.0.0.1:PORT`) and reads what a bot reads
first: the site's name, its MediaWiki version, its namespaces, the caller's groups and rights."""
import sys

import mwclient

site = mwclient.Site(sys.argv[1], path="/", scheme="http")
assert site.site["sitename"] == "Fixture Wiki", site.site["sitename"]
assert site.version[:2] == (1, 39), site.version
assert site.namespaces[4] == "Fixture Wiki" and site.namespaces[14] == "Category", site.namespaces
assert "read" in site.rights and site.groups == ["*"], (site.rights, site.groups)
print("mwclient", mwclient.__version__, "connected:", site.site["sitename"], site.version)
