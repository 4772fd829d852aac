//! The example `convert_folder` run on a folder of mixed xiangqi and shogi files (a PGN, a ZIP
//! archive holding one of each, a CSA file in a subfolder), so that it cannot rot: each output
//! file holds its input's games, and a second run refuses to replace them.

#[allow(dead_code)]
#[path = "../examples/convert_folder.rs"]
mod example;

use std::path::{Path, PathBuf};

fn testdata(rel: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../testdata")
        .join(rel)
}

/// Each game's variant, number of plies and final position in a kifu JSON lines file.
fn games(path: &Path) -> Vec<(String, usize, String)> {
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .map(|l| {
            let v: serde_json::Value = serde_json::from_str(l).unwrap();
            let moves = v["moves"].as_array().unwrap().len();
            (v["variant"].to_string(), moves, v["final"].to_string())
        })
        .collect()
}

#[test]
fn the_example_converts_a_mixed_folder() {
    let root = std::env::temp_dir().join(format!("kifu-convert-folder-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&root);
    let (input, output) = (root.join("in"), root.join("out"));
    std::fs::create_dir_all(input.join("sub")).unwrap();
    for (from, to) in [
        ("xiangqi/xiangqi-chinese-1.pgn", "xiangqi-chinese-1.pgn"),
        ("compressed/two-members.zip", "two-members.zip"),
        ("csa/commas.csa", "sub/commas.csa"),
    ] {
        std::fs::copy(testdata(from), input.join(to)).unwrap();
    }
    let args = [input.display().to_string(), output.display().to_string()];
    assert_eq!(example::run(&args).unwrap(), 4);
    // +7776FU -3334FU +8822UM -3122GI: the bishop taken on 22, the horse taken back.
    assert_eq!(
        games(&output.join("sub/commas.jsonl")),
        [(
            "\"shogi\"".to_owned(),
            4,
            "\"lnsgkg1nl/1r5s1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL b Bb 5\"".to_owned()
        )]
    );
    let archive = games(&output.join("two-members.jsonl"));
    assert_eq!(
        archive
            .iter()
            .map(|(v, n, _)| (v.as_str(), *n))
            .collect::<Vec<_>>(),
        [("\"xiangqi\"", 76), ("\"shogi\"", 181)]
    );
    let xiangqi = games(&output.join("xiangqi-chinese-1.jsonl"));
    assert_eq!((xiangqi[0].0.as_str(), xiangqi[0].1), ("\"xiangqi\"", 76));
    // The outputs exist now: a second run replaces none of them.
    let again = example::run(&args).unwrap_err().to_string();
    assert!(
        again.ends_with("exists: give --force to replace it, or choose another output"),
        "{again}"
    );
    std::fs::remove_dir_all(&root).unwrap();
}
