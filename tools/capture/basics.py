#!/usr/bin/env python3
"""Captures MediaWiki 1.39's answers to a fixed list of requests, for the differential tests.

The reference MediaWiki serves the fixture database (tests/fixtures/mw139/fixturewiki.sqlite);
start it with the oracle scripts that come with the fixture (`serve-fixture.sh 8081 DATA_DIR`). Each request
is written to tests/fixtures/oracle/<group>/<name>.json as
{"request": "<query string>", "response": <the parsed JSON answer>}; the Rust tests replay the
request in-process against the same database and compare. The tests never talk to MediaWiki.

    tools/capture.py basics [--api URL] [GROUP ...]     (default: every group)

GROUPS holds the requests: group -> {file name: query string (already URL-encoded)}.
CHAINS holds requests that are followed through their `continue` members until MediaWiki has
no more; step n is written as <name>-<nn>.json.
"""

import argparse
import json
import os
import re
import sys
import urllib.error
import urllib.parse
import urllib.request

DEFAULT_API = "http://127.0.0.1:8081/api.php"
OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "tests", "fixtures", "oracle")
# Groups filed under another module's folder.
FOLDERS = {"rvparse": os.path.join("revisions", "rvparse")}

AP = "action=query&list=allpages"
FV2 = "&format=json&formatversion=2"
FV1 = "&format=json"

# Groups stored by structure (SHAPES: JSON answers; PAGES: HTML pages and raw documents).
SHAPES = {}
PAGES = {}

