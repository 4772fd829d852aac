//! Finding the legal move a descriptive move names.
//!
//! Which piece: the piece of the kind on the named file; with two like pieces there, the one the
//! marker names. Where it goes: forward or back by the steps of a straight mover, sideways to the
//! named file, or for a diagonal mover forward or back to the named file. The move is then
//! checked against the rules, and a move that fits no legal move, or several, is an error that
//! lists the legal moves the user may have meant.
//!
//! Lenient forms, each accepted with a warning (the code in brackets):
//!
//! - the plain file digit for one of two like pieces on a file, when only one of them can make
//!   the move, as Fairy-Stockfish writes it (`H5+6`) [`tandem-file-digit`; not under the
//!   `wxr2018` dialect, whose spelling it is];
//! - a tandem marker without the file when pawns are doubled on two files and only one of the
//!   front (or rear) pawns can make the move [`tandem-file-missing`];
//! - a marker for advisors or elephants, which never need one [`redundant-marker`];
//! - the marker before the letter (`+C.5`; DPXQ's form, so with four or five pawns on a file
//!   `+P` and `-P` are the foremost and rearmost, as 前 and 后) [`marker-before-letter`];
//! - the 2018-rules ordinal form (`15=6`) [`wxr2018-form`];
//! - lowercase letters [`lowercase-letter`], full-width characters [`full-width`], letter
//!   aliases [`letter-alias`], a sideways sign other than the profile's or none
//!   [`sideways-sign`], a check sign after the move [`check-sign`].

use notation_traits::{MoveError, Resolved, Rule, Warning};
use xiangqi_board::{Color, File, Move, Piece, PieceKind, Position, Square};

use crate::syntax::{Direction, Marker, PieceSpec, WxfMove};
use crate::tandem::Stacks;
use crate::{Dialect, Wxf};

/// The point a piece of `kind` on `from` reaches by `direction` and `number`, if the move has a
/// shape the piece can make at all.
pub(crate) fn target(
    from: Square,
    kind: PieceKind,
    color: Color,
    direction: Direction,
    number: u8,
) -> Option<Square> {
    let forward = match color {
        Color::Red => 1,
        Color::Black => -1,
    };
    let (ff, fr) = (from.file().index() as i32, from.rank().index() as i32);
    if kind.moves_straight() {
        match direction {
            Direction::Advance => Square::from_coords(ff, fr + forward * number as i32),
            Direction::Retreat => Square::from_coords(ff, fr - forward * number as i32),
            Direction::Traverse => {
                let tf = File::from_wxf_number(number, color)?.index() as i32;
                (tf != ff).then(|| Square::from_coords(tf, fr)).flatten()
            }
        }
    } else {
        let sign = match direction {
            Direction::Advance => forward,
            Direction::Retreat => -forward,
            Direction::Traverse => return None,
        };
        let tf = File::from_wxf_number(number, color)?.index() as i32;
        let df = (tf - ff).abs();
        let dr = match (kind, df) {
            (PieceKind::Advisor, 1) => 1,
            (PieceKind::Elephant, 2) => 2,
            (PieceKind::Horse, 1) => 2,
            (PieceKind::Horse, 2) => 1,
            _ => return None,
        };
        Square::from_coords(tf, fr + sign * dr)
    }
}

fn plural(kind: PieceKind) -> String {
    format!("{}s", kind.name())
}

pub(crate) fn count_word(n: usize) -> &'static str {
    match n {
        2 => "two",
        3 => "three",
        4 => "four",
        5 => "five",
        _ => "several",
    }
}

/// The move in words, the piece named by its file as descriptive notation counts files (from
/// the mover's right, WXF rules) with the point's coordinate after it: `the red horse on file 2
/// (h0) to f1`, `the black pawn on file 7 (g2)`.
pub(crate) fn in_words(pos: &Position, from: Square, to: Option<Square>) -> String {
    let (piece, file) = match pos.piece_at(from) {
        Some(p) => (p.to_string(), from.file().wxf_number(p.color)),
        None => (
            "piece".to_owned(),
            from.file().wxf_number(pos.side_to_move()),
        ),
    };
    match to {
        Some(to) => format!("the {piece} on file {file} ({from}) to {to}"),
        None => format!("the {piece} on file {file} ({from})"),
    }
}

