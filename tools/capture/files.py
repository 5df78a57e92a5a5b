#!/usr/bin/env python3
"""Capture MediaWiki 1.39's answers for the file query modules: list=allimages (also as a
generator), prop=imageinfo, prop=duplicatefiles (also as a generator), list=filearchive,
prop=stashimageinfo and list=mystashedfiles, plus one action=paraminfo for the six modules.
    tools/capture.py files BASE_URL
Same file format as shared/oracle/capture.py and ../tools/capture/activity.py:
{"request", "status", "mediawiki-api-error", "response"}.
Every request is a GET with format=json; each is captured in formatversion 1 (NAME.json) and
formatversion 2 (NAME.fv2.json) unless noted.  Parameter values are percent-encoded (RFC 3986,
keeping '|', '*', '!', ':' and '/' literal, space as %20, '+' as %2B), and the 'request' member is
the exact query string sent.
Anonymous requests use a fresh connection and no cookies each.  Files whose name contains
'.sysop' are made in a session logged in (action=clientlogin, as in populate.py) as Bob (sysop:
deletedhistory, deletedtext, no suppression rights), '.admin' as Admin (sysop + suppress:
suppressrevision, viewsuppressed).  Anonymous requests are made first, the logged-in ones last.
Requests marked 'follow' are repeated with the 'continue' members of each answer merged into the
parameters until an answer has no 'continue'; the pages are NAME-page1, NAME-page2, ...
Not captured: aicontinue values whose timestamp part is not a timestamp with aisort=timestamp
(e.g. aicontinue=abc|X): $db->timestamp() throws, and MediaWiki answers
internal_api_error_Wikimedia\\Timestamp\\TimestampException with a random error id (the same happens
in ../activity).
Setup-dependent answers (see README.md): thumbnails (iiurlwidth/iiurlheight/iiurlparam) and the
uploadwarning html depend on the image scalers installed; in the oracle neither ImageMagick nor GD is
available, so File:Diagram.svg gives a 'thumberror' and nothing is written to the upload directory."""
import os
import sys

from oracle_capture import ADMIN, SYSOP, Capture  # noqa: E402

cap = Capture(sys.argv[1], sys.argv[2], max_pages=20, timeout=120)
add = cap.add
add2 = cap.add2
add3 = cap.add3

Q = 'action=query&'




def slug(v):
    return (v.replace('|', '-').replace('!', 'not-').replace('*', 'all').replace(':', '-').replace('/', '-')
            .replace('+', '-'))


# ---- data used (from the fixture's tables) ------------------------------------------------------
# image (5 rows, img_sha1 in base 36; hex in brackets):
#   Blue_square.png  73 B 4x4 8 bit BITMAP image/png  Alice 2026-11-21T23:32:03Z "A blue square"
#                    dyajwi0vtrn45sxn8a63irox1aa7t2t [777217a97d2755b1cc3a989c0c09a22c3e3990f5]
#   Diagram.svg      214 B 40x20 0 bit DRAWING image/svg+xml  Carol 23:32:04Z "An SVG diagram"
#                    bztzqj95iy1sn702quaklrpp5k56q6j [66b0b31eb136dbb61b9557b9721d30c4127e4f0b]
#   Duplicate_of_example.png  73 B 4x4 8 bit  Bob 23:32:03Z "Same bytes as Example.png"
#                    5atl66j9oprisa7j6p65vndb8r7bbrf [2d60a967fbcc37b5653b6ce03fc0d7683a49034b]
#   Example.png      73 B 4x4 8 bit  Admin 23:32:05Z "Revert to red"  (same sha1 as Duplicate_of_example)
#   Notes.txt        34 B 0x0 0 bit TEXT text/plain  Alice 23:32:04Z "Text file"
#                    np45a7bba05wz8co7mcksdgs6wjfpq5 [cadf14f361e5db172dc00c0d8e15addc25b402fd]
# oldimage (Example.png only, oi_deleted 0 on both: no hidden file versions in the fixture):
#   20261121233205!Example.png  6x3  Admin 23:32:04Z "Overwrite with a green rectangle"
#                    39rqel772g9b63w2bmy3i8998r1tvs2 [1c018168a15d5e2810e03be16e3abc0b9f8ff322]
#   20261121233203!Example.png  4x4  Admin 23:32:03Z "A red square" (same sha1 as the current one)
# filearchive (1 row): fa_id 1 Obsolete.png, 71 B 2x2 8 bit image/png, uploaded by Admin 23:32:05Z
#   upload comment "To be deleted", deleted by Admin 23:32:27Z with reason "Obsolete file",
#   fa_deleted 0, fa_archive_name '', sha1 hqy67tefz36ouavrxwlur4viggqynq2
#   [97f14ded883221b33c35f0bf4f338cc2ee8dc69a]
# uploadstash: empty.  No bot uploaded a file.  MediaWiki:Bad_image_list does not exist.
HEX_EXAMPLE = '2d60a967fbcc37b5653b6ce03fc0d7683a49034b'
B36_EXAMPLE = '5atl66j9oprisa7j6p65vndb8r7bbrf'
HEX_BLUE = '777217a97d2755b1cc3a989c0c09a22c3e3990f5'
HEX_EXAMPLE_OLD = '1c018168a15d5e2810e03be16e3abc0b9f8ff322'
HEX_OBSOLETE = '97f14ded883221b33c35f0bf4f338cc2ee8dc69a'
B36_OBSOLETE = 'hqy67tefz36ouavrxwlur4viggqynq2'

