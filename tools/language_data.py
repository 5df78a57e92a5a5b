#!/usr/bin/env python3
"""Writes framework/domain/src/language_data.rs: what the server knows of each language a
MediaWiki 1.39 site names, as data.

    tools/language_data.py [--language-data DIR] [--banana DIR]

The codes are those a MediaWiki 1.39 site lists in `meta=siteinfo&siprop=languages` (kept
below, sorted). For each code the table gives:

- its autonym and writing direction, from Wikimedia's language data (the npm package
  `@wikimedia/language-data`, GPL-2.0-or-later: the Universal Language Selector's database,
  built from the Unicode CLDR): the autonym as given there (an alias followed to the code it
  names), the direction from the language's script (`rtlscripts`);
- its explicit fallback languages, from the `banana-i18n` library's fallback table (npm,
  MIT), which follows MediaWiki's fallback chains.

Codes the language data does not name get no autonym here (the server asks the CLDR through the
`isolang` crate for those); codes with no fallback entry fall back as the server's own rules
fall back to English alone, as MediaWiki's do.

Without arguments the two packages are downloaded from the npm registry at the pinned versions.
"""
import argparse
import io
import json
import os
import tarfile
import urllib.request

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, '..', 'framework', 'domain', 'src', 'language_data.rs')
LANGUAGE_DATA = 'https://registry.npmjs.org/@wikimedia/language-data/-/language-data-2.0.4.tgz'
BANANA = 'https://registry.npmjs.org/banana-i18n/-/banana-i18n-2.4.0.tgz'

CODES = """
aa ab abs ace ady ady-cyrl aeb aeb-arab aeb-latn af ak aln als alt am ami an ang anp ar arc arn arq ary arz
as ase ast atj av avk awa ay az azb ba ban ban-bali bar bat-smg bbc bbc-latn bcc bci bcl be be-tarask
be-x-old bg bgn bh bho bi bjn blk bm bn bo bpy bqi br brh bs btm bto bug bxr ca cbk-zam cdo ce ceb ch cho
chr chy ckb co cps cr crh crh-cyrl crh-latn cs csb cu cv cy da dag de de-at de-ch de-formal din diq dsb
dtp dty dv dz ee egl el eml en en-ca en-gb eo es es-419 es-formal et eu ext fa fat ff fi fit fiu-vro fj
fo fon fr frc frp frr fur fy ga gaa gag gan gan-hans gan-hant gcr gd gl gld glk gn gom gom-deva
gom-latn gor got gpe grc gsw gu guc gur guw gv ha hak haw he hi hif hif-latn hil ho hr hrx hsb hsn ht hu
hu-formal hy hyw hz ia id ie ig ii ik ike-cans ike-latn ilo inh io is it iu ja jam jbo jut jv ka kaa
kab kbd kbd-cyrl kbp kcg kea kg khw ki kiu kj kjp kk kk-arab kk-cn kk-cyrl kk-kz kk-latn kk-tr kl km
kn ko ko-kp koi kr krc kri krj krl ks ks-arab ks-deva ksh ksw ku ku-arab ku-latn kum kv kw ky la lad lb
lbe lez lfn lg li lij liv lki lld lmo ln lo loz lrc lt ltg lus luz lv lzh lzz mad mai map-bms mdf mg
mh mhr mi min mk ml mn mni mnw mo mos mr mrh mrj ms ms-arab mt mus mwl my myv mzn na nah nan nap nb nds
nds-nl ne new ng nia niu nl nl-informal nmz nn no nod nov nqo nrm nso nv ny nyn nys oc ojb olo om or
os pa pag pam pap pcd pcm pdc pdt pfl pi pih pl pms pnb pnt prg ps pt pt-br pwn qu qug rgn rif rm rmc
rmy rn ro roa-rup roa-tara rsk ru rue rup ruq ruq-cyrl ruq-latn rw ryu sa sah sat sc scn sco sd sdc
sdh se se-fi se-no se-se sei ses sg sgs sh shi shi-latn shi-tfng shn shy shy-latn si simple sjd sje sk
skr skr-arab sl sli sm sma smn sms sn so sq sr sr-ec sr-el srn sro ss st stq sty su sv sw syl szl szy
ta tay tcy tdd te tet tg tg-cyrl tg-latn th ti tk tl tly tly-cyrl tn to tpi tr tru trv ts tt tt-cyrl
tt-latn tum tw ty tyv tzm udm ug ug-arab ug-latn uk ur uz uz-cyrl uz-latn ve vec vep vi vls vmf vmw vo
vot vro wa war wls wo wuu xal xh xmf xsy yi yo yrl yue za zea zgh zh zh-classical zh-cn zh-hans zh-hant
zh-hk zh-min-nan zh-mo zh-my zh-sg zh-tw zh-yue zu
""".split()

