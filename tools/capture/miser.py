"""Captures MediaWiki 1.39's `list=querypage` answers in miser mode, from the report cache
its `updateSpecialPages.php` filled: tools/capture.py miser BASE_URL."""
import os
import sys

from oracle_capture import Capture, ADMIN  # noqa: E402

REPORTS = ['Ancientpages', 'BrokenRedirects', 'Deadendpages', 'DoubleRedirects', 'Fewestrevisions',
           'ListDuplicatedFiles', 'Listredirects', 'Lonelypages', 'Longpages', 'MediaStatistics',
           'Mostcategories', 'Mostimages', 'Mostinterwikis', 'Mostlinked', 'Mostlinkedcategories',
           'Mostlinkedtemplates', 'Mostrevisions', 'Shortpages', 'Uncategorizedcategories',
           'Uncategorizedimages', 'Uncategorizedpages', 'Uncategorizedtemplates', 'Unusedcategories',
           'Unusedimages', 'Unusedtemplates', 'Wantedcategories', 'Wantedfiles', 'Wantedpages',
           'Wantedtemplates', 'Withoutinterwiki']
cap = Capture(sys.argv[1], sys.argv[2], folders={'querypage': 'querypage/miser'})
for report in REPORTS:
    cap.add(f'querypage-miser-{report}', f'action=query&list=querypage&qppage={report}')
    cap.add(f'querypage-miser-{report}-max', f'action=query&list=querypage&qppage={report}&qplimit=max')
    cap.add(f'querypage-miser-{report}-offset', f'action=query&list=querypage&qppage={report}&qpoffset=2&qplimit=3')
cap.add('querypage-miser-Unwatchedpages.admin', 'action=query&list=querypage&qppage=Unwatchedpages&qplimit=max',
        cred=ADMIN)
cap.add('querypage-miser-Unwatchedpages', 'action=query&list=querypage&qppage=Unwatchedpages')
cap.add('querypage-miser-generator-Wantedpages', 'action=query&generator=querypage&gqppage=Wantedpages&gqplimit=5')
cap.run()
