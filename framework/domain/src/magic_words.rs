//! The magic words of wikitext as MediaWiki 1.39 knows them in English: behaviour switches
//! (`__NOTOC__`), variables (`{{CURRENTYEAR}}`), parser functions (`{{#if:}}`, `{{lc:}}`),
//! `#REDIRECT` and image options, each by its identifier with the spellings that call it, and
//! the parser's extension tags. This vocabulary is what clients read from `siteinfo` to
//! recognise redirects, switches and functions in a page's text.

/// A magic word: its identifier, whether its spellings are case-sensitive, and its spellings
/// (the first is the one MediaWiki writes).
pub struct MagicWord {
    pub id: &'static str,
    pub case_sensitive: bool,
    pub aliases: &'static [&'static str],
}

/// Every magic word, in the order MediaWiki lists them.
#[rustfmt::skip]
pub const MAGIC_WORDS: &[MagicWord] = &[
    MagicWord { id: "!", case_sensitive: true, aliases: &["!"] },
    MagicWord { id: "=", case_sensitive: true, aliases: &["="] },
    MagicWord { id: "anchorencode", case_sensitive: false, aliases: &["ANCHORENCODE"] },
    MagicWord { id: "articlepath", case_sensitive: false, aliases: &["ARTICLEPATH"] },
    MagicWord { id: "basepagename", case_sensitive: true, aliases: &["BASEPAGENAME"] },
    MagicWord { id: "basepagenamee", case_sensitive: true, aliases: &["BASEPAGENAMEE"] },
    MagicWord { id: "bidi", case_sensitive: false, aliases: &["BIDI:"] },
    MagicWord { id: "canonicalurl", case_sensitive: false, aliases: &["CANONICALURL:"] },
    MagicWord { id: "canonicalurle", case_sensitive: false, aliases: &["CANONICALURLE:"] },
    MagicWord { id: "cascadingsources", case_sensitive: true, aliases: &["CASCADINGSOURCES"] },
    MagicWord { id: "contentlanguage", case_sensitive: true, aliases: &["CONTENTLANGUAGE", "CONTENTLANG"] },
    MagicWord { id: "currentday", case_sensitive: true, aliases: &["CURRENTDAY"] },
    MagicWord { id: "currentday2", case_sensitive: true, aliases: &["CURRENTDAY2"] },
    MagicWord { id: "currentdayname", case_sensitive: true, aliases: &["CURRENTDAYNAME"] },
    MagicWord { id: "currentdow", case_sensitive: true, aliases: &["CURRENTDOW"] },
    MagicWord { id: "currenthour", case_sensitive: true, aliases: &["CURRENTHOUR"] },
    MagicWord { id: "currentmonth", case_sensitive: true, aliases: &["CURRENTMONTH", "CURRENTMONTH2"] },
    MagicWord { id: "currentmonth1", case_sensitive: true, aliases: &["CURRENTMONTH1"] },
    MagicWord { id: "currentmonthabbrev", case_sensitive: true, aliases: &["CURRENTMONTHABBREV"] },
    MagicWord { id: "currentmonthname", case_sensitive: true, aliases: &["CURRENTMONTHNAME"] },
    MagicWord { id: "currentmonthnamegen", case_sensitive: true, aliases: &["CURRENTMONTHNAMEGEN"] },
    MagicWord { id: "currenttime", case_sensitive: true, aliases: &["CURRENTTIME"] },
    MagicWord { id: "currenttimestamp", case_sensitive: true, aliases: &["CURRENTTIMESTAMP"] },
    MagicWord { id: "currentversion", case_sensitive: true, aliases: &["CURRENTVERSION"] },
    MagicWord { id: "currentweek", case_sensitive: true, aliases: &["CURRENTWEEK"] },
    MagicWord { id: "currentyear", case_sensitive: true, aliases: &["CURRENTYEAR"] },
    MagicWord { id: "defaultsort", case_sensitive: true, aliases: &["DEFAULTSORT:", "DEFAULTSORTKEY:", "DEFAULTCATEGORYSORT:"] },
    MagicWord { id: "defaultsort_noerror", case_sensitive: false, aliases: &["noerror"] },
    MagicWord { id: "defaultsort_noreplace", case_sensitive: false, aliases: &["noreplace"] },
    MagicWord { id: "directionmark", case_sensitive: true, aliases: &["DIRECTIONMARK", "DIRMARK"] },
    MagicWord { id: "displaytitle", case_sensitive: true, aliases: &["DISPLAYTITLE"] },
    MagicWord { id: "displaytitle_noerror", case_sensitive: false, aliases: &["noerror"] },
    MagicWord { id: "displaytitle_noreplace", case_sensitive: false, aliases: &["noreplace"] },
    MagicWord { id: "expectunusedcategory", case_sensitive: true, aliases: &["__EXPECTUNUSEDCATEGORY__"] },
    MagicWord { id: "filepath", case_sensitive: false, aliases: &["FILEPATH:"] },
    MagicWord { id: "forcetoc", case_sensitive: false, aliases: &["__FORCETOC__"] },
    MagicWord { id: "formatdate", case_sensitive: false, aliases: &["formatdate", "dateformat"] },
    MagicWord { id: "formatnum", case_sensitive: false, aliases: &["FORMATNUM"] },
    MagicWord { id: "fullpagename", case_sensitive: true, aliases: &["FULLPAGENAME"] },
    MagicWord { id: "fullpagenamee", case_sensitive: true, aliases: &["FULLPAGENAMEE"] },
    MagicWord { id: "fullurl", case_sensitive: false, aliases: &["FULLURL:"] },
    MagicWord { id: "fullurle", case_sensitive: false, aliases: &["FULLURLE:"] },
    MagicWord { id: "gender", case_sensitive: false, aliases: &["GENDER:"] },
    MagicWord { id: "grammar", case_sensitive: false, aliases: &["GRAMMAR:"] },
    MagicWord { id: "hiddencat", case_sensitive: true, aliases: &["__HIDDENCAT__"] },
    MagicWord { id: "img_alt", case_sensitive: true, aliases: &["alt=$1"] },
    MagicWord { id: "img_baseline", case_sensitive: true, aliases: &["baseline"] },
    MagicWord { id: "img_border", case_sensitive: true, aliases: &["border"] },
    MagicWord { id: "img_bottom", case_sensitive: true, aliases: &["bottom"] },
    MagicWord { id: "img_center", case_sensitive: true, aliases: &["center", "centre"] },
    MagicWord { id: "img_class", case_sensitive: true, aliases: &["class=$1"] },
    MagicWord { id: "img_framed", case_sensitive: true, aliases: &["frame", "framed", "enframed"] },
    MagicWord { id: "img_frameless", case_sensitive: true, aliases: &["frameless"] },
    MagicWord { id: "img_lang", case_sensitive: true, aliases: &["lang=$1"] },
    MagicWord { id: "img_left", case_sensitive: true, aliases: &["left"] },
    MagicWord { id: "img_link", case_sensitive: true, aliases: &["link=$1"] },
    MagicWord { id: "img_manualthumb", case_sensitive: true, aliases: &["thumbnail=$1", "thumb=$1"] },
    MagicWord { id: "img_middle", case_sensitive: true, aliases: &["middle"] },
    MagicWord { id: "img_none", case_sensitive: true, aliases: &["none"] },
    MagicWord { id: "img_page", case_sensitive: true, aliases: &["page=$1", "page $1"] },
    MagicWord { id: "img_right", case_sensitive: true, aliases: &["right"] },
    MagicWord { id: "img_sub", case_sensitive: true, aliases: &["sub"] },
    MagicWord { id: "img_super", case_sensitive: true, aliases: &["super", "sup"] },
    MagicWord { id: "img_text_bottom", case_sensitive: true, aliases: &["text-bottom"] },
    MagicWord { id: "img_text_top", case_sensitive: true, aliases: &["text-top"] },
    MagicWord { id: "img_thumbnail", case_sensitive: true, aliases: &["thumb", "thumbnail"] },
    MagicWord { id: "img_top", case_sensitive: true, aliases: &["top"] },
    MagicWord { id: "img_upright", case_sensitive: true, aliases: &["upright", "upright=$1", "upright $1"] },
    MagicWord { id: "img_width", case_sensitive: true, aliases: &["$1px"] },
    MagicWord { id: "index", case_sensitive: true, aliases: &["__INDEX__"] },
    MagicWord { id: "int", case_sensitive: false, aliases: &["INT:"] },
    MagicWord { id: "language", case_sensitive: false, aliases: &["#LANGUAGE:"] },
    MagicWord { id: "lc", case_sensitive: false, aliases: &["LC:"] },
    MagicWord { id: "lcfirst", case_sensitive: false, aliases: &["LCFIRST:"] },
    MagicWord { id: "localday", case_sensitive: true, aliases: &["LOCALDAY"] },
    MagicWord { id: "localday2", case_sensitive: true, aliases: &["LOCALDAY2"] },
    MagicWord { id: "localdayname", case_sensitive: true, aliases: &["LOCALDAYNAME"] },
    MagicWord { id: "localdow", case_sensitive: true, aliases: &["LOCALDOW"] },
    MagicWord { id: "localhour", case_sensitive: true, aliases: &["LOCALHOUR"] },
    MagicWord { id: "localmonth", case_sensitive: true, aliases: &["LOCALMONTH", "LOCALMONTH2"] },
    MagicWord { id: "localmonth1", case_sensitive: true, aliases: &["LOCALMONTH1"] },
    MagicWord { id: "localmonthabbrev", case_sensitive: true, aliases: &["LOCALMONTHABBREV"] },
    MagicWord { id: "localmonthname", case_sensitive: true, aliases: &["LOCALMONTHNAME"] },
    MagicWord { id: "localmonthnamegen", case_sensitive: true, aliases: &["LOCALMONTHNAMEGEN"] },
    MagicWord { id: "localtime", case_sensitive: true, aliases: &["LOCALTIME"] },
    MagicWord { id: "localtimestamp", case_sensitive: true, aliases: &["LOCALTIMESTAMP"] },
    MagicWord { id: "localurl", case_sensitive: false, aliases: &["LOCALURL:"] },
    MagicWord { id: "localurle", case_sensitive: false, aliases: &["LOCALURLE:"] },
    MagicWord { id: "localweek", case_sensitive: true, aliases: &["LOCALWEEK"] },
    MagicWord { id: "localyear", case_sensitive: true, aliases: &["LOCALYEAR"] },
    MagicWord { id: "msg", case_sensitive: false, aliases: &["MSG:"] },
    MagicWord { id: "msgnw", case_sensitive: false, aliases: &["MSGNW:"] },
    MagicWord { id: "namespace", case_sensitive: true, aliases: &["NAMESPACE"] },
    MagicWord { id: "namespacee", case_sensitive: true, aliases: &["NAMESPACEE"] },
    MagicWord { id: "namespacenumber", case_sensitive: true, aliases: &["NAMESPACENUMBER"] },
    MagicWord { id: "newsectionlink", case_sensitive: true, aliases: &["__NEWSECTIONLINK__"] },
    MagicWord { id: "nocommafysuffix", case_sensitive: false, aliases: &["NOSEP"] },
    MagicWord { id: "nocontentconvert", case_sensitive: false, aliases: &["__NOCONTENTCONVERT__", "__NOCC__"] },
    MagicWord { id: "noeditsection", case_sensitive: false, aliases: &["__NOEDITSECTION__"] },
    MagicWord { id: "nogallery", case_sensitive: false, aliases: &["__NOGALLERY__"] },
    MagicWord { id: "noindex", case_sensitive: true, aliases: &["__NOINDEX__"] },
    MagicWord { id: "nonewsectionlink", case_sensitive: true, aliases: &["__NONEWSECTIONLINK__"] },
    MagicWord { id: "notitleconvert", case_sensitive: false, aliases: &["__NOTITLECONVERT__", "__NOTC__"] },
    MagicWord { id: "notoc", case_sensitive: false, aliases: &["__NOTOC__"] },
    MagicWord { id: "ns", case_sensitive: false, aliases: &["NS:"] },
    MagicWord { id: "nse", case_sensitive: false, aliases: &["NSE:"] },
    MagicWord { id: "numberingroup", case_sensitive: true, aliases: &["NUMBERINGROUP", "NUMINGROUP"] },
    MagicWord { id: "numberofactiveusers", case_sensitive: true, aliases: &["NUMBEROFACTIVEUSERS"] },
    MagicWord { id: "numberofadmins", case_sensitive: true, aliases: &["NUMBEROFADMINS"] },
    MagicWord { id: "numberofarticles", case_sensitive: true, aliases: &["NUMBEROFARTICLES"] },
    MagicWord { id: "numberofedits", case_sensitive: true, aliases: &["NUMBEROFEDITS"] },
    MagicWord { id: "numberoffiles", case_sensitive: true, aliases: &["NUMBEROFFILES"] },
    MagicWord { id: "numberofpages", case_sensitive: true, aliases: &["NUMBEROFPAGES"] },
    MagicWord { id: "numberofusers", case_sensitive: true, aliases: &["NUMBEROFUSERS"] },
    MagicWord { id: "padleft", case_sensitive: false, aliases: &["PADLEFT"] },
    MagicWord { id: "padright", case_sensitive: false, aliases: &["PADRIGHT"] },
    MagicWord { id: "pageid", case_sensitive: false, aliases: &["PAGEID"] },
    MagicWord { id: "pagelanguage", case_sensitive: true, aliases: &["PAGELANGUAGE"] },
    MagicWord { id: "pagename", case_sensitive: true, aliases: &["PAGENAME"] },
    MagicWord { id: "pagenamee", case_sensitive: true, aliases: &["PAGENAMEE"] },
    MagicWord { id: "pagesincategory", case_sensitive: true, aliases: &["PAGESINCATEGORY", "PAGESINCAT"] },
    MagicWord { id: "pagesincategory_all", case_sensitive: false, aliases: &["all"] },
    MagicWord { id: "pagesincategory_files", case_sensitive: false, aliases: &["files"] },
    MagicWord { id: "pagesincategory_pages", case_sensitive: false, aliases: &["pages"] },
    MagicWord { id: "pagesincategory_subcats", case_sensitive: false, aliases: &["subcats"] },
    MagicWord { id: "pagesinnamespace", case_sensitive: true, aliases: &["PAGESINNAMESPACE:", "PAGESINNS:"] },
    MagicWord { id: "pagesize", case_sensitive: true, aliases: &["PAGESIZE"] },
    MagicWord { id: "plural", case_sensitive: false, aliases: &["PLURAL:"] },
    MagicWord { id: "protectionexpiry", case_sensitive: true, aliases: &["PROTECTIONEXPIRY"] },
    MagicWord { id: "protectionlevel", case_sensitive: true, aliases: &["PROTECTIONLEVEL"] },
    MagicWord { id: "raw", case_sensitive: false, aliases: &["RAW:"] },
    MagicWord { id: "rawsuffix", case_sensitive: true, aliases: &["R"] },
    MagicWord { id: "redirect", case_sensitive: false, aliases: &["#REDIRECT"] },
    MagicWord { id: "revisionday", case_sensitive: true, aliases: &["REVISIONDAY"] },
    MagicWord { id: "revisionday2", case_sensitive: true, aliases: &["REVISIONDAY2"] },
    MagicWord { id: "revisionid", case_sensitive: true, aliases: &["REVISIONID"] },
    MagicWord { id: "revisionmonth", case_sensitive: true, aliases: &["REVISIONMONTH"] },
    MagicWord { id: "revisionmonth1", case_sensitive: true, aliases: &["REVISIONMONTH1"] },
    MagicWord { id: "revisionsize", case_sensitive: true, aliases: &["REVISIONSIZE"] },
    MagicWord { id: "revisiontimestamp", case_sensitive: true, aliases: &["REVISIONTIMESTAMP"] },
    MagicWord { id: "revisionuser", case_sensitive: true, aliases: &["REVISIONUSER"] },
    MagicWord { id: "revisionyear", case_sensitive: true, aliases: &["REVISIONYEAR"] },
    MagicWord { id: "rootpagename", case_sensitive: true, aliases: &["ROOTPAGENAME"] },
    MagicWord { id: "rootpagenamee", case_sensitive: true, aliases: &["ROOTPAGENAMEE"] },
    MagicWord { id: "safesubst", case_sensitive: false, aliases: &["SAFESUBST:"] },
    MagicWord { id: "scriptpath", case_sensitive: false, aliases: &["SCRIPTPATH"] },
    MagicWord { id: "server", case_sensitive: false, aliases: &["SERVER"] },
    MagicWord { id: "servername", case_sensitive: false, aliases: &["SERVERNAME"] },
    MagicWord { id: "sitename", case_sensitive: true, aliases: &["SITENAME"] },
    MagicWord { id: "special", case_sensitive: false, aliases: &["special"] },
    MagicWord { id: "speciale", case_sensitive: false, aliases: &["speciale"] },
    MagicWord { id: "staticredirect", case_sensitive: true, aliases: &["__STATICREDIRECT__"] },
    MagicWord { id: "stylepath", case_sensitive: false, aliases: &["STYLEPATH"] },
    MagicWord { id: "subjectpagename", case_sensitive: true, aliases: &["SUBJECTPAGENAME", "ARTICLEPAGENAME"] },
    MagicWord { id: "subjectpagenamee", case_sensitive: true, aliases: &["SUBJECTPAGENAMEE", "ARTICLEPAGENAMEE"] },
    MagicWord { id: "subjectspace", case_sensitive: true, aliases: &["SUBJECTSPACE", "ARTICLESPACE"] },
    MagicWord { id: "subjectspacee", case_sensitive: true, aliases: &["SUBJECTSPACEE", "ARTICLESPACEE"] },
    MagicWord { id: "subpagename", case_sensitive: true, aliases: &["SUBPAGENAME"] },
    MagicWord { id: "subpagenamee", case_sensitive: true, aliases: &["SUBPAGENAMEE"] },
    MagicWord { id: "subst", case_sensitive: false, aliases: &["SUBST:"] },
    MagicWord { id: "tag", case_sensitive: false, aliases: &["tag"] },
    MagicWord { id: "talkpagename", case_sensitive: true, aliases: &["TALKPAGENAME"] },
    MagicWord { id: "talkpagenamee", case_sensitive: true, aliases: &["TALKPAGENAMEE"] },
    MagicWord { id: "talkspace", case_sensitive: true, aliases: &["TALKSPACE"] },
    MagicWord { id: "talkspacee", case_sensitive: true, aliases: &["TALKSPACEE"] },
    MagicWord { id: "toc", case_sensitive: false, aliases: &["__TOC__"] },
    MagicWord { id: "uc", case_sensitive: false, aliases: &["UC:"] },
    MagicWord { id: "ucfirst", case_sensitive: false, aliases: &["UCFIRST:"] },
    MagicWord { id: "urlencode", case_sensitive: false, aliases: &["URLENCODE:"] },
    MagicWord { id: "url_path", case_sensitive: false, aliases: &["PATH"] },
    MagicWord { id: "url_query", case_sensitive: false, aliases: &["QUERY"] },
    MagicWord { id: "url_wiki", case_sensitive: false, aliases: &["WIKI"] },
];

