//! The site's settings in the configuration file, as an operator writes MediaWiki's
//! `LocalSettings.php`: values over MediaWiki's defaults, and groups as
//! `[group_permissions.<group>]` tables of `<right> = true|false` with `[add_groups]`,
//! `[remove_groups]`, `[groups_add_to_self]` and `[groups_remove_from_self]` tables of
//! `<group> = [groups...]`.
//!
//! ```toml
//! uploads_enabled = true
//! file_extensions = ["png", "gif", "jpg", "jpeg", "webp", "svg"]
//!
//! [group_permissions."*"]
//! edit = false
//!
//! [group_permissions.reviewer]
//! patrol = true
//!
//! [add_groups]
//! bureaucrat = ["reviewer"]
//! ```

use wikiquery_domain::accounts::throttle::ThrottleRule;
use wikiquery_domain::groups::GroupChanges;
use wikiquery_domain::settings::SiteSettings;

use crate::settings_file::FileConfig;

/// The site's settings: MediaWiki's defaults, changed as the file says.
pub fn site_settings(file: &FileConfig) -> Result<SiteSettings, String> {
    let mut settings = SiteSettings::default();
    apply(&mut settings, file)?;
    Ok(settings)
}

/// Changes settings as a file says (values it gives replace, group tables change groups).
pub fn apply(s: &mut SiteSettings, file: &FileConfig) -> Result<(), String> {
    if let Some(v) = &file.mediawiki_version {
        s.mediawiki_version.clone_from(v);
    }
    if file.wiki_id.is_some() {
        s.wiki_id.clone_from(&file.wiki_id);
    }
    if file.script_path.is_some() {
        s.script_path.clone_from(&file.script_path);
    }
    if file.article_path.is_some() {
        s.article_path.clone_from(&file.article_path);
    }
    if let Some(v) = &file.logo {
        s.logo.clone_from(v);
    }
    if let Some(v) = &file.favicon {
        s.favicon.clone_from(v);
    }
    if let Some(v) = &file.time_zone {
        s.time_zone.clone_from(v);
    }
    if let Some(v) = &file.rights_url {
        s.rights_url.clone_from(v);
    }
    if let Some(v) = &file.rights_text {
        s.rights_text.clone_from(v);
    }
    if let Some(v) = &file.file_extensions {
        s.file_extensions.clone_from(v);
    }
    s.uploads_enabled = file.uploads_enabled.unwrap_or(s.uploads_enabled);
    s.miser_mode = file.miser_mode.unwrap_or(s.miser_mode);
    s.show_hostnames = file.show_hostnames.unwrap_or(s.show_hostnames);
    s.patrolling.recent_changes = file.use_rc_patrol.unwrap_or(s.patrolling.recent_changes);
    s.patrolling.new_pages = file.use_np_patrol.unwrap_or(s.patrolling.new_pages);
    s.patrolling.files = file.use_file_patrol.unwrap_or(s.patrolling.files);
    s.read_only = file.read_only.unwrap_or(s.read_only);
    s.autoconfirm.age = file.autoconfirm_age.unwrap_or(s.autoconfirm.age);
    s.autoconfirm.edits = file.autoconfirm_count.unwrap_or(s.autoconfirm.edits);
    s.email_authentication = file.email_authentication.unwrap_or(s.email_authentication);
    s.active_user_days = file.active_user_days.unwrap_or(s.active_user_days);
    s.block_cidr_limit.0 = file.block_cidr_limit_ipv4.unwrap_or(s.block_cidr_limit.0);
    s.block_cidr_limit.1 = file.block_cidr_limit_ipv6.unwrap_or(s.block_cidr_limit.1);
    s.range_contributions_cidr_limit.0 =
        file.range_contributions_cidr_limit_ipv4.unwrap_or(s.range_contributions_cidr_limit.0);
    s.range_contributions_cidr_limit.1 =
        file.range_contributions_cidr_limit_ipv6.unwrap_or(s.range_contributions_cidr_limit.1);
    if file.upload_path.is_some() {
        s.upload_path.clone_from(&file.upload_path);
    }
    if let Some(v) = &file.default_skin {
        s.default_skin.clone_from(v);
    }
    if let Some(tags) = &file.tags {
        for (name, entry) in tags {
            let text = wikiquery_domain::change_tags::TagText {
                displayname: entry.displayname.clone(),
                description: entry.description.clone(),
            };
            s.tag_texts.insert(name.clone(), text);
        }
    }
    if let Some(skins) = &file.skins {
        s.skins = skins
            .iter()
            .map(|k| wikiquery_domain::settings::Skin { code: k.code.clone(), name: k.name.clone(), usable: k.usable })
            .collect();
    }
    if file.temp_account_pattern.is_some() {
        s.temp_account_pattern.clone_from(&file.temp_account_pattern);
    }
    if let Some(table) = &file.rate_limits {
        s.rate_limits = rate_limits(table)?;
    }
    if let Some(rules) = &file.login_throttle {
        s.login_throttle = rules
            .iter()
            .map(|[count, seconds]| {
                if *count < 1 || *seconds < 1 {
                    return Err("login_throttle: each rule is [failures, seconds], both positive".to_owned());
                }
                Ok(ThrottleRule { count: u32::try_from(*count).unwrap_or(u32::MAX), seconds: *seconds })
            })
            .collect::<Result<_, _>>()?;
    }
    if let Some(enabled) = file.bot_passwords {
        s.bot_passwords = enabled;
    }

    for (group, rights) in file.group_permissions.iter().flatten() {
        let rights = rights
            .as_table()
            .ok_or_else(|| format!("group_permissions.{group}: expected a table of `<right> = true|false`"))?;
        for (right, allowed) in rights {
            let allowed = allowed
                .as_bool()
                .ok_or_else(|| format!("group_permissions.{group}.{right}: expected true or false"))?;
            s.groups.set(group, right, allowed);
        }
    }
    let lists = [
        ("add_groups", &file.add_groups),
        ("remove_groups", &file.remove_groups),
        ("groups_add_to_self", &file.groups_add_to_self),
        ("groups_remove_from_self", &file.groups_remove_from_self),
    ];
    for (slot, (key, table)) in lists.iter().enumerate() {
        for (group, members) in table.iter().flat_map(|t| t.iter()) {
            let members: Vec<String> = members
                .as_array()
                .and_then(|a| a.iter().map(|m| m.as_str().map(str::to_owned)).collect())
                .ok_or_else(|| format!("{key}.{group}: expected a list of group names"))?;
            let mut changes: GroupChanges = s.groups.changes_of(group).cloned().unwrap_or_default();
            *[&mut changes.add, &mut changes.remove, &mut changes.add_self, &mut changes.remove_self][slot] = members;
            s.groups.set_changes(group, changes);
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn settings(text: &str) -> Result<SiteSettings, String> {
        site_settings(&toml::from_str::<FileConfig>(text).map_err(|e| e.to_string())?)
    }

    #[test]
    fn the_file_changes_mediawikis_defaults() {
        let s = settings(
            "uploads_enabled = true\n[group_permissions.\"*\"]\nedit = false\nnoratelimit = true\n\
             [group_permissions.reviewer]\npatrol = true\nrollback = true\n[add_groups]\nbureaucrat = [\"reviewer\"]\n",
        )
        .unwrap();
        assert!(s.uploads_enabled);
        let anon = s.groups.rights_of("*");
        assert!(!anon.contains(&"edit") && anon.last() == Some(&"noratelimit"));
        assert_eq!(s.groups.rights_of("reviewer"), ["patrol", "rollback"]);
        assert_eq!(s.groups.groups().last(), Some("reviewer"));
        assert_eq!(s.groups.changes_of("bureaucrat").map(|c| c.add.clone()), Some(vec!["reviewer".to_owned()]));
    }

    #[test]
    fn the_login_throttle_and_bot_passwords() {
        let s = settings("").unwrap();
        assert_eq!(s.login_throttle, wikiquery_domain::accounts::throttle::DEFAULT_RULES);
        assert!(s.bot_passwords);
        let s = settings("login_throttle = [[3, 60]]\nbot_passwords = false").unwrap();
        assert_eq!(s.login_throttle, [ThrottleRule { count: 3, seconds: 60 }]);
        assert!(!s.bot_passwords);
        assert!(settings("login_throttle = []").unwrap().login_throttle.is_empty());
        assert!(settings("login_throttle = [[0, 60]]").is_err());
    }

    #[test]
    fn a_malformed_group_table_is_refused_with_its_place() {
        let err = settings("[group_permissions.\"*\"]\nedit = \"yes\"\n").unwrap_err();
        assert!(err.contains("group_permissions.*.edit"), "{err}");
    }
}

/// `[rate_limits.<action>]` tables of `<kind of caller> = [hits, seconds]`, in the file's order.
fn rate_limits(table: &toml::Table) -> Result<Vec<wikiquery_domain::settings::RateLimit>, String> {
    let mut out = Vec::new();
    for (action, limits) in table {
        let limits = limits
            .as_table()
            .ok_or_else(|| format!("rate_limits.{action}: expected a table of `<kind of caller> = [hits, seconds]`"))?;
        let mut list = Vec::new();
        for (who, pair) in limits {
            let numbers: Option<Vec<i64>> =
                pair.as_array().map(|a| a.iter().filter_map(toml::Value::as_integer).collect());
            match numbers.as_deref() {
                Some([hits, seconds]) if pair.as_array().map(Vec::len) == Some(2) => {
                    list.push((who.clone(), *hits, *seconds));
                }
                _ => return Err(format!("rate_limits.{action}.{who}: expected [hits, seconds]")),
            }
        }
        out.push(wikiquery_domain::settings::RateLimit { action: action.clone(), limits: list });
    }
    Ok(out)
}
