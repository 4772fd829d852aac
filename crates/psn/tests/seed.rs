//! Every example of the seed (docs/seeds/000_62dafd270277a1bb.txt), each in a small
//! position where it is legal, read to the USI move it names.
//!
//! The seed's glosses hold two slips (docs/seeds/README.md): `G4i-5h` is glossed "from 48
//! to 59", but `4i` is 49 and `5h` is 58; `wN` is glossed "white pawn", but `N` is the knight.
//! The expected moves follow the notation, not the glosses. The seed gives `bP`, `wN` and
//! `+bR` as piece names only; here each makes a whole move. Its `P-52` / `P51-52` (a pawn from
//! 51 to 52) can only be White's: rank 1 is White's back rank.

use notation_traits::MoveNotation;
use psn::{Psn, PsnStyle, Squares};
use rstest::rstest;
use shogi_board::Position;

/// The even start after 7g7f, White to move: both golds of White can reach 5b.
const AFTER_7G7F: &str = "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2";

#[rstest]
#[case::pawn_promotes_on_1a("P-1a+", "4k4/8P/9/9/9/9/9/9/4K4 b - 1", "1b1a+")]
#[case::gold_from_6a_to_5b("G6a5b", AFTER_7G7F, "6a5b")]
#[case::gold_from_49_to_58("G4i-5h", Position::START_SFEN, "4i5h")]
#[case::pawn_dropped_on_55("P*55", "4k4/9/9/9/9/9/9/9/4K4 b P 1", "P*5e")]
#[case::rook_takes_on_59("Rx59", "8k/9/9/9/4R4/9/9/9/K3s4 b - 1", "5e5i")]
#[case::pawn_takes_on_5c_and_promotes("Px5c+", "8k/9/4p4/4P4/9/9/9/9/K8 b - 1", "5d5c+")]
#[case::knight_to_4c_unpromoted("N-4c=", "8k/9/9/9/6N2/9/9/9/K8 b - 1", "3e4c")]
#[case::silver_to_3c_unpromoted("S3c", "8k/9/9/6S2/9/9/9/9/K8 b - 1", "3d3c")]
#[case::black_pawn("bP-7f", Position::START_SFEN, "7g7f")]
#[case::white_knight("wN-7g=", "k8/9/9/9/1n7/9/9/9/8K w - 1", "8e7g")]
#[case::black_dragon("+bRx2b", "k8/7p1/9/9/7+R1/9/9/9/8K b - 1", "2e2b")]
#[case::pawn_to_52("P-52", "k3p4/9/9/9/9/9/9/9/8K w - 1", "5a5b")]
#[case::pawn_from_51_to_52("P51-52", "k3p4/9/9/9/9/9/9/9/8K w - 1", "5a5b")]
fn seed_examples_read_to_their_moves(#[case] text: &str, #[case] sfen: &str, #[case] usi: &str) {
    let pos = Position::from_sfen(sfen).unwrap_or_else(|e| panic!("{sfen}: {e}"));
    let read = Psn::default()
        .read_move(&pos, text)
        .unwrap_or_else(|e| panic!("`{text}`: {e}"));
    assert_eq!(read.mv.to_string(), usi, "`{text}`");
    // `S3c` is the seed's own example of its rule (no sign: not promoting); kifu reads it so
    // and warns that a `+` may have been left out (`promotion-unmarked`).
    let expected: &[&str] = if text == "S3c" {
        &["promotion-unmarked"]
    } else {
        &[]
    };
    let codes: Vec<&str> = read.warnings.iter().map(|w| w.code).collect();
    assert_eq!(codes, expected, "`{text}`: {:?}", read.warnings);
    // The parsed move writes back as the seed wrote it.
    assert_eq!(Psn::default().parse_move(text).unwrap().to_string(), text);
}

/// The seed's examples as the short writer spells them (the player letter is never written,
/// nor an origin that is not needed); digit squares where the seed writes digits.
#[rstest]
#[case::pawn_promotes_on_1a("4k4/8P/9/9/9/9/9/9/4K4 b - 1", "1b1a+", Squares::Letters, "P-1a+")]
#[case::gold_needs_its_origin(AFTER_7G7F, "6a5b", Squares::Letters, "G6a-5b")]
#[case::gold_from_49(Position::START_SFEN, "4i5h", Squares::Letters, "G4i-5h")]
#[case::pawn_drop("4k4/9/9/9/9/9/9/9/4K4 b P 1", "P*5e", Squares::Digits, "P*55")]
#[case::rook_takes("8k/9/9/9/4R4/9/9/9/K3s4 b - 1", "5e5i", Squares::Digits, "Rx59")]
#[case::pawn_takes_and_promotes(
    "8k/9/4p4/4P4/9/9/9/9/K8 b - 1",
    "5d5c+",
    Squares::Letters,
    "Px5c+"
)]
#[case::knight_declines("8k/9/9/9/6N2/9/9/9/K8 b - 1", "3e4c", Squares::Letters, "N-4c=")]
#[case::silver_declines("8k/9/9/6S2/9/9/9/9/K8 b - 1", "3d3c", Squares::Letters, "S-3c=")]
#[case::dragon_takes("k8/7p1/9/9/7+R1/9/9/9/8K b - 1", "2e2b", Squares::Letters, "+Rx2b")]
#[case::white_pawn_to_52("k3p4/9/9/9/9/9/9/9/8K w - 1", "5a5b", Squares::Digits, "P-52")]
fn seed_moves_are_written_in_the_short_form(
    #[case] sfen: &str,
    #[case] usi: &str,
    #[case] squares: Squares,
    #[case] expected: &str,
) {
    let pos = Position::from_sfen(sfen).unwrap_or_else(|e| panic!("{sfen}: {e}"));
    let mv = usi.parse().expect("a USI move");
    assert_eq!(
        Psn::new(PsnStyle::Short, squares).write_move(&pos, mv),
        expected
    );
}
