//! PSN as other programs write it, met in public collections (issue 17, part 5): a result line
//! `--Black Won--` (playshogi), `Resigns.` with a full stop, a USI move inside a PSN line
//! (`4i5h` for `G4i-5h`), a move's time in parentheses glued to it (`S6h(3)`), commentary in
//! square brackets and parenthesised remarks that hold no move.
//!
//! Expected moves are from the even start by the rules: 7g7f 3c3d, then 6i7h is the gold on 6i
//! (the only piece there), 7i6h the silver on 7i; `1-0` is Black (sente) winning (PSN, as PGN).

use notation_traits::{GameResult, ReplayOptions, Termination};
use psn::{PsnGame, PsnReader};

fn games(text: &str) -> Vec<PsnGame> {
    PsnReader::new(text.as_bytes())
        .collect::<Result<_, _>>()
        .unwrap_or_else(|e| panic!("{e}"))
}

fn coordinates(game: &PsnGame) -> Vec<String> {
    let replayed = game.replay(ReplayOptions::default()).expect("a start");
    assert!(!replayed.has_errors(), "{:?}", replayed.diagnostics);
    replayed
        .record
        .main
        .moves
        .iter()
        .map(|m| m.mv.to_string())
        .collect()
}

#[test]
fn a_won_line_ends_the_game_with_its_result() {
    for (line, result) in [
        ("--Black Won--", GameResult::FirstPlayerWins),
        ("--White Won--", GameResult::SecondPlayerWins),
        ("--Draw--", GameResult::Draw),
    ] {
        let text = format!("[Sente \"a\"]\n[Gote \"b\"]\n\n1.P-7f 2.P-3d\n{line}\n");
        let found = games(&text);
        assert_eq!(found.len(), 1);
        let g = &found[0];
        assert!(g.raw.diagnostics.is_empty(), "{:?}", g.raw.diagnostics);
        assert_eq!(coordinates(g), ["7g7f", "3c3d"]);
        assert_eq!(g.result(), Some(result), "{line}");
        // Nothing is lost: the line is kept after the result.
        assert_eq!(g.record().trailing_comments, [line]);
    }
    // Dashes around other words are not a result: the line stays a (faulty) move.
    let g = &games("1.P-7f 2.P-3d\n--a remark--\n")[0];
    assert_eq!(g.result(), None);
    assert_eq!(g.record().main.moves.len(), 4);
}

#[test]
fn resigns_with_a_full_stop_is_the_terminal_word() {
    let g = &games("1.P-7f 2.P-3d 3.Resigns.\n")[0];
    assert_eq!(g.termination(), Some(Termination::Resignation));
    // Black is to move at ply 3 and resigns.
    assert_eq!(g.result(), Some(GameResult::SecondPlayerWins));
    assert_eq!(coordinates(g), ["7g7f", "3c3d"]);
}

#[test]
fn a_usi_move_in_a_psn_line_is_the_move_of_the_piece_on_its_origin() {
    let g = &games("1.P-7f 2.P-3d 3.6i7h 4.P-8d 5.7i6h 6.8c8d=\n")[0];
    let replayed = g.replay(ReplayOptions::default()).expect("a start");
    let found: Vec<(Option<u32>, &str, &str)> = replayed
        .diagnostics
        .iter()
        .map(|d| (d.ply, d.code.as_str(), d.message.as_str()))
        .collect();
    assert_eq!(
        found[..2],
        [
            (
                Some(3),
                "piece-left-out",
                "`6i7h` names no piece: read as `G6i-7h`, the gold on 6i"
            ),
            (
                Some(5),
                "piece-left-out",
                "`7i6h` names no piece: read as `S7i-6h`, the silver on 7i"
            ),
        ]
    );
    // 8c8d with a pawn of White's already on 8d: no such move; no piece on 8c either.
    assert!(replayed.has_errors());
    let moves: Vec<String> = replayed
        .record
        .main
        .moves
        .iter()
        .map(|m| m.mv.to_string())
        .collect();
    assert_eq!(moves[..5], ["7g7f", "3c3d", "6i7h", "8c8d", "7i6h"]);
    // A square without a piece of the side to move names no move.
    let g = &games("1.P-7f 2.5e5d\n")[0];
    let replayed = g.replay(ReplayOptions::default()).expect("a start");
    let error = replayed.diagnostics.iter().find(|d| d.is_error()).unwrap();
    assert_eq!(error.code, "no-such-piece");
    assert!(
        error.message.contains("no white piece stands on 5e"),
        "{}",
        error.message
    );
}

#[test]
fn a_number_glued_to_a_move_in_parentheses_is_its_time() {
    let g = &games("1.P-7f(3) 2.P-3d(12) 3.S-6h (00:01 / 00:00:04)\n")[0];
    assert_eq!(coordinates(g), ["7g7f", "3c3d", "7i6h"]);
    let main = &g.record().main.moves;
    let clocks: Vec<Option<&str>> = main.iter().map(|m| m.clock.as_deref()).collect();
    assert_eq!(clocks, [Some("3"), Some("12"), Some("00:01 / 00:00:04")]);
    assert!(main.iter().all(|m| m.variations.is_empty()));
    // Seconds alone are a time other formats can write.
    assert_eq!(notation_traits::move_time_millis("12"), Some(12_000));
}

#[test]
fn bracket_commentary_and_remarks_are_comments_not_games_or_variations() {
    let text = "[Sente \"a\"]\n[Gote \"b\"]\n\n1.P-7f 2.P-3d (equal)\n[Both sides open the bishop diagonal.]\n3.P-2f (black is slightly better) 4.P-8d\n";
    let found = games(text);
    assert_eq!(found.len(), 1, "the `[` line starts no new game");
    let g = &found[0];
    assert!(g.raw.diagnostics.is_empty(), "{:?}", g.raw.diagnostics);
    assert_eq!(coordinates(g), ["7g7f", "3c3d", "2g2f", "8c8d"]);
    let main = &g.record().main.moves;
    assert_eq!(
        main[1].comments,
        ["(equal)", "Both sides open the bishop diagonal."]
    );
    assert_eq!(main[2].comments, ["(black is slightly better)"]);
    assert!(main.iter().all(|m| m.variations.is_empty()));
    // A variation that holds a move stays one.
    let g = &games("1.P-7f 2.P-3d (2.P-8d) 3.P-2f\n")[0];
    assert_eq!(g.record().main.moves[1].variations.len(), 1);
    // A tag pair after the moves still starts the next game.
    assert_eq!(games("1.P-7f\n[Sente \"c\"]\n1.P-2f\n").len(), 2);
}
