//! What goes wrong, and what the reader says: syntax errors (place, expected, found), moves by
//! the wrong side, illegal moves with the rule they break, ambiguous moves with their
//! candidates, the lenient forms and their warnings, and the disambiguation rule of the
//! writer.
//!
//! Positions and expected readings come from docs/notations.md ("Shogi PSN"), the research
//! notes' edge cases (docs/research/shogi-psn.md, (a) 6-14, 27), the fixtures README
//! ("Origin squares": pinned rivals, the same promotion choice, tokins and golds) and the rules.

use notation_traits::{MoveError, MoveNotation, NotationError, Rule, SyntaxError};
use psn::{Psn, PsnStyle, Squares, Usi};
use rstest::rstest;
use shogi_board::Position;

fn pos(sfen: &str) -> Position {
    Position::from_sfen(sfen).unwrap_or_else(|e| panic!("{sfen}: {e}"))
}

fn move_error(sfen: &str, text: &str) -> MoveError {
    match Psn::default().read_move(&pos(sfen), text) {
        Err(NotationError::Move(e)) => e,
        other => panic!("`{text}`: expected a move error, got {other:?}"),
    }
}

fn syntax_error(text: &str) -> SyntaxError {
    match Psn::default().parse_move(text) {
        Err(e) => e,
        Ok(syntax) => panic!("`{text}`: expected a syntax error, got {syntax:?}"),
    }
}

const START: &str = Position::START_SFEN;
/// A black pawn on 1b: `P-1a` must promote.
const PAWN_ON_1B: &str = "4k4/8P/9/9/9/9/9/9/4K4 b - 1";
/// Research (a) 27: an unpromoted black pawn on 5g and one in hand.
const PAWN_ON_FILE_5: &str = "4k4/9/9/9/9/9/4P4/9/4K4 b P 1";
/// The fixtures' pawn-drop mate position: `P*1b` would mate.
const UCHIFUZUME: &str = "7lk/9/8S/9/9/9/9/7L1/8K b P 1";
/// The black gold on 5h is pinned by the white rook on 5a.
const PINNED_GOLD: &str = "k3r4/9/9/9/9/9/9/4G4/4K4 b - 1";
/// Silvers on 4e and 3c: both reach 4d, only the one from 3c may promote there.
const TWO_SILVERS: &str = "4k4/9/6S2/9/5S3/9/9/9/4K4 b - 1";
/// A horse on 4d.
const HORSE_ON_4D: &str = "4k4/9/9/5+B3/9/9/9/9/4K4 b - 1";

#[rstest]
#[case::promoted_king(
    "+K-5h",
    2,
    "K",
    "a letter of a piece that promotes (P, L, N, S, B, R) after `+`: `+K` and `+G` do not exist"
)]
#[case::promoted_gold(
    "+G-5h",
    2,
    "G",
    "a letter of a piece that promotes (P, L, N, S, B, R) after `+`: `+K` and `+G` do not exist"
)]
#[case::drop_with_origin(
    "P7g*7f",
    4,
    "*",
    "`-` or `x` after the origin square (a drop has no origin square)"
)]
#[case::drop_promoting(
    "P*5e+",
    5,
    "+",
    "the end of the move (a drop takes no promotion sign)"
)]
#[case::drop_declining(
    "P*5e=",
    5,
    "=",
    "the end of the move (a drop takes no promotion sign)"
)]
#[case::promoted_piece_dropped(
    "+P*5e",
    3,
    "*",
    "a square or an action sign (`-`, `x`; a promoted piece is never dropped)"
)]
#[case::off_the_board("P-5j", 4, "j", "a rank a-i or 1-9")]
#[case::two_signs(
    "R7f--4b",
    5,
    "-",
    "the destination square (a file digit 1-9, then a rank a-i or 1-9)"
)]
// USI's `7g7f` reads as the move of the piece on 7g (tests/other_programs.rs); squares in
// digits without a piece letter name no move.
#[case::squares_without_a_piece(
    "7776",
    1,
    "7",
    "a piece letter (P, L, N, S, G, B, R, K), `+` before a promoted piece, or a player letter (b, w)"
)]
fn syntax_errors_point_at_the_character(
    #[case] text: &str,
    #[case] column: u32,
    #[case] found: &str,
    #[case] expected: &str,
) {
    let e = syntax_error(text);
    assert_eq!(e.span.start.column, column, "`{text}`");
    assert_eq!(e.found, found, "`{text}`");
    assert_eq!(e.expected, expected, "`{text}`");
}

