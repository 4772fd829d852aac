//! The rules of movement, promotion and drops, one case per rule, as [`Position::check_move`]
//! names them. Expected values come from the Japan Shogi Association's rules (将棋のルール,
//! 禁じ手) and the reference positions of testdata/README.md.

use notation_traits::Rule;
use rstest::rstest;
use shogi_board::Position;

fn check(sfen: &str, usi: &str) -> Result<(), Rule> {
    let pos = Position::from_sfen(sfen).unwrap_or_else(|e| panic!("{sfen}: {e}"));
    let mv = usi.parse().unwrap_or_else(|e| panic!("{usi}: {e}"));
    let rule = pos.check_move(mv);
    // The generator must agree with the rule check.
    assert_eq!(
        pos.legal_moves().contains(&mv),
        rule.is_ok(),
        "{usi} in {sfen}"
    );
    rule
}

const START: &str = Position::START_SFEN;
/// White king 5a, black king 5i, black pawn on 5g, a pawn of each kind in Black's hand.
const NIFU: &str = "4k4/9/9/9/9/9/4P4/9/4K4 b PLN 1";
/// The fixture's pawn-drop-mate position: P*1b would mate.
const UCHIFUZUME: &str = "7lk/9/8S/9/9/9/9/7L1/8K b P 1";
/// The same without Black's king.
const KINGLESS_UCHIFUZUME: &str = "7lk/9/8S/9/9/9/9/7L1/9 b P 1";

