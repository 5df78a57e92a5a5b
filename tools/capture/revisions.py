#!/usr/bin/env python3
"""Capture MediaWiki 1.39's answers for the revision query modules
(prop=revisions, list=allrevisions, prop=deletedrevisions, list=alldeletedrevisions,
list=deletedrevs).
    tools/capture.py revisions BASE_URL
Same file format as shared/oracle/capture.py and tools/capture/users.py:
{"request", "status", "mediawiki-api-error", "response"}.
Every request is a GET with format=json; each is captured in formatversion 1 (NAME.json) and
formatversion 2 (NAME.fv2.json) unless noted.  Parameter values are percent-encoded (RFC 3986,
keeping '|', '*', '!', ':' and '/' literal, space as %20), and the 'request' member is the exact
query string sent.
Anonymous requests use a fresh connection and no cookies each.  Files whose name contains
'.sysop' are made in a session logged in (action=clientlogin, as in populate.py) as Bob (sysop:
deletedhistory, deletedtext, no suppression rights), '.admin' as Admin (sysop + suppress:
suppressrevision, viewsuppressed).  Anonymous requests are made first, the logged-in ones last.
Requests marked 'follow' are repeated with the 'continue' members of each answer merged into the
parameters until an answer has no 'continue' (or 'pages' answers were saved); the pages are
NAME-page1, NAME-page2, ..."""
import os
import sys

from oracle_capture import SYSOP, Capture  # noqa: E402

cap = Capture(sys.argv[1], sys.argv[2], timeout=120, folders={
    'rev': 'revisions', 'arv': 'allrevisions', 'adr': 'alldeletedrevisions', 'dr': 'deletedrevs', 'drv': 'deletedrevisions'})
add = cap.add
add3 = cap.add3


# ---- pages used ----------------------------------------------------------------------------
# Lion (page 61): wikitext, 4 revisions, latest (270) tagged fixture-tag + temp-tag, 4 sections
#   (== Description ==, === Details ===, == See also ==, == External links ==)
# Dog (page 38): the longest history (6 revisions: 43, 260, 261, 262, 293, 294); 260 and 261
#   by Mallory are suppressed (rev_deleted=15); 262 is a rollback (tag mw-rollback), 260 has mw-replace
# Horse (page 39): 44 (rev_deleted=6: comment+user hidden), 264 (rev_deleted=2: comment hidden)
SEC = 'Lion'
HIST = 'Dog'
MODELS = [('wikitext', 'Lion'), ('css', 'MediaWiki:Common.css'), ('javascript', 'User:Alice/common.js'),
          ('json', 'Fixture_data'), ('text', 'Plain_notes')]
RVPROPS = ['ids', 'flags', 'timestamp', 'user', 'userid', 'size', 'slotsize', 'sha1', 'slotsha1', 'contentmodel',
           'comment', 'parsedcomment', 'content', 'tags', 'roles', 'parsetree']
# every non-deprecated value (the brief's list, 'comment' once)
ALLPROPS = 'ids|timestamp|flags|comment|user|userid|size|slotsize|sha1|slotsha1|contentmodel|parsedcomment|content|tags|roles'

# ---- prop=revisions: one page --------------------------------------------------------------
add('rev-default', f'action=query&prop=revisions&titles={SEC}')
add('rev-allprops-slots-main', f'action=query&prop=revisions&titles={SEC}&rvprop={ALLPROPS}&rvslots=main')
add('rev-allprops-slots-star', f'action=query&prop=revisions&titles={SEC}&rvprop={ALLPROPS}&rvslots=*')
add('rev-allprops-legacy', f'action=query&prop=revisions&titles={SEC}&rvprop={ALLPROPS}')  # extra: no rvslots
for p in RVPROPS:
    add(f'rev-prop-{p}', f'action=query&prop=revisions&titles={SEC}&rvprop={p}&rvslots=main')
for p in RVPROPS:  # extra: the same without rvslots (which values bring the legacy-format warning)
    add(f'rev-prop-{p}-legacy', f'action=query&prop=revisions&titles={SEC}&rvprop={p}')
for model, title in MODELS:
    add(f'rev-model-{model}-legacy', f'action=query&prop=revisions&titles={title}&rvprop=content|contentmodel')
    add(f'rev-model-{model}-slots-main',
        f'action=query&prop=revisions&titles={title}&rvprop=content|contentmodel&rvslots=main')

