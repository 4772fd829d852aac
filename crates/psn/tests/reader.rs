//! The game-file layer: start positions from `[SFEN]` and `[Handicap]`, terminal words and the
//! results they imply, dialect detection (PSN, PSN2, a bare USI line), and the warnings when a
//! file contradicts itself.
//!
//! Expected values follow docs/research/shogi-psn.md (1.5, 1.6, 1.7; edge cases 19-26) and
//! docs/notations.md ("Shogi PSN").

use notation_traits::{GameResult, ReplayOptions, Severity, Termination, parse_game_text};
use psn::{Dialect, PsnGame, PsnReader, TerminalWord, start_position};
use rstest::rstest;
use shogi_board::{Handicap, Position};

fn game(text: &str) -> PsnGame {
    PsnReader::new(text.as_bytes())
        .next()
        .expect("a game")
        .unwrap_or_else(|e| panic!("{e}"))
}

const BOARD: &str = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL";
const TWO_PIECE_BOARD: &str = "lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL";

#[rstest]
#[case::no_tags("1.P-7f\n", Position::START_SFEN)]
#[case::full_sfen_wins_over_handicap(
    "[Handicap \"Lance\"]\n[SFEN \"4k4/9/9/9/9/9/9/9/4K4 w P 7\"]\n",
    "4k4/9/9/9/9/9/9/9/4K4 w P 7"
)]
#[case::board_only_sfen(
    "[SFEN \"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL\"]\n",
    Position::START_SFEN
)]
#[case::board_only_sfen_with_a_handicap(
    "[Handicap \"Two piece\"]\n[SFEN \"lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL\"]\n",
    "lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"
)]
#[case::board_only_sfen_gote_first_by_ellipsis(
    "[SFEN \"lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL\"]\n1... P-3d\n",
    "lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"
)]
#[case::handicap_lance("[Handicap \"Lance\"]\n", Handicap::Lance.sfen())]
#[case::handicap_any_case("[HANDICAP \"rook and lance\"]\n", Handicap::RookLance.sfen())]
#[case::handicap_japanese("[Handicap \"香落ち\"]\n", Handicap::Lance.sfen())]
#[case::handicap_even("[Handicap \"Even\"]\n", Position::START_SFEN)]
#[case::handicap_empty("[Handicap \"\"]\n", Position::START_SFEN)]
#[case::sfen_key_in_lower_case(
    "[sfen \"4k4/9/9/9/9/9/9/9/4K4 b - 1\"]\n",
    "4k4/9/9/9/9/9/9/9/4K4 b - 1"
)]
fn start_positions(#[case] text: &str, #[case] sfen: &str) {
    let raw = parse_game_text(text);
    let pos = start_position(&raw.record).unwrap_or_else(|d| panic!("{d}"));
    assert_eq!(pos.to_sfen(), sfen);
    // The consts above are the boards of the even and two-piece starts.
    assert!(Position::START_SFEN.starts_with(BOARD));
    assert!(Handicap::TwoPiece.sfen().starts_with(TWO_PIECE_BOARD));
}

#[rstest]
#[case::bad_sfen(
    "[SFEN \"4k4/9/9 b - 1\"]\n",
    "bad-sfen",
    "[SFEN \"4k4/9/9 b - 1\"]: expected 9 ranks separated by `/`, found 3"
)]
#[case::unknown_handicap(
    "[Handicap \"Queen\"]\n",
    "bad-handicap",
    "[Handicap \"Queen\"]: expected a handicap (lance, right lance, bishop, rook, rook+lance, 2, 3, 4, 5, left 5, 6, left 7, right 7, 8 or 10 piece, or its Japanese name), found `Queen`"
)]
#[case::old_fen_bad_side(
    "[FEN \"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL 0000000/0000000 x 1\"]\n",
    "bad-fen",
    "[FEN \"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL 0000000/0000000 x 1\"]: expected `s` or `g` for the side to move, found `x`"
)]
#[case::old_fen_bad_count(
    "[FEN \"4k4/9/9/9/9/9/9/9/4K4 00a/T s 1\"]\n",
    "bad-fen",
    "[FEN \"4k4/9/9/9/9/9/9/9/4K4 00a/T s 1\"]: expected a count digit, found `a` in `00a`"
)]
#[case::old_fen_too_many_pieces(
    "[FEN \"4k4/9/9/9/9/9/9/9/4K4 0900000/T s 1\"]\n",
    "bad-fen",
    "[FEN \"4k4/9/9/9/9/9/9/9/4K4 0900000/T s 1\"]: Sente's hand and the board hold more pieces than a set"
)]
fn start_position_errors_point_at_the_tag(
    #[case] text: &str,
    #[case] code: &str,
    #[case] message: &str,
) {
    let raw = parse_game_text(text);
    let d = start_position(&raw.record).unwrap_err();
    assert_eq!(d.code, code);
    assert_eq!(d.message, message);
    assert_eq!(d.severity, Severity::Error);
    assert_eq!(d.span.map(|s| (s.start.line, s.start.column)), Some((1, 1)));
}

