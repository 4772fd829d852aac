//! `cargo xtask tidy`: the habits of docs/style.md that a machine can check.
//!
//! - every Rust file opens with module docs (`//!`, or `#![doc = include_str!(...)]` for a crate
//!   root whose README is the crate doc);
//! - no `#[should_panic]` and no `#[ignore]`: a test asserts the `Err` and always runs;
//! - nothing from nom in a public item (`pub` lines naming `nom::`);
//! - no trailing spaces or tabs in Rust, TOML and Markdown files.

use std::path::{Path, PathBuf};

fn collect(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.filter_map(Result::ok) {
        let path = entry.path();
        let name = entry.file_name();
        let name = name.to_string_lossy();
        if path.is_dir() {
            if !matches!(name.as_ref(), "target" | ".git" | "testdata" | "fuzz") {
                collect(&path, out);
            }
        } else if name.ends_with(".rs") || name.ends_with(".toml") || name.ends_with(".md") {
            out.push(path);
        }
    }
}

/// Checks the repository; returns the number of files checked.
pub(crate) fn run() -> Result<usize, String> {
    let root = crate::root();
    let mut files = Vec::new();
    for dir in ["crates", "xtask", "docs"] {
        collect(&root.join(dir), &mut files);
    }
    for file in ["Cargo.toml", "README.md", "rust-toolchain.toml"] {
        files.push(root.join(file));
    }
    let mut problems = Vec::new();
    for path in &files {
        let Ok(text) = std::fs::read_to_string(path) else {
            continue;
        };
        let shown = path
            .strip_prefix(&root)
            .unwrap_or(path)
            .display()
            .to_string();
        for (n, line) in text.lines().enumerate() {
            if line.ends_with([' ', '\t']) {
                problems.push(format!("{shown}:{}: trailing whitespace", n + 1));
            }
        }
        if !shown.ends_with(".rs") {
            continue;
        }
        let first = text.lines().find(|l| !l.trim().is_empty()).unwrap_or("");
        if !first.starts_with("//!") && !first.starts_with("#![doc = include_str!") {
            problems.push(format!(
                "{shown}:1: the file does not open with module docs (`//!`)"
            ));
        }
        for (n, line) in text.lines().enumerate() {
            let code = line.trim_start();
            if code.starts_with("//") {
                continue;
            }
            for banned in ["#[should_panic", "#[ignore"] {
                if code.starts_with(banned) {
                    problems.push(format!(
                        "{shown}:{}: `{banned}]`: assert the `Err` instead, and let every test run",
                        n + 1
                    ));
                }
            }
            if code.starts_with("pub ") && code.contains("nom::") {
                problems.push(format!("{shown}:{}: a public item names nom", n + 1));
            }
        }
    }
    if problems.is_empty() {
        Ok(files.len())
    } else {
        Err(problems.join("\n"))
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_repository_is_tidy() {
        let n = super::run().unwrap_or_else(|e| panic!("{e}"));
        assert!(n > 20);
    }
}