GROUPS = {
    "allpages": {
        # defaults, both formats
        "default": AP + FV1,
        "default.fv2": AP + FV2,
        # values that are not NFC are cleaned, with a warning
        "from-unclean.fv2": AP + "&apfrom=Cafe%CC%81&aplimit=2&errorformat=plaintext" + FV2,
        "prefix-unclean": AP + "&apprefix=Cafe%CC%81" + FV1,
        # warnings with their data, in the formats that write it
        "limit-over-max-plaintext.fv2": AP + "&aplimit=600&errorformat=plaintext" + FV2,
        "limit-zero-none.fv2": AP + "&aplimit=0&errorformat=none" + FV2,
        "bad-dir-values-html": AP + "&apprtype=edit%7Cbogus%7Cworse&errorformat=html" + FV1,
        # namespaces
        "ns1-max.fv2": AP + "&apnamespace=1&aplimit=max" + FV2,
        "ns2-max": AP + "&apnamespace=2&aplimit=max" + FV1,
        "ns2-max.fv2": AP + "&apnamespace=2&aplimit=max" + FV2,
        "ns3-limit3.fv2": AP + "&apnamespace=3&aplimit=3" + FV2,
        "ns4-max": AP + "&apnamespace=4&aplimit=max" + FV1,
        "ns6.fv2": AP + "&apnamespace=6" + FV2,
        "ns10-limit5": AP + "&apnamespace=10&aplimit=5" + FV1,
        "ns14-max.fv2": AP + "&apnamespace=14&aplimit=max" + FV2,
        "ns5-empty": AP + "&apnamespace=5" + FV1,
        "ns5-empty.fv2": AP + "&apnamespace=5" + FV2,
        "ns0-max": AP + "&aplimit=max" + FV1,
        "ns0-max.fv2": AP + "&aplimit=max" + FV2,
        # redirects
        "redirects-max.fv2": AP + "&apfilterredir=redirects&aplimit=max" + FV2,
        "redirects-ns14": AP + "&apfilterredir=redirects&apnamespace=14" + FV1,
        "nonredirects-limit20": AP + "&apfilterredir=nonredirects&aplimit=20" + FV1,
        "nonredirects-ns10.fv2": AP + "&apfilterredir=nonredirects&apnamespace=10" + FV2,
        # language links
        "withlanglinks-max.fv2": AP + "&apfilterlanglinks=withlanglinks&aplimit=max" + FV2,
        "withoutlanglinks-limit15": AP + "&apfilterlanglinks=withoutlanglinks&aplimit=15" + FV1,
        "withlanglinks-ns14.fv2": AP + "&apfilterlanglinks=withlanglinks&apnamespace=14" + FV2,
        # sizes
        "minsize500.fv2": AP + "&apminsize=500&aplimit=max" + FV2,
        "maxsize20": AP + "&apmaxsize=20&aplimit=max" + FV1,
        "size-range-ns2.fv2": AP + "&apminsize=20&apmaxsize=80&apnamespace=2&aplimit=max" + FV2,
        "size-negative.fv2": AP + "&apmaxsize=-1" + FV2,
        # protection
        "prtype-edit.fv2": AP + "&apprtype=edit&aplimit=max" + FV2,
        "prtype-edit-move": AP + "&apprtype=edit%7Cmove&aplimit=max" + FV1,
        "prtype-move-ns4.fv2": AP + "&apprtype=move&apnamespace=4" + FV2,
        "prtype-edit-ns4.fv2": AP + "&apprtype=edit&apnamespace=4" + FV2,
        "prlevel-sysop.fv2": AP + "&apprtype=edit&apprlevel=sysop" + FV2,
        "prlevel-autoconfirmed.fv2": AP + "&apprtype=edit&apprlevel=autoconfirmed" + FV2,
        "prlevel-empty.fv2": AP + "&apprtype=move&apprlevel=" + FV2,
        "prcascade-cascading.fv2": AP + "&apprtype=edit&apprfiltercascade=cascading&apnamespace=4" + FV2,
        "prcascade-noncascading-ns4.fv2": AP + "&apprtype=edit&apprfiltercascade=noncascading&apnamespace=4" + FV2,
        "prcascade-noncascading": AP + "&apprtype=edit%7Cmove&apprfiltercascade=noncascading" + FV1,
        "prcascade-without-prtype.fv2": AP + "&apprfiltercascade=cascading&aplimit=3" + FV2,
        "prexpiry-indefinite.fv2": AP + "&apprexpiry=indefinite" + FV2,
        "prexpiry-definite.fv2": AP + "&apprexpiry=definite" + FV2,
        "prexpiry-definite-move.fv2": AP + "&apprexpiry=definite&apprtype=move" + FV2,
        "prexpiry-indefinite-edit-desc": AP + "&apprexpiry=indefinite&apprtype=edit&apdir=descending" + FV1,
        "prtype-upload.fv2": AP + "&apprtype=upload" + FV2,
        "prtype-empty.fv2": AP + "&apprtype=&aplimit=2" + FV2,
        # prefix
        "prefix-pro.fv2": AP + "&apprefix=Pro" + FV2,
        "prefix-lowercase-leading-space": AP + "&apprefix=%20%20pro" + FV1,
        "prefix-trailing-space.fv2": AP + "&apprefix=Protected%20t" + FV2,
        "prefix-trailing-only-space.fv2": AP + "&apprefix=Cat%20" + FV2,
        "prefix-underscore-literal.fv2": AP + "&apprefix=Ba_" + FV2,
        "prefix-percent-literal.fv2": AP + "&apprefix=%25" + FV2,
        "prefix-plus.fv2": AP + "&apprefix=c%2B" + FV2,
        "prefix-ampersand": AP + "&apprefix=rock%20%26" + FV1,
        "prefix-non-ascii.fv2": AP + "&apprefix=%C5%82%C3%B3" + FV2,
        "prefix-cjk.fv2": AP + "&apprefix=%E6%9D%B1" + FV2,
        "prefix-empty-limit3.fv2": AP + "&apprefix=&aplimit=3" + FV2,
        "prefix-user-subpages.fv2": AP + "&apnamespace=2&apprefix=alice/" + FV2,
        "prefix-ip-ns3.fv2": AP + "&apnamespace=3&apprefix=192.0.2." + FV2,
        "prefix-desc.fv2": AP + "&apprefix=C&apdir=descending&aplimit=4" + FV2,
        "prefix-case-sensitive.fv2": AP + "&apprefix=pROT" + FV2,
        "prefix-case-sensitive-ban": AP + "&apprefix=bAN" + FV1,
        "prefix-ns4-site-name.fv2": AP + "&apnamespace=4&apprefix=Fixture%20Wiki:A" + FV2,
        "from-ns2-namespace-again.fv2": AP + "&apnamespace=2&apfrom=User:Bob" + FV2,
        # from / to / dir
        "from-b-to-c.fv2": AP + "&apfrom=B&apto=C" + FV2,
        "from-b-to-c-desc.fv2": AP + "&apfrom=B&apto=C&apdir=descending" + FV2,
        "from-c-to-b-desc": AP + "&apfrom=C&apto=B&apdir=descending&aplimit=max" + FV1,
        "from-lowercase.fv2": AP + "&apfrom=m&aplimit=5" + FV2,
        "from-space-title.fv2": AP + "&apfrom=new%20name&aplimit=3" + FV2,
        "to-only.fv2": AP + "&apto=Apple" + FV2,
        "desc-limit5.fv2": AP + "&apdir=descending&aplimit=5" + FV2,
        "desc-limit5": AP + "&apdir=descending&aplimit=5" + FV1,
        "from-empty-desc.fv2": AP + "&apfrom=&apdir=descending" + FV2,
        "from-empty-limit2.fv2": AP + "&apfrom=&aplimit=2" + FV2,
        "from-ns4-canonical.fv2": AP + "&apnamespace=4&apfrom=p" + FV2,
        "from-to-ns14-limit2": AP + "&apnamespace=14&apfrom=B&apto=P&aplimit=2" + FV1,
        # continue
        "continue-biology.fv2": AP + "&apcontinue=Biology&aplimit=5" + FV2,
        "continue-desc": AP + "&apcontinue=Biology&apdir=descending&aplimit=3" + FV1,
        "continue-empty.fv2": AP + "&apcontinue=&aplimit=2" + FV2,
        "continue-with-from.fv2": AP + "&apfrom=C&apcontinue=Dog&aplimit=3" + FV2,
        "rawcontinue": AP + "&aplimit=3&rawcontinue=1" + FV1,
        "combined-filters.fv2": AP
        + "&apfilterredir=nonredirects&apfilterlanglinks=withoutlanglinks&apminsize=100&apfrom=L&aplimit=6"
        + FV2,
        # limits
        "limit1": AP + "&aplimit=1" + FV1,
        "limit-over-max.fv2": AP + "&aplimit=1000" + FV2,
        "limit-zero.fv2": AP + "&aplimit=0" + FV2,
        # bad input
        "error-namespace.fv2": AP + "&apnamespace=9999" + FV2,
        "error-limit-abc.fv2": AP + "&aplimit=abc" + FV2,
        "error-limit-abc": AP + "&aplimit=abc" + FV1,
        "error-continue-bar.fv2": AP + "&apcontinue=a%7Cb" + FV2,
        "error-prlevel-without-prtype.fv2": AP + "&apprlevel=sysop" + FV2,
        "error-prlevel-empty-without-prtype.fv2": AP + "&apprlevel=" + FV2,
        "error-from-other-namespace.fv2": AP + "&apfrom=Talk:Foo" + FV2,
        "error-prefix-fragment.fv2": AP + "&apprefix=Foo%23bar" + FV2,
        "error-prefix-interwiki.fv2": AP + "&apprefix=en:Foo" + FV2,
        "error-to-illegal.fv2": AP + "&apto=a%5Bb" + FV2,
        "error-minsize-abc.fv2": AP + "&apminsize=abc" + FV2,
        "error-filterredir.fv2": AP + "&apfilterredir=bogus" + FV2,
        "error-dir": AP + "&apdir=up" + FV1,
        "warning-prtype-bogus.fv2": AP + "&apprtype=bogus&aplimit=2" + FV2,
        "prlevel-bogus-warning.fv2": AP + "&apprtype=edit&apprlevel=bogus" + FV2,
    },
}

CHAINS = {
    "allpages": {
        "chain-ns0-limit7.fv2": AP + "&aplimit=7" + FV2,
        "chain-ns2-limit5": AP + "&apnamespace=2&aplimit=5" + FV1,
    },
}