impl Wxf {
    pub(crate) fn resolve_move(
        &self,
        pos: &Position,
        mv: &WxfMove,
    ) -> Result<Resolved<Move>, MoveError> {
        let color = pos.side_to_move();
        let kind = mv.piece.kind();
        let stacks = Stacks::new(pos, color, kind);
        let piece = Piece::new(color, kind);
        let mut warnings = self.spelling_warnings(mv);
        // Origins the text can mean, and the warning that applies when one of several is chosen
        // because only it can make the move.
        let mut origins: Vec<Square> = Vec::with_capacity(2);
        let mut pick_warning: Option<Warning> = None;
        match mv.piece {
            PieceSpec::OnFile { file, .. } => {
                let f = file_index(file, color);
                let on = stacks.on(f);
                match (kind, on.len()) {
                    (_, 0) => {
                        return Err(self.no_piece(pos, mv, format!("no {piece} on file {file}")));
                    }
                    (_, 1) => origins.push(on[0]),
                    (PieceKind::Advisor | PieceKind::Elephant, _) => origins.extend(on),
                    (PieceKind::Pawn, 3) => origins.push(on[1]),
                    (PieceKind::Pawn, 5) => origins.push(on[2]),
                    // Fairy-Stockfish's own spelling under the 2018 rules: no warning there.
                    (_, _) if self.dialect == Dialect::Wxr2018 => origins.extend(on),
                    (_, n) => {
                        origins.extend(on);
                        pick_warning = Some(Warning::new(
                            "tandem-file-digit",
                            format!(
                                "{} {} stand on file {file}: the file digit names the one that can make the move",
                                count_word(n),
                                plural_piece(piece)
                            ),
                        ));
                    }
                }
            }
            PieceSpec::Tandem { marker, .. } => {
                // The marker before the letter (DPXQ's `+P=6`) is 前/后 as in Chinese: the
                // foremost and rearmost pawn of four or five, where the WXF page's `P+`/`P-`
                // is the second from the front or back.
                let extreme = mv.spelling.marker_before
                    && kind == PieceKind::Pawn
                    && stacks.files_with(4).next().is_some();
                if mv.spelling.marker_before {
                    let mut read = mv.clone();
                    if extreme {
                        read.piece = PieceSpec::PawnExtreme {
                            marker: if marker == Marker::Front {
                                Marker::Foremost
                            } else {
                                Marker::Rearmost
                            },
                        };
                    }
                    read.spelling.marker_before = false;
                    warnings.push(Warning::new(
                        "marker-before-letter",
                        format!("tandem marker before the letter read as `{read}`"),
                    ));
                }
                if matches!(kind, PieceKind::Advisor | PieceKind::Elephant) {
                    warnings.push(Warning::new(
                        "redundant-marker",
                        format!(
                            "{} need no tandem marker: the direction tells them apart",
                            plural(kind)
                        ),
                    ));
                }
                if marker == Marker::Middle && self.dialect != Dialect::Xqbase {
                    warnings.push(Warning::new(
                        "xqbase-form",
                        format!("`{mv}` names the middle pawn as xqbase writes it"),
                    ));
                }
                for f in stacks.files_with(2) {
                    let on = stacks.on(f);
                    let n = on.len();
                    let i = match (marker, n) {
                        (Marker::Middle, 3) => 1,
                        (Marker::Middle, 5) => 2,
                        (Marker::Middle, _) => continue,
                        (Marker::Front, _) if extreme => 0,
                        (_, _) if extreme => n - 1,
                        (Marker::Front, 2 | 3) => 0,
                        (Marker::Front, _) => 1,
                        (_, 2 | 3) => n - 1,
                        (_, _) => n - 2,
                    };
                    origins.push(on[i]);
                }
                if origins.is_empty() {
                    return Err(self.no_piece(
                        pos,
                        mv,
                        if marker == Marker::Middle {
                            format!(
                                "no three or five {} stand on one file: `{mv}` names a middle one",
                                plural_piece(piece)
                            )
                        } else {
                            format!("no two {} stand on one file", plural_piece(piece))
                        },
                    ));
                }
                if origins.len() > 1 {
                    pick_warning = Some(Warning::new(
                        "tandem-file-missing",
                        format!(
                            "{} are doubled on several files: the one that can make the move was taken",
                            plural_piece(piece)
                        ),
                    ));
                }
            }
            PieceSpec::PawnExtreme { marker } => {
                for f in stacks.files_with(4) {
                    let on = stacks.on(f);
                    origins.push(if marker == Marker::Foremost {
                        on[0]
                    } else {
                        on[on.len() - 1]
                    });
                }
                if origins.is_empty() {
                    return Err(self.no_piece(
                        pos,
                        mv,
                        format!("no four or five {} stand on one file", plural_piece(piece)),
                    ));
                }
            }
            PieceSpec::PawnOnFile {
                file,
                marker: Marker::Middle,
            } if self.dialect == Dialect::Wxr2018 => {
                // `33` in the 2018 rules: the third pawn from the front on file 3. When the file
                // has no such pawn but a middle one, the text can only mean the WXF page's
                // middle pawn.
                match (
                    ordinal_origin(&stacks, file, file, color),
                    middle_origin(&stacks, file, color),
                ) {
                    (Some(sq), _) => origins.push(sq),
                    (None, Some(sq)) => {
                        origins.push(sq);
                        warnings.push(Warning::new(
                            "wxf-form",
                            format!(
                                "`{mv}` read as the middle pawn, as the WXF page writes it: file {file} holds no pawn number {file} from the front"
                            ),
                        ));
                    }
                    (None, None) => {
                        return Err(self.no_piece(
                            pos,
                            mv,
                            format!("file {file} holds no pawn number {file} from the front"),
                        ));
                    }
                }
            }
            PieceSpec::PawnOnFile { file, marker } => {
                let on = stacks.on(file_index(file, color));
                let n = on.len();
                let i = match (marker, n) {
                    (_, 0 | 1) => {
                        return Err(self.no_piece(
                            pos,
                            mv,
                            format!("no doubled {} on file {file}", plural_piece(piece)),
                        ));
                    }
                    (Marker::Front, _) => 0,
                    (Marker::Rear, _) => n - 1,
                    (_, 3) => 1,
                    (_, 5) => 2,
                    // Two equal digits with no middle pawn on the file can only be the 2018
                    // rules' ordinal (`11`: the first pawn from the front of file 1), as
                    // Fairy-Stockfish writes it.
                    (_, n) if usize::from(file) <= n => {
                        warnings.push(Warning::new(
                            "wxr2018-form",
                            format!(
                                "`{mv}` read by the 2018 World Xiangqi Rules (pawn number {file} from the front): file {file} holds {} {} and no middle one",
                                count_word(n),
                                plural_piece(piece)
                            ),
                        ));
                        usize::from(file) - 1
                    }
                    (_, n) => {
                        return Err(self.no_piece(
                            pos,
                            mv,
                            format!(
                                "file {file} holds {} {}: there is no middle one",
                                count_word(n),
                                plural_piece(piece)
                            ),
                        ));
                    }
                };
                origins.push(on[i]);
            }
            PieceSpec::PawnOrdinal { ordinal, file } => {
                let Some(sq) = ordinal_origin(&stacks, ordinal, file, color) else {
                    return Err(self.no_piece(
                        pos,
                        mv,
                        format!(
                            "file {file} holds {} {}: there is no pawn number {ordinal} from the front",
                            stacks.on(file_index(file, color)).len(),
                            plural_piece(piece)
                        ),
                    ));
                };
                origins.push(sq);
                if self.dialect != Dialect::Wxr2018 {
                    warnings.push(Warning::new(
                        "wxr2018-form",
                        format!("`{mv}` is the 2018 World Xiangqi Rules form (Fairy-Stockfish)"),
                    ));
                }
            }
            PieceSpec::PawnAcross { ordinal } => {
                let mut all = Vec::new();
                for file in 1..=9 {
                    let on = stacks.on(file_index(file, color));
                    if on.len() >= 2 {
                        all.extend_from_slice(on);
                    }
                }
                let Some(&sq) = all.get(usize::from(ordinal).saturating_sub(1)) else {
                    return Err(self.no_piece(
                        pos,
                        mv,
                        format!(
                            "no {piece} number {ordinal} among the {} doubled {} (xqbase counting)",
                            all.len(),
                            plural_piece(piece)
                        ),
                    ));
                };
                origins.push(sq);
                if self.dialect != Dialect::Xqbase {
                    warnings.push(Warning::new(
                        "xqbase-form",
                        format!("`{mv}` counts pawns over all doubled files, as xqbase writes it"),
                    ));
                }
            }
        }
        let resolved = self.choose(pos, mv, &origins, pick_warning, warnings)?;
        Ok(self.with_collision_warning(pos, mv, &stacks, resolved))
    }