# ==== list=allimages ===============================================================================
AI = f'{Q}list=allimages'
AIPROPS = ['timestamp', 'user', 'userid', 'comment', 'parsedcomment', 'canonicaltitle', 'url', 'size',
           'dimensions', 'sha1', 'mime', 'mediatype', 'metadata', 'commonmetadata', 'extmetadata',
           'bitdepth', 'badfile']
AIALL = '|'.join(AIPROPS)
add('allimages-default', AI)
for p in AIPROPS:
    add(f'allimages-prop-{p}', f'{AI}&aiprop={p}')
add('allimages-prop-all', f'{AI}&aiprop={AIALL}')
add('allimages-prop-all.sysop', f'{AI}&aiprop={AIALL}', cred=SYSOP)
add('allimages-prop-empty', f'{AI}&aiprop=')
add('allimages-prop-bogus', f'{AI}&aiprop=size|bogus')
add('allimages-prop-archivename', f'{AI}&aiprop=archivename')  # an imageinfo-only value
# sort and dir
for d in ('ascending', 'descending', 'newer', 'older'):
    add(f'allimages-sort-name-dir-{d}', f'{AI}&aisort=name&aidir={d}')
    add(f'allimages-sort-timestamp-dir-{d}', f'{AI}&aisort=timestamp&aidir={d}&aiprop=timestamp')
add('allimages-sort-timestamp', f'{AI}&aisort=timestamp')
add('allimages-sort-bogus', f'{AI}&aisort=size')
add('allimages-dir-bogus', f'{AI}&aidir=sideways')
# parameters that need the other sort
for p, v in (('from', 'B'), ('to', 'E'), ('prefix', 'D')):
    add(f'allimages-error-{p}-with-sort-timestamp', f'{AI}&aisort=timestamp&ai{p}={v}')
for p, v in (('start', '2026-11-21T23:32:04Z'), ('end', '2026-11-21T23:32:04Z'), ('user', 'Alice')):
    add(f'allimages-error-{p}-with-sort-name', f'{AI}&ai{p}={v}')
add('allimages-error-filterbots-with-sort-name', f'{AI}&aifilterbots=nobots')
add('allimages-error-user-filterbots', f'{AI}&aisort=timestamp&aiuser=Alice&aifilterbots=nobots')
add('allimages-error-start-with-sort-name-descending', f'{AI}&aidir=descending&aistart=2026-11-21T23:32:04Z')
# from / to / prefix (sort=name)
add('allimages-from', f'{AI}&aifrom=D')
add('allimages-from-exact', f'{AI}&aifrom=Diagram.svg')
add('allimages-from-spaces', f'{AI}&aifrom=Blue square.png')
add('allimages-from-lowercase', f'{AI}&aifrom=duplicate')
add('allimages-from-with-namespace', f'{AI}&aifrom=File:Example.png')
add('allimages-to', f'{AI}&aito=Duplicate_of_example.png')
add('allimages-from-to', f'{AI}&aifrom=C&aito=E')
add('allimages-from-to-descending', f'{AI}&aidir=descending&aifrom=E&aito=B')
add('allimages-from-to-wrong-order', f'{AI}&aifrom=E&aito=B')
add('allimages-from-past-end', f'{AI}&aifrom=Zzz')
add('allimages-from-invalid', f'{AI}&aifrom=Foo[bar]')
for pf in ('D', 'Ex', 'e', 'Blue square', 'Zzz'):
    add(f'allimages-prefix-{slug(pf).replace(" ", "_")}', f'{AI}&aiprefix={pf}')
