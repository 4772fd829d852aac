//! The Fairy-Stockfish fixtures (testdata/xiangqi/xiangqi-games.jsonl and xiangqi-cases.jsonl,
//! made with pyffish 0.0.90; see ../shared/fixtures/README.md): every move read in ICCS (ranks
//! 0-9) and in pyffish's UCI (ranks 1-10); the algebraic writer with English letters must write
//! the `san` column exactly, and reading `san` must give the same move back.

mod common;

use iccs_algebraic::{Algebraic, Iccs};
use notation_traits::MoveNotation;
use xiangqi_board::{Move, Position};

/// Checks one move of a fixture in `pos`: ICCS, UCI and SAN all name `iccs`, and both writers
/// give the fixture's text. Returns the move.
fn check_move(pos: &Position, iccs: &str, uci: &str, san: &str, place: &str) -> Move {
    let read = Iccs::ENGINE
        .read_move(pos, iccs)
        .unwrap_or_else(|e| panic!("{place}: ICCS `{iccs}`: {e}"));
    assert!(read.warnings.is_empty(), "{place}: `{iccs}`");
    let mv = read.mv;
    assert_eq!(mv.to_string(), iccs, "{place}");

    let from_uci = Iccs::FAIRY_UCI
        .read_move(pos, uci)
        .unwrap_or_else(|e| panic!("{place}: UCI `{uci}`: {e}"));
    assert_eq!(from_uci.mv, mv, "{place}: UCI `{uci}`");
    assert_eq!(Iccs::FAIRY_UCI.write_move(pos, mv), uci, "{place}");
    assert_eq!(Iccs::ENGINE.write_move(pos, mv), iccs, "{place}");

    assert_eq!(
        Algebraic::ENGLISH.write_move(pos, mv),
        san,
        "{place}: `{iccs}` in {}",
        pos.to_fen()
    );
    let from_san = Algebraic::ENGLISH
        .read_move(pos, san)
        .unwrap_or_else(|e| panic!("{place}: SAN `{san}`: {e}"));
    assert_eq!(from_san.mv, mv, "{place}: SAN `{san}`");
    assert!(
        from_san.warnings.is_empty(),
        "{place}: `{san}`: {:?}",
        from_san.warnings
    );
    mv
}

/// The first two FEN fields: board and side to move.
fn board_and_side(fen: &str) -> String {
    fen.split(' ').take(2).collect::<Vec<_>>().join(" ")
}

#[test]
fn every_fixture_game_reads_and_writes_as_pyffish() {
    let games = common::games();
    assert_eq!(games.len(), 300);
    let mut plies = 0;
    for game in &games {
        assert_eq!(game.iccs.len(), game.san.len(), "{}", game.id);
        assert_eq!(game.iccs.len(), game.uci.len(), "{}", game.id);
        let mut pos = game.start;
        for (i, ((iccs, uci), san)) in game.iccs.iter().zip(&game.uci).zip(&game.san).enumerate() {
            let place = format!("{} ply {}", game.id, i + 1);
            let mv = check_move(&pos, iccs, uci, san, &place);
            pos.play_unchecked(mv);
            plies += 1;
        }
        assert_eq!(
            board_and_side(&pos.to_fen()),
            board_and_side(&game.final_fen),
            "{}",
            game.id
        );
    }
    // ../shared/fixtures/README.md: 28,850 plies.
    assert_eq!(plies, 28_850);
}

#[test]
fn every_fixture_case_reads_and_writes_as_pyffish() {
    let cases = common::cases();
    assert_eq!(cases.len(), 88);
    for case in &cases {
        check_move(&case.pos, &case.iccs, &case.uci, &case.san, &case.id);
    }
}