    /// `33.4` is the middle pawn of file 3 by the WXF page and the third pawn by the 2018 rules:
    /// when both readings are legal moves and differ, the selected dialect decided, with a
    /// warning.
    fn with_collision_warning(
        &self,
        pos: &Position,
        mv: &WxfMove,
        stacks: &Stacks,
        mut resolved: Resolved<Move>,
    ) -> Resolved<Move> {
        if self.declared {
            return resolved;
        }
        let PieceSpec::PawnOnFile {
            file,
            marker: Marker::Middle,
        } = mv.piece
        else {
            return resolved;
        };
        let color = pos.side_to_move();
        let (other, name, chosen) = if self.dialect == Dialect::Wxr2018 {
            (
                middle_origin(stacks, file, color),
                "the WXF page",
                "the 2018 rules",
            )
        } else {
            (
                ordinal_origin(stacks, file, file, color),
                "the 2018 rules",
                "the WXF page",
            )
        };
        let other_move = other.and_then(|from| {
            let to = target(from, PieceKind::Pawn, color, mv.direction, mv.number)?;
            let m = Move::new(from, to);
            pos.is_legal(m).then_some(m)
        });
        if let Some(m) = other_move.filter(|&m| m != resolved.mv) {
            resolved.warnings.push(Warning::new(
                "dialect-collision",
                format!(
                    "`{mv}` is {} by {chosen} but {m} by {name}; read by {chosen} (--dialect decides)",
                    resolved.mv
                ),
            ));
            resolved.alternatives.push(m);
        }
        resolved
    }