/// One move is played (Black's), so White is to move when the word comes.
#[rstest]
#[case::resigns("Resigns", Some(GameResult::FirstPlayerWins), Termination::Resignation)]
#[case::resign("resign", Some(GameResult::FirstPlayerWins), Termination::Resignation)]
#[case::interrupt("Interrupt", None, Termination::Interrupted)]
#[case::mate("Mate", Some(GameResult::FirstPlayerWins), Termination::Checkmate)]
#[case::sennichite("Sennichite", Some(GameResult::Draw), Termination::Repetition)]
#[case::jishogi("Jishogi", None, Termination::Declaration)]
#[case::timeup("Timeup", Some(GameResult::FirstPlayerWins), Termination::Time)]
#[case::illegal_move(
    "IllegalMove",
    Some(GameResult::FirstPlayerWins),
    Termination::IllegalMove
)]
#[case::repetition_draw("RepetitionDraw", Some(GameResult::Draw), Termination::Repetition)]
#[case::repetition_win(
    "RepetitionWin",
    Some(GameResult::SecondPlayerWins),
    Termination::Repetition
)]
#[case::max_moves_draw("MaxMovesDraw", Some(GameResult::Draw), Termination::MoveRule)]
#[case::declaration_win(
    "DeclarationWin",
    Some(GameResult::SecondPlayerWins),
    Termination::Declaration
)]
fn terminal_words_imply_results(
    #[case] word: &str,
    #[case] result: Option<GameResult>,
    #[case] termination: Termination,
) {
    let g = game(&format!(
        "1.P-7f\n2.{word} (00:01 / 00:00:01)\n{{after the end}}\n"
    ));
    let t = g.terminal.as_ref().expect("a terminal word");
    assert_eq!(t.text, word);
    assert!(!t.first_to_move, "white is to move");
    assert_eq!(t.number.map(|n| n.value), Some(2));
    assert_eq!(t.clock.as_deref(), Some("00:01 / 00:00:01"));
    assert_eq!(g.result(), result);
    assert_eq!(g.termination(), Some(termination));
    let record = g.record();
    assert_eq!(record.main.moves.len(), 1);
    assert_eq!(record.result_token.as_deref(), Some(word));
    assert_eq!(record.trailing_comments, ["after the end"]);
    assert!(g.raw.diagnostics.is_empty(), "{:?}", g.raw.diagnostics);
    assert_eq!(
        TerminalWord::from_word(word).map(TerminalWord::kind),
        Some(t.kind)
    );
}

#[test]
fn a_pgn_result_stays_the_result_token() {
    let g = game("1. P-7f P-3d 2. Resigns 1-0\n");
    assert_eq!(g.record().result_token.as_deref(), Some("1-0"));
    assert_eq!(g.terminal.as_ref().map(|t| t.first_to_move), Some(true));
    assert_eq!(g.result(), Some(GameResult::FirstPlayerWins));
    // Black resigned, yet the text says 1-0: the contradiction is reported.
    assert_eq!(g.raw.diagnostics.len(), 1);
    assert_eq!(g.raw.diagnostics[0].code, "result-mismatch");
    assert_eq!(
        g.raw.diagnostics[0].message,
        "`Resigns` after ply 2 means 0-1 (black to move), but the move text gives 1-0"
    );
}

#[test]
fn a_result_tag_that_contradicts_the_terminal_word_is_reported() {
    let g = game("[Result \"0-1\"]\n1.P-7f\n2.Resigns\n");
    assert_eq!(g.raw.diagnostics[0].code, "result-mismatch");
    assert_eq!(
        g.raw.diagnostics[0].message,
        "`Resigns` after ply 1 means 1-0 (white to move), but the [Result] tag gives 0-1"
    );
    // The tag is the stated result.
    assert_eq!(g.result(), Some(GameResult::SecondPlayerWins));
}

