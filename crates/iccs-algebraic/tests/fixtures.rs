//! The Fairy-Stockfish fixtures (testdata/xiangqi/xiangqi-games.jsonl and xiangqi-cases.jsonl,
//! made with pyffish 0.0.90; see testdata/README.md): every move read in ICCS (ranks
//! 0-9) and in pyffish's UCI (ranks 1-10); the algebraic writer with English letters must write
//! the `san` column exactly, and reading `san` must give the same move back. The WinBoard
//! profile must write what WinBoard's rules make of the same move: `san` with every rank one
//! lower, and pawn moves in WinBoard's form (XBoard `moves.c`, `CoordsToAlgebraic`).

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

    let winboard = winboard_san(iccs, san);
    assert_eq!(
        Algebraic::WINBOARD.write_move(pos, mv),
        winboard,
        "{place}: `{iccs}` (`{san}`) in {}",
        pos.to_fen()
    );
    let from_winboard = Algebraic::WINBOARD
        .read_move(pos, &winboard)
        .unwrap_or_else(|e| panic!("{place}: WinBoard `{winboard}`: {e}"));
    assert_eq!(from_winboard.mv, mv, "{place}: WinBoard `{winboard}`");
    assert!(
        from_winboard.warnings.is_empty(),
        "{place}: `{winboard}`: {:?}",
        from_winboard.warnings
    );
    mv
}

/// WinBoard's SAN for a move, made from the fixture's ICCS move and Fairy-Stockfish's SAN by
/// the rules alone (research notes section 5; XBoard `moves.c`): a piece move is Fairy's with
/// every rank one lower (WinBoard disambiguates the same way: file, else rank, else both); a
/// pawn move has no letter, and the file of departure unless it goes straight without a capture
/// (`c4`, `ed5`, `exd5`, `exe5`); the check sign is Fairy's.
fn winboard_san(iccs: &str, san: &str) -> String {
    let mark = san.trim_start_matches(|c| c != '+' && c != '#');
    if let Some(body) = san.strip_prefix('P') {
        let capture = body.contains('x');
        let (from_file, to) = (&iccs[..1], &iccs[2..]);
        return if from_file == &to[..1] && !capture {
            format!("{to}{mark}")
        } else {
            let x = if capture { "x" } else { "" };
            format!("{from_file}{x}{to}{mark}")
        };
    }
    let mut out = String::new();
    let mut digits = String::new();
    for c in san.chars().chain(std::iter::once(' ')) {
        if c.is_ascii_digit() {
            digits.push(c);
            continue;
        }
        if !digits.is_empty() {
            let rank: u8 = digits.parse().expect("a rank 1-10");
            out.push_str(&(rank - 1).to_string());
            digits.clear();
        }
        if c != ' ' {
            out.push(c);
        }
    }
    out
}

#[test]
fn winboard_san_by_the_rules() {
    // Research section 5 and edge cases 13, 20, 21.
    assert_eq!(winboard_san("h2e2", "Che3"), "Che2");
    assert_eq!(winboard_san("h9h6", "R10h7"), "R9h6");
    assert_eq!(winboard_san("i8i9", "Ri10#"), "Ri9#");
    assert_eq!(winboard_san("i8e8", "Rxe9+"), "Rxe8+");
    assert_eq!(winboard_san("c3c4", "Pc5"), "c4");
    assert_eq!(winboard_san("e5d5", "Ped6+"), "ed5+");
    assert_eq!(winboard_san("f4g4", "Pfxg5"), "fxg4");
    assert_eq!(winboard_san("e5e4", "Pxe5"), "exe4");
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
    // testdata/README.md: 28,850 plies.
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
