//! Whether a caller may perform an action on a page, and if not, every reason why: the checks
//! MediaWiki's permission manager runs, in its order, over facts the caller gathers (the
//! caller's rights and block, the page's protections, those it takes from cascading pages and
//! its creation protection). `prop=info&intestactions` answers with them.

use serde_json::{json, Value};

use crate::groups::GroupPermissions;
use crate::rights::Rights;

/// How thoroughly to check: `Quick` leaves out what needs the database (blocks, cascading
/// protections), `Full` checks everything.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Rigor {
    Quick,
    Full,
}

/// What is known of the page an action is tested on.
#[derive(Debug, Clone, Default)]
pub struct PageFacts {
    /// Its namespace.
    pub ns: i32,
    /// Its title without the namespace, with spaces.
    pub text: String,
    /// Its namespace's name (empty for the main namespace).
    pub ns_text: String,
    /// Whether it exists.
    pub exists: bool,
    /// Its own protections in force, by action and level; for a missing title, its creation
    /// protection as `create`.
    pub restrictions: Vec<(String, String)>,
    /// Whether its own protection cascades.
    pub cascades: bool,
    /// The cascading pages it takes protections from, by full title, each once.
    pub cascade_sources: Vec<String>,
    /// The protections those pages give it, by action and level, each once.
    pub cascaded: Vec<(String, String)>,
    /// A missing title's creation protection: the level needed.
    pub title_protection: Option<String>,
}

/// A block on the caller, as far as permissions need it.
#[derive(Debug, Clone, Default)]
pub struct BlockFacts {
    /// Whether it covers the whole site (else only some pages, namespaces or actions).
    pub sitewide: bool,
    /// Whether it is an automatic block of an address a blocked account used.
    pub auto: bool,
    /// Whether it stops account creation.
    pub create_account: bool,
    /// Whether it stops sending e-mail.
    pub email: bool,
    /// Whether the blocked caller may still edit their own talk page.
    pub user_talk_allowed: bool,
    /// For a partial block, whether its pages or namespaces include the page tested.
    pub covers_page: bool,
    /// What the API adds about the block (`blockinfo`).
    pub details: serde_json::Map<String, Value>,
}

/// Who asks.
#[derive(Debug, Clone, Copy)]
pub struct CallerFacts<'a> {
    /// The caller's name (an address for an anonymous caller).
    pub name: &'a str,
    /// Whether the caller is logged in to an account.
    pub named: bool,
    /// What the caller may do.
    pub rights: &'a Rights,
    /// The block on the caller, if any.
    pub block: Option<&'a BlockFacts>,
    /// The site's groups, to name those that have a missing right.
    pub groups: &'a GroupPermissions,
}

/// One reason an action is refused: its message key, the API's code for it, the message's
/// parameters and, for a block, what the API tells about the block.
#[derive(Debug, Clone, PartialEq)]
pub struct Denial {
    pub key: &'static str,
    pub params: Vec<Value>,
}

impl Denial {
    fn new(key: &'static str, params: Vec<Value>) -> Denial {
        Denial { key, params }
    }