add('allimages-prefix-from', f'{AI}&aiprefix=D&aifrom=Dup')
add('allimages-prefix-descending', f'{AI}&aiprefix=D&aidir=descending')
# start / end (sort=timestamp)
TS = f'{AI}&aisort=timestamp&aiprop=timestamp'
add('allimages-start-newer', f'{TS}&aidir=newer&aistart=2026-11-21T23:32:04Z')
add('allimages-end-newer', f'{TS}&aidir=newer&aiend=2026-11-21T23:32:04Z')
add('allimages-start-end-newer', f'{TS}&aidir=newer&aistart=2026-11-21T23:32:04Z&aiend=2026-11-21T23:32:04Z')
add('allimages-start-end-older', f'{TS}&aidir=older&aistart=2026-11-21T23:32:04Z&aiend=2026-11-21T23:32:03Z')
add('allimages-start-end-older-wrong-order', f'{TS}&aidir=older&aistart=2026-11-21T23:32:03Z'
    '&aiend=2026-11-21T23:32:05Z')
add('allimages-start-ascending', f'{TS}&aistart=2026-11-21T23:32:05Z')
add('allimages-start-descending', f'{TS}&aidir=descending&aistart=2026-11-21T23:32:03Z')
add('allimages-start-tsmw', f'{TS}&aistart=20261121233204')
add('allimages-bad-start', f'{TS}&aistart=abc')
# size
add('allimages-minsize', f'{AI}&aiminsize=74&aiprop=size')
add('allimages-maxsize', f'{AI}&aimaxsize=73&aiprop=size')
add('allimages-minsize-maxsize', f'{AI}&aiminsize=34&aimaxsize=73&aiprop=size')
add('allimages-minsize-maxsize-empty', f'{AI}&aiminsize=100&aimaxsize=50&aiprop=size')
add('allimages-minsize-negative', f'{AI}&aiminsize=-1&aiprop=size')
add('allimages-minsize-not-integer', f'{AI}&aiminsize=abc')
add('allimages-maxsize-timestamp', f'{AI}&aisort=timestamp&aimaxsize=73&aiprop=size')
# sha1
add('allimages-sha1', f'{AI}&aisha1={HEX_EXAMPLE}&aiprop=sha1')
add('allimages-sha1-uppercase', f'{AI}&aisha1={HEX_EXAMPLE.upper()}&aiprop=sha1')
add('allimages-sha1-blue', f'{AI}&aisha1={HEX_BLUE}&aiprop=sha1')
add('allimages-sha1-old-version', f'{AI}&aisha1={HEX_EXAMPLE_OLD}&aiprop=sha1')
add('allimages-sha1-deleted-file', f'{AI}&aisha1={HEX_OBSOLETE}&aiprop=sha1')
add('allimages-sha1-timestamp', f'{AI}&aisort=timestamp&aidir=older&aisha1={HEX_EXAMPLE}&aiprop=sha1|timestamp')
add('allimages-sha1base36', f'{AI}&aisha1base36={B36_EXAMPLE}&aiprop=sha1')
add('allimages-sha1base36-uppercase', f'{AI}&aisha1base36={B36_EXAMPLE.upper()}&aiprop=sha1')
add('allimages-sha1-and-sha1base36', f'{AI}&aisha1={HEX_BLUE}&aisha1base36={B36_EXAMPLE}&aiprop=sha1')
add('allimages-bad-sha1', f'{AI}&aisha1=xyz')
add('allimages-bad-sha1-base36-value', f'{AI}&aisha1={B36_EXAMPLE}')
add('allimages-bad-sha1base36', f'{AI}&aisha1base36=xyz')
add('allimages-bad-sha1base36-hex-value', f'{AI}&aisha1base36={HEX_EXAMPLE}')
# user / filterbots (sort=timestamp)
UTS = f'{AI}&aisort=timestamp&aiprop=user|timestamp'
for u, n in (('Alice', 'Alice'), ('Admin', 'Admin'), ('alice', 'lowercase'), ('#3', 'id'),
             ('Nobody', 'nonexistent'), ('192.0.2.10', 'ip'), ('imported>ExternalUser', 'interwiki')):
    add(f'allimages-user-{n}', f'{UTS}&aiuser={u}')