# ---- prop=revisions: several pages / revids / pageids ----------------------------------------
add('rev-titles-3', 'action=query&prop=revisions&titles=Lion|Fixture_data|Plain_notes&rvprop=ids|content&rvslots=main')
add('rev-revids-3', 'action=query&prop=revisions&revids=40|262|270&rvprop=ids|content&rvslots=main')
add('rev-revids-bad', 'action=query&prop=revisions&revids=40|99999&rvprop=ids')  # extra: badrevids
add('rev-revids-notint', 'action=query&prop=revisions&revids=40|abc&rvprop=ids')  # extra: badinteger
add('rev-pageids-3', 'action=query&prop=revisions&pageids=37|38|61&rvprop=ids|content&rvslots=main')
add('rev-titles-missing', 'action=query&prop=revisions&titles=Lion|No_such_page|Special:Random&rvprop=ids')  # extra

# ---- prop=revisions: history of Dog ----------------------------------------------------------
H = f'action=query&prop=revisions&titles={HIST}'
add('rev-history-limit1', H + '&rvlimit=1')
add('rev-history-limit7', H + '&rvlimit=7', follow=True)
add('rev-history-limitmax', H + '&rvlimit=max')
add('rev-history-newer-limit7', H + '&rvdir=newer&rvlimit=7', follow=True)
# extra: Dog has only 6 revisions, so the rvlimit=7 chains end on page 1; rvlimit=2 continues
add('rev-history-limit2', H + '&rvlimit=2', follow=True)
add('rev-history-newer-limit2', H + '&rvdir=newer&rvlimit=2', follow=True)
add('rev-history-start-end', H + '&rvlimit=max&rvstart=2026-11-21T23:32:26Z&rvend=2026-11-21T23:32:05Z')
add('rev-history-newer-start-end', H + '&rvlimit=max&rvdir=newer&rvstart=2026-11-21T23:32:25Z&rvend=2026-11-21T23:32:27Z')
add('rev-history-startid-endid', H + '&rvlimit=max&rvstartid=293&rvendid=260')
add('rev-history-newer-startid-endid', H + '&rvlimit=max&rvdir=newer&rvstartid=260&rvendid=293')
add('rev-history-user-Admin', H + '&rvlimit=max&rvuser=Admin')
add('rev-history-excludeuser-Admin', H + '&rvlimit=max&rvexcludeuser=Admin')
add('rev-history-tag-mw-rollback', H + '&rvlimit=max&rvtag=mw-rollback&rvprop=ids|tags')
add('rev-history-startid-wrong-dir', H + '&rvlimit=max&rvstartid=260&rvendid=293')  # extra: reversed bounds
add3('rev-history-user-Mallory', H + '&rvlimit=max&rvuser=Mallory')  # extra: the suppressed user
add3('rev-history-tag-mw-replace', H + '&rvlimit=max&rvtag=mw-replace&rvprop=ids|tags')  # extra: tag on 260

# ---- prop=revisions: errors, warnings, deprecated parameters -----------------------------------
add('rev-error-multi-limit', 'action=query&prop=revisions&titles=Lion|Dog&rvlimit=5')
add('rev-error-multi-startid', 'action=query&prop=revisions&titles=Lion|Dog&rvstartid=262')
add('rev-error-revids-limit', 'action=query&prop=revisions&revids=40|262&rvlimit=5')  # extra
add('rev-error-user-excludeuser', H + '&rvuser=Admin&rvexcludeuser=Alice')
add('rev-content-limitmax', H + '&rvprop=content&rvslots=main&rvlimit=max')
add('rev-content-limit100', H + '&rvprop=content&rvslots=main&rvlimit=100')  # extra: over the lowered max
add('rev-content-limit100-raw', H + '&rvprop=content&rvslots=main&rvlimit=100&errorformat=raw')  # extra: message keys
add('rev-limit600', H + '&rvlimit=600')  # extra: over the normal max
S = f'action=query&prop=revisions&titles={SEC}&rvprop=content&rvslots=main'
add('rev-section-1', S + '&rvsection=1')
add('rev-section-0', S + '&rvsection=0')
add('rev-section-99', S + '&rvsection=99')
add('rev-section-2', S + '&rvsection=2')  # extra: the === subsection
add('rev-section-new', S + '&rvsection=new')  # extra
add('rev-section-99-legacy', f'action=query&prop=revisions&titles={SEC}&rvprop=content&rvsection=99')  # extra
add('rev-section-1-legacy', f'action=query&prop=revisions&titles={SEC}&rvprop=content&rvsection=1')  # extra
add('rev-contentformat-plain-legacy', f'action=query&prop=revisions&titles={SEC}&rvprop=content&rvcontentformat=text/plain')
add('rev-contentformat-plain-slots-main', S + '&rvcontentformat=text/plain')
add('rev-contentformat-xwiki-legacy', f'action=query&prop=revisions&titles={SEC}&rvprop=content&rvcontentformat=text/x-wiki')  # extra
add('rev-contentformat-main-json', S + '&rvcontentformat-main=application/json')
add('rev-contentformat-main-xwiki', S + '&rvcontentformat-main=text/x-wiki')  # extra
L = f'action=query&prop=revisions&titles={SEC}&rvprop=content'
for nm, q in [('diffto-prev', 'rvdiffto=prev'), ('diffto-cur', 'rvdiffto=cur'), ('difftotext', 'rvdifftotext=Hello'),
              ('parse', 'rvparse=1'), ('expandtemplates', 'rvexpandtemplates=1'), ('generatexml', 'rvgeneratexml=1')]:
    add(f'rev-{nm}', S + '&' + q)
    add(f'rev-{nm}-legacy', L + '&' + q)
