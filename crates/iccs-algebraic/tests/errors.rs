//! What goes wrong, and what the readers say: syntax errors (span, expected, found), moves of no
//! piece, illegal moves with the rule they break, ambiguous moves with their candidates, and the
//! warnings of the lenient algebraic reader.
//!
//! Positions and expected readings come from the research notes (docs/research/
//! xiangqi-notation.md, edge cases 13, 14, 18-22), the Fairy-Stockfish fixtures and the rules.

mod common;

use iccs_algebraic::{Algebraic, Iccs};
use notation_traits::{MoveError, MoveNotation, NotationError, Rule, SyntaxError};
use rstest::rstest;
use xiangqi_board::{Language, Position};

fn pos(fen: &str) -> Position {
    Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn move_error<N: MoveNotation<Position>>(notation: &N, pos: &Position, text: &str) -> MoveError {
    match notation.read_move(pos, text) {
        Err(NotationError::Move(e)) => e,
        other => panic!("`{text}`: expected a move error, got {other:?}"),
    }
}

fn syntax_error<N: MoveNotation<Position>>(notation: &N, text: &str) -> SyntaxError {
    match notation.parse(text) {
        Err(e) => e,
        Ok(syntax) => panic!("`{text}`: expected a syntax error, got {syntax:?}"),
    }
}

const START: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";
/// Research edge case 21: chariots on h9 and h0 (ICCS), `R10h7` and `R1h7`.
/// The research's FEN `4k2R1/…` leaves the black king in check with Red to move, which
/// `Position::from_fen` refuses; a black advisor on f9 shields it here.
const TWO_CHARIOTS_H: &str = "4ka1R1/9/9/9/9/9/9/9/9/3K3R1 w - - 0 1";
/// Fixture case xq-public-case-010..013: horses on c3 and c1 (ICCS).
const TWO_HORSES_C: &str = "3k5/9/9/9/9/9/2N6/9/2N6/4K4 w - - 0 1";
/// Fixture case xq-public-case-000..003: chariots on e5 and e2 (ICCS).
const TWO_CHARIOTS_E: &str = "3k5/9/9/9/4R4/9/9/4R4/9/4K4 w - - 0 1";
/// Research edge case 14 and the fixtures README: the advisor on e1 shields the king.
const FLYING_GENERAL: &str = "4k4/9/9/9/9/9/9/9/4A4/4K4 w - - 0 1";
/// Research edge case 13: `Rxe9+` takes the advisor with check, `Ri10#` mates.
const CHECK_AND_MATE: &str = "4k4/4a3R/9/9/9/9/9/9/4K4/9 w - - 0 1";

// ---- Ambiguous moves ----

#[rstest]
#[case::two_cannons_at_the_start(
    START, Language::Finnish, "Te3", "two red cannons can reach e3", &["Tbe3", "The3"]
)]
#[case::two_elephants_at_the_start(
    START, Language::English, "Ee3", "two red elephants can reach e3", &["Ece3", "Ege3"]
)]
#[case::two_advisors_at_the_start(
    START, Language::English, "Ae2", "two red advisors can reach e2", &["Ade2", "Afe2"]
)]
#[case::rank_ten_chariots(
    TWO_CHARIOTS_H, Language::Finnish, "Vh7", "two red chariots can reach h7", &["V1h7", "V10h7"]
)]
#[case::horses_on_one_file(
    TWO_HORSES_C, Language::English, "He3", "two red horses can reach e3", &["H2e3", "H4e3"]
)]
#[case::chariots_on_one_file(
    TWO_CHARIOTS_E, Language::English, "Re5", "two red chariots can reach e5", &["R3e5", "R6e5"]
)]
#[case::a_file_that_does_not_choose(
    TWO_CHARIOTS_E, Language::English, "Ree5", "two red chariots on file e can reach e5", &["R3e5", "R6e5"]
)]
fn ambiguous_moves_list_every_candidate(
    #[case] fen: &str,
    #[case] language: Language,
    #[case] text: &str,
    #[case] description: &str,
    #[case] candidates: &[&str],
) {
    // Start: research section 5 (`Che3`, `Ege3`, `Afe2` need their file). The others: edge case
    // 21 and fixture cases 003 (`R3e5`) and 013 (`H2e3`): same file, so the rank decides.
    let err = move_error(&Algebraic::new(language), &pos(fen), text);
    let MoveError::Ambiguous {
        description: found,
        candidates: listed,
    } = &err
    else {
        panic!("`{text}`: {err:?}");
    };
    assert_eq!(found, description);
    assert_eq!(listed, candidates);
    assert_eq!(err.code(), "ambiguous-move");
}

