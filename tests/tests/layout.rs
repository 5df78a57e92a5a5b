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
