//! The [`MoveNotation`] trait: read and write one move in a position, in three steps.
//!
//! 1. [`parse`](MoveNotation::parse) turns text into the notation's syntax type without looking
//!    at a position; it fails with a [`SyntaxError`].
//! 2. [`resolve`](MoveNotation::resolve) finds the one legal move the syntax names in a position;
//!    it fails with a [`MoveError`] (no such piece, illegal with the rule broken, or ambiguous
//!    with every candidate written in the same notation).
//! 3. [`describe`](MoveNotation::describe) writes a legal move in its shortest correct form.
//!
//! The law every implementation keeps, and `cargo xtask roundtrip` checks over every position of
//! the test games: for every `m` in `pos.legal_moves()`,
//! `read_move(pos, &write_move(pos, m)) == Ok(m)`.

use std::fmt;

use crate::{MoveError, NotationError, Position, SyntaxError, Warning};

/// A move found by [`MoveNotation::resolve`], with the warnings a lenient reader gives about the
/// text it read (a lowercase letter, a sideways sign other than the profile's, a tandem piece
/// written with its file digit).
///
/// A text that the notation reads one way by its rules but that another reading it knows of
/// also makes a legal move (a WXF spelling the 2018 rules read as another pawn, a PSN move
/// without `+` whose promotion is legal too) carries that move in
/// [`alternatives`](Resolved::alternatives): a choice point. The replay takes `mv`; when a
/// later move fails, the repair search weighs the alternatives too.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Resolved<M> {
    /// The legal move.
    pub mv: M,
    /// Normalisations made while reading; empty for text in the notation's canonical form.
    pub warnings: Vec<Warning>,
    /// Other legal moves the same text names under another reading the notation allows; empty
    /// for most moves.
    pub alternatives: Vec<M>,
}

impl<M> Resolved<M> {
    /// A move read without any normalisation.
    pub fn clean(mv: M) -> Self {
        Resolved::new(mv, Vec::new())
    }

    /// A move read with `warnings` and no alternative reading.
    pub fn new(mv: M, warnings: Vec<Warning>) -> Self {
        Resolved {
            mv,
            warnings,
            alternatives: Vec::new(),
        }
    }

    /// This reading with another move the text names under another reading.
    #[must_use]
    pub fn with_alternative(mut self, mv: M) -> Self {
        self.alternatives.push(mv);
        self
    }
}

/// A move notation for the positions `P`.
///
/// Implementations are configuration values (a letter set, a writer style); they hold no
/// position. The trait is not sealed: every notation crate of kifu implements it, and so may
/// yours.
pub trait MoveNotation<P: Position> {
    /// A move as written, not yet checked against a position. Its `Display` writes it back.
    type Syntax: fmt::Display + fmt::Debug + Clone;

    /// Reads the syntax of one move (the whole of `text`, no surrounding spaces).
    ///
    /// # Errors
    ///
    /// [`SyntaxError`] with the span inside `text`, what was expected and what was found.
    fn parse(&self, text: &str) -> Result<Self::Syntax, SyntaxError>;

    /// [`parse`](Self::parse) for a caller that only needs the syntax or the fact that there is
    /// none: the same syntax, and an error wherever `parse` gives one, but the error's words and
    /// span may be left empty (building them is most of the cost of a text that fails, and the
    /// notation detection tries every text in every reading). The quick reads of
    /// [`TextNotation`](crate::TextNotation) and its `parses` use it. The default is `parse`.
    ///
    /// # Errors
    ///
    /// Where `parse` gives one; perhaps without words.
    fn parse_quickly(&self, text: &str) -> Result<Self::Syntax, SyntaxError> {
        self.parse(text)
    }

    /// Finds the legal move of `pos` that `syntax` names.
    ///
    /// # Errors
    ///
    /// [`MoveError::NoPiece`] when no piece fits, [`MoveError::Illegal`] with the broken rule
    /// when exactly one piece fits but the rules forbid the move, [`MoveError::Ambiguous`] with
    /// every legal candidate (written in this notation) when several moves fit.
    fn resolve(&self, pos: &P, syntax: &Self::Syntax) -> Result<Resolved<P::Move>, MoveError>;

