//! The preferences every user starts with (MediaWiki 1.39's `$wgDefaultUserOptions` and the
//! ones it derives from the site: language, variants, skin, time zone, searched namespaces),
//! as `meta=siteinfo&siprop=defaultoptions` and an anonymous caller's `uiprop=options` list
//! them.

use serde_json::{json, Map, Value};

use crate::settings::SiteSettings;
use crate::title::{SiteNamespaces, NS_MAIN};

/// The fixed defaults, in MediaWiki's order.
const FIXED: &[(&str, Fixed)] = &[
    ("ccmeonemails", Fixed::Int(0)),
    ("date", Fixed::Text("default")),
    ("diffonly", Fixed::Int(0)),
    ("disablemail", Fixed::Int(0)),
    ("editfont", Fixed::Text("monospace")),
    ("editondblclick", Fixed::Int(0)),
    ("editsectiononrightclick", Fixed::Int(0)),
    ("email-allow-new-users", Fixed::Int(1)),
    ("enotifminoredits", Fixed::Int(0)),
    ("enotifrevealaddr", Fixed::Int(0)),
    ("enotifusertalkpages", Fixed::Int(1)),
    ("enotifwatchlistpages", Fixed::Int(1)),
    ("extendwatchlist", Fixed::Int(1)),
    ("fancysig", Fixed::Int(0)),
    ("forceeditsummary", Fixed::Int(0)),
    ("gender", Fixed::Text("unknown")),
    ("hideminor", Fixed::Int(0)),
    ("hidepatrolled", Fixed::Int(0)),
    ("hidecategorization", Fixed::Int(1)),
    ("imagesize", Fixed::Int(2)),
    ("minordefault", Fixed::Int(0)),
    ("newpageshidepatrolled", Fixed::Int(0)),
    ("nickname", Fixed::Text("")),
    ("pst-cssjs", Fixed::Int(1)),
    ("norollbackdiff", Fixed::Int(0)),
    ("previewonfirst", Fixed::Int(0)),
    ("previewontop", Fixed::Int(1)),
    ("rcdays", Fixed::Int(7)),
    ("rcenhancedfilters-disable", Fixed::Int(0)),
    ("rclimit", Fixed::Int(50)),
    ("search-match-redirect", Fixed::Bool(true)),
    ("search-special-page", Fixed::Text("Search")),
    ("searchlimit", Fixed::Int(20)),
    ("showhiddencats", Fixed::Int(0)),
    ("shownumberswatching", Fixed::Int(1)),
    ("showrollbackconfirmation", Fixed::Int(0)),
    ("skin", Fixed::Skin),
    ("thumbsize", Fixed::Int(5)),
    ("underline", Fixed::Int(2)),
    ("uselivepreview", Fixed::Int(0)),
    ("usenewrc", Fixed::Int(1)),
    ("watchcreations", Fixed::Int(1)),
    ("watchdefault", Fixed::Int(1)),
    ("watchdeletion", Fixed::Int(0)),
    ("watchuploads", Fixed::Int(1)),
    ("watchlistdays", Fixed::Int(7)),
    ("watchlisthideanons", Fixed::Int(0)),
    ("watchlisthidebots", Fixed::Int(0)),
    ("watchlisthideliu", Fixed::Int(0)),
    ("watchlisthideminor", Fixed::Int(0)),
    ("watchlisthideown", Fixed::Int(0)),
    ("watchlisthidepatrolled", Fixed::Int(0)),
    ("watchlisthidecategorization", Fixed::Int(1)),
    ("watchlistreloadautomatically", Fixed::Int(0)),
    ("watchlistunwatchlinks", Fixed::Int(0)),
    ("watchmoves", Fixed::Int(0)),
    ("watchrollback", Fixed::Int(0)),
    ("wlenhancedfilters-disable", Fixed::Int(0)),
    ("wllimit", Fixed::Int(250)),
    ("useeditwarning", Fixed::Int(1)),
    ("prefershttps", Fixed::Int(1)),
    ("requireemail", Fixed::Int(0)),
    ("skin-responsive", Fixed::Int(1)),
];

/// The languages whose text has variants, each its own default variant.
const LANGUAGES_WITH_VARIANTS: &[&str] = &["ban", "en", "crh", "gan", "iu", "kk", "ku", "shi", "sr", "tg", "uz", "zh"];

enum Fixed {
    Int(i64),
    Bool(bool),
    Text(&'static str),
    /// The site's default skin.
    Skin,
}

/// Every default preference in MediaWiki's order, for a site in `language` with `namespaces`
/// (the main namespace, the content namespace, is searched by default).
pub fn default_options(settings: &SiteSettings, language: &str, namespaces: &SiteNamespaces) -> Map<String, Value> {
    let mut out = Map::new();
    for (name, value) in FIXED {
        let value = match value {
            Fixed::Int(n) => json!(n),
            Fixed::Bool(b) => json!(b),
            Fixed::Text(t) => json!(t),
            Fixed::Skin => json!(settings.default_skin),
        };
        out.insert((*name).to_owned(), value);
    }
    out.insert("timecorrection".into(), json!(format!("System|{}", settings.time_offset)));
    out.insert("language".into(), json!(language));
    out.insert("variant".into(), json!(language));
    for lang in LANGUAGES_WITH_VARIANTS {
        out.insert(format!("variant-{lang}"), json!(lang));
    }
    for ns in namespaces.all().iter().map(|n| n.id).filter(|ns| *ns >= 0) {
        out.insert(format!("searchNs{ns}"), json!(i32::from(ns == NS_MAIN)));
    }
    out
}
