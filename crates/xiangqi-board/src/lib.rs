#![doc = include_str!("../README.md")]

mod color;
mod fen;
mod legal;
mod letters;
mod movegen;
mod mv;
mod perft;
mod piece;
mod position;
mod square;

pub use color::Color;
pub use fen::FenError;
pub use letters::{Language, ParseLanguageError};
pub use movegen::MoveList;
pub use mv::{Move, ParseMoveError};
pub use perft::{perft, perft_built, perft_divide};
pub use piece::{Piece, PieceKind};
pub use position::Position;
pub use square::{File, ParseSquareError, Rank, Square};
