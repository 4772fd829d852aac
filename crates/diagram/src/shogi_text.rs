//! The KIF board diagram (BOD) of a shogi position, as Kifu for Windows writes it.

use std::fmt::Write as _;

use shogi_board::{Color, Hand, Position, Square};

use crate::ShogiOptions;
use crate::numerals::{full_width_digit, kanji};
use crate::shogi_options::board_kanji;

/// The KIF board diagram (BOD) of `pos`, as Kifu for Windows writes it at the head
/// of a KIF file that starts from a set-up position, so that every KIF reader reads it back as
/// that start position:
///
/// ```text
/// 後手の持駒：なし
///   ９ ８ ７ ６ ５ ４ ３ ２ １
/// +---------------------------+
/// |v香v桂v銀v金v玉v金v銀v桂v香|一
/// | ・v飛 ・ ・ ・ ・ ・v角 ・|二
/// ...
/// +---------------------------+
/// 先手の持駒：角　金三　歩十五
/// 手数＝12  △３四歩  まで
/// 後手番
/// ```
///
/// - the hands: `後手の持駒：` / `先手の持駒：` (`上手` / `下手` for a handicap game), then each
///   kind held in the order 飛 角 金 銀 桂 香 歩, its count in kanji when more than one, each
///   followed by an ideographic space (U+3000); `なし` when the hand is empty;
/// - the files `９ .. １` in full-width digits after two spaces, a frame of 27 `-` between `+`;
/// - one row a rank, from 一 (the top, White's side) down: `|`, then for each square from file
///   9 to file 1 ` ・` for an empty one, a space and the piece for Black's, `v` and the piece
///   for White's, then `|` and the rank in kanji;
/// - the pieces in one character each: 歩 香 桂 銀 金 角 飛 玉 と 杏 圭 全 馬 龍;
/// - with a caption, the line `手数＝N  ▲７六歩  まで` (the move with the mover's mark);
/// - `後手番` (or `上手番`) when White is to move. Kifu for Windows writes no line for Black to
///   move, and a reader takes Black then.
///
/// Sources: the specimens everyday_20211107.kifu and everyday_20220604.kifu, written by Kifu
/// for Windows V6.65 (../shared/specimens/kif-csa/kif/), for the header, frame, rows and hands
/// (`後手の持駒：角　金三　銀二　桂三　香二　歩十五　`); mozuyama, "kif形式詳細 (1)" (2003-09-09),
/// on Kifu for Windows 5.13's diagrams, for the `手数＝` line, `後手番`, `上手`/`下手` and the
/// characters of the pieces; Kakinoki, "棋譜ファイル KIF 形式" (kakinoki.o.oo7.jp/kif_format.html,
/// 2024-08-02), for the file around it.
///
/// Lines end with `\n`. Only
/// [`ShogiOptions::players`] and the caption ([`View::caption`](crate::View::caption): its
/// ply and move make the `手数＝` line) change it; the kings are always 玉 and the view is
/// always Black's, as KIF readers expect.
///
/// # Examples
///
/// ```
/// use kifu_diagram::{ShogiOptions, shogi_text};
/// use shogi_board::Position;
///
/// let pos = Position::from_sfen("8k/9/9/9/9/9/9/9/K8 w RBGSNL2Prbgsnl15p 1")?;
/// let bod = shogi_text(&pos, &ShogiOptions::new());
/// let lines: Vec<&str> = bod.lines().collect();
/// assert_eq!(lines[0], "後手の持駒：飛　角　金　銀　桂　香　歩十五　");
/// assert_eq!(lines[3], "| ・ ・ ・ ・ ・ ・ ・ ・v玉|一");
/// assert_eq!(lines[11], "| 玉 ・ ・ ・ ・ ・ ・ ・ ・|九");
/// assert_eq!(lines[13], "先手の持駒：飛　角　金　銀　桂　香　歩二　");
/// assert_eq!(lines[14], "後手番");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn shogi_text(pos: &Position, options: &ShogiOptions) -> String {
    let players = options.players;
    let mut out = String::with_capacity(1024);
    let _ = writeln!(
        out,
        "{}の持駒：{}",
        players.japanese(Color::White),
        hand_text(pos.hand(Color::White))
    );
    out.push(' ');
    for file in (1..=9).rev() {
        out.push(' ');
        out.push(full_width_digit(file));
    }
    out.push('\n');
    out.push_str("+---------------------------+\n");
    for rank in 1..=9u8 {
        out.push('|');
        for file in (1..=9).rev() {
            let piece = Square::from_numbers(file, rank).and_then(|sq| pos.piece_at(sq));
            match piece {
                None => out.push_str(" ・"),
                Some(p) => {
                    out.push(if p.color == Color::White { 'v' } else { ' ' });
                    out.push_str(board_kanji(p.kind));
                }
            }
        }
        out.push('|');
        out.push_str(&kanji(u32::from(rank)));
        out.push('\n');
    }
    out.push_str("+---------------------------+\n");
    let _ = writeln!(
        out,
        "{}の持駒：{}",
        players.japanese(Color::Black),
        hand_text(pos.hand(Color::Black))
    );
    if let Some(caption) = &options.view.caption
        && (caption.ply.is_some() || caption.last_move.is_some())
    {
        out.push_str("手数＝");
        if let Some(ply) = caption.ply {
            let _ = write!(out, "{ply}");
        }
        if let Some(mv) = &caption.last_move {
            out.push_str("  ");
            if !mv.starts_with(['▲', '△', '☗', '☖']) {
                out.push(match pos.side_to_move() {
                    Color::White => '▲',
                    Color::Black => '△',
                });
            }
            out.push_str(mv);
        }
        out.push_str("  まで\n");
    }
    if pos.side_to_move() == Color::White {
        let _ = writeln!(out, "{}番", players.japanese(Color::White));
    }
    out
}

/// A hand as KIF writes it: `飛　角二　歩十五　` (each kind, its count in kanji when more than
/// one, an ideographic space), `なし` when empty.
fn hand_text(hand: Hand) -> String {
    if hand.is_empty() {
        return "なし".to_owned();
    }
    let mut text = String::new();
    for (kind, n) in hand.iter() {
        text.push_str(kind.japanese());
        if n > 1 {
            text.push_str(&kanji(u32::from(n)));
        }
        text.push('\u{3000}');
    }
    text
}