#[test]
fn the_message_names_the_pieces_and_the_candidates() {
    let err = move_error(&Algebraic::FINNISH, &pos(TWO_CHARIOTS_H), "Vh7");
    assert_eq!(
        err.to_string(),
        "ambiguous move: two red chariots can reach h7: write V1h7 or V10h7"
    );
}

#[rstest]
#[case::over_disambiguated_file(TWO_CHARIOTS_H, "Rhh7", None)]
#[case::rank_one(TWO_CHARIOTS_H, "R1h7", Some("h0h6"))]
#[case::rank_ten(TWO_CHARIOTS_H, "R10h7", Some("h9h6"))]
#[case::full_square_rank_ten(TWO_CHARIOTS_H, "Rh10h7", Some("h9h6"))]
#[case::full_square_not_needed(START, "Rh10h7", None)]
fn disambiguation_chooses_or_is_refused(
    #[case] fen: &str,
    #[case] text: &str,
    #[case] iccs: Option<&str>,
) {
    // Edge case 21: `R10h7` = h9h6, `R1h7` = h0h6; `Rhh7` still fits both chariots.
    let got = Algebraic::ENGLISH.read_move(&pos(fen), text);
    match iccs {
        Some(iccs) => {
            let read = got.unwrap_or_else(|e| panic!("`{text}`: {e}"));
            assert_eq!(read.mv.to_string(), iccs);
            assert!(read.warnings.is_empty(), "{:?}", read.warnings);
        }
        None => assert!(got.is_err(), "`{text}`: {got:?}"),
    }
}

#[test]
fn over_disambiguation_is_accepted_silently() {
    // Edge case 22: `Rii2` where `Ri2` suffices.
    let read = Algebraic::ENGLISH
        .read_move(&Position::new(), "Rii2")
        .unwrap();
    assert_eq!(read.mv.to_string(), "i0i1");
    assert!(read.warnings.is_empty());
    let read = Algebraic::ENGLISH
        .read_move(&Position::new(), "Ri1i2")
        .unwrap();
    assert_eq!(read.mv.to_string(), "i0i1");
}

#[test]
fn every_disambiguated_fixture_move_is_ambiguous_without_it() {
    // Fairy-Stockfish disambiguates only when the legal moves require it, so dropping the
    // origin from any such `san` must give an ambiguity that lists the fixture's spelling.
    let mut checked = 0;
    for game in common::games() {
        let mut pos = game.start;
        for (iccs, san) in game.iccs.iter().zip(&game.san) {
            let syntax = Algebraic::ENGLISH
                .parse(san)
                .expect("a fixture move parses");
            if syntax.from_file.is_some() || syntax.from_rank.is_some() {
                let bare = iccs_algebraic::AlgebraicMove {
                    from_file: None,
                    from_rank: None,
                    ..syntax
                };
                let err = move_error(&Algebraic::ENGLISH, &pos, &bare.to_string());
                assert!(
                    matches!(&err, MoveError::Ambiguous { candidates, .. } if candidates.contains(san)),
                    "{} `{bare}`: {err:?}",
                    game.id
                );
                checked += 1;
            }
            pos.play_unchecked(iccs.parse().expect("an ICCS fixture move"));
        }
    }
    assert!(checked > 1000, "{checked}");
}

// ---- Illegal moves ----

