//! Sniffing by content: every JKF file (testdata/jkf and the answers of ../shared) is JKF,
//! likely or certain; no file of another format kifu has (PSN, PGN, KIF, KI2, CSA, kifu's JSON,
//! the errors' inputs and outputs) is.

mod common;

use jkf::Jkf;
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
fn jkf_files_and_only_they_sniff_as_jkf() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../testdata");
    let mut all = files(&root);
    if let Some(specimens) = common::specimens() {
        all.extend(files(&specimens));
    }
    let (mut csa, mut others) = (0, 0);
    for path in &all {
        let bytes = std::fs::read(path).unwrap();
        let prefix = &bytes[..bytes.len().min(64 * 1024)];
        let confidence = Jkf.sniff(prefix);
        let name = path.display();
        let jkf = path.extension().is_some_and(|x| x == "jkf")
            || (path.extension().is_some_and(|x| x == "json")
                && path
                    .parent()
                    .and_then(|p| p.parent())
                    .is_some_and(|p| p.ends_with("kif-csa")));
        if jkf {
            // The broken files too: they begin as JKF (one with a member JKF lacks, likely).
            assert!(confidence >= Confidence::LIKELY, "{name}: {confidence:?}");
            csa += 1;
        } else {
            assert!(confidence <= Confidence::WEAK, "{name}: {confidence:?}");
            others += 1;
        }
    }
    assert!(csa >= 6 && others >= 50, "{csa} JKF files, {others} others");
}
