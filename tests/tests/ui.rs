//! Compile-time diagnostics of `#[query_module]`, `ParamGroup` and `ParamValues`: every rule the
//! macros enforce fails with a message of our own pointing at the culprit (`ui/module`,
//! `ui/param`, `ui/values`), and valid declarations compile and describe themselves as written
//! (`ui/pass`, whose `main` asserts on the generated descriptors).
//!
//! Regenerate the expected output with `TRYBUILD=overwrite cargo test -p wikiquery-tests --test ui`
//! and read every `.stderr` before committing it.

// Paths are relative to this crate's manifest directory: the cases are in `ui/` beside `tests/`.
#[test]
fn ui() {
    let t = trybuild::TestCases::new();
    t.compile_fail("ui/module/*.rs");
    t.compile_fail("ui/param/*.rs");
    t.compile_fail("ui/values/*.rs");
    t.pass("ui/pass/*.rs");
}