# Revisions rendered (`rvparse`): one revision a request, the pages' own answers in both
# formats, sections, the legacy shape and the limit.
RV = "action=query&prop=revisions&rvprop=content%7Cids&rvparse=1"
GROUPS["rvparse"] = {
    "lion": RV + "&titles=Lion" + FV1,
    "lion.fv2": RV + "&titles=Lion" + FV2,
    "apple.fv2": RV + "&titles=Apple" + FV2,
    "cat.fv2": RV + "&titles=Cat" + FV2,
    "section.fv2": RV + "&titles=Apple&rvsection=1" + FV2,
    "limit3.fv2": RV + "&titles=Apple&rvlimit=3" + FV2,
    "revid.fv2": RV + "&revids=100" + FV2,
    "redirect.fv2": RV + "&titles=Kitten" + FV2,
    "no-content.fv2": "action=query&prop=revisions&rvprop=ids&rvparse=1&titles=Lion" + FV2,
    "with-slots.fv2": RV + "&titles=Lion&rvslots=main" + FV2,
    "allrevisions.fv2": "action=query&list=allrevisions&arvprop=content%7Cids&arvparse=1&arvlimit=2" + FV2,
}
CHAINS["rvparse"] = {
    "two-pages.fv2": RV + "&titles=Dog%7CLion" + FV2,
}

LE = "action=query&list=logevents"
ALLPROPS = "&leprop=ids%7Ctitle%7Ctype%7Cuser%7Cuserid%7Ctimestamp%7Ccomment%7Cparsedcomment%7Cdetails%7Ctags"