#[rstest]
// Whose piece, where it goes, how it moves.
#[case::opponents_piece(START, "3c3d", Err(Rule::WrongSide))]
#[case::empty_square(START, "5e5d", Err(Rule::WrongSide))]
#[case::own_piece(START, "7i6i", Err(Rule::OwnPiece))]
#[case::pawn_two_squares(START, "7g7e", Err(Rule::Movement))]
#[case::pawn_backward(START, "7g7h", Err(Rule::Movement))]
#[case::silver_sideways("4k4/9/9/9/4S4/9/9/9/4K4 b - 1", "5e4e", Err(Rule::Movement))]
#[case::silver_backward_diagonal("4k4/9/9/9/4S4/9/9/9/4K4 b - 1", "5e4f", Ok(()))]
#[case::gold_backward_diagonal("4k4/9/9/9/4G4/9/9/9/4K4 b - 1", "5e4f", Err(Rule::Movement))]
#[case::knight_onto_own_pawn(START, "8i7g", Err(Rule::OwnPiece))]
#[case::knight_over_pieces("4k4/9/9/9/9/9/9/PPP6/1N2K4 b - 1", "8i7g", Ok(()))]
#[case::knight_sideways_jump("4k4/9/9/9/9/9/9/9/1N2K4 b - 1", "8i6h", Err(Rule::Movement))]
#[case::rook_through_pawn(START, "2h2c", Err(Rule::PathBlocked))]
#[case::bishop_through_pawn(START, "8h3c", Err(Rule::PathBlocked))]
#[case::lance_backward("k8/9/9/9/4L4/9/9/9/4K4 b - 1", "5e5f", Err(Rule::Movement))]
#[case::white_pawn_forward("4k4/9/4p4/9/9/9/9/9/4K4 w - 1", "5c5d", Ok(()))]
#[case::horse_steps_orthogonally("4k4/9/9/9/4+B4/9/9/9/4K4 b - 1", "5e5d", Ok(()))]
#[case::dragon_steps_diagonally("k8/9/9/9/4+R4/9/9/9/4K4 b - 1", "5e4d", Ok(()))]
#[case::tokin_moves_as_gold("4k4/9/9/9/4+P4/9/9/9/4K4 b - 1", "5e4e", Ok(()))]
// Drops.
#[case::not_in_hand(START, "P*5e", Err(Rule::NotInHand))]
#[case::drop_on_occupied(NIFU, "L*5g", Err(Rule::DropOnOccupied))]
#[case::nifu(NIFU, "P*5e", Err(Rule::Nifu))]
#[case::pawn_on_another_file(NIFU, "P*4e", Ok(()))]
#[case::tokin_is_no_pawn_for_nifu("4k4/9/9/9/4+P4/9/9/9/4K4 b P 1", "P*5f", Ok(()))]
#[case::white_nifu("4k4/4p4/9/9/9/9/9/9/4K4 w p 1", "P*5e", Err(Rule::Nifu))]
#[case::dead_pawn(NIFU, "P*4a", Err(Rule::DeadPiece))]
#[case::dead_lance(NIFU, "L*4a", Err(Rule::DeadPiece))]
#[case::lance_on_second_rank(NIFU, "L*4b", Ok(()))]
#[case::dead_knight_last_rank(NIFU, "N*4a", Err(Rule::DeadPiece))]
#[case::dead_knight_second_rank(NIFU, "N*4b", Err(Rule::DeadPiece))]
#[case::knight_on_third_rank(NIFU, "N*4c", Ok(()))]
#[case::dead_white_pawn("4k4/9/9/9/9/9/9/9/4K4 w p 1", "P*4i", Err(Rule::DeadPiece))]
#[case::dead_white_knight("4k4/9/9/9/9/9/9/9/4K4 w n 1", "N*4h", Err(Rule::DeadPiece))]
#[case::pawn_on_own_back_rank("4k4/9/9/9/9/9/9/9/4K4 b P 1", "P*4i", Ok(()))]
// Uchifuzume, and pawn drops that check without mating.
#[case::uchifuzume(UCHIFUZUME, "P*1b", Err(Rule::Uchifuzume))]
#[case::other_moves_there(UCHIFUZUME, "1c1b", Ok(()))]
#[case::uchifuzume_pinned_taker("6G1k/7g1/9/7N1/4B4/9/9/9/K8 b P 1", "P*1b", Err(Rule::Uchifuzume))]
#[case::lance_drop_mate_is_legal("6G1k/7g1/9/7N1/4B4/9/9/9/K8 b L 1", "L*1b", Ok(()))]
#[case::pawn_check_gold_can_take("6G1k/7g1/9/7N1/9/9/9/9/K8 b P 1", "P*1b", Ok(()))]
#[case::pawn_check_king_escapes("8k/9/9/9/9/9/9/9/K8 b P 1", "P*1b", Ok(()))]
#[case::white_uchifuzume("k8/1l7/9/9/9/9/s8/9/KL7 w p 1", "P*9h", Err(Rule::Uchifuzume))]
// Promotion: optional entering, leaving or inside the zone; forced where the piece is dead.
#[case::silver_entering("4k4/9/9/5S3/9/9/9/9/4K4 b - 1", "4d4c+", Ok(()))]
#[case::silver_entering_unpromoted("4k4/9/9/5S3/9/9/9/9/4K4 b - 1", "4d4c", Ok(()))]
#[case::silver_leaving("4k4/9/5S3/9/9/9/9/9/4K4 b - 1", "4c3d+", Ok(()))]
#[case::silver_leaving_unpromoted("4k4/9/5S3/9/9/9/9/9/4K4 b - 1", "4c3d", Ok(()))]
#[case::rook_inside("4k4/7R1/9/9/9/9/9/9/4K4 b - 1", "2b2c+", Ok(()))]
#[case::pawn_inside_unpromoted("4k4/9/6P2/9/9/9/9/9/4K4 b - 1", "3c3b", Ok(()))]
#[case::outside_zone(
    "4k4/9/9/9/5S3/9/9/9/4K4 b - 1",
    "4e4d+",
    Err(Rule::PromotionNotAllowed)
)]
#[case::gold_never_promotes(
    "4k4/9/9/5G3/9/9/9/9/4K4 b - 1",
    "4d4c+",
    Err(Rule::PromotionNotAllowed)
)]
#[case::promoted_piece(
    "4k4/9/9/5+S3/9/9/9/9/4K4 b - 1",
    "4d4c+",
    Err(Rule::PromotionNotAllowed)
)]
#[case::king_never_promotes("9/3k5/9/9/9/9/9/4K4/9 b - 1", "5h5g+", Err(Rule::PromotionNotAllowed))]
#[case::white_entering("4k4/9/9/9/9/3s5/9/9/4K4 w - 1", "6f6g+", Ok(()))]
#[case::white_outside_zone(
    "4k4/9/9/9/3s5/9/9/9/4K4 w - 1",
    "6e6f+",
    Err(Rule::PromotionNotAllowed)
)]
#[case::pawn_last_rank("4k4/6P2/9/9/9/9/9/9/4K4 b - 1", "3b3a", Err(Rule::ForcedPromotion))]
#[case::pawn_last_rank_promoted("4k4/6P2/9/9/9/9/9/9/4K4 b - 1", "3b3a+", Ok(()))]
#[case::lance_last_rank("4k4/9/9/9/6L2/9/9/9/4K4 b - 1", "3e3a", Err(Rule::ForcedPromotion))]
#[case::lance_second_rank("4k4/9/9/9/6L2/9/9/9/4K4 b - 1", "3e3b", Ok(()))]
#[case::knight_second_rank("4k4/9/9/6N2/9/9/9/9/4K4 b - 1", "3d2b", Err(Rule::ForcedPromotion))]
#[case::knight_second_rank_promoted("4k4/9/9/6N2/9/9/9/9/4K4 b - 1", "3d2b+", Ok(()))]
#[case::knight_third_rank("4k4/9/9/9/6N2/9/9/9/4K4 b - 1", "3e2c", Ok(()))]
#[case::white_knight_forced("4k4/9/9/9/9/6n2/9/9/K8 w - 1", "3f2h", Err(Rule::ForcedPromotion))]
// Pins and king safety.
#[case::pinned_rook_leaves_the_file(
    "4r3k/9/9/9/4R4/9/9/9/4K4 b - 1",
    "5e4e",
    Err(Rule::KingLeftInCheck)
)]
#[case::pinned_rook_takes_the_pinner("4r3k/9/9/9/4R4/9/9/9/4K4 b - 1", "5e5a+", Ok(()))]
#[case::lance_pins_gold("4l3k/9/9/9/4G4/9/9/9/4K4 b - 1", "5e4e", Err(Rule::KingLeftInCheck))]
#[case::lance_pinned_gold_advances("4l3k/9/9/9/4G4/9/9/9/4K4 b - 1", "5e5d", Ok(()))]
#[case::bishop_pins_silver("k8/9/9/9/8b/9/6S2/9/4K4 b - 1", "3g3f", Err(Rule::KingLeftInCheck))]
#[case::bishop_pinned_silver_on_line("k8/9/9/9/8b/9/6S2/9/4K4 b - 1", "3g2f", Ok(()))]
#[case::king_into_rook_rank("4k4/9/9/9/9/9/9/3r5/4K4 b - 1", "5i5h", Err(Rule::KingLeftInCheck))]
#[case::king_into_rook_file("4k4/9/9/9/9/9/9/3r5/4K4 b - 1", "5i6i", Err(Rule::KingLeftInCheck))]
#[case::king_to_safety("4k4/9/9/9/9/9/9/3r5/4K4 b - 1", "5i4i", Ok(()))]
#[case::king_along_the_checking_line(
    "k3r4/9/9/9/9/9/9/4K4/9 b - 1",
    "5h5i",
    Err(Rule::KingLeftInCheck)
)]
#[case::king_next_to_king("9/9/9/9/4k4/9/4K4/9/9 b - 1", "5g5f", Err(Rule::KingLeftInCheck))]
#[case::ignoring_check("k3r4/9/9/9/9/9/9/4K4/P8 b - 1", "9i9h", Err(Rule::KingLeftInCheck))]
#[case::drop_answers_check("k3r4/9/9/9/9/9/9/4K4/9 b G 1", "G*5e", Ok(()))]
#[case::drop_ignores_check("k3r4/9/9/9/9/9/9/4K4/9 b G 1", "G*4e", Err(Rule::KingLeftInCheck))]
// Without a king (the attacker of a mating problem, 詰将棋): the other rules hold.
#[case::kingless_uchifuzume(KINGLESS_UCHIFUZUME, "P*1b", Err(Rule::Uchifuzume))]
#[case::kingless_silver_checks(KINGLESS_UCHIFUZUME, "1c2b", Ok(()))]
#[case::kingless_nifu("4k4/9/9/9/9/9/4P4/9/9 b P 1", "P*5e", Err(Rule::Nifu))]
#[case::kingless_forced_promotion(
    "4k4/9/2L6/9/9/9/9/9/9 b - 1",
    "7c7a",
    Err(Rule::ForcedPromotion)
)]
#[case::kingless_dead_drop("4k4/9/9/9/9/9/9/9/9 b N 1", "N*5b", Err(Rule::DeadPiece))]
#[case::kingless_moves_into_attack("4k4/9/9/9/4r4/9/4G4/9/9 b - 1", "5g4g", Ok(()))]
// The defender's pawn drop mates nothing: the attacker has no king.
#[case::defender_pawn_drop("4k4/9/9/9/9/9/9/9/9 w p 1", "P*5h", Ok(()))]
fn rules(#[case] sfen: &str, #[case] usi: &str, #[case] expected: Result<(), Rule>) {
    assert_eq!(check(sfen, usi), expected);
}

