#!/usr/bin/env python3
"""Capture MediaWiki 1.39's answers for the remaining meta query modules
(meta=filerepoinfo, meta=authmanagerinfo, meta=languageinfo, meta=allmessages).
    tools/capture.py meta-interface BASE_URL
Same file format as shared/oracle/capture.py, tools/capture/meta.py and tools/capture/users.py:
{"request", "status", "mediawiki-api-error", "response"}.
Every request is a GET with format=json; each is captured in formatversion 1 (NAME.json) and
formatversion 2 (NAME.fv2.json) unless noted.  Parameter values are percent-encoded (RFC 3986,
keeping '|', '*', '!', ':' and '/' literal, space as %20), and the 'request' member is the exact
query string sent.
Anonymous requests use a fresh connection and no cookies each.  Files whose name contains
'.admin' are made in a session logged in (action=clientlogin, as in populate.py) as Admin.
Anonymous requests are made first, the logged-in ones last.
Requests marked 'follow' are repeated with the 'continue' members of each answer merged into the
parameters until an answer has no 'continue'; the pages are NAME-page1, NAME-page2, ...
(if the first answer has no 'continue', the single answer is NAME-page1)."""
import os
import sys

from oracle_capture import ADMIN, Capture  # noqa: E402

cap = Capture(sys.argv[1], sys.argv[2], timeout=120)
add = cap.add



# ---- meta=filerepoinfo -------------------------------------------------------------------
# friprop values as listed by action=paraminfo (1.39 has no '*' for friprop: it is only warned about)
FRIPROPS = ['canUpload', 'displayname', 'favicon', 'initialCapital', 'local', 'name', 'rootUrl', 'scriptDirUrl',
            'thumbUrl', 'url']
add('filerepoinfo-default', 'action=query&meta=filerepoinfo')
add('filerepoinfo-prop-all', 'action=query&meta=filerepoinfo&friprop=*')
add('filerepoinfo-every-prop', 'action=query&meta=filerepoinfo&friprop=' + '|'.join(FRIPROPS))
for p in FRIPROPS:
    add(f'filerepoinfo-prop-{p}', f'action=query&meta=filerepoinfo&friprop={p}')
add('filerepoinfo-prop-bogus', 'action=query&meta=filerepoinfo&friprop=bogus')  # extra

# ---- meta=authmanagerinfo ----------------------------------------------------------------
AM = 'action=query&meta=authmanagerinfo'
add('authmanagerinfo-default', AM)  # extra
for a in ['login', 'create', 'change', 'remove', 'link', 'unlink', 'login-continue',
          'create-continue', 'link-continue']:  # the last two are extras
    add(f'authmanagerinfo-requestsfor-{a}', f'{AM}&amirequestsfor={a}')
add('authmanagerinfo-requestsfor-bogus', f'{AM}&amirequestsfor=bogus')  # extra (error)
add('authmanagerinfo-mergerequestfields-login', f'{AM}&amirequestsfor=login&amimergerequestfields=1')
add('authmanagerinfo-mergerequestfields-create', f'{AM}&amirequestsfor=create&amimergerequestfields=1')
for f in ['html', 'wikitext', 'raw', 'none']:
    add(f'authmanagerinfo-messageformat-{f}', f'{AM}&amirequestsfor=login&amimessageformat={f}')
add('authmanagerinfo-securitysensitiveoperation-foo', f'{AM}&amisecuritysensitiveoperation=foo')

# ---- meta=languageinfo -------------------------------------------------------------------
LI = 'action=query&meta=languageinfo'
LIPROPS = 'code|bcp47|dir|autonym|name|fallbacks|variants'
LICODES = 'de|en|sr|zh|pt-br|nonexistent'
# every request with the default licode=* is followed (licontinue, see the README)
add('languageinfo-default', LI, follow=True)
add('languageinfo-every-prop', f'{LI}&liprop={LIPROPS}', follow=True)
add('languageinfo-codes', f'{LI}&licode={LICODES}')
add('languageinfo-codes-every-prop', f'{LI}&licode={LICODES}&liprop={LIPROPS}')
add('languageinfo-name-uselang-de', f'{LI}&liprop=name&uselang=de&licode=de|en|fr')
add('languageinfo-autonym', f'{LI}&liprop=autonym', follow=True)
# extras: an explicit licontinue (the codes >= it, compared as strings), and a bad liprop value
add('languageinfo-autonym-continue-sr', f'{LI}&liprop=autonym&licontinue=sr', follow=True)
add('languageinfo-codes-continue-en', f'{LI}&licode={LICODES}&licontinue=en')
add('languageinfo-prop-bogus', f'{LI}&liprop=bogus&licode=de')

