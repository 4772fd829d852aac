#![doc = include_str!("../README.md")]

mod batch;
mod check;
mod codes;
mod compare;
mod compressed;
mod detect;
mod diagram;
mod encoding;
mod game;
mod games;
mod input;
mod json;
mod notation;
mod options;
mod output;
mod perft;
mod registry;
mod variant;
mod write;

pub use batch::{InputPath, display_name, expand, is_game_file, plan_outputs, total_size};
pub use codes::{WARNING_CODES, is_warning_code};
pub use compare::{Comparison, GameComparison, Resolution, compare, resolved_text};
pub use compressed::{MAX_EXPANDED, Members};
pub use diagram::{DiagramFormat, DiagramOptions, Drawn, Plies, diagrams, position_diagram};
pub use encoding::{SNIFF, detect as detect_encoding, encode, parse_encoding};
pub use game::{Checked, Game, GameBody};
pub use games::Games;
pub use input::{Input, InputError};
pub use json::{JSON_VERSION, KifuJson};
pub use notation::Notation;
pub use options::ReadOptions;
pub use output::{Inputs, OutputError, OutputFile, Replace, check_output};
pub use perft::{PerftCount, PerftError, perft};
pub use registry::{FormatRef, format, formats};
pub use variant::Variant;
pub use write::{Encoded, Style, Target, WriteError, WriteOptions, Writer, targets};