    /// The API's error code (MediaWiki's message map; other keys are their own code).
    pub fn code(&self) -> &'static str {
        match self.key {
            "autoblockedtext" => "autoblocked",
            "badaccess-group0" | "badaccess-groups" => "permissiondenied",
            "blockedtext" | "blockedtext-partial" => "blocked",
            "deleteprotected" | "protect-cantedit" => "cantedit",
            "delete-toobig" => "bigdelete",
            "movenologintext" => "cantmove-anon",
            "movenotallowed" => "cantmove",
            "movenotallowedfile" => "cantmovefile",
            "namespaceprotected" => "protectednamespace",
            "nocreate-loggedin" => "cantcreate",
            "nocreatetext" => "cantcreate-anon",
            "ns-specialprotected" => "unsupportednamespace",
            "protectedinterface" => "protectednamespace-interface",
            "protectedpagetext" => "protectedpage",
            "titleprotected" => "protectedtitle",
            other => other,
        }
    }

    /// Whether the reason is a block (the API adds the block's details to it).
    pub fn is_block(&self) -> bool {
        matches!(self.key, "blockedtext" | "autoblockedtext" | "blockedtext-partial")
    }

    /// The reason in the project's words.
    pub fn text(&self) -> String {
        let param = |i: usize| match self.params.get(i) {
            Some(Value::String(s)) => s.clone(),
            Some(other) => other.to_string(),
            None => String::new(),
        };
        match self.key {
            "badaccess-group0" => "You are not allowed to perform the action you asked for.".to_owned(),
            "badaccess-groups" => "The action you asked for is limited to users in some groups.".to_owned(),
            "ns-specialprotected" => "Special pages cannot be edited.".to_owned(),
            "protectedinterface" => "This page holds interface text and is protected.".to_owned(),
            "namespaceprotected" => "You may not change pages of this namespace.".to_owned(),
            "sitecssprotected" | "sitejsonprotected" | "sitejsprotected" => {
                "This page configures the whole site and needs a right you lack.".to_owned()
            }
            "mycustomcssprotected" | "mycustomjsonprotected" | "mycustomjsprotected" => {
                "You may not change your own personal configuration pages.".to_owned()
            }
            "customcssprotected" | "customjsonprotected" | "customjsprotected" => {
                "This page holds another user's personal configuration.".to_owned()
            }
            "protectedpagetext" => {
                format!("This page is protected; \"{}\" needs the right \"{}\".", param(1), param(0))
            }
            "cascadeprotected" => "This page is protected because pages with cascading protection use it.".to_owned(),
            "nocreatetext" | "nocreate-loggedin" => "You may not create new pages.".to_owned(),
            "titleprotected" => "This title is protected from creation.".to_owned(),
            "movenologintext" => "Log in to move pages.".to_owned(),
            "movenotallowed" => "You may not move pages.".to_owned(),
            "movenotallowedfile" => "You may not move files.".to_owned(),
            "cant-move-user-page" => "You may not move user pages (their subpages aside).".to_owned(),
            "cant-move-category-page" => "You may not move category pages.".to_owned(),
            "cant-move-to-user-page" => "You may not move a page to a user page.".to_owned(),
            "cant-move-to-category-page" => "You may not move a page to a category page.".to_owned(),
            "immobile-source-namespace" | "immobile-target-namespace" => {
                format!("Pages of the namespace \"{}\" cannot be moved.", param(0))
            }
            "immobile-source-page" | "immobile-target-page" => "This page cannot be moved.".to_owned(),
            "protect-cantedit" => "You cannot change this page's protection, as you cannot edit it.".to_owned(),
            "deleteprotected" => "You cannot delete this page, as it is protected.".to_owned(),
            "undelete-cantedit" => "You cannot undelete this page, as you may not edit it.".to_owned(),
            "undelete-cantcreate" => "You cannot undelete this page, as you may not create it.".to_owned(),
            "blockedtext" | "autoblockedtext" => "You are blocked from editing.".to_owned(),
            "blockedtext-partial" => "You are blocked from editing this page.".to_owned(),
            _ => "You may not perform this action.".to_owned(),
        }
    }
}

/// Namespaces only callers with a right may change (`$wgNamespaceProtection`: the
/// MediaWiki namespace needs `editinterface`).
const NAMESPACE_PROTECTION: &[(i32, &str)] = &[(8, "editinterface")];

/// Actions that cannot change a personal configuration page, so not checked against it.
const SPARES_USER_CONFIG: &[&str] =
    &["patrol", "delete", "deleterevision", "suppressrevision", "deletedhistory", "deletedtext", "viewsuppressed"];

