//! Writing games: the canonical layout (docs/notations.md, "Shogi PSN": `[Sente]`,
//! `[Gote]`, a full `[SFEN]`, the rest, one numbered ply per line, the `[Result]` tag; never
//! `[Black]` first), and every specimen game written in the four styles and read back to the
//! same game: moves, start, result, terminal word, comments, variations and clock times.

mod common;

use notation_traits::{GameRecord, ReplayOptions};
use psn::{Psn, PsnGame, PsnReader, PsnStyle, Squares, write_game};
use shogi_board::{Move, Position};

/// The specimen files that read as UTF-8.
const FILES: [&str; 7] = [
    "shogi-real-game.psn",
    "shogi-majewski.psn",
    "shogi-hodges-pairs-digits.psn",
    "shogi-handicap-lance.psn",
    "shogi-comments-variations.psn",
    "shogi-multigame.psn",
    "shogi-psn2-bom-crlf.psn",
];

const STYLES: [Psn; 4] = [
    Psn::new(PsnStyle::Short, Squares::Letters),
    Psn::new(PsnStyle::Short, Squares::Digits),
    Psn::new(PsnStyle::Long, Squares::Letters),
    Psn::new(PsnStyle::Long, Squares::Digits),
];

fn games(text: &str) -> Vec<PsnGame> {
    PsnReader::new(text.as_bytes())
        .collect::<Result<Vec<_>, _>>()
        .unwrap_or_else(|e| panic!("{e}"))
}

/// A game read and checked, written with `psn`.
fn write(game: &PsnGame, psn: &Psn) -> (GameRecord<Move>, Position, String) {
    let replayed = game
        .replay(ReplayOptions::default())
        .unwrap_or_else(|d| panic!("{d}"));
    // A specimen that writes no promotion sign at all warns at its declined promotions
    // (specimens.rs checks where); nothing else is found.
    assert!(
        replayed
            .diagnostics
            .iter()
            .all(|d| d.code == "promotion-unmarked"),
        "{:?}",
        replayed.diagnostics
    );
    let text = write_game(
        &replayed.record,
        &replayed.start,
        psn,
        game.terminal.as_ref(),
        None,
    );
    (replayed.record, replayed.start, text)
}

/// One move with what is written around it: comments, glyphs, clock time, variation count.
type Entry<M> = (M, Vec<String>, Vec<u16>, Option<String>, usize);

/// What must survive writing and reading: moves, comments, glyphs, clocks, variations.
fn strip<M: Clone>(record: &GameRecord<M>) -> Vec<Entry<M>> {
    record
        .main
        .moves
        .iter()
        .map(|m| {
            (
                m.mv.clone(),
                m.comments.clone(),
                m.nags.clone(),
                m.clock.clone(),
                m.variations.len(),
            )
        })
        .collect()
}

#[test]
fn every_specimen_game_survives_writing_in_every_style() {
    let mut written = 0;
    for file in FILES {
        for (g, game) in games(&common::read(file)).iter().enumerate() {
            for psn in &STYLES {
                let place = format!("{file} game {} in {:?}", g + 1, psn);
                let (record, start, text) = write(game, psn);
                assert!(text.starts_with("[Sente \""), "{place}");
                let again = games(&text);
                assert_eq!(again.len(), 1, "{place}:\n{text}");
                let again = &again[0];
                assert!(
                    again.raw.diagnostics.is_empty(),
                    "{place}: {:?}",
                    again.raw.diagnostics
                );
                let replayed = again
                    .replay(ReplayOptions::default())
                    .unwrap_or_else(|d| panic!("{place}: {d}"));
                assert!(
                    replayed.diagnostics.is_empty(),
                    "{place}: {:?}\n{text}",
                    replayed.diagnostics
                );
                assert_eq!(replayed.start, start, "{place}");
                assert_eq!(strip(&replayed.record), strip(&record), "{place}");
                assert_eq!(
                    replayed.record.main.comments, record.main.comments,
                    "{place}"
                );
                let variation_moves = |r: &GameRecord<Move>| -> Vec<Vec<Move>> {
                    r.main
                        .moves
                        .iter()
                        .flat_map(|m| &m.variations)
                        .map(|v| v.moves.iter().map(|m| m.mv).collect())
                        .collect()
                };
                assert_eq!(
                    variation_moves(&replayed.record),
                    variation_moves(&record),
                    "{place}"
                );
                assert_eq!(again.result(), game.result(), "{place}");
                assert_eq!(
                    again.terminal.as_ref().map(|t| (t.kind, t.clock.clone())),
                    game.terminal.as_ref().map(|t| (t.kind, t.clock.clone())),
                    "{place}"
                );
                written += 1;
            }
        }
    }
    // Nine games (the multigame file holds three), four styles.
    assert_eq!(written, 36);
}

