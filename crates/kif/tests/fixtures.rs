//! KIF and KI2 written for every shogi fixture game (testdata/shogi/shogi-games.jsonl, the
//! `moves_usi` of 300 games played by Fairy-Stockfish, even and handicap starts) read back to
//! the same moves and final position; the KI2 holds the JSA relative words wherever the moves
//! need them.

mod common;

use kif::{Ki2, Kif};
use notation_traits::{CheckedGame, GameRecord, Line, MoveEntry, Replayed, Span};
use shogi_board::{Handicap, Position};

use common::{checked, write};

/// A checked game of the fixture's moves, with no tags but the start's 手合割.
fn game(fixture: &common::Game) -> CheckedGame<Position> {
    let mut end = fixture.start;
    let moves: Vec<MoveEntry<shogi_board::Move>> = fixture
        .usi
        .iter()
        .map(|&m| {
            end.play_unchecked(m);
            MoveEntry::new(m, m.to_string(), Span::default())
        })
        .collect();
    let mut record = GameRecord {
        main: Line {
            comments: Vec::new(),
            moves,
        },
        ..GameRecord::default()
    };
    if let Some(h) = Handicap::detect(&fixture.start) {
        record.set_tag("手合割", h.japanese());
    }
    let replayed = Replayed {
        record,
        start: fixture.start,
        end,
        unread: Vec::new(),
        checked: fixture.usi.len(),
        diagnostics: Vec::new(),
    };
    CheckedGame {
        replayed,
        terminal: None,
        rest: None,
    }
}

#[test]
fn every_fixture_game_reads_back_from_kif_and_ki2() {
    let games = common::games();
    assert_eq!(games.len(), 300);
    let (mut plies, mut words, mut handicaps) = (0, 0, 0);
    for fixture in &games {
        let g = game(fixture);
        if Handicap::detect(&fixture.start).is_some() {
            handicaps += 1;
        }
        for format in [&Kif as &dyn notation_traits::RecordFormat<Position>, &Ki2] {
            let (text, lost) = write(format, &g);
            assert!(lost.is_empty(), "{}: {lost:?}", fixture.id);
            let back = checked(format, &text);
            let r = &back.replayed;
            assert!(
                r.diagnostics.is_empty(),
                "{}: {:?}\n{text}",
                fixture.id,
                r.diagnostics
            );
            assert_eq!(r.start, fixture.start, "{}", fixture.id);
            let moves: Vec<_> = r.record.main.moves.iter().map(|m| m.mv).collect();
            assert_eq!(moves, fixture.usi, "{}\n{text}", fixture.id);
            if !fixture.final_sfen.is_empty() {
                assert_eq!(r.end.to_sfen(), fixture.final_sfen, "{}", fixture.id);
            }
            if format.info().name == "ki2" {
                words += r
                    .record
                    .main
                    .moves
                    .iter()
                    .filter(|m| m.text.contains(['右', '左', '直', '上', '寄', '引', '打']))
                    .count();
            } else {
                plies += moves.len();
            }
        }
    }
    // ../shared/fixtures/README.md: 300 games, 36,295 plies.
    assert_eq!(plies, 36_295);
    assert!(handicaps > 50, "{handicaps}");
    println!("{words} KI2 moves with relative words or 打");
    assert!(words > 1000, "{words}");
}
