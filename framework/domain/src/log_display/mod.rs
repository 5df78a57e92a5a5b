//! A log entry written out for reading, as MediaWiki's log formatters write an entry's action
//! (`LogFormatter::getActionText`) for `list=watchlist`'s `logdisplay` and the recent-changes
//! feed: the performer's user link, then the entry's interface message (`logentry-<type>-
//! <action>` and its variants) with its parameters — links to the pages and users it names,
//! counts, durations, group lists.
//!
//! The wording is this project's own (its message catalogue); the links, their classes, their
//! order and the parameters each kind of entry gives its message are MediaWiki's. Both callers
//! write for the public: a hidden performer or action is shown hidden to every reader, whatever
//! their rights.
//!
//! Like comments ([`crate::comment`]), an entry is written twice: [`links_needed`] lists the
//! pages, files and users its links depend on, the caller looks them up for a whole batch, and
//! [`format`](fn@format) writes the HTML with the answers. Each kind of entry's parameters are
//! in `kinds`; the links (pages, users) in `links`.

mod kinds;
mod links;

use std::collections::{BTreeMap, HashMap};

use crate::comment::{self, LinkStatus};
use crate::html;
use crate::messages::{self, Gender, MessageSite};
use crate::revision::{DELETED_ACTION, DELETED_USER};
use crate::title::SiteNamespaces;

/// One log entry, as a recent change or log row gives it.
#[derive(Debug, Clone, Copy)]
pub struct LogLine<'a> {
    /// `log_type`.
    pub log_type: &'a str,
    /// `log_action`.
    pub action: &'a str,
    /// `log_params` as stored (serialised PHP, or the legacy lines).
    pub params: &'a str,
    /// The target's namespace.
    pub ns: i32,
    /// The target's database key.
    pub dbkey: &'a str,
    /// The performer's user id (0 for an address or a name from elsewhere).
    pub performer_id: i64,
    /// The performer's name.
    pub performer_name: &'a str,
    /// `log_deleted`.
    pub deleted: i32,
    /// `log_timestamp` (14 digits).
    pub timestamp: &'a str,
}

/// What writing an entry needs of the site and the reader.
pub struct DisplaySite<'a> {
    /// The site's namespaces.
    pub namespaces: &'a SiteNamespaces,
    /// Interwiki prefixes (lower case) and their URLs, with `$1` for the title.
    pub interwiki_urls: &'a HashMap<String, String>,
    /// The reader's language, for the wording.
    pub lang: &'a str,
    /// The site's name.
    pub site_name: &'a str,
    /// Whether the reader may read the suppression log (`suppressionlog`): its entries are
    /// hidden from everyone else.
    pub may_read_suppression_log: bool,
}

/// What an entry's links depend on.
#[derive(Debug, Default, Clone)]
pub struct Needed {
    /// Pages and files: whether each exists (and a page is a redirect).
    pub links: comment::Needed,
    /// User names whose account ids are needed (0 for none).
    pub user_names: Vec<String>,
    /// User ids whose current names are needed.
    pub user_ids: Vec<i64>,
}

/// The answers to [`Needed`].
#[derive(Debug, Default, Clone)]
pub struct Known {
    /// Existing pages and files.
    pub links: LinkStatus,
    /// Account ids by user name.
    pub user_ids: HashMap<String, i64>,
    /// Current user names by account id.
    pub user_names: HashMap<i64, String>,
}

/// Adds what `line`'s links depend on to `needed`.
pub fn links_needed(line: &LogLine<'_>, site: &DisplaySite<'_>, needed: &mut Needed) {
    let _ = Writer { site, lookup: Lookup::Record(needed) }.action_text(line);
}

/// The entry's action as HTML.
pub fn format(line: &LogLine<'_>, site: &DisplaySite<'_>, known: &Known) -> String {
    Writer { site, lookup: Lookup::Known(known) }.action_text(line)
}

/// Looking things up: recording what is asked (the first pass), or answering it (the second).
enum Lookup<'a> {
    Record(&'a mut Needed),
    Known(&'a Known),
}

impl Lookup<'_> {
    /// Whether a page exists: `Some(redirect)` when it does.
    fn page(&mut self, ns: i32, dbkey: &str) -> Option<bool> {
        match self {
            Lookup::Record(n) => comment::Lookup::Record(&mut n.links).page(ns, dbkey),
            Lookup::Known(k) => comment::Lookup::Known(&k.links).page(ns, dbkey),
        }
    }

    fn file(&mut self, dbkey: &str) -> bool {
        match self {
            Lookup::Record(n) => comment::Lookup::Record(&mut n.links).file(dbkey),
            Lookup::Known(k) => comment::Lookup::Known(&k.links).file(dbkey),
        }
    }

    /// The account id of a user name (0 for none).
    fn user_id(&mut self, name: &str) -> i64 {
        match self {
            Lookup::Record(n) => {
                push_new(&mut n.user_names, name.to_owned());
                0
            }
            Lookup::Known(k) => k.user_ids.get(name).copied().unwrap_or(0),
        }
    }

    /// The current name of an account.
    fn user_name(&mut self, id: i64) -> Option<String> {
        match self {
            Lookup::Record(n) => {
                push_new(&mut n.user_ids, id);
                None
            }
            Lookup::Known(k) => k.user_names.get(&id).cloned(),
        }
    }
}

