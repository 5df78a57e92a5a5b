"""pywikibot's documented set-up for a wiki of one's own: `generate_family_file.py` finds the API
from the URL of its landing page, api.php (argv[1], or api.php beside the index.php of a main
page's URL) — through the page's `EditURI` link and generator — and writes a family file,
which pywikibot then uses to read the wiki."""
import os
import subprocess
import sys
import tempfile

url = sys.argv[1].split("/index.php")[0]
if not url.endswith("/api.php"):
    url += "/api.php"
work = tempfile.mkdtemp(prefix="pywikibot-family-")
home = os.path.join(work, "home")
os.makedirs(home)
env = dict(os.environ, HOME=home, PYWIKIBOT_NO_USER_CONFIG="2")
# The last argument answers the question about interwiki links: no.
run = subprocess.run(
    [sys.executable, "-m", "pywikibot.scripts.generate_family_file", url, "fixturewiki", "n"],
    cwd=work, env=env, stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=120,
)
assert run.returncode == 0, run.stdout + run.stderr
family_file = os.path.join(work, "families", "fixturewiki_family.py")
assert os.path.exists(family_file), run.stdout + run.stderr
text = open(family_file, encoding="utf-8").read()
host = url.split("://", 1)[1].split("/", 1)[0]
assert "'en': '%s'" % host in text, text

# The family file works: pywikibot reads the wiki through it.
os.environ.update(PYWIKIBOT_NO_USER_CONFIG="1", PYWIKIBOT_DIR=work)
sys.path.insert(0, work)
import pywikibot  # noqa: E402
from pywikibot import config  # noqa: E402

config.family_files["fixturewiki"] = family_file
site = pywikibot.Site("en", "fixturewiki")
assert site.siteinfo["sitename"] == "Fixture Wiki", site.siteinfo["sitename"]
page = pywikibot.Page(site, "Dog")
assert page.exists() and page.text, page
print("pywikibot", pywikibot.__version__, "generated a family file and read", page.title(), "through it")