GROUPS["logevents"] = {
    # defaults and every property, both formats
    "default": LE + FV1,
    "default.fv2": LE + FV2,
    "max": LE + "&lelimit=max" + FV1,
    "max.fv2": LE + "&lelimit=max" + FV2,
    "allprops-max": LE + ALLPROPS + "&lelimit=max" + FV1,
    "allprops-max.fv2": LE + ALLPROPS + "&lelimit=max" + FV2,
    "allprops-newer-max.fv2": LE + ALLPROPS + "&lelimit=max&ledir=newer" + FV2,
    # one property at a time
    "prop-ids.fv2": LE + "&leprop=ids&lelimit=30" + FV2,
    "prop-title.fv2": LE + "&leprop=title&lelimit=30" + FV2,
    "prop-type": LE + "&leprop=type&lelimit=30" + FV1,
    "prop-user.fv2": LE + "&leprop=user&lelimit=max" + FV2,
    "prop-userid": LE + "&leprop=userid&lelimit=max" + FV1,
    "prop-user-userid.fv2": LE + "&leprop=user%7Cuserid&lelimit=max" + FV2,
    "prop-timestamp.fv2": LE + "&leprop=timestamp&lelimit=30" + FV2,
    "prop-comment": LE + "&leprop=comment&lelimit=max" + FV1,
    "prop-parsedcomment.fv2": LE + "&leprop=parsedcomment&lelimit=max" + FV2,
    "prop-details.fv2": LE + "&leprop=details&lelimit=max" + FV2,
    "prop-details": LE + "&leprop=details&lelimit=max" + FV1,
    "prop-tags.fv2": LE + "&leprop=tags&lelimit=max" + FV2,
    "prop-empty.fv2": LE + "&leprop=&lelimit=5" + FV2,
    "prop-bogus-warning.fv2": LE + "&leprop=ids%7Cbogus&lelimit=3" + FV2,
    # every log type
    "type-block.fv2": LE + ALLPROPS + "&letype=block" + FV2,
    "type-block": LE + ALLPROPS + "&letype=block" + FV1,
    "type-contentmodel.fv2": LE + ALLPROPS + "&letype=contentmodel" + FV2,
    "type-create.fv2": LE + ALLPROPS + "&letype=create&lelimit=25" + FV2,
    "type-delete.fv2": LE + ALLPROPS + "&letype=delete" + FV2,
    "type-delete": LE + ALLPROPS + "&letype=delete" + FV1,
    "type-import.fv2": LE + ALLPROPS + "&letype=import" + FV2,
    "type-managetags.fv2": LE + ALLPROPS + "&letype=managetags" + FV2,
    "type-merge.fv2": LE + ALLPROPS + "&letype=merge" + FV2,
    "type-move.fv2": LE + ALLPROPS + "&letype=move" + FV2,
    "type-move": LE + ALLPROPS + "&letype=move" + FV1,
    "type-newusers.fv2": LE + ALLPROPS + "&letype=newusers" + FV2,
    "type-patrol.fv2": LE + ALLPROPS + "&letype=patrol" + FV2,
    "type-patrol": LE + ALLPROPS + "&letype=patrol" + FV1,
    "type-protect.fv2": LE + ALLPROPS + "&letype=protect" + FV2,
    "type-protect": LE + ALLPROPS + "&letype=protect" + FV1,
    "type-renameuser.fv2": LE + ALLPROPS + "&letype=renameuser" + FV2,
    "type-rights.fv2": LE + ALLPROPS + "&letype=rights" + FV2,
    "type-rights": LE + ALLPROPS + "&letype=rights" + FV1,
    "type-suppress.fv2": LE + ALLPROPS + "&letype=suppress" + FV2,
    "type-tag.fv2": LE + ALLPROPS + "&letype=tag" + FV2,
    "type-tag": LE + ALLPROPS + "&letype=tag" + FV1,
    "type-upload.fv2": LE + ALLPROPS + "&letype=upload" + FV2,
    "type-empty.fv2": LE + "&letype=" + FV2,
    # actions
    "action-block-reblock.fv2": LE + "&leaction=block/reblock" + FV2,
    "action-block-unblock": LE + "&leaction=block/unblock" + FV1,
    "action-delete-revision.fv2": LE + "&leaction=delete/revision" + FV2,
    "action-delete-event.fv2": LE + "&leaction=delete/event" + FV2,
    "action-delete-restore": LE + "&leaction=delete/restore" + FV1,
    "action-delete-delete_redir.fv2": LE + "&leaction=delete/delete_redir" + FV2,
    "action-protect-move_prot.fv2": LE + "&leaction=protect/move_prot" + FV2,
    "action-protect-unprotect.fv2": LE + "&leaction=protect/unprotect" + FV2,
    "action-rights-rights.fv2": LE + "&leaction=rights/rights&leprop=type%7Ctitle%7Cdetails" + FV2,
    "action-upload-overwrite.fv2": LE + "&leaction=upload/overwrite" + FV2,
    "action-newusers-create2.fv2": LE + "&leaction=newusers/create2" + FV2,
    "action-managetags-deactivate": LE + "&leaction=managetags/deactivate" + FV1,
    "action-suppress-event.fv2": LE + "&leaction=suppress/event" + FV2,
    "action-renameuser.fv2": LE + "&leaction=renameuser/renameuser" + FV2,
    "action-with-type.fv2": LE + "&letype=move&leaction=block/block" + FV2,
    # time range and direction
    "start.fv2": LE + "&lestart=20261121233226&lelimit=15" + FV2,
    "end.fv2": LE + "&leend=20261121233230" + FV2,
    "start-end-older.fv2": LE + "&lestart=20261121233227&leend=20261121233226&lelimit=max" + FV2,
    "start-end-newer.fv2": LE + "&lestart=20261121233152&leend=20261121233155&ledir=newer&lelimit=max" + FV2,
    "start-end-inverted.fv2": LE + "&lestart=20261121233152&leend=20261121233155" + FV2,
    "start-iso-newer": LE + "&lestart=2026-11-21T23:32:25Z&ledir=newer&lelimit=12" + FV1,
    "newer.fv2": LE + "&ledir=newer&lelimit=20" + FV2,
    "newer-type-rights": LE + "&ledir=newer&letype=rights" + FV1,
    # performer
    "user-admin.fv2": LE + "&leuser=Admin&lelimit=30" + FV2,
    "user-alice-lowercase.fv2": LE + "&leuser=alice&lelimit=max" + FV2,
    "user-ip.fv2": LE + "&leuser=127.0.0.1" + FV2,
    "user-id.fv2": LE + "&leuser=%233&lelimit=max" + FV2,
    "user-id-missing.fv2": LE + "&leuser=%23999" + FV2,
    "user-missing.fv2": LE + "&leuser=Nonexistent%20user" + FV2,
    "user-interwiki.fv2": LE + "&leuser=imported%3EExternalUser" + FV2,
    "user-hidden-spammer.fv2": LE + "&leuser=Spammer1" + FV2,
    "user-mallory": LE + "&leuser=Mallory" + FV1,
    "user-system.fv2": LE + "&leuser=MediaWiki%20default" + FV2,
    "user-bad.fv2": LE + "&leuser=Foo%7CBar" + FV2,
    "user-empty.fv2": LE + "&leuser=" + FV2,
    "user-ipv6.fv2": LE + "&leuser=2001:db8::42" + FV2,
    "user-id-zero.fv2": LE + "&leuser=%230" + FV2,
    "user-temp-name.fv2": LE + "&leuser=~2026-1" + FV2,
    "user-and-namespace.fv2": LE + "&leuser=Alice&lenamespace=0&lelimit=max" + FV2,
    "user-with-hidden-entries": LE + "&leuser=Admin&leprop=ids%7Cuser%7Ctitle%7Cdetails&lelimit=max" + FV1,
    # subject page
    "title-user-mallory.fv2": LE + "&letitle=User:Mallory" + FV2,
    "title-cat": LE + "&letitle=cat" + FV1,
    "title-underscores.fv2": LE + "&letitle=Old_name_A" + FV2,
    "title-special-tags.fv2": LE + "&letitle=Special:Tags&lelimit=3" + FV2,
    "title-special-log-upload.fv2": LE + "&letitle=Special:Log/upload" + FV2,
    "title-missing-page.fv2": LE + "&letitle=Forbidden%20title" + FV2,
    "title-invalid.fv2": LE + "&letitle=Foo%7Cbar" + FV2,
    "title-interwiki.fv2": LE + "&letitle=wikipedia:Foo" + FV2,
    "title-empty.fv2": LE + "&letitle=" + FV2,
    "title-lowercase-namespace.fv2": LE + "&letitle=user:mallory" + FV2,
    "title-hidden-entry.fv2": LE + "&letitle=User:Spammer1" + FV2,
    "namespace-0.fv2": LE + "&lenamespace=0&lelimit=20" + FV2,
    "namespace-2": LE + "&lenamespace=2&lelimit=max" + FV1,
    "namespace-6.fv2": LE + "&lenamespace=6" + FV2,
    "namespace-special.fv2": LE + "&lenamespace=-1&lelimit=max" + FV2,
    "namespace-media.fv2": LE + "&lenamespace=-2" + FV2,
    "namespace-4.fv2": LE + "&lenamespace=4" + FV2,
    "namespace-bad.fv2": LE + "&lenamespace=99" + FV2,
    "prefix-old.fv2": LE + "&leprefix=Old" + FV2,
    "prefix-user-alice.fv2": LE + "&leprefix=User:Alice" + FV2,
    "prefix-lowercase": LE + "&leprefix=protected" + FV1,
    "prefix-percent.fv2": LE + "&leprefix=%25" + FV2,
    "prefix-underscore.fv2": LE + "&leprefix=Old_" + FV2,
    "prefix-special.fv2": LE + "&leprefix=Special:Log" + FV2,
    "prefix-invalid.fv2": LE + "&leprefix=Foo%5Bbar" + FV2,
    "mix-title-prefix.fv2": LE + "&letitle=Cat&leprefix=Ca" + FV2,
    "mix-title-namespace.fv2": LE + "&letitle=Cat&lenamespace=0" + FV2,
    "mix-all-three.fv2": LE + "&letitle=Cat&lenamespace=0&leprefix=C" + FV2,
    # tags
    "tag-fixture.fv2": LE + "&letag=fixture-tag&leprop=ids%7Ctitle%7Ctags&lelimit=max" + FV2,
    "tag-temp": LE + "&letag=temp-tag&leprop=ids%7Ctags" + FV1,
    "tag-redirect.fv2": LE + "&letag=mw-new-redirect" + FV2,
    "tag-unknown.fv2": LE + "&letag=no-such-tag" + FV2,
    "tag-empty.fv2": LE + "&letag=" + FV2,
    # continuation
    "continue-mid.fv2": LE + "&lecontinue=20261121233230%7C253&lelimit=5" + FV2,
    "continue-mid-newer": LE + "&lecontinue=20261121233153%7C5&ledir=newer&lelimit=5" + FV1,
    "continue-iso-space-id.fv2": LE + "&lecontinue=2026-11-21T23:32:30Z%7C%20255&lelimit=2&leprop=ids" + FV2,
    "continue-type.fv2": LE + "&letype=block&lecontinue=20261121233230%7C256&lelimit=2" + FV2,
    "rawcontinue": LE + "&lelimit=3&rawcontinue=1" + FV1,
    # limits
    "limit1.fv2": LE + "&lelimit=1" + FV2,
    "limit-zero.fv2": LE + "&lelimit=0&leprop=ids" + FV2,
    "limit-negative": LE + "&lelimit=-5&leprop=ids" + FV1,
    "limit-over-max.fv2": LE + "&lelimit=501&leprop=ids" + FV2,
    "limit-over-max": LE + "&lelimit=600&leprop=ids" + FV1,
    # bad input
    "error-action-foo-bar.fv2": LE + "&leaction=foo/bar" + FV2,
    "error-action-block-nonsense.fv2": LE + "&leaction=block/nonsense" + FV2,
    "error-action-block-nonsense": LE + "&leaction=block/nonsense" + FV1,
    "error-action-wildcard.fv2": LE + "&leaction=block/*" + FV2,
    "error-action-no-slash.fv2": LE + "&leaction=block" + FV2,
    "error-action-empty.fv2": LE + "&leaction=" + FV2,
    "error-type-nonsense.fv2": LE + "&letype=nonsense" + FV2,
    "error-type-nonsense": LE + "&letype=nonsense" + FV1,
    "error-limit-abc.fv2": LE + "&lelimit=abc" + FV2,
    "error-continue-one-part.fv2": LE + "&lecontinue=x" + FV2,
    "error-continue-three-parts.fv2": LE + "&lecontinue=1%7C2%7C3" + FV2,
    "error-continue-bad-id.fv2": LE + "&lecontinue=20261121233230%7Cabc" + FV2,
    "error-continue-fraction.fv2": LE + "&lecontinue=20261121233230%7C2.5" + FV2,
    "error-continue-empty.fv2": LE + "&lecontinue=" + FV2,
    "error-continue-bad-timestamp.fv2": LE + "&lecontinue=abc%7C5" + FV2,
    "error-start.fv2": LE + "&lestart=yesterday" + FV2,
    "error-dir.fv2": LE + "&ledir=sideways" + FV2,
}

