//! `meta=allmessages`: the interface messages of the site: this project's own texts (see
//! [`wikiquery_domain::messages`]) as the wiki's `MediaWiki:` pages override them, in the
//! caller's or the asked language, with arguments substituted and, on request, the magic
//! messages use (`{{PLURAL:}}`, `{{GENDER:}}`, `{{SITENAME}}`, `{{int:}}`) expanded.

use std::collections::{BTreeMap, BTreeSet, HashMap};

use serde_json::{json, Map, Value};
use wikiquery_domain::messages::{
    self, expand, is_valid_language_code, normalize_key, substitute, Gender, MessageSite,
};
use wikiquery_domain::title::{upper_first, NS_MEDIAWIKI};
use wikiquery_runtime::result::set_content;
use wikiquery_runtime::{query_module, ApiError, CacheMode, ParamValues, QueryContext, QueryModule, RequestState};
use wikiquery_store::queries::pages::allpages::AllPagesFilter;

use crate::shared::log_display::interface_language;
use crate::storage;
use crate::wiki::WikiContext;

/// Extra properties of each message.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ParamValues)]
pub enum AllMessagesProp {
    /// The message's original text, given when the wiki has changed it (or `defaultmissing` when
    /// the software has no such message).
    Default,
}

/// Which messages by customisation status.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ParamValues)]
pub enum Customised {
    /// Every message, changed by the wiki or not.
    All,
    /// Only the messages the wiki has changed by editing their `MediaWiki:` page.
    Modified,
    /// Only the messages still as the software has them.
    Unmodified,
}

/// Returns the texts of the wiki's interface messages, in a language of choice.
///
/// A message the wiki has changed (through its page in the `MediaWiki:` namespace) is given as
/// changed. Values can be put in place of a message's placeholders (`amargs`), and with
/// `amenableparser` the magic words it uses, such as `{{PLURAL:...}}` and `{{SITENAME}}`, are
/// expanded.
#[query_module(
    name = "allmessages",
    group = "meta",
    cache = "public",
    prefix = "am",
    readrights,
    xml = "message",
    help = "https://www.mediawiki.org/wiki/Special:MyLanguage/API:Allmessages",
    example(
        query = "action=query&meta=allmessages&amprefix=nstab-",
        text = "Get the labels of the namespace tabs, the messages whose names start with nstab-."
    ),
    example(
        query = "action=query&meta=allmessages&ammessages=monday|friday&amlang=de",
        text = "Get the names of Monday and Friday in German."
    ),
    example(
        query = "action=query&meta=allmessages&ammessages=nbytes&amargs=1500&amenableparser=1",
        text = "Get the message that gives a size in bytes, for 1500 bytes, with its plural chosen."
    )
)]
pub struct AllMessages {
    /// The names of the messages to return, separated by `|`; `*` (the default) returns all of
    /// them.
    #[param(default = "*")]
    pub messages: Vec<String>,
    /// Extra information to give about each message.
    pub prop: Vec<AllMessagesProp>,
    /// Expands the magic words and parser functions the messages use, such as `{{PLURAL:...}}`,
    /// `{{GENDER:...}}`, `{{SITENAME}}` and `{{int:...}}`, once the arguments are in place.
    pub enableparser: bool,
    /// Leaves the messages' texts out, giving only their names and status.
    pub nocontent: bool,
    /// With `ammessages=*`: also lists the pages of the `MediaWiki:` namespace that are not
    /// messages of the software, such as `MediaWiki:Common.css`.
    pub includelocal: bool,
    /// Values for the placeholders `$1`, `$2` and so on of the messages, in order and separated
    /// by `|`; the same value may appear more than once.
    #[param(allow_duplicates)]
    pub args: Vec<String>,
    /// Returns only the messages whose names contain this text.
    pub filter: Option<String>,
    /// Returns only the messages the wiki has changed (`modified`), only those it has not
    /// (`unmodified`), or both (`all`).
    #[param(default = "all")]
    pub customised: Customised,
    /// The code of the language to return the messages in. When left out, the language `uselang`
    /// asks for, else the wiki's own language.
    pub lang: Option<String>,
    /// Starts the list at the message of this name, in alphabetical order.
    pub from: Option<String>,
    /// Ends the list at the message of this name, in alphabetical order.
    pub to: Option<String>,
    /// With `amenableparser`: the title of the page the messages are expanded as if on.
    pub title: Option<String>,
    /// Returns only the messages whose names start with this text.
    pub prefix: Option<String>,
}

impl QueryModule for AllMessages {
    /// Messages are in the caller's language unless `lang` names one, and parsed for the
    /// caller with `enableparser`.
    fn cache_mode(&self, _: &RequestState) -> CacheMode {
        if self.lang.is_none() || self.enableparser {
            CacheMode::AnonPublicUserPrivate
        } else {
            CacheMode::Public
        }
    }

