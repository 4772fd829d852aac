//! What the command-line tests share: the repository's testdata/ and a temporary folder.
//!
//! Each test file includes this module (`mod common;`) and uses part of it, so the parts a
//! file leaves unused are not dead code.
#![allow(dead_code)]

pub(crate) mod schema;

use std::path::PathBuf;

/// The path of testdata/NAME.
pub(crate) fn testdata(name: &str) -> PathBuf {
    PathBuf::from(format!(
        "{}/../../testdata/{name}",
        env!("CARGO_MANIFEST_DIR")
    ))
}

/// A fresh folder under the system's temporary folder, removed when dropped.
pub(crate) struct TempDir(pub(crate) PathBuf);

impl TempDir {
    /// The folder `kifu-NAME-PID`, emptied if it exists.
    pub(crate) fn new(name: &str) -> TempDir {
        let dir = std::env::temp_dir().join(format!("kifu-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        TempDir(dir)
    }

    /// The path `rel` in the folder.
    pub(crate) fn path(&self, rel: &str) -> PathBuf {
        self.0.join(rel)
    }

    /// Copies testdata/FROM to `to` in the folder (its folders made); returns its path.
    pub(crate) fn copy(&self, from: &str, to: &str) -> PathBuf {
        let to = self.path(to);
        std::fs::create_dir_all(to.parent().unwrap()).unwrap();
        std::fs::copy(testdata(from), &to).unwrap();
        to
    }

    /// The names in the folder `rel`, sorted.
    pub(crate) fn names(&self, rel: &str) -> Vec<String> {
        let mut v: Vec<String> = std::fs::read_dir(self.path(rel))
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        v.sort();
        v
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// Runs `kifu args`, its JSON checked against the schema ([`schema::check_output`]).
pub(crate) fn kifu(args: &[&str]) -> std::process::Output {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_kifu"))
        .args(args)
        .output()
        .expect("kifu runs");
    schema::check_output(args, &out);
    out
}

/// A path as the `&str` an argument list takes.
pub(crate) fn s(p: &std::path::Path) -> &str {
    p.to_str().unwrap()
}

/// Every file under `dir`, in no particular order.
pub(crate) fn walk(dir: &std::path::Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for e in std::fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            out.extend(walk(&p));
        } else {
            out.push(p);
        }
    }
    out
}
