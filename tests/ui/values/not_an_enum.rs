use wikiquery_framework::ParamValues;

#[derive(Clone, Copy, ParamValues)]
struct Dir {
    newer: bool,
}

fn main() {}
