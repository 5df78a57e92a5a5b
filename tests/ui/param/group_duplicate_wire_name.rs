use wikiquery_framework::ParamGroup;

#[derive(ParamGroup)]
struct Shared {
    tag: Option<String>,
    #[param(rename = "tag")]
    tags: Vec<String>,
}

fn main() {}