    fn choose(
        &self,
        pos: &Position,
        mv: &WxfMove,
        origins: &[Square],
        pick_warning: Option<Warning>,
        warnings: Vec<Warning>,
    ) -> Result<Resolved<Move>, MoveError> {
        let request = Request {
            kind: mv.piece.kind(),
            direction: mv.direction,
            number: mv.number,
            shown: mv,
        };
        let write = |p: &Position, m: Move| self.write(p, m);
        choose(
            pos,
            &request,
            origins,
            (pick_warning, warnings),
            &write,
            !self.quick,
        )
    }

    fn no_piece(&self, pos: &Position, mv: &WxfMove, description: String) -> MoveError {
        MoveError::NoPiece {
            description,
            candidates: if self.quick {
                Vec::new()
            } else {
                near_candidates(pos, &mv.to_string(), &|p, m| self.write(p, m))
            },
        }
    }

    fn spelling_warnings(&self, mv: &WxfMove) -> Vec<Warning> {
        let sp = &mv.spelling;
        let mut w = Vec::new();
        if sp.lowercase {
            w.push(Warning::new(
                "lowercase-letter",
                format!("lowercase read as `{mv}`"),
            ));
        }
        if sp.fullwidth {
            w.push(Warning::new(
                "full-width",
                format!("full-width characters read as `{mv}`"),
            ));
        }
        if sp.alias {
            w.push(Warning::new(
                "letter-alias",
                format!(
                    "`{}` is an alias; the {} letter is `{}`",
                    sp.letter,
                    self.language_name(),
                    self.language().letter(mv.piece.kind())
                ),
            ));
        }
        if mv.direction == Direction::Traverse && sp.sideways != self.sideways_sign() {
            let written = sp
                .sideways
                .map_or_else(|| "no sign".to_owned(), |c| format!("`{c}`"));
            let expected = self
                .sideways_sign()
                .map_or_else(|| "no sign".to_owned(), |c| format!("`{c}`"));
            w.push(Warning::new(
                "sideways-sign",
                format!("sideways written with {written} where {expected} is expected"),
            ));
        }
        if !sp.trailing.is_empty() {
            w.push(Warning::new(
                "check-sign",
                format!(
                    "`{}` after the move ignored: descriptive notation does not mark check",
                    sp.trailing
                ),
            ));
        }
        w
    }
}

pub(crate) fn plural_piece(piece: Piece) -> String {
    format!("{} {}s", piece.color, piece.kind)
}

pub(crate) fn file_index(file: u8, color: Color) -> usize {
    File::from_wxf_number(file, color).map_or(0, |f| f.index() as usize)
}