/// Every reason `caller` may not perform `action` on `page` (none: it may), as MediaWiki's
/// permission manager lists them; `short` stops at the first check that finds one.
pub fn denials(action: &str, page: &PageFacts, caller: &CallerFacts<'_>, rigor: Rigor, short: bool) -> Vec<Denial> {
    type Check = fn(&str, &PageFacts, &CallerFacts<'_>, Rigor, bool) -> Vec<Denial>;
    let checks: Vec<Check> = match action {
        "read" => vec![read_check],
        "create" => vec![quick_check, page_restriction_check, cascade_check, action_check, block_check],
        _ => {
            let mut checks: Vec<Check> = vec![quick_check, special_and_namespace_check, site_config_check];
            if !SPARES_USER_CONFIG.contains(&action) {
                checks.push(user_config_check);
            }
            checks.extend([page_restriction_check as Check, cascade_check, action_check, block_check]);
            checks
        }
    };
    let mut out: Vec<Denial> = Vec::new();
    for check in checks {
        for denial in check(action, page, caller, rigor, short) {
            if !out.contains(&denial) {
                out.push(denial);
            }
        }
        if short && !out.is_empty() {
            break;
        }
    }
    out
}

fn read_check(_: &str, _: &PageFacts, caller: &CallerFacts<'_>, _: Rigor, short: bool) -> Vec<Denial> {
    if caller.rights.has("read") {
        Vec::new()
    } else {
        vec![missing_right("read", caller, short)]
    }
}

/// The refusal for a right the caller lacks: the groups that have it, when some do.
fn missing_right(right: &str, caller: &CallerFacts<'_>, short: bool) -> Denial {
    let groups = caller.groups.groups_with(&[right]);
    if short || groups.is_empty() {
        Denial::new("badaccess-group0", Vec::new())
    } else {
        let count = groups.len();
        Denial::new("badaccess-groups", vec![json!({"list": groups, "type": "comma"}), json!(count)])
    }
}

fn is_talk(ns: i32) -> bool {
    ns >= 0 && ns % 2 == 1
}

/// Whether the namespace has subpages and the title is one (namespaces 0 and 6 have none).
fn is_subpage(page: &PageFacts) -> bool {
    !matches!(page.ns, 0 | 6 | 14 | -1 | -2) && page.text.contains('/')
}

fn quick_check(action: &str, page: &PageFacts, caller: &CallerFacts<'_>, _: Rigor, short: bool) -> Vec<Denial> {
    let has = |r: &str| caller.rights.has(r);
    let mut out = Vec::new();
    match action {
        "create" => {
            if !has(if is_talk(page.ns) { "createtalk" } else { "createpage" }) {
                out.push(Denial::new(if caller.named { "nocreate-loggedin" } else { "nocreatetext" }, Vec::new()));
            }
        }
        "move" => {
            if !has("move-rootuserpages") && page.ns == 2 && !is_subpage(page) {
                out.push(Denial::new("cant-move-user-page", Vec::new()));
            }
            if page.ns == 6 && !has("movefile") {
                out.push(Denial::new("movenotallowedfile", Vec::new()));
            }
            if page.ns == 14 && !has("move-categorypages") {
                out.push(Denial::new("cant-move-category-page", Vec::new()));
            }
            if !has("move") {
                let others_can =
                    ["user", "named", "autoconfirmed"].iter().any(|g| caller.groups.rights_of(g).contains(&"move"));
                out.push(Denial::new(
                    if !caller.named && others_can { "movenologintext" } else { "movenotallowed" },
                    Vec::new(),
                ));
            }
        }
        "move-target" => {
            if !has("move") {
                out.push(Denial::new("movenotallowed", Vec::new()));
            } else if !has("move-rootuserpages") && page.ns == 2 && !is_subpage(page) {
                out.push(Denial::new("cant-move-to-user-page", Vec::new()));
            } else if !has("move-categorypages") && page.ns == 14 {
                out.push(Denial::new("cant-move-to-category-page", Vec::new()));
            }
        }
        // Everyone has the empty right.
        _ => {
            if !action.is_empty() && !has(action) {
                out.push(missing_right(action, caller, short));
            }
        }
    }
    out
}

fn special_and_namespace_check(
    action: &str,
    page: &PageFacts,
    caller: &CallerFacts<'_>,
    _: Rigor,
    _: bool,
) -> Vec<Denial> {
    let mut out = Vec::new();
    if page.ns == -1 && action != "createaccount" {
        out.push(Denial::new("ns-specialprotected", Vec::new()));
    }
    let protected = NAMESPACE_PROTECTION.iter().any(|(ns, right)| *ns == page.ns && !caller.rights.has(right));
    if protected {
        out.push(if page.ns == 8 {
            Denial::new("protectedinterface", vec![json!(action)])
        } else {
            let name = if page.ns == 0 { "(main)".to_owned() } else { page.ns_text.clone() };
            Denial::new("namespaceprotected", vec![json!(name), json!(action)])
        });
    }
    out
}

/// The configuration language of a page by its name's ending: `css`, `json` or `js`.
fn config_kind(text: &str) -> Option<&'static str> {
    [".css", ".json", ".js"].into_iter().find(|end| text.ends_with(end)).map(|end| &end[1..])
}

