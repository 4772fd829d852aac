//! Finding the legal move a PSN move names.
//!
//! A drop names the drop of that kind. A board move names the legal moves to its destination
//! made by a piece of the written kind and promotion state (`+R` a dragon, `R` a rook), from the
//! written origin if there is one, with the written promotion choice: `+` promotes, `=` does
//! not, and no sign means no promotion. Exactly one such move must exist; several make the move
//! ambiguous (the error lists each, written with its origin square); none make it an error that
//! names the rule the move breaks ([`shogi_board::Position::check_move`]: nifu, uchifuzume, dead
//! piece, forced promotion, promotion not allowed, king left in check, ...), or says that no
//! such piece can get there.
//!
//! Lenient forms, each accepted with a warning (its stable code in brackets):
//!
//! - no `+` on a move that must promote (a pawn or lance to the last rank, a knight to the last
//!   two): read as the promotion [`forced-promotion-unmarked`] (docs/notations.md);
//! - `=` on a move that could not promote anyway (`G-5h=`, `+R-4b=`): the sign is ignored
//!   [`needless-declined-mark`];
//! - a move without a sign or origin that only a drop can make (`P5e` with a pawn in hand and
//!   no pawn that can move there): read as the drop [`drop-without-mark`]; when a board move
//!   fits too, the board move is taken, silently;
//! - the letter of the unpromoted piece for a promoted one (`B4d-3c` where 4d holds a horse),
//!   when no piece of the written kind can make the move and exactly one promoted piece can
//!   [`promoted-piece-unmarked`];
//! - `x` on a move that captures nothing, or `-` on a capture [`capture-mark`] (no sign at all
//!   is fine either way);
//! - a mate sign `#` after the move [`mate-sign`];
//! - a board move written with both squares and no piece letter, as USI writes it inside a PSN
//!   line (`4i5h` for `G4i-5h`): the move of the side to move's piece on the origin
//!   [`piece-left-out`].
//!
//! Without a warning: `=` on a move that several pieces of the kind can make, when only one of
//! them could promote there (the sign names it: `S-4d=` with silvers on 4e and 3c is the one
//! from 3c).
//!
//! A player letter that is not the side to move's is an error ([`Rule::WrongSide`]).
//!
//! Rule: the seed (`000_62dafd270277a1bb.txt`) and docs/notations.md, "Shogi PSN"; the
//! research notes' edge cases (docs/research/shogi-psn.md, (a) 6, 7, 10, 11, 13, 14, 27).

use notation_traits::{MoveError, Resolved, Rule, Warning, edit_distance};
use shogi_board::{Color, Move, Piece, PieceKind, Position, Square};

use crate::notation::{Psn, PsnStyle};
use crate::syntax::{Action, PartialOrigin, Promotion, PsnMove, Spelling, Squares};
use crate::write::{describe, describe_with};

fn count_word(n: usize) -> &'static str {
    match n {
        2 => "two",
        3 => "three",
        4 => "four",
        _ => "several",
    }
}

fn plural(side: Color, kind: PieceKind) -> String {
    format!("{side} {}s", kind.name())
}

/// `the black silver on 4e to 4d`, with `promoting` / `without promoting` as written.
fn move_words(
    piece: Piece,
    from: Square,
    to: Square,
    promotion: Promotion,
    squares: Squares,
) -> String {
    let tail = match promotion {
        Promotion::Unmarked => "",
        Promotion::Promote => " promoting",
        Promotion::Decline => " without promoting",
    };
    format!(
        "the {piece} on {} to {}{tail}",
        squares.write(from),
        squares.write(to)
    )
}

/// `a black pawn dropped on 1b`.
fn drop_words(side: Color, kind: PieceKind, to: Square, squares: Squares) -> String {
    format!("a {side} {} dropped on {}", kind.name(), squares.write(to))
}

/// The legal moves of `legal` (all arriving on `mv.to`) made by a piece of `kind`, from
/// `mv.from` if written, with `mv`'s promotion choice. Without a promotion sign a piece's plain
/// move is taken, or its promotion when it must promote.
fn fitting(pos: &Position, legal: &[Move], mv: &PsnMove, kind: PieceKind) -> Vec<Move> {
    let mut plain: Vec<Move> = Vec::with_capacity(2);
    let mut promoting: Vec<Move> = Vec::with_capacity(2);
    for &m in legal {
        let Move::Normal { from, promote, .. } = m else {
            continue;
        };
        if mv.from.is_some_and(|f| f != from)
            || mv.partial.is_some_and(|p| !p.contains(from))
            || pos.piece_at(from).map(|p| p.kind) != Some(kind)
        {
            continue;
        }
        if promote {
            promoting.push(m);
        } else {
            plain.push(m);
        }
    }
    match mv.promotion {
        Promotion::Promote => promoting,
        Promotion::Decline => plain,
        Promotion::Unmarked => {
            for m in promoting {
                if !plain.iter().any(|p| p.from() == m.from()) {
                    plain.push(m);
                }
            }
            plain
        }
    }
}

