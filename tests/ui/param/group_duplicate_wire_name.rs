use wikiquery_runtime::ParamGroup;

#[derive(ParamGroup)]
struct Shared {
    tag: Option<String>,
    #[param(rename = "tag")]
    tags: Vec<String>,
}

fn main() {}
