#![doc = include_str!("../README.md")]

mod bitboard;
mod color;
mod declaration;
mod hand;
mod handicap;
mod movegen;
mod mv;
mod perft;
mod piece;
mod position;
mod relative;
mod repetition;
mod sfen;
mod square;
mod tag_name;
mod terminal;
mod usi;

pub use color::Color;
pub use declaration::DeclarationError;
pub use hand::Hand;
pub use handicap::{Handicap, ParseHandicapError};
pub use movegen::{MoveList, SQUARE_CAPACITY};
pub use mv::Move;
pub use perft::{perft, perft_built, perft_divide};
pub use piece::{Piece, PieceKind};
pub use position::Position;
pub use relative::{Motion, Relative, Side};
pub use repetition::{Repetition, repetition};
pub use sfen::SfenError;
pub use square::{File, ParseSquareError, Rank, Square};
pub use tag_name::{kif_tag, kif_tags, psn_tag, psn_tags};
pub use terminal::{check_terminal, judge_terminal};
pub use usi::ParseMoveError;
