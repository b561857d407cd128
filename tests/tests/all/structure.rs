//! The crates' shape, kept: no module imports from a module that imports
//! it back (tests included: a test may use what is below its module, not
//! what is above it). Read from the sources as text: a `crate::a::…` path
//! in a file of module `b` (outside comments) is an import of `a` by `b`,
//! for the crate's top-level modules.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

fn crate_src(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("..")
        .join(name)
        .join("src")
}

fn rust_files(dir: &Path, found: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, found);
        } else if path.extension().is_some_and(|e| e == "rs") {
            found.push(path);
        }
    }
}

/// The top-level module a file belongs to (None: the crate root).
fn top_module(src: &Path, file: &Path) -> Option<String> {
    let rel = file.strip_prefix(src).unwrap();
    let first = rel.components().next()?.as_os_str().to_str()?;
    let name = first.trim_end_matches(".rs");
    (!matches!(name, "lib" | "main")).then(|| name.to_string())
}

/// Each top-level module's imports of the others, with a place each.
fn imports(src: &Path) -> BTreeMap<(String, String), String> {
    let mut files = Vec::new();
    rust_files(src, &mut files);
    let mut edges = BTreeMap::new();
    for file in files {
        let Some(me) = top_module(src, &file) else {
            continue;
        };
        let text = std::fs::read_to_string(&file).unwrap();
        for (n, line) in text.lines().enumerate() {
            let code = line.split("//").next().unwrap_or("");
            for (at, _) in code.match_indices("crate::") {
                let rest = &code[at + "crate::".len()..];
                let target: String = rest
                    .chars()
                    .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                    .collect();
                // `crate::{a, b}` and a module's own paths are not imports
                // between two modules.
                if target.is_empty() || target == me {
                    continue;
                }
                let place = format!("{}:{}", file.strip_prefix(src).unwrap().display(), n + 1);
                edges.entry((me.clone(), target)).or_insert(place);
            }
        }
    }
    edges
}

fn cycles(krate: &str) -> Vec<String> {
    let edges = imports(&crate_src(krate));
    let mut found = BTreeSet::new();
    for ((a, b), here) in &edges {
        if let Some(there) = edges.get(&(b.clone(), a.clone()))
            && a < b
        {
            found.insert(format!("{krate}: {a} <-> {b} ({here}, {there})"));
        }
    }
    found.into_iter().collect()
}

#[test]
fn no_module_imports_a_module_that_imports_it() {
    let mut all = Vec::new();
    for krate in [
        "guest",
        "host",
        "wire",
        "args",
        "adapters/cli",
        "adapters/caps",
        "tests",
    ] {
        all.extend(cycles(krate));
    }
    assert!(all.is_empty(), "import cycles:\n{}", all.join("\n"));
}

#[test]
fn the_cycle_check_sees_a_cycle() {
    // The check itself: two modules of this test's own shape that import
    // each other are found.
    let dir = std::env::temp_dir().join(format!("structure-{}", std::process::id()));
    let src = dir.join("src");
    std::fs::create_dir_all(src.join("b")).unwrap();
    std::fs::write(src.join("lib.rs"), "mod a;\nmod b;\n").unwrap();
    std::fs::write(src.join("a.rs"), "use crate::b::thing; // uses b\n").unwrap();
    std::fs::write(src.join("b/mod.rs"), "// crate::a in a comment\n").unwrap();
    std::fs::write(src.join("b/tests.rs"), "fn t() { crate::a::f(); }\n").unwrap();
    let edges = imports(&src);
    std::fs::remove_dir_all(&dir).unwrap();
    let keys: Vec<_> = edges.keys().cloned().collect();
    assert_eq!(
        keys,
        [
            ("a".to_string(), "b".to_string()),
            ("b".to_string(), "a".to_string())
        ]
    );
    assert_eq!(edges[&("b".to_string(), "a".to_string())], "b/tests.rs:1");
}