add('rev-slots-nosuchslot', f'action=query&prop=revisions&titles={SEC}&rvprop=ids|content&rvslots=nosuchslot')
add('rev-prop-bogus', f'action=query&prop=revisions&titles={SEC}&rvprop=ids|bogus')  # extra

# ---- prop=revisions: hidden revisions ---------------------------------------------------------
HP = 'rvprop=ids|user|comment|content|sha1|size|flags&rvslots=main'
# extra: sysop/admin have apihighlimits: the content max is 500 (normal max 5000)
add('rev-content-limitmax.sysop', H + '&rvprop=content&rvslots=main&rvlimit=max', cred=SYSOP)
add('rev-content-limit100.sysop', H + '&rvprop=ids|content&rvslots=main&rvlimit=100', cred=SYSOP)
add('rev-history-limitmax.sysop', H + '&rvlimit=max', cred=SYSOP)
add3('rev-hidden-horse', f'action=query&prop=revisions&titles=Horse&{HP}&rvlimit=max')
add3('rev-hidden-dog', f'action=query&prop=revisions&titles=Dog&{HP}&rvlimit=max')
add3('rev-hidden-revids', f'action=query&prop=revisions&revids=44|260|261|264&{HP}')
# extra: legacy (no rvslots) shape of hidden content; and userid/parsedcomment/slotsha1 of hidden revisions
add3('rev-hidden-revids-legacy', 'action=query&prop=revisions&revids=44|260|261|264&rvprop=ids|user|comment|content|sha1|size|flags')
add3('rev-hidden-revids-more', 'action=query&prop=revisions&revids=44|260|261|264'
     '&rvprop=userid|parsedcomment|slotsha1|slotsize|contentmodel|tags|roles&rvslots=main')

# ---- prop=revisions as generator target -------------------------------------------------------
add('rev-generator-allpages', 'action=query&generator=allpages&gaplimit=5&prop=revisions&rvprop=ids|timestamp')

# ---- list=allrevisions ------------------------------------------------------------------------
AR = 'action=query&list=allrevisions'
add('arv-default', AR)
add('arv-props-max', AR + '&arvprop=ids|timestamp|user|comment|size&arvlimit=max')
add('arv-limit7', AR + '&arvlimit=7', follow=True, pages=3)
add('arv-newer-limit7', AR + '&arvdir=newer&arvlimit=7', follow=True, pages=3)
add('arv-user-Alice', AR + '&arvuser=Alice')
add('arv-user-Alice-limit7', AR + '&arvuser=Alice&arvlimit=7', follow=True, pages=3)  # extra: user-mode continue
add('arv-excludeuser-Admin', AR + '&arvexcludeuser=Admin')
add('arv-namespace-1', AR + '&arvnamespace=1')
add('arv-start-end', AR + '&arvstart=2026-11-21T23:32:27Z&arvend=2026-11-21T23:32:25Z&arvlimit=max')
add('arv-newer-start-end', AR + '&arvdir=newer&arvstart=2026-11-21T23:32:25Z&arvend=2026-11-21T23:32:27Z&arvlimit=max')
add('arv-generator-generatetitles', 'action=query&generator=allrevisions&garvlimit=5&garvgeneratetitles=1')
add('arv-generator', 'action=query&generator=allrevisions&garvlimit=5')  # extra: revids as the generated set
add('arv-content-limit3', AR + '&arvslots=main&arvprop=content&arvlimit=3')
add('arv-content-limitmax', AR + '&arvslots=main&arvprop=ids|content&arvlimit=max')  # extra: the lowered max
add('arv-error-user-excludeuser', AR + '&arvuser=Alice&arvexcludeuser=Bob')  # extra
add3('arv-hidden', AR + '&arvprop=ids|user|comment|sha1&arvlimit=max')
add3('arv-user-Mallory', AR + '&arvuser=Mallory&arvprop=ids|user|comment')  # extra: the suppressed user

