//! `meta=siteinfo`: general information about the site, from its database (names,
//! namespaces, counters) and its settings (URLs, version, uploads), as MediaWiki 1.39 gives it,
//! and the parts the spec's newer catalogue adds as MediaWiki gives them today.

use serde_json::{json, Map, Value};
use wikiquery_domain::settings::{
    has_subpages_by_default, SiteSettings, CASCADING_LEVELS, IMAGE_LIMITS, INVALID_USERNAME_CHARS, LEGAL_TITLE_CHARS,
    NAMESPACE_ALIASES, RESTRICTION_LEVELS, RESTRICTION_TYPES, SEMIPROTECTED_LEVELS, THUMB_LIMITS,
};
use wikiquery_domain::title::{NS_MAIN, NS_MEDIAWIKI};
use wikiquery_domain::url::URL_PROTOCOLS;
use wikiquery_runtime::result::{indexed_object, keep_bools, set_content};
use wikiquery_runtime::{query_module, ApiError, ParamValues, QueryContext, QueryModule};
use wikiquery_store::site::Site;
use wikiquery_store::store::Store;

use crate::shared::users::default_preferences;
use crate::storage::{self, absolute, main_page_url, site_paths, SitePaths};
use crate::wiki::{Wiki, WikiContext};

mod accounts;
mod installed;
mod languages;
mod vocabulary;

/// Which parts of the site information to return.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ParamValues)]
pub enum SiteInfoProp {
    /// Whether the wiki gives temporary accounts to people who edit without logging in, and if so
    /// the pattern of their names.
    Autocreatetempuser,
    /// The conditions under which users join groups automatically, such as the edits and account
    /// age that make a user `autoconfirmed`.
    Autopromote,
    /// The groups users are added to once, on an edit, when they meet some conditions; none here.
    Autopromoteonce,
    /// The JavaScript libraries the wiki sends to browsers; none on this server.
    Clientlibraries,
    /// The replication lag of the most lagged replica (`-1` without replicas); every
    /// server's with `sishowalldb`, where host names may be shown.
    Dbrepllag,
    /// The default value of each user preference.
    Defaultoptions,
    /// The MediaWiki extensions installed; none on this server.
    Extensions,
    /// The tags, such as `<nowiki>` and `<pre>`, that the parser handles itself instead of
    /// treating them as HTML.
    Extensiontags,
    /// The file name extensions that uploaded files may have.
    Fileextensions,
    /// The names of the parser functions, such as `ns` and `urlencode`.
    Functionhooks,
    /// The wiki's name, main page, language, version, URLs, time zone, limits and other settings.
    General,
    /// The interwiki prefixes with the URLs they lead to; see `sifilteriw`.
    Interwikimap,
    /// The codes of the languages the wiki knows, each with its BCP 47 tag and its name.
    Languages,
    /// The languages that can be shown in more than one script or spelling, each with its
    /// variants and the variants each falls back to.
    Languagevariants,
    /// The PHP libraries installed; none on this server.
    Libraries,
    /// The magic words, each with the ways it can be spelled and whether their case matters.
    Magicwords,
    /// The other names namespaces can be written with, each with its namespace's number.
    Namespacealiases,
    /// Every namespace with its number, name and canonical name, and its settings, such as
    /// whether its pages have subpages.
    Namespaces,
    /// The URL schemes, such as `https://`, that external links may use.
    Protocols,
    /// The kinds of page protection and their levels, including those that cascade.
    Restrictions,
    /// The license of the wiki's content: its name and URL.
    Rightsinfo,
    /// The hooks and the functions subscribed to them; none on this server.
    Showhooks,
    /// The skins installed, the default one marked.
    Skins,
    /// Every special page with the names it can be reached by.
    Specialpagealiases,
    /// The wiki's counts: pages, articles, edits, files, users, active users and administrators.
    Statistics,
    /// The settings of the upload dialog.
    Uploaddialog,
    /// Every user group with its rights and the groups its members may add or remove; see
    /// `sinumberingroup`.
    Usergroups,
    /// The names of the variables wikitext can use, such as `currentyear` and `pagename`.
    Variables,
}

/// Which interwiki map entries: `!local` (non-local only) or `local`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ParamValues)]
pub enum FilterIw {
    /// Only the entries not marked local.
    #[value(rename = "!local")]
    NotLocal,
    /// Only the entries marked local: wikis counted as part of the same project as this one.
    Local,
}