/// The magic words that are variables (`{{CURRENTYEAR}}`), by identifier.
#[rustfmt::skip]
pub const VARIABLES: &[&str] = &[
    "!", "=", "currentmonth", "currentmonth1", "currentmonthname", "currentmonthnamegen",
    "currentmonthabbrev", "currentday", "currentday2", "currentdayname", "currentyear", "currenttime",
    "currenthour", "localmonth", "localmonth1", "localmonthname", "localmonthnamegen", "localmonthabbrev",
    "localday", "localday2", "localdayname", "localyear", "localtime", "localhour", "numberofarticles",
    "numberoffiles", "numberofedits", "articlepath", "pageid", "sitename", "server", "servername",
    "scriptpath", "stylepath", "pagename", "pagenamee", "fullpagename", "fullpagenamee", "namespace",
    "namespacee", "namespacenumber", "currentweek", "currentdow", "localweek", "localdow", "revisionid",
    "revisionday", "revisionday2", "revisionmonth", "revisionmonth1", "revisionyear", "revisiontimestamp",
    "revisionuser", "revisionsize", "subpagename", "subpagenamee", "talkspace", "talkspacee", "subjectspace",
    "subjectspacee", "talkpagename", "talkpagenamee", "subjectpagename", "subjectpagenamee", "numberofusers",
    "numberofactiveusers", "numberofpages", "currentversion", "rootpagename", "rootpagenamee", "basepagename",
    "basepagenamee", "currenttimestamp", "localtimestamp", "directionmark", "contentlanguage", "pagelanguage",
    "numberofadmins", "cascadingsources",
];

