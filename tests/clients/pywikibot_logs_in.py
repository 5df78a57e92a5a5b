"""pywikibot logs in to the wiki whose main page is at URL (argv[1]) with a bot password from
its password file, as bots are configured to, and reads with the session's rights."""
import os
import stat
import sys
import tempfile

os.environ.setdefault("PYWIKIBOT_NO_USER_CONFIG", "1")
os.environ.setdefault("PYWIKIBOT_DIR", tempfile.mkdtemp(prefix="pywikibot-"))

import pywikibot  # noqa: E402
from pywikibot import config  # noqa: E402
from pywikibot.family import AutoFamily  # noqa: E402

# AutoFamily takes the API's URL: api.php next to the index.php of the main page's URL.
family = AutoFamily("fixture", sys.argv[1].split("/index.php")[0] + "/api.php")
passwords = os.path.join(os.environ["PYWIKIBOT_DIR"], "user-password.py")
with open(passwords, "w", encoding="utf-8") as f:
    # Admin's bot password `wqfull` (fixtures/oracle/accounts).
    f.write('("Admin", BotPassword("wqfull", "mva1a23lpllec7ai0kkc0raq16uh981t"))\n')
os.chmod(passwords, stat.S_IRUSR | stat.S_IWUSR)
config.password_file = passwords
config.usernames[family.name][family.code] = "Admin"

site = pywikibot.Site(family.code, family, user="Admin")
site.login()
assert site.logged_in(), "logged in"
assert site.user() == "Admin", site.user()
assert site.has_right("apihighlimits") and not site.has_right("delete"), site.userinfo["rights"]
assert "sysop" in site.userinfo["groups"], site.userinfo["groups"]
print("pywikibot", pywikibot.__version__, "logged in as", site.user(), "with a bot password")