#[test]
fn moves_after_the_terminal_word_are_kept_as_a_comment_with_a_warning() {
    let g = game("1.P-7f\n2.Resigns\n3.P-7e\n");
    assert_eq!(g.record().main.moves.len(), 1);
    assert_eq!(g.raw.diagnostics.len(), 1);
    let d = &g.raw.diagnostics[0];
    assert_eq!(d.code, "text-after-result");
    assert_eq!(
        d.message,
        "1 move(s) after the terminal word `Resigns` are not read (kept as a comment), starting at `P-7e`"
    );
    assert_eq!(d.span.map(|s| (s.start.line, s.start.column)), Some((3, 3)));
    assert_eq!(g.record().trailing_comments, ["3.P-7e"]);
}

#[test]
fn a_terminal_word_ends_a_variation_as_a_comment() {
    let g = game("1.P-7f (1.P-2f 2.Resigns)\n2.P-3d\n");
    let v = &g.record().main.moves[0].variations[0];
    assert_eq!(v.moves.len(), 1);
    assert_eq!(v.moves[0].comments, ["Resigns"]);
    let replayed = g.replay(ReplayOptions::default()).expect("a start");
    assert!(
        replayed.diagnostics.is_empty(),
        "{:?}",
        replayed.diagnostics
    );
}

#[test]
fn mate_after_a_position_that_is_not_mate_is_reported() {
    let g = game("1.P-7f\n2.Mate\n");
    let replayed = g.replay(ReplayOptions::default()).expect("a start");
    assert_eq!(replayed.diagnostics.len(), 1);
    assert_eq!(replayed.diagnostics[0].code, "terminal-mismatch");
    assert_eq!(
        replayed.diagnostics[0].message,
        "`Mate` written, but the white king is not checkmated"
    );
}

#[rstest]
#[case::psn2(
    "[Black \"a\"]\n[White \"b\"]\n1.7g7f 2.3c3d 3.8h2b+ 4.3a2b\n",
    Dialect::Psn2
)]
#[case::psn2_in_capitals("[BLACK \"a\"]\n[WHITE \"b\"]\n1.7g7f 2.3c3d\n", Dialect::Psn2)]
#[case::black_white_tags_with_psn_moves(
    "[Black \"a\"]\n[White \"b\"]\n1.P-7f 2.P-3d\n",
    Dialect::Psn
)]
#[case::shogihome_psn2_with_piece_letters("[Black \"a\"]\n1.P2g-2f    2.P8c-8d\n", Dialect::Psn)]
#[case::bare_usi_line("7g7f 3c3d 8h2b+ 3a2b B*4e\n", Dialect::Usi)]
#[case::usi_with_sente_tags("[Sente \"a\"]\n1.7g7f 2.3c3d\n", Dialect::Usi)]
#[case::drops_alone_read_as_psn(
    "[Black \"a\"]\n[SFEN \"4k4/9/9/9/9/9/9/9/4K4 b P 1\"]\n1.P*5e\n",
    Dialect::Psn
)]
fn dialects_are_detected(#[case] text: &str, #[case] dialect: Dialect) {
    let g = game(text);
    assert_eq!(g.dialect, dialect);
    let replayed = g.replay(ReplayOptions::default()).expect("a start");
    assert!(!replayed.has_errors(), "{:?}", replayed.diagnostics);
    assert_eq!(replayed.unread.len(), 0);
}

#[test]
fn a_bare_usi_line_reads_through_the_replay_machinery() {
    let g = game("7g7f 3c3d 8h2b+ 3a2b B*4e\n");
    let replayed = g.replay(ReplayOptions::default()).expect("a start");
    assert_eq!(
        replayed.end.to_sfen(),
        // 3a2b took the horse (White holds a bishop); B*4e dropped Black's.
        "lnsgkg1nl/1r5s1/pppppp1pp/6p2/5B3/2P6/PP1PPPPPP/7R1/LNSGKGSNL w b 6"
    );
}