#[rstest]
#[case::flying_general(
    FLYING_GENERAL,
    "Ad3",
    Rule::FlyingGeneral,
    "the red advisor on e2 to d3"
)]
#[case::horse_leg(START, "Hf2", Rule::HorseLeg, "the red horse on h1 to f2")]
#[case::cannon_screen(START, "Cxh8", Rule::CannonScreen, "the red cannon on h3 to h8")]
#[case::path_blocked(START, "Ra5", Rule::PathBlocked, "the red chariot on a1 to a5")]
#[case::pawn_before_river(START, "Ped4", Rule::PawnBeforeRiver, "the red pawn on e4 to d4")]
#[case::own_piece(START, "Rxa4", Rule::OwnPiece, "the red chariot on a1 to a4")]
#[case::river(
    "3k5/9/9/9/9/2B6/9/9/9/4K4 w - - 0 1",
    "Ee7",
    Rule::River,
    "the red elephant on c5 to e7"
)]
#[case::palace(
    "5k3/9/9/9/9/9/9/9/9/3K5 w - - 0 1",
    "Kc1",
    Rule::Palace,
    "the red king on d1 to c1"
)]
#[case::king_left_in_check(
    "4k4/9/9/9/9/9/9/9/4r4/3K5 w - - 0 1",
    "Ke1",
    Rule::KingLeftInCheck,
    "the red king on d1 to e1"
)]
fn an_illegal_move_names_the_rule(
    #[case] fen: &str,
    #[case] text: &str,
    #[case] rule: Rule,
    #[case] description: &str,
) {
    // Edge case 14 (flying general, the pawn before the river) and the WXF piece rules.
    let err = move_error(&Algebraic::ENGLISH, &pos(fen), text);
    assert_eq!(
        err,
        MoveError::Illegal {
            rule,
            description: description.to_owned(),
            candidates: Vec::new(),
        }
    );
}

#[test]
fn the_flying_general_in_iccs() {
    let err = move_error(&Iccs::default(), &pos(FLYING_GENERAL), "e1d2");
    assert_eq!(
        err.to_string(),
        "illegal move: the red advisor on e1 to d2: the kings would face each other on an open file (flying general)"
    );
    assert_eq!(err.code(), "flying-general");
    // The same move with ranks 1-10 names its squares that way.
    let err = move_error(&Iccs::FAIRY_UCI, &pos(FLYING_GENERAL), "e2d3");
    assert_eq!(
        err.message_without_candidates(),
        "illegal move: the red advisor on e2 to d3: the kings would face each other on an open file (flying general)"
    );
}

#[rstest]
#[case::horse_leg("h0f1", Rule::HorseLeg)]
#[case::cannon_screen("h2h7", Rule::CannonScreen)]
#[case::pawn_before_river("e3d3", Rule::PawnBeforeRiver)]
#[case::pawn_backwards("c3c2", Rule::Movement)]
#[case::own_piece("a0a3", Rule::OwnPiece)]
#[case::palace("d0c1", Rule::Palace)]
fn iccs_illegal_moves_from_the_start(#[case] text: &str, #[case] rule: Rule) {
    // The rules as Position::check_move documents them.
    let err = move_error(&Iccs::default(), &Position::new(), text);
    assert!(
        matches!(err, MoveError::Illegal { rule: r, .. } if r == rule),
        "`{text}`: {err:?}"
    );
}

// ---- No such piece ----

