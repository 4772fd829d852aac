//! JKF's `initial`: a preset (`HIRATE`, the handicaps `KY` ... `10`) or `OTHER` with its
//! `data` (the side to move, the board as `board[x-1][y-1]`, the two hands).
//!
//! Rule: json-kifu-format.schema.json (`initial`, `preset`, `initialData`) and README (the
//! presets: 平手 香落ち 右香落ち 角落ち 飛車落ち 飛香落ち 二枚落ち 三枚落ち 四枚落ち 五枚落ち
//! 左五枚落ち 六枚落ち 左七枚落ち 右七枚落ち 八枚落ち 十枚落ち その他); the handicap boards of
//! Kifu for JS's shogi.js presets, which are shogi-board's.

use shogi_board::{Color, Handicap, Piece, PieceKind, Position, Square};

use crate::json::{Node, Out, Value};
use crate::piece::{code, color_number, color_of, kind};

/// The JKF presets and their handicaps (`HIRATE` is the even start).
const PRESETS: [(&str, Handicap); 15] = [
    ("KY", Handicap::Lance),
    ("KY_R", Handicap::RightLance),
    ("KA", Handicap::Bishop),
    ("HI", Handicap::Rook),
    ("HIKY", Handicap::RookLance),
    ("2", Handicap::TwoPiece),
    ("3", Handicap::ThreePiece),
    ("4", Handicap::FourPiece),
    ("5", Handicap::FivePiece),
    ("5_L", Handicap::LeftFivePiece),
    ("6", Handicap::SixPiece),
    ("7_L", Handicap::LeftSevenPiece),
    ("7_R", Handicap::RightSevenPiece),
    ("8", Handicap::EightPiece),
    ("10", Handicap::TenPiece),
];

/// The hand kinds in the order JKF writes them.
const HAND: [PieceKind; 7] = [
    PieceKind::Pawn,
    PieceKind::Lance,
    PieceKind::Knight,
    PieceKind::Silver,
    PieceKind::Gold,
    PieceKind::Bishop,
    PieceKind::Rook,
];

/// The start position of a preset name; `None` for `OTHER` and unknown names.
pub(crate) fn preset_position(name: &str) -> Option<Position> {
    if name == "HIRATE" {
        return Some(Position::new());
    }
    PRESETS
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, h)| h.position())
}

/// What is wrong with an `initial`: the node at fault and the message.
pub(crate) type InitialError<'a> = (&'a Node, String);

/// The position of an `initial.data`.
pub(crate) fn data_position(data: &Node) -> Result<Position, InitialError<'_>> {
    let color = data.get("color").ok_or((
        data,
        "`data` has no `color` (0 sente, 1 gote to move)".to_owned(),
    ))?;
    let side = color.as_int().and_then(color_of).ok_or((
        color,
        format!(
            "`color`: expected 0 (sente) or 1 (gote), found {}",
            color.compact()
        ),
    ))?;
    let mut board: [Option<Piece>; 81] = [None; 81];
    let columns = data
        .get("board")
        .ok_or((data, "`data` has no `board`".to_owned()))?;
    match columns.as_array() {
        Some(cols) if cols.len() == 9 => {
            for (x, col) in cols.iter().enumerate() {
                let squares = col.as_array().filter(|s| s.len() == 9).ok_or((
                    col,
                    format!("`board[{x}]`: expected the 9 squares of file {}", x + 1),
                ))?;
                for (y, sq) in squares.iter().enumerate() {
                    let piece = match (sq.get("color"), sq.get("kind")) {
                        (None, None) => None,
                        (Some(c), Some(k)) if c.is_null() && k.is_null() => None,
                        (Some(c), Some(k)) => {
                            let color = c.as_int().and_then(color_of);
                            let kind = k.as_str().and_then(kind);
                            match (color, kind) {
                                (Some(color), Some(kind)) => Some(Piece::new(color, kind)),
                                _ => {
                                    return Err((
                                        sq,
                                        format!(
                                            "`board[{x}][{y}]`: expected `{{}}` or `{{\"color\": 0 or 1, \"kind\": a piece code}}`, found {}",
                                            sq.compact()
                                        ),
                                    ));
                                }
                            }
                        }
                        _ => {
                            return Err((
                                sq,
                                format!(
                                    "`board[{x}][{y}]`: expected `{{}}` or both `color` and `kind`, found {}",
                                    sq.compact()
                                ),
                            ));
                        }
                    };
                    let Some(square) = Square::from_numbers(x as u8 + 1, y as u8 + 1) else {
                        continue;
                    };
                    board[square.index()] = piece;
                }
            }
        }
        // `{}`: no piece on the board.
        None if matches!(&columns.value, Value::Object(m) if m.is_empty()) => {}
        _ => {
            return Err((
                columns,
                "`board`: expected 9 files of 9 squares (`board[x-1][y-1]`)".to_owned(),
            ));
        }
    }
    let mut hands = [[0u32; 7]; 2];
    let hand_nodes = data
        .get("hands")
        .and_then(Node::as_array)
        .filter(|h| h.len() == 2)
        .ok_or((
            data,
            "`hands`: expected two hands, sente's then gote's".to_owned(),
        ))?;
    for (i, hand) in hand_nodes.iter().enumerate() {
        if !matches!(hand.value, Value::Object(_)) {
            return Err((hand, format!("`hands[{i}]`: expected an object of counts")));
        }
        for (key, _, n) in hand.members() {
            let k = kind(key).filter(|k| k.is_hand_kind());
            let count = n.as_int().and_then(|c| u32::try_from(c).ok());
            match (k, count) {
                (Some(k), Some(c)) => hands[i][k.index()] += c,
                // Kifu for JS writes counts of promoted kinds too, always 0.
                (None, Some(0)) if kind(key).is_some() => {}
                _ => {
                    return Err((
                        n,
                        format!(
                            "`hands[{i}].{key}`: expected a count of an unpromoted piece (FU KY KE GI KI KA HI), found {}",
                            n.compact()
                        ),
                    ));
                }
            }
        }
    }
    build(&board, &hands, side).map_err(|e| (data, format!("the start position: {e}")))
}

