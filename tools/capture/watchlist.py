"""Captures MediaWiki 1.39's answers for list=watchlist and list=watchlistraw on the fixture,
logged in as its users (whose watchlists these are) and anonymously:
tools/capture.py watchlist BASE_URL."""
import os
import sys

from oracle_capture import Capture, ADMIN, SYSOP, USER  # noqa: E402

cap = Capture(sys.argv[1], sys.argv[2], folders={'raw': 'watchlistraw', 'wl': 'watchlist'})
WHO = {'.admin': ADMIN, '.user': USER, '.sysop': SYSOP}


def every(name, query, callers=('.admin', '.user', '.sysop'), **opt):
    for suffix in callers:
        cap.add(name + suffix, query, cred=WHO[suffix], **opt)


# watchlistraw
every('raw-default', 'action=query&list=watchlistraw')
every('raw-max', 'action=query&list=watchlistraw&wrlimit=max&wrprop=changed')
every('raw-chain7', 'action=query&list=watchlistraw&wrlimit=7&wrprop=changed', callers=('.sysop',), follow=True)
every('raw-chain7-desc', 'action=query&list=watchlistraw&wrlimit=7&wrdir=descending', callers=('.user',), follow=True)
every('raw-changed', 'action=query&list=watchlistraw&wrshow=changed&wrprop=changed&wrlimit=max')
every('raw-notchanged', 'action=query&list=watchlistraw&wrshow=!changed&wrlimit=max', callers=('.admin',))
every('raw-show-conflict', 'action=query&list=watchlistraw&wrshow=changed|!changed', callers=('.admin',))
every('raw-namespaces', 'action=query&list=watchlistraw&wrnamespace=1|2|3&wrlimit=max', callers=('.admin', '.user'))
every('raw-fromto', 'action=query&list=watchlistraw&wrfromtitle=Cat&wrtotitle=Talk:Dog&wrlimit=max', callers=('.admin', '.user'))
every('raw-fromto-desc', 'action=query&list=watchlistraw&wrfromtitle=Talk:Dog&wrtotitle=Cat&wrdir=descending&wrlimit=max', callers=('.admin',))
every('raw-bad-continue', 'action=query&list=watchlistraw&wrcontinue=x', callers=('.admin',))
every('raw-generator', 'action=query&generator=watchlistraw&gwrlimit=max&prop=info', callers=('.user',))
cap.add('raw-anonymous', 'action=query&list=watchlistraw')
cap.add('raw-bad-token', 'action=query&list=watchlistraw&wrowner=Admin&wrtoken=0123456789abcdef')
cap.add('raw-bad-owner', 'action=query&list=watchlistraw&wrowner=No such user here&wrtoken=0123456789abcdef')

# watchlist
ALL = 'ids|title|flags|user|userid|comment|parsedcomment|timestamp|sizes|notificationtimestamp|loginfo|tags'
every('wl-default', 'action=query&list=watchlist')
every('wl-allprops', f'action=query&list=watchlist&wlprop={ALL}&wllimit=max')
every('wl-allprops-allrev', f'action=query&list=watchlist&wlprop={ALL}&wlallrev=1&wllimit=max')
every('wl-patrol', 'action=query&list=watchlist&wlprop=ids|title|patrol&wllimit=max', callers=('.admin', '.user'))
every('wl-expiry', 'action=query&list=watchlist&wlprop=title|expiry&wllimit=20', callers=('.admin',))
every('wl-chain7', 'action=query&list=watchlist&wlprop=ids|title|timestamp&wllimit=7', callers=('.sysop',), follow=True)
every('wl-chain7-newer', 'action=query&list=watchlist&wlprop=ids|title|timestamp&wllimit=7&wldir=newer&wlallrev=1', callers=('.user',), follow=True, pages=12)
for show in ['minor', '!minor', 'bot', '!bot', 'anon', '!anon', 'unread', '!unread', 'patrolled', '!patrolled',
             'autopatrolled', '!autopatrolled', 'minor|!minor', 'anon|!anon', 'unread|!minor|!bot']:
    every('wl-show-' + show.replace('!', 'not-').replace('|', '+'),
          f'action=query&list=watchlist&wlprop=ids|title|flags|user&wlshow={show}&wlallrev=1&wllimit=max',
          callers=('.admin', '.user'))
for t in ['edit', 'new', 'log', 'categorize', 'external', 'edit|new']:
    every('wl-type-' + t.replace('|', '+'), f'action=query&list=watchlist&wlprop=ids|title|loginfo&wltype={t}&wlallrev=1&wllimit=max', callers=('.admin',))
every('wl-namespace', 'action=query&list=watchlist&wlprop=ids|title&wlnamespace=1|2&wlallrev=1&wllimit=max', callers=('.admin', '.user'))
every('wl-user', 'action=query&list=watchlist&wlprop=ids|title|user&wluser=Alice&wlallrev=1&wllimit=max', callers=('.admin', '.sysop'))
every('wl-excludeuser', 'action=query&list=watchlist&wlprop=ids|title|user&wlexcludeuser=Bob&wlallrev=1&wllimit=max', callers=('.admin', '.sysop'))
every('wl-user-and-exclude', 'action=query&list=watchlist&wluser=Alice&wlexcludeuser=Bob', callers=('.admin',))
every('wl-start-end', 'action=query&list=watchlist&wlprop=ids|title|timestamp&wlstart=2026-11-21T23:00:00Z&wlend=2026-11-21T00:00:00Z&wlallrev=1&wllimit=max', callers=('.admin', '.user'))
every('wl-start-end-newer', 'action=query&list=watchlist&wlprop=ids|title|timestamp&wldir=newer&wlstart=2026-11-21T00:00:00Z&wlend=2026-11-21T23:00:00Z&wlallrev=1&wllimit=max', callers=('.admin',))
every('wl-bad-continue', 'action=query&list=watchlist&wlcontinue=x', callers=('.admin',))
every('wl-generator', 'action=query&generator=watchlist&gwllimit=max&prop=info', callers=('.admin', '.user'))
every('wl-generator-allrev', 'action=query&generator=watchlist&gwllimit=20&gwlallrev=1&prop=revisions', callers=('.user',))
cap.add('wl-anonymous', 'action=query&list=watchlist')
cap.add('wl-bad-token', 'action=query&list=watchlist&wlowner=Alice&wltoken=0123456789abcdef')
cap.add('wl-bad-owner', 'action=query&list=watchlist&wlowner=No such user here&wltoken=0123456789abcdef')

cap.run()