#[rstest]
#[case::no_chariot_reaches(START, Language::Finnish, "Vh7", "no red chariot can reach h7", &["Va2", "Va3", "Vi2", "Vi3"])]
#[case::the_file_excludes_the_horse(START, Language::Finnish, "Hbg3", "no red horse on file b can reach g3", &["Hg3"])]
#[case::too_many_cannon_moves_to_list(START, Language::English, "Ce8", "no red cannon can reach e8", &[])]
#[case::two_blocked_pawns(START, Language::Finnish, "Sd4", "no red pawn can reach d4", &["Sa5", "Sc5", "Se5", "Sg5", "Si5"])]
#[case::black_to_move(
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1",
    Language::English,
    "Ce3",
    "no black cannon can reach e3",
    &[]
)]
fn no_piece_can_make_the_move(
    #[case] fen: &str,
    #[case] language: Language,
    #[case] text: &str,
    #[case] description: &str,
    #[case] candidates: &[&str],
) {
    // At the start the chariots can only go up two points (a1-a3, i1-i3), and a pawn moves
    // sideways only after the river, so both c4 and e4 are blocked from d4: no single rule.
    let err = move_error(&Algebraic::new(language), &pos(fen), text);
    assert_eq!(
        err,
        MoveError::NoPiece {
            description: description.to_owned(),
            candidates: candidates.iter().map(|c| (*c).to_owned()).collect(),
        }
    );
    assert_eq!(err.code(), "no-such-piece");
}

#[rstest]
#[case::empty_point("h1e1", "no red piece on h1")]
#[case::black_piece("e9e8", "no red piece on e9 (the black king stands there)")]
fn iccs_needs_a_piece_of_the_side_to_move(#[case] text: &str, #[case] description: &str) {
    let err = move_error(&Iccs::default(), &Position::new(), text);
    assert_eq!(err.message_without_candidates(), description);
}

#[test]
fn iccs_suggests_the_other_rank_numbering() {
    // Edge case 18: `h3e3` is h2e2 in ranks 1-10; `h2e2` read as 1-based is h1e1.
    let err = move_error(&Iccs::default(), &Position::new(), "h3e3");
    assert_eq!(err.candidates(), ["h2e2"]);
    let after_h2e2 = pos("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1");
    let err = move_error(&Iccs::FAIRY_UCI, &after_h2e2, "h9g7");
    assert_eq!(err.candidates()[0], "h10g8");
}

// ---- Warnings of the lenient algebraic reader ----

/// Black's king alone on d9, red chariots on e5 and a0, the red king on f0. `Ra9` (a0a8) takes
/// rank 8 (d8) while the chariot on e5 holds e9: Black has no legal move and is not in check, a
/// stalemate, which loses in xiangqi (WXF rules: the side that cannot move loses). XBoard
/// writes `#` on it.
const STALEMATE: &str = "3k5/9/9/9/4R4/9/9/9/9/R4K3 w - - 0 1";

#[rstest]
#[case::alias_knight(START, Language::English, "Nc3", "b0c2", &["letter-alias"])]
#[case::alias_soldier(START, Language::English, "Se5", "e3e4", &["letter-alias"])]
#[case::alias_minister(START, Language::English, "Mce3", "c0e2", &["letter-alias"])]
#[case::german_alias_turm(START, Language::German, "Ta2", "a0a1", &["letter-alias"])]
#[case::lowercase_horse(START, Language::English, "hg3", "h0g2", &["lowercase-letter"])]
#[case::lowercase_alias(START, Language::English, "nc3", "b0c2", &["lowercase-letter", "letter-alias"])]
#[case::pawn_without_letter(START, Language::Finnish, "e5", "e3e4", &[])]
#[case::pawn_letter(START, Language::Finnish, "Se5", "e3e4", &[])]
#[case::missing_capture_sign(START, Language::English, "Ch10", "h2h9", &["capture-mark"])]
#[case::capture_sign_without_capture(START, Language::English, "Chxe3", "h2e2", &["capture-mark"])]
#[case::capture_and_check(CHECK_AND_MATE, Language::English, "Rxe9+", "i8e8", &[])]
#[case::missing_check_sign(CHECK_AND_MATE, Language::English, "Rxe9", "i8e8", &["check-mark"])]
#[case::mate(CHECK_AND_MATE, Language::English, "Ri10#", "i8i9", &[])]
#[case::mate_written_as_check(CHECK_AND_MATE, Language::English, "Ri10+", "i8i9", &["check-mark"])]
#[case::missing_mate_sign(CHECK_AND_MATE, Language::English, "Ri10", "i8i9", &["check-mark"])]
#[case::check_sign_without_check(CHECK_AND_MATE, Language::English, "Ri8+", "i8i7", &["check-mark"])]
#[case::mate_sign_without_check(CHECK_AND_MATE, Language::English, "Ri8#", "i8i7", &["check-mark"])]
#[case::mate_sign_on_a_stalemate(STALEMATE, Language::English, "Ra9#", "a0a8", &[])]
#[case::no_sign_on_a_stalemate(STALEMATE, Language::English, "Ra9", "a0a8", &[])]
#[case::mate_sign_without_stalemate(STALEMATE, Language::English, "Ra8#", "a0a7", &["check-mark"])]
#[case::glyph(START, Language::Finnish, "The3!?", "h2e2", &[])]
fn lenient_reading_with_warnings(
    #[case] fen: &str,
    #[case] language: Language,
    #[case] text: &str,
    #[case] iccs: &str,
    #[case] codes: &[&str],
) {
    // Research section 5 and edge cases 13, 20: `Cxh10` from the start, `Rxe9+`, `Ri10#`.
    let read = Algebraic::new(language)
        .read_move(&pos(fen), text)
        .unwrap_or_else(|e| panic!("`{text}`: {e}"));
    assert_eq!(read.mv.to_string(), iccs);
    let found: Vec<&str> = read.warnings.iter().map(|w| w.code).collect();
    assert_eq!(found, codes);
}

