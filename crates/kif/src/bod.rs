//! The BOD board diagram of a KIF or KI2 header: the start position of a record that does not
//! start from a standard one (a problem, a game from a position).
//!
//! ```text
//! 後手の持駒：飛　金四　銀四　桂二　香二　歩十五
//!   ９ ８ ７ ６ ５ ４ ３ ２ １
//! +---------------------------+
//! | ・ ・ ・ ・ ・ ・v香 ・ ・|一
//! ...
//! +---------------------------+
//! 先手の持駒：角二　桂
//! 後手番
//! ```
//!
//! Each row holds nine cells of two characters, from file 9 to file 1: a space (Black) or `v`
//! (White), then the piece's one-character name (歩 香 桂 銀 金 角 飛 玉 と 杏 圭 全 馬 龍; also
//! 王, 竜) or `・` for an empty square; then `|` and the rank numeral. A hand lists pieces with
//! a kanji count (`歩十五`), separated by U+3000 or spaces or not at all, or says `なし`. In a
//! handicap record the hands are 下手の持駒 and 上手の持駒. `先手番`/`下手番` or
//! `後手番`/`上手番` gives the side to move (Black when neither is there, as Kifu for Windows
//! reads it); `手数＝N` the number of moves played before it.
//!
//! Lenient forms read: a cell without its leading space (a Black piece or `・` alone); a row
//! without its rank numeral (the rows are then counted); hand counts in digits (`歩15`).
//!
//! Rule: the BOD layout of Kifu for Windows (mozuyama.hatenadiary.org, "kif形式詳細", 2003,
//! and the Kifu for Windows files of ../shared/specimens/kif-csa).

use shogi_board::{Color, PieceKind, Position};

use crate::names::{RANK_NUMERALS, board_char, board_kind, count, kanji_count};

/// A problem in a diagram line: the byte offset in the line, what was expected, what was found.
#[derive(Debug)]
pub(crate) struct LineError {
    pub(crate) at: usize,
    pub(crate) expected: String,
    pub(crate) found: String,
}

impl LineError {
    fn new(line: &str, at: usize, expected: impl Into<String>) -> LineError {
        let found = line[at..]
            .chars()
            .next()
            .map_or_else(String::new, |c| c.to_string());
        LineError {
            at,
            expected: expected.into(),
            found,
        }
    }
}

/// One row of the board, file 9 first: each square empty or a piece.
pub(crate) type Row = [Option<(Color, PieceKind)>; 9];

/// Reads a board row (`| ・ ・ ・v香 ・ ・ ・ ・ ・|一`): its rank (from its numeral, if
/// written) and its squares.
pub(crate) fn parse_row(line: &str) -> Result<(Option<u8>, Row), LineError> {
    let mut row: Row = [None; 9];
    let Some(mut at) = line.strip_prefix('|').map(|_| 1) else {
        return Err(LineError::new(line, 0, "`|` opening a board row"));
    };
    for cell in &mut row {
        let mut chars = line[at..].chars();
        let (color, c, used) = match chars.next() {
            Some(' ') => (Color::Black, chars.next(), 1),
            Some('v' | 'V') => (Color::White, chars.next(), 1),
            Some(c) if c == '・' || board_kind(c).is_some() => (Color::Black, Some(c), 0),
            _ => {
                return Err(LineError::new(
                    line,
                    at,
                    "a square: a space (black) or `v` (white) and a piece, or ` ・`",
                ));
            }
        };
        at += used;
        match c {
            Some('・') => *cell = None,
            Some(c) if board_kind(c).is_some() => *cell = board_kind(c).map(|k| (color, k)),
            _ => {
                return Err(LineError::new(
                    line,
                    at,
                    "a piece (歩 香 桂 銀 金 角 飛 玉 と 杏 圭 全 馬 龍) or `・`",
                ));
            }
        }
        at += c.map_or(0, char::len_utf8);
    }
    let rest = &line[at..];
    let Some(after) = rest.strip_prefix('|') else {
        return Err(LineError::new(
            line,
            at,
            "`|` closing the row after nine squares",
        ));
    };
    let rank = after
        .chars()
        .next()
        .and_then(|c| RANK_NUMERALS.iter().position(|&k| k == c))
        .map(|i| i as u8 + 1);
    Ok((rank, row))
}