/// What a descriptive move asks for once its piece is found: the kind, the direction and the
/// number, and the move as the user should see it in messages.
pub(crate) struct Request<'a> {
    pub(crate) kind: PieceKind,
    pub(crate) direction: Direction,
    pub(crate) number: u8,
    /// The move as the user wrote it, for messages (written only when one is built).
    pub(crate) shown: &'a dyn std::fmt::Display,
}

/// Writes a legal move in the notation whose candidates are listed.
pub(crate) type Speller<'a> = &'a dyn Fn(&Position, Move) -> String;

/// Picks the one origin whose move is legal; an error lists the legal moves the text may mean,
/// spelt by `write`: the candidates of an ambiguity, and with `near` the legal moves spelt
/// nearly as the text for an illegal one (the costly part: every legal move is written).
/// `warnings` are the pick warning (given when several origins were weighed) and the others.
pub(crate) fn choose(
    pos: &Position,
    request: &Request<'_>,
    origins: &[Square],
    (pick_warning, mut warnings): (Option<Warning>, Vec<Warning>),
    write: Speller<'_>,
    near: bool,
) -> Result<Resolved<Move>, MoveError> {
    let color = pos.side_to_move();
    let shown = request.shown;
    let mut legal: Vec<Move> = Vec::with_capacity(1);
    let mut first_error: Option<(Rule, String)> = None;
    for &from in origins {
        match target(from, request.kind, color, request.direction, request.number) {
            None => {
                first_error.get_or_insert_with(|| {
                    (
                        Rule::Movement,
                        format!("{} by `{shown}`", in_words(pos, from, None)),
                    )
                });
            }
            Some(to) => {
                let m = Move::new(from, to);
                match pos.check_move(m) {
                    Ok(()) => legal.push(m),
                    Err(rule) => {
                        first_error.get_or_insert_with(|| (rule, in_words(pos, from, Some(to))));
                    }
                }
            }
        }
    }
    match legal.as_slice() {
        [m] => {
            if origins.len() > 1 {
                warnings.extend(pick_warning);
            }
            Ok(Resolved::new(*m, warnings))
        }
        [] => {
            let (rule, description) = first_error.unwrap_or((Rule::Movement, format!("`{shown}`")));
            Err(MoveError::Illegal {
                rule,
                description,
                candidates: if near {
                    near_candidates(pos, &shown.to_string(), write)
                } else {
                    Vec::new()
                },
            })
        }
        several => {
            let piece = Piece::new(color, request.kind);
            let mut candidates: Vec<String> = several.iter().map(|&m| write(pos, m)).collect();
            candidates.sort();
            Err(MoveError::Ambiguous {
                description: format!(
                    "{} {} can make the move `{shown}`",
                    count_word(several.len()),
                    plural_piece(piece)
                ),
                candidates,
            })
        }
    }
}

/// Legal moves whose spelling by `write` is within edit distance 1 (else 2) of `text`, ignoring
/// sideways signs; at most six.
pub(crate) fn near_candidates(pos: &Position, text: &str, write: Speller<'_>) -> Vec<String> {
    let key = |s: &str| -> Vec<char> { s.chars().filter(|&c| c != '.' && c != '=').collect() };
    let wanted = key(text);
    // No legal move is spelt within two edits of a long text.
    if wanted.len() > 24 {
        return Vec::new();
    }
    let written: Vec<(usize, String)> = pos
        .legal_moves()
        .iter()
        .map(|&m| {
            let w = write(pos, m);
            (notation_traits::edit_distance(&key(&w), &wanted), w)
        })
        .collect();
    for limit in 1..=2 {
        let near: Vec<String> = written
            .iter()
            .filter(|(d, _)| *d <= limit)
            .map(|(_, w)| w.clone())
            .collect();
        if !near.is_empty() {
            return if near.len() <= 6 { near } else { Vec::new() };
        }
    }
    Vec::new()
}

/// The `ordinal`-th pawn from the front on the mover's file `file`.
fn ordinal_origin(stacks: &Stacks, ordinal: u8, file: u8, color: Color) -> Option<Square> {
    stacks
        .on(file_index(file, color))
        .get(usize::from(ordinal).checked_sub(1)?)
        .copied()
}

/// The middle pawn of three or five on the mover's file `file`.
fn middle_origin(stacks: &Stacks, file: u8, color: Color) -> Option<Square> {
    let on = stacks.on(file_index(file, color));
    match on.len() {
        3 => Some(on[1]),
        5 => Some(on[2]),
        _ => None,
    }
}
