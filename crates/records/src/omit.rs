//! What a caller asks a writer to leave out of every game: comments, variations, annotation
//! glyphs, clock times (pgn-extract's `-C`, `-V`, `-N` and `--noclocks`).

use std::borrow::Cow;

use notation_traits::{CheckedGame, Line, Position};

/// The parts of a record not to write; every field `false` (the default) writes everything.
///
/// The record is not changed: the writer writes a copy without those parts, so that what a
/// format cannot hold is said only for what is still written.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Omit {
    /// Comments: before the first move, after each move, before each variation, after the
    /// result.
    pub comments: bool,
    /// Variations (their comments go with them).
    pub variations: bool,
    /// Numeric annotation glyphs (`$1`, and `!`, `?` read as glyphs).
    pub nags: bool,
    /// Clock times, of the moves and of the terminal word.
    pub clocks: bool,
}

impl Omit {
    /// Whether it leaves anything out.
    pub fn any(self) -> bool {
        self.comments || self.variations || self.nags || self.clocks
    }

    /// `game` without the parts it leaves out (borrowed as it is when it leaves out nothing).
    ///
    /// # Examples
    ///
    /// ```
    /// use kifu_records::{GameBody, Games, Input, Omit, ReadOptions};
    ///
    /// let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../testdata/shogi/shogi-comments-variations.psn");
    /// let read = ReadOptions::default();
    /// let game = Games::new(Input::open(path.as_ref(), &read)?, read).next().unwrap()?;
    /// let GameBody::Shogi(c) = &game.body else { panic!("a shogi game") };
    /// let moves = |g: &notation_traits::CheckedGame<_>| g.replayed.record.main.moves.clone();
    /// assert!(moves(&c.game).iter().any(|m| !m.variations.is_empty()));
    /// let plain = Omit { variations: true, ..Omit::default() }.apply(&c.game);
    /// assert!(moves(&plain).iter().all(|m| m.variations.is_empty()));
    /// assert_eq!(moves(&plain).len(), moves(&c.game).len());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn apply<'a, P: Position>(self, game: &'a CheckedGame<P>) -> Cow<'a, CheckedGame<P>> {
        if !self.any() {
            return Cow::Borrowed(game);
        }
        let mut game = game.clone();
        let record = &mut game.replayed.record;
        if self.comments {
            record.trailing_comments.clear();
        }
        self.line(&mut record.main);
        if self.clocks
            && let Some(t) = &mut game.terminal
        {
            t.clock = None;
        }
        Cow::Owned(game)
    }

    /// Leaves the parts out of `line` and of its variations.
    fn line<M>(self, line: &mut Line<M>) {
        if self.comments {
            line.comments.clear();
        }
        for m in &mut line.moves {
            if self.comments {
                m.comments.clear();
            }
            if self.nags {
                m.nags.clear();
            }
            if self.clocks {
                m.clock = None;
            }
            if self.variations {
                m.variations.clear();
            }
            for v in &mut m.variations {
                self.line(v);
            }
        }
    }
}
