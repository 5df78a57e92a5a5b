//! `list=allpages`: every page of a namespace, in title order.

use serde_json::json;
use wikiquery_domain::title::full_text;
use wikiquery_runtime::{
    query_module, ApiError, Continue, Generated, Limit, Namespace, ParamValues, QueryContext, QueryModule, ReadContinue,
};
use wikiquery_store::queries::pages::allpages::{AllPagesFilter, ExpiryFilter, ProtectionFilter};

use crate::storage;
use crate::values::{FilterRedir, SortDir};
use crate::wiki::{Wiki, WikiContext};

/// Protection levels; the empty string is no protection.
pub const PROTECTION_LEVELS: &[&str] = &["", "autoconfirmed", "sysop"];

/// Which pages by whether they have language links.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ParamValues)]
pub enum FilterLangLinks {
    /// Pages with or without language links.
    All,
    /// Only pages that have language links.
    Withlanglinks,
    /// Only pages that have no language links.
    Withoutlanglinks,
}

/// The action a protection applies to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ParamValues)]
pub enum ProtectionType {
    /// Protection against editing the page.
    Edit,
    /// Protection against moving the page.
    Move,
    /// Protection against uploading a new version of the file.
    Upload,
}

/// Which protections by cascading.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ParamValues)]
pub enum FilterCascade {
    /// Cascading or not.
    All,
    /// Only cascading protections, which also protect the pages the page transcludes.
    Cascading,
    /// Only protections that do not cascade.
    Noncascading,
}

/// Which protections by expiry.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ParamValues)]
pub enum FilterExpiry {
    /// Protections with or without an end.
    All,
    /// Only protections that end at a set time.
    Definite,
    /// Only protections that never end.
    Indefinite,
}

/// Lists the pages of one namespace in title order.
///
/// The pages can be narrowed down by redirect status, size, language links and protection.
/// As a generator, it gives the listed pages.
#[query_module(
    name = "allpages",
    group = "list",
    cache = "public",
    prefix = "ap",
    xml = "p",
    readrights,
    generator,
    help = "https://www.mediawiki.org/wiki/Special:MyLanguage/API:Allpages",
    example(
        query = "action=query&list=allpages&apfrom=B&aplimit=5",
        text = "List five pages of the main namespace, starting at B."
    ),
    example(
        query = "action=query&list=allpages&apnamespace=0&apprtype=edit&apprlevel=sysop",
        text = "List the main namespace pages that only administrators may edit."
    ),
    example(
        query = "action=query&generator=allpages&gapprefix=Ca&gapfilterredir=nonredirects&prop=info",
        text = "Get page information about the pages, redirects left out, whose titles begin with Ca."
    )
)]
pub struct AllPages {
    /// The title to start listing at, without the namespace prefix.
    pub from: Option<String>,
    /// When more results are available, use this to continue.
    #[param(rename = "continue")]
    pub continue_: Option<Continue<(String,)>>,
    /// The title to stop listing at, without the namespace prefix.
    pub to: Option<String>,
    /// Only list pages whose titles begin with this text (without the namespace prefix).
    pub prefix: Option<String>,
    /// The namespace whose pages to list.
    #[param(default = 0)]
    pub namespace: Namespace,
    /// Whether to list redirects, other pages, or both.
    #[param(default = "all")]
    pub filterredir: FilterRedir,
    /// Whether to list pages that have language links, pages that have none, or both.
    #[param(default = "all")]
    pub filterlanglinks: FilterLangLinks,
    /// Only list pages whose content is at least this many bytes long.
    pub minsize: Option<i64>,
    /// Only list pages whose content is at most this many bytes long.
    pub maxsize: Option<i64>,
    /// Only list pages protected against these actions.
    pub prtype: Vec<ProtectionType>,
    // `None` when not given: an empty `prlevel=` still asks for the protection filter.
    /// Only count protections of these levels, such as `sysop`. Needs `apprtype`.
    #[param(values = PROTECTION_LEVELS)]
    pub prlevel: Option<Vec<String>>,
    /// Whether to count cascading protections, other protections, or both. Has an effect only
    /// with `apprtype`.
    #[param(default = "all")]
    pub prfiltercascade: FilterCascade,
    /// Whether to count protections that end at a set time, protections that never end, or
    /// both. Other than `all`, it lists only protected pages.
    #[param(default = "all")]
    pub prexpiry: FilterExpiry,
    /// How many pages to return.
    #[param(default = 10)]
    pub limit: Limit,
    /// The order to list the titles in.
    #[param(default = "ascending")]
    pub dir: SortDir,
}