CHAINS["logevents"] = {
    "chain-limit50.fv2": LE + ALLPROPS + "&lelimit=50" + FV2,
    "chain-newer-limit40": LE + "&lelimit=40&ledir=newer" + FV1,
    "chain-type-create-newer.fv2": LE + "&letype=create&lelimit=60&ledir=newer&leprop=ids%7Ctitle%7Ctimestamp" + FV2,
}


# The main module's parameters (ApiMain): error formats, output options, assertions, CORS,
# caching. These answers are not all JSON and some depend on headers, so each file also
# records the HTTP status, the headers that matter, and the body as text when it is no JSON:
# {"request", "request_headers"?, "status", "headers": {...}, "response" | "body"}.
MAIN_HEADERS = ["content-type", "cache-control", "mediawiki-api-error", "access-control-allow-origin",
                "access-control-allow-credentials", "mediawiki-login-suppressed", "retry-after",
                "x-database-lag"]
BADACTION = "action=foo"
APW = "action=query&list=allpages&aplimit=2&foo=1"
APBAD = "action=query&list=allpages&aplimit=abc"
APOVER = "action=query&list=allpages&aplimit=1000&apprefix=Z"
MAIN = {}
for ef in ["bc", "plaintext", "wikitext", "html", "raw", "none"]:
    MAIN["errorformat-%s-error" % ef] = BADACTION + "&errorformat=" + ef + FV1
    MAIN["errorformat-%s-error.fv2" % ef] = BADACTION + "&errorformat=" + ef + FV2
    MAIN["errorformat-%s-warning.fv2" % ef] = APW + "&errorformat=" + ef + FV2
    MAIN["errorformat-%s-module-error.fv2" % ef] = APBAD + "&errorformat=" + ef + FV2
    MAIN["errorformat-%s-module-warning.fv2" % ef] = APOVER + "&errorformat=" + ef + FV2
