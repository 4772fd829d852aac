//! `replay_into`, which `kif::check` uses (the record given up to the replay, its texts moved
//! instead of copied), gives `replay_with`'s result exactly: the record, diagnostics, unread
//! moves and final position, with and without `--repair`, on every file of testdata/kif, the
//! specimens where ../shared is there, and those files with characters cut out at intervals
//! (faulty moves, where the replay searches, rewinds and stops).

mod common;

use kif::{Ki2, Kif, KifNotation};
use notation_traits::{RecordFormat, ReplayOptions, replay_into, replay_with};
use shogi_board::Position;

fn texts() -> Vec<String> {
    let mut paths: Vec<_> = std::fs::read_dir(common::testdata(""))
        .unwrap()
        .filter_map(Result::ok)
        .map(|e| e.path())
        .collect();
    match common::specimens() {
        Some(dir) => {
            for sub in ["kif", "ki2"] {
                paths.extend(
                    std::fs::read_dir(dir.join(sub))
                        .unwrap()
                        .filter_map(Result::ok)
                        .map(|e| e.path())
                        .filter(|p| p.extension().is_some_and(|x| x != "json")),
                );
            }
        }
        None => eprintln!("../shared/specimens/kif-csa not found: the specimens are skipped"),
    }
    paths.sort();
    let mut texts = Vec::new();
    for path in paths {
        let text = common::decode(&std::fs::read(path).unwrap());
        // The file with every 97th character after the first 40 cut out: faults in most games.
        let cut: String = text
            .chars()
            .enumerate()
            .filter(|(i, _)| *i < 40 || i % 97 != 0)
            .map(|(_, c)| c)
            .collect();
        texts.push(text);
        texts.push(cut);
    }
    texts
}

#[test]
fn replay_into_gives_replay_with_s_result() {
    let mut games = 0;
    let mut faulty = 0;
    for text in texts() {
        for format in [&Kif as &dyn RecordFormat<Position>, &Ki2] {
            for game in format.read(Box::new(text.as_bytes())) {
                let Ok(game) = game else { continue };
                let Ok(start) = game.start else { continue };
                for repair in [false, true] {
                    let options = ReplayOptions {
                        repair,
                        ..ReplayOptions::default()
                    };
                    let notation = game.notation.as_deref().unwrap_or(&KifNotation);
                    let copied = replay_with(&game.raw.record, start, notation, options);
                    let moved = replay_into(
                        game.raw.record.clone(),
                        start,
                        notation,
                        options,
                        Vec::new(),
                    );
                    assert_eq!(moved.record, copied.record);
                    assert_eq!(moved.diagnostics, copied.diagnostics);
                    assert_eq!(moved.unread, copied.unread);
                    assert_eq!(moved.checked, copied.checked);
                    assert_eq!(moved.end, copied.end);
                    games += 1;
                    faulty += usize::from(!copied.unread.is_empty());
                }
            }
        }
    }
    assert!(games > 100, "{games} games");
    assert!(faulty > 10, "{faulty} games with unread moves");
}
