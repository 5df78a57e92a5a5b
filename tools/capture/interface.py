"""Captures MediaWiki 1.39's answers for meta=languageinfo, meta=authmanagerinfo and
meta=allmessages on the fixture: tools/capture.py interface BASE_URL."""
import os
import sys

from oracle_capture import Capture, ADMIN  # noqa: E402

cap = Capture(sys.argv[1], sys.argv[2])
A = cap.add

# languageinfo: languages whose names MediaWiki and the Unicode CLDR spell alike.
COMMON = 'de|fr|es|it|ja|ar|he|en|nl|pl|ru|uk|fa|el|ko|sv|fi|da'
A('languageinfo-common-allprops', f'action=query&meta=languageinfo&liprop=code|bcp47|dir|autonym|name|variants&licode={COMMON}')
A('languageinfo-default-props', 'action=query&meta=languageinfo&licode=de|fr')
A('languageinfo-unknown-codes', 'action=query&meta=languageinfo&licode=xx|de|yy-zz')
A('languageinfo-star-and-code', 'action=query&meta=languageinfo&licode=*|de')
A('languageinfo-continue', f'action=query&meta=languageinfo&licode={COMMON}&licontinue=fi')
A('languageinfo-only-unknown', 'action=query&meta=languageinfo&licode=xx')
A('languageinfo-bcp47-dir', 'action=query&meta=languageinfo&liprop=bcp47|dir&licode=de|pt|ar|he|fa|ur|yi|ja|zh')

# authmanagerinfo
A('authmanagerinfo-default', 'action=query&meta=authmanagerinfo')
for action in ['login', 'login-continue', 'create', 'create-continue', 'link', 'link-continue', 'change', 'remove', 'unlink']:
    A(f'authmanagerinfo-requestsfor-{action}', f'action=query&meta=authmanagerinfo&amirequestsfor={action}')
A('authmanagerinfo-merged', 'action=query&meta=authmanagerinfo&amirequestsfor=login&amimergerequestfields=1')
A('authmanagerinfo-securitysensitive', 'action=query&meta=authmanagerinfo&amisecuritysensitiveoperation=ChangeEmail')
A('authmanagerinfo-bad-requestsfor', 'action=query&meta=authmanagerinfo&amirequestsfor=bogus')
A('authmanagerinfo-securitysensitive.admin', 'action=query&meta=authmanagerinfo&amisecuritysensitiveoperation=ChangeEmail', cred=ADMIN)

# allmessages: the wiki's own MediaWiki: pages, missing messages, parameters.
A('allmessages-customised-modified', 'action=query&meta=allmessages&amcustomised=modified')
A('allmessages-customised-modified-nocontent', 'action=query&meta=allmessages&amcustomised=modified&amnocontent=1')
A('allmessages-overridden-default', 'action=query&meta=allmessages&ammessages=sitenotice|common.css|Sitenotice&amprop=default')
A('allmessages-missing', 'action=query&meta=allmessages&ammessages=nosuchmessage-fixture|another-missing-one')
A('allmessages-missing-default', 'action=query&meta=allmessages&ammessages=nosuchmessage-fixture&amprop=default')
A('allmessages-includelocal-filter', 'action=query&meta=allmessages&amincludelocal=1&amfilter=ommon.cs')
A('allmessages-includelocal-customised', 'action=query&meta=allmessages&amincludelocal=1&amcustomised=modified&amprefix=s')
A('allmessages-bad-lang', 'action=query&meta=allmessages&ammessages=january&amlang=a:b')
A('allmessages-bad-title', 'action=query&meta=allmessages&ammessages=january&amenableparser=1&amtitle=[[x]]')
A('allmessages-months', 'action=query&meta=allmessages&ammessages=january|february|march|april|may_long|june|july|august|september|october|november|december')
A('allmessages-unmodified-of-two', 'action=query&meta=allmessages&ammessages=sitenotice|january&amcustomised=unmodified')
A('allmessages-from-to', 'action=query&meta=allmessages&ammessages=april|august|december|february&amfrom=august&amto=december')

cap.run()