fn site_config_check(action: &str, page: &PageFacts, caller: &CallerFacts<'_>, _: Rigor, _: bool) -> Vec<Denial> {
    if matches!(action, "patrol" | "deletedhistory" | "deletedtext" | "viewsuppressed") || page.ns != 8 {
        return Vec::new();
    }
    let (right, key) = match config_kind(&page.text) {
        Some("css") => ("editsitecss", "sitecssprotected"),
        Some("json") => ("editsitejson", "sitejsonprotected"),
        Some("js") => ("editsitejs", "sitejsprotected"),
        _ => return Vec::new(),
    };
    if caller.rights.has(right) {
        Vec::new()
    } else {
        vec![Denial::new(key, vec![json!(action)])]
    }
}

fn user_config_check(action: &str, page: &PageFacts, caller: &CallerFacts<'_>, _: Rigor, _: bool) -> Vec<Denial> {
    // A personal configuration page is a user page's subpage ending in .css, .json or .js.
    if page.ns != 2 || !page.text.contains('/') {
        return Vec::new();
    }
    let Some(kind) = config_kind(&page.text) else { return Vec::new() };
    let has_any = |rights: &[&str]| rights.iter().any(|r| caller.rights.has(r));
    let own = page.text.strip_prefix(caller.name).is_some_and(|rest| rest.starts_with('/'));
    let key = match (own, kind) {
        (true, "css") if !has_any(&["editmyusercss", "editusercss"]) => "mycustomcssprotected",
        (true, "json") if !has_any(&["editmyuserjson", "edituserjson"]) => "mycustomjsonprotected",
        (true, "js") if !has_any(&["editmyuserjs", "edituserjs"]) => "mycustomjsprotected",
        (false, "css") if !caller.rights.has("editusercss") => "customcssprotected",
        (false, "json") if !caller.rights.has("edituserjson") => "customjsonprotected",
        (false, "js") if !caller.rights.has("edituserjs") => "customjsprotected",
        _ => return Vec::new(),
    };
    vec![Denial::new(key, vec![json!(action)])]
}

/// The right a protection level asks for (the old level names stand for rights).
fn level_right(level: &str) -> &str {
    match level {
        "sysop" => "editprotected",
        "autoconfirmed" => "editsemiprotected",
        other => other,
    }
}

fn page_restriction_check(action: &str, page: &PageFacts, caller: &CallerFacts<'_>, _: Rigor, _: bool) -> Vec<Denial> {
    let mut out = Vec::new();
    for (_, level) in page.restrictions.iter().filter(|(kind, _)| kind == action) {
        let right = level_right(level);
        if right.is_empty() {
            continue;
        }
        if !caller.rights.has(right) {
            out.push(Denial::new("protectedpagetext", vec![json!(right), json!(action)]));
        } else if page.cascades && !caller.rights.has("protect") {
            out.push(Denial::new("protectedpagetext", vec![json!("protect"), json!(action)]));
        }
    }
    out
}

fn is_user_config_page(page: &PageFacts) -> bool {
    page.ns == 2 && page.text.contains('/') && config_kind(&page.text).is_some()
}