/// Reads a hand (`飛　金四　歩十五`, `なし`): the count of each kind, in the order written.
pub(crate) fn parse_hand(text: &str) -> Result<Vec<(PieceKind, u32)>, LineError> {
    let mut out = Vec::new();
    let mut at = 0;
    let trimmed = text.trim_matches(|c: char| c == ' ' || c == '\u{3000}');
    if trimmed == "なし" || trimmed.is_empty() {
        return Ok(out);
    }
    while at < text.len() {
        let c = text[at..].chars().next().unwrap_or(' ');
        if c == ' ' || c == '\u{3000}' || c == '\t' {
            at += c.len_utf8();
            continue;
        }
        let kind = board_kind(c).filter(|k| k.is_hand_kind());
        let Some(kind) = kind else {
            return Err(LineError::new(
                text,
                at,
                "a piece in hand (飛 角 金 銀 桂 香 歩) or `なし`",
            ));
        };
        at += c.len_utf8();
        let digits_end = text[at..]
            .char_indices()
            .find(|&(_, c)| {
                !(c.is_ascii_digit()
                    || ('０'..='９').contains(&c)
                    || c == '十'
                    || RANK_NUMERALS.contains(&c))
            })
            .map_or(text.len(), |(i, _)| at + i);
        let n = if digits_end == at {
            1
        } else {
            match count(&text[at..digits_end]) {
                Some(n) if n > 0 => n,
                _ => {
                    return Err(LineError::new(
                        text,
                        at,
                        "a count (二 .. 十八) after the piece",
                    ));
                }
            }
        };
        out.push((kind, n));
        at = digits_end;
    }
    Ok(out)
}

/// A diagram as read so far.
#[derive(Debug, Default)]
pub(crate) struct Diagram {
    /// The rows read, by rank index.
    pub(crate) rows: [Option<Row>; 9],
    /// How many rows were read.
    pub(crate) row_count: usize,
    /// The hands, Black's and White's, when given.
    pub(crate) hands: [Option<Vec<(PieceKind, u32)>>; 2],
    /// The side to move, when given.
    pub(crate) side: Option<Color>,
    /// `手数＝N`: the moves played before the diagram.
    pub(crate) played: Option<u32>,
}

impl Diagram {
    /// Whether any part of a diagram was read.
    pub(crate) fn is_empty(&self) -> bool {
        self.row_count == 0
            && self.hands.iter().all(Option::is_none)
            && self.side.is_none()
            && self.played.is_none()
    }

    /// The SFEN of the diagram: its rows over `base`'s board where it has none (a hand or side
    /// line beside a `手合割` start), its hands, side and move count.
    pub(crate) fn sfen(&self, base: &Position) -> String {
        let base_sfen = base.to_sfen();
        let mut fields = base_sfen.split(' ');
        let board = if self.row_count == 0 {
            fields.next().unwrap_or_default().to_owned()
        } else {
            let ranks: Vec<String> = self
                .rows
                .iter()
                .map(|row| {
                    let mut out = String::new();
                    let mut empty = 0;
                    for cell in row.iter().flatten() {
                        match cell {
                            None => empty += 1,
                            Some((color, kind)) => {
                                if empty > 0 {
                                    out.push_str(&empty.to_string());
                                    empty = 0;
                                }
                                out.push_str(shogi_board::Piece::new(*color, *kind).sfen());
                            }
                        }
                    }
                    if empty > 0 {
                        out.push_str(&empty.to_string());
                    }
                    out
                })
                .collect();
            ranks.join("/")
        };
        let side = self.side.unwrap_or(if self.row_count == 0 {
            base.side_to_move()
        } else {
            Color::Black
        });
        let mut hands = String::new();
        for (i, color) in Color::ALL.iter().enumerate() {
            let given = self.hands[i].clone().unwrap_or_else(|| {
                if self.row_count == 0 {
                    base.hand(*color)
                        .iter()
                        .map(|(k, n)| (k, u32::from(n)))
                        .collect()
                } else {
                    Vec::new()
                }
            });
            for (kind, n) in given {
                if n > 1 {
                    hands.push_str(&n.to_string());
                }
                hands.push_str(shogi_board::Piece::new(*color, kind).sfen());
            }
        }
        if hands.is_empty() {
            hands.push('-');
        }
        let ply = self.played.map_or(1, |n| n.saturating_add(1));
        format!("{board} {} {hands} {ply}", side.sfen_char())
    }
}

