//! The standard handicap (駒落ち) start positions.
//!
//! The stronger player (上手, uwate) removes pieces and plays White (gote), who moves first:
//! every handicap SFEN has `w` and move count 1. "Left" and "right" are the giver's own: the
//! lance handicap (香落ち, strictly 左香落ち) removes the lance on `1a`, the right lance handicap
//! the one on `9a`.
//!
//! Rule: the handicap SFENs of the fixture games (testdata/shogi: lance, bishop, rook,
//! rook-lance, 2-, 4- and 6-piece) and, for the others, the KIF 手合割 names as two GUIs list
//! them with SFENs (MyShogi `Sfens.cs`: 右香落ち, 三枚落ち, 五枚落ち, 左五枚落ち, 八枚落ち,
//! 十枚落ち; a KIF/KI2 converter's table that agrees and adds 左七枚落ち and 右七枚落ち).

use std::fmt;
use std::str::FromStr;

use crate::Position;

/// A standard handicap: which of White's pieces are removed.
///
/// ```
/// use shogi_board::{Color, Handicap};
///
/// let pos = Handicap::TwoPiece.position();
/// assert_eq!(pos.side_to_move(), Color::White);
/// assert_eq!(pos.to_sfen(), "lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1");
/// assert_eq!("rook+lance".parse::<Handicap>()?, Handicap::RookLance);
/// assert_eq!(Handicap::detect(&pos), Some(Handicap::TwoPiece));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Handicap {
    /// 香落ち (kyō-ochi): the lance on `1a`.
    Lance,
    /// 右香落ち (migi kyō-ochi): the lance on `9a`.
    RightLance,
    /// 角落ち (kaku-ochi): the bishop.
    Bishop,
    /// 飛車落ち (hisha-ochi): the rook.
    Rook,
    /// 飛香落ち (hikyō-ochi): the rook and the lance on `1a`.
    RookLance,
    /// 二枚落ち (nimai-ochi): rook and bishop.
    TwoPiece,
    /// 三枚落ち (sanmai-ochi): rook, bishop and the lance on `1a`.
    ThreePiece,
    /// 四枚落ち (yonmai-ochi): rook, bishop and both lances.
    FourPiece,
    /// 五枚落ち (gomai-ochi): rook, bishop, both lances and the knight on `8a`.
    FivePiece,
    /// 左五枚落ち (hidari gomai-ochi): rook, bishop, both lances and the knight on `2a`.
    LeftFivePiece,
    /// 六枚落ち (rokumai-ochi): rook, bishop, lances and knights.
    SixPiece,
    /// 左七枚落ち (hidari nanamai-ochi): six-piece and the silver on `3a`.
    LeftSevenPiece,
    /// 右七枚落ち (migi nanamai-ochi): six-piece and the silver on `7a`.
    RightSevenPiece,
    /// 八枚落ち (hachimai-ochi): rook, bishop, lances, knights and silvers.
    EightPiece,
    /// 十枚落ち (jūmai-ochi): every piece of the back two ranks but the king.
    TenPiece,
}

impl Handicap {
    /// Every handicap, from the smallest.
    pub const ALL: [Handicap; 15] = [
        Handicap::Lance,
        Handicap::RightLance,
        Handicap::Bishop,
        Handicap::Rook,
        Handicap::RookLance,
        Handicap::TwoPiece,
        Handicap::ThreePiece,
        Handicap::FourPiece,
        Handicap::FivePiece,
        Handicap::LeftFivePiece,
        Handicap::SixPiece,
        Handicap::LeftSevenPiece,
        Handicap::RightSevenPiece,
        Handicap::EightPiece,
        Handicap::TenPiece,
    ];

