//! [`Diagram`]: the one interface over both games' diagrams, for code that handles shogi and
//! xiangqi alike (the command line, the HTML page).

use std::fmt;

use crate::{
    LastMove, ShogiOptions, View, XiangqiOptions, shogi_svg, shogi_text, xiangqi_svg, xiangqi_text,
};

/// A position that can be drawn: its options type, the squares a move marks, the SVG picture
/// and the text diagram.
///
/// # Examples
///
/// ```
/// use kifu_diagram::{Caption, Diagram};
/// use notation_traits::Position as _;
///
/// fn after_first_move<P: Diagram>(mut pos: P, text: &str) -> String {
///     let mv = pos.legal_moves()[0];
///     pos.play_unchecked(mv);
///     let mut options = P::Options::default();
///     let view = P::view_mut(&mut options);
///     view.last_move = Some(P::move_squares(mv));
///     view.caption = Some(Caption { ply: Some(1), last_move: Some(text.to_owned()), title: None });
///     pos.svg_diagram(&options)
/// }
///
/// let svg = after_first_move(shogi_board::Position::new(), "P-1f");
/// assert_eq!(svg.matches(" lastmove\"").count(), 2);
/// let svg = after_first_move(xiangqi_board::Position::new(), "P1+1");
/// assert_eq!(svg.matches(" lastmove\"").count(), 2);
/// ```
pub trait Diagram: notation_traits::Position {
    /// The board's square (point) type.
    type Square: Copy + Eq + fmt::Debug + fmt::Display;
    /// The options of the game's diagrams.
    type Options: Clone + Default + fmt::Debug;

    /// The shared part of `options`: orientation, marks, size, caption, id prefix.
    fn view_mut(options: &mut Self::Options) -> &mut View<Self::Square>;

    /// The squares `mv` marks as the last move: both squares of a board move, only the target
    /// of a drop.
    fn move_squares(mv: Self::Move) -> LastMove<Self::Square>;

    /// The SVG picture ([`shogi_svg`], [`xiangqi_svg`]).
    fn svg_diagram(&self, options: &Self::Options) -> String;

    /// The text diagram ([`shogi_text`]: KIF's board diagram; [`xiangqi_text`]).
    fn text_diagram(&self, options: &Self::Options) -> String;
}

impl Diagram for shogi_board::Position {
    type Square = shogi_board::Square;
    type Options = ShogiOptions;

    fn view_mut(options: &mut ShogiOptions) -> &mut View<shogi_board::Square> {
        &mut options.view
    }

    fn move_squares(mv: shogi_board::Move) -> LastMove<shogi_board::Square> {
        LastMove {
            from: mv.from(),
            to: mv.to(),
        }
    }

    fn svg_diagram(&self, options: &ShogiOptions) -> String {
        shogi_svg(self, options)
    }

    fn text_diagram(&self, options: &ShogiOptions) -> String {
        shogi_text(self, options)
    }
}

impl Diagram for xiangqi_board::Position {
    type Square = xiangqi_board::Square;
    type Options = XiangqiOptions;

    fn view_mut(options: &mut XiangqiOptions) -> &mut View<xiangqi_board::Square> {
        &mut options.view
    }

    fn move_squares(mv: xiangqi_board::Move) -> LastMove<xiangqi_board::Square> {
        LastMove {
            from: Some(mv.from()),
            to: mv.to(),
        }
    }

    fn svg_diagram(&self, options: &XiangqiOptions) -> String {
        xiangqi_svg(self, options)
    }

    fn text_diagram(&self, options: &XiangqiOptions) -> String {
        xiangqi_text(self, options)
    }
}