#[rstest]
#[case::player_letter_of_the_other_side(
    START,
    "wP-7f",
    Rule::WrongSide,
    "illegal move: `wP-7f` names a white pawn, but black is to move: it is the other side's turn"
)]
#[case::promotion_outside_the_zone(
    START,
    "P-7f+",
    Rule::PromotionNotAllowed,
    "illegal move: the black pawn on 7g to 7f promoting: this move cannot promote: write P-7f"
)]
#[case::gold_never_promotes(
    START,
    "G4i-5h+",
    Rule::PromotionNotAllowed,
    "illegal move: the black gold on 4i to 5h promoting: this move cannot promote: write G6i-5h or G4i-5h"
)]
#[case::nifu(
    PAWN_ON_FILE_5,
    "P*5e",
    Rule::Nifu,
    "illegal move: a black pawn dropped on 5e: two unpromoted pawns of one side on a file (nifu)"
)]
#[case::nifu_without_drop_sign(
    PAWN_ON_FILE_5,
    "P5e",
    Rule::Nifu,
    "illegal move: a black pawn dropped on 5e: two unpromoted pawns of one side on a file (nifu)"
)]
#[case::uchifuzume(
    UCHIFUZUME,
    "P*1b",
    Rule::Uchifuzume,
    "illegal move: a black pawn dropped on 1b: a pawn drop may not give checkmate (uchifuzume)"
)]
#[case::dead_knight(
    "4k4/9/9/9/9/9/9/9/4K4 b N 1",
    "N*2b",
    Rule::DeadPiece,
    "illegal move: a black knight dropped on 2b: the piece could never move again from there"
)]
#[case::dead_pawn(
    "4k4/9/9/9/9/9/9/9/4K4 b P 1",
    "P*3a",
    Rule::DeadPiece,
    "illegal move: a black pawn dropped on 3a: the piece could never move again from there"
)]
#[case::declined_forced_promotion(
    PAWN_ON_1B,
    "P-1a=",
    Rule::ForcedPromotion,
    "illegal move: the black pawn on 1b to 1a without promoting: the piece must promote there: write P-1a+"
)]
#[case::pinned_piece(
    PINNED_GOLD,
    "G-4h",
    Rule::KingLeftInCheck,
    "illegal move: the black gold on 5h to 4h: the move leaves the mover's king in check: write K-4h"
)]
#[case::blocked_rook(
    START,
    "R-2c",
    Rule::PathBlocked,
    "illegal move: the black rook on 2h to 2c: a piece stands in the way"
)]
#[case::not_in_hand(
    START,
    "P*5e",
    Rule::NotInHand,
    "illegal move: a black pawn dropped on 5e: no such piece in hand"
)]
#[case::onto_an_own_piece(
    START,
    "R-2g",
    Rule::OwnPiece,
    "illegal move: a black rook to 2g (it holds a black pawn): the destination holds one of the mover's own pieces"
)]
fn illegal_moves_name_the_rule(
    #[case] sfen: &str,
    #[case] text: &str,
    #[case] rule: Rule,
    #[case] message: &str,
) {
    let e = move_error(sfen, text);
    assert!(
        matches!(e, MoveError::Illegal { rule: r, .. } if r == rule),
        "`{text}`: {e:?}"
    );
    assert_eq!(e.code(), rule.code());
    assert_eq!(e.to_string(), message);
}

#[rstest]
#[case::gold_to_5h(START, "G-5h", "ambiguous move: two black golds can reach 5h: write G6i-5h or G4i-5h", &["G6i-5h", "G4i-5h"])]
#[case::digit_squares(START, "G-58", "ambiguous move: two black golds can reach 58: write G69-58 or G49-58", &["G69-58", "G49-58"])]
// Without a sign the text fits the promotion too where it is legal (a `+` may be missing).
#[case::silver_without_sign(TWO_SILVERS, "S-4d", "ambiguous move: two black silvers can reach 4d: write S4e-4d, S3c-4d= or S3c-4d+", &["S4e-4d", "S3c-4d=", "S3c-4d+"])]
fn ambiguous_moves_list_every_candidate(
    #[case] sfen: &str,
    #[case] text: &str,
    #[case] message: &str,
    #[case] candidates: &[&str],
) {
    let e = move_error(sfen, text);
    assert!(matches!(e, MoveError::Ambiguous { .. }), "{e:?}");
    assert_eq!(e.to_string(), message);
    assert_eq!(e.candidates(), candidates);
    // Every candidate reads, as the move it names.
    let p = pos(sfen);
    for c in candidates {
        assert!(Psn::default().read_move(&p, c).is_ok(), "`{c}`");
    }
}

