//! Finding the legal move a KIF or KI2 move names.
//!
//! The square is the written one, or for `同` the square of the previous move. With an origin
//! (`(77)`) the move is the piece's from there; without one, the relative words decide among
//! the pieces of the written kind that can legally reach the square
//! ([`Relative::candidates`]): 打 names the drop; no word and no such piece name the drop too
//! (KI2 writes 打 only where a board piece could also go). Then the promotion word: 成
//! promotes, 不成 and 生 do not, no word does not (KIF never writes 不成).
//!
//! Lenient forms, each read with a warning (its stable code in brackets):
//!
//! - no 成 on a move that must promote (a pawn or lance to the last rank, a knight to the last
//!   two): read as the promotion [`forced-promotion-unmarked`];
//! - 不成 or 生 on a move that could not promote: ignored [`needless-declined-mark`];
//! - ASCII digits for the file, or digits for the rank (`76歩`, `7六歩`), or full-width digits
//!   in the origin: read as written [`numeral-style`].
//!
//! Without a warning: relative words beside an origin (the origin decides), and words the
//! move does not need (`５五銀打` where no board silver can go: KIF writes 打 on every drop).
//!
//! A side mark that is not the side to move's is an error ([`Rule::WrongSide`]); so are
//! relative words that fit none of the pieces that can reach the square (`５二金右` when the
//! only gold that can go there is on the left).
//!
//! Rule: the Kakinoki KIF page; the JSA notation rules (棋譜の表記方法), through
//! [`shogi_board::Relative`].

use notation_traits::{MoveError, Resolved, Rule, Warning, edit_distance};
use shogi_board::{Color, Move, Piece, Position, Relative, Square};

use crate::names::{FILE_DIGITS, RANK_NUMERALS};
use crate::syntax::{KifMove, Promotion};
use crate::write::{describe_ki2, describe_kif};

/// Which notation writes the candidates of an error.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Style {
    /// KIF: `５二金(63)`.
    Kif,
    /// KI2: `▲５二金右`.
    Ki2,
}

impl Style {
    pub(crate) fn write(self, pos: &Position, previous: Option<Move>, mv: Move) -> String {
        match self {
            Style::Kif => describe_kif(pos, previous, mv).to_string(),
            Style::Ki2 => describe_ki2(pos, previous, mv).to_string(),
        }
    }
}

/// `７六`.
pub(crate) fn square_text(sq: Square) -> String {
    format!(
        "{}{}",
        FILE_DIGITS[sq.file().index() as usize],
        RANK_NUMERALS[sq.rank().index() as usize]
    )
}

fn count_word(n: usize) -> &'static str {
    match n {
        2 => "two",
        3 => "three",
        4 => "four",
        5 => "five",
        _ => "several",
    }
}

/// `to the right (右) and up (上)`, for messages.
fn words_text(words: Relative) -> String {
    let side = words.side.map(|s| match s {
        shogi_board::Side::Right => "from the right (右)",
        shogi_board::Side::Left => "from the left (左)",
        shogi_board::Side::Straight => "straight up (直)",
    });
    let motion = words.motion.map(|m| match m {
        shogi_board::Motion::Up => "moving up (上)",
        shogi_board::Motion::Sideways => "moving sideways (寄)",
        shogi_board::Motion::Down => "moving down (引)",
    });
    [side, motion]
        .into_iter()
        .flatten()
        .collect::<Vec<_>>()
        .join(" ")
}

