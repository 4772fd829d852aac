//! Writes the diagram of docs/seed-ply-32.svg to standard output: the seed game (Tang – Hu,
//! Singapore 2000) after ply 32, in traditional characters with WXF coordinates, the move just
//! played marked and named in Chinese notation in the caption, and an arrow for the reply the
//! game saw.
//!
//! ```sh
//! cargo run -q -p kifu-diagram --example seed_ply_32 > docs/seed-ply-32.svg
//! ```

use iccs_algebraic::Algebraic;
use kifu_diagram::{Arrow, Brush, Caption, Diagram, XiangqiOptions, xiangqi_svg};
use notation_traits::{GameReader, TextNotation, replay};
use wxf_notation::{Chinese, ChineseStyle};
use xiangqi_board::Position;

/// The SVG.
pub(crate) fn svg() -> String {
    let text = include_str!("../../../testdata/xiangqi/seed-algebraic-fi.pgn");
    let raw = GameReader::new(text.as_bytes())
        .next()
        .expect("one game")
        .expect("UTF-8");
    let game = replay(&raw.record, Position::new(), &Algebraic::FINNISH);
    let moves = &game.record.main.moves;
    let mut pos = game.start;
    for entry in &moves[..31] {
        pos.play_unchecked(entry.mv);
    }
    let (before, last, reply) = (pos, moves[31].mv, moves[32].mv);
    pos.play_unchecked(last);

    let mut options = XiangqiOptions::new();
    options.view.last_move = Some(Position::move_squares(last));
    options.view.arrows.push(Arrow {
        from: reply.from(),
        to: reply.to(),
        brush: Brush::Green,
    });
    options.view.caption = Some(Caption {
        ply: Some(32),
        last_move: Some(Chinese::new(ChineseStyle::Traditional).write(&before, last)),
        title: None,
    });
    xiangqi_svg(&pos, &options)
}

#[allow(dead_code)]
fn main() {
    print!("{}", svg());
}
