//! Reading single moves: the spellings real files use (Kifu for Windows, Shogidokoro, Piyo
//! Shogi, hand-typed KI2), the lenient forms with their warnings, and the errors, each with
//! its candidates in the notation read.

use kif::{Ki2Notation, KifNotation};
use notation_traits::{MoveError, MoveNotation, NotationError};
use rstest::rstest;
use shogi_board::{Move, Position};

fn pos(sfen: &str) -> Position {
    Position::from_sfen(sfen).unwrap()
}

fn mv(text: &str) -> Move {
    text.parse().unwrap()
}

#[rstest]
// Kifu for Windows: the origin on every board move, 打 on every drop.
#[case(Position::START_SFEN, None, "７六歩(77)", "7g7f")]
#[case(Position::START_SFEN, None, "▲７六歩(77)", "7g7f")]
#[case("4k4/9/9/9/9/9/9/9/4K4 b B 1", None, "５五角打", "B*5e")]
// Promotions: 成; 不成 and 生 decline.
#[case(
    "lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3",
    None,
    "２二角成(88)",
    "8h2b+"
)]
#[case(
    "lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3",
    None,
    "２二角不成(88)",
    "8h2b"
)]
#[case(
    "lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3",
    None,
    "２二角生(88)",
    "8h2b"
)]
#[case(
    "lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3",
    None,
    "２二角(88)",
    "8h2b"
)]
// 同 after the previous move, with U+3000, an ASCII space or none.
#[case(
    "lnsgkgsnl/1r5+B1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL w B 4",
    Some("8h2b+"),
    "同　銀(31)",
    "3a2b"
)]
#[case(
    "lnsgkgsnl/1r5+B1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL w B 4",
    Some("8h2b+"),
    "同 銀(31)",
    "3a2b"
)]
#[case(
    "lnsgkgsnl/1r5+B1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL w B 4",
    Some("8h2b+"),
    "同銀",
    "3a2b"
)]
// The print form: the square and 同 both.
#[case(
    "lnsgkgsnl/1r5+B1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL w B 4",
    Some("8h2b+"),
    "２二同銀",
    "3a2b"
)]
// Promoted pieces and their names: 龍 竜, 成銀 全, 王 玉.
#[case("k8/9/9/9/4+R4/9/9/9/4K4 b - 1", None, "５二龍(55)", "5e5b")]
#[case("k8/9/9/9/4+R4/9/9/9/4K4 b - 1", None, "５二竜(55)", "5e5b")]
#[case("4k4/9/9/9/4+S4/9/9/9/4K4 b - 1", None, "５四全(55)", "5e5d")]
#[case("4k4/9/9/9/4+S4/9/9/9/4K4 b - 1", None, "５四成銀(55)", "5e5d")]
#[case(Position::START_SFEN, None, "５八王(59)", "5i5h")]
// KI2: no origin, the relative words decide.
#[case(Position::START_SFEN, None, "▲５八金右", "4i5h")]
#[case(Position::START_SFEN, None, "▲５八金左", "6i5h")]
#[case(Position::START_SFEN, None, "▲７八金", "6i7h")]
fn spellings(
    #[case] sfen: &str,
    #[case] previous: Option<&str>,
    #[case] text: &str,
    #[case] expected: &str,
) {
    let p = pos(sfen);
    for n in [
        &KifNotation as &dyn notation_traits::TextNotation<Position>,
        &Ki2Notation,
    ] {
        let read = n.read_after(&p, previous.map(mv), text).unwrap();
        assert_eq!(read.mv, mv(expected), "`{text}`");
        assert!(read.warnings.is_empty(), "`{text}`: {:?}", read.warnings);
    }
}

#[rstest]
// A pawn to the last rank without 成: read as the promotion.
#[case(
    "k8/4P4/9/9/9/9/9/9/4K4 b - 1",
    "５一歩(52)",
    "5b5a+",
    "forced-promotion-unmarked"
)]
// 不成 where no promotion is possible.
#[case(
    Position::START_SFEN,
    "７六歩不成(77)",
    "7g7f",
    "needless-declined-mark"
)]
// ASCII digits, a digit rank.
#[case(Position::START_SFEN, "76歩(77)", "7g7f", "numeral-style")]
#[case(Position::START_SFEN, "７６歩(77)", "7g7f", "numeral-style")]
fn lenient_forms_warn(
    #[case] sfen: &str,
    #[case] text: &str,
    #[case] expected: &str,
    #[case] code: &str,
) {
    let read = KifNotation.read_move(&pos(sfen), text).unwrap();
    assert_eq!(read.mv, mv(expected));
    let codes: Vec<&str> = read.warnings.iter().map(|w| w.code).collect();
    assert_eq!(codes, [code], "`{text}`");
}

