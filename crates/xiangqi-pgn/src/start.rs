//! The start position of a xiangqi PGN game: its `[FEN]` tag, else the standard start.

use notation_traits::{Diagnostic, GameRecord, Severity};
use xiangqi_board::Position;

/// The start position of a record: its `[FEN]` tag (name in any case), else the standard
/// start.
///
/// # Errors
///
/// A `bad-fen` diagnostic at the tag when the FEN cannot be read or is not a legal position.
///
/// # Examples
///
/// ```
/// use notation_traits::parse_game_text;
/// use xiangqi_board::Position;
/// use xiangqi_pgn::start_position;
///
/// let game = parse_game_text("[FEN \"4k4/9/9/9/9/9/9/9/4A4/4K4 w - - 0 1\"]\n1. K5+1\n");
/// let start = start_position(&game.record).map_err(|d| d.to_string())?;
/// assert_eq!(start.to_fen(), "4k4/9/9/9/9/9/9/9/4A4/4K4 w - - 0 1");
/// assert_eq!(start_position(&parse_game_text("1. C2.5\n").record).ok(), Some(Position::new()));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn start_position<M>(record: &GameRecord<M>) -> Result<Position, Box<Diagnostic>> {
    match record
        .tags
        .iter()
        .find(|t| t.name.eq_ignore_ascii_case("FEN"))
    {
        None => Ok(Position::new()),
        Some(tag) => Position::from_fen(&tag.value).map_err(|e| {
            Box::new(
                Diagnostic::new(
                    Severity::Error,
                    "bad-fen",
                    format!("[FEN \"{}\"]: {e}", tag.value),
                )
                .at(tag.span),
            )
        }),
    }
}