# ---- prop=deletedrevisions --------------------------------------------------------------------
DRV = 'drvprop=ids|timestamp|user|comment|content|size|sha1&drvslots=main'
add3('drv-titles', f'action=query&prop=deletedrevisions&titles=Moss|Spam_page|Old_name_A|Dog&{DRV}')
add3('drv-revids', f'action=query&prop=deletedrevisions&revids=275|263|118|119|38&{DRV}')
add3('drv-titles-ids', 'action=query&prop=deletedrevisions&titles=Moss|Spam_page|Old_name_A|Dog&drvprop=ids|timestamp|size')  # extra: no comment/user/content
add('drv-titles-user', 'action=query&prop=deletedrevisions&titles=Moss|Spam_page&drvprop=ids|user')  # extra: user without comment
add('drv-titles-content', 'action=query&prop=deletedrevisions&titles=Moss|Spam_page&drvprop=ids|content&drvslots=main')  # extra
add3('drv-titles-default', 'action=query&prop=deletedrevisions&titles=Moss|Spam_page|Old_name_A|File:Obsolete.png')  # extra

# ---- list=alldeletedrevisions -----------------------------------------------------------------
ADR = 'action=query&list=alldeletedrevisions'
add3('adr-default', ADR)
add3('adr-props', ADR + '&adrprop=ids|user|comment|content&adrslots=main')
add3('adr-user-Admin', ADR + '&adruser=Admin')
add3('adr-namespace-6', ADR + '&adrnamespace=6')
add3('adr-namespace-0', ADR + '&adrnamespace=0')
add3('adr-from-to', ADR + '&adrfrom=Moss&adrto=Old_name_A')
add3('adr-newer-from-to', ADR + '&adrdir=newer&adrfrom=Moss&adrto=Old_name_A')  # extra: from/to ascending
add3('adr-ids', ADR + '&adrprop=ids|timestamp|size')  # extra: no comment/user
add3('adr-prefix', ADR + '&adrprefix=Mo')
add3('adr-error-from-user', ADR + '&adrfrom=M&adruser=Admin')
add3('adr-limit1', ADR + '&adrlimit=1', follow=True)
add3('adr-user-Admin-limit1', ADR + '&adruser=Admin&adrlimit=1', follow=True)  # extra: user-mode continue

# ---- list=deletedrevs (deprecated) ------------------------------------------------------------
DRP = 'drprop=revid|user|comment|content|len|sha1|token'
add3('dr-mode1', f'action=query&list=deletedrevs&titles=Moss&{DRP}')
add3('dr-mode2', f'action=query&list=deletedrevs&druser=Admin&{DRP}')
add3('dr-mode3', f'action=query&list=deletedrevs&drnamespace=0&{DRP}')
add3('dr-mode1-limit1', 'action=query&list=deletedrevs&titles=Moss&drlimit=1', follow=True)
add3('dr-mode2-limit1', 'action=query&list=deletedrevs&druser=Admin&drlimit=1', follow=True)
add3('dr-mode3-limit1', 'action=query&list=deletedrevs&drnamespace=0&drlimit=1', follow=True)

# ---- paraminfo (fv1 only) ---------------------------------------------------------------------
add('paraminfo-revisions-modules', 'action=paraminfo&modules=query+revisions|query+allrevisions|'
    'query+deletedrevisions|query+alldeletedrevisions|query+deletedrevs', fv2=False)

# ---- the preprocessor's tree (rvprop=parsetree, rvgeneratexml) -------------------------------
PT = 'action=query&prop=revisions&rvprop=parsetree'
add('rev-parsetree-models', PT + '&titles=Lion|MediaWiki:Common.css|Fixture_data|Plain_notes|Template:Infobox|Template:Nav')
add('rev-parsetree-section', PT + '&titles=Lion&rvsection=1')
add('rev-parsetree-content', 'action=query&prop=revisions&titles=Lion|Template:Infobox&rvprop=ids|content|parsetree')
add('rev-generatexml-no-content', 'action=query&prop=revisions&titles=Lion&rvprop=ids&rvgeneratexml=1')
add('rev-generatexml-models', 'action=query&prop=revisions&titles=Lion|Fixture_data&rvprop=content&rvgeneratexml=1')
add3('rev-parsetree-hidden-dog', PT + '|ids&titles=Dog&rvlimit=max')
add3('rev-parsetree-hidden-revids', 'action=query&prop=revisions&revids=44|260|261|264&rvprop=ids|parsetree')
add('arv-parsetree', AR + '&arvprop=ids|parsetree&arvlimit=5')
add3('drv-parsetree', 'action=query&prop=deletedrevisions&titles=Moss|Spam_page|Old_name_A&drvprop=ids|parsetree')
add3('adr-parsetree', 'action=query&list=alldeletedrevisions&adrprop=ids|parsetree&adrlimit=5')

