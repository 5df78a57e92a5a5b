#!/usr/bin/env python3
"""Capture MediaWiki 1.39's answers for the link-table prop modules
(prop=links, prop=templates, prop=images, prop=categories) and their generator forms.
    tools/capture.py links BASE_URL
Same file format as shared/oracle/capture.py and tools/capture/users.py:
{"request", "status", "mediawiki-api-error", "response"}.
Every request is a GET with format=json; each is captured in formatversion 1 (NAME.json) and
formatversion 2 (NAME.fv2.json) unless noted.  Parameter values are percent-encoded (RFC 3986,
keeping '|', '*', '!', ':' and '/' literal, space as %20), and the 'request' member is the exact
query string sent.
All requests are anonymous: a fresh connection and no cookies each.
Requests marked 'follow' are repeated with the 'continue' members of each answer merged into the
parameters until an answer has no 'continue'; the pages are NAME-page1, NAME-page2, ...
Requests marked follow='batch' (generator=allpages) are followed the same way but stop at the first
answer that has 'batchcomplete' (the generator's own continuation, gapcontinue, is not followed,
as it would walk the whole wiki)."""
import os
import sys

from oracle_capture import Capture  # noqa: E402

cap = Capture(sys.argv[1], sys.argv[2], folders={'all': 'links'})
add = cap.add



Q = 'action=query&'

# Per module: the prop name, the parameter prefix, three pages with many links of that kind,
# one page for the generator form, a redirect (to a page with such links), the title-filter
# parameter with a mix of present and absent targets, and the namespace values to try.
MODULES = [
    # Sheep (41), Madrid (89), Café culture (113): 13 pagelinks each, in ns 0, 4, 12, 14,
    # 3 of them red links.  Kitty (152) redirects to Cat (37); Kitty itself links to Cat.
    dict(prop='links', p='pl', titles='Sheep|Madrid|Café_culture', one='Sheep', redirect='Kitty',
         filt='pltitles', filtval='Apple|Unicorn|Project:About|Paris|Berlin|Category:Animals|Category:Places|Nonexistent_xyz',
         ns=['0', '10', '14']),
    # the same three pages: Template:Infobox, Template:Nav, Template:Stub each (3 is the most
    # templates any page has).  Puppy (154) redirects to Dog (38: Infobox, Stub).
    # 'Nav' without prefix is the main-namespace title Nav (tltemplates has no default namespace).
    dict(prop='templates', p='tl', titles='Sheep|Madrid|Café_culture', one='Sheep', redirect='Puppy',
         filt='tltemplates', filtval='Template:Nav|Template:Stub|Template:Sig|Template:Nonexistent_xyz|Nav',
         ns=['0', '10', '14']),
    # Goat (42), Whale (50), Rome (90): Diagram.svg, Nonexistent_picture.png (no file), Notes.txt.
    # Paname (161) redirects to Paris (87: Example.png).
    # 'Notes.txt' without 'File:' is not a file title (warning apiwarn-notfile).
    dict(prop='images', p='im', titles='Goat|Whale|Rome', one='Goat', redirect='Paname',
         filt='imimages', filtval='File:Diagram.svg|File:Nonexistent_picture.png|File:Example.png|File:Absent_xyz.png|Notes.txt',
         ns=[]),
    # Whale (50), Banana (68), Lisbon (95): 4 categories each, Hidden_maintenance (hidden) among
    # them; Whale and Banana have a DEFAULTSORT (sort key prefix elahW / ananaB).
    # Puppy (154) is itself in Category:Redirects and redirects to Dog (38: Animals, Stubs).
    # 'Stubs' without 'Category:' is not a category title (warning apiwarn-invalidcategory).
    dict(prop='categories', p='cl', titles='Whale|Banana|Lisbon', one='Whale', redirect='Puppy',
         filt='clcategories', filtval='Category:Animals|Category:Hidden_maintenance|Category:Fruits|Category:Empty_category|Category:Nonexistent_xyz|Stubs',
         ns=[]),
]

for m in MODULES:
    prop, p, T = m['prop'], m['p'], m['titles']
    base = f'{Q}prop={prop}&titles={T}'
    add(f'{prop}-default', base)
    add(f'{prop}-limit1', f'{base}&{p}limit=1', follow=True)
    add(f'{prop}-limit7', f'{base}&{p}limit=7', follow=True)
    add(f'{prop}-limit-max', f'{base}&{p}limit=max')
    for ns in m['ns']:
        add(f'{prop}-namespace-{ns}', f'{base}&{p}namespace={ns}')
    add(f'{prop}-filter', f'{base}&{m["filt"]}={m["filtval"]}')
    add(f'{prop}-filter-limit1', f'{base}&{m["filt"]}={m["filtval"]}&{p}limit=1', follow=True)
    add(f'{prop}-dir-descending', f'{base}&{p}dir=descending')
    add(f'{prop}-dir-descending-limit7', f'{base}&{p}dir=descending&{p}limit=7', follow=True)
    add(f'{prop}-one-page-limit2', f'{Q}prop={prop}&titles={m["one"]}&{p}limit=2', follow=True)
    add(f'{prop}-generator', f'{Q}generator={prop}&titles={m["one"]}&prop=info')
    add(f'{prop}-generator-limit2', f'{Q}generator={prop}&titles={T}&prop=info&g{p}limit=2', follow=True)
    add(f'{prop}-missing', f'{Q}prop={prop}&titles=Nonexistent_page_xyz')
    add(f'{prop}-redirect', f'{Q}prop={prop}&titles={m["redirect"]}')
    add(f'{prop}-redirect-resolved', f'{Q}prop={prop}&titles={m["redirect"]}&redirects=1')
    add(f'{prop}-generator-allpages', f'{Q}generator=allpages&gaplimit=5&prop={prop}', follow='batch')
    # extras: a continue value of the wrong shape, and a limit above the maximum
    add(f'{prop}-bad-continue', f'{base}&{p}continue=abc')
    add(f'{prop}-limit-over-max', f'{base}&{p}limit=600')