/// The parser functions (`{{#language:}}`, `{{lc:}}`), by the identifier of their magic word.
#[rustfmt::skip]
pub const FUNCTION_HOOKS: &[&str] = &[
    "ns", "nse", "urlencode", "lcfirst", "ucfirst", "lc", "uc", "localurl", "localurle", "fullurl",
    "fullurle", "canonicalurl", "canonicalurle", "formatnum", "grammar", "gender", "plural", "bidi",
    "numberofpages", "numberofusers", "numberofactiveusers", "numberofarticles", "numberoffiles",
    "numberofadmins", "numberingroup", "numberofedits", "language", "padleft", "padright", "anchorencode",
    "defaultsort", "filepath", "pagesincategory", "pagesize", "protectionlevel", "protectionexpiry",
    "namespace", "namespacee", "namespacenumber", "talkspace", "talkspacee", "subjectspace", "subjectspacee",
    "pagename", "pagenamee", "fullpagename", "fullpagenamee", "rootpagename", "rootpagenamee", "basepagename",
    "basepagenamee", "subpagename", "subpagenamee", "talkpagename", "talkpagenamee", "subjectpagename",
    "subjectpagenamee", "pageid", "revisionid", "revisionday", "revisionday2", "revisionmonth",
    "revisionmonth1", "revisionyear", "revisiontimestamp", "revisionuser", "cascadingsources", "int",
    "special", "speciale", "tag", "formatdate", "displaytitle",
];