/// Writes the diagram of `pos`, as Kifu for Windows does: White's hand, the file numbers, the
/// frame, nine rows, the frame, Black's hand, `後手番` when White is to move, `手数＝N` when
/// moves were played before it. `handicap` names the hands 下手/上手.
pub(crate) fn write(pos: &Position, handicap: bool, out: &mut String) {
    let (black, white) = if handicap {
        ("下手", "上手")
    } else {
        ("先手", "後手")
    };
    let hand = |color: Color| {
        let h = pos.hand(color);
        if h.is_empty() {
            return "なし".to_owned();
        }
        let mut s = String::new();
        for kind in PieceKind::HAND {
            let n = h.count(kind);
            if n == 0 {
                continue;
            }
            s.push(board_char(kind));
            if n > 1 {
                s.push_str(&kanji_count(n));
            }
            s.push('\u{3000}');
        }
        s
    };
    out.push_str(&format!("{white}の持駒：{}\n", hand(Color::White)));
    out.push_str("  ９ ８ ７ ６ ５ ４ ３ ２ １\n");
    out.push_str("+---------------------------+\n");
    for (r, numeral) in RANK_NUMERALS.iter().enumerate() {
        out.push('|');
        for f in (0..9u8).rev() {
            let sq = shogi_board::Square::new(
                shogi_board::File::from_index(f).unwrap_or_else(|| unreachable!()),
                shogi_board::Rank::from_index(r as u8).unwrap_or_else(|| unreachable!()),
            );
            match pos.piece_at(sq) {
                None => out.push_str(" ・"),
                Some(p) => {
                    out.push(if p.color == Color::Black { ' ' } else { 'v' });
                    out.push(board_char(p.kind));
                }
            }
        }
        out.push('|');
        out.push(*numeral);
        out.push('\n');
    }
    out.push_str("+---------------------------+\n");
    out.push_str(&format!("{black}の持駒：{}\n", hand(Color::Black)));
    if pos.side_to_move() == Color::White {
        out.push_str(&format!("{white}番\n"));
    }
    if pos.ply() > 1 {
        out.push_str(&format!("手数＝{}\n", pos.ply() - 1));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_written_diagram_reads_back() {
        let pos =
            Position::from_sfen("7nl/6+Rk1/9/6Ppp/9/9/9/9/4K4 w B2G3Nrb2g4s3l13p 12").unwrap();
        let mut text = String::new();
        write(&pos, false, &mut text);
        let mut d = Diagram::default();
        for line in text.lines() {
            if let Some(h) = line.strip_prefix("後手の持駒：") {
                d.hands[1] = Some(parse_hand(h).unwrap());
            } else if let Some(h) = line.strip_prefix("先手の持駒：") {
                d.hands[0] = Some(parse_hand(h).unwrap());
            } else if line.starts_with('|') {
                let (rank, row) = parse_row(line).unwrap();
                d.rows[rank.unwrap() as usize - 1] = Some(row);
                d.row_count += 1;
            } else if line == "後手番" {
                d.side = Some(Color::White);
            } else if let Some(n) = line.strip_prefix("手数＝") {
                d.played = n.parse().ok();
            }
        }
        assert_eq!(d.sfen(&Position::new()), pos.to_sfen());
    }

    #[test]
    fn rows_and_hands_are_read_leniently() {
        let (rank, row) = parse_row("|・・・・・・v香・・|一").unwrap();
        assert_eq!(rank, Some(1));
        assert_eq!(row[6], Some((Color::White, PieceKind::Lance)));
        let hand = parse_hand("飛金四銀桂2歩十五").unwrap();
        assert_eq!(
            hand,
            [
                (PieceKind::Rook, 1),
                (PieceKind::Gold, 4),
                (PieceKind::Silver, 1),
                (PieceKind::Knight, 2),
                (PieceKind::Pawn, 15)
            ]
        );
    }

    #[test]
    fn bad_cells_are_placed() {
        let err = parse_row("| ・ ・ ・ ・ ・ ・v香 ・ x|一").unwrap_err();
        // Byte 34: `|` and eight cells of four bytes, then the ninth cell's space.
        assert_eq!((err.at, err.found.as_str()), (34, "x"));
        let err = parse_row("| ・ ・ ・|一").unwrap_err();
        assert_eq!(err.found, "|");
        let err = parse_hand("飛　玉").unwrap_err();
        assert_eq!(err.found, "玉");
    }
}