/// Why the move of the piece on `from` to `to` with the written promotion choice is illegal.
fn rule_for(pos: &Position, from: Square, to: Square, promotion: Promotion) -> Rule {
    let check = |promote| pos.check_move(Move::Normal { from, to, promote });
    let result = match promotion {
        Promotion::Promote => check(true),
        Promotion::Decline => check(false),
        Promotion::Unmarked => match check(false) {
            Err(Rule::ForcedPromotion) => check(true),
            other => other,
        },
    };
    result.err().unwrap_or(Rule::Movement)
}

impl Psn {
    /// The legal move `mv` names in `pos`; with `quick`, an error leaves its near spellings
    /// out (finding them writes every legal move: see `MoveNotation::resolve_quickly`).
    pub(crate) fn resolve_move(
        &self,
        pos: &Position,
        mv: &PsnMove,
        quick: bool,
    ) -> Result<Resolved<Move>, MoveError> {
        let side = pos.side_to_move();
        if mv.spelling.piece_left_out
            && let Some(from) = mv.from
        {
            return self.resolve_piece_left_out(pos, mv, from, quick);
        }
        if let Some(color) = mv.color
            && color != side
        {
            return Err(MoveError::Illegal {
                rule: Rule::WrongSide,
                description: format!(
                    "`{mv}` names a {color} {}, but {side} is to move",
                    mv.kind.name()
                ),
                candidates: Vec::new(),
            });
        }
        let mut warnings = Vec::new();
        if mv.spelling.mate_sign {
            warnings.push(Warning::new(
                "mate-sign",
                "`#` after the move ignored: PSN marks neither check nor mate",
            ));
        }
        if mv.spelling.lower_letter || mv.spelling.upper_rank {
            let what = match (mv.spelling.lower_letter, mv.spelling.upper_rank) {
                (true, true) => "a lower-case piece letter and an upper-case rank letter",
                (true, false) => "a lower-case piece letter",
                _ => "an upper-case rank letter",
            };
            let normal = PsnMove {
                spelling: Spelling {
                    lower_letter: false,
                    upper_rank: false,
                    ..mv.spelling
                },
                ..mv.clone()
            };
            warnings.push(Warning::new(
                "letter-case",
                format!(
                    "{what} read as `{normal}`: PSN writes piece letters in upper case, rank letters in lower case"
                ),
            ));
        }
        let squares = mv.squares();
        if mv.action == Action::Drop {
            let m = Move::Drop {
                kind: mv.kind,
                to: mv.to,
            };
            return match pos.check_move(m) {
                Ok(()) => Ok(Resolved::new(m, warnings)),
                Err(rule) => Err(MoveError::Illegal {
                    rule,
                    description: drop_words(side, mv.kind, mv.to, squares),
                    candidates: self.near(pos, mv, quick),
                }),
            };
        }
        let legal = pos.legal_moves_to(mv.to);
        let found = fitting(pos, &legal, mv, mv.kind);
        match found.as_slice() {
            [m] => {
                self.board_warnings(pos, mv, *m, &mut warnings);
                let resolved =
                    self.with_unmarked_promotion(pos, mv, *m, Resolved::new(*m, warnings));
                Ok(self.with_unmarked_promoted_piece(pos, mv, &legal, resolved))
            }
            [] => self.fallback(pos, mv, &legal, warnings, quick),
            several => {
                // `=` names a piece that could promote: when only one of them could, it is the
                // one meant.
                let could: Vec<Move> = several
                    .iter()
                    .copied()
                    .filter(|&m| match (m, pos.moving_piece(m)) {
                        (Move::Normal { from, to, .. }, Some(p)) => p.can_promote(from, to),
                        _ => false,
                    })
                    .collect();
                match could.as_slice() {
                    [m] if mv.promotion == Promotion::Decline => {
                        self.board_warnings(pos, mv, *m, &mut warnings);
                        Ok(Resolved::new(*m, warnings))
                    }
                    _ => Err(self.ambiguous(pos, mv, several, mv.kind)),
                }
            }
        }
    }

