#![doc = include_str!("../README.md")]

mod bytes;
mod cap;
mod checked;
mod clock;
mod diagnostic;
mod error;
mod fit;
mod format;
mod line_end;
mod notation;
mod position;
mod reader;
mod record;
mod repair;
mod replay;
mod span;
mod terminal;
mod writer;

pub use bytes::{find_bytes, find_bytes_ignore_ascii_case};
pub use cap::{Collected, MAX_DIAGNOSTICS, cap_diagnostics};
pub use checked::CheckedGame;
pub use clock::{move_time_millis, pgn_clock, seconds_millis};
pub use diagnostic::{CODES, Diagnostic, SHOWN_TEXT, Severity, shown_text};
pub use error::{MoveError, NotationError, PlayError, Rule, SyntaxError, Warning, edit_distance};
pub use fit::{BestFit, Fit, best_fits, fit, moves_in_turn, reads_in_turn, texts_parsed};
pub use format::{
    Confidence, FormatGame, FormatGames, FormatInfo, RecordFormat, WriteSettings, Written,
    WrittenGame, looks_binary, sniff_pgn_style,
};
pub use line_end::{read_line_bytes, read_placed_line, text_lines};
pub use notation::{MoveNotation, Resolved};
pub use position::{Ply, Position};
pub use reader::{
    GameReader, GameText, PositionCommand, RawGame, parse_game_text, position_command,
};
pub use record::{
    GameRecord, GameResult, Line, MoveEntry, MoveNumber, ParseResultError, Tag, Termination,
};
pub use repair::{NoReading, Readings, RepairLimits, find_readings, near_moves};
pub use replay::{
    ReplayOptions, Replayed, TextNotation, replay, replay_into, replay_read, replay_with,
};
pub use span::{Pos, Span};
pub use terminal::{Terminal, TerminalKind};
pub use writer::{
    MoveNumbering, movetext_of, multiline_tags, tag_pair, write_movetext, write_unread_moves,
    write_unreadable_game,
};