#[rstest]
#[case::no_piece_on_the_origin(
    START,
    "G5i-5h",
    "no black gold on 5i: it holds a black king: write G6i-5h or G4i-5h"
)]
#[case::no_piece_can_go(START, "N-7e", "no black knight can move to 7e")]
#[case::pawn_too_far(START, "P-7e", "no black pawn can move to 7e: write P-7f")]
#[case::no_such_promoted_piece(START, "+P-7f", "no black tokin can move to 7f: write P-7f")]
fn moves_of_no_piece(#[case] sfen: &str, #[case] text: &str, #[case] message: &str) {
    let e = move_error(sfen, text);
    assert!(matches!(e, MoveError::NoPiece { .. }), "{e:?}");
    assert_eq!(e.to_string(), message);
}

#[rstest]
#[case::forced_promotion_unmarked(
    PAWN_ON_1B,
    "P-1a",
    "1b1a+",
    "forced-promotion-unmarked",
    "the pawn must promote on 1a: `P-1a` read as `P-1a+`"
)]
#[case::needless_declined_mark(
    START,
    "S-4h=",
    "3i4h",
    "needless-declined-mark",
    "`=` ignored: the silver on 3i cannot promote on this move"
)]
#[case::drop_without_mark(
    "4k4/9/9/9/9/9/9/9/4K4 b P 1",
    "P5e",
    "P*5e",
    "drop-without-mark",
    "no pawn can move to 5e: `P5e` read as the drop `P*5e`"
)]
#[case::drop_without_mark_digits(
    "4k4/9/9/9/9/9/9/9/4K4 b P 1",
    "P55",
    "P*5e",
    "drop-without-mark",
    "no pawn can move to 55: `P55` read as the drop `P*55`"
)]
#[case::capture_sign_on_a_quiet_move(
    START,
    "P7gx7f",
    "7g7f",
    "capture-mark",
    "`x` written, but 7f is empty: the move captures nothing"
)]
#[case::move_sign_on_a_capture(
    "8k/9/4p4/4P4/9/9/9/9/K8 b - 1",
    "P-5c+",
    "5d5c+",
    "capture-mark",
    "`-` written, but the move captures the white pawn on 5c: write `x`"
)]
#[case::horse_written_as_bishop(
    HORSE_ON_4D,
    "B4d-3c",
    "4d3c",
    "promoted-piece-unmarked",
    "the piece on 4d is a horse: `B4d-3c` read as `+B4d-3c`"
)]
#[case::horse_written_as_bishop_short(
    HORSE_ON_4D,
    "B-3c",
    "4d3c",
    "promoted-piece-unmarked",
    "the piece on 4d is a horse: `B-3c` read as `+B-3c`"
)]
#[case::mate_sign(
    START,
    "P-7f#",
    "7g7f",
    "mate-sign",
    "`#` after the move ignored: PSN marks neither check nor mate"
)]
// No promotion sign where promotion is optional: the plain move (the seed's `S3c`: PSN makes
// `+` obligatory on a promotion), with a warning, since the `+` may have been left out (issue
// "Fidelity": the commonest slip in a typed record).
#[case::optional_promotion_unmarked(
    "8k/9/9/6S2/9/9/9/9/K8 b - 1",
    "S3c",
    "3d3c",
    "promotion-unmarked",
    "the silver could promote on 3c: `S3c` read as not promoting by PSN's rule; write `S3c=` or `S3c+`"
)]
fn lenient_forms_are_read_with_a_warning(
    #[case] sfen: &str,
    #[case] text: &str,
    #[case] usi: &str,
    #[case] code: &str,
    #[case] message: &str,
) {
    let read = Psn::default()
        .read_move(&pos(sfen), text)
        .unwrap_or_else(|e| panic!("`{text}`: {e}"));
    assert_eq!(read.mv.to_string(), usi);
    assert_eq!(read.warnings.len(), 1, "{:?}", read.warnings);
    assert_eq!(read.warnings[0].code, code);
    assert_eq!(read.warnings[0].message, message);
}

#[rstest]
// NOTATIONS.md: the board move wins over the drop unless the drop is marked.
#[case::board_move_before_drop("4k4/9/9/9/9/4S4/9/9/4K4 b S 1", "S5e", "5f5e")]
#[case::marked_drop("4k4/9/9/9/9/4S4/9/9/4K4 b S 1", "S*5e", "S*5e")]
#[case::apostrophe_drop("4k4/9/9/9/9/4S4/9/9/4K4 b S 1", "S'55", "S*5e")]
#[case::typographic_apostrophe("4k4/9/9/9/9/4S4/9/9/4K4 b S 1", "S\u{2019}55", "S*5e")]
#[case::at_drop("4k4/9/9/9/9/4S4/9/9/4K4 b S 1", "S@5e", "S*5e")]
// `=` names the one silver that could promote.
#[case::declined_names_the_silver(TWO_SILVERS, "S-4d=", "3c4d")]
#[case::promotion_names_the_silver(TWO_SILVERS, "S-4d+", "3c4d+")]
#[case::origin_names_the_silver(TWO_SILVERS, "S4e-4d", "4e4d")]
// A pinned gold does not make `G-5h` ambiguous.
#[case::pinned_rival("4k4/9/9/9/8b/9/9/3G1G3/4K4 b - 1", "G-5h", "6h5h")]
// A glyph the game reader left on the move.
#[case::glyphs(START, "P-7f!?", "7g7f")]
fn readings_without_a_warning(#[case] sfen: &str, #[case] text: &str, #[case] usi: &str) {
    let read = Psn::default()
        .read_move(&pos(sfen), text)
        .unwrap_or_else(|e| panic!("`{text}`: {e}"));
    assert_eq!(read.mv.to_string(), usi, "`{text}`");
    assert!(read.warnings.is_empty(), "`{text}`: {:?}", read.warnings);
}