    /// A move written with both squares and no piece letter (`4i5h`): the move of the piece of
    /// the side to move on the origin, read with a `piece-left-out` warning that names the move
    /// in PSN (`G4i-5h`).
    fn resolve_piece_left_out(
        &self,
        pos: &Position,
        mv: &PsnMove,
        from: Square,
        quick: bool,
    ) -> Result<Resolved<Move>, MoveError> {
        let side = pos.side_to_move();
        let Some(piece) = pos.piece_at(from).filter(|p| p.color == side) else {
            return Err(MoveError::NoPiece {
                description: format!(
                    "`{mv}` names no piece, and no {side} piece stands on {}",
                    Squares::Letters.write(from)
                ),
                candidates: self.near(pos, mv, quick),
            });
        };
        let named = PsnMove {
            kind: piece.kind,
            action: Action::Move,
            spelling: Spelling {
                piece_left_out: false,
                ..mv.spelling
            },
            ..mv.clone()
        };
        let mut resolved = self.resolve_move(pos, &named, quick)?;
        resolved.warnings.insert(
            0,
            Warning::new(
                "piece-left-out",
                format!(
                    "`{mv}` names no piece: read as `{named}`, the {} on {}",
                    piece.kind.name(),
                    Squares::Letters.write(from)
                ),
            ),
        );
        Ok(resolved)
    }

    /// A move written without `+` or `=` that could promote is read as not promoting (PSN's
    /// rule: `+` is obligatory on a promotion), with a `promotion-unmarked` warning and the
    /// promotion as the alternative reading the repair search weighs (the commonest slip in a
    /// typed record is the `+` left out).
    fn with_unmarked_promotion(
        &self,
        pos: &Position,
        mv: &PsnMove,
        m: Move,
        mut resolved: Resolved<Move>,
    ) -> Resolved<Move> {
        let Move::Normal {
            from,
            to,
            promote: false,
        } = m
        else {
            return resolved;
        };
        let promoted = Move::Normal {
            from,
            to,
            promote: true,
        };
        if mv.promotion != Promotion::Unmarked || !pos.is_legal(promoted) {
            return resolved;
        }
        let Some(piece) = pos.piece_at(from) else {
            return resolved;
        };
        if self.declines_unmarked() {
            return resolved.with_alternative(promoted);
        }
        resolved.warnings.push(Warning::new(
            "promotion-unmarked",
            format!(
                "the {} could promote on {}: `{mv}` read as not promoting by PSN's rule; write `{mv}=` or `{mv}+`",
                piece.kind.name(),
                mv.squares().write(to)
            ),
        ));
        resolved.with_alternative(promoted)
    }

    /// A move written with an unpromoted piece's letter and no sign (`Rx8e`) where a promoted
    /// piece of that kind could make it too (a dragon on 8f as well as the rook on 8d): PSN's
    /// rule reads the letter's own piece, the promoted piece's move is the other reading, and
    /// in a record that writes no `+` at all a `promotion-unmarked` warning says the `+` of
    /// `+Rx8e` may have been left out.
    fn with_unmarked_promoted_piece(
        &self,
        pos: &Position,
        mv: &PsnMove,
        legal: &[Move],
        mut resolved: Resolved<Move>,
    ) -> Resolved<Move> {
        // A promotion sign names an unpromoted piece: a promoted one has none.
        let Some(promoted) = mv
            .kind
            .promote()
            .filter(|_| mv.promotion == Promotion::Unmarked)
        else {
            return resolved;
        };
        let [other] = fitting(pos, legal, mv, promoted)[..] else {
            return resolved;
        };
        let Move::Normal { from, .. } = other else {
            return resolved;
        };
        if !self.no_plus() {
            return resolved.with_alternative(other);
        }
        resolved.warnings.push(Warning::new(
            "promotion-unmarked",
            format!(
                "the {} on {} could also make this move: `{mv}` read as the {}'s by PSN's rule; write `+{mv}` for the {}'s",
                promoted.name(),
                mv.squares().write(from),
                mv.kind.name(),
                promoted.name(),
            ),
        ));
        resolved.with_alternative(other)
    }