MAIN.update({
    "errorformat-plaintext-warning": APW + "&errorformat=plaintext" + FV1,
    "errorformat-raw-warning": APW + "&errorformat=raw" + FV1,
    "errorformat-bogus.fv2": "action=query&errorformat=bogus" + FV2,
    "errorlang-de.fv2": BADACTION + "&errorformat=plaintext&errorlang=de" + FV2,
    "errorlang-bogus.fv2": BADACTION + "&errorformat=plaintext&errorlang=xx-bogus" + FV2,
    "errorsuselocal.fv2": BADACTION + "&errorformat=plaintext&errorsuselocal=1" + FV2,
    "formatversion-latest": "action=query&list=allpages&aplimit=1&formatversion=latest&format=json",
    "formatversion-bogus": "action=query&formatversion=3&format=json",
    "formatversion-1-booleans": "action=query&list=allpages&aplimit=1" + FV1,
    "formatversion-2-booleans": "action=query&list=allpages&aplimit=1" + FV2,
    "utf8": "action=query&list=allpages&apprefix=%C5%82%C3%B3&utf8=1" + FV1,
    "no-utf8": "action=query&list=allpages&apprefix=%C5%82%C3%B3" + FV1,
    "ascii.fv2": "action=query&list=allpages&apprefix=%C5%82%C3%B3&ascii=1" + FV2,
    "no-ascii.fv2": "action=query&list=allpages&apprefix=%C5%82%C3%B3" + FV2,
    "callback": "action=query&list=allpages&aplimit=1&callback=cb" + FV1,
    "callback-error": BADACTION + "&callback=cb" + FV1,
    "origin-star": "action=query&list=allpages&aplimit=1&origin=*" + FV1,
    "origin-star-with-header": ("action=query&list=allpages&aplimit=1&origin=*" + FV1, {"Origin": "https://example.org"}),
    "origin-mismatch": ("action=query&origin=https://a.example" + FV1, {"Origin": "https://b.example"}),
    "origin-no-header": "action=query&origin=https://a.example" + FV1,
    "origin-match-unlisted": ("action=query&origin=https://a.example" + FV1, {"Origin": "https://a.example"}),
    "maxlag-0": "action=query&maxlag=0" + FV1,
    "maxlag-5": "action=query&maxlag=5" + FV1,
    "maxlag-negative": "action=query&maxlag=-1" + FV1,
    "maxlag-abc": "action=query&maxlag=abc" + FV1,
    "maxlag-fraction.fv2": "action=query&maxlag=1.5" + FV2,
    # Without replicas the lag is -1: only a smaller maxlag fails, with MediaWiki's headers.
    "maxlag-below-lag": "action=query&maxlag=-2" + FV1,
    "maxlag-below-lag.fv2": "action=query&meta=siteinfo&maxlag=-7&errorformat=plaintext" + FV2,
    "maxlag-paraminfo.fv2": "action=paraminfo&modules=query&maxlag=-3" + FV2,
    "maxlag-help": "action=help&modules=query&maxlag=-3" + FV1,
    "smaxage-maxage": "action=query&smaxage=60&maxage=30" + FV1,
    "smaxage-only": "action=query&smaxage=60" + FV1,
    "maxage-negative": "action=query&maxage=-5" + FV1,
    "maxage-abc": "action=query&maxage=abc" + FV1,
    "curtimestamp": "action=query&curtimestamp=1" + FV1,
    "requestid": "action=query&requestid=abc%20123" + FV1,
    "requestid-error": BADACTION + "&requestid=xyz" + FV1,
    "servedby": "action=query&servedby=1" + FV1,
    "uselang-de": "action=query&uselang=de&responselanginfo=1" + FV1,
    "uselang-user": "action=query&uselang=user&responselanginfo=1" + FV1,
    "uselang-content": "action=query&uselang=content&responselanginfo=1" + FV1,
    "uselang-bogus": "action=query&uselang=bogus!&responselanginfo=1" + FV1,
    "responselanginfo-errorformat.fv2": "action=query&uselang=de&errorformat=plaintext&responselanginfo=1" + FV2,
    "responselanginfo-errorlang.fv2": "action=query&uselang=de&errorformat=plaintext&errorlang=fr&responselanginfo=1" + FV2,
    "assert-anon": "action=query&assert=anon" + FV1,
    "assert-user": "action=query&assert=user" + FV1,
    "assert-user.fv2": "action=query&assert=user&errorformat=plaintext" + FV2,
    "assert-bot": "action=query&assert=bot" + FV1,
    "assert-bogus": "action=query&assert=bogus" + FV1,
    "assertuser": "action=query&assertuser=Admin" + FV1,
    "assertuser-invalid": "action=query&assertuser=Foo%7CBar" + FV1,
    "format-bogus": "action=query&format=bogus",
    "format-none": "action=query&format=none",
    "format-jsonfm": "action=query&format=jsonfm",
    "no-action": "format=json",
    "empty": "",
    "action-empty": "action=&format=json",
    "paraminfo-main-paraminfo.fv2": "action=paraminfo&modules=main%7Cparaminfo" + FV2,
    "paraminfo-main": "action=paraminfo&modules=main" + FV1,
    "paraminfo-mainmodule.fv2": "action=paraminfo&mainmodule=1" + FV2,
    "paraminfo-pagesetmodule.fv2": "action=paraminfo&pagesetmodule=1" + FV2,
})


def fetch_full(api, query, headers=None):
    """Status, the headers that matter, and the body of a request, whatever its status."""
    h = {"User-Agent": "wikiquery-capture/1"}
    h.update(headers or {})
    req = urllib.request.Request(api + ("?" + query if query else ""), headers=h)
    try:
        res = urllib.request.urlopen(req, timeout=60)
    except urllib.error.HTTPError as e:
        res = e
    body = res.read().decode("utf-8")
    kept = {k: res.headers.get(k) for k in MAIN_HEADERS if res.headers.get(k) is not None}
    return res.status, kept, body


def capture_main(api):
    folder = os.path.join(OUT, "main")
    os.makedirs(folder, exist_ok=True)
    for name, spec in MAIN.items():
        query, headers = spec if isinstance(spec, tuple) else (spec, None)
        status, kept, body = fetch_full(api, query, headers)
        record = {"request": query}
        if headers:
            record["request_headers"] = headers
        record["status"] = status
        record["headers"] = kept
        try:
            record["response"] = json.loads(body)
        except ValueError:
            record["body"] = body if len(body) < 2000 else body[:2000]
        with open(os.path.join(folder, name + ".json"), "w", encoding="utf-8") as f:
            json.dump(record, f, indent=1, ensure_ascii=False)
            f.write("\n")
    return len(MAIN)


Q = "action=query"
INFO = "action=query&prop=info"
GAP = "action=query&generator=allpages"