add('allimages-user-invalid', f'{UTS}&aiuser=Foo[bar]')
add('allimages-user-older', f'{UTS}&aiuser=Alice&aidir=older')
for fb in ('all', 'bots', 'nobots'):
    add(f'allimages-filterbots-{fb}', f'{UTS}&aifilterbots={fb}')
add('allimages-filterbots-bogus', f'{UTS}&aifilterbots=humans')
add('allimages-user-filterbots-all', f'{UTS}&aiuser=Alice&aifilterbots=all')
# mime ($wgMiserMode = false here)
for m in ('image/png', 'image/*', 'image/png|image/svg+xml', 'text/plain', 'png', 'IMAGE/PNG'):
    add(f'allimages-mime-{slug(m)}', f'{AI}&aimime={m}&aiprop=mime')
add('allimages-mime-empty', f'{AI}&aimime=&aiprop=mime')
add('allimages-mime-timestamp', f'{AI}&aisort=timestamp&aidir=older&aimime=image/png&aiprop=mime|timestamp')
# limits and chains
add('allimages-limit1', f'{AI}&ailimit=1&aiprop=timestamp|size', follow=True)
add('allimages-limit1-descending', f'{AI}&ailimit=1&aidir=descending', follow=True)
add('allimages-limit1-prefix', f'{AI}&ailimit=1&aiprefix=D', follow=True)
add('allimages-limit7', f'{AI}&ailimit=7', follow=True)
add('allimages-timestamp-limit1', f'{AI}&aisort=timestamp&ailimit=1&aiprop=timestamp', follow=True)
add('allimages-timestamp-limit1-older', f'{AI}&aisort=timestamp&aidir=older&ailimit=1&aiprop=timestamp',
    follow=True)
add('allimages-timestamp-limit2-newer', f'{AI}&aisort=timestamp&aidir=newer&ailimit=2&aiprop=timestamp',
    follow=True)
add('allimages-timestamp-limit7-older', f'{AI}&aisort=timestamp&aidir=older&ailimit=7', follow=True)
add('allimages-limit-max', f'{AI}&ailimit=max')
add('allimages-limit-max-descending', f'{AI}&ailimit=max&aidir=descending')
add('allimages-limit-max-timestamp-newer', f'{AI}&ailimit=max&aisort=timestamp&aidir=newer')
add('allimages-limit-max-timestamp-older', f'{AI}&ailimit=max&aisort=timestamp&aidir=older')
add('allimages-limit-max.sysop', f'{AI}&ailimit=max', cred=SYSOP)
add('allimages-limit-over-max', f'{AI}&ailimit=600')
add('allimages-limit-0', f'{AI}&ailimit=0')
add('allimages-limit-not-integer', f'{AI}&ailimit=abc')
# hand-made continue values
add('allimages-continue', f'{AI}&aicontinue=Diagram.svg')
add('allimages-continue-partial', f'{AI}&aicontinue=E')
add('allimages-continue-descending', f'{AI}&aicontinue=Diagram.svg&aidir=descending')
add('allimages-continue-timestamp', f'{AI}&aisort=timestamp&aicontinue=20261121233204|Diagram.svg')
add('allimages-continue-timestamp-second', f'{AI}&aisort=timestamp&aicontinue=20261121233204|Notes.txt')
add('allimages-continue-timestamp-iso', f'{AI}&aisort=timestamp&aicontinue=2026-11-21T23:32:04Z|Diagram.svg')
add('allimages-continue-timestamp-older', f'{AI}&aisort=timestamp&aidir=older'
    '&aicontinue=20261121233204|Notes.txt')
add('allimages-bad-continue-name-2parts', f'{AI}&aicontinue=Diagram.svg|x')
add('allimages-bad-continue-timestamp-1part', f'{AI}&aisort=timestamp&aicontinue=Diagram.svg')
# as a generator
add('allimages-generator', f'{Q}generator=allimages&prop=info')
add('allimages-generator-limit2', f'{Q}generator=allimages&gailimit=2&prop=info', follow=True)
add('allimages-generator-timestamp-older', f'{Q}generator=allimages&gaisort=timestamp&gaidir=older'
    '&gailimit=3&prop=info', follow=True)
