//! No input makes the CSA reader, the replay or the writer panic: real files (the specimens of
//! ../shared where they are, and testdata/csa) cut, spliced and salted with CSA's own tokens,
//! then read, replayed, written in V3.0 and V2.2 and read again.

mod common;

use std::sync::OnceLock;

use csa::Csa;
use notation_traits::{
    CheckedGame, RecordFormat, ReplayOptions, WriteSettings, Written, replay_with,
};
use proptest::prelude::*;

/// The texts mutated: testdata/csa and its errors, and the CSA specimens where they are.
fn texts() -> &'static [String] {
    static TEXTS: OnceLock<Vec<String>> = OnceLock::new();
    TEXTS.get_or_init(|| {
        let dir = format!("{}/../../testdata/csa", env!("CARGO_MANIFEST_DIR"));
        let mut paths: Vec<std::path::PathBuf> = Vec::new();
        for d in [dir.clone(), format!("{dir}/errors")] {
            for e in std::fs::read_dir(d).unwrap().filter_map(Result::ok) {
                if e.path().extension().is_some_and(|x| x == "csa") {
                    paths.push(e.path());
                }
            }
        }
        if let Some(root) = common::specimens() {
            for e in std::fs::read_dir(root.join("csa"))
                .unwrap()
                .filter_map(Result::ok)
            {
                if e.path().extension().is_some_and(|x| x == "csa") {
                    paths.push(e.path());
                }
            }
        }
        paths.sort();
        paths
            .iter()
            .map(|p| common::decode(&std::fs::read(p).unwrap()))
            .collect()
    })
}

const TOKENS: &[&str] = &[
    "+",
    "-",
    "%",
    "'",
    ",",
    "/",
    "\n",
    "\r",
    "P1",
    "P9",
    "PI",
    "P+",
    "P-",
    "00AL",
    "00",
    "99",
    "T",
    "T1.5",
    "T.",
    "+7776FU",
    "-0055KA",
    "$K:",
    "$NOTE:\\",
    "N+",
    " * ",
    "*",
    "OU",
    "TO",
    "歩",
    ":",
    "%TORYO",
    "%MAX_MOVES",
    "V3.0",
    "'CSA encoding=UTF-8",
];

/// One change to a text: cut a stretch, or put a token in.
#[derive(Clone, Debug)]
enum Change {
    Cut(usize, usize),
    Insert(usize, usize),
}

fn apply(text: &str, changes: &[Change]) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    for c in changes {
        match *c {
            Change::Cut(at, len) if !chars.is_empty() => {
                let at = at % chars.len();
                let end = (at + len % 40).min(chars.len());
                chars.drain(at..end);
            }
            Change::Insert(at, token) => {
                let at = at % (chars.len() + 1);
                let token: Vec<char> = TOKENS[token % TOKENS.len()].chars().collect();
                chars.splice(at..at, token);
            }
            Change::Cut(..) => {}
        }
    }
    chars.into_iter().collect()
}

/// Reads, replays and writes every game of `text`, and reads what was written.
fn exercise(text: &str) {
    for game in Csa.read(Box::new(text.as_bytes())) {
        let Ok(game) = game else { continue };
        let Ok(start) = game.start.clone() else {
            continue;
        };
        let notation = game.notation.as_deref().unwrap();
        let options = ReplayOptions {
            repair: true,
            ..ReplayOptions::default()
        };
        let replayed = replay_with(&game.raw.record, start, notation, options);
        let checked = CheckedGame::new(replayed, &game.raw, game.terminal.clone());
        for version in [None, Some("2.2")] {
            let settings = WriteSettings {
                version,
                ..WriteSettings::default()
            };
            if let Ok(w) = Csa.write(&checked, &settings)
                && let Written::Text(out) = w.output
            {
                for back in Csa.read(Box::new(out.as_bytes())) {
                    let _ = back.map(|g| g.start.is_ok());
                }
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn mutated_files_never_panic(
        file in any::<usize>(),
        changes in prop::collection::vec(
            prop_oneof![
                (any::<usize>(), any::<usize>()).prop_map(|(a, l)| Change::Cut(a, l)),
                (any::<usize>(), any::<usize>()).prop_map(|(a, t)| Change::Insert(a, t)),
            ],
            1..12,
        ),
    ) {
        let texts = texts();
        let text = &texts[file % texts.len()];
        exercise(&apply(text, &changes));
    }

    #[test]
    fn any_text_never_panics(text in "[-+%',/\\nPIT0-9A-Z* :$.]{0,200}") {
        exercise(&text);
    }
}
