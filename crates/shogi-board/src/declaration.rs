//! The entering-king declaration (入玉宣言法) by the 27-point rule: a side whose king has
//! entered the opponent's camp may declare a win on its turn when it has enough material there
//! and in hand.
//!
//! Rule: the CSA tournament rules' 27-point rule (27点法), as computer shogi and MyShogi's
//! PSN2 `DeclarationWin` use it: the declaring side is to move; its king stands in the
//! opponent's camp (the three far ranks) and is not in check (a side without a king, the
//! attacker of a mating problem, cannot declare); at least 10 of its other pieces
//! stand there; counting those pieces and the pieces in its hand, rooks and bishops (promoted
//! or not) 5 points and every other piece 1, Black (sente) has at least 28 points and White
//! (gote) at least 27. (The rule's last condition, time left on the clock, is not in a
//! position.)

use std::fmt;

use crate::{Color, PieceKind, Position};

/// Why the side to move cannot declare an entering-king win ([`Position::declaration`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum DeclarationError {
    /// The side to move has no king (the attacker of a mating problem, 詰将棋).
    NoKing,
    /// The king is not in the opponent's camp.
    KingNotEntered,
    /// The king is in check.
    InCheck,
    /// Fewer than 10 pieces besides the king stand in the opponent's camp (the count).
    TooFewPieces(u32),
    /// Too few points in the opponent's camp and in hand: (the points, the points needed).
    TooFewPoints(u32, u32),
}

impl fmt::Display for DeclarationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DeclarationError::NoKing => f.write_str("the side to move has no king"),
            DeclarationError::KingNotEntered => {
                f.write_str("the king is not in the opponent's camp")
            }
            DeclarationError::InCheck => f.write_str("the king is in check"),
            DeclarationError::TooFewPieces(n) => write!(
                f,
                "{n} pieces besides the king stand in the opponent's camp: 10 are needed"
            ),
            DeclarationError::TooFewPoints(points, needed) => write!(
                f,
                "{points} points in the opponent's camp and in hand: {needed} are needed \
                 (rook and bishop 5, other pieces 1)"
            ),
        }
    }
}

impl std::error::Error for DeclarationError {}

impl Position {
    /// Whether the side to move may declare an entering-king win by the 27-point rule
    /// (module docs: the CSA tournament rules).
    ///
    /// # Errors
    ///
    /// The first condition that fails, in the order a king at all ([`DeclarationError::NoKing`]),
    /// king entered, not in check, 10 pieces, points.
    ///
    /// # Examples
    ///
    /// ```
    /// use shogi_board::{DeclarationError, Position};
    ///
    /// assert_eq!(Position::new().declaration(), Err(DeclarationError::KingNotEntered));
    /// // Black's king on 5a with two rooks, two bishops, four golds and four silvers in
    /// // White's camp: 12 pieces, 2 x 5 + 2 x 5 + 8 = 28 points.
    /// let pos = Position::from_sfen("R3K3R/B1GGGG1B1/1SSSS4/9/9/9/9/9/4k4 b 4n4l18p 1")?;
    /// assert_eq!(pos.declaration(), Ok(()));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn declaration(&self) -> Result<(), DeclarationError> {
        let color = self.side_to_move();
        let in_camp = |sq: crate::Square| sq.rank().is_promotion_zone(color);
        let Some(king) = self.king_square(color) else {
            return Err(DeclarationError::NoKing);
        };
        if !in_camp(king) {
            return Err(DeclarationError::KingNotEntered);
        }
        if self.is_check() {
            return Err(DeclarationError::InCheck);
        }
        let value = |kind: PieceKind| match kind.unpromote() {
            PieceKind::Rook | PieceKind::Bishop => 5,
            _ => 1,
        };
        let mut pieces = 0;
        let mut points = 0;
        for (sq, piece) in self.pieces(color) {
            if piece.kind != PieceKind::King && in_camp(sq) {
                pieces += 1;
                points += value(piece.kind);
            }
        }
        if pieces < 10 {
            return Err(DeclarationError::TooFewPieces(pieces));
        }
        points += self
            .hand(color)
            .iter()
            .map(|(kind, n)| value(kind) * u32::from(n))
            .sum::<u32>();
        let needed = match color {
            Color::Black => 28,
            Color::White => 27,
        };
        if points < needed {
            return Err(DeclarationError::TooFewPoints(points, needed));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn declaration(sfen: &str) -> Result<(), DeclarationError> {
        Position::from_sfen(sfen)
            .expect("a valid SFEN")
            .declaration()
    }

    /// Each position is also judged by cshogi's `Board.is_nyugyoku()` (the same 27-point rule
    /// in YaneuraOu's code), which agrees on every one.
    #[test]
    fn each_condition_of_the_27_point_rule() {
        // Black: two rooks, two bishops, four golds, four silvers in White's camp: 12 pieces,
        // 28 points.
        assert_eq!(
            declaration("R3K3R/B1GGGG1B1/1SSSS4/9/9/9/9/9/4k4 b 4n4l18p 1"),
            Ok(())
        );
        // White needs 27: 11 pieces, 2 x 5 + 2 x 5 + 4 + 3.
        assert_eq!(
            declaration("4K4/9/9/9/9/9/5sss1/1b1gggg1b/r3k3r w S4N4L18P 1"),
            Ok(())
        );
        // The same material for Black: 27 points, one short.
        assert_eq!(
            declaration("R3K3R/B1GGGG1B1/1SSS5/9/9/9/9/9/4k4 b s4n4l18p 1"),
            Err(DeclarationError::TooFewPoints(27, 28))
        );
        assert_eq!(
            declaration("R3K3R/B1GG3B1/1SSS5/9/9/9/9/9/4k4 b 2gs4n4l18p 1"),
            Err(DeclarationError::TooFewPieces(9))
        );
        // 23 points on the board; a rook in hand counts 5.
        assert_eq!(
            declaration("R3K4/B1GGGG1B1/1SSSS4/9/9/9/9/9/4k4 b R4n4l18p 1"),
            Ok(())
        );
        assert_eq!(
            declaration("R3K4/B1GGGG1B1/1SSSS4/9/9/9/9/9/4k4 b r4n4l18p 1"),
            Err(DeclarationError::TooFewPoints(23, 28))
        );
        // A white gold on 4a checks.
        assert_eq!(
            declaration("R3Kg2R/B1GGG2B1/1SSSS4/9/9/9/9/9/4k4 b 4n4l18p 1"),
            Err(DeclarationError::InCheck)
        );
        // The king on 5d is outside the camp.
        assert_eq!(
            declaration("R7R/B1GGGG1B1/1SSSS4/4K4/9/9/9/9/4k4 b 4n4l18p 1"),
            Err(DeclarationError::KingNotEntered)
        );
    }

    #[test]
    fn a_side_without_a_king_cannot_declare() {
        // All of Black's material in White's camp, but no black king.
        let no_king = "R7R/B1GGGG1B1/1SSSS4/9/9/9/9/9/4k4 b 4n4l18p 1";
        assert_eq!(declaration(no_king), Err(DeclarationError::NoKing));
        assert_eq!(
            DeclarationError::NoKing.to_string(),
            "the side to move has no king"
        );
    }
}
