//! A parameter whose values are known only when the program runs: the function is called when
//! the descriptor is built, and its values, deprecated values and submodules are described.

use wikiquery_runtime::{query_module, ComputedValues, ModuleSpec, ParamKind, QueryModule};

fn plain() -> Vec<&'static str> {
    vec!["one", "two"]
}

fn modules() -> ComputedValues {
    ComputedValues {
        values: vec!["new", "old"],
        deprecated: vec!["old"],
        submodules: Some(vec![("new".into(), "query+new".into()), ("old".into(), "query+old".into())]),
        submodule_param_prefix: Some("g"),
    }
}

#[query_module(name = "demo", group = "list", prefix = "dm")]
struct Demo {
    #[param(values_from = plain, default = "one")]
    pub pick: String,
    #[param(values_from = modules)]
    pub module: Vec<String>,
}

impl QueryModule for Demo { fn execute(&self, _: &mut wikiquery_runtime::QueryContext<'_>) -> Result<(), wikiquery_runtime::ApiError> { Ok(()) } }

fn main() {
    let d = Demo::descriptor();
    assert!(matches!(&d.params[0].kind, ParamKind::Values(v) if v == &["one", "two"]));
    assert_eq!(d.params[0].default, Some("one"));
    assert!(d.params[0].submodules.is_none());
    assert!(matches!(&d.params[1].kind, ParamKind::Values(v) if v == &["new", "old"]));
    assert_eq!(d.params[1].deprecated_values, vec!["old"]);
    assert_eq!(d.params[1].submodules.as_ref().map(Vec::len), Some(2));
    assert_eq!(d.params[1].submodule_param_prefix, Some("g"));
}