# ---- meta=allmessages --------------------------------------------------------------------
AMS = 'action=query&meta=allmessages'
add('allmessages-messages', f'{AMS}&ammessages=mainpage|edit|nosuchmessage')
add('allmessages-from-mainpage-to-mainpagetext', f'{AMS}&amfrom=mainpage&amto=mainpagetext')
add('allmessages-prefix-api-help-param-l', f'{AMS}&amprefix=api-help-param-l')
add('allmessages-filter-semiprotected', f'{AMS}&amfilter=semiprotected')
add('allmessages-prop-default', f'{AMS}&amprop=default&ammessages=mainpage')
add('allmessages-enableparser', f'{AMS}&amenableparser=1&ammessages=pagetitle|nstab-main&amtitle=Foo')
add('allmessages-args', f'{AMS}&amargs=X|Y&ammessages=historysize')
add('allmessages-lang-de', f'{AMS}&amlang=de&ammessages=mainpage|edit')
add('allmessages-nocontent', f'{AMS}&amnocontent=1&ammessages=mainpage')
add('allmessages-customised-modified-some', f'{AMS}&amcustomised=modified&ammessages=mainpage|sidebar')
add('allmessages-customised-unmodified', f'{AMS}&amcustomised=unmodified&ammessages=mainpage|sidebar')
add('allmessages-includelocal-prefix-fixture', f'{AMS}&amincludelocal=1&amprefix=fixture')
# the fixture's MediaWiki: pages (page_namespace=8): Common.css and Sitenotice
for m in ['common.css', 'sitenotice']:
    add(f'allmessages-local-{m}', f'{AMS}&ammessages={m}')
    add(f'allmessages-local-{m}-customised-modified', f'{AMS}&ammessages={m}&amcustomised=modified')
    add(f'allmessages-local-{m}-prop-default', f'{AMS}&ammessages={m}&amprop=default')  # extra
# extras
add('allmessages-customised-modified-local', f'{AMS}&amcustomised=modified&ammessages=common.css|sitenotice|mainpage')
add('allmessages-lang-invalid', f'{AMS}&amlang=foo/bar&ammessages=mainpage')
add('allmessages-enableparser-default-title', f'{AMS}&amenableparser=1&ammessages=pagetitle')
add('allmessages-from-to-prefix', f'{AMS}&amfrom=mainpage&amto=mainpagetext&amprefix=mainpage-')
add('allmessages-from-not-a-message', f'{AMS}&amfrom=mainpage-a&amto=mainpagetext')
add('allmessages-pagetitle-plain', f'{AMS}&ammessages=pagetitle|nstab-main')

# ---- paraminfo (fv1 only) ------------------------------------------------------------------
add('paraminfo-meta2-modules',
    'action=paraminfo&modules=query+filerepoinfo|query+authmanagerinfo|query+languageinfo|query+allmessages',
    fv2=False)

# ---- logged in ---------------------------------------------------------------------------
add('authmanagerinfo-requestsfor-login.admin', f'{AM}&amirequestsfor=login', cred=ADMIN)
add('authmanagerinfo-requestsfor-change.admin', f'{AM}&amirequestsfor=change', cred=ADMIN)
add('authmanagerinfo-default.admin', AM, cred=ADMIN)  # extra
add('authmanagerinfo-securitysensitiveoperation-foo.admin', f'{AM}&amisecuritysensitiveoperation=foo',
    cred=ADMIN)  # extra

cap.run()
