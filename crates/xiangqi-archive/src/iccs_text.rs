//! The move texts the archive readers give: ICCS engine text (`h2e2`), and the notation that
//! reads them.
//!
//! Every archive stores a move as two points; the readers write them as ICCS coordinates (files
//! `a`-`i` from Red's left, ranks `0`-`9` from Red's side) without checking them, so a move
//! that is not legal stays as the file holds it and the replay reports it at its place.

use iccs_algebraic::{Iccs, IccsStyle};
use notation_traits::TextNotation;
use xiangqi_board::{Position, Square};

/// The notation of the archive readers' move texts: ICCS, engine style, ranks 0-9.
pub(crate) fn notation() -> Box<dyn TextNotation<Position> + Send + Sync> {
    Box::new(Iccs::new(IccsStyle::Engine))
}

/// The point at file index `file` (0-8, from Red's left) and rank `rank` (0-9, from Red's
/// side).
pub(crate) fn square(file: u8, rank: u8) -> Option<Square> {
    Square::from_coords(i32::from(file), i32::from(rank))
}

/// The ICCS text of a move between two points.
pub(crate) fn move_text(from: Square, to: Square) -> String {
    format!("{from}{to}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_central_cannon() {
        let (from, to) = (square(7, 2).unwrap(), square(4, 2).unwrap());
        assert_eq!(move_text(from, to), "h2e2");
        assert_eq!(square(9, 0), None);
        let pos = Position::new();
        assert!(notation().read(&pos, "h2e2").is_ok());
    }
}
