//! The law of `MoveNotation` for KIF and KI2: for every position along the 300 shogi fixture
//! games and every legal move `m`, `read_move(pos, &write_move(pos, m)) == m` without a
//! warning, the parsed syntax writes back as the text, and the same holds after the game's
//! previous move (`describe_after`/`resolve_after`, where `同` comes in).

mod common;

use kif::{Ki2Notation, KifNotation};
use notation_traits::MoveNotation;
use shogi_board::{Move, Position};

/// The legal moves of all positions along the 300 fixture games (before each ply), counted
/// with `shogi_board`'s generator (the figure crates/psn/tests/roundtrip.rs checks too).
const LEGAL_MOVES: usize = 1_632_461;

fn check_law<N: MoveNotation<Position>>(notation: &N, name: &str) -> (usize, usize) {
    let (mut checked, mut same) = (0, 0);
    for game in &common::games() {
        let mut pos = game.start;
        let mut previous: Option<Move> = None;
        for (i, &played) in game.usi.iter().enumerate() {
            for &mv in pos.legal_moves().iter() {
                for prev in [None, previous] {
                    let text = notation.describe_after(&pos, prev, mv).to_string();
                    let syntax = notation.parse(&text).unwrap_or_else(|e| {
                        panic!(
                            "{name}: {} ply {}: `{text}` ({mv}) in {pos}: {e}",
                            game.id,
                            i + 1
                        )
                    });
                    assert_eq!(syntax.to_string(), text, "{name}");
                    let read = notation
                        .resolve_after(&pos, prev, &syntax)
                        .unwrap_or_else(|e| {
                            panic!(
                                "{name}: {} ply {}: `{text}` ({mv}) in {pos}: {e}",
                                game.id,
                                i + 1
                            )
                        });
                    assert_eq!(
                        read.mv,
                        mv,
                        "{name}: {} ply {}: `{text}` in {pos}",
                        game.id,
                        i + 1
                    );
                    assert!(
                        read.warnings.is_empty(),
                        "{name}: `{text}` in {pos}: {:?}",
                        read.warnings
                    );
                    if prev.is_some() && text.contains('同') {
                        same += 1;
                    }
                }
                checked += 1;
            }
            pos.play_unchecked(played);
            previous = Some(played);
        }
    }
    (checked, same)
}

#[test]
fn kif_round_trips() {
    let (checked, same) = check_law(&KifNotation, "kif");
    assert_eq!(checked, LEGAL_MOVES);
    assert!(same > 10_000, "{same} moves written with 同");
}

#[test]
fn ki2_round_trips() {
    let (checked, same) = check_law(&Ki2Notation, "ki2");
    assert_eq!(checked, LEGAL_MOVES);
    assert!(same > 10_000, "{same} moves written with 同");
}