add('allimages-generator-imageinfo', f'{Q}generator=allimages&prop=imageinfo&iiprop=size|sha1|mime')
add('allimages-generator-duplicatefiles', f'{Q}generator=allimages&prop=duplicatefiles')
add('allimages-generator-prefix', f'{Q}generator=allimages&gaiprefix=D&prop=info')
add('allimages-generator-redirects', f'{Q}generator=allimages&redirects=1&prop=info')
add('allimages-generator-with-list', f'{Q}generator=allimages&gailimit=2&list=allimages&ailimit=3&prop=info')

# ==== prop=imageinfo ===============================================================================
TITLES = ('File:Example.png|File:Notes.txt|File:Diagram.svg|File:Blue_square.png|File:Duplicate_of_example.png'
          '|File:Missing.png|File:Obsolete.png|Main Page')
II = f'{Q}prop=imageinfo&titles={TITLES}'
IIEX = f'{Q}prop=imageinfo&titles=File:Example.png'
IIPROPS = ['timestamp', 'user', 'userid', 'comment', 'parsedcomment', 'canonicaltitle', 'url', 'size',
           'dimensions', 'sha1', 'mime', 'thumbmime', 'mediatype', 'metadata', 'commonmetadata',
           'extmetadata', 'archivename', 'bitdepth', 'uploadwarning', 'badfile']
IIALL = '|'.join(IIPROPS)
add('imageinfo-default', II)
for p in IIPROPS:
    add(f'imageinfo-prop-{p}', f'{II}&iiprop={p}')