/// Resolves `mv` in `pos` after `previous`; `quick` leaves the near spellings out of errors.
pub(crate) fn resolve(
    pos: &Position,
    previous: Option<Move>,
    mv: &KifMove,
    style: Style,
    quick: bool,
) -> Result<Resolved<Move>, MoveError> {
    let side = pos.side_to_move();
    if let Some(color) = mv.color
        && color != side
    {
        return Err(MoveError::Illegal {
            rule: Rule::WrongSide,
            description: format!(
                "`{mv}` is marked as {color}'s move ({}), but {side} is to move",
                if color == Color::Black { "▲" } else { "△" }
            ),
            candidates: Vec::new(),
        });
    }
    let to = match (mv.to, mv.same, previous) {
        (Some(sq), false, _) | (Some(sq), true, None) => sq,
        (Some(sq), true, Some(p)) if p.to() == sq => sq,
        (Some(sq), true, Some(p)) => {
            return Err(MoveError::NoPiece {
                description: format!(
                    "`同` names {}, the previous move's square, but {} is written",
                    square_text(p.to()),
                    square_text(sq)
                ),
                candidates: near(pos, previous, mv, sq, style, quick),
            });
        }
        (None, _, Some(p)) => p.to(),
        (None, _, None) => {
            return Err(MoveError::NoPiece {
                description: "`同` (the previous move's square) needs a previous move, and none is known here".to_owned(),
                candidates: Vec::new(),
            });
        }
    };
    let mut warnings = Vec::new();
    if mv.other_numerals {
        let canonical = KifMove {
            other_numerals: false,
            ..mv.clone()
        };
        warnings.push(Warning::new(
            "numeral-style",
            format!(
                "`{canonical}` written with other numerals: a square is a full-width file digit and a kanji rank (７六), an origin two ASCII digits"
            ),
        ));
    }
    let found = match mv.from {
        Some(from) => with_origin(pos, mv, from, to, &mut warnings),
        None => by_words(pos, mv, to, &mut warnings),
    };
    match found {
        Ok(m) => Ok(Resolved::new(m, warnings)),
        Err(Fault::Ambiguous(several)) => {
            let mut several = several;
            several.sort_by_key(|m| std::cmp::Reverse(m.from().map_or(0, |f| f.index() + 1)));
            Err(MoveError::Ambiguous {
                description: format!(
                    "{} {} {}s can move to {}{}",
                    count_word(several.len()),
                    side,
                    mv.piece.name(),
                    square_text(to),
                    if mv.relative.side.is_some() || mv.relative.motion.is_some() {
                        format!(" {}", words_text(mv.relative))
                    } else {
                        String::new()
                    }
                ),
                candidates: several
                    .iter()
                    .map(|&m| style.write(pos, previous, m))
                    .collect(),
            })
        }
        Err(Fault::Missing(error)) => Err(error(near(pos, previous, mv, to, style, quick))),
    }
}

/// Why no single move was found.
enum Fault {
    /// Several moves fit.
    Ambiguous(Vec<Move>),
    /// An error that wants the near spellings.
    Missing(Box<dyn FnOnce(Vec<String>) -> MoveError>),
}

/// `the black silver on ７七 to ６八`.
fn move_words(piece: Piece, from: Square, to: Square) -> String {
    format!(
        "the {piece} on {} to {}",
        square_text(from),
        square_text(to)
    )
}

/// The move of the piece on `from`, as the promotion word says.
fn with_origin(
    pos: &Position,
    mv: &KifMove,
    from: Square,
    to: Square,
    warnings: &mut Vec<Warning>,
) -> Result<Move, Fault> {
    let side = pos.side_to_move();
    let piece = Piece::new(side, mv.piece);
    match pos.piece_at(from) {
        Some(p) if p == piece => {}
        other => {
            let holds = other.map_or_else(
                || "the square is empty".to_owned(),
                |p| format!("it holds a {p}"),
            );
            let description = format!("no {piece} on {}: {holds}", square_text(from));
            return Err(Fault::Missing(Box::new(move |candidates| {
                MoveError::NoPiece {
                    description,
                    candidates,
                }
            })));
        }
    }
    let plain = Move::Normal {
        from,
        to,
        promote: false,
    };
    let promoting = Move::Normal {
        from,
        to,
        promote: true,
    };
    let chosen = match mv.promotion {
        Promotion::Promote => promoting,
        _ => plain,
    };
    match pos.check_move(chosen) {
        Ok(()) => {
            promotion_warnings(piece, from, to, mv, chosen, warnings);
            Ok(chosen)
        }
        Err(Rule::ForcedPromotion)
            if mv.promotion == Promotion::Unmarked && pos.is_legal(promoting) =>
        {
            promotion_warnings(piece, from, to, mv, promoting, warnings);
            Ok(promoting)
        }
        Err(rule) => {
            let description = move_words(piece, from, to);
            Err(Fault::Missing(Box::new(move |candidates| {
                MoveError::Illegal {
                    rule,
                    description,
                    candidates,
                }
            })))
        }
    }
}