/// Returns information about the wiki: its name and settings, namespaces, statistics, user
/// groups, interwiki prefixes and more.
///
/// `siprop` chooses the parts; when it is left out, only the general information is returned.
#[query_module(
    name = "siteinfo",
    group = "meta",
    cache = "public",
    prefix = "si",
    readrights,
    xml_under(
        query(
            namespaces = "ns",
            namespacealiases = "ns",
            specialpagealiases = "specialpage",
            magicwords = "magicword",
            interwikimap = "iw",
            dbrepllag = "db",
            usergroups = "group",
            fileextensions = "fe",
            extensiontags = "t",
            functionhooks = "h",
            variables = "v",
            protocols = "p",
            skins = "skin",
            languages = "lang",
            libraries = "library",
            extensions = "ext",
            showhooks = "hook",
            languagevariants = "lang"
        ),
        languagevariants(lang = "variant"),
        variant(fallbacks = "variant"),
        general(
            fallback = "lang",
            variants = "lang",
            externalimages = "prefix",
            thumblimits = "limit",
            imagelimits = "limit",
            allcentralidlookupproviders = "_v",
            nofollownsexceptions = "_v",
            nofollowdomainexceptions = "_v"
        ),
        specialpage(aliases = "alias"),
        magicword(aliases = "alias"),
        group(rights = "permission", add = "group", remove = "group"),
        restrictions(types = "type", levels = "level", cascadinglevels = "level", semiprotectedlevels = "level"),
        hook(subscribers = "s"),
        ext(descriptionmsgparams = "param")
    ),
    help = "https://www.mediawiki.org/wiki/Special:MyLanguage/API:Siteinfo",
    example(query = "action=query&meta=siteinfo", text = "Get the wiki's general information."),
    example(
        query = "action=query&meta=siteinfo&siprop=namespaces|namespacealiases|statistics",
        text = "Get the namespaces with their other names, and the wiki's statistics."
    ),
    example(
        query = "action=query&meta=siteinfo&siprop=usergroups&sinumberingroup=1",
        text = "List the user groups with the number of members of each."
    )
)]
pub struct SiteInfo {
    /// Which parts to return, separated by `|`; only `general` when left out.
    #[param(default = "general")]
    pub prop: Vec<SiteInfoProp>,
    /// With `siprop=interwikimap`: returns only the entries marked local (`local`) or only the
    /// others (`!local`). All entries when left out.
    pub filteriw: Option<FilterIw>,
    /// With `siprop=dbrepllag`: lists every database server rather than the most lagged one.
    /// Refused here, as servers' host names are not shown.
    pub showalldb: bool,
    /// With `siprop=usergroups`: adds how many users are in each group.
    pub numberingroup: bool,
    /// A language code to give the names of languages and skins in. This server always gives
    /// each language's name in the language itself, so it changes nothing.
    pub inlanguagecode: Option<String>,
}

