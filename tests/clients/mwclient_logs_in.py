"""mwclient logs in to the server at HOST (argv[1], `127.0.0.1:PORT`) as its users do: with a
main account's password (`action=login`, then `action=clientlogin`) and with a bot password,
whose grants limit what the session may do; then reads the logged-in user's watchlist."""
import sys

import mwclient
from mwclient.errors import LoginError

HOST = sys.argv[1]
BOT_PASSWORD = "mva1a23lpllec7ai0kkc0raq16uh981t"  # Admin@wqfull, fixtures/oracle/accounts


def site():
    return mwclient.Site(HOST, path="/", scheme="http")


alice = site()
alice.login("Alice", "FixtureUserPass-2024")
assert alice.logged_in and alice.username == "Alice", (alice.logged_in, alice.username)
assert "user" in alice.groups and "sysop" not in alice.groups, alice.groups
assert "editmywatchlist" in alice.rights, alice.rights
watched = [item["title"] for item in alice.api("query", list="watchlistraw", wrlimit="max")["watchlistraw"]]
assert watched, "Alice watches pages"

admin_bot = site()
admin_bot.login("Admin@wqfull", BOT_PASSWORD)
assert admin_bot.logged_in and admin_bot.username == "Admin", admin_bot.username
# The grants allow high limits and deleted revisions, not deleting.
assert "apihighlimits" in admin_bot.rights and "deletedtext" in admin_bot.rights, admin_bot.rights
assert "delete" not in admin_bot.rights, admin_bot.rights

bob = site()
answer = bob.clientlogin(username="Bob", password="FixtureUserPass-2024")
assert answer is True or answer.get("status") == "PASS", answer
bob.site_init()
assert bob.logged_in and bob.username == "Bob", bob.username

try:
    site().login("Alice", "not her password")
except LoginError:
    pass
else:
    raise AssertionError("a wrong password logged in")

print("mwclient", mwclient.__version__, "logged in as Alice, Admin (bot password) and Bob; watching", len(watched))
