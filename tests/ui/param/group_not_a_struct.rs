use wikiquery_framework::ParamGroup;

#[derive(ParamGroup)]
enum Shared {
    Tag,
}

fn main() {}
