//! Doc comments become help: the module's, each parameter's (a group's too) and each value's;
//! examples are kept as written, a generator's with its `g` prefix, values of groups checked.
use wikiquery_runtime::{query_module, Example, ModuleSpec, ParamGroup, ParamValues, QueryModule};

#[derive(Clone, Copy, ParamValues)]
enum Prop {
    /// The size, in bytes.
    Size,
    Hidden,
}

#[derive(ParamGroup)]
struct Shared {
    /// Where to start.
    ///
    /// A second paragraph.
    from: Option<String>,
}

/// Lists demos.
///
/// In detail: every demo.
#[query_module(
    name = "helpdemo",
    group = "list",
    prefix = "hd",
    generator,
    example(query = "action=query&list=helpdemo&hdprop=size|hidden&hdfrom=B", text = "List demos from B."),
    example(query = "action=query&generator=helpdemo&ghdprop=size&prop=info", text = "Pages of the demos.")
)]
struct HelpDemo {
    #[param(flatten)]
    shared: Shared,
    /// What to give of each demo.
    prop: Vec<Prop>,
}

impl QueryModule for HelpDemo { fn execute(&self, _: &mut wikiquery_runtime::QueryContext<'_>) -> Result<(), wikiquery_runtime::ApiError> { Ok(()) } }

fn main() {
    let d = <HelpDemo as ModuleSpec>::descriptor();
    assert_eq!(d.description, "Lists demos.\n\nIn detail: every demo.");
    assert_eq!(
        d.examples,
        vec![
            Example { query: "action=query&list=helpdemo&hdprop=size|hidden&hdfrom=B", text: "List demos from B." },
            Example { query: "action=query&generator=helpdemo&ghdprop=size&prop=info", text: "Pages of the demos." },
        ]
    );
    assert_eq!(d.params[0].description, "Where to start.\n\nA second paragraph.");
    assert_eq!(d.params[1].description, "What to give of each demo.");
    // A value without a doc comment has an empty help.
    assert_eq!(d.params[1].value_docs, vec![("size", "The size, in bytes."), ("hidden", "")]);
    assert_eq!(<Shared as ParamGroup>::EXAMPLE_PARAMS.len(), 1);
}
