#![no_implicit_prelude]

use ::wikiquery_runtime::{
    query_module, Limit, ModuleSpec, Namespace, ParamGroup, ParamValues, QueryModule, Templated, UserRef,
};

const SLOTS: &[&str] = &["main", "extra"];

#[derive(::core::clone::Clone, ::core::marker::Copy, ParamValues)]
enum Dir {
    Newer,
    #[value(deprecated)]
    Older,
}

#[derive(ParamGroup)]
struct Shared {
    #[param(values = SLOTS, all)]
    slots: ::std::vec::Vec<::std::string::String>,
    #[param(template = "contentformat-{slot}", source = "slots")]
    contentformat: Templated<::std::string::String>,
    limit: ::core::option::Option<Limit>,
}

#[query_module(name = "hygiene", group = "list", prefix = "hy", generator, help = "https://example.invalid")]
struct Hygiene {
    #[param(flatten, annotate(limit = "singlepageonly"))]
    shared: Shared,
    #[param(default = "older", info = "x")]
    dir: Dir,
    #[param(values = SLOTS, deprecated_values = ["extra"], default = "main")]
    slot: ::std::string::String,
    #[param(default = -3, min = -10, max = 10, info(modes(1)))]
    offset: i64,
    #[param(required, sensitive)]
    title: ::wikiquery_runtime::Title,
    #[param(subtypes = "name|ip", deprecated)]
    user: ::core::option::Option<UserRef>,
    #[param(extra_namespaces, all, allow_duplicates)]
    namespace: ::std::vec::Vec<Namespace>,
    #[param(rename = "continue")]
    continue_: ::core::option::Option<::std::string::String>,
    flag: bool,
}

impl QueryModule for Hygiene {
    fn execute(&self, _: &mut ::wikiquery_runtime::QueryContext<'_>) -> ::core::result::Result<(), ::wikiquery_runtime::ApiError> {
        ::core::result::Result::Ok(())
    }
}

#[query_module(name = "hygieneaction", group = "action", prefix = "")]
struct HygieneAction;

impl ::wikiquery_runtime::ActionModule for HygieneAction {
    fn execute(
        &self,
        _: &mut ::wikiquery_runtime::ActionContext<'_>,
    ) -> ::core::result::Result<(), ::wikiquery_runtime::ApiError> {
        ::core::result::Result::Ok(())
    }
}

#[query_module(name = "main", group = "main", prefix = "")]
struct Main {
    format: ::core::option::Option<::std::string::String>,
}

fn main() {
    let d = <Hygiene as ModuleSpec>::descriptor();
    // Only the test's own code needs `Iterator` named: the generated code must not.
    use ::core::iter::Iterator;
    let names: ::std::vec::Vec<&str> = d.params.iter().map(|p| p.name).collect();
    ::std::assert_eq!(
        names,
        [
            "slots",
            "contentformat-{slot}",
            "limit",
            "dir",
            "slot",
            "offset",
            "title",
            "user",
            "namespace",
            "continue",
            "flag",
        ]
    );
    ::std::assert_eq!(<Main as ModuleSpec>::descriptor().params.len(), 1);
    ::std::assert_eq!(<HygieneAction as ModuleSpec>::NAME, "hygieneaction");
}