#[test]
fn warning_messages() {
    let read = Algebraic::ENGLISH
        .read_move(&Position::new(), "nc3")
        .unwrap();
    let messages: Vec<String> = read.warnings.iter().map(ToString::to_string).collect();
    assert_eq!(
        messages,
        [
            "piece letter `n` read as `N`",
            "letter `N` read as `H` (horse)"
        ]
    );
    let read = Algebraic::ENGLISH
        .read_move(&pos(CHECK_AND_MATE), "Rxe9")
        .unwrap();
    assert_eq!(
        read.warnings[0].message,
        "check sign `+` missing: the move gives check"
    );
}

// ---- Syntax errors ----

#[rstest]
#[case::unknown_letter("Xe5", 0, 1, "a piece letter (K, N, E, H, V, T, S) or a file a-i", "X")]
#[case::english_letter_in_finnish(
    "Re5",
    0,
    1,
    "a piece letter (K, N, E, H, V, T, S) or a file a-i",
    "R"
)]
#[case::empty("", 0, 0, "a piece letter (K, N, E, H, V, T, S) or a file a-i", "")]
#[case::digit_first(
    "10h7",
    0,
    1,
    "a piece letter (K, N, E, H, V, T, S) or a file a-i",
    "1"
)]
#[case::letter_only("V", 1, 1, "a square (a file a-i, then a rank 1-10)", "")]
#[case::file_out_of_board("Vj5", 1, 2, "a square (a file a-i, then a rank 1-10)", "j")]
#[case::rank_missing("Vh", 2, 2, "a rank 1-10", "")]
#[case::rank_zero(
    "Vh0",
    2,
    3,
    "a rank 1-10 (algebraic ranks count from 1; rank 0 belongs to ICCS)",
    "0"
)]
#[case::rank_eleven("Vh11", 3, 4, "a file a-i", "1")]
#[case::file_after_capture("Vx5", 2, 3, "a file a-i", "5")]
#[case::rank_after_capture("Vxh", 3, 3, "a rank 1-10", "")]
#[case::destination_rank_missing("V10h", 4, 4, "a rank 1-10", "")]
#[case::trailing_text("The3 Hg8", 4, 8, "`+`, `#` or the end of the move", " Hg8")]
#[case::four_check_signs("The3++++", 7, 8, "the end of the move", "+")]
#[case::uppercase_file("VH7", 1, 2, "a square (a file a-i, then a rank 1-10)", "H")]
#[case::chinese(
    "炮二平五",
    0,
    3,
    "a piece letter (K, N, E, H, V, T, S) or a file a-i",
    "炮"
)]
fn algebraic_syntax_errors(
    #[case] text: &str,
    #[case] start: usize,
    #[case] end: usize,
    #[case] expected: &str,
    #[case] found: &str,
) {
    let err = syntax_error(&Algebraic::FINNISH, text);
    assert_eq!(
        (err.span.start.offset, err.span.end.offset),
        (start, end),
        "{err}"
    );
    assert_eq!(err.expected, expected);
    assert_eq!(err.found, found);
    assert_eq!(&text[start..end], found);
}

