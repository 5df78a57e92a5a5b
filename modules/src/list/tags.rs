//! `list=tags`: change tags: those the software applies, those users defined, and any other
//! the wiki has recorded, in name order, with their labels (the settings' over the software's
//! defaults; the tag's name when it has none).

use std::collections::BTreeMap;

use wikiquery_domain::change_tags::{default_text, is_software_tag, SOFTWARE_TAGS};
use wikiquery_runtime::{query_module, ApiError, Continue, Limit, ParamValues, Parts, QueryContext, QueryModule};

use crate::wiki::WikiContext;

/// What to return of each tag besides its name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ParamValues)]
pub enum TagProp {
    /// Whether the tag is still being applied to new changes.
    Active,
    /// Whether the tag is defined, by the software or by a user.
    Defined,
    /// The tag's description.
    Description,
    /// The tag's label as shown in change lists (its name when it has none).
    Displayname,
    /// How many changes carry the tag.
    Hitcount,
    /// Where the tag comes from: `extension` for the software's own tags, `manual` for tags
    /// users defined.
    Source,
}

/// Lists the change tags of the wiki, in name order.
///
/// The tags the software applies, those users defined, and any other tag found on changes are
/// all listed.
#[query_module(
    name = "tags",
    group = "list",
    cache = "public",
    prefix = "tg",
    readrights,
    xml = "tag",
    xml_nested(source = "_v"),
    help = "https://www.mediawiki.org/wiki/Special:MyLanguage/API:Tags",
    example(
        query = "action=query&list=tags&tgprop=displayname|description|hitcount|defined",
        text = "List the change tags with their labels, descriptions, use counts and whether each is defined."
    ),
    example(
        query = "action=query&list=tags&tglimit=max&tgprop=active|source",
        text = "List as many tags as allowed at once, with the source of each and whether it is still used."
    )
)]
pub struct Tags {
    /// When more results are available, use this to continue.
    #[param(rename = "continue")]
    pub continue_: Option<Continue<Parts>>,
    /// How many tags to return.
    #[param(default = 10)]
    pub limit: Limit,
    /// What to return of each tag besides its name.
    #[param(default = "")]
    pub prop: Vec<TagProp>,
}

/// What the wiki knows of a tag.
#[derive(Debug, Clone, Copy, Default)]
struct Known {
    /// A user defined it.
    explicit: bool,
    /// How many changes have it.
    hits: i64,
}

impl QueryModule for Tags {
    fn execute(&self, ctx: &mut QueryContext<'_>) -> Result<(), ApiError> {
        let settings = ctx.settings();
        let mut tags: BTreeMap<String, Known> = BTreeMap::new();
        for (name, _, _) in SOFTWARE_TAGS {
            tags.insert((*name).to_owned(), Known::default());
        }
        for (name, explicit, hits) in ctx.reader()?.tag_definitions()? {
            let known = tags.entry(name).or_default();
            known.explicit |= explicit;
            known.hits = hits;
        }
        let has = |p: TagProp| self.prop.contains(&p);
        let limit = usize::try_from(self.limit.get()).unwrap_or(usize::MAX);
        // MediaWiki compares the value with tag names as text.
        let from = self.continue_.as_ref().map_or("", Continue::text);
        ctx.ensure_list();
        for (count, (name, known)) in tags.iter().filter(|(name, _)| name.as_str() >= from).enumerate() {
            if count == limit {
                ctx.set_continue(name.clone());
                break;
            }
            let software = is_software_tag(name);
            let text = settings.tag_texts.get(name).cloned().unwrap_or_default();
            let defaults = default_text(name);
            ctx.write_item(|out| {
                out.str("name", name);
                if has(TagProp::Displayname) {
                    let label = text.displayname.as_deref().or(defaults.displayname.as_deref()).unwrap_or(name);
                    out.str("displayname", label);
                }
                if has(TagProp::Description) {
                    let description =
                        text.description.as_deref().or(defaults.description.as_deref()).unwrap_or_default();
                    out.str("description", description);
                }
                if has(TagProp::Hitcount) {
                    out.int("hitcount", known.hits);
                }
                if has(TagProp::Defined) {
                    out.bool("defined", software || known.explicit);
                }
                if has(TagProp::Source) {
                    let mut sources = Vec::new();
                    if software {
                        sources.push("extension".to_owned());
                    }
                    if known.explicit {
                        sources.push("manual".to_owned());
                    }
                    out.strings("source", &sources);
                }
                if has(TagProp::Active) {
                    out.bool("active", known.explicit || software);
                }
            });
        }
        Ok(())
    }
}
