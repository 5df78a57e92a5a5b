//! The parts of `meta=siteinfo` that describe accounts: the user groups with their rights and
//! sizes, temporary accounts and automatic promotion.

use serde_json::{json, Map, Value};
use wikiquery_domain::settings::SiteSettings;
use wikiquery_runtime::{ApiError, QueryContext};

use crate::wiki::WikiContext;

/// `siprop=usergroups`: every group with its rights and the groups its members may add and
/// remove, and with `sinumberingroup` how many users it has.
pub fn user_groups(ctx: &QueryContext<'_>, settings: &SiteSettings, number_in_group: bool) -> Result<Value, ApiError> {
    let now = ctx.state.now().to_mw();
    let mut reader = ctx.reader()?;
    let mut groups = Vec::new();
    for group in settings.groups.groups() {
        let mut o = Map::new();
        o.insert("name".into(), json!(group));
        o.insert("rights".into(), json!(settings.groups.rights_of(group)));
        if number_in_group {
            // Everyone and the autoconfirmed are not counted; every registered user is a
            // `user`.
            match group {
                "*" | "autoconfirmed" => {}
                "user" => {
                    o.insert("number".into(), json!(reader.site_counters()?.users));
                }
                _ => {
                    o.insert("number".into(), json!(reader.group_size(group, &now)?));
                }
            }
        }
        if let Some(c) = settings.groups.changes_of(group) {
            for (key, list) in
                [("add", &c.add), ("remove", &c.remove), ("add-self", &c.add_self), ("remove-self", &c.remove_self)]
            {
                if !list.is_empty() {
                    o.insert(key.into(), json!(list));
                }
            }
        }
        groups.push(Value::Object(o));
    }
    Ok(Value::Array(groups))
}

/// `siprop=autocreatetempuser`: whether the wiki has temporary accounts, and when it has, the
/// pattern of their names (`$1` the varying part).
pub fn temporary_accounts(settings: &SiteSettings) -> Value {
    match &settings.temp_account_pattern {
        Some(pattern) => json!({ "enabled": true, "matchPatterns": [pattern] }),
        None => json!({ "enabled": false }),
    }
}

/// `siprop=autopromote`: the conditions that put a user in a group automatically, as
/// MediaWiki writes them: `autoconfirmed` needs both (`&`) enough edits and an old enough
/// account.
pub fn autopromote(settings: &SiteSettings) -> Value {
    let condition = |name: &str, param: i64| json!({ "condname": name, "params": [param] });
    json!({
        "autoconfirmed": {
            "operand": "&",
            "0": condition("APCOND_EDITCOUNT", settings.autoconfirm.edits),
            "1": condition("APCOND_AGE", settings.autoconfirm.age),
        }
    })
}

/// `siprop=autopromoteonce`: promotions made once, on an edit; none are configured.
pub fn autopromote_once() -> Value {
    json!({ "onEdit": [] })
}
