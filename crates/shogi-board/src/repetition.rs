//! Repetition (千日手, sennichite): the same position four times ends the game as a draw, unless
//! one side gave check with every one of its moves meanwhile (連続王手の千日手): that side loses.
//!
//! Rule: Japan Shogi Association, 将棋のルール, 千日手 (the same position, meaning the board,
//! both hands and the side to move, appearing four times; perpetual check loses).

use notation_traits::PlayError;

use crate::{Color, Move, Position};

/// What the repetition rule says about the position a game reached.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Repetition {
    /// How many times the last position (board, hands and side to move, the ply aside) stood
    /// on the board in the game, the last time included; at least 1.
    pub occurrences: usize,
    /// When the last position stood there four times or more: the side whose every move since
    /// its first time gave check (it loses by the rule), if exactly one side did.
    pub perpetual_check_by: Option<Color>,
}

impl Repetition {
    /// Whether the rule ends the game here: the position stood on the board four times.
    pub fn is_sennichite(&self) -> bool {
        self.occurrences >= 4
    }
}

/// Plays `moves` from `start` and judges the last position by the repetition rule.
///
/// # Errors
///
/// The first illegal move and the position it was tried in.
///
/// # Examples
///
/// ```
/// use shogi_board::{Color, Move, Position, repetition};
///
/// // Both rooks swing out and back three times: the start position (Black to move) stands
/// // on the board a fourth time.
/// let cycle = ["2h3h", "8b7b", "3h2h", "7b8b"];
/// let moves: Vec<Move> = cycle.iter().cycle().take(12).map(|m| m.parse()).collect::<Result<_, _>>()?;
/// let r = repetition(&Position::new(), &moves)?;
/// assert_eq!(r.occurrences, 4);
/// assert!(r.is_sennichite());
/// assert_eq!(r.perpetual_check_by, None);
/// // Two cycles: three times only, and play goes on.
/// assert_eq!(repetition(&Position::new(), &moves[..8])?.occurrences, 3);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn repetition(
    start: &Position,
    moves: &[Move],
) -> Result<Repetition, Box<PlayError<Position>>> {
    let mut positions = Vec::with_capacity(moves.len() + 1);
    positions.push(*start);
    let mut pos = *start;
    for &mv in moves {
        pos = pos.play(mv)?;
        positions.push(pos);
    }
    let last = positions[positions.len() - 1];
    let occurrences = positions.iter().filter(|p| p.same_position(&last)).count();
    let mut perpetual_check_by = None;
    if occurrences >= 4 {
        let first = positions
            .iter()
            .position(|p| p.same_position(&last))
            .unwrap_or(positions.len() - 1);
        // The move from positions[k] to positions[k + 1] was made by positions[k]'s side; it
        // gave check when positions[k + 1]'s side to move is in check.
        let all_checks = |color: Color| {
            (first..positions.len() - 1)
                .filter(|&k| positions[k].side == color)
                .all(|k| positions[k + 1].is_check())
        };
        perpetual_check_by = match (all_checks(Color::Black), all_checks(Color::White)) {
            (true, false) => Some(Color::Black),
            (false, true) => Some(Color::White),
            _ => None,
        };
    }
    Ok(Repetition {
        occurrences,
        perpetual_check_by,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn moves(text: &str) -> Vec<Move> {
        text.split_whitespace()
            .map(|m| m.parse().expect("a USI move"))
            .collect()
    }

    #[test]
    fn perpetual_check_is_named() {
        let start = Position::from_sfen("4k4/8+R/9/9/9/9/9/9/4K4 b r2b4g4s4n4l18p 1")
            .expect("a valid SFEN");
        // Dragon 1b-1a checks along rank a; the king steps 5a-5b; the dragon 1a-1b checks along
        // rank b; the king steps 5b-5a: the start again, Black having checked every move.
        let cycle = "1b1a 5a5b 1a1b 5b5a ";
        let all = moves(&cycle.repeat(3));
        let r = repetition(&start, &all).expect("legal moves");
        assert_eq!(r.occurrences, 4);
        assert_eq!(r.perpetual_check_by, Some(Color::Black));
        // One cycle short: three times only.
        let r = repetition(&start, &all[..8]).expect("legal moves");
        assert_eq!(r.occurrences, 3);
        assert!(!r.is_sennichite());
        assert_eq!(r.perpetual_check_by, None);
    }

    #[test]
    fn an_illegal_move_is_an_error() {
        let err = repetition(&Position::new(), &moves("7g7f 7g7f")).unwrap_err();
        assert_eq!(err.mv.to_string(), "7g7f");
    }
}
