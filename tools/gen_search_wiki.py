#!/usr/bin/env python3
"""Writes a MediaWiki XML dump of PAGES generated articles (default 100,000), about BYTES bytes
of wikitext each (default 5,000: about 500 MB in all), for benchmarking full-text search:

    python3 tools/gen_search_wiki.py OUT.xml [PAGES] [BYTES]

Also writes OUT.words: the words of frequency rank 10, 100, 1,000 and 10,000, one a line, for
queries. The words follow a Zipf-like law over a vocabulary of 50,000 made-up words, so that common
words are in most pages and rare ones in few, as in a real wiki; every page also has a
heading, links and a category. The output is deterministic (fixed seed).
"""
import hashlib
import random
import sys
from xml.sax.saxutils import escape

out_path = sys.argv[1]
pages = int(sys.argv[2]) if len(sys.argv) > 2 else 100_000
size = int(sys.argv[3]) if len(sys.argv) > 3 else 5_000
rng = random.Random(20261125)
SYLLABLES = ['ka', 'lo', 'mi', 'ne', 'ru', 'sa', 'ti', 'vo', 'zen', 'dar', 'fel', 'gor', 'hin', 'jul', 'mor', 'pes']
vocabulary = []
seen = set()
while len(vocabulary) < 50_000:
    word = ''.join(rng.choice(SYLLABLES) for _ in range(rng.randint(2, 4)))
    if word not in seen:
        seen.add(word)
        vocabulary.append(word)
weights = [1.0 / (rank + 1) for rank in range(len(vocabulary))]
cumulative = []
total = 0.0
for w in weights:
    total += w
    cumulative.append(total)


def words(n):
    return rng.choices(vocabulary, cum_weights=cumulative, k=n)


def sha1_base36(text):
    n = int(hashlib.sha1(text.encode('utf-8')).hexdigest(), 16)
    digits = '0123456789abcdefghijklmnopqrstuvwxyz'
    out = ''
    while n:
        n, r = divmod(n, 36)
        out = digits[r] + out
    return out.rjust(31, '0')


with open(out_path + '.words', 'w', encoding='utf-8') as listed:
    for rank in (10, 100, 1000, 10000):
        listed.write(vocabulary[rank - 1] + '\n')

with open(out_path, 'w', encoding='utf-8') as out:
    out.write('<mediawiki xmlns="http://www.mediawiki.org/xml/export-0.11/" version="0.11" xml:lang="en">\n')
    out.write('  <siteinfo>\n    <sitename>Search Wiki</sitename>\n    <dbname>searchwiki</dbname>\n'
              '    <base>http://127.0.0.1:8080/wiki/Main_Page</base>\n    <generator>MediaWiki 1.39.17</generator>\n'
              '    <case>first-letter</case>\n    <namespaces>\n'
              '      <namespace key="0" case="first-letter" />\n'
              '      <namespace key="14" case="first-letter">Category</namespace>\n'
              '    </namespaces>\n  </siteinfo>\n')
    titles = set()
    for page in range(1, pages + 1):
        title = ' '.join(words(2)).capitalize() + f' {page}'
        paragraphs = []
        length = 0
        while length < size:
            sentence = ' '.join(words(rng.randint(8, 16))).capitalize() + '.'
            if rng.random() < 0.15:
                target = ' '.join(words(2)).capitalize()
                sentence += f' See [[{target}]].'
            paragraphs.append(sentence)
            length += len(sentence) + 1
        text = f"'''{title}''' is an article.\n\n== {' '.join(words(3)).capitalize()} ==\n" + \
               '\n'.join(paragraphs) + f"\n\n[[Category:{words(1)[0].capitalize()}]]"
        out.write(f'  <page>\n    <title>{escape(title)}</title>\n    <ns>0</ns>\n    <id>{page}</id>\n'
                  f'    <revision>\n      <id>{page}</id>\n      <timestamp>2026-01-01T00:00:00Z</timestamp>\n'
                  f'      <contributor>\n        <username>Generator</username>\n        <id>1</id>\n'
                  f'      </contributor>\n      <model>wikitext</model>\n      <format>text/x-wiki</format>\n'
                  f'      <text bytes="{len(text.encode())}" xml:space="preserve">{escape(text)}</text>\n'
                  f'      <sha1>{sha1_base36(text)}</sha1>\n    </revision>\n  </page>\n')
    out.write('</mediawiki>\n')
