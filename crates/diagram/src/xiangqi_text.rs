//! The text diagram of a xiangqi position.

use std::fmt::Write as _;

use xiangqi_board::{Color, Position, Square};

use crate::numerals::kanji;
use crate::xiangqi_svg::caption_text;
use crate::{Orientation, XiangqiCoordinates, XiangqiOptions, XiangqiPieces};

/// The text diagram of `pos`: one line a rank, the river between ranks 4 and 5,
/// coordinates above and below, the caption last.
///
/// With characters every cell is one full-width character (a piece, or `＋` for an empty
/// point), cells apart by a space, so the board stands straight in any terminal font that has
/// CJK characters:
///
/// ```text
/// １ ２ ３ ４ ５ ６ ７ ８ ９
/// 車 馬 象 士 將 士 象 馬 車
/// ＋ ＋ ＋ ＋ ＋ ＋ ＋ ＋ ＋
/// ＋ 砲 ＋ ＋ ＋ ＋ ＋ 砲 ＋
/// 卒 ＋ 卒 ＋ 卒 ＋ 卒 ＋ 卒
/// ＋ ＋ ＋ ＋ ＋ ＋ ＋ ＋ ＋
/// 　 楚 河 　 　 　 漢 界
/// ＋ ＋ ＋ ＋ ＋ ＋ ＋ ＋ ＋
/// 兵 ＋ 兵 ＋ 兵 ＋ 兵 ＋ 兵
/// ＋ 炮 ＋ ＋ ＋ ＋ ＋ 炮 ＋
/// ＋ ＋ ＋ ＋ ＋ ＋ ＋ ＋ ＋
/// 俥 傌 相 仕 帥 仕 相 傌 俥
/// 九 八 七 六 五 四 三 二 一
/// ```
///
/// With letters it is ASCII: Red's pieces in upper case, Black's in lower case, `.` for an
/// empty point, `~` for the river (`9 r h e a k a e h r` with ICCS coordinates).
///
/// Lines end with `\n`, without
/// trailing spaces; the orientation, coordinates, piece style and caption of `options` apply
/// (the marks do not).
///
/// # Examples
///
/// ```
/// use kifu_diagram::{XiangqiCoordinates, XiangqiOptions, XiangqiPieces, xiangqi_text};
/// use xiangqi_board::{Language, Position};
///
/// let mut options = XiangqiOptions::new();
/// options.pieces = XiangqiPieces::Letters(Language::English);
/// options.coordinates = XiangqiCoordinates::Iccs;
/// let text = xiangqi_text(&Position::new(), &options);
/// let lines: Vec<&str> = text.lines().collect();
/// assert_eq!(lines[0], "  a b c d e f g h i");
/// assert_eq!(lines[1], "9 r h e a k a e h r");
/// assert_eq!(lines[6], "  ~~~~~~~~~~~~~~~~~");
/// assert_eq!(lines[11], "0 R H E A K A E H R");
/// ```
pub fn xiangqi_text(pos: &Position, options: &XiangqiOptions) -> String {
    let characters = !matches!(options.pieces, XiangqiPieces::Letters(_));
    let iccs = options.coordinates == XiangqiCoordinates::Iccs;
    let flipped = options.view.orientation == Orientation::Flipped;
    let indent = if iccs { "  " } else { "" };
    // Columns left to right as ICCS file indexes, rows top to bottom as ranks.
    let files: Vec<u8> = if flipped {
        (0..9).rev().collect()
    } else {
        (0..9).collect()
    };
    let ranks: Vec<u8> = if flipped {
        (0..10).collect()
    } else {
        (0..10).rev().collect()
    };
    let mut out = String::with_capacity(512);
    let labels = |top: bool| -> Option<String> {
        let cells: Vec<String> = match options.coordinates {
            XiangqiCoordinates::None => return None,
            XiangqiCoordinates::Iccs => files
                .iter()
                .map(|&f| {
                    let c = char::from(b'a' + f);
                    if characters {
                        char::from_u32(0xFF41 + u32::from(f))
                            .unwrap_or(c)
                            .to_string()
                    } else {
                        c.to_string()
                    }
                })
                .collect(),
            XiangqiCoordinates::Wxf => {
                // The side drawn at this edge: Black at the top unless flipped.
                let black = top != flipped;
                files
                    .iter()
                    .map(|&f| {
                        if black {
                            let n = f + 1;
                            if characters {
                                crate::numerals::full_width_digit(n).to_string()
                            } else {
                                n.to_string()
                            }
                        } else {
                            let n = 9 - f;
                            if characters {
                                kanji(u32::from(n))
                            } else {
                                n.to_string()
                            }
                        }
                    })
                    .collect()
            }
        };
        Some(format!("{indent}{}", cells.join(" ")))
    };
    if let Some(line) = labels(true) {
        let _ = writeln!(out, "{line}");
    }
    for (i, &rank) in ranks.iter().enumerate() {
        if i == 5 {
            if characters {
                let (left, right) = options.pieces.river().unwrap_or(("", ""));
                let mut cells = vec!["\u{3000}".to_owned(); 9];
                for (cell, ch) in [1, 2, 6, 7].iter().zip(left.chars().chain(right.chars())) {
                    cells[*cell] = ch.to_string();
                }
                let _ = writeln!(out, "{}", format!("{indent}{}", cells.join(" ")).trim_end());
            } else {
                let _ = writeln!(out, "{indent}{}", "~".repeat(17));
            }
        }
        let mut line = String::new();
        if iccs {
            let _ = write!(line, "{rank} ");
        }
        let cells: Vec<String> = files
            .iter()
            .map(|&file| {
                let sq = Square::from_coords(i32::from(file), i32::from(rank));
                match sq.and_then(|sq| pos.piece_at(sq)) {
                    None if characters => "＋".to_owned(),
                    None => ".".to_owned(),
                    Some(p) => {
                        let glyph = options.pieces.glyph(p.color, p.kind);
                        if !characters && p.color == Color::Black {
                            glyph.to_ascii_lowercase().to_string()
                        } else {
                            glyph.to_string()
                        }
                    }
                }
            })
            .collect();
        line.push_str(&cells.join(" "));
        let _ = writeln!(out, "{}", line.trim_end());
    }
    if let Some(line) = labels(false) {
        let _ = writeln!(out, "{line}");
    }
    if options.view.caption.is_some() {
        let _ = writeln!(out, "{}", caption_text(pos, options));
    }
    out
}
