//! Pages of one namespace in title order, with the filters of `list=allpages`: a title range,
//! a title prefix, redirect status, language links, size and protection.

use crate::queries::sql::InListExt;
use diesel::dsl::{exists, not};
use diesel::prelude::*;

use crate::backend::AsAnyConnection;
use crate::backend::StoreError;
use crate::queries::prefix_upper_bound;
use crate::reader::Reader;
use crate::schema::{langlinks, page, page_restrictions};
use crate::with_conn;

/// The value `pr_expiry` holds for a protection that never expires.
pub const INFINITY: &str = "infinity";

/// One page: its id, namespace and title (database key, with underscores).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AllPagesRow {
    /// `page_id`.
    pub id: i64,
    /// `page_namespace`.
    pub namespace: i32,
    /// `page_title`, the database key.
    pub title: String,
}

/// Which protections count, by their expiry.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum ExpiryFilter {
    /// Any protection in force.
    #[default]
    All,
    /// Only protections that expire at a set time.
    Definite,
    /// Only protections that never expire.
    Indefinite,
}

/// Keeps pages that have at least one protection in force matching every condition here.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ProtectionFilter {
    /// Protected actions (`pr_type`); empty means any.
    pub types: Vec<String>,
    /// Protection levels (`pr_level`); empty means any.
    pub levels: Vec<String>,
    /// `Some(true)` for cascading protections only, `Some(false)` for non-cascading ones.
    pub cascade: Option<bool>,
    /// Which expiries.
    pub expiry: ExpiryFilter,
    /// The current time as a 14-digit MediaWiki timestamp: protections that expired before it
    /// are no longer in force.
    pub now: String,
}

/// What [`all_pages`] selects. Titles are database keys (underscores, first letter as the
/// namespace stores it).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct AllPagesFilter {
    /// The namespace.
    pub namespace: i32,
    /// Z to A instead of A to Z.
    pub descending: bool,
    /// Where a previous batch stopped: this title and the ones after it (in the direction).
    pub continue_from: Option<String>,
    /// The first title of the range (in the direction of listing).
    pub from: Option<String>,
    /// The last title of the range (in the direction of listing).
    pub to: Option<String>,
    /// Only titles that start with this text.
    pub prefix: Option<String>,
    /// `Some(true)` for redirects only, `Some(false)` for non-redirects only.
    pub redirects: Option<bool>,
    /// `Some(true)` for pages with language links only, `Some(false)` for pages without.
    pub langlinks: Option<bool>,
    /// Smallest `page_len`.
    pub min_size: Option<i64>,
    /// Largest `page_len`.
    pub max_size: Option<i64>,
    /// Only protected pages.
    pub protection: Option<ProtectionFilter>,
    /// How many rows at most.
    pub limit: i64,
}

impl<C: AsAnyConnection> Reader<C> {
    /// The pages a filter selects, ordered by title in its direction, at most `filter.limit`.
    pub fn all_pages(&mut self, filter: &AllPagesFilter) -> Result<Vec<AllPagesRow>, StoreError> {
        let conn = self.conn();
        let prefix_end = filter.prefix.as_deref().and_then(prefix_upper_bound);
        let rows: Vec<(i64, i32, String)> = with_conn!(conn, |c| {
            let mut query = page::table
                .select((page::page_id, page::page_namespace, page::page_title))
                .filter(page::page_namespace.eq(filter.namespace))
                .into_boxed();

            if let Some(cont) = &filter.continue_from {
                query = query.filter(keyset!(!filter.descending; page::page_title => cont));
            }
            // The range's start and end swap sides when listing backwards.
            let (lower, upper) =
                if filter.descending { (&filter.to, &filter.from) } else { (&filter.from, &filter.to) };
            if let Some(lower) = lower {
                query = query.filter(page::page_title.ge(lower));
            }
            if let Some(upper) = upper {
                query = query.filter(page::page_title.le(upper));
            }
            if let Some(prefix) = &filter.prefix {
                query = query.filter(page::page_title.ge(prefix));
            }
            if let Some(end) = &prefix_end {
                query = query.filter(page::page_title.lt(end));
            }

            if let Some(redirects) = filter.redirects {
                query = query.filter(page::page_is_redirect.eq(i32::from(redirects)));
            }
            if let Some(min) = filter.min_size {
                query = query.filter(page::page_len.ge(min));
            }
            if let Some(max) = filter.max_size {
                query = query.filter(page::page_len.le(max));
            }

            if let Some(prot) = &filter.protection {
                let mut restrictions = page_restrictions::table
                    .select(page_restrictions::pr_page)
                    .filter(
                        page_restrictions::pr_expiry
                            .is_null()
                            .or(page_restrictions::pr_expiry.eq(INFINITY))
                            .or(page_restrictions::pr_expiry.gt(&prot.now)),
                    )
                    .into_boxed();
                if !prot.types.is_empty() {
                    restrictions = restrictions.filter(page_restrictions::pr_type.in_list(&prot.types));
                }
                if !prot.levels.is_empty() {
                    restrictions = restrictions.filter(page_restrictions::pr_level.in_list(&prot.levels));
                }
                if let Some(cascade) = prot.cascade {
                    restrictions = restrictions.filter(page_restrictions::pr_cascade.eq(i32::from(cascade)));
                }
                restrictions = match prot.expiry {
                    ExpiryFilter::All => restrictions,
                    ExpiryFilter::Indefinite => restrictions
                        .filter(page_restrictions::pr_expiry.is_null().or(page_restrictions::pr_expiry.eq(INFINITY))),
                    ExpiryFilter::Definite => restrictions.filter(page_restrictions::pr_expiry.ne(INFINITY)),
                };
                query = query.filter(page::page_id.eq_any(restrictions));
            }

            if let Some(with) = filter.langlinks {
                let links = langlinks::table.select(langlinks::ll_from).filter(langlinks::ll_from.eq(page::page_id));
                query = if with { query.filter(exists(links)) } else { query.filter(not(exists(links))) };
            }

            query = if filter.descending {
                query.order(page::page_title.desc())
            } else {
                query.order(page::page_title.asc())
            };
            query.limit(filter.limit).load(c)
        })?;
        Ok(rows.into_iter().map(|(id, namespace, title)| AllPagesRow { id, namespace, title }).collect())
    }
}