    /// The start position's SFEN (White to move, move count 1).
    pub const fn sfen(self) -> &'static str {
        match self {
            Handicap::Lance => "lnsgkgsn1/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
            Handicap::RightLance => {
                "1nsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"
            }
            Handicap::Bishop => "lnsgkgsnl/1r7/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
            Handicap::Rook => "lnsgkgsnl/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
            Handicap::RookLance => "lnsgkgsn1/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
            Handicap::TwoPiece => "lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
            Handicap::ThreePiece => "lnsgkgsn1/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
            Handicap::FourPiece => "1nsgkgsn1/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
            Handicap::FivePiece => "2sgkgsn1/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
            Handicap::LeftFivePiece => "1nsgkgs2/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
            Handicap::SixPiece => "2sgkgs2/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
            Handicap::LeftSevenPiece => "2sgkg3/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
            Handicap::RightSevenPiece => "3gkgs2/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
            Handicap::EightPiece => "3gkg3/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
            Handicap::TenPiece => "4k4/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
        }
    }

    /// The start position, White to move.
    pub fn position(self) -> Position {
        // Read from their SFENs once ([`Handicap::detect`] compares a position with each).
        static STARTS: std::sync::LazyLock<[Position; 15]> = std::sync::LazyLock::new(|| {
            Handicap::ALL.map(|h| match Position::from_sfen(h.sfen()) {
                Ok(pos) => pos,
                Err(e) => unreachable!("the handicap SFENs are valid: {e}"),
            })
        });
        STARTS[self as usize]
    }

    /// The handicap whose start position `pos` is (board, hands and side to move; the move
    /// count is not compared), if any.
    pub fn detect(pos: &Position) -> Option<Handicap> {
        Handicap::ALL.into_iter().find(|h| {
            let mut start = h.position();
            start.ply = pos.ply;
            start == *pos
        })
    }

    /// The kebab-case code, as the fixtures' `start` field writes it: `lance`, `right-lance`,
    /// `bishop`, `rook`, `rook-lance`, `2-piece`, `3-piece`, `4-piece`, `5-piece`,
    /// `left-5-piece`, `6-piece`, `left-7-piece`, `right-7-piece`, `8-piece`, `10-piece`.
    pub const fn code(self) -> &'static str {
        match self {
            Handicap::Lance => "lance",
            Handicap::RightLance => "right-lance",
            Handicap::Bishop => "bishop",
            Handicap::Rook => "rook",
            Handicap::RookLance => "rook-lance",
            Handicap::TwoPiece => "2-piece",
            Handicap::ThreePiece => "3-piece",
            Handicap::FourPiece => "4-piece",
            Handicap::FivePiece => "5-piece",
            Handicap::LeftFivePiece => "left-5-piece",
            Handicap::SixPiece => "6-piece",
            Handicap::LeftSevenPiece => "left-7-piece",
            Handicap::RightSevenPiece => "right-7-piece",
            Handicap::EightPiece => "8-piece",
            Handicap::TenPiece => "10-piece",
        }
    }

    /// The Japanese name as KIF's 手合割 line writes it: 香落ち, 右香落ち, 角落ち, 飛車落ち,
    /// 飛香落ち, 二枚落ち, 三枚落ち, 四枚落ち, 五枚落ち, 左五枚落ち, 六枚落ち, 左七枚落ち,
    /// 右七枚落ち, 八枚落ち, 十枚落ち.
    pub const fn japanese(self) -> &'static str {
        match self {
            Handicap::Lance => "香落ち",
            Handicap::RightLance => "右香落ち",
            Handicap::Bishop => "角落ち",
            Handicap::Rook => "飛車落ち",
            Handicap::RookLance => "飛香落ち",
            Handicap::TwoPiece => "二枚落ち",
            Handicap::ThreePiece => "三枚落ち",
            Handicap::FourPiece => "四枚落ち",
            Handicap::FivePiece => "五枚落ち",
            Handicap::LeftFivePiece => "左五枚落ち",
            Handicap::SixPiece => "六枚落ち",
            Handicap::LeftSevenPiece => "左七枚落ち",
            Handicap::RightSevenPiece => "右七枚落ち",
            Handicap::EightPiece => "八枚落ち",
            Handicap::TenPiece => "十枚落ち",
        }
    }
}

