//! [`KifMove`]: a KIF or KI2 move as written, before it is checked against a position.

use std::fmt;

use shogi_board::{Color, PieceKind, Relative, Square};

use crate::names::{FILE_DIGITS, RANK_NUMERALS};

/// The promotion word of a move.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Promotion {
    /// None written.
    #[default]
    Unmarked,
    /// 成: the piece promotes.
    Promote,
    /// 不成: the piece could promote and does not.
    Decline,
    /// 生: 不成 in the short form of print.
    DeclineShort,
}

impl Promotion {
    /// The word: empty, 成, 不成 or 生.
    pub const fn japanese(self) -> &'static str {
        match self {
            Promotion::Unmarked => "",
            Promotion::Promote => "成",
            Promotion::Decline => "不成",
            Promotion::DeclineShort => "生",
        }
    }

    /// Whether the word declines promotion (不成 or 生).
    pub const fn declines(self) -> bool {
        matches!(self, Promotion::Decline | Promotion::DeclineShort)
    }
}

/// A KIF or KI2 move as written: `７六歩(77)`, `同　歩(76)`, `５五角打`, `▲５二金右`,
/// `△同　銀`, `３三桂不成`.
///
/// `Display` writes the move back in the canonical spelling of what was read: a mark ▲ or △,
/// the square in full-width digit and kanji numeral (`７六`) or `同`, the piece name as written
/// (`竜` stays `竜`), the relative words in the JSA order, the promotion word, `打`, and the
/// origin `(77)`.
///
/// # Examples
///
/// ```
/// use kif::{KifMove, Promotion};
/// use shogi_board::PieceKind;
///
/// let mv: KifMove = "同　銀成(31)".parse()?;
/// assert!(mv.same && mv.to.is_none());
/// assert_eq!(mv.piece, PieceKind::Silver);
/// assert_eq!(mv.promotion, Promotion::Promote);
/// assert_eq!(mv.from, Some("3a".parse()?));
/// assert_eq!(mv.to_string(), "同　銀成(31)");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct KifMove {
    /// The side mark: ▲ or ☗ Black (sente, 下手 in a handicap game), △ or ☖ White.
    pub color: Option<Color>,
    /// The square, if written (`７六`); `None` for a bare `同`.
    pub to: Option<Square>,
    /// Whether `同` (the square of the previous move) is written.
    pub same: bool,
    /// Whether a space follows `同` (`同　歩`).
    pub same_space: bool,
    /// The kind of the moving or dropped piece, before the move.
    pub piece: PieceKind,
    /// The piece name as written (`龍`, `竜`, `成銀`, `全`).
    pub piece_name: &'static str,
    /// The relative words (右 左 直, 上 寄 引) and 打.
    pub relative: Relative,
    /// The promotion word.
    pub promotion: Promotion,
    /// The origin square, KIF's `(77)`.
    pub from: Option<Square>,
    /// Whether a square numeral was written another way than the canonical full-width digit
    /// and kanji numeral (`76歩`, `7六歩`), or the origin in full-width digits.
    pub other_numerals: bool,
}

impl fmt::Display for KifMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.color {
            Some(Color::Black) => f.write_str("▲")?,
            Some(Color::White) => f.write_str("△")?,
            None => {}
        }
        if let Some(to) = self.to {
            write!(
                f,
                "{}{}",
                FILE_DIGITS[to.file().index() as usize],
                RANK_NUMERALS[to.rank().index() as usize]
            )?;
        }
        if self.same {
            f.write_str(if self.same_space { "同　" } else { "同" })?;
        }
        f.write_str(self.piece_name)?;
        f.write_str(&self.relative.japanese())?;
        f.write_str(self.promotion.japanese())?;
        if let Some(from) = self.from {
            write!(f, "({}{})", from.file().number(), from.rank().number())?;
        }
        Ok(())
    }
}