fn push_new<T: PartialEq>(list: &mut Vec<T>, item: T) {
    if !list.contains(&item) {
        list.push(item);
    }
}

/// A parameter of an interface message: text, escaped with the message, or HTML put in as it
/// is once the message is escaped.
#[derive(Debug, Clone)]
enum Param {
    Plain(String),
    Raw(String),
}

impl Param {
    fn plain(text: impl Into<String>) -> Param {
        Param::Plain(text.into())
    }
}

/// A message's parameters by index (`$1` is 0); written in index order, so a missing index
/// moves the later ones down, as MediaWiki's do.
type Params = BTreeMap<usize, Param>;

struct Writer<'s, 'l> {
    site: &'s DisplaySite<'s>,
    lookup: Lookup<'l>,
}

impl Writer<'_, '_> {
    fn action_text(&mut self, line: &LogLine<'_>) -> String {
        let restricted_type = line.log_type == "suppress" && !self.site.may_read_suppression_log;
        let can_view = |bit: i32| line.deleted & bit == 0 && !restricted_type;
        let performer = if can_view(DELETED_USER) {
            self.user_link(line.performer_id, line.performer_name)
        } else {
            self.restricted("rev-deleted-user")
        };
        if !can_view(DELETED_ACTION) {
            return format!(
                "{performer}{}{}",
                self.escaped("word-separator", &[]),
                self.restricted("rev-deleted-event")
            );
        }
        let performer_name = if can_view(DELETED_USER) { line.performer_name } else { "" };
        match kinds::message_of(self, line, performer.clone(), performer_name) {
            Some((key, params)) => {
                let params: Vec<Param> = params.into_values().collect();
                self.escaped(&key, &params)
            }
            // No formatter: the performer and the bare action (MediaWiki's legacy formatter).
            None => format!(
                "{performer}{}{}",
                self.escaped("word-separator", &[]),
                line.action.replace("[[", "").replace("]]", "")
            ),
        }
    }

    /// `<span class="history-deleted">` around a message.
    fn restricted(&self, key: &str) -> String {
        format!("<span class=\"history-deleted\">{}</span>", self.escaped(key, &[]))
    }

    /// The message's own text in the reader's language, if the catalogue has it.
    fn source(&self, key: &str) -> Option<String> {
        messages::text(self.site.lang, key).map(str::to_owned)
    }

    /// A message as HTML (MediaWiki's `escaped()`): plain parameters put in, the message's
    /// magic expanded, the whole escaped (references kept), then the HTML parameters put in.
    fn escaped(&self, key: &str, params: &[Param]) -> String {
        let Some(text) = self.source(key) else {
            return format!("⧼{}⧽", html::escape(key));
        };
        let before = substitute(&text, params, false);
        let expanded = if before.contains("{{") { messages::expand(&before, self) } else { before };
        substitute(&html::escape_keeping_references(&expanded), params, true)
    }

    /// A message as text (MediaWiki's `text()`): parameters put in and magic expanded.
    fn text(&self, key: &str, params: &[String]) -> String {
        let Some(text) = self.source(key) else {
            return format!("⧼{key}⧽");
        };
        let params: Vec<Param> = params.iter().cloned().map(Param::Plain).collect();
        let before = substitute(&text, &params, false);
        if before.contains("{{") {
            messages::expand(&before, self)
        } else {
            before
        }
    }

    /// Whether the catalogue has a message.
    fn has(&self, key: &str) -> bool {
        self.source(key).is_some()
    }

    /// Items joined by commas (`commaList`).
    fn comma_list(&self, items: &[String]) -> String {
        items.join(&self.escaped("comma-separator", &[]))
    }

    /// Items as a sentence's list: commas, and the last joined by "and" (`listToText`).
    fn list_to_text(&self, items: &[String]) -> String {
        match items {
            [] => String::new(),
            [one] => one.clone(),
            [init @ .., last] => {
                let head = init.join(&self.escaped("comma-separator", &[]));
                format!("{head}{}{}{last}", self.escaped("and", &[]), self.escaped("word-separator", &[]))
            }
        }
    }
}

impl MessageSite for Writer<'_, '_> {
    fn site_name(&self) -> String {
        self.site.site_name.to_owned()
    }

    fn gender(&self, _user: &str) -> Gender {
        Gender::Unknown
    }

    fn message(&self, key: &str) -> Option<String> {
        self.source(key)
    }
}

/// `$N` replaced by the `N`th parameter of the kind asked for (plain ones before escaping,
/// HTML ones after); the longest number that names a parameter is taken, as PHP's `strtr`
/// takes the longest key. Others are left.
fn substitute(text: &str, params: &[Param], raw: bool) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find('$') {
        out.push_str(&rest[..at]);
        let digits = rest[at + 1..].bytes().take_while(u8::is_ascii_digit).count();
        let taken = (1..=digits).rev().find_map(|len| {
            let n: usize = rest[at + 1..at + 1 + len].parse().ok()?;
            let param = params.get(n.checked_sub(1)?)?;
            match (param, raw) {
                (Param::Plain(s), false) | (Param::Raw(s), true) => Some((len, s.as_str())),
                _ => None,
            }
        });
        match taken {
            Some((len, value)) => {
                out.push_str(value);
                rest = &rest[at + 1 + len..];
            }
            None => {
                out.push('$');
                rest = &rest[at + 1..];
            }
        }
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests;
