//! Checking a record read from a file: every move resolved in its position, move numbers
//! compared with the ply, variations replayed from the position they branch from.

use crate::{
    Diagnostic, GameRecord, Line, MoveEntry, MoveNotation, NotationError, Position, Resolved,
    Severity,
};

/// An object-safe view of a [`MoveNotation`]: read and write moves as text.
///
/// Every `MoveNotation<P>` is a `TextNotation<P>`, so a program can choose a notation at run time
/// (`Box<dyn TextNotation<P>>`).
pub trait TextNotation<P: Position> {
    /// Reads one move in `pos`, as [`MoveNotation::read_move`].
    ///
    /// # Errors
    ///
    /// The syntax or move error.
    fn read(&self, pos: &P, text: &str) -> Result<Resolved<P::Move>, NotationError>;

    /// Writes the legal move `mv` of `pos`, as [`MoveNotation::write_move`].
    fn write(&self, pos: &P, mv: P::Move) -> String;
}

impl<P: Position, N: MoveNotation<P>> TextNotation<P> for N {
    fn read(&self, pos: &P, text: &str) -> Result<Resolved<P::Move>, NotationError> {
        self.read_move(pos, text)
    }

    fn write(&self, pos: &P, mv: P::Move) -> String {
        self.write_move(pos, mv)
    }
}

/// A record whose moves were checked, with the positions and what was found.
#[derive(Clone, Debug)]
pub struct Replayed<P: Position> {
    /// The record with resolved moves; the main line stops before the first move that could not
    /// be read.
    pub record: GameRecord<P::Move>,
    /// The start position.
    pub start: P,
    /// The position after the last resolved main-line move.
    pub end: P,
    /// The main-line moves from the first unreadable one on, as text (empty when every move was
    /// read).
    pub unread: Vec<MoveEntry<()>>,
    /// Errors and warnings, in the order of the moves.
    pub diagnostics: Vec<Diagnostic>,
}

impl<P: Position> Replayed<P> {
    /// Whether any diagnostic is an error.
    pub fn has_errors(&self) -> bool {
        self.diagnostics.iter().any(Diagnostic::is_error)
    }
}

/// How a file numbers its moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Numbering {
    /// `1. a b 2. c d` (xiangqi PGN, Hodges pairs).
    PerPair,
    /// `1.a 2.b 3.c` (Shogidokoro PSN).
    PerPly,
}

/// Resolves every move of `raw` from `start` with `notation`.
///
/// Move numbers are compared with the position: per move pair (`1. a b 2. c d`, an ellipsis
/// before a second player's move) or per ply (`1.a 2.b`), whichever fits more of the numbers
/// written; each that does not fit gets a `move-number-mismatch` warning. A move that cannot be
/// read stops the main line with an error diagnostic; the moves after it are returned in
/// [`Replayed::unread`]. Warnings of the notation (`lowercase-letter`, ...) become warning
/// diagnostics with the move's place and ply.
pub fn replay<P, N>(raw: &GameRecord<()>, start: P, notation: &N) -> Replayed<P>
where
    P: Position,
    N: TextNotation<P> + ?Sized,
{
    let mut diagnostics = Vec::new();
    let numbering = choose_numbering(&raw.main.moves, &start);
    let mut cx = Context {
        notation,
        numbering,
        diagnostics: &mut diagnostics,
    };
    let (main, end, unread) = cx.line(&raw.main, start.clone(), 1);
    let record = GameRecord {
        tags: raw.tags.clone(),
        main,
        result_token: raw.result_token.clone(),
        result_span: raw.result_span,
        trailing_comments: raw.trailing_comments.clone(),
        span: raw.span,
    };
    Replayed {
        record,
        start,
        end,
        unread,
        diagnostics,
    }
}

/// The ply number of the next move counted the per-ply way (1 at the game's start), and the
/// per-pair move number.
fn numbers<P: Position>(pos: &P) -> (u32, u32) {
    (pos.ply_number(), pos.move_number())
}

fn choose_numbering<P: Position>(moves: &[MoveEntry<()>], start: &P) -> Numbering {
    let (ply0, pair0) = numbers(start);
    let first_second = !P::is_first_player(start.side_to_move());
    let (mut per_ply, mut per_pair) = (0usize, 0usize);
    for (i, m) in moves.iter().enumerate() {
        let Some(n) = m.number else { continue };
        let i = i as u32;
        if n.value == ply0 + i {
            per_ply += 1;
        }
        let pair = pair0 + (i + u32::from(first_second)) / 2;
        if n.value == pair {
            per_pair += 1;
        }
    }
    if per_ply > per_pair {
        Numbering::PerPly
    } else {
        Numbering::PerPair
    }
}

