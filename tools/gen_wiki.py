#!/usr/bin/env python3
"""Writes a MediaWiki XML dump of a made-up wiki shaped like a real one, for measuring imports
and requests at scale:

    tools/gen_wiki.py --pages 100000 --revisions 1000000 [--seed 1] OUT.xml[.gz]

The same arguments give the same dump, byte for byte. Dumps carry no interwiki map: import
with the one `--interwiki-map FILE` writes (the language prefixes the pages use, and `wikt`),
`wikiquery import --interwiki FILE`, for language links to be language links. It is written as it is made: memory stays
small whatever the size (titles are computed from numbers, never kept).

What it holds, in proportions taken from Wikipedia's:
- namespaces: articles (about 45% of pages, a quarter of them redirects), talk pages, user and
  user talk pages, project pages, templates, categories and files (each file page with its
  upload);
- edits per page from a Pareto law: most pages are edited once or twice, a few thousands of
  times; page sizes from a log-normal law (most a few kB, a few hundreds of kB); a page grows
  over its history;
- templates used by many pages and nested (infoboxes built of rows, citations built on a core
  template, navigation boxes, stubs and maintenance templates that categorise, a template
  reached through a redirect); categories in a tree, some hidden; links to other pages drawn so
  that a few pages get most of them; interwiki and language links, external links, images;
- editors: registered users whose activity follows a power law, bots that make a tenth of all
  edits (one of them most of those), and IP editors (IPv4 and IPv6);
- log entries of every everyday type after the pages: account creations, blocks, reblocks
  and unblocks, protections, moves, deletions and restorations, uploads, rights changes,
  patrols.
"""
import argparse
import gzip
import hashlib
import math
import random
import sys
from xml.sax.saxutils import escape

WORDS = (
    "river mountain history city music film science art village station language church school "
    "island football species album novel castle bridge battle empire railway museum season party "
    "election company garden temple forest desert valley harbour market festival theatre library "
    "county district province kingdom republic dynasty era century war treaty army navy airport "
    "road canal lake sea ocean coast bay cape peak glacier volcano plain plateau delta basin "
    "bird fish insect plant tree flower fungus mammal reptile river crater comet planet star "
    "galaxy theory method engine machine device program system network protocol format code "
    "painter poet writer singer actor director player coach scientist engineer architect bishop "
    "king queen prince duke count mayor governor senator minister general admiral pilot"
).split()

NAMESPACES = [
    (0, ""), (1, "Talk"), (2, "User"), (3, "User talk"), (4, "Project"), (5, "Project talk"),
    (6, "File"), (7, "File talk"), (8, "MediaWiki"), (10, "Template"), (11, "Template talk"),
    (12, "Help"), (14, "Category"), (15, "Category talk"),
]

# Share of pages in each namespace (the rest of the shares are articles).
SHARES = {1: 0.12, 2: 0.08, 3: 0.14, 4: 0.01, 6: 0.06, 10: 0.03, 14: 0.05, 12: 0.005, 11: 0.005}

LANGUAGES = ["de", "fr", "es", "it", "nl", "pl", "ja", "ru", "pt", "zh", "sv", "fi"]
INFOBOXES = ["person", "place", "river", "album", "film", "company", "species", "station",
             "battle", "building", "book", "school"]
HIDDEN_SHARE = 0.1
BOT_SHARE = 0.10
IP_SHARE = 0.15
START = 1104537600  # 2005-01-01T00:00:00Z
END = 1795305600    # 2026-11-22T00:00:00Z


def ts(seconds):
    import time
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(seconds))


def sha1_base36(text):
    n = int(hashlib.sha1(text.encode()).hexdigest(), 16)
    digits = "0123456789abcdefghijklmnopqrstuvwxyz"
    out = ""
    while n:
        n, r = divmod(n, 36)
        out = digits[r] + out
    return out.rjust(31, "0")


