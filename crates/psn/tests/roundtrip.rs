//! The law of `MoveNotation`: for every position along the fixture games and every legal move
//! `m`, `read_move(pos, &write_move(pos, m)) == m` without a warning (the writer's form is
//! canonical), and the parsed syntax displays as the text written, in each of the four PSN
//! writer styles and in USI.

mod common;

use notation_traits::MoveNotation;
use psn::{Psn, PsnStyle, Squares, Usi};
use shogi_board::Position;

/// The legal moves of all positions along the 300 fixture games (before each ply), counted
/// with `shogi_board`'s generator.
const LEGAL_MOVES: usize = 1_632_461;

/// Checks the law for `notation` over every position of every fixture game; returns the number
/// of moves checked.
fn check_law<N: MoveNotation<Position>>(notation: &N, name: &str) -> usize {
    let mut checked = 0;
    for game in &common::games() {
        let mut pos = game.start;
        for (i, &played) in game.usi.iter().enumerate() {
            for &mv in pos.legal_moves().iter() {
                let text = notation.write_move(&pos, mv);
                let read = notation.read_move(&pos, &text).unwrap_or_else(|e| {
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
                let syntax = notation.parse(&text).expect("parsed once already");
                assert_eq!(syntax.to_string(), text, "{name}");
                checked += 1;
            }
            pos.play_unchecked(played);
        }
    }
    checked
}

#[test]
fn short_letters_round_trips() {
    assert_eq!(
        check_law(
            &Psn::new(PsnStyle::Short, Squares::Letters),
            "short letters"
        ),
        LEGAL_MOVES
    );
}

#[test]
fn short_digits_round_trips() {
    assert_eq!(
        check_law(&Psn::new(PsnStyle::Short, Squares::Digits), "short digits"),
        LEGAL_MOVES
    );
}

#[test]
fn long_letters_round_trips() {
    assert_eq!(
        check_law(&Psn::new(PsnStyle::Long, Squares::Letters), "long letters"),
        LEGAL_MOVES
    );
}

#[test]
fn long_digits_round_trips() {
    assert_eq!(
        check_law(&Psn::new(PsnStyle::Long, Squares::Digits), "long digits"),
        LEGAL_MOVES
    );
}

#[test]
fn usi_round_trips() {
    assert_eq!(check_law(&Usi, "usi"), LEGAL_MOVES);
}