/// The position of a board, two hands and the side to move, checked as an SFEN is.
fn build(
    board: &[Option<Piece>; 81],
    hands: &[[u32; 7]; 2],
    side: Color,
) -> Result<Position, String> {
    let mut sfen = String::new();
    for rank in 1..=9u8 {
        let mut empty = 0;
        for file in (1..=9u8).rev() {
            match Square::from_numbers(file, rank).and_then(|sq| board[sq.index()]) {
                None => empty += 1,
                Some(p) => {
                    if empty > 0 {
                        sfen.push(char::from(b'0' + empty));
                        empty = 0;
                    }
                    sfen.push_str(p.sfen());
                }
            }
        }
        if empty > 0 {
            sfen.push(char::from(b'0' + empty));
        }
        if rank < 9 {
            sfen.push('/');
        }
    }
    sfen.push(' ');
    sfen.push(side.sfen_char());
    sfen.push(' ');
    let mut hand = String::new();
    for color in Color::ALL {
        for k in PieceKind::HAND {
            let n = hands[color.index()][k.index()];
            if n == 0 {
                continue;
            }
            if n > 1 {
                hand.push_str(&n.to_string());
            }
            let letter = k.letter();
            hand.push(if color == Color::Black {
                letter
            } else {
                letter.to_ascii_lowercase()
            });
        }
    }
    sfen.push_str(if hand.is_empty() { "-" } else { &hand });
    sfen.push_str(" 1");
    Position::from_sfen(&sfen).map_err(|e| e.to_string())
}

/// The `initial` of a start position: its preset, else `OTHER` with its `data`.
pub(crate) fn initial_out(start: &Position) -> Out {
    if start.same_position(&Position::new()) {
        return Out::Obj(vec![("preset".to_owned(), Out::Str("HIRATE".to_owned()))]);
    }
    if let Some(h) = Handicap::detect(start)
        && let Some((name, _)) = PRESETS.iter().find(|(_, p)| *p == h)
    {
        return Out::Obj(vec![("preset".to_owned(), Out::Str((*name).to_owned()))]);
    }
    let board = (1..=9u8)
        .map(|x| {
            Out::Arr(
                (1..=9u8)
                    .map(
                        |y| match Square::from_numbers(x, y).and_then(|sq| start.piece_at(sq)) {
                            None => Out::Obj(Vec::new()),
                            Some(p) => Out::Obj(vec![
                                ("color".to_owned(), Out::Int(color_number(p.color))),
                                ("kind".to_owned(), Out::Str(code(p.kind).to_owned())),
                            ]),
                        },
                    )
                    .collect(),
            )
        })
        .collect();
    let hands = Color::ALL
        .into_iter()
        .map(|c| {
            let hand = start.hand(c);
            Out::Obj(
                HAND.iter()
                    .map(|&k| (code(k).to_owned(), Out::Int(i64::from(hand.count(k)))))
                    .collect(),
            )
        })
        .collect();
    Out::Obj(vec![
        ("preset".to_owned(), Out::Str("OTHER".to_owned())),
        (
            "data".to_owned(),
            Out::Obj(vec![
                ("board".to_owned(), Out::Arr(board)),
                ("hands".to_owned(), Out::Arr(hands)),
                (
                    "color".to_owned(),
                    Out::Int(color_number(start.side_to_move())),
                ),
            ]),
        ),
    ])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::json::parse;

    #[test]
    fn presets_are_the_handicaps() {
        assert_eq!(
            preset_position("2").unwrap().to_sfen(),
            "lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"
        );
        for (name, h) in PRESETS {
            let mut out = String::new();
            initial_out(&h.position()).compact(&mut out);
            assert_eq!(out, format!("{{\"preset\":\"{name}\"}}"));
        }
        assert_eq!(preset_position("OTHER"), None);
    }

    #[test]
    fn data_round_trips() {
        let pos = Position::from_sfen("4k4/9/9/9/9/9/9/9/4K4 w 2P18p 1");
        assert!(pos.is_err(), "20 pawns");
        let pos = Position::from_sfen("4k4/9/4p4/9/9/9/4P4/9/4K4 w Pr 1").unwrap();
        let mut text = String::new();
        initial_out(&pos).compact(&mut text);
        let node = parse(&text).unwrap();
        assert_eq!(data_position(node.get("data").unwrap()), Ok(pos));
    }
}
