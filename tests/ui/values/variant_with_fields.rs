use wikiquery_runtime::ParamValues;

#[derive(Clone, Copy, ParamValues)]
enum Dir {
    Newer,
    Older(u32),
}

fn main() {}
