//! One game of a xiangqi PGN file, ready to be checked: its record (an engine `position` line
//! turned into one), its start position, the reading of its moves.

use notation_traits::{
    CheckedGame, Diagnostic, GameRecord, RawGame, ReplayOptions, position_command, replay_read,
};
use xiangqi_board::Position;

use crate::{Hints, Reading, choose_reading, language_hint, start_position};

/// A game of a xiangqi PGN file as read, before its moves are checked.
#[derive(Clone, Debug)]
pub struct PgnGame {
    /// The game as the text reader gave it; an engine command (`position fen ... moves ...`)
    /// is turned into a record with a `[FEN]` tag.
    pub raw: RawGame,
    /// The start position ([`start_position`]), or why it cannot be read.
    pub start: Result<Position, Box<Diagnostic>>,
}

impl PgnGame {
    /// Prepares a game read by [`notation_traits::GameReader`].
    pub fn new(mut raw: RawGame) -> PgnGame {
        if let Some(command) = position_command(&raw.record) {
            raw.record = command.into_record(&raw.record, "FEN");
        }
        let start = start_position(&raw.record);
        PgnGame { raw, start }
    }

    /// The record (moves as text).
    pub fn record(&self) -> &GameRecord<()> {
        &self.raw.record
    }

    /// The reading of the moves ([`choose_reading`]) and what detection said, if it detected.
    ///
    /// # Errors
    ///
    /// The start position's diagnostic, or [`choose_reading`]'s.
    pub fn reading(&self, hints: Hints) -> Result<(Reading, Option<String>), Box<Diagnostic>> {
        let start = self.start.clone()?;
        choose_reading(&start, &self.raw.record, hints)
    }

    /// Checks every move in `reading` ([`replay_read`](notation_traits::replay_read), taking the
    /// moves detection read); when the letters were given and the game has errors, a
    /// `language-hint` warning says whether other letters read further.
    ///
    /// # Errors
    ///
    /// The start position's diagnostic.
    ///
    /// # Examples
    ///
    /// ```
    /// use notation_traits::{GameReader, ReplayOptions};
    /// use xiangqi_pgn::{Hints, PgnGame};
    ///
    /// let text = "[Format \"WXF\"]\n1. C2.5 H8+7 2. H2+3 R9.8 *\n";
    /// let raw = GameReader::new(text.as_bytes()).next().unwrap()?;
    /// let game = PgnGame::new(raw);
    /// let (reading, _) = game.reading(Hints::default()).map_err(|d| d.to_string())?;
    /// let checked = game.check(&reading, Hints::default(), ReplayOptions::default()).map_err(|d| d.to_string())?;
    /// let moves: Vec<String> = checked.replayed.record.main.moves.iter().map(|m| m.mv.to_string()).collect();
    /// assert_eq!(moves, ["h2e2", "h9g7", "h0g2", "i9h9"]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn check(
        &self,
        reading: &Reading,
        hints: Hints,
        options: ReplayOptions,
    ) -> Result<CheckedGame<Position>, Box<Diagnostic>> {
        let start = self.start.clone()?;
        let record = &self.raw.record;
        // The moves detection read, if it did: the replay takes them instead of reading again.
        let read = std::mem::take(
            &mut *reading
                .read
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner),
        );
        let mut replayed = replay_read(record, start, reading.notation.as_ref(), options, read);
        if replayed.has_errors()
            && let Some(hint) = language_hint(&start, record, hints, &replayed)
        {
            replayed.diagnostics.push(hint);
        }
        Ok(CheckedGame::new(replayed, &self.raw, None))
    }
}