fn error(
    n: &dyn notation_traits::TextNotation<Position>,
    p: &Position,
    previous: Option<Move>,
    text: &str,
) -> MoveError {
    match n.read_after(p, previous, text) {
        Err(NotationError::Move(e)) => e,
        other => panic!("`{text}`: {other:?}"),
    }
}

#[test]
fn errors_say_why_and_list_candidates_in_the_notation() {
    let start = Position::new();
    // The wrong side's mark.
    let e = error(&Ki2Notation, &start, None, "△３四歩");
    assert_eq!(e.code(), "wrong-side");
    // 同 with no previous move.
    let e = error(&KifNotation, &start, None, "同　歩(76)");
    assert_eq!(e.code(), "no-such-piece");
    // Words that fit neither gold: no gold moves sideways to 5h.
    let e = error(&Ki2Notation, &start, None, "▲５八金寄");
    assert_eq!(
        e.to_string(),
        "no black gold moving sideways (寄) can move to ５八: write ▲５八金左 or ▲５八金右"
    );
    // An origin that holds another piece.
    let e = error(&KifNotation, &start, None, "７六歩(78)");
    assert_eq!(
        e.to_string(),
        "no black pawn on ７八: the square is empty: write ７六歩(77)"
    );
    // A rule: two pawns on a file (nifu).
    let p = pos("4k4/9/9/9/9/9/4P4/9/4K4 b P 1");
    let e = error(&KifNotation, &p, None, "５五歩打");
    assert_eq!(e.code(), "nifu");
    // Ambiguous in KIF without an origin: the candidates with their origins.
    let e = error(&KifNotation, &start, None, "５八金");
    assert_eq!(e.candidates(), ["５八金(69)", "５八金(49)"]);
}

#[test]
fn a_drop_reads_without_its_mark_only_where_no_board_piece_can_go() {
    // A silver in hand and one on 4f that can go to 5e.
    let p = pos("4k4/9/9/9/9/5S3/9/9/4K4 b S 1");
    assert_eq!(Ki2Notation.read_move(&p, "▲５五銀").unwrap().mv, mv("4f5e"));
    assert_eq!(
        Ki2Notation.read_move(&p, "▲５五銀打").unwrap().mv,
        mv("S*5e")
    );
    assert_eq!(Ki2Notation.write_move(&p, mv("S*5e")), "▲５五銀打");
    assert_eq!(Ki2Notation.write_move(&p, mv("4f5e")), "▲５五銀");
    let p = pos("4k4/9/9/9/9/9/9/9/4K4 b S 1");
    assert_eq!(Ki2Notation.read_move(&p, "▲５五銀").unwrap().mv, mv("S*5e"));
    assert_eq!(Ki2Notation.write_move(&p, mv("S*5e")), "▲５五銀");
}

#[test]
fn ki2_writes_not_promoting_only_where_it_could() {
    // JSA: 成 or 不成 where the move could promote; nothing where it could not.
    let p = pos("4k4/9/9/6S2/9/9/9/9/4K4 b - 1");
    assert_eq!(Ki2Notation.write_move(&p, mv("3d3c")), "▲３三銀不成");
    assert_eq!(Ki2Notation.write_move(&p, mv("3d3c+")), "▲３三銀成");
    assert_eq!(Ki2Notation.write_move(&p, mv("3d2e")), "▲２五銀");
    // KIF writes no 不成 (the Kakinoki page).
    assert_eq!(KifNotation.write_move(&p, mv("3d3c")), "３三銀(34)");
    // A dragon, which has no promotion, takes none.
    let p = pos("k8/9/9/9/4+R4/9/9/9/4K4 b - 1");
    assert_eq!(Ki2Notation.write_move(&p, mv("5e5b")), "▲５二竜");
}
