//! Compile-time diagnostics of `#[query_module]`, `ParamGroup` and `ParamValues`: every rule the
//! macros enforce fails with a message of our own pointing at the culprit (`ui/module`,
//! `ui/param`, `ui/values`, `ui/examples` for a module's example requests), and valid declarations
//! compile and describe themselves as written
//! (`ui/pass`, whose `main` asserts on the generated descriptors).
//!
//! Regenerate the expected output with `TRYBUILD=overwrite cargo test -p wikiquery-tests --test ui`
//! and read every `.stderr` before committing it.

// Paths are relative to this crate's manifest directory: the cases are in `ui/` beside `tests/`.

/// The expected `.stderr` files hold the compiler's wording around our messages (rustc 1.95,
/// the one toolchain of the project's machines). The suite always runs: another compiler that
/// words something differently fails it, and the cases are then re-blessed with that compiler
/// and read again, so that no change of a message goes unseen.
#[test]
fn compile_fail() {
    let t = trybuild::TestCases::new();
    t.compile_fail("ui/module/*.rs");
    t.compile_fail("ui/examples/*.rs");
    t.compile_fail("ui/param/*.rs");
    t.compile_fail("ui/rules/*.rs");
    t.compile_fail("ui/values/*.rs");
}

#[test]
fn pass() {
    let t = trybuild::TestCases::new();
    t.pass("ui/pass/*.rs");
}
