use wikiquery_runtime::{
    query_module, CacheMode, Group, Info, Limit, ModuleSpec, Namespace, ParamGroup, ParamKind, ParamValues, QueryModule,
    Templated, Timestamp, UserRef,
};

const SLOTS: &[&str] = &["main", "extra"];
const FORMATS: &[&str] = &["text/x-wiki", "application/json"];
const PROPS: &[&str] = &["ids", "title", "parsetree"];

#[derive(Clone, Copy, ParamValues)]
enum Dir {
    Newer,
    #[value(deprecated)]
    Older,
    #[value(rename = "no-direction")]
    Neither,
}

/// Parameters shared by several modules.
#[derive(ParamGroup)]
struct Shared {
    #[param(values = SLOTS, all)]
    slots: Vec<String>,
    #[param(template = "contentformat-{slot}", source = "slots", values = FORMATS)]
    contentformat: Templated<String>,
    limit: Option<Limit>,
}

#[query_module(
    name = "everything",
    group = "prop",
    prefix = "ev",
    readrights,
    cache = "anon-public-user-private",
    generator,
    deprecated,
    help = "https://example.invalid/one",
    help = "https://example.invalid/two"
)]
struct Everything {
    #[param(flatten, annotate(limit = "singlepageonly"))]
    shared: Shared,
    #[param(values = PROPS, deprecated_values = ["parsetree"], default = "ids|title")]
    prop: Vec<String>,
    #[param(default = "newer", info = "singlepageonly")]
    dir: Dir,
    #[param(default = 10, min = 1, max = 50)]
    count: i64,
    #[param(default = -1, min = -5, max = 5, info(modes(1, 2)))]
    offset: i64,
    #[param(subtypes = "name|ip")]
    user: Option<UserRef>,
    #[param(extra_namespaces, all)]
    namespace: Vec<Namespace>,
    #[param(deprecated)]
    start: Option<Timestamp>,
    #[param(sensitive, required)]
    token: String,
    #[param(allow_duplicates)]
    ids: Vec<i64>,
    #[param(rename = "continue")]
    continue_: Option<String>,
    r#type: bool,
}

impl QueryModule for Everything { fn execute(&self, _: &mut wikiquery_runtime::QueryContext<'_>) -> Result<(), wikiquery_runtime::ApiError> { Ok(()) } }

fn main() {
    let d = <Everything as ModuleSpec>::descriptor();
    assert_eq!(d.name, "everything");
    assert_eq!(d.group, Some(Group::Prop));
    assert_eq!(d.prefix, "ev");
    assert!(d.readrights && d.generator && d.deprecated);
    assert_eq!(d.cache_mode, CacheMode::AnonPublicUserPrivate);
    assert_eq!(d.helpurls, ["https://example.invalid/one", "https://example.invalid/two"]);

    let names: Vec<&str> = d.params.iter().map(|p| p.name).collect();
    assert_eq!(
        names,
        [
            "slots",
            "contentformat-{slot}",
            "limit",
            "prop",
            "dir",
            "count",
            "offset",
            "user",
            "namespace",
            "start",
            "token",
            "ids",
            "continue",
            "type",
        ]
    );
    let p = |name: &str| d.params.iter().find(|p| p.name == name).unwrap();

    assert!(p("slots").all && p("slots").multi);
    assert_eq!(p("slots").kind, ParamKind::Values(SLOTS.to_vec()));
    assert_eq!(p("contentformat-{slot}").template_vars, [("slot", "slots")]);
    assert_eq!(p("contentformat-{slot}").kind, ParamKind::Values(FORMATS.to_vec()));
    assert_eq!(p("limit").info, [Info { name: "singlepageonly", values: vec![] }]);

    assert_eq!(p("prop").default, Some("ids|title"));
    assert_eq!(p("prop").deprecated_values, ["parsetree"]);
    assert_eq!(p("dir").kind, ParamKind::Values(vec!["newer", "older", "no-direction"]));
    assert_eq!(p("dir").deprecated_values, ["older"]);
    assert_eq!(p("dir").default, Some("newer"));
    assert_eq!(p("dir").info, [Info { name: "singlepageonly", values: vec![] }]);
    assert!(!p("dir").required);
    assert_eq!(p("count").kind, ParamKind::Integer { min: Some(1), max: Some(50) });
    assert_eq!(p("count").default, Some("10"));
    assert_eq!(p("offset").default, Some("-1"));
    assert_eq!(p("offset").kind, ParamKind::Integer { min: Some(-5), max: Some(5) });
    assert_eq!(p("offset").info, [Info { name: "modes", values: vec![1, 2] }]);
    assert_eq!(p("user").kind, ParamKind::User { subtypes: vec!["name", "ip"] });
    assert_eq!(p("namespace").kind, ParamKind::Namespace { extra: true });
    assert!(p("namespace").all);
    assert!(p("start").deprecated);
    assert!(p("token").sensitive && p("token").required);
    assert!(p("ids").allows_duplicates && p("ids").multi);
    assert!(!p("continue").required);
    assert_eq!(p("type").kind, ParamKind::Boolean);
    assert!(!p("type").required);
}