#[test]
fn a_syntax_error_message() {
    let err = syntax_error(&Algebraic::FINNISH, "Vh0");
    assert_eq!(
        err.to_string(),
        "expected a rank 1-10 (algebraic ranks count from 1; rank 0 belongs to ICCS), found `0`"
    );
    assert_eq!((err.span.start.line, err.span.start.column), (1, 3));
    let err = syntax_error(&Algebraic::GERMAN, "");
    assert_eq!(
        err.to_string(),
        "expected a piece letter (F, L, E, P, W, K, S) or a file a-i, found the end of the move"
    );
}

#[rstest]
#[case::zero_based_file("z2e2", Iccs::ENGINE, 0, 1, "a file a-i", "z")]
#[case::zero_based_rank_missing("h2e", Iccs::ENGINE, 3, 3, "a rank 0-9", "")]
#[case::zero_based_second_file("h2j2", Iccs::ENGINE, 2, 3, "`-` or a file a-i", "j")]
#[case::after_hyphen("h2-", Iccs::ENGINE, 3, 3, "a file a-i", "")]
#[case::other_sign("h2+e2", Iccs::ENGINE, 2, 3, "`-` or a file a-i", "+")]
#[case::trailing("h2e2x", Iccs::ENGINE, 4, 5, "the end of the move", "x")]
#[case::one_based_in_zero_based(
    "h10g8",
    Iccs::ENGINE,
    1,
    3,
    "a rank 0-9 (ranks 1-10, as Fairy-Stockfish writes them, need the one-based profile)",
    "10"
)]
#[case::zero_in_one_based(
    "h0g2",
    Iccs::FAIRY_UCI,
    1,
    2,
    "a rank 1-10 (rank 0 belongs to the zero-based ICCS numbering)",
    "0"
)]
#[case::one_based_rank_missing("h", Iccs::FAIRY_UCI, 1, 1, "a rank 1-10", "")]
#[case::eleven("a11a9", Iccs::FAIRY_UCI, 2, 3, "`-` or a file a-i", "1")]
fn iccs_syntax_errors(
    #[case] text: &str,
    #[case] notation: Iccs,
    #[case] start: usize,
    #[case] end: usize,
    #[case] expected: &str,
    #[case] found: &str,
) {
    let err = syntax_error(&notation, text);
    assert_eq!(
        (err.span.start.offset, err.span.end.offset),
        (start, end),
        "{err}"
    );
    assert_eq!(err.expected, expected);
    assert_eq!(err.found, found);
}

// ---- WinBoard's algebraic: ranks 0-9, pawns without a letter ----

/// Pawns on b5 and c4 (ICCS): both can go to c5, c4 straight ahead and b5 sideways.
const TWO_PAWNS_TO_C5: &str = "3k5/9/9/9/1P7/2P6/9/9/9/4K4 w - - 0 1";