#[test]
fn a_faulty_move_is_reported_with_its_place_and_candidates() {
    let g = game("[Sente \"a\"]\n[Gote \"b\"]\n1.P-7f\n2.P-3d\n3.G-5h\n4.P-8d\n");
    let replayed = g.replay(ReplayOptions::default()).expect("a start");
    let errors: Vec<_> = replayed
        .diagnostics
        .iter()
        .filter(|d| d.is_error())
        .collect();
    assert_eq!(errors.len(), 1, "{:?}", replayed.diagnostics);
    let d = errors[0];
    assert_eq!(d.code, "ambiguous-move");
    assert_eq!(d.ply, Some(3));
    assert_eq!(d.span.map(|s| (s.start.line, s.start.column)), Some((5, 3)));
    assert_eq!(d.candidates, ["G6i-5h", "G4i-5h"]);
}

/// The 1998 draft's `[FEN]`: `T` gives Gote every piece not on the board or in Sente's hand;
/// it comes before `[Handicap]`, and `[SFEN]` before both.
#[test]
fn old_fen_tag_with_the_rest_to_gote() {
    let raw = parse_game_text("[FEN \"4k4/9/9/9/9/9/9/9/4K4 0000011/T g 7\"]\n");
    let pos = start_position(&raw.record)
        .map_err(|d| d.to_string())
        .unwrap();
    assert_eq!(pos.to_sfen(), "4k4/9/9/9/9/9/9/9/4K4 w RBrb4g4s4n4l18p 7");
    let raw = parse_game_text(
        "[Handicap \"Lance\"]\n[FEN \"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL - s\"]\n",
    );
    let game = PsnGame::new(raw);
    assert_eq!(game.start.as_ref().ok(), Some(&Position::new()));
    assert_eq!(game.raw.diagnostics[0].code, "handicap-mismatch");
    let raw = parse_game_text(&format!(
        "[FEN \"4k4/9/9/9/9/9/9/9/4K4 - s\"]\n[SFEN \"{}\"]\n",
        Handicap::Rook.sfen()
    ));
    assert_eq!(
        start_position(&raw.record).ok(),
        Some(Handicap::Rook.position())
    );
}

/// The capture shorthand needs a previous move: as the first move it is a syntax error.
#[test]
fn capture_shorthand_forms_and_the_first_move() {
    for (text, want) in [
        ("1.P-7f 2.P-3d 3.Bx2b+ 4.Sx", "3a2b"),
        ("1.P-7f 2.P-3d 3.Bx2b+ 4.xS", "3a2b"),
        ("1.P-7f 2.P-3d 3.Bx2b+ 4.Sx=", "3a2b"),
        ("1.P-7f 2.P-3d 3.Bx2b+ 4.xS=", "3a2b"),
    ] {
        let game = PsnGame::new(parse_game_text(text));
        assert_eq!(game.raw.diagnostics[0].code, "capture-shorthand", "{text}");
        let replayed = game.replay(ReplayOptions::default()).unwrap();
        assert_eq!(replayed.record.main.moves[3].mv.to_string(), want, "{text}");
    }
    let game = PsnGame::new(parse_game_text("1.xP"));
    let replayed = game.replay(ReplayOptions::default()).unwrap();
    assert!(replayed.record.main.moves.is_empty());
    assert_eq!(replayed.diagnostics[0].code, "syntax");
}

/// `Variation: N` with the number apart, and a block that replaces no move.
#[test]
fn variation_blocks_number_apart_and_out_of_range() {
    let text = "1.P7g-7f\n2.P3c-3d\n3.P2g-2f\nVariation: 2\n2.P8c-8d\nVariation:9\n9.P1g-1f\n";
    let game = PsnGame::new(parse_game_text(text));
    let codes: Vec<&str> = game
        .raw
        .diagnostics
        .iter()
        .map(|d| d.code.as_ref())
        .collect();
    assert_eq!(codes, ["bad-variation"]);
    let replayed = game.replay(ReplayOptions::default()).unwrap();
    let main = &replayed.record.main.moves;
    assert_eq!(main.len(), 3);
    assert_eq!(main[1].variations[0].moves[0].mv.to_string(), "8c8d");
    assert_eq!(main[1].variations[0].moves.len(), 1);
    assert_eq!(main[2].comments, ["Variation:9 9.P1g-1f"]);
}

/// `~` is a line break in comments.
#[test]
fn tilde_in_comments_is_a_line_break() {
    let game = PsnGame::new(parse_game_text("{a~b} 1.P-7f {c ~d}\n"));
    assert_eq!(game.record().main.comments, ["a\nb"]);
    assert_eq!(game.record().main.moves[0].comments, ["c \nd"]);
}