# extras for links/templates: several namespaces at once, and the filter combined with a namespace
add('links-namespace-4-12', f'{Q}prop=links&titles=Sheep|Madrid|Café_culture&plnamespace=4|12')
add('links-filter-namespace-14', f'{Q}prop=links&titles=Sheep|Madrid|Café_culture'
    '&pltitles=Apple|Category:Animals|Category:Places&plnamespace=14')
# extras for links: invalid and interwiki titles in the filter (warning apiwarn-invalidtitle), and a mix of a
# normal page, a missing page and an unresolved redirect
add('links-filter-invalid', f'{Q}prop=links&titles=Sheep|Madrid|Café_culture&pltitles=Apple|Bad<Title|wikipedia:Apple')
add('links-mixed-titles', f'{Q}prop=links&titles=Sheep|Nonexistent_page_xyz|Kitty')
add('templates-namespace-10-limit2', f'{Q}prop=templates&titles=Sheep|Madrid|Café_culture&tlnamespace=10&tllimit=2',
    follow=True)
# extras for images/categories: a filter with only invalid values (warning, no results)
add('images-filter-only-invalid', f'{Q}prop=images&titles=Goat|Whale|Rome&imimages=Notes.txt|Template:Nav')
add('categories-filter-only-invalid', f'{Q}prop=categories&titles=Whale|Banana|Lisbon&clcategories=Stubs|Template:Nav')

# ---- prop=categories: clprop / clshow ------------------------------------------------------
CT = 'Whale|Banana|Lisbon'
add('categories-prop-all', f'{Q}prop=categories&titles={CT}&clprop=sortkey|timestamp|hidden')
add('categories-prop-sortkey', f'{Q}prop=categories&titles={CT}&clprop=sortkey')
add('categories-prop-timestamp', f'{Q}prop=categories&titles={CT}&clprop=timestamp')
add('categories-prop-hidden', f'{Q}prop=categories&titles={CT}&clprop=hidden')
add('categories-show-hidden', f'{Q}prop=categories&titles={CT}&clshow=hidden')
add('categories-show-not-hidden', f'{Q}prop=categories&titles={CT}&clshow=!hidden')
add('categories-show-both', f'{Q}prop=categories&titles={CT}&clshow=hidden|!hidden')
add('categories-show-hidden-prop-all', f'{Q}prop=categories&titles={CT}&clshow=hidden&clprop=sortkey|timestamp|hidden')
add('categories-show-not-hidden-limit2', f'{Q}prop=categories&titles={CT}&clshow=!hidden&cllimit=2', follow=True)
# extra: the mutually exclusive clshow values with no existing page (the module stops before the check)
add('categories-show-both-missing', f'{Q}prop=categories&titles=Nonexistent_page_xyz&clshow=hidden|!hidden')

# ---- two prop modules continuing together -----------------------------------------------
add('links-categories-generator-allpages', f'{Q}generator=allpages&gaplimit=5&prop=links|categories', follow='batch')
add('links-categories-generator-allpages-limits', f'{Q}generator=allpages&gaplimit=5&prop=links|categories'
    '&pllimit=4&cllimit=2', follow='batch')
add('links-categories-titles-limits', f'{Q}prop=links|categories&titles=Sheep|Whale|Banana&pllimit=4&cllimit=2',
    follow=True)
# the same with the modules named in another order (the order of prop= decides the order of the continue
# members, of the finished-module list in 'continue', and of the members within each page)
add('categories-images-links-titles-limits', f'{Q}prop=categories|images|links&titles=Sheep|Whale|Banana'
    '&pllimit=4&cllimit=2&imlimit=1', follow=True)
add('all-four-generator-allpages-limits', f'{Q}generator=allpages&gaplimit=5&prop=links|templates|images|categories'
    '&pllimit=5&tllimit=2&imlimit=1&cllimit=2', follow='batch')

# ---- paraminfo (fv1 only) ------------------------------------------------------------------
add('paraminfo-links-modules', 'action=paraminfo&modules=query+links|query+templates|query+images|query+categories',
    fv2=False)

cap.run()
