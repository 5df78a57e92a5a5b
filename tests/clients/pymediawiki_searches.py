"""pymediawiki reads the fixture wiki at API (argv[1], `http://127.0.0.1:PORT/api.php`) as a
search box does: OpenSearch suggestions (redirects resolved or not, a limit) and a prefix search."""
import sys

from mediawiki import MediaWiki

wiki = MediaWiki(url=sys.argv[1])
base = sys.argv[1].rsplit("/", 1)[0] + "/index.php/"

suggestions = wiki.opensearch("Ma")
assert [s[0] for s in suggestions] == ["Madrid", "Main Page", "Maple", "Mathematics"], suggestions
assert suggestions[1] == ("Main Page", "", base + "Main_Page"), suggestions[1]
# Kitty redirects to Cat: resolved by default, returned as itself when asked.
assert [s[0] for s in wiki.opensearch("Kitt")] == ["Kitty", "Cat"], wiki.opensearch("Kitt")
assert [s[0] for s in wiki.opensearch("Kitt", redirect=False)] == ["Kitten", "Kitty"]
# Three asked for, two left: Paname redirects to Paris, which is shown once.
assert [s[0] for s in wiki.opensearch("P", results=3)] == ["Paris", "Penguin"], wiki.opensearch("P", results=3)
assert wiki.opensearch("Zzzz") == []
assert wiki.prefixsearch("Ca", results=3) == ["Cactus", "Café culture", "Cairo"], wiki.prefixsearch("Ca", results=3)

print("pymediawiki", wiki.version, "suggested", len(suggestions), "titles for Ma")
