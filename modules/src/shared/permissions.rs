//! Testing actions for the caller (`prop=info&intestactions`): who the caller is, as the
//! domain's permission checks need it (rights, block, the site's groups), and the answer for
//! each action in the request's detail and error format.

use serde_json::{json, Map, Value};
use wikiquery_domain::permissions::{denials, BlockFacts, CallerFacts, PageFacts, Rigor};
use wikiquery_domain::settings::SiteSettings;
use wikiquery_runtime::result::{php_array, ApiResult};
use wikiquery_runtime::{ApiError, ParamValues, QueryContext, Rights};
use wikiquery_store::queries::blocks::BlockRow;
use wikiquery_store::queries::pages::CascadedProtection;

use crate::shared::users::{block_details, caller_block};
use crate::wiki::WikiContext;

/// The caller, for testing actions.
pub struct TestingCaller<'a> {
    name: String,
    named: bool,
    rights: Rights,
    block: Option<(BlockRow, Vec<(i32, i64)>)>,
    settings: &'a SiteSettings,
    /// How many actions one request may test (more with `apihighlimits`).
    pub limit: usize,
}

/// How much detail `testactions` gives.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ParamValues)]
pub enum TestActionsDetail {
    /// Only `true` or `false` for each action.
    Boolean,
    /// For each action, the messages saying why it is not allowed (an empty list when it is).
    Full,
    /// Like `full`, but the checks that are costly to make are left out.
    Quick,
}

impl<'a> TestingCaller<'a> {
    /// The caller of the request, with its block (and a partial block's pages and namespaces).
    pub fn of(ctx: &QueryContext<'a>) -> Result<TestingCaller<'a>, ApiError> {
        let account = ctx.state.user.as_ref();
        let rights = ctx.state.rights.clone();
        let block = caller_block(ctx, account.map(|a| a.id), &ctx.state.client_ip, &rights)?;
        let block = match block {
            Some(row) if row.sitewide == 0 => {
                let scope = ctx
                    .reader()?
                    .block_restrictions(&[row.id])?
                    .into_iter()
                    .map(|(_, kind, value, _)| (kind, value))
                    .collect();
                Some((row, scope))
            }
            Some(row) => Some((row, Vec::new())),
            None => None,
        };
        Ok(TestingCaller {
            name: account.map_or_else(|| ctx.state.client_ip.clone(), |a| a.name.clone()),
            named: account.is_some(),
            rights,
            block,
            settings: ctx.settings(),
            limit: if ctx.state.high_limits() { 500 } else { 50 },
        })
    }

    /// Each action's answer for the page, and whether it would create a temporary account
    /// (never: this server has none).
    pub fn test(
        &self,
        actions: &[String],
        detail: TestActionsDetail,
        page: &PageFacts,
        page_id: Option<i64>,
        result: &ApiResult,
    ) -> (Map<String, Value>, Map<String, Value>) {
        let block = self.block.as_ref().map(|(row, scope)| BlockFacts {
            sitewide: row.sitewide != 0,
            auto: row.auto != 0,
            create_account: row.create_account != 0,
            email: row.block_email != 0,
            user_talk_allowed: row.allow_usertalk != 0,
            covers_page: scope.iter().any(|(kind, value)| {
                (*kind == 1 && Some(*value) == page_id) || (*kind == 2 && *value == i64::from(page.ns))
            }),
            details: block_details(row, self.settings),
        });
        let caller = CallerFacts {
            name: &self.name,
            named: self.named,
            rights: &self.rights,
            block: block.as_ref(),
            groups: &self.settings.groups,
        };
        let rigor = if detail == TestActionsDetail::Quick { Rigor::Quick } else { Rigor::Full };
        let mut answers = Map::new();
        let mut would_create = Map::new();
        for action in actions {
            let found = denials(action, page, &caller, rigor, false);
            let answer = if detail == TestActionsDetail::Boolean {
                json!(found.is_empty())
            } else {
                Value::Array(
                    found
                        .iter()
                        .map(|d| {
                            let data = match (&block, d.is_block()) {
                                (Some(b), true) => {
                                    Some(Map::from_iter([("blockinfo".to_owned(), Value::Object(b.details.clone()))]))
                                }
                                _ => None,
                            };
                            result.format_status_message(d.code(), d.key, &d.params, &d.text(), data.as_ref())
                        })
                        .collect(),
                )
            };
            answers.insert(action.clone(), answer);
            would_create.insert(action.clone(), json!(false));
        }
        // Formatversion 1 leaves out a `false`: what nothing is left of is written as PHP does.
        php_array(&mut answers);
        php_array(&mut would_create);
        (answers, would_create)
    }
}

/// The full titles of the pages a title takes cascading protections from, each once.
pub fn cascade_sources(list: Option<&Vec<CascadedProtection>>, title: impl Fn(i32, &str) -> String) -> Vec<String> {
    once_each(list.into_iter().flatten().map(|c| title(c.source_ns, &c.source_dbkey)))
}

/// The levels cascading protections ask for, by action, each once.
pub fn cascade_levels(list: Option<&Vec<CascadedProtection>>) -> Vec<(String, String)> {
    once_each(list.into_iter().flatten().map(|c| (c.kind.clone(), c.level.clone())))
}

/// The items in order, each once.
fn once_each<T: PartialEq>(items: impl Iterator<Item = T>) -> Vec<T> {
    let mut out = Vec::new();
    for item in items {
        if !out.contains(&item) {
            out.push(item);
        }
    }
    out
}