/// The tags the parser treats as extensions of wikitext rather than HTML (`<nowiki>`), by name.
#[rustfmt::skip]
pub const EXTENSION_TAGS: &[&str] = &[
    "pre", "nowiki", "gallery", "indicator", "langconvert",
];

/// The behaviour switches MediaWiki records as page properties, by magic word id.
pub const DOUBLE_UNDERSCORES: &[&str] = &[
    "notoc",
    "nogallery",
    "forcetoc",
    "toc",
    "noeditsection",
    "newsectionlink",
    "nonewsectionlink",
    "hiddencat",
    "expectunusedcategory",
    "index",
    "noindex",
    "staticredirect",
    "notitleconvert",
    "nocontentconvert",
];

/// `text` without its behaviour switches, and the ids of those it held, first-seen order.
pub fn behaviour_switches(text: &str) -> (String, Vec<&'static str>) {
    if !text.contains("__") {
        return (text.to_owned(), Vec::new());
    }
    let words: Vec<&MagicWord> =
        DOUBLE_UNDERSCORES.iter().filter_map(|id| MAGIC_WORDS.iter().find(|w| w.id == *id)).collect();
    let mut out = String::with_capacity(text.len());
    let mut found: Vec<&'static str> = Vec::new();
    let mut rest = text;
    while let Some(at) = rest.find("__") {
        out.push_str(&rest[..at]);
        let candidate = &rest[at..];
        let matched = words.iter().find_map(|word| {
            word.aliases.iter().find_map(|alias| {
                let head = candidate.get(..alias.len())?;
                let same = if word.case_sensitive { head == *alias } else { head.eq_ignore_ascii_case(alias) };
                same.then_some((word.id, alias.len()))
            })
        });
        match matched {
            Some((id, len)) => {
                if !found.contains(&id) {
                    found.push(id);
                }
                rest = &candidate[len..];
            }
            None => {
                out.push('_');
                rest = &candidate[1..];
            }
        }
    }
    out.push_str(rest);
    (out, found)
}