/// The fixtures README, "Origin squares": the origin is written when another piece of the same
/// kind and promotion state can legally make the same move with the same promotion choice.
#[rstest]
#[case::two_golds(START, "6i5h", "G6i-5h")]
#[case::pinned_rival_does_not_count("4k4/9/9/9/8b/9/9/3G1G3/4K4 b - 1", "6h5h", "G-5h")]
#[case::tokin_and_gold_are_not_rivals("4k4/9/9/9/9/9/9/3+P1G3/4K4 b - 1", "6h5h", "+P-5h")]
#[case::gold_and_tokin_are_not_rivals("4k4/9/9/9/9/9/9/3+P1G3/4K4 b - 1", "4h5h", "G-5h")]
#[case::rival_with_the_same_choice(TWO_SILVERS, "4e4d", "S4e-4d")]
#[case::rival_declining(TWO_SILVERS, "3c4d", "S3c-4d=")]
#[case::no_rival_for_the_promotion(TWO_SILVERS, "3c4d+", "S-4d+")]
fn the_short_writer_names_the_origin_only_when_needed(
    #[case] sfen: &str,
    #[case] usi: &str,
    #[case] expected: &str,
) {
    let p = pos(sfen);
    let mv = usi.parse().expect("a USI move");
    assert_eq!(Psn::default().write_move(&p, mv), expected);
    let long = Psn::new(PsnStyle::Long, Squares::Digits).write_move(&p, mv);
    assert_eq!(Psn::default().read_move(&p, &long).map(|r| r.mv), Ok(mv));
}

#[test]
fn usi_errors_name_the_rule() {
    let p = pos(PAWN_ON_1B);
    match Usi.read_move(&p, "1b1a") {
        Err(NotationError::Move(e)) => {
            assert_eq!(
                e.to_string(),
                "illegal move: the black pawn on 1b to 1a: the piece must promote there: write 1b1a+"
            );
        }
        other => panic!("{other:?}"),
    }
    let e = Usi.parse("P-7f").unwrap_err();
    assert_eq!(
        e.to_string(),
        "expected `*` after the piece letter of a drop, found `-`"
    );
}

#[test]
fn a_partial_origin_that_names_no_piece_says_which_pieces_it_meant() {
    // From the bad-input trial: `G55h` said "no black gold can move to 5h", though two can;
    // none stands on file 5 (nor on rank a, `Ga5h`).
    let start = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";
    for (text, words) in [("G55h", "on file 5"), ("Ga5h", "on rank a")] {
        match move_error(start, text) {
            MoveError::NoPiece {
                description,
                candidates,
            } => {
                assert_eq!(description, format!("no black gold {words} can move to 5h"));
                assert_eq!(candidates, ["G6i-5h", "G4i-5h"]);
            }
            other => panic!("{text}: {other:?}"),
        }
    }
}

/// The quick reading (the repair search's and detection's) gives the error of the full one
/// without the near spellings, which cost a writing of every legal move; an ambiguity keeps
/// its candidates, since they are the readings the search follows.
#[test]
fn quick_reading_leaves_near_spellings_out_but_keeps_ambiguity() {
    let p = pos(START);
    let quick = |text: &str| match Psn::default().read_move_quickly(&p, text) {
        Err(NotationError::Move(e)) => e,
        other => panic!("`{text}`: expected a move error, got {other:?}"),
    };
    let full = move_error(START, "G5i-5h");
    assert_eq!(full.candidates(), ["G6i-5h", "G4i-5h"]);
    let e = quick("G5i-5h");
    assert!(matches!(e, MoveError::NoPiece { .. }), "{e:?}");
    assert_eq!(e.to_string(), "no black gold on 5i: it holds a black king");
    assert!(e.candidates().is_empty());
    assert_eq!(quick("G-5h").candidates(), ["G6i-5h", "G4i-5h"]);
}
