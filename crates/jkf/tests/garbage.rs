//! No input makes the JKF reader, the replay or the writer panic: the JKF answers of
//! ../shared's specimens (where they are) and testdata/jkf, cut, spliced and salted with
//! JSON's and JKF's tokens, then read, replayed, written and read again.

mod common;

use std::sync::OnceLock;

use jkf::Jkf;
use notation_traits::{
    CheckedGame, RecordFormat, ReplayOptions, WriteSettings, Written, replay_with,
};
use proptest::prelude::*;

fn texts() -> &'static [String] {
    static TEXTS: OnceLock<Vec<String>> = OnceLock::new();
    TEXTS.get_or_init(|| {
        let dir = format!("{}/../../testdata/jkf", env!("CARGO_MANIFEST_DIR"));
        let mut paths: Vec<std::path::PathBuf> = Vec::new();
        for d in [dir.clone(), format!("{dir}/errors")] {
            for e in std::fs::read_dir(d).unwrap().filter_map(Result::ok) {
                if e.path().extension().is_some_and(|x| x == "jkf") {
                    paths.push(e.path());
                }
            }
        }
        if let Some(root) = common::specimens() {
            for sub in ["csa", "kif", "ki2"] {
                for e in std::fs::read_dir(root.join(sub))
                    .unwrap()
                    .filter_map(Result::ok)
                {
                    // The small answers: the large ones make each case slow.
                    if e.path().extension().is_some_and(|x| x == "json")
                        && e.metadata().is_ok_and(|m| m.len() < 40_000)
                    {
                        paths.push(e.path());
                    }
                }
            }
        }
        paths.sort();
        paths
            .iter()
            .map(|p| std::fs::read_to_string(p).unwrap())
            .collect()
    })
}

const TOKENS: &[&str] = &[
    "{",
    "}",
    "[",
    "]",
    ",",
    ":",
    "\"",
    "null",
    "true",
    "false",
    "0",
    "-1",
    "1e9",
    "1.5",
    "\\u",
    "\\ud800",
    "\"move\":",
    "\"from\":",
    "{\"x\":0,\"y\":10}",
    "\"same\":true",
    "\"relative\":\"LU\"",
    "\"special\":\"TORYO\"",
    "\"forks\":[[",
    "\"piece\":\"UM\"",
    "\"time\":{\"now\":{\"m\":-1}}",
    "\n",
    "歩",
    "\"preset\":\"OTHER\"",
    "\"data\":{}",
];

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

fn exercise(text: &str) {
    for game in Jkf.read(Box::new(text.as_bytes())) {
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
        if let Ok(w) = Jkf.write(&checked, &WriteSettings::default())
            && let Written::Text(out) = w.output
        {
            for back in Jkf.read(Box::new(out.as_bytes())) {
                let _ = back.map(|g| g.start.is_ok());
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
    fn any_text_never_panics(text in "[\\[\\]{}\",:0-9a-z\\\\ .-]{0,200}") {
        exercise(&text);
    }
}