GROUPS["pageset"] = {
    # titles: normalisation, missing, invalid, special, interwiki
    "titles-one": Q + "&titles=Cat" + FV1,
    "titles-one.fv2": Q + "&titles=Cat" + FV2,
    "titles-normalize.fv2": Q + "&titles=cat%7Ccat_description%7Ctalk:new_name_A%7Cproject:about" + FV2,
    "titles-normalize": Q + "&titles=cat%7CUser_talk:alice%7C%20Dog%20" + FV1,
    "titles-missing.fv2": Q + "&titles=No%20such%20page%7CTalk:Nothing%7CAlso%20missing" + FV2,
    "titles-missing": Q + "&titles=No%20such%20page%7CTalk:Nothing%7CAlso%20missing%7CCat" + FV1,
    "titles-invalid.fv2": Q + "&titles=Foo%5Bbar%7C%7CTalk:%7C..%2Fx%7CCat" + FV2,
    # invalid titles are numbered before special ones, special ones before missing ones
    "titles-mixed": Q + "&titles=Nope%7CSpecial:Foo%7C%3Cbad%3E%7CMedia:X%7CCat%7CNope2%7CSpecial:Search" + FV1,
    "titles-mixed.fv2": Q + "&titles=Nope%7CSpecial:Foo%7C%3Cbad%3E%7CMedia:X%7CCat%7CNope2%7CSpecial:Search" + FV2,
    "titles-invalid": Q + "&titles=a%7Bb%7CTalk:" + FV1,
    "titles-special.fv2": Q + "&titles=Special:RecentChanges%7CSpecial:recentchanges%7CSpecial:NoSuchSpecial" + FV2,
    # more titles than a caller may give, with the limits as data
    "titles-toomany-plaintext.fv2": Q + "&titles=" + "%7C".join("T%d" % i for i in range(51)) + "&errorformat=plaintext" + FV2,
    # interwiki titles with their URLs
    "titles-iwurl.fv2": Q + "&titles=en:Foo%7Cwikipedia:Bar%20baz%7CCat%7Cmw:Help:Contents&iwurl=1" + FV2,
    "titles-iwurl": Q + "&titles=en:S%C3%A3o_Paulo%7Cfr:a%3Fb&iwurl=1" + FV1,
    # text cleaning: not NFC, control characters; the U+001F separator form
    "titles-unclean.fv2": Q + "&titles=A%01B%7CCafe%CC%81%20culture%7Ccafe%CC%81_culture%7CDog" + FV2,
    "titles-unclean": Q + "&titles=%1FA%01B%1FCafe%CC%81%1FCat" + FV1,
    "titles-unclean-plaintext.fv2": Q + "&titles=Cafe%CC%81%20culture&errorformat=plaintext" + FV2,
    "titles-special": Q + "&titles=Special:Version%7CSpecial:Nope" + FV1,
    "titles-media.fv2": Q + "&titles=Media:Nothing.png" + FV2,
    "titles-interwiki.fv2": Q + "&titles=wikipedia:Foo%7CCat" + FV2,
    "titles-interwiki": Q + "&titles=en:Foo" + FV1,
    "titles-duplicates.fv2": Q + "&titles=Cat%7Ccat%7CCat" + FV2,
    "titles-mixed-ns.fv2": Q + "&titles=Zzz%7CTalk:Aaa%7CYyy%7CCat%7CTemplate:Infobox" + FV2,
    "titles-fragment.fv2": Q + "&titles=Cat%23Section" + FV2,
    "titles-entity.fv2": Q + "&titles=Caf%26eacute%3B" + FV2,
    "titles-redirect-unresolved.fv2": Q + "&titles=Kitty" + FV2,
    # redirects
    "redirects.fv2": Q + "&titles=Kitty%7CKitten%7CPuppy&redirects=1" + FV2,
    "redirects": Q + "&titles=Kitty%7CKitten&redirects" + FV1,
    "redirects-fragment.fv2": Q + "&titles=Cat%20description&redirects=1" + FV2,
    "redirects-interwiki.fv2": Q + "&titles=Fr%20cat&redirects=1" + FV2,
    "redirects-broken.fv2": Q + "&titles=Broken%20redirect&redirects=1" + FV2,
    "redirects-nonredirect.fv2": Q + "&titles=Cat&redirects=1" + FV2,
    "redirects-pageids.fv2": Q + "&pageids=152%7C153&redirects=1" + FV2,
    "converttitles.fv2": Q + "&titles=Cat&converttitles=1" + FV2,
    # pageids, revids
    "pageids.fv2": Q + "&pageids=37%7C1%7C99999" + FV2,
    "pageids": Q + "&pageids=37%7C1%7C99999" + FV1,
    "pageids-negative.fv2": Q + "&pageids=-5%7C0" + FV2,
    "pageids-bad.fv2": Q + "&pageids=abc" + FV2,
    "revids.fv2": Q + "&revids=1%7C2%7C999999" + FV2,
    "revids": Q + "&revids=1%7C999999" + FV1,
    "revids-redirects.fv2": Q + "&revids=1&redirects=1" + FV2,
    "multisource.fv2": Q + "&titles=Cat&pageids=1" + FV2,
    "indexpageids.fv2": Q + "&titles=Cat%7CNope%7CSpecial:Version&indexpageids=1" + FV2,
    "indexpageids": Q + "&titles=Cat%7CNope&indexpageids" + FV1,
    # prop=info
    "info-default.fv2": INFO + "&titles=Cat%7CKitty%7CNope%7CSpecial:Version" + FV2,
    "info-default": INFO + "&titles=Cat%7CKitty%7CNope" + FV1,
    "info-protection.fv2": INFO + "&inprop=protection&titles=Cat%7CMain%20Page%7CForbidden%20title%7CNope" + FV2,
    "info-protection": INFO + "&inprop=protection&titles=Cat%7CForbidden%20title" + FV1,
    "info-talkid.fv2": INFO + "&inprop=talkid%7Csubjectid&titles=New%20name%20A%7CTalk:New%20name%20A%7CCat" + FV2,
    "info-url.fv2": INFO + "&inprop=url&titles=Cat%7CNope%7CS%C3%A3o%20Paulo" + FV2,
    "info-displaytitle.fv2": INFO + "&inprop=displaytitle&titles=Cat%7CDog%7CNope" + FV2,
    "info-varianttitles.fv2": INFO + "&inprop=varianttitles&titles=Cat" + FV2,
    "info-associatedpage.fv2": INFO + "&inprop=associatedpage&titles=Cat%7CTalk:Cat" + FV2,
    "info-watchers.fv2": INFO + "&inprop=watchers%7Cnotificationtimestamp%7Cwatched%7Cvisitingwatchers&titles=Cat" + FV2,
    "info-linkclasses.fv2": INFO + "&inprop=linkclasses&titles=Cat%7CKitty%7CNope" + FV2,
    "info-preload.fv2": INFO + "&inprop=preload&titles=Cat%7CNope" + FV2,
    "info-pageids.fv2": INFO + "&pageids=37%7C152" + FV2,
    "info-redirects.fv2": INFO + "&titles=Kitty&redirects=1" + FV2,
    "info-noset.fv2": INFO + FV2,
    "prop-other.fv2": Q + "&prop=categories&titles=Cat" + FV2,
    # generator
    "gen-allpages.fv2": GAP + "&gaplimit=3" + FV2,
    "gen-allpages": GAP + "&gaplimit=3" + FV1,
    "gen-allpages-info.fv2": GAP + "&gaplimit=4&gapnamespace=2&prop=info" + FV2,
    "gen-allpages-redirects.fv2": GAP + "&gapfilterredir=redirects&gaplimit=3&redirects=1" + FV2,
    "gen-allpages-continue.fv2": GAP + "&gaplimit=2&gapcontinue=Dog&continue=gapcontinue%7C%7C" + FV2,
    "gen-allpages-done.fv2": GAP + "&gaplimit=2&continue=-%7C%7C" + FV2,
    "gen-allpages-list.fv2": GAP + "&gaplimit=2&list=allpages&aplimit=2" + FV2,
    "gen-allpages-rawcontinue": GAP + "&gaplimit=2&rawcontinue=1" + FV1,
    "gen-notgenerator.fv2": Q + "&generator=logevents" + FV2,
    "gen-unknown.fv2": Q + "&generator=nosuch" + FV2,
    "gen-other.fv2": Q + "&generator=categorymembers&gcmtitle=Category:Animals" + FV2,
    "gen-allpages-bad-limit.fv2": GAP + "&gaplimit=abc" + FV2,
}

