"""pywikibot connects to the wiki whose main page is at URL (argv[1]) without a user-config.py,
through a family read from the site itself, and reads its version, namespaces and the
caller's rights."""
import os
import sys
import tempfile

os.environ.setdefault("PYWIKIBOT_NO_USER_CONFIG", "1")
os.environ.setdefault("PYWIKIBOT_DIR", tempfile.mkdtemp(prefix="pywikibot-"))

import pywikibot  # noqa: E402
from pywikibot.family import AutoFamily  # noqa: E402

# AutoFamily takes the API's URL: api.php next to the index.php of the main page's URL.
family = AutoFamily("fixture", sys.argv[1].split("/index.php")[0] + "/api.php")
site = pywikibot.Site(family.code, family)
assert site.siteinfo["sitename"] == "Fixture Wiki", site.siteinfo["sitename"]
assert str(site.mw_version).startswith("1.39"), site.mw_version
assert site.namespaces[4].custom_name == "Fixture Wiki", site.namespaces[4]
assert site.has_right("read")
print("pywikibot", pywikibot.__version__, "connected:", site.siteinfo["sitename"], site.mw_version)