fn cascade_check(action: &str, page: &PageFacts, caller: &CallerFacts<'_>, rigor: Rigor, _: bool) -> Vec<Denial> {
    if rigor == Rigor::Quick || is_user_config_page(page) {
        return Vec::new();
    }
    let mut out = Vec::new();
    for (_, level) in page.cascaded.iter().filter(|(kind, _)| kind == action) {
        let right = level_right(level);
        if !right.is_empty() && !(caller.rights.has("protect") && caller.rights.has(right)) {
            let list: String = page.cascade_sources.iter().map(|s| format!("* [[:{s}]]\n")).collect();
            out.push(Denial::new(
                "cascadeprotected",
                vec![json!(page.cascade_sources.len()), json!(list), json!(action)],
            ));
        }
    }
    out
}

fn action_check(action: &str, page: &PageFacts, caller: &CallerFacts<'_>, rigor: Rigor, _: bool) -> Vec<Denial> {
    let mut out = Vec::new();
    let immovable = page.ns < 0;
    let ns_name = || if page.ns == 0 { "(main)".to_owned() } else { page.ns_text.clone() };
    match action {
        "protect" => {
            if !denials("edit", page, caller, rigor, true).is_empty() {
                out.push(Denial::new("protect-cantedit", Vec::new()));
            }
        }
        "create" => {
            if let Some(level) = &page.title_protection {
                let right = level_right(level);
                if right.is_empty() || !caller.rights.has(right) {
                    out.push(Denial::new("titleprotected", Vec::new()));
                }
            }
        }
        "move" if immovable => out.push(Denial::new("immobile-source-namespace", vec![json!(ns_name())])),
        "move-target" if immovable => out.push(Denial::new("immobile-target-namespace", vec![json!(ns_name())])),
        "delete" | "delete-redirect" => {
            let mut protected = page_restriction_check("edit", page, caller, rigor, true);
            if protected.is_empty() {
                protected = cascade_check("edit", page, caller, rigor, true);
            }
            if !protected.is_empty() {
                out.push(Denial::new("deleteprotected", Vec::new()));
            }
        }
        "undelete" => {
            if !denials("edit", page, caller, rigor, true).is_empty() {
                out.push(Denial::new("undelete-cantedit", Vec::new()));
            }
            if !page.exists && !denials("create", page, caller, rigor, true).is_empty() {
                out.push(Denial::new("undelete-cantcreate", Vec::new()));
            }
        }
        "edit" if !page.exists => out.extend(denials("create", page, caller, rigor, true)),
        _ => {}
    }
    out
}

/// Whether a block stops an action as a right: `Some(true)` or `Some(false)` for the rights a
/// block decides by its flags, `None` for the rest (decided by the page).
fn block_applies_to_right(block: &BlockFacts, action: &str) -> Option<bool> {
    match action {
        "edit" => Some(true),
        "createaccount" => Some(block.create_account),
        "sendemail" => Some(block.email),
        "upload" => Some(block.sitewide),
        "read" | "purge" => Some(false),
        _ => None,
    }
}