    /// The warnings for reading `mv` as the board move `m`.
    fn board_warnings(&self, pos: &Position, mv: &PsnMove, m: Move, warnings: &mut Vec<Warning>) {
        let Move::Normal { from, to, promote } = m else {
            return;
        };
        let squares = mv.squares();
        let Some(piece) = pos.piece_at(from) else {
            return;
        };
        if promote && mv.promotion == Promotion::Unmarked {
            warnings.push(Warning::new(
                "forced-promotion-unmarked",
                format!(
                    "the {} must promote on {}: `{mv}` read as `{mv}+`",
                    piece.kind.name(),
                    squares.write(to)
                ),
            ));
        }
        if mv.promotion == Promotion::Decline && !piece.can_promote(from, to) {
            warnings.push(Warning::new(
                "needless-declined-mark",
                format!(
                    "`=` ignored: the {} on {} cannot promote on this move",
                    piece.kind.name(),
                    squares.write(from)
                ),
            ));
        }
        match (mv.action, pos.captured_piece(m)) {
            (Action::Capture, None) => warnings.push(Warning::new(
                "capture-mark",
                format!(
                    "`x` written, but {} is empty: the move captures nothing",
                    squares.write(to)
                ),
            )),
            (Action::Move, Some(captured)) => warnings.push(Warning::new(
                "capture-mark",
                format!(
                    "`-` written, but the move captures the {captured} on {}: write `x`",
                    squares.write(to)
                ),
            )),
            _ => {}
        }
    }

    /// No piece of the written kind can make the move: a drop without its sign, an unpromoted
    /// letter for a promoted piece, or the error.
    fn fallback(
        &self,
        pos: &Position,
        mv: &PsnMove,
        legal: &[Move],
        mut warnings: Vec<Warning>,
        quick: bool,
    ) -> Result<Resolved<Move>, MoveError> {
        let squares = mv.squares();
        let bare = mv.action == Action::Unmarked
            && mv.from.is_none()
            && mv.partial.is_none()
            && mv.promotion == Promotion::Unmarked
            && mv.kind.is_hand_kind();
        if bare {
            let drop = Move::Drop {
                kind: mv.kind,
                to: mv.to,
            };
            if legal.contains(&drop) {
                warnings.push(Warning::new(
                    "drop-without-mark",
                    format!(
                        "no {} can move to {}: `{mv}` read as the drop `{}*{}`",
                        mv.kind.name(),
                        squares.write(mv.to),
                        mv.kind.letter(),
                        squares.write(mv.to)
                    ),
                ));
                return Ok(Resolved::new(drop, warnings));
            }
        }
        if let Some(promoted) = mv.kind.promote()
            && mv.promotion != Promotion::Promote
        {
            let found = fitting(pos, legal, mv, promoted);
            match found.as_slice() {
                [] => {}
                [m] => {
                    let corrected = PsnMove {
                        kind: promoted,
                        ..mv.clone()
                    };
                    let from = m
                        .from()
                        .map_or_else(String::new, |f| format!(" on {}", squares.write(f)));
                    warnings.push(Warning::new(
                        "promoted-piece-unmarked",
                        format!(
                            "the piece{from} is a {}: `{mv}` read as `{corrected}`",
                            promoted.name()
                        ),
                    ));
                    self.board_warnings(pos, &corrected, *m, &mut warnings);
                    return Ok(Resolved::new(*m, warnings));
                }
                several => return Err(self.ambiguous(pos, mv, several, promoted)),
            }
        }
        Err(self.no_move(pos, mv, bare, quick))
    }

    /// The error for several fitting moves: each written with its origin square, from file 9 to
    /// file 1.
    fn ambiguous(
        &self,
        pos: &Position,
        mv: &PsnMove,
        several: &[Move],
        kind: PieceKind,
    ) -> MoveError {
        let squares = mv.squares();
        let mut moves = several.to_vec();
        // Without a sign the text fits each piece's promotion too, where it is legal: the `+`
        // may have been left out (the repair search weighs them all).
        if mv.promotion == Promotion::Unmarked {
            for m in several {
                if let Move::Normal {
                    from,
                    to,
                    promote: false,
                } = *m
                {
                    let promoted = Move::Normal {
                        from,
                        to,
                        promote: true,
                    };
                    if pos.is_legal(promoted) && !moves.contains(&promoted) {
                        moves.push(promoted);
                    }
                }
            }
        }
        moves.sort_by_key(|m| {
            (
                std::cmp::Reverse(m.from().map_or(0, Square::index)),
                matches!(m, Move::Normal { promote: true, .. }),
            )
        });
        let candidates = moves
            .iter()
            .map(|&m| describe_with(pos, m, PsnStyle::Short, squares, true).to_string())
            .collect();
        MoveError::Ambiguous {
            description: format!(
                "{} {} can reach {}",
                count_word(several.len()),
                plural(pos.side_to_move(), kind),
                squares.write(mv.to)
            ),
            candidates,
        }
    }

