//! The legal move generator against the rules checked move by move: on random positions
//! reached from the fixture games (testdata/shogi/shogi-games.jsonl) and the perft positions
//! (testdata/perft/shogi.perft), each followed by a random walk of legal moves, the generated
//! moves are exactly the candidate moves (every board move with and without promotion, every
//! drop) that `check_move` accepts; `check_move` makes the move on a copy and tests the king.
//! The same again from positions where a side has no king (mating problems, 詰将棋).

use proptest::prelude::*;
use shogi_board::{Move, PieceKind, Position, Square, perft, perft_built};

/// The start positions of the walks: every position of every fixture game, and the perft SFENs.
fn positions() -> &'static [Position] {
    static POSITIONS: std::sync::OnceLock<Vec<Position>> = std::sync::OnceLock::new();
    POSITIONS.get_or_init(|| {
        let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../../testdata");
        let games = std::fs::read_to_string(format!("{root}/shogi/shogi-games.jsonl"))
            .expect("testdata/shogi/shogi-games.jsonl");
        let mut out = Vec::new();
        for line in games.lines().filter(|l| !l.trim().is_empty()) {
            let v: serde_json::Value = serde_json::from_str(line).expect("a JSON line");
            let mut pos = Position::from_sfen(v["start_sfen"].as_str().expect("start_sfen"))
                .expect("a fixture SFEN");
            out.push(pos);
            for m in v["moves_usi"].as_array().expect("moves_usi") {
                let mv: Move = m.as_str().expect("a move").parse().expect("a USI move");
                pos = pos.play(mv).expect("a legal fixture move");
                out.push(pos);
            }
        }
        let perft = std::fs::read_to_string(format!("{root}/perft/shogi.perft"))
            .expect("testdata/perft/shogi.perft");
        for sfen in perft.lines().filter_map(|l| l.strip_prefix("sfen ")) {
            out.push(Position::from_sfen(sfen).expect("a perft SFEN"));
        }
        assert_eq!(out.len(), 300 + 36_295 + 5, "fixture positions");
        out
    })
}

/// Every candidate move: each board move with and without promotion, each drop.
fn candidates() -> &'static [Move] {
    static MOVES: std::sync::OnceLock<Vec<Move>> = std::sync::OnceLock::new();
    MOVES.get_or_init(|| {
        let squares: Vec<Square> = (1..=9)
            .flat_map(|f| (b'a'..=b'i').map(move |r| format!("{f}{}", r as char)))
            .map(|s| s.parse().expect("a square"))
            .collect();
        let mut out = Vec::new();
        for &from in &squares {
            for &to in &squares {
                for promote in [false, true] {
                    out.push(Move::Normal { from, to, promote });
                }
            }
        }
        for kind in [
            PieceKind::Pawn,
            PieceKind::Lance,
            PieceKind::Knight,
            PieceKind::Silver,
            PieceKind::Gold,
            PieceKind::Bishop,
            PieceKind::Rook,
        ] {
            for &to in &squares {
                out.push(Move::Drop { kind, to });
            }
        }
        out
    })
}

/// The moves as sorted USI texts.
fn sorted(moves: impl IntoIterator<Item = Move>) -> Vec<String> {
    let mut v: Vec<String> = moves.into_iter().map(|m| m.to_string()).collect();
    v.sort();
    v
}

/// Checks the generator of `pos` against `check_move` over every candidate.
fn same_moves(pos: &Position) -> Result<(), TestCaseError> {
    let checked = sorted(
        candidates()
            .iter()
            .copied()
            .filter(|&m| pos.check_move(m).is_ok()),
    );
    let generated = pos.legal_moves();
    prop_assert_eq!(
        sorted(generated.iter().copied()),
        checked.clone(),
        "{}",
        pos.to_sfen()
    );
    prop_assert_eq!(pos.count_legal_moves(), checked.len(), "{}", pos.to_sfen());
    prop_assert_eq!(perft_built(pos, 2), perft(pos, 2), "{}", pos.to_sfen());
    Ok(())
}

/// Starts where a side has no king: the mating problems of ../shared/specimens (看寿賞
/// 平成元年 in tsumeshogi.csa, 毎日詰将棋 2021-11-07 and 2022-06-04), the pawn-drop mate
/// position without Black's king, and White without a king holding every piece.
const KINGLESS: [&str; 5] = [
    "9/9/3pp4/+r2k1p3/2L1+p4/2+R6/B8/B8/9 b 4g4s4n3l14p 1",
    "6l2/6nk1/6R2/5Lppp/9/9/9/9/9 b 2BNr4g4s2n2l15p 1",
    "6Bl1/8R/5+rks1/5pp2/7S1/6P1L/9/9/9 b GNb3g2s3n2l15p 1",
    "7lk/9/8S/9/9/9/9/7L1/9 b P 1",
    "9/9/9/9/9/9/9/9/4K4 w 2r2b4g4s4n4l18p 1",
];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1500))]

    #[test]
    fn without_a_king_generated_moves_are_the_checked_ones(
        start in prop::sample::select(&KINGLESS[..]),
        walk in prop::collection::vec(any::<prop::sample::Index>(), 0..30),
    ) {
        let mut pos = Position::from_sfen(start).expect("a kingless SFEN");
        same_moves(&pos)?;
        for step in walk {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            pos.play_unchecked(*step.get(&moves));
            same_moves(&pos)?;
        }
    }

    #[test]
    fn generated_moves_are_the_checked_ones(start in any::<prop::sample::Index>(),
                                            walk in prop::collection::vec(any::<prop::sample::Index>(), 0..30)) {
        let mut pos = *start.get(positions());
        same_moves(&pos)?;
        for step in walk {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            pos.play_unchecked(*step.get(&moves));
            same_moves(&pos)?;
        }
    }
}