add3('imageinfo-prop-all', f'{II}&iiprop={IIALL}')
add('imageinfo-prop-empty', f'{II}&iiprop=')
add('imageinfo-prop-bogus', f'{II}&iiprop=size|bogus')
add('imageinfo-prop-archivename-uploadwarning-thumbmime', f'{II}&iiprop=archivename|uploadwarning|thumbmime')
add('imageinfo-single-missing', f'{Q}prop=imageinfo&titles=File:Missing.png')
add('imageinfo-single-missing-badfile', f'{Q}prop=imageinfo&titles=File:Missing.png&iiprop=badfile|timestamp')
add('imageinfo-not-a-file', f'{Q}prop=imageinfo&titles=Main Page|Talk:Dog')
add('imageinfo-lowercase-title', f'{Q}prop=imageinfo&titles=File:example.png|Image:Notes.txt')
# history of File:Example.png (3 versions)
HP = 'iiprop=timestamp|user|userid|comment|sha1|size|archivename|url'
add('imageinfo-history-limit1', f'{IIEX}&iilimit=1&{HP}', follow=True)
add('imageinfo-history-limit2', f'{IIEX}&iilimit=2&{HP}', follow=True)
add('imageinfo-history-limit1-default-prop', f'{IIEX}&iilimit=1', follow=True)
add('imageinfo-history-limit-max', f'{IIEX}&iilimit=max&{HP}')
add3('imageinfo-history-prop-all', f'{IIEX}&iilimit=max&iiprop={IIALL}')
add('imageinfo-history-limit-max.sysop', f'{IIEX}&iilimit=max&{HP}', cred=SYSOP)
add('imageinfo-history-multi-title-limit1', f'{II}&iilimit=1&iiprop=timestamp|archivename')
add('imageinfo-history-multi-title-limit2', f'{II}&iilimit=2&iiprop=timestamp|archivename')
add('imageinfo-history-multi-title-limit-max', f'{II}&iilimit=max&iiprop=timestamp|archivename|sha1')
add('imageinfo-limit-over-max', f'{IIEX}&iilimit=600')
add('imageinfo-limit-0', f'{IIEX}&iilimit=0')
add('imageinfo-limit-not-integer', f'{IIEX}&iilimit=abc')
# start / end (history goes newest first)
SE = f'{IIEX}&iilimit=max&iiprop=timestamp|archivename'
add('imageinfo-start', f'{SE}&iistart=2026-11-21T23:32:04Z')
add('imageinfo-start-before-all', f'{SE}&iistart=2026-11-21T23:32:02Z')
add('imageinfo-end', f'{SE}&iiend=2026-11-21T23:32:04Z')
add('imageinfo-start-end', f'{SE}&iistart=2026-11-21T23:32:04Z&iiend=2026-11-21T23:32:04Z')
add('imageinfo-start-end-wrong-order', f'{SE}&iistart=2026-11-21T23:32:03Z&iiend=2026-11-21T23:32:05Z')
add('imageinfo-start-limit1', f'{IIEX}&iilimit=1&iiprop=timestamp&iistart=2026-11-21T23:32:04Z', follow=True)
add('imageinfo-start-multi-title', f'{II}&iilimit=max&iiprop=timestamp&iistart=2026-11-21T23:32:04Z')
add('imageinfo-end-multi-title', f'{II}&iilimit=max&iiprop=timestamp&iiend=2026-11-21T23:32:04Z')
add('imageinfo-bad-start', f'{SE}&iistart=abc')
# hand-made continue values
add('imageinfo-continue', f'{II}&iilimit=max&iiprop=timestamp&iicontinue=Example.png|20261121233204')
add('imageinfo-continue-next-title', f'{II}&iiprop=timestamp&iicontinue=Missing.png|20261121233204')
add('imageinfo-bad-continue', f'{II}&iicontinue=abc')
# thumbnails (iiprop=url needed)
U = 'iiprop=url|size'
add('imageinfo-urlwidth', f'{II}&{U}&iiurlwidth=120')
add('imageinfo-urlheight', f'{II}&{U}&iiurlheight=80')
add('imageinfo-urlwidth-urlheight', f'{II}&{U}&iiurlwidth=120&iiurlheight=80')
add('imageinfo-urlwidth-downscale', f'{IIEX}&{U}&iiurlwidth=2')
add('imageinfo-urlwidth-without-url', f'{IIEX}&iiprop=size&iiurlwidth=120')
add('imageinfo-urlwidth-thumbmime', f'{II}&iiprop=url|thumbmime&iiurlwidth=120')
add('imageinfo-urlwidth-history', f'{IIEX}&iilimit=max&iiprop=url|archivename&iiurlwidth=120')
add('imageinfo-urlwidth-urlparam', f'{IIEX}&{U}&iiurlwidth=120&iiurlparam=120px')
add('imageinfo-urlwidth-urlparam-other-width', f'{IIEX}&{U}&iiurlwidth=120&iiurlparam=50px')
add('imageinfo-urlparam-alone', f'{IIEX}&{U}&iiurlparam=50px')
add('imageinfo-urlparam-alone-bad', f'{IIEX}&{U}&iiurlparam=foo')
add('imageinfo-urlparam-txt', f'{Q}prop=imageinfo&titles=File:Notes.txt&{U}&iiurlparam=50px')
add('imageinfo-urlparam-svg-lang', f'{Q}prop=imageinfo&titles=File:Diagram.svg&{U}&iiurlparam=langde-50px')
add('imageinfo-urlparam-all-titles', f'{II}&{U}&iiurlparam=50px')
add('imageinfo-urlwidth-not-integer', f'{IIEX}&{U}&iiurlwidth=abc')
add('imageinfo-urlwidth-zero', f'{IIEX}&{U}&iiurlwidth=0')
# extmetadata / metadata
EM = f'{II}&iiprop=extmetadata'
add('imageinfo-extmetadata-filter', f'{EM}&iiextmetadatafilter=DateTime|ObjectName')
add('imageinfo-extmetadata-filter-bogus', f'{EM}&iiextmetadatafilter=Bogus')
add('imageinfo-extmetadata-language-de', f'{EM}&iiextmetadatalanguage=de')
add('imageinfo-extmetadata-language-bogus', f'{EM}&iiextmetadatalanguage=xx-bogus')
add('imageinfo-extmetadata-multilang', f'{EM}&iiextmetadatamultilang=1')
add('imageinfo-extmetadata-history', f'{IIEX}&iilimit=max&iiprop=extmetadata|archivename')
for v in ('latest', '1', '2', 'abc'):
    add(f'imageinfo-metadataversion-{v}', f'{II}&iiprop=metadata|commonmetadata&iimetadataversion={v}')
add('imageinfo-metadata-history', f'{IIEX}&iilimit=max&iiprop=metadata|archivename')
# other options
add('imageinfo-localonly', f'{II}&iiprop=timestamp|url&iilocalonly=1')
add('imageinfo-badfilecontexttitle', f'{II}&iiprop=badfile&iibadfilecontexttitle=Main Page')
add('imageinfo-badfilecontexttitle-missing-page', f'{II}&iiprop=badfile&iibadfilecontexttitle=No such page')
add('imageinfo-badfilecontexttitle-invalid', f'{II}&iiprop=badfile&iibadfilecontexttitle=Foo[bar]')
add('imageinfo-badfilecontexttitle-interwiki', f'{II}&iiprop=badfile&iibadfilecontexttitle=wikipedia:Foo')
add('imageinfo-badfilecontexttitle-urlwidth', f'{IIEX}&iiprop=url&iiurlwidth=2&iibadfilecontexttitle=Main Page')
# hidden versions: oi_deleted is 0 everywhere; the three callers on the whole history
add3('imageinfo-history-hidden-check', f'{IIEX}&iilimit=max&iiprop=user|userid|comment|parsedcomment|sha1|size')
# with generators
add('imageinfo-generator-images', f'{Q}generator=images&titles=Goat|Horse&prop=imageinfo&iiprop=size|mime')
add('imageinfo-with-info', f'{II}&prop=imageinfo|info&iiprop=size')

