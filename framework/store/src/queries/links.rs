//! The links of pages: the pages they link to (`pagelinks`), transclude (`templatelinks`
//! through `linktarget`) and the files they use (`imagelinks`), in (source page, namespace,
//! title) order, as `prop=links`, `prop=templates` and `prop=images` list them.

use diesel::prelude::*;

use crate::backend::{AsAnyConnection, StoreError};
use crate::reader::Reader;
use crate::schema::{imagelinks, linktarget, pagelinks, templatelinks};
use crate::with_conn;

/// The namespace of files, the only targets of `imagelinks`.
const NS_FILE: i32 = 6;

/// Which link table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LinkTable {
    /// `pagelinks`.
    Pages,
    /// `templatelinks`.
    Templates,
    /// `imagelinks`.
    Images,
}

/// What [`Reader::page_links`] selects.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LinksFilter {
    /// The table.
    pub table: LinkTable,
    /// The pages whose links are listed.
    pub from: Vec<i64>,
    /// Only targets in these namespaces.
    pub namespaces: Option<Vec<i32>>,
    /// Only these targets (namespace, database key).
    pub targets: Option<Vec<(i32, String)>>,
    /// Where a previous batch stopped: this (page, namespace, title) and those after it.
    pub continue_from: Option<(i64, i32, String)>,
    /// Last first.
    pub descending: bool,
    /// How many rows at most.
    pub limit: i64,
}

/// A link: (source page, target namespace, target database key).
pub type LinkRow = (i64, i32, String);

