use wikiquery_runtime::ParamValues;

#[derive(Clone, Copy, ParamValues)]
struct Dir {
    newer: bool,
}

fn main() {}
