//! USI move text: `7g7f`, `8h2b+`, `P*5e`.
//!
//! Written: the square of departure and the square of arrival (file digit, rank letter), then
//! `+` when the move promotes; a drop is the upper-case letter of the kind, `*` and the square.
//!
//! Read, leniently: the drop letter in either case (`p*5e`) and the rank letters in either case.
//! Nothing else: no `-` separators, no `x`, no check marks (PSN and the other notations read
//! those).
//!
//! Rule: the USI protocol, "move format" (<http://hgm.nubati.net/usi.html>).

use std::fmt;
use std::str::FromStr;

use crate::{Move, PieceKind, Square};

impl fmt::Display for Move {
    /// USI: `7g7f`, `8h2b+`, `P*5e`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Written into a buffer of its own and handed over as one string: a converter writes
        // every move this way, and formatting each piece costs several times more.
        let mut text = [0u8; 5];
        let square = |text: &mut [u8], sq: Square| {
            text[0] = b'0' + sq.file().number();
            text[1] = b'a' + sq.rank().index();
        };
        let n = match *self {
            Move::Normal { from, to, promote } => {
                square(&mut text[0..2], from);
                square(&mut text[2..4], to);
                text[4] = b'+';
                4 + usize::from(promote)
            }
            Move::Drop { kind, to } => {
                let mut letter = [0u8; 4];
                let letter = kind.letter().encode_utf8(&mut letter);
                f.write_str(letter)?;
                text[0] = b'*';
                square(&mut text[1..3], to);
                3
            }
        };
        f.write_str(std::str::from_utf8(&text[..n]).map_err(|_| fmt::Error)?)
    }
}

/// The text is not a USI move.
///
/// ```
/// use shogi_board::Move;
///
/// let err = "7g7".parse::<Move>().unwrap_err();
/// assert_eq!(err.to_string(), "expected a USI move such as `7g7f`, `8h2b+` or `P*5e`, found `7g7`");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("expected a USI move such as `7g7f`, `8h2b+` or `P*5e`, found `{0}`")]
pub struct ParseMoveError(pub String);

impl FromStr for Move {
    type Err = ParseMoveError;

    /// Reads a USI move: `7g7f`, `8h2b+`, `P*5e` (see the module notes for the lax forms).
    fn from_str(s: &str) -> Result<Move, ParseMoveError> {
        let err = || ParseMoveError(s.to_owned());
        if let Some((letter, square)) = s.split_once('*') {
            let mut chars = letter.chars();
            let kind = match (chars.next(), chars.next()) {
                (Some(c), None) => PieceKind::from_letter(c).filter(|k| k.is_hand_kind()),
                _ => None,
            };
            let to: Square = square.parse().map_err(|_| err())?;
            return kind.map(|kind| Move::Drop { kind, to }).ok_or_else(err);
        }
        let (body, promote) = match s.strip_suffix('+') {
            Some(body) => (body, true),
            None => (s, false),
        };
        if body.len() != 4 || !body.is_ascii() {
            return Err(err());
        }
        let from: Square = body[..2].parse().map_err(|_| err())?;
        let to: Square = body[2..].parse().map_err(|_| err())?;
        Ok(Move::Normal { from, to, promote })
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Move {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Move {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Move, D::Error> {
        let text = <std::borrow::Cow<'de, str>>::deserialize(d)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn usi_round_trips() {
        for text in ["7g7f", "8h2b+", "P*5e", "R*9a", "1a1b", "9i1a+"] {
            let mv: Move = text.parse().unwrap();
            assert_eq!(mv.to_string(), text);
        }
        assert_eq!("p*5e".parse::<Move>().unwrap().to_string(), "P*5e");
    }

    #[cfg(feature = "serde")]
    #[test]
    fn serde_writes_usi_strings() {
        let mv: Move = serde_json::from_str("\"8h2b+\"").unwrap();
        assert_eq!(serde_json::to_string(&mv).unwrap(), "\"8h2b+\"");
        let pos: crate::Position =
            serde_json::from_str(&format!("\"{}\"", crate::Position::START_SFEN)).unwrap();
        assert_eq!(pos, crate::Position::new());
        assert!(serde_json::from_str::<Move>("\"8h2\"").is_err());
    }

    #[test]
    fn bad_usi_is_refused() {
        for text in [
            "", "7g", "7g7", "7g7f7", "7g7f=", "K*5e", "+P*5e", "P*5j", "P*", "7g-7f", "0a1a",
            "7g7f++", "PP*5e", "é7g7f",
        ] {
            assert!(text.parse::<Move>().is_err(), "{text}");
        }
    }
}
