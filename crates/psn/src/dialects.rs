//! What some writers put in a game beyond single moves, brought to the common form before the
//! moves are checked ([`crate::PsnGame::new`] runs these on the record the text reader gave):
//!
//! - Shogidokoro's and MyShogi's variation blocks: after the main line, a line `Variation:N`,
//!   then moves numbered from ply `N` that replace ply `N` of the line read last (or of the
//!   line it branched from, when `N` lies before its branch point). They become variations of
//!   the move they replace, as `( ... )` gives them.
//! - `~` for a line break inside `{}` comments (Eric Cheymol's annotated MacShogi files).
//! - MacShogi's and gshogi's capture shorthand `xL`, `Sx`, `Sx+`, `x+R`: the piece captures
//!   on the square the previous move went to. The move is rewritten with that square
//!   (`Lx1d`), with a `capture-shorthand` warning.
//! - The `[FEN]` position of the 1998 PSN draft ([`old_fen_to_sfen`]).
//!
//! Rule: docs/research/shogi-psn.md, 1.3 (comments, variations), 1.4 (MacShogi
//! shorthand), (a) 8, 17, 22; MyShogi `psn.cs` (`Variation:N`); Asgts `NotesFmtPsn.java`
//! (the `[FEN]` hand counts, in the order P L N S G B R, `T` for "the rest to Gote").

use notation_traits::{Diagnostic, Line, MoveEntry, RawGame, Severity, Span};
use shogi_board::{Move, PieceKind, Square};

use crate::parse::{capture_shorthand, parse};
use crate::syntax::Squares;

/// The ply a `Variation:N` marker names, if `entry` is one (`Variation:6`, any case), and
/// whether the number is in a separate token (`Variation: 6`).
fn variation_marker(entry: &MoveEntry<()>) -> Option<Option<u32>> {
    let text = entry.text.as_str();
    let (word, rest) = text.split_at(text.find(':')?);
    if !word.eq_ignore_ascii_case("Variation") {
        return None;
    }
    let number = &rest[1..];
    if number.is_empty() {
        return Some(None);
    }
    number.parse().ok().map(Some)
}

/// The line at `addr` (pairs of move index and variation index from the main line).
fn line_at<'a>(main: &'a mut Line<()>, addr: &[(usize, usize)]) -> Option<&'a mut Line<()>> {
    let mut line = main;
    for &(i, v) in addr {
        line = line.moves.get_mut(i)?.variations.get_mut(v)?;
    }
    Some(line)
}

/// One `Variation:N` block: the ply it replaces, where its marker stands, the comments after
/// the marker, its moves.
struct Block {
    ply: u32,
    span: Span,
    comments: Vec<String>,
    moves: Vec<MoveEntry<()>>,
}

/// A line on the path read last: its address (see [`line_at`]), its first ply, its length.
type PathLine = (Vec<(usize, usize)>, u32, u32);

/// The deepest nesting of `Variation:N` blocks kept as variations, as for `(...)` variations
/// in the PGN-style reader.
const MAX_BLOCK_DEPTH: usize = 32;