#[test]
fn psn2_is_written_as_psn_with_sente_first() {
    let game = &games(&common::read("shogi-psn2-bom-crlf.psn"))[0];
    let (_, _, text) = write(game, &Psn::LONG);
    let head: Vec<&str> = text.lines().take(6).collect();
    assert_eq!(
        head,
        [
            "[Sente \"Black Player\"]",
            "[Gote \"White Player\"]",
            "[SFEN \"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1\"]",
            "[Result \"*\"]",
            "",
            "1.P1g-1f (00:00:15 / 00:00:15)",
        ]
    );
    assert!(text.ends_with("60.G*7f (00:00:13 / 00:07:40)\n61.Interrupt (00:00:04 / 00:10:10)\n"));
    assert!(!text.contains("[Black"));
}

#[test]
fn comments_and_variations_are_written_in_place() {
    let game = &games(&common::read("shogi-comments-variations.psn"))[0];
    let (_, _, text) = write(game, &Psn::default());
    let expected_head = "\
[Sente \"Sente Player\"]
[Gote \"Gote Player\"]
[SFEN \"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1\"]
[Event \"Specimen game with comments and variations (fixture sh-public-0193)\"]
[Result \"*\"]

{A comment before the first move.}
1.G4i-5h
2.G4a-5b
3.S-4h {A comment that spans
two lines of the file.}
4.G6a-6b
5.P-7f
6.P-8d
7.G6i-6h
8.R-9b
9.Bx3c+ (9.B-5e 10.P-7d (10.P-2d 11.R-1h 12.L-1b) 11.B-6f 12.G-7c)
10.Bx3c
11.R-1h
12.B*4e {First drop of the game.}
13.P-3f
";
    assert!(text.starts_with(expected_head), "{text}");
    assert!(
        text.ends_with("39.+B-3d\n40.P-6d {Game stopped here; no result.}\n"),
        "{text}"
    );
}

#[test]
fn the_terminal_word_ends_the_move_text_and_sets_the_result() {
    // A handicap game from a [Handicap] tag: the full SFEN is written, the `Resign` spelling is
    // normalised, the result follows from it.
    let text = "[Gote \"Uwate\"]\n[Sente \"Shitate\"]\n[Handicap \"Two piece\"]\n1... P-3d 2. P-7f Resign\n";
    let game = &games(text)[0];
    let (_, _, written) = write(game, &Psn::default());
    assert_eq!(
        written,
        "[Sente \"Shitate\"]\n[Gote \"Uwate\"]\n\
         [SFEN \"lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1\"]\n\
         [Result \"1-0\"]\n[Handicap \"Two piece\"]\n\n\
         1.P-3d\n2.P-7f\n3.Resigns\n"
    );
}

#[test]
fn unread_moves_are_kept_as_a_comment() {
    let text = "[Sente \"A\"]\n[Gote \"B\"]\n1.P-7f\n2.P-3d\n3.Bx2b+\n4.Resigns\n";
    let game = &games(text)[0];
    let replayed = game
        .replay(ReplayOptions::default())
        .expect("a start position");
    let mut record = replayed.record.clone();
    record.main.moves.truncate(2);
    let written = write_game(
        &record,
        &replayed.start,
        &Psn::default(),
        game.terminal.as_ref(),
        Some("not read: Bx2b+"),
    );
    assert!(
        written.ends_with("1.P-7f\n2.P-3d\n; not read: Bx2b+\n"),
        "{written}"
    );
}