impl QueryModule for AllPages {
    fn execute(&self, ctx: &mut QueryContext<'_>) -> Result<(), ApiError> {
        let namespace = self.namespace.0;
        if ctx.is_resolving_redirects() {
            let filter = format!("{}filterredir", ctx.module.prefix);
            return Err(ApiError::new(
                "params",
                format!("As a generator, \"{filter}=nonredirects\" takes the place of \"redirects\"."),
            ));
        }
        // The continue value is read first, as MediaWiki reads it.
        let continue_from = self.continue_.read()?.map(|(title,)| title);
        // The services outlive this borrow of the context, so the site can be used while items
        // are pushed.
        let services = ctx.services;
        let site = Wiki::of(services)?.store().site();
        let title_part = |part: &Option<String>| storage::title_part(site, part.as_deref(), namespace);
        let from = title_part(&self.from)?;
        let to = title_part(&self.to)?;
        let prefix = title_part(&self.prefix)?;

        // The protection filter joins when a type or an expiry is asked for; levels and
        // cascading only count together with a type; `prlevel` given at all (an empty value
        // counts) without a type is an error.
        let protection = if !self.prtype.is_empty() || self.prexpiry != FilterExpiry::All {
            let mut filter = ProtectionFilter {
                expiry: match self.prexpiry {
                    FilterExpiry::All => ExpiryFilter::All,
                    FilterExpiry::Definite => ExpiryFilter::Definite,
                    FilterExpiry::Indefinite => ExpiryFilter::Indefinite,
                },
                now: ctx.state.now().to_mw(),
                ..ProtectionFilter::default()
            };
            if !self.prtype.is_empty() {
                filter.types = self.prtype.iter().map(|t| protection_type_name(*t).to_owned()).collect();
                filter.levels = self.prlevel.iter().flatten().filter(|l| !l.is_empty() && *l != "*").cloned().collect();
                filter.cascade = match self.prfiltercascade {
                    FilterCascade::All => None,
                    FilterCascade::Cascading => Some(true),
                    FilterCascade::Noncascading => Some(false),
                };
            }
            Some(filter)
        } else if self.prlevel.is_some() {
            let (level, kind) = (format!("{}prlevel", ctx.module.prefix), format!("{}prtype", ctx.module.prefix));
            return Err(ApiError::new(
                "invalidparammix",
                format!("\"{level}\" filters protections and needs \"{kind}\"."),
            ));
        } else {
            None
        };

        let filter = AllPagesFilter {
            namespace,
            descending: self.dir == SortDir::Descending,
            continue_from,
            from,
            to,
            prefix,
            redirects: match self.filterredir {
                FilterRedir::All => None,
                FilterRedir::Redirects => Some(true),
                FilterRedir::Nonredirects => Some(false),
            },
            langlinks: match self.filterlanglinks {
                FilterLangLinks::All => None,
                FilterLangLinks::Withlanglinks => Some(true),
                FilterLangLinks::Withoutlanglinks => Some(false),
            },
            min_size: self.minsize,
            max_size: self.maxsize,
            protection,
            limit: self.limit.fetch(),
        };
        let (rows, next) = self.limit.split(ctx.reader()?.all_pages(&filter)?);

        let namespaces = site.namespaces();
        ctx.emit(
            rows,
            |row| Generated::Row(row.namespace, row.title.clone()),
            |ctx, rows| {
                ctx.ensure_list();
                for row in rows {
                    let title = full_text(row.namespace, &row.title, namespaces);
                    ctx.push_item(json!({ "pageid": row.id, "ns": row.namespace, "title": title }));
                }
                Ok(())
            },
        )?;
        if let Some(next) = next {
            ctx.set_continue(next.title);
        }
        Ok(())
    }
}

/// The name MediaWiki stores in `pr_type` for a protected action.
fn protection_type_name(t: ProtectionType) -> &'static str {
    match t {
        ProtectionType::Edit => "edit",
        ProtectionType::Move => "move",
        ProtectionType::Upload => "upload",
    }
}