/// Turns Shogidokoro's `Variation:N` blocks at the end of the main line into variations.
pub(crate) fn variation_blocks(raw: &mut RawGame) {
    let main = &mut raw.record.main;
    if !main.moves.iter().any(|m| variation_marker(m).is_some()) {
        return;
    }
    let moves = std::mem::take(&mut main.moves);
    let mut blocks: Vec<Block> = Vec::new();
    let mut iter = moves.into_iter().peekable();
    while let Some(entry) = iter.next() {
        let Some(number) = variation_marker(&entry) else {
            match blocks.last_mut() {
                Some(b) => b.moves.push(entry),
                None => main.moves.push(entry),
            }
            continue;
        };
        let mut comments = entry.comments;
        let mut span = entry.span;
        let ply = match number {
            Some(n) => Some(n),
            // `Variation: 6`: the number is the next token.
            None => match iter.peek().map(|m| m.text.parse::<u32>()) {
                Some(Ok(n)) => {
                    if let Some(next) = iter.next() {
                        span.end = next.span.end;
                        comments.extend(next.comments);
                    }
                    Some(n)
                }
                _ => None,
            },
        };
        match ply {
            Some(ply) => blocks.push(Block {
                ply,
                span,
                comments,
                moves: Vec::new(),
            }),
            None => {
                raw.diagnostics.push(
                    Diagnostic::new(
                        Severity::Error,
                        "bad-variation",
                        format!("`{}`: expected `Variation:N` with a ply number", entry.text),
                    )
                    .at(span),
                );
                main.moves.push(MoveEntry {
                    comments,
                    ..MoveEntry::new((), entry.text, span)
                });
            }
        }
    }
    if blocks.is_empty() {
        return;
    }
    let first = main
        .moves
        .first()
        .and_then(|m| m.number)
        .map_or(1, |n| n.value);
    // The lines of the path read last: address, first ply, number of moves.
    let mut path: Vec<PathLine> = vec![(Vec::new(), first, main.moves.len() as u32)];
    for block in blocks {
        let found = path
            .iter()
            .rposition(|(_, start, len)| *start <= block.ply && block.ply < start + len);
        // Nested deeper than a PGN variation may be: kept as a comment, so that neither the
        // addresses here nor the code that walks the tree grow with the input.
        let too_deep = found.is_some_and(|j| path[j].0.len() >= MAX_BLOCK_DEPTH);
        let Some(j) = found.filter(|_| !too_deep) else {
            let text: Vec<String> = block
                .moves
                .iter()
                .map(|m| match m.number {
                    Some(n) => format!("{}.{}", n.value, m.text),
                    None => m.text.clone(),
                })
                .collect();
            let diagnostic = if too_deep {
                Diagnostic::new(
                    Severity::Error,
                    "variation-too-deep",
                    format!(
                        "`Variation:{}` would nest variations more than {MAX_BLOCK_DEPTH} levels deep: its moves are kept as a comment",
                        block.ply
                    ),
                )
            } else {
                Diagnostic::new(
                    Severity::Error,
                    "bad-variation",
                    format!(
                        "`Variation:{}` replaces no move of the line before it: its moves are kept as a comment",
                        block.ply
                    ),
                )
            };
            raw.diagnostics.push(diagnostic.at(block.span));
            let comment = format!("Variation:{} {}", block.ply, text.join(" "));
            match main.moves.last_mut() {
                Some(m) => m.comments.push(comment),
                None => main.comments.push(comment),
            }
            continue;
        };
        path.truncate(j + 1);
        let (addr, start, _) = path[j].clone();
        let index = (block.ply - start) as usize;
        let len = block.moves.len() as u32;
        let Some(entry) = line_at(main, &addr).and_then(|l| l.moves.get_mut(index)) else {
            continue;
        };
        entry.variations.push(Line {
            comments: block.comments,
            moves: block.moves,
        });
        let mut addr = addr;
        addr.push((index, entry.variations.len() - 1));
        path.push((addr, block.ply, len));
    }
}

/// `~` in a comment is a line break (Cheymol's files).
pub(crate) fn tilde_line_breaks(raw: &mut RawGame) {
    fn comments(list: &mut [String]) {
        for c in list {
            if c.contains('~') {
                *c = c.replace('~', "\n");
            }
        }
    }
    fn line(l: &mut Line<()>) {
        comments(&mut l.comments);
        for m in &mut l.moves {
            comments(&mut m.comments);
            for v in &mut m.variations {
                line(v);
            }
        }
    }
    line(&mut raw.record.main);
    comments(&mut raw.record.trailing_comments);
}

/// The square a move as written goes to: a PSN move, else a USI move.
fn destination(text: &str) -> Option<Square> {
    parse(text)
        .ok()
        .map(|m| m.to)
        .or_else(|| text.parse::<Move>().ok().map(|m| m.to()))
}

/// Rewrites the capture shorthand (`xL`, `Sx+`) with the previous move's square.
pub(crate) fn capture_shorthands(raw: &mut RawGame) {
    fn walk(line: &mut Line<()>, before: Option<Square>, diagnostics: &mut Vec<Diagnostic>) {
        // The square the move before move `i` went to, read only where a shorthand or a
        // variation needs it (reading every move's text for it cost as much as a parse).
        let prev = |moves: &[MoveEntry<()>], i: usize| match i {
            0 => before,
            _ => destination(&moves[i - 1].text),
        };
        for i in 0..line.moves.len() {
            if !line.moves[i].variations.is_empty() {
                let p = prev(&line.moves, i);
                for v in &mut line.moves[i].variations {
                    walk(v, p, diagnostics);
                }
            }
            let Some((piece, sign)) = capture_shorthand(&line.moves[i].text) else {
                continue;
            };
            let Some(sq) = prev(&line.moves, i) else {
                continue;
            };
            let text = format!("{piece}x{}{sign}", Squares::Letters.write(sq));
            let entry = &mut line.moves[i];
            diagnostics.push(
                Diagnostic::new(
                    Severity::Warning,
                    "capture-shorthand",
                    format!(
                        "`{}` captures on the previous move's square: read as `{text}`",
                        entry.text
                    ),
                )
                .at(entry.span)
                .with_text(entry.text.clone()),
            );
            entry.text = text;
        }
    }
    walk(&mut raw.record.main, None, &mut raw.diagnostics);
}