impl QueryModule for SiteInfo {
    fn execute(&self, ctx: &mut QueryContext<'_>) -> Result<(), ApiError> {
        let services = ctx.services;
        let store = Wiki::of(services)?.store();
        let settings = services.settings();
        let site = store.site();
        for prop in &self.prop {
            let (key, value) = match prop {
                SiteInfoProp::General => {
                    let dbversion = ctx.reader()?.database_version()?;
                    ("general", general(ctx, store, site, settings, &dbversion))
                }
                SiteInfoProp::Namespaces => ("namespaces", namespaces(site)),
                SiteInfoProp::Namespacealiases => ("namespacealiases", namespace_aliases(site)),
                SiteInfoProp::Statistics => {
                    let now = ctx.state.now().to_mw();
                    let mut reader = ctx.reader()?;
                    let counters = reader.site_counters()?;
                    let admins = reader.group_size("sysop", &now)?;
                    let stats = json!({
                        "pages": counters.pages,
                        "articles": counters.articles,
                        "edits": counters.edits,
                        "images": counters.images,
                        "users": counters.users,
                        "activeusers": counters.active_users,
                        "admins": admins,
                        // No job queue: jobs never wait here.
                        "jobs": 0,
                    });
                    ("statistics", stats)
                }
                SiteInfoProp::Usergroups => ("usergroups", accounts::user_groups(ctx, settings, self.numberingroup)?),
                SiteInfoProp::Autocreatetempuser => ("autocreatetempuser", accounts::temporary_accounts(settings)),
                SiteInfoProp::Autopromote => ("autopromote", accounts::autopromote(settings)),
                SiteInfoProp::Autopromoteonce => ("autopromoteonce", accounts::autopromote_once()),
                SiteInfoProp::Fileextensions => {
                    let exts = settings.file_extensions.iter().map(|e| json!({ "ext": e })).collect();
                    ("fileextensions", Value::Array(exts))
                }
                SiteInfoProp::Rightsinfo => {
                    ("rightsinfo", json!({ "url": settings.rights_url, "text": settings.rights_text }))
                }
                SiteInfoProp::Restrictions => (
                    "restrictions",
                    json!({
                        "types": RESTRICTION_TYPES,
                        "levels": RESTRICTION_LEVELS,
                        "cascadinglevels": CASCADING_LEVELS,
                        "semiprotectedlevels": SEMIPROTECTED_LEVELS,
                    }),
                ),
                SiteInfoProp::Protocols => ("protocols", json!(URL_PROTOCOLS)),
                SiteInfoProp::Skins => ("skins", installed::skins(settings)),
                SiteInfoProp::Extensions => ("extensions", installed::nothing_installed()),
                SiteInfoProp::Libraries => ("libraries", installed::nothing_installed()),
                SiteInfoProp::Showhooks => ("showhooks", installed::nothing_installed()),
                SiteInfoProp::Uploaddialog => ("uploaddialog", installed::upload_dialog()),
                SiteInfoProp::Dbrepllag => ("dbrepllag", installed::replication_lag(services, self.showalldb)?),
                SiteInfoProp::Defaultoptions => ("defaultoptions", Value::Object(default_preferences(site, settings))),
                SiteInfoProp::Clientlibraries => ("clientlibraries", installed::nothing_installed()),
                SiteInfoProp::Interwikimap => {
                    let server = site_paths(site, settings).server;
                    ("interwikimap", languages::interwiki_map(site, &server, self.filteriw))
                }
                SiteInfoProp::Languages => ("languages", languages::languages()),
                SiteInfoProp::Languagevariants => ("languagevariants", languages::language_variants()),
                SiteInfoProp::Magicwords => ("magicwords", vocabulary::magic_words()),
                SiteInfoProp::Specialpagealiases => ("specialpagealiases", vocabulary::special_page_aliases()),
                SiteInfoProp::Extensiontags => ("extensiontags", vocabulary::extension_tags()),
                SiteInfoProp::Functionhooks => ("functionhooks", vocabulary::function_hooks()),
                SiteInfoProp::Variables => ("variables", vocabulary::variables()),
            };
            ctx.add_query_member(key, value);
        }
        Ok(())
    }
}

