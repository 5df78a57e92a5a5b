use wikiquery_runtime::ParamValues;

#[derive(Clone, Copy, ParamValues)]
enum Dir {
    Newer,
    Older,
    #[value(rename = "older")]
    Backwards,
}

fn main() {}
