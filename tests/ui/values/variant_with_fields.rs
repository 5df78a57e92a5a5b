use wikiquery_framework::ParamValues;

#[derive(Clone, Copy, ParamValues)]
enum Dir {
    Newer,
    Older(u32),
}

fn main() {}