/// The hand kinds in the order of the `[FEN]` counts: P L N S G B R.
const FEN_ORDER: [PieceKind; 7] = [
    PieceKind::Pawn,
    PieceKind::Lance,
    PieceKind::Knight,
    PieceKind::Silver,
    PieceKind::Gold,
    PieceKind::Bishop,
    PieceKind::Rook,
];

/// How many of each kind a set has: 18 pawns, 4 lances, knights, silvers and golds, 2 bishops
/// and rooks.
const FULL_SET: [u32; 7] = [18, 4, 4, 4, 4, 2, 2];

/// The position of an old-style `[FEN]` tag (the 1998 PSN draft, as Asgts reads it) as an
/// SFEN: `board counts side [number]`.
///
/// - `board`: as in SFEN (`lnsgkgsnl/1r5b1/...`, `+` before a promoted piece);
/// - `counts`: Sente's pieces in hand as one digit per kind in the order P L N S G B R
///   (`0012001`: a knight, a silver, a rook), then `/`, then Gote's the same way, or `T` for
///   every piece that is neither on the board nor in Sente's hand (the tsume convention);
///   missing digits count 0, `-` is an empty hand;
/// - `side`: `s` (Sente, Black) or `g` (Gote, White) to move; `b` and `w` also;
/// - `number`: the move number (1 when absent).
///
/// # Errors
///
/// Why the text is not in that form.
///
/// # Examples
///
/// ```
/// use psn::old_fen_to_sfen;
///
/// let sfen = old_fen_to_sfen("8k/9/9/9/9/9/9/9/K8 0000011/T s 1")?;
/// assert_eq!(sfen, "8k/9/9/9/9/9/9/9/K8 b RBrb4g4s4n4l18p 1");
/// # Ok::<(), String>(())
/// ```
pub fn old_fen_to_sfen(value: &str) -> Result<String, String> {
    let parts: Vec<&str> = value.split_whitespace().collect();
    let (board, hand, side, number) = match parts.as_slice() {
        [b, h, s] => (*b, *h, *s, "1"),
        [b, h, s, n] => (*b, *h, *s, *n),
        _ => {
            return Err(format!(
                "expected `board counts side [number]` (4 fields at most), found {} field(s)",
                parts.len()
            ));
        }
    };
    let side = match side.to_ascii_lowercase().as_str() {
        "s" | "b" => 'b',
        "g" | "w" => 'w',
        _ => {
            return Err(format!(
                "expected `s` or `g` for the side to move, found `{side}`"
            ));
        }
    };
    if !number.bytes().all(|b| b.is_ascii_digit()) || number.is_empty() {
        return Err(format!("expected a move number, found `{number}`"));
    }
    let counts = |text: &str| -> Result<[u32; 7], String> {
        let mut out = [0; 7];
        if text == "-" || text.is_empty() {
            return Ok(out);
        }
        if text.len() > 7 {
            return Err(format!(
                "expected at most 7 counts (P L N S G B R), found `{text}`"
            ));
        }
        for (i, c) in text.chars().enumerate() {
            out[i] = c
                .to_digit(10)
                .ok_or_else(|| format!("expected a count digit, found `{c}` in `{text}`"))?;
        }
        Ok(out)
    };
    let (sente, gote) = hand.split_once('/').unwrap_or((hand, ""));
    let sente = counts(sente)?;
    let gote = if gote.eq_ignore_ascii_case("T") {
        // What is left of the set: the board's pieces (promoted ones by their base kind) and
        // Sente's hand are taken off.
        let mut rest = FULL_SET;
        for c in board.chars().filter(char::is_ascii_alphabetic) {
            let kind = PieceKind::from_letter(c)
                .ok_or_else(|| format!("expected a piece letter in the board, found `{c}`"))?;
            if let Some(i) = FEN_ORDER.iter().position(|&k| k == kind) {
                rest[i] = rest[i]
                    .checked_sub(1)
                    .ok_or_else(|| format!("the board has too many pieces of kind `{c}`"))?;
            }
        }
        for (i, n) in sente.iter().enumerate() {
            rest[i] = rest[i]
                .checked_sub(*n)
                .ok_or("Sente's hand and the board hold more pieces than a set")?;
        }
        rest
    } else {
        counts(gote)?
    };
    let mut hands = String::new();
    for (counts, upper) in [(sente, true), (gote, false)] {
        // SFEN's order: R B G S N L P.
        for i in (0..7).rev() {
            let n = counts[i];
            if n == 0 {
                continue;
            }
            if n > 1 {
                hands.push_str(&n.to_string());
            }
            let letter = FEN_ORDER[i].letter();
            hands.push(if upper {
                letter
            } else {
                letter.to_ascii_lowercase()
            });
        }
    }
    if hands.is_empty() {
        hands.push('-');
    }
    Ok(format!("{board} {side} {hands} {number}"))
}