struct Context<'a, N: ?Sized> {
    notation: &'a N,
    numbering: Numbering,
    diagnostics: &'a mut Vec<Diagnostic>,
}

impl<N: ?Sized> Context<'_, N> {
    /// Replays one line from `pos`; `ply` is the ply of its first move. Returns the resolved
    /// moves, the position after them and the unread rest.
    fn line<P>(
        &mut self,
        line: &Line<()>,
        mut pos: P,
        mut ply: u32,
    ) -> (Line<P::Move>, P, Vec<MoveEntry<()>>)
    where
        P: Position,
        N: TextNotation<P>,
    {
        let mut out = Line {
            comments: line.comments.clone(),
            moves: Vec::with_capacity(line.moves.len()),
        };
        for (i, entry) in line.moves.iter().enumerate() {
            if let Some(number) = entry.number {
                self.check_number(&pos, number, entry, ply);
            }
            match self.notation.read(&pos, &entry.text) {
                Ok(resolved) => {
                    for w in &resolved.warnings {
                        self.diagnostics.push(
                            Diagnostic::from_warning(w)
                                .at(entry.span)
                                .with_ply(ply)
                                .with_text(entry.text.clone())
                                .with_position(pos.to_text()),
                        );
                    }
                    let variations = entry
                        .variations
                        .iter()
                        .map(|v| {
                            let (line, _, rest) = self.line(v, pos.clone(), ply);
                            keep_unread_as_comment(line, &rest)
                        })
                        .collect();
                    out.moves.push(MoveEntry {
                        mv: resolved.mv,
                        text: entry.text.clone(),
                        span: entry.span,
                        number: entry.number,
                        comments: entry.comments.clone(),
                        nags: entry.nags.clone(),
                        clock: entry.clock.clone(),
                        variations,
                    });
                    pos.play_unchecked(resolved.mv);
                    ply += 1;
                }
                Err(err) => {
                    let mut d = Diagnostic::from_notation_error(&err);
                    d.span = Some(match &err {
                        NotationError::Syntax(e) => e.span.relative_to(entry.span.start),
                        NotationError::Move(_) => entry.span,
                    });
                    self.diagnostics.push(
                        d.with_ply(ply)
                            .with_text(entry.text.clone())
                            .with_position(pos.to_text()),
                    );
                    return (out, pos, line.moves[i..].to_vec());
                }
            }
        }
        (out, pos, Vec::new())
    }

    fn check_number<P: Position>(
        &mut self,
        pos: &P,
        number: crate::MoveNumber,
        entry: &MoveEntry<()>,
        ply: u32,
    ) {
        let (ply_number, pair) = numbers(pos);
        let second = !P::is_first_player(pos.side_to_move());
        let expected = match self.numbering {
            Numbering::PerPly => format!("{ply_number}."),
            Numbering::PerPair if second => format!("{pair}..."),
            Numbering::PerPair => format!("{pair}."),
        };
        let fits = match self.numbering {
            Numbering::PerPly => number.value == ply_number,
            // A pair's number may stand before the second player's move without an ellipsis
            // (a comment interrupted the pair), and a first move may be numbered `N. ...`.
            Numbering::PerPair => number.value == pair && (second || !number.ellipsis),
        };
        if !fits {
            let written = if number.ellipsis {
                format!("{}...", number.value)
            } else {
                format!("{}.", number.value)
            };
            self.diagnostics.push(
                Diagnostic::new(
                    Severity::Warning,
                    "move-number-mismatch",
                    format!(
                        "move number `{written}` does not fit ply {ply}: expected `{expected}`"
                    ),
                )
                .at(number.span)
                .with_ply(ply)
                .with_text(entry.text.clone()),
            );
        }
    }
}

/// A variation read up to a bad move keeps the rest of its text as a comment, so nothing is
/// lost.
fn keep_unread_as_comment<M>(mut line: Line<M>, rest: &[MoveEntry<()>]) -> Line<M> {
    if rest.is_empty() {
        return line;
    }
    let text: Vec<&str> = rest.iter().map(|m| m.text.as_str()).collect();
    let comment = format!("unread: {}", text.join(" "));
    match line.moves.last_mut() {
        Some(m) => m.comments.push(comment),
        None => line.comments.push(comment),
    }
    line
}