# ==== prop=duplicatefiles ==========================================================================
DF = f'{Q}prop=duplicatefiles&titles={TITLES}'
add('duplicatefiles-default', DF)
add('duplicatefiles-localonly', f'{DF}&dflocalonly=1')
add('duplicatefiles-dir-descending', f'{DF}&dfdir=descending')
add('duplicatefiles-dir-bogus', f'{DF}&dfdir=sideways')
add('duplicatefiles-limit1', f'{DF}&dflimit=1', follow=True)
add('duplicatefiles-limit1-descending', f'{DF}&dflimit=1&dfdir=descending', follow=True)
add('duplicatefiles-limit-max', f'{DF}&dflimit=max')
add('duplicatefiles-example', f'{Q}prop=duplicatefiles&titles=File:Example.png')
add('duplicatefiles-no-duplicate', f'{Q}prop=duplicatefiles&titles=File:Blue_square.png')
add('duplicatefiles-missing', f'{Q}prop=duplicatefiles&titles=File:Missing.png|File:Obsolete.png')
add('duplicatefiles-not-a-file', f'{Q}prop=duplicatefiles&titles=Main Page')
add('duplicatefiles-continue', f'{DF}&dfcontinue=Example.png|Duplicate_of_example.png')
add('duplicatefiles-continue-past', f'{DF}&dfcontinue=Example.png|Zzz')
add('duplicatefiles-bad-continue', f'{DF}&dfcontinue=abc')
add('duplicatefiles-generator', f'{Q}generator=duplicatefiles&titles=File:Example.png&prop=info')
add('duplicatefiles-generator-all-titles', f'{Q}generator=duplicatefiles&titles={TITLES}&prop=info')
add('duplicatefiles-generator-limit1', f'{Q}generator=duplicatefiles&titles={TITLES}&gdflimit=1&prop=info',
    follow=True)
add('duplicatefiles-with-imageinfo', f'{DF}&prop=duplicatefiles|imageinfo&iiprop=sha1')

# ==== list=filearchive =============================================================================
FA = f'{Q}list=filearchive'
FAPROPS = ['sha1', 'timestamp', 'user', 'size', 'dimensions', 'description', 'parseddescription', 'mime',
           'mediatype', 'metadata', 'bitdepth', 'archivename']
FAALL = '|'.join(FAPROPS)
FAPUBLIC = '|'.join(p for p in FAPROPS if p not in ('description', 'parseddescription', 'metadata'))
add3('filearchive-default', FA)
for p in FAPROPS:
    add2(f'filearchive-prop-{p}', f'{FA}&faprop={p}')
add3('filearchive-prop-all', f'{FA}&faprop={FAALL}')
add('filearchive-prop-all-public', f'{FA}&faprop={FAPUBLIC}')
add('filearchive-prop-bogus.sysop', f'{FA}&faprop=size|bogus', cred=SYSOP)
add('filearchive-prop-empty.sysop', f'{FA}&faprop=', cred=SYSOP)
S = SYSOP
for name, q in (('from', 'fafrom=O'), ('from-after', 'fafrom=P'), ('from-exact', 'fafrom=Obsolete.png'),
                ('from-spaces-lowercase', 'fafrom=obsolete png'), ('to', 'fato=Obsolete.png'),
                ('to-before', 'fato=N'), ('from-to', 'fafrom=A&fato=Z'), ('prefix', 'faprefix=Obs'),
                ('prefix-none', 'faprefix=Example'), ('prefix-lowercase', 'faprefix=obs'),
                ('dir-descending', 'fadir=descending'), ('dir-descending-from', 'fadir=descending&fafrom=N'),
                ('dir-descending-from-after', 'fadir=descending&fafrom=P'), ('dir-bogus', 'fadir=newer')):
    add(f'filearchive-{name}.sysop', f'{FA}&{q}', cred=S)