/// The warnings about the promotion word of `mv`, read as the move `m` of `piece`.
fn promotion_warnings(
    piece: Piece,
    from: Square,
    to: Square,
    mv: &KifMove,
    m: Move,
    warnings: &mut Vec<Warning>,
) {
    if m.is_promotion() && mv.promotion == Promotion::Unmarked {
        warnings.push(Warning::new(
            "forced-promotion-unmarked",
            format!(
                "the {} must promote on {}: `{mv}` read as promoting (成)",
                piece.kind.name(),
                square_text(to)
            ),
        ));
    }
    if mv.promotion.declines() && !piece.can_promote(from, to) {
        warnings.push(Warning::new(
            "needless-declined-mark",
            format!(
                "`{}` ignored: the {} on {} cannot promote on this move",
                mv.promotion.japanese(),
                piece.kind.name(),
                square_text(from)
            ),
        ));
    }
}

/// The move the relative words and the promotion word name among the pieces that can reach
/// `to`.
fn by_words(
    pos: &Position,
    mv: &KifMove,
    to: Square,
    warnings: &mut Vec<Warning>,
) -> Result<Move, Fault> {
    // 打 names the drop alone (what `candidates` would list): one legality check, not a
    // search of the moves to the square.
    let drop = Move::Drop { kind: mv.piece, to };
    if mv.relative.drop && pos.is_legal(drop) {
        return Ok(drop);
    }
    let side = pos.side_to_move();
    let piece = Piece::new(side, mv.piece);
    let fitting = mv.relative.candidates(pos, to, mv.piece);
    // One move per piece, as the promotion word chooses.
    let mut chosen: Vec<Move> = Vec::with_capacity(2);
    let mut refused: Option<(Square, bool)> = None;
    for &m in &fitting {
        let Move::Normal { from, .. } = m else {
            chosen.push(m);
            continue;
        };
        if chosen.iter().any(|c| c.from() == Some(from)) {
            continue;
        }
        let plain = Move::Normal {
            from,
            to,
            promote: false,
        };
        let promoting = Move::Normal {
            from,
            to,
            promote: true,
        };
        let has = |x: Move| fitting.contains(&x);
        let pick = match mv.promotion {
            Promotion::Promote => has(promoting).then_some(promoting),
            Promotion::Decline | Promotion::DeclineShort => has(plain).then_some(plain),
            Promotion::Unmarked => {
                if has(plain) {
                    Some(plain)
                } else {
                    has(promoting).then_some(promoting)
                }
            }
        };
        match pick {
            Some(p) => chosen.push(p),
            None => refused = Some((from, mv.promotion == Promotion::Promote)),
        }
    }
    match chosen.as_slice() {
        [m] => {
            if let Move::Normal { from, .. } = *m {
                promotion_warnings(piece, from, to, mv, *m, warnings);
            }
            Ok(*m)
        }
        [] => Err(no_move(pos, mv, to, piece, refused)),
        several => Err(Fault::Ambiguous(several.to_vec())),
    }
}

