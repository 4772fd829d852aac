//! A game as the records library hands it out: read, checked move by move, with everything
//! found about it.

use notation_traits::{CheckedGame, Diagnostic, GameResult, Position, RawGame, Tag, TextNotation};

use crate::{FormatRef, Variant};

/// A game read from an input and checked move by move.
pub struct Game {
    /// Its index in its input, from 1.
    pub index: usize,
    /// The format it was read in.
    pub format: FormatRef,
    /// The game as the format's reader gave it: the record with its moves as text, and its
    /// text (for showing the lines a diagnostic points at; empty for a binary format).
    pub raw: RawGame,
    /// Everything found, in order: what the reader noticed about the file's structure, then
    /// what checking the moves found. A game that cannot be read at all holds its error here
    /// too.
    pub diagnostics: Vec<Diagnostic>,
    /// What detection chose, when it chose (`detected WXF descriptive notation, Finnish
    /// letters (80 of 80 plies read)`).
    pub detected: Option<String>,
    /// How many of [`Game::diagnostics`], from the first, the text reader found before the
    /// game and its notation were chosen (what detection chose is said after them).
    pub before_detection: usize,
    /// The checked game, or why it could not be checked at all.
    pub body: GameBody,
}

/// A game checked in a notation.
pub struct Checked<P: Position> {
    /// The checked record, its positions, diagnostics, terminal word and unread rest.
    pub game: CheckedGame<P>,
    /// The notation its moves were read in.
    pub notation: Box<dyn TextNotation<P> + Send + Sync>,
    /// What to call that notation (`PSN`, `WXF descriptive notation, English letters`).
    pub notation_name: String,
}

impl<P: Position> std::fmt::Debug for Checked<P> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Checked")
            .field("game", &self.game)
            .field("notation_name", &self.notation_name)
            .finish()
    }
}

/// What a game is, once read.
#[derive(Debug)]
pub enum GameBody {
    /// A xiangqi game, checked (it may hold errors: see [`Game::diagnostics`]).
    Xiangqi(Box<Checked<xiangqi_board::Position>>),
    /// A shogi game, checked (it may hold errors).
    Shogi(Box<Checked<shogi_board::Position>>),
    /// A game that could not be checked at all: no notation fits, or its start position cannot
    /// be read.
    Unreadable {
        /// The game it was taken for.
        variant: Variant,
        /// Why (also in [`Game::diagnostics`]).
        error: Box<Diagnostic>,
    },
}

impl std::fmt::Debug for Game {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Game")
            .field("index", &self.index)
            .field("format", &self.format)
            .field("variant", &self.variant())
            .field("diagnostics", &self.diagnostics)
            .field("detected", &self.detected)
            .finish()
    }
}

impl Game {
    /// The game it is of.
    pub fn variant(&self) -> Variant {
        match &self.body {
            GameBody::Xiangqi(_) => Variant::Xiangqi,
            GameBody::Shogi(_) => Variant::Shogi,
            GameBody::Unreadable { variant, .. } => *variant,
        }
    }

    /// Whether any diagnostic is an error (a warning is not).
    pub fn has_errors(&self) -> bool {
        self.diagnostics.iter().any(Diagnostic::is_error)
    }

    /// The tags, in file order.
    pub fn tags(&self) -> &[Tag] {
        &self.raw.record.tags
    }

    /// The result ([`CheckedGame::result`]; for an unreadable game, the record's).
    pub fn result(&self) -> Option<GameResult> {
        match &self.body {
            GameBody::Xiangqi(c) => c.game.result(),
            GameBody::Shogi(c) => c.game.result(),
            GameBody::Unreadable { .. } => self.raw.record.result(),
        }
    }

    /// The main-line moves read, in the game's coordinate form (ICCS `h2e2` for xiangqi, USI
    /// `7g7f` for shogi); empty for an unreadable game.
    pub fn coordinates(&self) -> Vec<String> {
        fn of<P: Position>(c: &Checked<P>) -> Vec<String> {
            let moves = &c.game.replayed.record.main.moves;
            moves.iter().map(|m| m.mv.to_string()).collect()
        }
        match &self.body {
            GameBody::Xiangqi(c) => of(c),
            GameBody::Shogi(c) => of(c),
            GameBody::Unreadable { .. } => Vec::new(),
        }
    }

    /// The position after the last move read, as FEN (xiangqi) or SFEN (shogi); `None` for an
    /// unreadable game.
    pub fn final_position(&self) -> Option<String> {
        match &self.body {
            GameBody::Xiangqi(c) => Some(c.game.replayed.end.to_text()),
            GameBody::Shogi(c) => Some(c.game.replayed.end.to_text()),
            GameBody::Unreadable { .. } => None,
        }
    }

    /// The start position, as FEN or SFEN; `None` for an unreadable game.
    pub fn start_position(&self) -> Option<String> {
        match &self.body {
            GameBody::Xiangqi(c) => Some(c.game.replayed.start.to_text()),
            GameBody::Shogi(c) => Some(c.game.replayed.start.to_text()),
            GameBody::Unreadable { .. } => None,
        }
    }
}