#[rstest]
#[case::two_cannons_at_the_start(START, "Ce2", "two red cannons can reach e2", &["Cbe2", "Che2"])]
#[case::two_elephants_at_the_start(START, "Ee2", "two red elephants can reach e2", &["Ece2", "Ege2"])]
#[case::rank_nine_and_zero_chariots(TWO_CHARIOTS_H, "Rh6", "two red chariots can reach h6", &["R0h6", "R9h6"])]
#[case::chariots_on_one_file(TWO_CHARIOTS_E, "Ree4", "two red chariots on file e can reach e4", &["R2e4", "R5e4"])]
fn winboard_ambiguous_moves(
    #[case] fen: &str,
    #[case] text: &str,
    #[case] description: &str,
    #[case] candidates: &[&str],
) {
    // Research section 5: WinBoard writes `Cbe2`, the file deciding; edge case 21 one rank
    // lower (`R10h7`/`R1h7` are `R9h6`/`R0h6`).
    let err = move_error(&Algebraic::WINBOARD, &pos(fen), text);
    assert_eq!(
        err,
        MoveError::Ambiguous {
            description: description.to_owned(),
            candidates: candidates.iter().map(|c| (*c).to_owned()).collect(),
        }
    );
}

#[rstest]
#[case::straight(TWO_PAWNS_TO_C5, "c5", "c4c5")]
#[case::sideways(TWO_PAWNS_TO_C5, "bc5", "b5c5")]
#[case::straight_with_its_file(TWO_PAWNS_TO_C5, "cc5", "c4c5")]
#[case::sideways_only(TWO_PAWNS_TO_C5, "b6", "b5b6")]
#[case::full_square(TWO_PAWNS_TO_C5, "b5c5", "b5c5")]
#[case::rank_nine_chariot(TWO_CHARIOTS_H, "R9h6", "h9h6")]
#[case::rank_zero_chariot(TWO_CHARIOTS_H, "R0h6", "h0h6")]
#[case::file_and_rank_zero(TWO_CHARIOTS_H, "Rh0h6", "h0h6")]
#[case::chariot_to_rank_zero(START, "Ra1", "a0a1")]
fn winboard_moves_that_decide(#[case] fen: &str, #[case] text: &str, #[case] iccs: &str) {
    let read = Algebraic::WINBOARD
        .read_move(&pos(fen), text)
        .unwrap_or_else(|e| panic!("`{text}`: {e}"));
    assert_eq!(read.mv.to_string(), iccs);
    assert!(read.warnings.is_empty(), "{:?}", read.warnings);
}

#[test]
fn winboard_writes_the_file_of_every_pawn_move_but_the_straight_one() {
    let position = pos(TWO_PAWNS_TO_C5);
    let written = |iccs: &str| Algebraic::WINBOARD.write_move(&position, iccs.parse().unwrap());
    assert_eq!(written("c4c5"), "c5");
    assert_eq!(written("b5c5"), "bc5");
    assert_eq!(written("b5a5"), "ba5");
    assert_eq!(written("b5b6"), "b6");
    // The one-based profile disambiguates the pawn as any piece, with its letter.
    let written = |iccs: &str| Algebraic::ENGLISH.write_move(&position, iccs.parse().unwrap());
    assert_eq!(written("c4c5"), "Pcc6");
    assert_eq!(written("b5c5"), "Pbc6");
}

#[test]
fn winboard_pawn_captures_name_their_file() {
    // XBoard `moves.c`: a capture keeps the file of departure, even straight ahead.
    let position = pos("3k5/9/9/9/2p6/2P6/9/9/9/4K4 w - - 0 1");
    let written = |iccs: &str| Algebraic::WINBOARD.write_move(&position, iccs.parse().unwrap());
    assert_eq!(written("c4c5"), "cxc5");
    let read = Algebraic::WINBOARD.read_move(&position, "cxc5").unwrap();
    assert_eq!(read.mv.to_string(), "c4c5");
    assert!(read.warnings.is_empty());
    // `c5` alone is still the straight capture, with the capture sign missing.
    let read = Algebraic::WINBOARD.read_move(&position, "c5").unwrap();
    assert_eq!(read.mv.to_string(), "c4c5");
    let codes: Vec<&str> = read.warnings.iter().map(|w| w.code).collect();
    assert_eq!(codes, ["capture-mark"]);
}