/// The error for words that name no legal move.
fn no_move(
    pos: &Position,
    mv: &KifMove,
    to: Square,
    piece: Piece,
    refused: Option<(Square, bool)>,
) -> Fault {
    // A piece fits the words but not the promotion word.
    if let Some((from, promote)) = refused {
        let rule = pos
            .check_move(Move::Normal { from, to, promote })
            .err()
            .unwrap_or(if promote {
                Rule::PromotionNotAllowed
            } else {
                Rule::ForcedPromotion
            });
        let description = move_words(piece, from, to);
        return Fault::Missing(Box::new(move |candidates| MoveError::Illegal {
            rule,
            description,
            candidates,
        }));
    }
    let side = pos.side_to_move();
    let drop = Move::Drop { kind: mv.piece, to };
    if mv.relative.drop {
        let rule = pos.check_move(drop).err().unwrap_or(Rule::NotInHand);
        let description = format!("a {piece} dropped on {}", square_text(to));
        return Fault::Missing(Box::new(move |candidates| MoveError::Illegal {
            rule,
            description,
            candidates,
        }));
    }
    let words = mv.relative.side.is_some() || mv.relative.motion.is_some();
    if words && !Relative::NONE.candidates(pos, to, mv.piece).is_empty() {
        let description = format!(
            "no {piece} {} can move to {}",
            words_text(mv.relative),
            square_text(to)
        );
        return Fault::Missing(Box::new(move |candidates| MoveError::NoPiece {
            description,
            candidates,
        }));
    }
    if let Some(own) = pos.piece_at(to).filter(|p| p.color == side) {
        let description = format!("a {piece} to {} (it holds a {own})", square_text(to));
        return Fault::Missing(Box::new(move |candidates| MoveError::Illegal {
            rule: Rule::OwnPiece,
            description,
            candidates,
        }));
    }
    // A piece of the kind that could get there but for a rule.
    let promote = mv.promotion == Promotion::Promote;
    let blocked = pos
        .squares_of(piece)
        .map(|from| {
            let rule = match pos.check_move(Move::Normal { from, to, promote }) {
                Err(Rule::ForcedPromotion) if mv.promotion == Promotion::Unmarked => pos
                    .check_move(Move::Normal {
                        from,
                        to,
                        promote: true,
                    })
                    .err(),
                other => other.err(),
            };
            (from, rule)
        })
        .find(|(_, rule)| rule.is_some_and(|r| r != Rule::Movement));
    if let Some((from, Some(rule))) = blocked {
        let description = move_words(piece, from, to);
        return Fault::Missing(Box::new(move |candidates| MoveError::Illegal {
            rule,
            description,
            candidates,
        }));
    }
    if !words
        && mv.piece.is_hand_kind()
        && pos.hand(side).contains(mv.piece)
        && let Err(rule) = pos.check_move(drop)
    {
        let description = format!("a {piece} dropped on {}", square_text(to));
        return Fault::Missing(Box::new(move |candidates| MoveError::Illegal {
            rule,
            description,
            candidates,
        }));
    }
    let description = if mv.piece.is_hand_kind() {
        format!(
            "no {piece} can move to {}, and none is in hand",
            square_text(to)
        )
    } else {
        format!("no {piece} can move to {}", square_text(to))
    };
    Fault::Missing(Box::new(move |candidates| MoveError::NoPiece {
        description,
        candidates,
    }))
}

/// The moves the user may have meant, written in `style`: the legal moves to `to` of a piece
/// of the written kind in either promotion state, or a drop of it; else the legal moves written
/// within edit distance 1 of `mv`; at most six, none when there are more.
fn near(
    pos: &Position,
    previous: Option<Move>,
    mv: &KifMove,
    to: Square,
    style: Style,
    quick: bool,
) -> Vec<String> {
    if quick {
        return Vec::new();
    }
    let base = mv.piece.unpromote();
    let legal = pos.legal_moves();
    let mut same: Vec<Move> = legal
        .iter()
        .copied()
        .filter(|&m| {
            m.to() == to
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
        return if same.len() <= 6 {
            same.iter()
                .map(|&m| style.write(pos, previous, m))
                .collect()
        } else {
            Vec::new()
        };
    }
    let wanted: Vec<char> = mv.to_string().chars().collect();
    let near: Vec<String> = legal
        .iter()
        .map(|&m| style.write(pos, previous, m))
        .filter(|w| edit_distance(&w.chars().collect::<Vec<_>>(), &wanted) <= 1)
        .collect();
    if near.len() <= 6 { near } else { Vec::new() }
}