/// `siprop=general`, in MediaWiki 1.39's members and order.
fn general(ctx: &QueryContext<'_>, store: &Store, site: &Site, settings: &SiteSettings, dbversion: &str) -> Value {
    let paths = site_paths(site, settings);
    let servername = paths.server_name().to_owned();
    let SitePaths { server, article_path, script_path, script } = paths;
    let main_page = site.main_page.replace('_', " ");
    let base = main_page_url(site, settings);
    let dbtype = store.url().split(':').next().unwrap_or("sqlite");
    let mut g = Map::new();
    let mut put = |k: &str, v: Value| {
        g.insert(k.to_owned(), v);
    };
    put("mainpage", json!(main_page));
    put("base", json!(base));
    put("sitename", json!(site.sitename));
    put("mainpageisdomainroot", json!(false));
    put("logo", json!(absolute(&server, &settings.logo)));
    put("generator", json!(format!("MediaWiki {}", settings.mediawiki_version)));
    put("dbtype", json!(dbtype));
    put("dbversion", json!(dbversion));
    put("imagewhitelistenabled", json!(false));
    put("langconversion", json!(true));
    put("linkconversion", json!(true));
    put("titleconversion", json!(true));
    put("linkprefixcharset", json!(""));
    put("linkprefix", json!(""));
    put("linktrail", json!("/^([a-z]+)(.*)$/sD"));
    put("legaltitlechars", json!(LEGAL_TITLE_CHARS));
    put("invalidusernamechars", json!(INVALID_USERNAME_CHARS));
    put("allunicodefixes", json!(false));
    put("fixarabicunicode", json!(true));
    put("fixmalayalamunicode", json!(true));
    put("case", json!(if site.capital_links { "first-letter" } else { "case-sensitive" }));
    put("lang", json!(site.language_code()));
    put("fallback", json!([]));
    put("rtl", json!(false));
    put("fallback8bitEncoding", json!("windows-1252"));
    put("readonly", json!(settings.read_only));
    put("writeapi", json!(true));
    put("maxarticlesize", json!(settings.max_article_size_kib * 1024));
    put("timezone", json!(settings.time_zone));
    put("timeoffset", json!(settings.time_offset));
    put("articlepath", json!(article_path));
    put("scriptpath", json!(script_path));
    put("script", json!(script));
    put("variantarticlepath", json!(false));
    put("server", json!(server));
    put("servername", json!(servername));
    put("wikiid", json!(storage::wiki_id(settings, store)));
    put("time", json!(ctx.state.now().to_iso()));
    put("misermode", json!(settings.miser_mode));
    put("uploadsenabled", json!(settings.uploads_enabled));
    put("maxuploadsize", json!(settings.max_upload_size));
    put("minuploadchunksize", json!(1024));
    put(
        "galleryoptions",
        json!({
            "imagesPerRow": 0,
            "imageWidth": 120,
            "imageHeight": 120,
            "captionLength": true,
            "showBytes": true,
            "showDimensions": true,
            "mode": "traditional",
        }),
    );
    put("thumblimits", indexed_object(THUMB_LIMITS.iter().map(|w| json!(w))));
    put("imagelimits", indexed_object(IMAGE_LIMITS.iter().map(|(w, h)| json!({"width": w, "height": h}))));
    put("favicon", json!(absolute(&server, &settings.favicon)));
    put("centralidlookupprovider", json!("local"));
    put("allcentralidlookupproviders", json!(["local"]));
    put("interwikimagic", json!(true));
    let mut magic = Map::new();
    for link in ["ISBN", "PMID", "RFC"] {
        magic.insert(link.to_owned(), json!(false));
    }
    wikiquery_runtime::result::php_array(&mut magic);
    put("magiclinks", Value::Object(magic));
    put("categorycollation", json!("uppercase"));
    put("nofollowlinks", json!(true));
    put("nofollownsexceptions", json!([]));
    put("nofollowdomainexceptions", json!(["mediawiki.org"]));
    put("externallinktarget", json!(false));
    // This server's own name and version, beside the MediaWiki version it answers as.
    put("wikiquery", json!(env!("CARGO_PKG_VERSION")));
    keep_bools(&mut g, &["variantarticlepath"]);
    Value::Object(g)
}

/// `siprop=namespaces`: every namespace by number.
fn namespaces(site: &Site) -> Value {
    let mut out = Map::new();
    for ns in site.namespaces().all() {
        let mut o = Map::new();
        o.insert("id".into(), json!(ns.id));
        o.insert("case".into(), json!(if ns.capitalized { "first-letter" } else { "case-sensitive" }));
        set_content(&mut o, "name", ns.name.clone());
        o.insert("subpages".into(), json!(ns.id >= 0 && (ns.subpages || has_subpages_by_default(ns.id))));
        if ns.id != NS_MAIN {
            o.insert("canonical".into(), json!(ns.canonical));
        }
        o.insert("content".into(), json!(ns.id == NS_MAIN));
        o.insert("nonincludable".into(), json!(false));
        if ns.id == NS_MEDIAWIKI {
            o.insert("namespaceprotection".into(), json!("editinterface"));
        }
        out.insert(ns.id.to_string(), Value::Object(o));
    }
    Value::Object(out)
}

/// `siprop=namespacealiases`: the further names of namespaces: MediaWiki's own (`Image`),
/// then those the site adds.
fn namespace_aliases(site: &Site) -> Value {
    let mut aliases: Vec<(i32, String)> = NAMESPACE_ALIASES.iter().map(|(id, a)| (*id, (*a).to_owned())).collect();
    for ns in site.namespaces().all() {
        for alias in &ns.aliases {
            if !aliases.iter().any(|(id, a)| *id == ns.id && a == alias) {
                aliases.push((ns.id, alias.clone()));
            }
        }
    }
    let out = aliases
        .into_iter()
        .map(|(id, alias)| {
            let mut o = Map::new();
            o.insert("id".into(), json!(id));
            set_content(&mut o, "alias", alias);
            Value::Object(o)
        })
        .collect();
    Value::Array(out)
}
