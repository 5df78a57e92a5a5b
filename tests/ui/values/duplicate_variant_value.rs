use wikiquery_framework::ParamValues;

#[derive(Clone, Copy, ParamValues)]
enum Dir {
    Newer,
    Older,
    #[value(rename = "older")]
    Backwards,
}

fn main() {}