impl fmt::Display for Handicap {
    /// The code (`rook-lance`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

/// The text names no handicap.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "expected a handicap (lance, right lance, bishop, rook, rook+lance, 2, 3, 4, 5, left 5, 6, left 7, right 7, 8 or 10 piece, or its Japanese name), found `{0}`"
)]
pub struct ParseHandicapError(pub String);

impl FromStr for Handicap {
    type Err = ParseHandicapError;

    /// Reads a code ([`Handicap::code`]), a Japanese name ([`Handicap::japanese`]), or the
    /// English names of PSN `[Handicap]` tags, in any case, with spaces, `_`, `+` or ` and `
    /// between words: `Rook and Lance`, `rook+lance`, `two piece`, `2`, `Four Piece`,
    /// `left five`, `rook+bishop`.
    fn from_str(s: &str) -> Result<Handicap, ParseHandicapError> {
        let trimmed = s.trim();
        if let Some(h) = Handicap::ALL.into_iter().find(|h| h.japanese() == trimmed) {
            return Ok(h);
        }
        let mut name = trimmed.to_lowercase().replace([' ', '_', '+'], "-");
        for (word, digit) in [
            ("-and-", "-"),
            ("two", "2"),
            ("three", "3"),
            ("four", "4"),
            ("five", "5"),
            ("six", "6"),
            ("seven", "7"),
            ("eight", "8"),
            ("ten", "10"),
            ("pieces", "piece"),
        ] {
            name = name.replace(word, digit);
        }
        let name = name.strip_suffix("-handicap").unwrap_or(&name);
        let name = match name {
            "rook-bishop" | "bishop-rook" => "2-piece",
            "left-lance" => "lance",
            _ => name,
        };
        let with_piece = format!("{name}-piece");
        Handicap::ALL
            .into_iter()
            .find(|h| h.code() == name || h.code() == with_piece)
            .ok_or_else(|| ParseHandicapError(s.to_owned()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Color;
    use rstest::rstest;

    #[test]
    fn every_handicap_is_valid_white_to_move_and_detected() {
        for h in Handicap::ALL {
            let pos = h.position();
            assert_eq!(pos.to_sfen(), h.sfen());
            assert_eq!(pos.side_to_move(), Color::White);
            assert_eq!(pos.ply(), 1);
            assert_eq!(Handicap::detect(&pos), Some(h));
            assert_eq!(h.code().parse::<Handicap>(), Ok(h));
            assert_eq!(h.japanese().parse::<Handicap>(), Ok(h));
        }
        assert_eq!(Handicap::detect(&Position::new()), None);
    }

    #[test]
    fn fixture_handicaps_match() {
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../testdata/shogi/shogi-games.jsonl"
        );
        let text = std::fs::read_to_string(path).unwrap();
        let mut seen = 0;
        for line in text.lines() {
            let game: serde_json::Value = serde_json::from_str(line).unwrap();
            let start = game["start"].as_str().unwrap();
            if start == "even" || start == "midgame" {
                continue;
            }
            let h: Handicap = start.parse().unwrap();
            assert_eq!(h.sfen(), game["start_sfen"].as_str().unwrap(), "{start}");
            seen += 1;
        }
        assert!(seen > 50);
    }

    #[rstest]
    #[case("Rook and Lance", Handicap::RookLance)]
    #[case("rook+lance", Handicap::RookLance)]
    #[case("Right Lance", Handicap::RightLance)]
    #[case("two piece", Handicap::TwoPiece)]
    #[case("rook+bishop", Handicap::TwoPiece)]
    #[case("2", Handicap::TwoPiece)]
    #[case("Four Piece", Handicap::FourPiece)]
    #[case("left 5", Handicap::LeftFivePiece)]
    #[case("10", Handicap::TenPiece)]
    #[case("ten pieces", Handicap::TenPiece)]
    fn names_are_read(#[case] name: &str, #[case] expected: Handicap) {
        assert_eq!(name.parse::<Handicap>(), Ok(expected));
    }

    #[test]
    fn unknown_names_are_refused() {
        assert!("7".parse::<Handicap>().is_err());
        assert!("queen".parse::<Handicap>().is_err());
    }
}
