//! Sniffing by content: every CSA file (testdata/csa and the specimens of ../shared) is CSA,
//! likely or certain; no file of another format kifu has (PSN, PGN, KIF, KI2, JKF, USI lines,
//! the errors' inputs) is.

mod common;

use csa::Csa;
use notation_traits::{Confidence, RecordFormat};

fn files(dir: &std::path::Path) -> Vec<std::path::PathBuf> {
    let mut out = Vec::new();
    for e in std::fs::read_dir(dir).unwrap().filter_map(Result::ok) {
        let p = e.path();
        if p.is_dir() {
            out.extend(files(&p));
        } else {
            out.push(p);
        }
    }
    out.sort();
    out
}

#[test]
fn csa_files_and_only_they_sniff_as_csa() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../testdata");
    let mut all = files(&root);
    if let Some(specimens) = common::specimens() {
        all.extend(files(&specimens));
    }
    let (mut csa, mut others) = (0, 0);
    for path in &all {
        let bytes = std::fs::read(path).unwrap();
        let prefix = &bytes[..bytes.len().min(64 * 1024)];
        let confidence = Csa.sniff(prefix);
        let name = path.display();
        if path.extension().is_some_and(|x| x == "csa") {
            // The broken files too: their lines are CSA's.
            assert!(confidence >= Confidence::LIKELY, "{name}: {confidence:?}");
            csa += 1;
        } else {
            assert!(confidence <= Confidence::WEAK, "{name}: {confidence:?}");
            others += 1;
        }
    }
    assert!(
        csa >= 15 && others >= 50,
        "{csa} CSA files, {others} others"
    );
}