class Wiki:
    def __init__(self, pages, revisions, seed):
        self.seed = seed
        self.pages = pages
        self.mean_edits = max(1.0, revisions / pages)
        counts = {ns: max(1, int(pages * share)) for ns, share in SHARES.items()}
        counts[10] = max(counts[10], 30)
        counts[14] = max(counts[14], 20)
        counts[0] = max(1, pages - sum(counts.values()))
        self.counts = counts
        self.users = max(20, pages // 25)
        self.bots = max(2, self.users // 500)

    # --- names -------------------------------------------------------------------------
    def words(self, i, n=2):
        r = random.Random(i * 7919 + self.seed)
        return [r.choice(WORDS) for _ in range(n)]

    def title(self, ns, i):
        """The title of page i of namespace ns (without its namespace)."""
        if ns in (2, 3):
            return self.user(i % self.users)
        if ns == 10:
            return self.template(i)
        if ns == 14:
            w = self.words(i + 1_000_003)
            return f"{w[0].capitalize()} {w[1]}s {i}"
        if ns == 6:
            w = self.words(i + 2_000_003)
            return f"{w[0].capitalize()} {w[1]} {i}.{'jpg' if i % 4 else 'png'}"
        w = self.words(i, 2 + i % 2)
        return " ".join([w[0].capitalize()] + w[1:]) + f" {i}"

    def template(self, i):
        fixed = ["Infobox", "Infobox/row", "Cite web", "Cite book", "Citation/core", "Reflist",
                 "Stub", "Citation needed", "Use dmy dates", "Navbox", "Nav", "Main", "Coord"]
        if i < len(fixed):
            return fixed[i]
        if i < len(fixed) + len(INFOBOXES):
            return f"Infobox {INFOBOXES[i - len(fixed)]}"
        w = self.words(i + 3_000_017)
        return f"Navbox {w[0]} {i}"

    def user(self, i):
        if i < self.bots:
            return f"{self.words(i + 4_000_037, 1)[0].capitalize()}Bot {i}"
        w = self.words(i + 5_000_011, 2)
        return f"{w[0].capitalize()}{w[1]} {i}"

    def full(self, ns, title):
        prefix = dict(NAMESPACES)[ns]
        return f"{prefix}:{title}" if prefix else title

    # --- choices -----------------------------------------------------------------------
    @staticmethod
    def skewed(r, n):
        """A number in [0, n) drawn so that small ones are far likelier (log-uniform)."""
        return min(n - 1, int(math.exp(r.random() * math.log(n + 1))) - 1)

    def editor(self, r):
        """(name, id) of a registered editor, or (ip, None)."""
        u = r.random()
        if u < BOT_SHARE:
            i = 0 if r.random() < 0.6 else r.randrange(self.bots)
            return self.user(i), i + 1
        if u < BOT_SHARE + IP_SHARE:
            if r.random() < 0.8:
                return f"192.0.{r.randrange(256)}.{r.randrange(1, 255)}", None
            return f"2001:DB8:{r.randrange(65536):X}:0:0:0:0:{r.randrange(1, 65536):X}", None
        i = self.bots + self.skewed(r, self.users - self.bots)
        return self.user(i), i + 1

    # --- texts -------------------------------------------------------------------------
    def sentence(self, r, links):
        words = [r.choice(WORDS) for _ in range(r.randint(6, 16))]
        for _ in range(links):
            i = self.skewed(r, self.counts[0])
            at = r.randrange(len(words))
            words[at] = f"[[{self.title(0, i)}|{words[at]}]]" if r.random() < 0.3 else f"[[{self.title(0, i)}]]"
        return " ".join(words).capitalize() + "."

    def article(self, r, i, size):
        parts = []
        if r.random() < 0.08:
            parts.append("{{Use dmy dates|date=March 2019}}")
        if r.random() < 0.35:
            kind = r.choice(INFOBOXES)
            parts.append(f"{{{{Infobox {kind}\n| name = {self.title(0, i)}\n| image = "
                         f"{self.title(6, self.skewed(r, self.counts[6]))}\n| type = {r.choice(WORDS)}\n"
                         f"| established = {r.randint(1000, 2020)}\n}}}}")
        parts.append(f"'''{self.title(0, i)}''' is a {r.choice(WORDS)} " + self.sentence(r, 2))
        section = 0
        refs = 0
        while sum(len(p) for p in parts) < size:
            if r.random() < 0.15:
                section += 1
                parts.append(f"\n== {r.choice(WORDS).capitalize()} {section} ==")
                if r.random() < 0.2:
                    parts.append(f"{{{{Main|{self.title(0, self.skewed(r, self.counts[0]))}}}}}")
            text = " ".join(self.sentence(r, r.randint(0, 3)) for _ in range(r.randint(2, 6)))
            u = r.random()
            if u < 0.25:
                refs += 1
                text += (f"<ref>{{{{Cite web|url=https://{r.choice(WORDS)}.example.org/{i}/{refs}|"
                         f"title={r.choice(WORDS).capitalize()} {refs}|access-date=2020-01-0{refs % 9 + 1}}}}}</ref>")
            elif u < 0.32:
                text += (f"<ref>{{{{Cite book|title={r.choice(WORDS).capitalize()}|year={r.randint(1900, 2020)}|"
                         f"isbn=978-0-{r.randint(100, 999)}-{r.randint(10000, 99999)}-{r.randint(0, 9)}}}}}</ref>")
            elif u < 0.36:
                text += "{{Citation needed|date=May 2021}}"
            elif u < 0.40:
                text += f" See [https://www.{r.choice(WORDS)}.example.com/{i} the {r.choice(WORDS)} site]."
            parts.append(text)
            if r.random() < 0.05:
                parts.append(f"[[File:{self.title(6, self.skewed(r, self.counts[6]))}|thumb|{r.choice(WORDS)}]]")
        if refs:
            parts.append("\n== References ==\n{{Reflist}}")
        if r.random() < 0.3:
            parts.append(f"{{{{{'Nav' if r.random() < 0.2 else self.template(r.randrange(25, self.counts[10]) if self.counts[10] > 25 else 9)}}}}}")
        if r.random() < 0.05:
            parts.append(f"{{{{Coord|{r.uniform(-80, 80):.3f}|{r.uniform(-170, 170):.3f}}}}}")
        if size < 1500 and r.random() < 0.5:
            parts.append("{{Stub}}")
        cats = {self.skewed(r, self.counts[14]) for _ in range(r.randint(1, 5))}
        parts.append("\n".join(f"[[Category:{self.title(14, c)}]]" for c in sorted(cats)))
        if r.random() < 0.05:
            parts.append(f"[[wikt:{r.choice(WORDS)}]]")
        if r.random() < 0.4:
            langs = r.sample(LANGUAGES, r.randint(1, len(LANGUAGES)))
            parts.append("\n".join(f"[[{lang}:{self.title(0, i)}]]" for lang in sorted(langs)))
        return "\n\n".join(parts)

    def template_text(self, r, i):
        name = self.template(i)
        if name == "Infobox":
            return ('{| class="infobox"\n|+ {{{title|{{PAGENAME}}}}}\n{{{rows|}}}\n|}'
                    "<noinclude>[[Category:Infobox templates]]</noinclude>")
        if name == "Infobox/row":
            return "{{#if:{{{2|}}}|\n|-\n! {{{1}}}\n| {{{2}}}}}"
        if name.startswith("Infobox "):
            return ("{{Infobox|title={{{name|{{PAGENAME}}}}}|rows=\n{{Infobox/row|Image|{{#if:{{{image|}}}|[[File:{{{image}}}|220px]]}}}}"
                    "\n{{Infobox/row|Type|{{{type|}}}}}\n{{Infobox/row|Established|{{{established|}}}}}}}"
                    f"<includeonly>[[Category:{self.title(14, i % self.counts[14])}]]</includeonly>")
        if name == "Citation/core":
            return "<cite>[{{{url|}}} {{{title}}}]{{#if:{{{year|}}}| ({{{year}}})}}{{#if:{{{isbn|}}}|. ISBN {{{isbn}}}}}</cite>"
        if name in ("Cite web", "Cite book"):
            return "{{Citation/core|url={{{url|}}}|title={{{title|}}}|year={{{year|}}}|isbn={{{isbn|}}}}}"
        if name == "Reflist":
            return '<div class="reflist">{{#tag:references}}</div>'
        if name == "Stub":
            return "''This article is a stub.''<includeonly>[[Category:Stubs]]</includeonly>"
        if name == "Citation needed":
            return "<sup>[''citation needed'']</sup><includeonly>[[Category:Articles with unsourced statements]]</includeonly>"
        if name == "Use dmy dates":
            return "<includeonly>[[Category:Use dmy dates from {{{date|}}}]]</includeonly>"
        if name == "Nav":
            return "#REDIRECT [[Template:Navbox]]"
        if name == "Main":
            return "<div class=\"hatnote\">Main article: [[{{{1}}}]]</div>"
        if name == "Coord":
            return "<span class=\"geo\">{{{1}}}; {{{2}}}</span>"
        links = " · ".join(f"[[{self.title(0, self.skewed(r, self.counts[0]))}]]" for _ in range(r.randint(8, 30)))
        return (f'{{| class="navbox"\n! {name}\n|-\n| {links}\n|}}'
                "<noinclude>[[Category:Navigation templates]]</noinclude>")

    def category_text(self, r, i):
        parts = []
        if i < self.counts[14] * HIDDEN_SHARE or self.title(14, i).startswith("Use dmy"):
            parts.append("__HIDDENCAT__")
        parts.append(" ".join(self.sentence(r, 1) for _ in range(r.randint(1, 3))))
        if i > 0:
            parts.append(f"[[Category:{self.title(14, r.randrange(max(1, i // 4) + 1) if i > 3 else 0)}]]")
        return "\n".join(parts)

    def text(self, ns, i, r):
        if ns == 0:
            if i % 4 == 3:
                return f"#REDIRECT [[{self.title(0, self.skewed(r, self.counts[0]))}]]"
            return self.article(r, i, int(min(300_000, r.lognormvariate(math.log(2500), 1.0))))
        if ns == 10:
            return self.template_text(r, i)
        if ns == 14:
            return self.category_text(r, i)
        if ns == 6:
            return f"== Summary ==\n{self.sentence(r, 1)}\n== Licensing ==\n{{{{Stub}}}}"
        size = int(min(200_000, r.lognormvariate(math.log(1800 if ns % 2 else 600), 1.2)))
        out = []
        while sum(len(p) for p in out) < size:
            line = self.sentence(r, r.randint(0, 2))
            if ns % 2:
                name, _ = self.editor(r)
                line = f": {line} [[User:{name}|{name}]] ([[User talk:{name}|talk]]) 12:{r.randrange(60):02d}, 3 May 2020 (UTC)"
            out.append(line)
        return "\n\n".join(out)

    # --- writing -----------------------------------------------------------------------
    @staticmethod
    def contributor(name, uid, indent="      "):
        if uid is None:
            return f"{indent}<contributor>\n{indent}  <ip>{name}</ip>\n{indent}</contributor>\n"
        return (f"{indent}<contributor>\n{indent}  <username>{escape(name)}</username>\n"
                f"{indent}  <id>{uid}</id>\n{indent}</contributor>\n")

    def edits(self, r):
        alpha = 1.3
        # 1.4: redirects, and half the templates, categories and files, are edited only a
        # few times; the other pages make up for them.
        scale = 1.4 * self.mean_edits / (alpha / (alpha - 1))
        return max(1, min(50_000, int(round(scale * (1 - r.random()) ** (-1 / alpha)))))

    def write(self, out):
        out.write('<mediawiki xmlns="http://www.mediawiki.org/xml/export-0.11/" version="0.11" xml:lang="en">\n'
                  "  <siteinfo>\n    <sitename>Generated Wiki</sitename>\n    <dbname>generatedwiki</dbname>\n"
                  "    <base>http://localhost/index.php/Main_Page</base>\n    <generator>MediaWiki 1.39.0</generator>\n"
                  "    <case>first-letter</case>\n    <namespaces>\n")
        for key, name in NAMESPACES:
            out.write(f'      <namespace key="{key}" case="first-letter">{name}</namespace>\n'
                      if name else f'      <namespace key="{key}" case="first-letter" />\n')
        out.write("    </namespaces>\n  </siteinfo>\n")
        page_id = 0
        rev_id = 0
        order = [10, 14, 6, 0, 1, 2, 3, 4, 12, 11]
        for ns in order:
            for i in range(self.counts[ns]):
                if ns in (2, 3) and i >= self.users:
                    break
                r = random.Random(hash((self.seed, ns, i)) & 0xFFFFFFFF)
                page_id += 1
                final = self.text(ns, i, r)
                n = 1 if ns in (10, 14, 6) and r.random() < 0.5 else self.edits(r)
                if final.startswith("#REDIRECT"):
                    n = min(n, 3)
                title = self.full(ns, self.title(ns, i))
                out.write(f"  <page>\n    <title>{escape(title)}</title>\n    <ns>{ns}</ns>\n    <id>{page_id}</id>\n")
                if final.startswith("#REDIRECT"):
                    target = final[final.index("[[") + 2:final.index("]]")]
                    out.write(f'    <redirect title="{escape(target)}" />\n')
                start = r.randint(START, END - 86400 * 30)
                times = sorted(r.randint(start, END - 60) for _ in range(n))
                for k in range(n):
                    rev_id += 1
                    if k == n - 1:
                        text = final
                    else:
                        keep = int(len(final) * (0.3 + 0.7 * (k + 1) / n))
                        text = final[:keep]
                    name, uid = self.editor(r)
                    minor = "      <minor />\n" if r.random() < 0.2 else ""
                    comment = f"      <comment>{escape(r.choice(WORDS))} {r.choice(WORDS)}</comment>\n" if r.random() < 0.8 else ""
                    parent = f"      <parentid>{rev_id - 1}</parentid>\n" if k else ""
                    body = escape(text)
                    out.write(f"    <revision>\n      <id>{rev_id}</id>\n{parent}      <timestamp>{ts(times[k])}</timestamp>\n"
                              f"{self.contributor(name, uid)}{minor}{comment}      <model>wikitext</model>\n"
                              f"      <format>text/x-wiki</format>\n"
                              f'      <text bytes="{len(text.encode())}" sha1="{sha1_base36(text)}" xml:space="preserve">{body}</text>\n'
                              f"      <sha1>{sha1_base36(text)}</sha1>\n    </revision>\n")
                if ns == 6:
                    name, uid = self.editor(r)
                    if uid is None:
                        name, uid = self.user(self.bots), self.bots + 1
                    file_name = self.title(6, i)
                    out.write(f"    <upload>\n      <timestamp>{ts(times[0])}</timestamp>\n{self.contributor(name, uid)}"
                              f"      <comment>Own work</comment>\n      <filename>{escape(file_name)}</filename>\n"
                              f"      <src>http://localhost/images/{i % 16:x}/{escape(file_name)}</src>\n"
                              f"      <size>{r.randint(20_000, 5_000_000)}</size>\n"
                              f"      <sha1base36>{sha1_base36(file_name)}</sha1base36>\n"
                              f"      <rel>{i % 16:x}/{escape(file_name)}</rel>\n    </upload>\n")
                out.write("  </page>\n")
        self.write_log(out)
        out.write("</mediawiki>\n")
        return page_id, rev_id

    def write_log(self, out):
        r = random.Random(self.seed * 31 + 7)
        entries = []
        for u in range(self.users):
            entries.append((r.randint(START, END), "newusers", "create", f"User:{self.user(u)}",
                            f'a:1:{{s:9:"4::userid";i:{u + 1};}}', (self.user(u), u + 1)))
        admins = [self.user(self.bots + k) for k in range(min(10, self.users - self.bots))]

        def admin():
            k = r.randrange(len(admins))
            return admins[k], self.bots + k + 1

        def php(s):
            return f's:{len(s.encode())}:"{s}";'
        for b in range(self.bots):
            entries.append((r.randint(START, END), "rights", "rights", f"User:{self.user(b)}",
                            'a:2:{s:12:"4::oldgroups";a:0:{}s:12:"5::newgroups";a:1:{i:0;s:3:"bot";}}', admin()))
        for _ in range(max(5, self.pages // 200)):
            target, _ = self.editor(r)
            t = r.randint(START, END - 86400)
            flags = r.choice(["nocreate", "nocreate,noautoblock", "anononly,nocreate", ""])
            entries.append((t, "block", "block", f"User:{target}",
                            f'a:3:{{s:11:"5::duration";{php(r.choice(["31 hours", "1 week", "infinity"]))}'
                            f's:8:"6::flags";{php(flags)}s:8:"sitewide";b:1;}}', admin()))
            if r.random() < 0.2:
                entries.append((t + 3600, "block", "reblock", f"User:{target}",
                                f'a:3:{{s:11:"5::duration";{php("1 year")}s:8:"6::flags";{php(flags)}s:8:"sitewide";b:1;}}', admin()))
            if r.random() < 0.3:
                entries.append((t + 86400, "block", "unblock", f"User:{target}", "a:0:{}", admin()))
        for _ in range(max(5, self.pages // 300)):
            title = self.title(0, self.skewed(r, self.counts[0]))
            level = r.choice(["autoconfirmed", "sysop"])
            expiry = r.choice(["infinity", "20271231000000"])
            desc = f"\u200e[edit={level}] (indefinite)\u200e[move={level}] (indefinite)"
            details = "".join(
                f'i:{k};a:4:{{s:4:"type";{php(kind)}s:5:"level";{php(level)}s:6:"expiry";{php(expiry)}s:7:"cascade";b:0;}}'
                for k, kind in enumerate(["edit", "move"]))
            entries.append((r.randint(START, END), "protect", "protect", title,
                            f'a:3:{{s:14:"4::description";{php(desc)}s:14:"5:bool:cascade";b:0;s:7:"details";a:2:{{{details}}}}}',
                            admin()))
        for m in range(max(5, self.pages // 150)):
            old = f"{self.words(m + 6_000_001)[0].capitalize()} (moved) {m}"
            new = self.title(0, self.skewed(r, self.counts[0]))
            entries.append((r.randint(START, END), "move", "move", old,
                            f'a:2:{{s:9:"4::target";{php(new)}s:10:"5::noredir";s:1:"0";}}', self.editor_registered(r)))
        for d in range(max(5, self.pages // 100)):
            title = f"{self.words(d + 7_000_003)[0].capitalize()} spam {d}"
            t = r.randint(START, END - 86400)
            entries.append((t, "delete", "delete", title, "a:0:{}", admin()))
            if r.random() < 0.05:
                entries.append((t + 86400, "delete", "restore", title,
                                'a:1:{s:12:":assoc:count";a:2:{s:9:"revisions";i:1;s:5:"files";i:0;}}', admin()))
        for f in range(self.counts[6]):
            entries.append((r.randint(START, END), "upload", "upload", f"File:{self.title(6, f)}",
                            f'a:2:{{s:8:"img_sha1";{php(sha1_base36(self.title(6, f)))}'
                            f's:13:"img_timestamp";s:14:"20200101000000";}}', self.editor_registered(r)))
        for p in range(max(5, self.pages // 50)):
            cur = r.randrange(2, 1 + max(2, int(self.pages * self.mean_edits)))
            entries.append((r.randint(START, END), "patrol", "patrol", self.title(0, self.skewed(r, self.counts[0])),
                            f'a:3:{{s:8:"4::curid";{php(str(cur))}s:9:"5::previd";{php(str(cur - 1))}s:7:"6::auto";i:0;}}',
                            admin()))
        entries.sort(key=lambda e: e[0])
        for log_id, (t, kind, action, title, params, (name, uid)) in enumerate(entries, 1):
            out.write(f"  <logitem>\n    <id>{log_id}</id>\n    <timestamp>{ts(t)}</timestamp>\n"
                      + self.contributor(name, uid, "    ")
                      + f"    <comment>{escape(r.choice(WORDS))}</comment>\n    <type>{kind}</type>\n"
                      f"    <action>{action}</action>\n    <logtitle>{escape(title)}</logtitle>\n"
                      f'    <params xml:space="preserve">{escape(params)}</params>\n  </logitem>\n')

    def editor_registered(self, r):
        name, uid = self.editor(r)
        if uid is None:
            return self.user(self.bots), self.bots + 1
        return name, uid


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("out", help="the dump to write (.xml, or .xml.gz compressed); - for standard output")
    ap.add_argument("--pages", type=int, default=10_000, help="pages (default %(default)s)")
    ap.add_argument("--revisions", type=int, default=None, help="revisions, about (default: 10 a page)")
    ap.add_argument("--seed", type=int, default=1, help="the same seed gives the same dump (default %(default)s)")
    ap.add_argument("--interwiki-map", metavar="FILE", help="also write the interwiki map (TOML) to import with")
    args = ap.parse_args()
    if args.interwiki_map:
        with open(args.interwiki_map, "w", encoding="utf-8") as f:
            f.write("# The interwiki map of tools/gen_wiki.py's wiki: its language links and `wikt`.\n")
            for prefix in sorted(LANGUAGES + ["en"]):
                f.write(f'\n[[interwiki]]\nprefix = "{prefix}"\nurl = "https://{prefix}.example.org/wiki/$1"\n'
                        "local = true\ntrans = false\n")
            f.write('\n[[interwiki]]\nprefix = "wikt"\nurl = "https://en.example.org/dictionary/$1"\n'
                    "local = false\ntrans = false\n")
    wiki = Wiki(args.pages, args.revisions or args.pages * 10, args.seed)
    if args.out == "-":
        out = sys.stdout
    elif args.out.endswith(".gz"):
        out = gzip.open(args.out, "wt", encoding="utf-8", compresslevel=3)
    else:
        out = open(args.out, "w", encoding="utf-8", buffering=1 << 20)
    with out:
        pages, revisions = wiki.write(out)
    print(f"{pages} pages, {revisions} revisions", file=sys.stderr)


if __name__ == "__main__":
    main()
