//! The shape of the source tree: no two files of a crate import each other, directly or around
//! a circle (`tools/import_cycles.py`, which names every circle it finds).

use std::path::Path;
use std::process::Command;

#[test]
fn no_file_imports_itself_around_a_circle() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let out = Command::new("python3")
        .arg(root.join("tools/import_cycles.py"))
        .output()
        .expect("python3 runs tools/import_cycles.py");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "import circles:\n{stdout}{}", String::from_utf8_lossy(&out.stderr));
}

/// The README's example of a module is a module of the tree, word for word: each item of its
/// code block (the value enum, the annotated struct, the `impl`) appears in
/// `modules/src/list/allcategories.rs` as written there.
#[test]
fn the_readmes_module_is_the_one_in_the_tree() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let readme = std::fs::read_to_string(root.join("README.md")).expect("README.md");
    let module = std::fs::read_to_string(root.join("modules/src/list/allcategories.rs")).expect("the module");
    let section = readme.split("## Writing a module").nth(1).expect("a section on writing a module");
    let code = section.split("```rust\n").nth(1).and_then(|rest| rest.split("\n```").next()).expect("a code block");
    for item in code.split("\n\n") {
        assert!(module.contains(item.trim()), "the README shows what the module does not have:\n{item}");
    }
    assert!(code.contains("impl QueryModule for AllCategories"), "the example shows the module's execute");
}

/// The fuzz targets are a workspace of their own (`fuzz/`), built with `--locked` by
/// `tools/fuzz.sh`; a dependency added to a crate they build on must reach their lock file too,
/// or the fuzz run refuses to start.
#[test]
fn the_fuzz_workspaces_lock_file_is_current() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let out = Command::new(cargo)
        .args(["metadata", "--locked", "--format-version", "1", "--manifest-path"])
        .arg(root.join("fuzz/Cargo.toml"))
        .output()
        .expect("cargo metadata runs");
    assert!(
        out.status.success(),
        "fuzz/Cargo.lock needs updating (`cargo metadata --manifest-path fuzz/Cargo.toml`):\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
}