add('filearchive-from-anonymous', f'{FA}&fafrom=O&faprop=timestamp|size')
for name, q in (('sha1', f'fasha1={HEX_OBSOLETE}'), ('sha1-uppercase', f'fasha1={HEX_OBSOLETE.upper()}'),
                ('sha1-other', f'fasha1={HEX_EXAMPLE}'), ('sha1base36', f'fasha1base36={B36_OBSOLETE}'),
                ('bad-sha1', 'fasha1=xyz'), ('bad-sha1base36', 'fasha1base36=xyz'),
                ('sha1-and-sha1base36', f'fasha1={HEX_EXAMPLE}&fasha1base36={B36_OBSOLETE}')):
    add3(f'filearchive-{name}', f'{FA}&{q}&faprop=sha1')
add2('filearchive-limit1', f'{FA}&falimit=1&faprop=timestamp|size', follow=True)
add2('filearchive-limit7', f'{FA}&falimit=7', follow=True)
add2('filearchive-limit-max', f'{FA}&falimit=max')
add('filearchive-limit-max.admin', f'{FA}&falimit=max', cred=ADMIN)
add('filearchive-limit-over-max.sysop', f'{FA}&falimit=6000', cred=S)
add('filearchive-continue.sysop', f'{FA}&facontinue=Obsolete.png|20261121233205|1', cred=S)
add('filearchive-continue-next-id.sysop', f'{FA}&facontinue=Obsolete.png|20261121233205|2', cred=S)
add('filearchive-continue-descending.sysop', f'{FA}&facontinue=Obsolete.png|20261121233205|1&fadir=descending',
    cred=S)
add('filearchive-continue-before.sysop', f'{FA}&facontinue=A.png|20261121233205|1', cred=S)
add('filearchive-bad-continue.sysop', f'{FA}&facontinue=abc', cred=S)
add('filearchive-bad-continue-id.sysop', f'{FA}&facontinue=Obsolete.png|20261121233205|x', cred=S)
add('filearchive-bad-continue-id-padded.sysop', f'{FA}&facontinue=Obsolete.png|20261121233205|01', cred=S)

# ==== prop=stashimageinfo / list=mystashedfiles ====================================================
SII = f'{Q}prop=stashimageinfo'
add2('stashimageinfo-filekey-abc', f'{SII}&siifilekey=abc')
add2('stashimageinfo-sessionkey-abc', f'{SII}&siisessionkey=abc')
add2('stashimageinfo-no-key', SII)
add('stashimageinfo-filekey-wellformed.sysop', f'{SII}&siifilekey=abc123.png', cred=SYSOP)
add('stashimageinfo-filekey-wellformed-prop.sysop', f'{SII}&siifilekey=abc123.png&siiprop=size|url'
    '&siiurlwidth=120', cred=SYSOP)
add('stashimageinfo-filekey-and-sessionkey.sysop', f'{SII}&siifilekey=abc123.png&siisessionkey=abc', cred=SYSOP)
add('stashimageinfo-prop-user.sysop', f'{SII}&siifilekey=abc123.png&siiprop=user', cred=SYSOP)
add('stashimageinfo-filekey-abc.admin', f'{SII}&siifilekey=abc', cred=ADMIN)
MSF = f'{Q}list=mystashedfiles'
add3('mystashedfiles-default', MSF)
add2('mystashedfiles-prop-size-type', f'{MSF}&msfprop=size|type')
add('mystashedfiles-limit1.sysop', f'{MSF}&msflimit=1&msfprop=size', cred=SYSOP, follow=True)
add('mystashedfiles-limit-max.sysop', f'{MSF}&msflimit=max', cred=SYSOP)
add('mystashedfiles-prop-bogus.sysop', f'{MSF}&msfprop=bogus', cred=SYSOP)
add('mystashedfiles-continue.sysop', f'{MSF}&msfcontinue=5', cred=SYSOP)
add('mystashedfiles-bad-continue.sysop', f'{MSF}&msfcontinue=abc', cred=SYSOP)

# ---- paraminfo of the six modules (fv1 only) ------------------------------------------------------
add('paraminfo-files-modules', 'action=paraminfo&modules=query+allimages|query+imageinfo|query+filearchive'
    '|query+duplicatefiles|query+stashimageinfo|query+mystashedfiles', fv2=False)

cap.run()