#[rstest]
#[case::capture_and_check(CHECK_AND_MATE, "Rxe8+", "i8e8", &[])]
#[case::missing_check_sign(CHECK_AND_MATE, "Rxe8", "i8e8", &["check-mark"])]
#[case::mate(CHECK_AND_MATE, "Ri9#", "i8i9", &[])]
#[case::horse_alias(START, "Nc2", "b0c2", &["letter-alias"])]
#[case::lowercase_letter_that_is_no_file(START, "ra1", "a0a1", &["lowercase-letter"])]
fn winboard_warnings(
    #[case] fen: &str,
    #[case] text: &str,
    #[case] iccs: &str,
    #[case] codes: &[&str],
) {
    // Edge case 13: `Rxe9+` and `Ri10#` in ranks 1-10 are `Rxe8+` and `Ri9#` in WinBoard's.
    // `r` is no file: a lower-case letter outside a-i is still a piece letter, with a warning.
    let read = Algebraic::WINBOARD
        .read_move(&pos(fen), text)
        .unwrap_or_else(|e| panic!("`{text}`: {e}"));
    assert_eq!(read.mv.to_string(), iccs);
    let found: Vec<&str> = read.warnings.iter().map(|w| w.code).collect();
    assert_eq!(found, codes);
}

#[test]
fn winboard_errors_name_squares_with_ranks_0_to_9() {
    let err = move_error(&Algebraic::WINBOARD, &pos(START), "Cxh7");
    assert_eq!(
        err,
        MoveError::Illegal {
            rule: Rule::CannonScreen,
            description: "the red cannon on h2 to h7".to_owned(),
            candidates: Vec::new(),
        }
    );
    let err = move_error(&Algebraic::WINBOARD, &pos(START), "Rh6");
    assert_eq!(
        err,
        MoveError::NoPiece {
            description: "no red chariot can reach h6".to_owned(),
            candidates: ["Ra1", "Ra2", "Ri1", "Ri2"].map(str::to_owned).to_vec(),
        }
    );
    let err = move_error(&Algebraic::WINBOARD, &pos(TWO_CHARIOTS_H), "R5h6");
    assert_eq!(
        err.message_without_candidates(),
        "no red chariot on rank 5 can reach h6"
    );
}

#[rstest]
#[case::rank_ten(
    "Rh10",
    2,
    4,
    "a rank 0-9 (WinBoard's ranks count from 0; ranks 1-10 need the one-based profile)",
    "10"
)]
#[case::rank_ten_disambiguation(
    "R10h7",
    1,
    3,
    "a rank 0-9 (WinBoard's ranks count from 0; ranks 1-10 need the one-based profile)",
    "10"
)]
#[case::rank_ten_after_capture(
    "Cxh10",
    3,
    5,
    "a rank 0-9 (WinBoard's ranks count from 0; ranks 1-10 need the one-based profile)",
    "10"
)]
#[case::rank_missing("Rh", 2, 2, "a rank 0-9", "")]
#[case::letter_only("R", 1, 1, "a square (a file a-i, then a rank 0-9)", "")]
#[case::pawn_rank_missing("ed", 2, 2, "a rank 0-9", "")]
#[case::unknown_letter("Xe5", 0, 1, "a piece letter (K, A, E, H, R, C, P) or a file a-i", "X")]
fn winboard_syntax_errors(
    #[case] text: &str,
    #[case] start: usize,
    #[case] end: usize,
    #[case] expected: &str,
    #[case] found: &str,
) {
    let err = syntax_error(&Algebraic::WINBOARD, text);
    assert_eq!(
        (err.span.start.offset, err.span.end.offset),
        (start, end),
        "{err}"
    );
    assert_eq!(err.expected, expected);
    assert_eq!(err.found, found);
}

#[test]
fn a_winboard_move_read_with_ranks_1_to_10() {
    // `Rb0` is a reliable sign of WinBoard's numbering (research section 5): the one-based
    // profile says where rank 0 belongs.
    let err = syntax_error(&Algebraic::ENGLISH, "Rb0");
    assert_eq!(
        err.expected,
        "a rank 1-10 (algebraic ranks count from 1; rank 0 belongs to ICCS)"
    );
}