#[test]
fn pawn_drop_checks_are_flagged() {
    let pos = Position::from_sfen("6G1k/7g1/9/7N1/9/9/9/9/K8 b P 1").unwrap();
    assert!(pos.gives_check("P*1b".parse().unwrap()));
    let pos = Position::from_sfen(UCHIFUZUME).unwrap();
    assert_eq!(pos.legal_moves().len(), 85);
}

#[test]
fn a_side_without_moves_loses() {
    use notation_traits::{GameResult, Termination};
    // White's king on 1a is checkmated by the dragon on 2b, which the gold on 3c defends.
    let pos = Position::from_sfen("8k/7+R1/6G2/9/9/9/9/9/K8 w - 1").unwrap();
    assert!(pos.is_checkmate());
    assert_eq!(
        pos.outcome(),
        Some((GameResult::FirstPlayerWins, Termination::Checkmate))
    );
}

#[test]
fn a_side_without_a_king_is_never_in_check() {
    use notation_traits::{GameResult, Termination};
    use shogi_board::{Color, DeclarationError};
    // Black has no king: a white rook on its file, a dragon next to where a king would be.
    let pos = Position::from_sfen("4k4/9/9/9/4r4/9/9/3+r5/9 b G 1").unwrap();
    assert!(!pos.is_check());
    assert!(!pos.is_checkmate());
    assert_eq!(pos.checkers().count(), 0);
    assert_eq!(pos.king_square(Color::Black), None);
    assert_eq!(pos.declaration(), Err(DeclarationError::NoKing));
    // Every empty square takes the gold.
    assert_eq!(pos.legal_moves().len(), 81 - 3);
    // A kingless side with no move loses as any side without a move does (no check).
    let pos = Position::from_sfen("4k4/9/9/9/9/9/9/9/9 b - 1").unwrap();
    assert_eq!(
        pos.outcome(),
        Some((GameResult::SecondPlayerWins, Termination::Stalemate))
    );
}

#[test]
fn the_tsume_of_tsumeshogi_csa_ends_in_mate() {
    use notation_traits::{GameResult, Termination};
    // 看寿賞 平成元年短編賞 『新たなる殺意』 (../shared/specimens/kif-csa/csa/tsumeshogi.csa):
    // +7572NY -0086KE +7673RY, then %TSUMI.
    let mut pos =
        Position::from_sfen("9/9/3pp4/+r2k1p3/2L1+p4/2+R6/B8/B8/9 b 4g4s4n3l14p 1").unwrap();
    for (usi, check) in [("7e7b+", true), ("N*8f", false), ("7f7c", true)] {
        pos = pos.play(usi.parse().unwrap()).unwrap();
        assert_eq!(pos.is_check(), check, "{usi}");
    }
    assert!(pos.is_checkmate());
    assert_eq!(
        pos.outcome(),
        Some((GameResult::FirstPlayerWins, Termination::Checkmate))
    );
    assert_eq!(
        pos.to_sfen(),
        "9/2+L6/2+Rpp4/+r2k1p3/4+p4/1n7/B8/B8/9 w 4g4s3n3l14p 4"
    );
}