# Where the language data's code names another language than MediaWiki's: MediaWiki's `als` is
# Alemannic (`gsw`), ISO 639-3's is Tosk Albanian.
SAME_LANGUAGE_AS = {'als': 'gsw'}


def package_file(source, member):
    """A file of an npm package: from an unpacked package directory, or its tarball's URL."""
    if os.path.isdir(source):
        with open(os.path.join(source, member), encoding='utf-8') as f:
            return f.read()
    with urllib.request.urlopen(source, timeout=60) as response:
        data = response.read()
    with tarfile.open(fileobj=io.BytesIO(data), mode='r:gz') as tar:
        return tar.extractfile('package/' + member).read().decode('utf-8')


def rust_str(s):
    return json.dumps(s, ensure_ascii=False)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument('--language-data', default=LANGUAGE_DATA, help='the package, unpacked, or its tarball URL')
    parser.add_argument('--banana', default=BANANA, help='the package, unpacked, or its tarball URL')
    args = parser.parse_args()
    assert CODES == sorted(CODES), 'the codes are kept sorted'

    data = json.loads(package_file(args.language_data, 'data/language-data.json'))
    fallbacks = json.loads(package_file(args.banana, 'src/languages/fallbacks.json'))
    languages, rtl_scripts = data['languages'], set(data['rtlscripts'])

    def entry(code):
        seen = set()
        value = languages.get(code)
        while value is not None and len(value) == 1 and value[0] not in seen:
            seen.add(value[0])
            value = languages.get(value[0])
        return value if value and len(value) == 3 else None

    lines = [
        '//! What the server knows of each language a MediaWiki 1.39 site names, as data: written by',
        '//! `tools/language_data.py` from Wikimedia\'s language data (`@wikimedia/language-data`: autonyms',
        '//! and scripts, from the Unicode CLDR) and `banana-i18n`\'s fallback table. Do not edit by hand.',
        '',
        '/// One language: its code, autonym (empty where the data has none), whether it is written',
        '/// right to left, and the languages its messages fall back to (none: English alone).',
        'pub(crate) struct LanguageData {',
        '    pub code: &\'static str,',
        '    pub autonym: &\'static str,',
        '    pub rtl: bool,',
        '    pub fallbacks: &\'static [&\'static str],',
        '}',
        '',
        '/// Every language, by code, sorted for binary search.',
        '#[rustfmt::skip]',
        'pub(crate) const LANGUAGES: &[LanguageData] = &[',
    ]
    for code in CODES:
        e = entry(SAME_LANGUAGE_AS.get(code, code))
        autonym = e[2].strip() if e else ''
        rtl = bool(e) and e[0] in rtl_scripts
        fb = fallbacks.get(code)
        if isinstance(fb, str):
            fb = [fb]
        fb_text = '&[' + ', '.join(rust_str(f) for f in fb or []) + ']'
        lines.append(
            f'    LanguageData {{ code: {rust_str(code)}, autonym: {rust_str(autonym)}, rtl: {str(rtl).lower()}, '
            f'fallbacks: {fb_text} }},'
        )
    lines.append('];')
    with open(OUT, 'w', encoding='utf-8') as f:
        f.write('\n'.join(lines) + '\n')
    print(f'{len(CODES)} languages written to {os.path.relpath(OUT)}')


if __name__ == '__main__':
    main()
