use wikiquery_runtime::ParamGroup;

#[derive(ParamGroup)]
enum Shared {
    Tag,
}

fn main() {}
