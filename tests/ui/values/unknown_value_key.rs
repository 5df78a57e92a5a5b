use wikiquery_runtime::ParamValues;

#[derive(Clone, Copy, ParamValues)]
enum Dir {
    Newer,
    #[value(deprecate)]
    Older,
}

fn main() {}