    fn execute(&self, ctx: &mut QueryContext<'_>) -> Result<(), ApiError> {
        let site = ctx.site()?;
        let content_lang = site.language_code().to_owned();
        let lang = match &self.lang {
            Some(code) if !is_valid_language_code(code) => {
                return Err(ApiError::new("invalidlang", "Invalid language code for parameter \"amlang\"."));
            }
            Some(code) => code.clone(),
            None => interface_language(ctx.state.params.get("uselang"), site),
        };
        if self.enableparser {
            if let Some(title) = &self.title {
                storage::site_title(site, title)?;
            }
        }
        let foreign = lang != content_lang;
        // The wiki's own messages: its `MediaWiki:` pages, by title.
        let mut reader = ctx.reader()?;
        let page_title = |key: &str| {
            let title = upper_first(&normalize_key(key));
            if foreign {
                format!("{title}/{lang}")
            } else {
                title
            }
        };
        let every = self.messages.iter().any(|m| m == "*");
        // Every `MediaWiki:` page when every message is asked for; else only those of the
        // messages asked for.
        let local: HashMap<String, i64> = if every {
            let filter = AllPagesFilter { namespace: NS_MEDIAWIKI, limit: i64::MAX, ..AllPagesFilter::default() };
            reader.all_pages(&filter)?.into_iter().map(|row| (row.title, row.id)).collect()
        } else {
            let titles: Vec<(i32, String)> = self.messages.iter().map(|m| (NS_MEDIAWIKI, page_title(m))).collect();
            reader.pages_by_titles(&titles)?.into_iter().map(|p| (p.dbkey, p.id)).collect()
        };
        let page_of = |key: &str| local.get(&page_title(key)).copied();

        let names: Vec<String> = if every {
            let mut all: BTreeSet<String> = messages::keys().map(str::to_owned).collect();
            if self.includelocal {
                all.extend(local.keys().filter(|t| !t.contains('/')).map(|t| normalize_key(t)));
            }
            all.into_iter().collect()
        } else {
            self.messages.clone()
        };
        let mut names: Vec<String> = match &self.prefix {
            // The names are in order, so those with the prefix come together.
            Some(prefix) => names
                .into_iter()
                .skip_while(|n| !n.starts_with(prefix.as_str()))
                .take_while(|n| n.starts_with(prefix.as_str()))
                .collect(),
            None => names,
        };
        if let Some(filter) = &self.filter {
            names.retain(|n| n.contains(filter.as_str()));
        }

        // The texts of the pages that override the messages asked for.
        let pages: BTreeMap<String, i64> = names.iter().filter_map(|n| page_of(n).map(|id| (n.clone(), id))).collect();
        let ids: Vec<i64> = pages.values().copied().collect();
        let texts = storage::current_texts(&mut reader, &ids)?;
        drop(reader);

        let gender_site = GenderSite { ctx, lang: &lang, site_name: site.sitename.clone() };
        let mut items = Vec::new();
        let mut skipping = self.from.is_some();
        for name in &names {
            if skipping && Some(name) == self.from.as_ref() {
                skipping = false;
            }
            if self.to.as_ref().is_some_and(|to| name > to) {
                break;
            }
            if skipping {
                continue;
            }
            let page = pages.get(name);
            let mut item = Map::new();
            item.insert("name".into(), json!(name));
            item.insert("normalizedname".into(), json!(normalize_key(name)));
            match self.customised {
                Customised::Modified if page.is_none() => continue,
                Customised::Unmodified if page.is_some() => continue,
                Customised::Modified => {
                    item.insert("customised".into(), json!(true));
                }
                _ => {}
            }
            let default = messages::text(&lang, name);
            let own = page.and_then(|id| texts.get(id)).map(String::as_str);
            match own.or(default) {
                None => {
                    item.insert("missing".into(), json!(true));
                }
                Some(text) => {
                    let text = substitute(text, &self.args);
                    let text = if self.enableparser { expand(&text, &gender_site) } else { text };
                    if !self.nocontent {
                        set_content(&mut item, "content", text.clone());
                    }
                    if self.prop.contains(&AllMessagesProp::Default) {
                        match default {
                            None => {
                                item.insert("defaultmissing".into(), json!(true));
                            }
                            Some(d) if d != text => {
                                item.insert("default".into(), json!(d));
                            }
                            Some(_) => {}
                        }
                    }
                }
            }
            items.push(Value::Object(item));
        }
        drop(gender_site);
        for item in items {
            ctx.push_item(item);
        }
        ctx.ensure_list();
        Ok(())
    }
}

/// What expanding a message needs: the site's name, other messages, users' genders.
struct GenderSite<'a, 'c> {
    ctx: &'a QueryContext<'c>,
    lang: &'a str,
    site_name: String,
}

impl MessageSite for GenderSite<'_, '_> {
    fn site_name(&self) -> String {
        self.site_name.clone()
    }

    fn gender(&self, user: &str) -> Gender {
        let found = self.ctx.reader().ok().and_then(|mut reader| {
            let users = reader.users_by_names(&[upper_first(&user.replace('_', " "))]).ok()?;
            let id = users.first()?.id;
            reader.user_property(&[id], "gender").ok()?.into_iter().next().map(|(_, g)| g)
        });
        match found.as_deref() {
            Some("male") => Gender::Male,
            Some("female") => Gender::Female,
            _ => Gender::Unknown,
        }
    }

    fn message(&self, key: &str) -> Option<String> {
        messages::text(self.lang, key).map(str::to_owned)
    }
}
