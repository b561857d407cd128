//! The crates' shape, kept: no module imports from a module that imports
//! it back, at any level (tests included: a test may use what is below its
//! module, not what is above it). Read from the sources as text: a path
//! `crate::…`, `super::…` or `self::…` outside comments, in a file of module
//! `m`, is an import by `m`; `view::json_shape` using `view::json` is an
//! import between the siblings `json_shape` and `json` of `view`. A child
//! using its ancestors (`use super::*` in tests) is not counted.

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

/// The module a file is: `view/json.rs` and `view/json/mod.rs` are
/// `["view", "json"]`; `lib.rs` and `main.rs` are the crate root.
fn module_of(src: &Path, file: &Path) -> Vec<String> {
    let rel = file.strip_prefix(src).unwrap().with_extension("");
    let mut path: Vec<String> = rel
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    if matches!(path.last().map(String::as_str), Some("mod")) {
        path.pop();
    }
    if path.len() == 1 && matches!(path[0].as_str(), "lib" | "main") {
        path.clear();
    }
    path
}

fn ident(text: &str) -> &str {
    let end = text
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .unwrap_or(text.len());
    &text[..end]
}

/// The paths named by `rest` (what follows `crate::`, after a base): one,
/// or each entry of a `{a::b, c}` group (their first names).
fn named(rest: &str) -> Vec<Vec<String>> {
    let mut path = Vec::new();
    let mut rest = rest;
    loop {
        if let Some(group) = rest.strip_prefix('{') {
            let mut out = Vec::new();
            let mut depth = 0;
            let mut entry_start = true;
            for (i, c) in group.char_indices() {
                match c {
                    '{' => depth += 1,
                    '}' if depth == 0 => break,
                    '}' => depth -= 1,
                    ',' if depth == 0 => entry_start = true,
                    c if entry_start && !c.is_whitespace() => {
                        entry_start = false;
                        let mut p = path.clone();
                        p.push(ident(&group[i..]).to_string());
                        out.push(p);
                    }
                    _ => {}
                }
            }
            return out;
        }
        let name = ident(rest);
        if name.is_empty() {
            return vec![path];
        }
        path.push(name.to_string());
        match rest[name.len()..].strip_prefix("::") {
            Some(next) => rest = next,
            None => return vec![path],
        }
    }
}

/// Each import between sibling modules (`a::x` → `a::y`, as paths joined
/// by `::`), with a place each.
fn imports(src: &Path) -> BTreeMap<(String, String), String> {
    let mut files = Vec::new();
    rust_files(src, &mut files);
    let mut edges = BTreeMap::new();
    for file in files {
        let mut me = module_of(src, &file);
        let text = std::fs::read_to_string(&file).unwrap();
        for (n, line) in text.lines().enumerate() {
            // An inline module (`mod tests {` at the start of a line) runs to
            // the end of the file, as this project writes them.
            if let Some(inline) = line.strip_prefix("mod ")
                && line.trim_end().ends_with('{')
            {
                me.push(ident(inline).to_string());
            }
            let code = line.split("//").next().unwrap_or("");
            for (at, _) in code.match_indices("::") {
                // The start of each `crate::`, `self::` or `super::` chain.
                let before = &code[..at];
                let word_start = before
                    .rfind(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                    .map_or(0, |i| i + 1);
                let first = &before[word_start..];
                if !matches!(first, "crate" | "self" | "super")
                    || before[..word_start].ends_with("::")
                {
                    continue;
                }
                let mut base = if first == "crate" {
                    Vec::new()
                } else {
                    me.clone()
                };
                let mut rest = &code[at + 2..];
                if first == "super" {
                    base.pop();
                }
                while let Some(next) = rest.strip_prefix("super::") {
                    base.pop();
                    rest = next;
                }
                for tail in named(rest) {
                    let target: Vec<String> = base.iter().cloned().chain(tail).collect();
                    let common = me.iter().zip(&target).take_while(|(a, b)| a == b).count();
                    // Only between siblings: not a module and its ancestors.
                    if common >= me.len() || common >= target.len() {
                        continue;
                    }
                    let from = me[..=common].join("::");
                    let to = target[..=common].join("::");
                    let place = format!("{}:{}", file.strip_prefix(src).unwrap().display(), n + 1);
                    edges.entry((from, to)).or_insert(place);
                }
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
fn the_cycle_check_sees_cycles_at_every_level() {
    let dir = std::env::temp_dir().join(format!("structure-{}", std::process::id()));
    let src = dir.join("src");
    let files = [
        ("lib.rs", "mod a;\nmod b;\n"),
        (
            "a.rs",
            "use crate::b::{c::Thing, d};\n// crate::x in a comment\n",
        ),
        ("b/mod.rs", "mod c;\nmod d;\nuse self::c::f;\n"),
        ("b/c.rs", "fn g() { super::d::h(); }\n"),
        ("b/d.rs", "use super::super::a::A;\n"),
        ("b/c/tests.rs", "use super::*;\n"),
        (
            "b/d/x.rs",
            "use crate::b::c;\n#[cfg(test)]\nmod tests {\n    use super::super::y::Y;\n}\n",
        ),
    ];
    for (name, text) in files {
        let file = src.join(name);
        std::fs::create_dir_all(file.parent().unwrap()).unwrap();
        std::fs::write(file, text).unwrap();
    }
    let edges = imports(&src);
    std::fs::remove_dir_all(&dir).unwrap();
    let got: Vec<(&str, &str, &str)> = edges
        .iter()
        .map(|((a, b), place)| (a.as_str(), b.as_str(), place.as_str()))
        .collect();
    assert_eq!(
        got,
        [
            ("a", "b", "a.rs:1"),
            ("b", "a", "b/d.rs:1"),
            ("b::c", "b::d", "b/c.rs:1"),
            ("b::d", "b::c", "b/d/x.rs:1"),
            ("b::d::x", "b::d::y", "b/d/x.rs:4"),
        ]
    );
}
