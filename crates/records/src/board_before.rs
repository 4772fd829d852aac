//! The board under an error: the text diagram of the position before a faulty move, for
//! `kifu check --show-board` (KIF's board diagram for shogi, kifu-diagram's character board
//! for xiangqi).

use kifu_diagram::{Caption, Diagram, ShogiOptions, View, XiangqiOptions};
use notation_traits::{Diagnostic, Position, TextNotation};

use crate::diagram::handicap_players;
use crate::{Checked, Game, GameBody};

/// The text diagram of the position a diagnostic names ([`Diagnostic::position`], the
/// position before the move it is about), drawn for `game`'s variant with the default styles
/// (shogi: KIF's board diagram with 下手/上手 in a handicap game; xiangqi: traditional
/// characters and WXF file numbers).
///
/// The caption says how many plies were played before the move (`手数＝31`, `第31步`) and who
/// is to move; when the position is the main line's after those plies, it also names the move
/// that led to it (shogi: in KI2, `△３四歩`, as a BOD's `手数＝` line has it; xiangqi: in the
/// notation the game was read in), and that move is the diagram's last move.
///
/// `None` when the diagnostic names no position, or names one that does not read as a FEN
/// (xiangqi) or SFEN (shogi).
///
/// # Examples
///
/// ```
/// use kifu_records::{Games, Input, ReadOptions, board_before};
///
/// let read = ReadOptions::default();
/// let input = Input::open("../../testdata/errors/horse-leg.pgn".as_ref(), &read)?;
/// let game = Games::new(input, read).next().unwrap()?;
/// let error = game.diagnostics.iter().find(|d| d.code == "horse-leg").unwrap();
/// let board = board_before(&game, error).unwrap();
/// assert_eq!(board.lines().nth(11), Some("俥 傌 相 仕 帥 仕 相 傌 俥"));
/// assert_eq!(board.lines().last(), Some("第0步 · 紅方走"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn board_before(game: &Game, d: &Diagnostic) -> Option<String> {
    let text = d.position.as_deref()?;
    let played = d.ply.map(|p| p.saturating_sub(1) as usize);
    match &game.body {
        GameBody::Xiangqi(c) => {
            let pos = xiangqi_board::Position::from_fen(text).ok()?;
            Some(draw(
                c,
                c.notation.as_ref(),
                pos,
                played,
                XiangqiOptions::new(),
            ))
        }
        GameBody::Shogi(c) => {
            let pos = shogi_board::Position::from_sfen(text).ok()?;
            let mut options = ShogiOptions::new();
            options.players = handicap_players(game);
            Some(draw(c, &kif::Ki2Notation, pos, played, options))
        }
        GameBody::Unreadable { variant, .. } => match variant {
            crate::Variant::Xiangqi => {
                let pos = xiangqi_board::Position::from_fen(text).ok()?;
                let mut options = XiangqiOptions::new();
                caption(&mut options.view, played, None);
                Some(pos.text_diagram(&options))
            }
            crate::Variant::Shogi => {
                let pos = shogi_board::Position::from_sfen(text).ok()?;
                let mut options = ShogiOptions::new();
                options.players = handicap_players(game);
                caption(&mut options.view, played, None);
                Some(pos.text_diagram(&options))
            }
        },
    }
}

/// The diagram of `pos`, reached after `played` plies, with the main line's move into it
/// (written in `notation`) when the main line reaches it.
fn draw<P: Diagram>(
    c: &Checked<P>,
    notation: &dyn TextNotation<P>,
    pos: P,
    played: Option<usize>,
    mut options: P::Options,
) -> String {
    let last = played.and_then(|n| main_line_move(c, notation, n, &pos.to_text()));
    let view = P::view_mut(&mut options);
    if let Some((mv, _)) = &last {
        view.last_move = Some(P::move_squares(*mv));
    }
    caption(view, played, last.map(|(_, text)| text));
    pos.text_diagram(&options)
}

/// The main line's ply `n` and how `notation` writes it, when the main line after `n` plies is
/// the position `wanted`.
fn main_line_move<P: Position>(
    c: &Checked<P>,
    notation: &dyn TextNotation<P>,
    n: usize,
    wanted: &str,
) -> Option<(P::Move, String)> {
    let r = &c.game.replayed;
    let moves = &r.record.main.moves;
    if n == 0 || n > moves.len() {
        return None;
    }
    let mut pos = r.start.clone();
    let mut previous = None;
    let mut text = String::new();
    for m in moves.iter().take(n) {
        text = notation.write_after(&pos, previous, m.mv);
        pos.play_unchecked(m.mv);
        previous = Some(m.mv);
    }
    (pos.to_text() == wanted).then(|| (moves[n - 1].mv, text))
}

/// Puts the caption (plies played, the move into the position) on `view`.
fn caption<S>(view: &mut View<S>, played: Option<usize>, last: Option<String>) {
    view.caption = Some(Caption {
        ply: played.map(|n| n as u32),
        last_move: last,
        title: None,
    });
}