    /// The error for a board move that fits no legal move; `bare` when the text could also be a
    /// drop without its sign.
    /// With `quick`, no near spellings.
    fn no_move(&self, pos: &Position, mv: &PsnMove, bare: bool, quick: bool) -> MoveError {
        let side = pos.side_to_move();
        let squares = mv.squares();
        let piece = Piece::new(side, mv.kind);
        let to = mv.to;
        if let Some(from) = mv.from {
            return match pos.piece_at(from) {
                Some(p) if p == piece => MoveError::Illegal {
                    rule: rule_for(pos, from, to, mv.promotion),
                    description: move_words(piece, from, to, mv.promotion, squares),
                    candidates: self.near(pos, mv, quick),
                },
                other => {
                    let holds = other.map_or_else(
                        || "the square is empty".to_owned(),
                        |p| format!("it holds a {p}"),
                    );
                    MoveError::NoPiece {
                        description: format!("no {piece} on {}: {holds}", squares.write(from)),
                        candidates: self.near(pos, mv, quick),
                    }
                }
            };
        }
        if let Some(p) = pos.piece_at(to)
            && p.color == side
        {
            return MoveError::Illegal {
                rule: Rule::OwnPiece,
                description: format!("a {piece} to {} (it holds a {p})", squares.write(to)),
                candidates: self.near(pos, mv, quick),
            };
        }
        let blocked = pos
            .squares_of(piece)
            .filter(|&from| mv.partial.is_none_or(|p| p.contains(from)))
            .map(|from| (from, rule_for(pos, from, to, mv.promotion)))
            .find(|&(_, rule)| rule != Rule::Movement);
        if let Some((from, rule)) = blocked {
            return MoveError::Illegal {
                rule,
                description: move_words(piece, from, to, mv.promotion, squares),
                candidates: self.near(pos, mv, quick),
            };
        }
        if bare && pos.hand(side).contains(mv.kind) {
            let drop = Move::Drop { kind: mv.kind, to };
            if let Err(rule) = pos.check_move(drop) {
                return MoveError::Illegal {
                    rule,
                    description: drop_words(side, mv.kind, to, squares),
                    candidates: self.near(pos, mv, quick),
                };
            }
        }
        // MacShogi's partial origin narrows the pieces: say which ones were meant.
        let origin = match mv.partial {
            Some(PartialOrigin::File(f)) => format!(" on file {f}"),
            Some(PartialOrigin::Rank(r)) => format!(" on rank {}", char::from(b'a' + r - 1)),
            None => String::new(),
        };
        MoveError::NoPiece {
            description: format!("no {piece}{origin} can move to {}", squares.write(to)),
            candidates: self.near(pos, mv, quick),
        }
    }

    /// The moves the user may have meant, written in the form `mv` was (short or long, letter
    /// or digit squares): the legal moves of a piece of the written kind (either promotion
    /// state) or a drop of it to the written square, else the legal moves written within edit
    /// distance 1 of `mv`; at most six, none when there are more. None at all with `quick`.
    fn near(&self, pos: &Position, mv: &PsnMove, quick: bool) -> Vec<String> {
        if quick {
            return Vec::new();
        }
        let style = if mv.from.is_some() || mv.partial.is_some() {
            PsnStyle::Long
        } else {
            PsnStyle::Short
        };
        let squares = mv.squares();
        let legal = pos.legal_moves();
        let base = mv.kind.unpromote();
        let mut same: Vec<Move> = legal
            .iter()
            .copied()
            .filter(|&m| {
                m.to() == mv.to
                    && match m {
                        Move::Normal { from, .. } => pos
                            .piece_at(from)
                            .is_some_and(|p| p.kind.unpromote() == base),
                        Move::Drop { kind, .. } => kind == base,
                    }
            })
            .collect();
        if !same.is_empty() {
            same.sort_by_key(|m| std::cmp::Reverse(m.from().map_or(0, |f| f.index() + 1)));
            let mut origins: Vec<Square> = same.iter().filter_map(|m| m.from()).collect();
            origins.dedup();
            let several = origins.len() > 1;
            return if same.len() <= 6 {
                same.iter()
                    .map(|&m| describe_with(pos, m, style, squares, several).to_string())
                    .collect()
            } else {
                Vec::new()
            };
        }
        let wanted: Vec<char> = mv.to_string().chars().collect();
        let near: Vec<String> = legal
            .iter()
            .map(|&m| describe(pos, m, style, squares).to_string())
            .filter(|w| edit_distance(&w.chars().collect::<Vec<_>>(), &wanted) <= 1)
            .collect();
        if near.len() <= 6 { near } else { Vec::new() }
    }
}
