//! JKF's piece kinds: the two-letter codes of the CSA format (`FU`, `KY`, ... `RY`), and its
//! colours (0 sente, 1 gote).
//!
//! Rule: json-kifu-format.schema.json (`kind`: FU KY KE GI KI KA HI OU TO NY NK NG UM RY;
//! `color`: 0 先手, 1 後手).

use shogi_board::{Color, PieceKind};

/// The codes in the order of [`PieceKind::ALL`].
const CODES: [&str; 14] = [
    "FU", "KY", "KE", "GI", "KA", "HI", "KI", "OU", "TO", "NY", "NK", "NG", "UM", "RY",
];

/// The list of codes for messages.
pub(crate) const CODE_LIST: &str = "FU KY KE GI KI KA HI OU TO NY NK NG UM RY";

/// The JKF (CSA) code of a kind.
pub(crate) const fn code(kind: PieceKind) -> &'static str {
    CODES[kind.index()]
}

/// The kind of a code.
pub(crate) fn kind(code: &str) -> Option<PieceKind> {
    CODES
        .iter()
        .position(|&c| c == code)
        .and_then(PieceKind::from_index)
}

/// JKF's number of a colour: 0 for Black (sente), 1 for White (gote).
pub(crate) const fn color_number(color: Color) -> i64 {
    match color {
        Color::Black => 0,
        Color::White => 1,
    }
}

/// The colour of a JKF colour number.
pub(crate) const fn color_of(n: i64) -> Option<Color> {
    match n {
        0 => Some(Color::Black),
        1 => Some(Color::White),
        _ => None,
    }
}
