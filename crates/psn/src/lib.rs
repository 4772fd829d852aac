#![doc = include_str!("../README.md")]

mod dialects;
mod format;
mod notation;
mod parse;
mod reader;
mod resolve;
mod syntax;
mod terminal;
mod usi;
mod write;
mod writer;

pub use dialects::old_fen_to_sfen;
pub use format::{Psn2Format, PsnFormat};
pub use notation::{ParsePsnStyleError, Psn, PsnStyle};
pub use reader::{Clock, Dialect, PsnGame, PsnReader, start_position};
/// The board types a program reading PSN needs, so that one dependency serves it.
pub use shogi_board::{Color, Move, Position};
pub use syntax::{
    Action, ParseSquaresError, PartialOrigin, Promotion, PsnMove, SquareText, Squares,
};
pub use terminal::{TerminalWord, split_terminal};
pub use usi::Usi;
pub use writer::{write_game, write_game_psn2};