fn block_check(action: &str, page: &PageFacts, caller: &CallerFacts<'_>, rigor: Rigor, _: bool) -> Vec<Denial> {
    if rigor == Rigor::Quick || action == "unblock" || action == "read" {
        return Vec::new();
    }
    let Some(block) = caller.block else { return Vec::new() };
    let key = if block.auto {
        "autoblockedtext"
    } else if block.sitewide {
        "blockedtext"
    } else {
        "blockedtext-partial"
    };
    if action == "createaccount" {
        return if block.create_account { vec![Denial::new(key, Vec::new())] } else { Vec::new() };
    }
    if block_applies_to_right(block, action) == Some(false) {
        return Vec::new();
    }
    let own_talk = page.ns == 3 && caller.named && page.text == caller.name;
    let blocked_here = match (block.sitewide, own_talk) {
        (true, true) => !block.user_talk_allowed,
        (true, false) => true,
        (false, _) => block.covers_page,
    };
    if blocked_here {
        vec![Denial::new(key, Vec::new())]
    } else {
        Vec::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn caller<'a>(rights: &'a Rights, groups: &'a GroupPermissions, named: bool) -> CallerFacts<'a> {
        CallerFacts { name: if named { "Alice" } else { "127.0.0.1" }, named, rights, block: None, groups }
    }

    fn keys(list: &[Denial]) -> Vec<&str> {
        list.iter().map(|d| d.key).collect()
    }

    #[test]
    fn an_action_nobody_has_is_refused_without_naming_groups() {
        let groups = GroupPermissions::default();
        let rights = Rights::new(["read", "edit"]);
        let page = PageFacts { ns: 0, text: "Cat".into(), exists: true, ..PageFacts::default() };
        let out = denials("prague", &page, &caller(&rights, &groups, false), Rigor::Full, false);
        assert_eq!(keys(&out), ["badaccess-group0"]);
        assert_eq!(out[0].code(), "permissiondenied");
        let out = denials("delete", &page, &caller(&rights, &groups, false), Rigor::Full, false);
        assert_eq!(keys(&out), ["badaccess-groups"], "sysops may delete");
    }

    #[test]
    fn protections_refuse_those_without_their_level() {
        let groups = GroupPermissions::default();
        let rights = Rights::new(["read", "edit", "editsemiprotected"]);
        let page = PageFacts {
            ns: 0,
            text: "Cat".into(),
            exists: true,
            restrictions: vec![("edit".into(), "sysop".into())],
            ..PageFacts::default()
        };
        let out = denials("edit", &page, &caller(&rights, &groups, true), Rigor::Full, false);
        assert_eq!(keys(&out), ["protectedpagetext"]);
        assert_eq!(out[0].code(), "protectedpage");
        let sysop = Rights::new(["read", "edit", "editprotected"]);
        assert!(denials("edit", &page, &caller(&sysop, &groups, true), Rigor::Full, false).is_empty());
    }

    #[test]
    fn interface_pages_and_special_pages_are_refused() {
        let groups = GroupPermissions::default();
        let rights = Rights::new(["read", "edit"]);
        let page = PageFacts { ns: 8, text: "Common.css".into(), exists: true, ..PageFacts::default() };
        let out = denials("edit", &page, &caller(&rights, &groups, true), Rigor::Full, false);
        assert_eq!(keys(&out), ["protectedinterface", "sitecssprotected"]);
        let special = PageFacts { ns: -1, text: "Search".into(), ..PageFacts::default() };
        let out = denials("edit", &special, &caller(&rights, &groups, true), Rigor::Full, false);
        assert_eq!(keys(&out), ["ns-specialprotected", "nocreate-loggedin"]);
    }

    #[test]
    fn a_sitewide_block_refuses_edits_but_not_reading() {
        let groups = GroupPermissions::default();
        let rights = Rights::new(["read", "edit", "createpage"]);
        let block = BlockFacts { sitewide: true, user_talk_allowed: true, ..BlockFacts::default() };
        let mut who = caller(&rights, &groups, true);
        who.block = Some(&block);
        let page = PageFacts { ns: 0, text: "Cat".into(), exists: true, ..PageFacts::default() };
        assert_eq!(keys(&denials("edit", &page, &who, Rigor::Full, false)), ["blockedtext"]);
        assert!(denials("edit", &page, &who, Rigor::Quick, false).is_empty(), "quick checks leave blocks out");
        assert!(denials("read", &page, &who, Rigor::Full, false).is_empty());
        let own_talk = PageFacts { ns: 3, text: "Alice".into(), exists: true, ..PageFacts::default() };
        assert!(denials("edit", &own_talk, &who, Rigor::Full, false).is_empty());
    }

    #[test]
    fn editing_a_missing_page_asks_whether_it_may_be_created() {
        let groups = GroupPermissions::default();
        let rights = Rights::new(["read", "edit", "createtalk"]);
        let page = PageFacts {
            ns: 0,
            text: "Nope".into(),
            restrictions: vec![("create".into(), "sysop".into())],
            title_protection: Some("sysop".into()),
            ..PageFacts::default()
        };
        let out = denials("edit", &page, &caller(&rights, &groups, true), Rigor::Full, false);
        assert_eq!(keys(&out), ["nocreate-loggedin"], "the creation checks stop at their first refusal");
        let out = denials("create", &page, &caller(&rights, &groups, true), Rigor::Full, false);
        assert_eq!(keys(&out), ["nocreate-loggedin", "protectedpagetext", "titleprotected"]);
    }
}