impl<C: AsAnyConnection> Reader<C> {
    /// The links a filter selects, in its order.
    pub fn page_links(&mut self, filter: &LinksFilter) -> Result<Vec<LinkRow>, StoreError> {
        if filter.from.is_empty() || filter.targets.as_ref().is_some_and(Vec::is_empty) {
            return Ok(Vec::new());
        }
        let conn = self.conn();
        let from = filter.from.clone();
        let desc = filter.descending;
        let targets_in = |ns: i32| -> Vec<String> {
            filter.targets.iter().flatten().filter(|(n, _)| *n == ns).map(|(_, t)| t.clone()).collect()
        };
        let rows: Vec<LinkRow> = match filter.table {
            LinkTable::Pages => with_conn!(conn, |c| {
                let mut q = pagelinks::table
                    .select((pagelinks::pl_from, pagelinks::pl_namespace, pagelinks::pl_title))
                    .filter(pagelinks::pl_from.eq_any(from.clone()))
                    .into_boxed();
                if let Some(ns) = &filter.namespaces {
                    q = q.filter(pagelinks::pl_namespace.eq_any(ns.clone()));
                }
                if let Some(targets) = &filter.targets {
                    let mut namespaces: Vec<i32> = targets.iter().map(|(n, _)| *n).collect();
                    namespaces.sort_unstable();
                    namespaces.dedup();
                    let mut any: Box<dyn BoxableExpression<_, _, SqlType = diesel::sql_types::Bool>> =
                        Box::new(diesel::dsl::sql::<diesel::sql_types::Bool>("1=0"));
                    for ns in namespaces {
                        any = Box::new(
                            any.or(pagelinks::pl_namespace.eq(ns).and(pagelinks::pl_title.eq_any(targets_in(ns)))),
                        );
                    }
                    q = q.filter(any);
                }
                if let Some((f, ns, title)) = &filter.continue_from {
                    let (f, ns, title) = (*f, *ns, title.clone());
                    q = if desc {
                        q.filter(
                            pagelinks::pl_from.lt(f).or(pagelinks::pl_from.eq(f).and(
                                pagelinks::pl_namespace
                                    .lt(ns)
                                    .or(pagelinks::pl_namespace.eq(ns).and(pagelinks::pl_title.le(title))),
                            )),
                        )
                    } else {
                        q.filter(
                            pagelinks::pl_from.gt(f).or(pagelinks::pl_from.eq(f).and(
                                pagelinks::pl_namespace
                                    .gt(ns)
                                    .or(pagelinks::pl_namespace.eq(ns).and(pagelinks::pl_title.ge(title))),
                            )),
                        )
                    };
                }
                q = if desc {
                    q.order((pagelinks::pl_from.desc(), pagelinks::pl_namespace.desc(), pagelinks::pl_title.desc()))
                } else {
                    q.order((pagelinks::pl_from.asc(), pagelinks::pl_namespace.asc(), pagelinks::pl_title.asc()))
                };
                q.limit(filter.limit).load(c)
            })?,
            LinkTable::Templates => with_conn!(conn, |c| {
                let mut q = templatelinks::table
                    .inner_join(linktarget::table.on(linktarget::lt_id.eq(templatelinks::tl_target_id)))
                    .select((templatelinks::tl_from, linktarget::lt_namespace, linktarget::lt_title))
                    .filter(templatelinks::tl_from.eq_any(from.clone()))
                    .into_boxed();
                if let Some(ns) = &filter.namespaces {
                    q = q.filter(linktarget::lt_namespace.eq_any(ns.clone()));
                }
                if let Some(targets) = &filter.targets {
                    let mut namespaces: Vec<i32> = targets.iter().map(|(n, _)| *n).collect();
                    namespaces.sort_unstable();
                    namespaces.dedup();
                    let mut any: Box<dyn BoxableExpression<_, _, SqlType = diesel::sql_types::Bool>> =
                        Box::new(diesel::dsl::sql::<diesel::sql_types::Bool>("1=0"));
                    for ns in namespaces {
                        any = Box::new(
                            any.or(linktarget::lt_namespace.eq(ns).and(linktarget::lt_title.eq_any(targets_in(ns)))),
                        );
                    }
                    q = q.filter(any);
                }
                if let Some((f, ns, title)) = &filter.continue_from {
                    let (f, ns, title) = (*f, *ns, title.clone());
                    q = if desc {
                        q.filter(
                            templatelinks::tl_from.lt(f).or(templatelinks::tl_from.eq(f).and(
                                linktarget::lt_namespace
                                    .lt(ns)
                                    .or(linktarget::lt_namespace.eq(ns).and(linktarget::lt_title.le(title))),
                            )),
                        )
                    } else {
                        q.filter(
                            templatelinks::tl_from.gt(f).or(templatelinks::tl_from.eq(f).and(
                                linktarget::lt_namespace
                                    .gt(ns)
                                    .or(linktarget::lt_namespace.eq(ns).and(linktarget::lt_title.ge(title))),
                            )),
                        )
                    };
                }
                q = if desc {
                    q.order((
                        templatelinks::tl_from.desc(),
                        linktarget::lt_namespace.desc(),
                        linktarget::lt_title.desc(),
                    ))
                } else {
                    q.order((templatelinks::tl_from.asc(), linktarget::lt_namespace.asc(), linktarget::lt_title.asc()))
                };
                q.limit(filter.limit).load(c)
            })?,
            LinkTable::Images => {
                let rows: Vec<(i64, String)> = with_conn!(conn, |c| {
                    let mut q = imagelinks::table
                        .select((imagelinks::il_from, imagelinks::il_to))
                        .filter(imagelinks::il_from.eq_any(from.clone()))
                        .into_boxed();
                    if filter.targets.is_some() {
                        q = q.filter(imagelinks::il_to.eq_any(targets_in(NS_FILE)));
                    }
                    if let Some((f, _, title)) = &filter.continue_from {
                        let (f, title) = (*f, title.clone());
                        q = if desc {
                            q.filter(
                                imagelinks::il_from
                                    .lt(f)
                                    .or(imagelinks::il_from.eq(f).and(imagelinks::il_to.le(title))),
                            )
                        } else {
                            q.filter(
                                imagelinks::il_from
                                    .gt(f)
                                    .or(imagelinks::il_from.eq(f).and(imagelinks::il_to.ge(title))),
                            )
                        };
                    }
                    q = if desc {
                        q.order((imagelinks::il_from.desc(), imagelinks::il_to.desc()))
                    } else {
                        q.order((imagelinks::il_from.asc(), imagelinks::il_to.asc()))
                    };
                    q.limit(filter.limit).load(c)
                })?;
                rows.into_iter().map(|(f, t)| (f, NS_FILE, t)).collect()
            }
        };
        Ok(rows)
    }
}
