//! Properties over random input (proptest): no reader panics on any text, and in random legal
//! positions every legal move written in every notation reads back to itself.
//!
//! The positions come from random playouts from the start positions (xiangqi, and shogi's even
//! and handicap starts), so they hold the doubled pieces, promotions and pieces in hand that
//! games reach.

use notation_traits::{GameReader, MoveNotation, TextNotation};
use proptest::prelude::*;

/// Every xiangqi notation, letter set and style.
fn xiangqi_notations() -> Vec<Box<dyn TextNotation<xiangqi_board::Position>>> {
    use iccs_algebraic::{Algebraic, AlgebraicRanks, Iccs, IccsRanks, IccsStyle};
    use wxf_notation::{Chinese, ChineseStyle, Dialect, Sideways, Wxf, WxfStyle};
    let mut out: Vec<Box<dyn TextNotation<xiangqi_board::Position>>> = Vec::new();
    for lang in xiangqi_board::Language::ALL {
        for sideways in [Sideways::Dot, Sideways::Equals, Sideways::Omitted] {
            out.push(Box::new(Wxf::new(lang).with_sideways(sideways)));
        }
        out.push(Box::new(
            Wxf::new(lang)
                .with_style(WxfStyle::Wxr2018)
                .with_dialect(Dialect::Wxr2018),
        ));
        out.push(Box::new(Algebraic::new(lang)));
        out.push(Box::new(
            Algebraic::new(lang).with_ranks(AlgebraicRanks::ZeroBased),
        ));
    }
    out.push(Box::new(Chinese::new(ChineseStyle::Simplified)));
    out.push(Box::new(Chinese::new(ChineseStyle::Traditional)));
    out.push(Box::new(Iccs::new(IccsStyle::Engine)));
    out.push(Box::new(Iccs::new(IccsStyle::Pgn)));
    out.push(Box::new(
        Iccs::new(IccsStyle::Engine).with_ranks(IccsRanks::OneBased),
    ));
    out
}

fn shogi_notations() -> Vec<Box<dyn TextNotation<shogi_board::Position>>> {
    use psn::{Psn, PsnStyle, Squares, Usi};
    let mut out: Vec<Box<dyn TextNotation<shogi_board::Position>>> = vec![Box::new(Usi)];
    for style in [PsnStyle::Short, PsnStyle::Long] {
        for squares in [Squares::Letters, Squares::Digits] {
            out.push(Box::new(Psn::new(style, squares)));
        }
    }
    out
}

/// Plays `choices` as indexes into the legal moves, stopping when none is left.
fn xiangqi_playout(choices: &[usize]) -> Vec<xiangqi_board::Position> {
    let mut pos = xiangqi_board::Position::new();
    let mut seen = vec![pos];
    for &c in choices {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        pos.play_unchecked(moves[c % moves.len()]);
        seen.push(pos);
    }
    seen
}

fn shogi_playout(start: usize, choices: &[usize]) -> Vec<shogi_board::Position> {
    let handicaps = shogi_board::Handicap::ALL;
    let mut pos = if start.is_multiple_of(3) {
        handicaps[start % handicaps.len()].position()
    } else {
        shogi_board::Position::new()
    };
    let mut seen = vec![pos];
    for &c in choices {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        pos.play_unchecked(moves[c % moves.len()]);
        seen.push(pos);
    }
    seen
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn xiangqi_moves_round_trip_in_random_positions(choices in prop::collection::vec(any::<usize>(), 0..160)) {
        let notations = xiangqi_notations();
        for pos in xiangqi_playout(&choices).iter().step_by(8) {
            for &mv in pos.legal_moves().iter() {
                for n in &notations {
                    let text = n.write(pos, mv);
                    let read = n.read(pos, &text);
                    prop_assert!(
                        matches!(&read, Ok(r) if r.mv == mv),
                        "{} {mv}: `{text}` read as {read:?}", pos.to_fen()
                    );
                }
            }
        }
    }

    #[test]
    fn shogi_moves_round_trip_in_random_positions(start in any::<usize>(), choices in prop::collection::vec(any::<usize>(), 0..200)) {
        let notations = shogi_notations();
        for pos in shogi_playout(start, &choices).iter().step_by(10) {
            for &mv in pos.legal_moves().iter() {
                for n in &notations {
                    let text = n.write(pos, mv);
                    let read = n.read(pos, &text);
                    prop_assert!(
                        matches!(&read, Ok(r) if r.mv == mv),
                        "{} {mv}: `{text}` read as {read:?}", pos.to_sfen()
                    );
                }
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn no_move_reader_panics(text in "\\PC{0,12}", choices in prop::collection::vec(any::<usize>(), 0..40)) {
        let positions = xiangqi_playout(&choices);
        let pos = positions.last().unwrap();
        for n in xiangqi_notations() {
            let _ = n.read(pos, &text);
        }
        let shogi = shogi_playout(choices.len(), &choices);
        let spos = shogi.last().unwrap();
        for n in shogi_notations() {
            let _ = n.read(spos, &text);
        }
        let _ = psn::Psn::default().parse(&text);
        let _ = xiangqi_board::Position::from_fen(&text);
        let _ = shogi_board::Position::from_sfen(&text);
    }

    #[test]
    fn no_game_reader_panics(text in "(\\PC|[\\[\\](){}\\n\"; .0-9+\\-=*])*") {
        for game in GameReader::new(text.as_bytes()).flatten() {
            let _ = notation_traits::replay(
                &game.record,
                xiangqi_board::Position::new(),
                &wxf_notation::Wxf::default(),
            );
            let _ = psn::PsnGame::new(game);
        }
    }
}
