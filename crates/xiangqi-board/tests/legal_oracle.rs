//! The fast legal move generator against the simple one (each pseudo-legal move made on a copy
//! and the king tested): the same moves on random positions reached from the fixture games
//! (testdata/xiangqi/xiangqi-games.jsonl, 300 games) and the perft positions
//! (testdata/perft/xiangqi.perft), each followed by a random walk of legal moves.

use proptest::prelude::*;
use xiangqi_board::{Move, Position, Square};

/// The start positions of the walks: every position of every fixture game, and the perft FENs.
fn positions() -> &'static [Position] {
    static POSITIONS: std::sync::OnceLock<Vec<Position>> = std::sync::OnceLock::new();
    POSITIONS.get_or_init(|| {
        let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../../testdata");
        let games = std::fs::read_to_string(format!("{root}/xiangqi/xiangqi-games.jsonl"))
            .expect("testdata/xiangqi/xiangqi-games.jsonl");
        let mut out = Vec::new();
        for line in games.lines().filter(|l| !l.trim().is_empty()) {
            let v: serde_json::Value = serde_json::from_str(line).expect("a JSON line");
            let mut pos = Position::from_fen(v["start_fen"].as_str().expect("start_fen"))
                .expect("a fixture FEN");
            out.push(pos);
            for m in v["moves_iccs"].as_array().expect("moves_iccs") {
                let mv: Move = m.as_str().expect("a move").parse().expect("an ICCS move");
                pos = pos.play(mv).expect("a legal fixture move");
                out.push(pos);
            }
        }
        let perft = std::fs::read_to_string(format!("{root}/perft/xiangqi.perft"))
            .expect("testdata/perft/xiangqi.perft");
        for fen in perft.lines().filter_map(|l| l.strip_prefix("fen ")) {
            out.push(Position::from_fen(fen).expect("a perft FEN"));
        }
        assert_eq!(out.len(), 300 + 28_850 + 6, "fixture positions");
        out
    })
}

/// The moves as sorted ICCS texts.
fn sorted(moves: &[Move]) -> Vec<String> {
    let mut v: Vec<String> = moves.iter().map(Move::to_string).collect();
    v.sort();
    v
}

/// Checks every generator entry point of `pos` against the simple generator.
fn same_moves(pos: &Position) -> Result<(), TestCaseError> {
    let simple = pos.legal_moves_by_trial();
    let fast = pos.legal_moves();
    prop_assert_eq!(sorted(&fast), sorted(&simple), "{}", pos.to_fen());
    prop_assert_eq!(pos.count_legal_moves(), simple.len(), "{}", pos.to_fen());
    for i in 0..90u8 {
        let sq = Square::new(
            xiangqi_board::File::new(i % 9).expect("file"),
            xiangqi_board::Rank::new(i / 9).expect("rank"),
        );
        let from: Vec<Move> = simple.iter().copied().filter(|m| m.from() == sq).collect();
        prop_assert_eq!(
            sorted(&pos.legal_moves_from(sq)),
            sorted(&from),
            "{} from {}",
            pos.to_fen(),
            sq
        );
    }
    for mv in simple.iter() {
        prop_assert!(pos.is_legal(*mv), "{} {}", pos.to_fen(), mv);
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    #[test]
    fn fast_legal_moves_are_the_simple_ones(start in any::<prop::sample::Index>(),
                                            walk in prop::collection::vec(any::<prop::sample::Index>(), 0..40)) {
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

#[test]
fn every_fixture_position_has_the_simple_moves() {
    for pos in positions() {
        same_moves(pos).expect("same moves");
    }
}