# ---- diffs (rvdiffto, rvdifftotext) -----------------------------------------------------------
DF = 'action=query&prop=revisions&rvprop=ids'
add('rev-diff-prev-history', DF + '&titles=Lion&rvlimit=max&rvdiffto=prev')
add('rev-diff-prev-first', DF + '&revids=88&rvdiffto=prev')
add('rev-diff-next', DF + '&revids=88&rvdiffto=next')
add('rev-diff-next-latest', DF + '&titles=Lion&rvdiffto=next')
add('rev-diff-cur-old', DF + '&revids=88&rvdiffto=cur')
add('rev-diff-zero', DF + '&revids=88&rvdiffto=0')
add('rev-diff-other-page', DF + '&revids=88&rvdiffto=43')
add('rev-diff-self', DF + '&revids=88&rvdiffto=88')
add('rev-diff-nosuchrev', DF + '&revids=88&rvdiffto=999999')
add('rev-diff-negative', DF + '&revids=88&rvdiffto=-1')
add('rev-diff-word', DF + '&revids=88&rvdiffto=abc')
add('rev-diff-content', 'action=query&prop=revisions&rvprop=ids|content&revids=88&rvdiffto=prev')
add('rev-diff-section', DF + '&titles=Lion&rvsection=1&rvdiffto=prev')
add3('rev-diff-to-hidden', DF + '&revids=43&rvdiffto=260')
add3('rev-diff-hidden-history', DF + '|user&titles=Dog&rvlimit=max&rvdiffto=prev')
add3('rev-diff-hidden-revids', DF + '&revids=260|262&rvdiffto=prev')
add('rev-difftotext-pages', DF + '&titles=Lion|Dog|MediaWiki:Common.css&rvdifftotext=Hello%0A%0Aworld')
add('rev-difftotext-pst', DF + '&titles=Lion&rvdifftotext=Hello%20%20%0A%0A&rvdifftotextpst=1')
add('rev-difftotext-nopst', DF + '&titles=Lion&rvdifftotext=Hello%20%20%0A%0A')
add('rev-difftotext-section', DF + '&titles=Lion&rvsection=1&rvdifftotext=%3D%3D%20Description%20%3D%3D')
add('rev-difftotext-badformat', DF + '&titles=Lion&rvdifftotext=x&rvcontentformat=text/css')
add('rev-difftotext-and-diffto', DF + '&titles=Lion&rvdifftotext=x&rvdiffto=prev')
add('rev-difftotext-empty', DF + '&titles=Lion&rvdifftotext=')
add('rev-diff-models', DF + '&titles=MediaWiki:Common.css|Fixture_data&rvdiffto=prev')
add('arv-diff-prev', AR + '&arvprop=ids&arvlimit=3&arvdiffto=prev')
add3('drv-diff-prev', 'action=query&prop=deletedrevisions&titles=Moss&drvprop=ids&drvdiffto=prev')
add3('drv-difftotext', 'action=query&prop=deletedrevisions&titles=Moss&drvprop=ids&drvdifftotext=x')

# ---- template expansion (rvexpandtemplates) ---------------------------------------------------
EX = 'prop=revisions&rvprop=ids|content&rvexpandtemplates=1'
for ns in [0, 1, 2, 3, 4, 6, 10, 12, 14]:
    add(f'rev-expand-ns{ns}', f'action=query&generator=allpages&gapnamespace={ns}&gaplimit=max&{EX}')
add('rev-expand-section', f'action=query&titles=Lion&{EX}&rvsection=0')
add('rev-expand-models', f'action=query&titles=MediaWiki:Common.css|Fixture_data|Lion&{EX}')
add('rev-expand-old', f'action=query&revids=86|87|88|43|44&{EX}')
add('rev-expand-no-content', 'action=query&titles=Lion&prop=revisions&rvprop=ids&rvexpandtemplates=1')
add3('drv-expand', f'action=query&prop=deletedrevisions&titles=Moss|Old_name_A&drvprop=ids|content&drvexpandtemplates=1')

# ---- the callers' groups (Bob must be a sysop, Admin also in suppress), fv1 only ------------
add('users-groups', 'action=query&list=users&ususers=Bob|Admin&usprop=groups', fv2=False)

cap.run()