# The help: stored by structure, not text (the texts of this server's help are its own, and
# MediaWiki's messages stay out of the project). JSON answers as their shape (members in order,
# each value's type); HTML pages as the sequence of their `apihelp-` elements; the discovery
# document as it is.
PI = "action=paraminfo&modules=query%2Ballcategories%7Cmain%7Cparse%7Ccompare%7Cquery%2Brevisions"
SHAPES["help"] = {
    **{
        "paraminfo-%s%s" % (fmt, ".fv2" if fv == FV2 else ""): PI + "&helpformat=" + fmt + fv
        for fmt in ["none", "html", "wikitext", "raw"]
        for fv in [FV1, FV2]
    },
    "paraminfo-main-pageset-html.fv2": "action=paraminfo&mainmodule=1&pagesetmodule=1&helpformat=html" + FV2,
    "paraminfo-main-pageset-raw": "action=paraminfo&mainmodule=1&pagesetmodule=1&helpformat=raw" + FV1,
    "help-wrap": "action=help&modules=query%2Ballcategories&wrap=1" + FV1,
    "help-wrap.fv2": "action=help&modules=query%2Ballcategories&wrap=1" + FV2,
    "help-badmodule": "action=help&modules=nosuch" + FV1,
}
PAGES["help"] = {
    "landing": "",
    "page-main": "action=help",
    "page-allcategories": "action=help&modules=query%2Ballcategories&format=json",
    "page-revisions": "action=help&modules=query%2Brevisions",
    "page-compare": "action=help&modules=compare",
    "page-two": "action=help&modules=query%2Ballcategories%7Cparse",
    "page-allcategories-toc": "action=help&modules=query%2Ballcategories&toc=1",
    "rsd": "action=rsd",
    "rsd-json": "action=rsd&format=json",
    "rsd-xml": "action=rsd&format=xml",
}

CHAINS["pageset"] = {
    "chain-gen-ns2-limit3.fv2": GAP + "&gapnamespace=2&gaplimit=3&prop=info" + FV2,
    "chain-gen-ns10-limit2": GAP + "&gapnamespace=10&gaplimit=2" + FV1,
}


def shape(value):
    """The structure of a JSON value: objects' members in order, each value's type; a member
    `name` keeps its value (the names of modules and parameters)."""
    if isinstance(value, dict):
        return {k: (v if k == "name" and isinstance(v, str) else shape(v)) for k, v in value.items()}
    if isinstance(value, list):
        return [shape(v) for v in value]
    if isinstance(value, bool):
        return "bool"
    if isinstance(value, (int, float)):
        return "number"
    if value is None:
        return "null"
    return "string"


APIHELP_ELEMENT = re.compile(r'<([a-z0-9]+)\b[^>]*?\bclass="([^"]*apihelp[^"]*)"')


def skeleton(html):
    """The `apihelp-` elements of a help page, in order: `tag.class`."""
    return ["%s.%s" % (tag, cls) for tag, cls in APIHELP_ELEMENT.findall(html)]


def fetch_raw(api, query):
    url = api + ("?" + query if query else "")
    req = urllib.request.Request(url, headers={"User-Agent": "wikiquery-capture/1"})
    with urllib.request.urlopen(req, timeout=60) as res:
        return res.headers.get("Content-Type", ""), res.read().decode("utf-8")


def capture_page(api, group, name, query):
    content_type, body = fetch_raw(api, query)
    record = {"request": query, "content_type": content_type}
    if "html" in content_type:
        record["generator"] = bool(re.search(r'<meta name="generator" content="MediaWiki 1\.39', body))
        record["edituri"] = bool(re.search(r'<link rel="EditURI" type="application/rsd\+xml" href="[^"]*api\.php\?action=rsd"', body))
        record["skeleton"] = skeleton(body)
    else:
        record["body"] = body
    write_record(group, name, record)


def fetch(api, query):
    req = urllib.request.Request(api + "?" + query, headers={"User-Agent": "wikiquery-capture/1"})
    with urllib.request.urlopen(req, timeout=60) as res:
        return json.loads(res.read().decode("utf-8"))


def write(group, name, query, response):
    return write_record(group, name, {"request": query, "response": response})


def write_record(group, name, record):
    folder = os.path.join(OUT, FOLDERS.get(group, group))
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, name + ".json")
    with open(path, "w", encoding="utf-8") as f:
        json.dump(record, f, indent=1, ensure_ascii=False)
        f.write("\n")
    return path


def follow(api, group, name, query, max_steps=100):
    """Captures a request and every continuation of it."""
    step, current = 1, query
    while step <= max_steps:
        response = fetch(api, current)
        write(group, "%s-%02d" % (name, step), current, response)
        cont = response.get("continue")
        if not cont:
            return step
        current = query + "&" + urllib.parse.urlencode(list(cont.items()))
        step += 1
    raise SystemExit("%s/%s: still continuing after %d steps" % (group, name, max_steps))


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--api", default=DEFAULT_API, help="the reference api.php (default %(default)s)")
    parser.add_argument("groups", nargs="*", help="groups to capture (default: all)")
    args = parser.parse_args()
    known = sorted(set(GROUPS) | set(CHAINS) | set(SHAPES) | set(PAGES) | {"main"})
    groups = args.groups or known
    for group in groups:
        if group not in known:
            raise SystemExit("unknown group %r (known: %s)" % (group, ", ".join(known)))
        count = capture_main(args.api) if group == "main" else 0
        for name, query in GROUPS.get(group, {}).items():
            write(group, name, query, fetch(args.api, query))
            count += 1
        for name, query in CHAINS.get(group, {}).items():
            count += follow(args.api, group, name, query)
        for name, query in SHAPES.get(group, {}).items():
            write_record(group, name, {"request": query, "shape": shape(fetch(args.api, query))})
            count += 1
        for name, query in PAGES.get(group, {}).items():
            capture_page(args.api, group, name, query)
            count += 1
        print("%s: %d requests captured" % (group, count), file=sys.stderr)


if __name__ == "__main__":
    main()
