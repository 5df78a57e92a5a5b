//! Compile-time diagnostics of `#[query_module]`, `ParamGroup` and `ParamValues`: every rule the
//! macros enforce fails with a message of our own pointing at the culprit (`ui/module`,
//! `ui/param`, `ui/values`), and valid declarations compile and describe themselves as written
//! (`ui/pass`, whose `main` asserts on the generated descriptors).
//!
//! Regenerate the expected output with `TRYBUILD=overwrite cargo test -p wikiquery-tests --test ui`
//! and read every `.stderr` before committing it.

// Paths are relative to this crate's manifest directory: the cases are in `ui/` beside `tests/`.

/// The expected `.stderr` files hold rustc 1.95's wording around our messages; another
/// compiler words some of it differently, so there the cases are skipped, not failed, until
/// they are re-blessed with that compiler.
#[test]
#[rustversion::attr(
    not(stable(1.95)),
    ignore = "the .stderr files were written with rustc 1.95: re-bless them with TRYBUILD=overwrite"
)]
fn compile_fail() {
    let t = trybuild::TestCases::new();
    t.compile_fail("ui/module/*.rs");
    t.compile_fail("ui/param/*.rs");
    t.compile_fail("ui/rules/*.rs");
    t.compile_fail("ui/values/*.rs");
}

#[test]
fn pass() {
    let t = trybuild::TestCases::new();
    t.pass("ui/pass/*.rs");
}