    /// The shortest correct syntax of the legal move `mv` in `pos`.
    ///
    /// `mv` must be legal in `pos`; for an illegal move the result is unspecified.
    fn describe(&self, pos: &P, mv: P::Move) -> Self::Syntax;

    /// [`resolve`](Self::resolve) for a caller that only needs to know which move the syntax
    /// names, if any: the same move, warnings and error, except that an error may leave its
    /// near spellings out (`candidates` of [`MoveError::NoPiece`] and [`MoveError::Illegal`];
    /// finding them writes every legal move). The repair search and the notation detection,
    /// which try many texts that do not read, use it. The default is `resolve`.
    ///
    /// # Errors
    ///
    /// As [`resolve`](Self::resolve).
    fn resolve_quickly(
        &self,
        pos: &P,
        syntax: &Self::Syntax,
    ) -> Result<Resolved<P::Move>, MoveError> {
        self.resolve(pos, syntax)
    }

    /// [`resolve`](Self::resolve) for a move that follows `previous`, the move played just
    /// before it in its line (`None` at the start of a record, or where it is not known).
    ///
    /// Notations whose moves can refer to the previous move override it: KIF and KI2 write
    /// `同` ("the same square") for a move to the square `previous` went to. The default
    /// ignores `previous`. The law holds here too: `resolve_after(pos, previous,
    /// &describe_after(pos, previous, m))` is `m`.
    ///
    /// # Errors
    ///
    /// As [`resolve`](Self::resolve).
    fn resolve_after(
        &self,
        pos: &P,
        previous: Option<P::Move>,
        syntax: &Self::Syntax,
    ) -> Result<Resolved<P::Move>, MoveError> {
        let _ = previous;
        self.resolve(pos, syntax)
    }

    /// [`resolve_quickly`](Self::resolve_quickly) for a move that follows `previous`, as
    /// [`resolve_after`](Self::resolve_after). The default ignores `previous`: a notation
    /// that overrides `resolve_after` overrides this too, since the replay takes the moves and
    /// warnings of a game that reads cleanly from this quick read.
    ///
    /// # Errors
    ///
    /// As [`resolve`](Self::resolve).
    fn resolve_quickly_after(
        &self,
        pos: &P,
        previous: Option<P::Move>,
        syntax: &Self::Syntax,
    ) -> Result<Resolved<P::Move>, MoveError> {
        let _ = previous;
        self.resolve_quickly(pos, syntax)
    }

    /// [`describe`](Self::describe) for a move that follows `previous` (KIF writes `同` for a
    /// move to the square `previous` went to). The default ignores `previous`.
    fn describe_after(&self, pos: &P, previous: Option<P::Move>, mv: P::Move) -> Self::Syntax {
        let _ = previous;
        self.describe(pos, mv)
    }

    /// [`parse`](Self::parse) then [`resolve`](Self::resolve).
    ///
    /// # Errors
    ///
    /// Either error, as [`NotationError`].
    fn read_move(&self, pos: &P, text: &str) -> Result<Resolved<P::Move>, NotationError> {
        let syntax = self.parse(text)?;
        Ok(self.resolve(pos, &syntax)?)
    }

    /// [`parse_quickly`](Self::parse_quickly) then [`resolve_quickly`](Self::resolve_quickly).
    ///
    /// # Errors
    ///
    /// Either error, as [`NotationError`], perhaps without near spellings or a syntax error's
    /// words.
    fn read_move_quickly(&self, pos: &P, text: &str) -> Result<Resolved<P::Move>, NotationError> {
        let syntax = self.parse_quickly(text)?;
        Ok(self.resolve_quickly(pos, &syntax)?)
    }

    /// [`describe`](Self::describe) then `to_string`.
    fn write_move(&self, pos: &P, mv: P::Move) -> String {
        self.describe(pos, mv).to_string()
    }
}
