//! The law of `MoveNotation`: for every position along every fixture game and every legal move
//! `m`, `read_move(pos, &write_move(pos, m)) == m`, with no warnings (the writer's form is
//! canonical), and the parsed syntax displays as the text written.

mod common;

use iccs_algebraic::{Algebraic, AlgebraicRanks, Iccs};
use notation_traits::MoveNotation;
use xiangqi_board::{Language, Position};

/// Checks the law for `notation` over every position of every fixture game; returns the number
/// of moves checked.
fn check_law<N: MoveNotation<Position>>(notation: &N, name: &str) -> usize {
    let mut checked = 0;
    for game in common::games() {
        let mut pos = game.start;
        for (i, played) in game.iccs.iter().enumerate() {
            for &mv in pos.legal_moves().iter() {
                let text = notation.write_move(&pos, mv);
                let read = notation.read_move(&pos, &text).unwrap_or_else(|e| {
                    panic!("{name}: {} ply {}: `{text}` ({mv}): {e}", game.id, i + 1)
                });
                assert_eq!(read.mv, mv, "{name}: {} ply {}: `{text}`", game.id, i + 1);
                assert!(
                    read.warnings.is_empty(),
                    "{name}: `{text}`: {:?}",
                    read.warnings
                );
                let syntax = notation.parse(&text).expect("parsed once already");
                assert_eq!(syntax.to_string(), text, "{name}");
                checked += 1;
            }
            pos.play_unchecked(played.parse().expect("an ICCS fixture move"));
        }
    }
    checked
}

#[test]
fn iccs_engine_round_trips() {
    assert!(check_law(&Iccs::ENGINE, "iccs engine") > 28_850);
}

#[test]
fn iccs_pgn_round_trips() {
    assert!(check_law(&Iccs::PGN, "iccs pgn") > 28_850);
}

#[test]
fn iccs_one_based_round_trips() {
    assert!(check_law(&Iccs::FAIRY_UCI, "iccs one-based") > 28_850);
}

#[test]
fn algebraic_english_round_trips() {
    assert!(check_law(&Algebraic::new(Language::English), "algebraic en") > 28_850);
}

#[test]
fn algebraic_finnish_round_trips() {
    assert!(check_law(&Algebraic::new(Language::Finnish), "algebraic fi") > 28_850);
}

#[test]
fn algebraic_german_round_trips() {
    assert!(check_law(&Algebraic::new(Language::German), "algebraic de") > 28_850);
}

#[test]
fn algebraic_winboard_round_trips() {
    // Ranks 0-9 and WinBoard's pawn moves: `c5`, read as the straight move even where a pawn
    // beside it could also go to c5 sideways (that one is written `bc5`).
    assert!(check_law(&Algebraic::WINBOARD, "algebraic winboard") > 28_850);
}

#[test]
fn algebraic_zero_based_finnish_round_trips() {
    // The rank numbering is independent of the letters.
    let notation = Algebraic::FINNISH.with_ranks(AlgebraicRanks::ZeroBased);
    assert!(check_law(&notation, "algebraic fi 0-9") > 28_850);
}
