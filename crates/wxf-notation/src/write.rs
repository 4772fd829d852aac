//! Writing a legal move in canonical descriptive notation (the WXF page's rules).
//!
//! - Straight movers (king, chariot, cannon, pawn) give the number of steps going forward or
//!   back and the destination file going sideways; diagonal movers (advisor, elephant, horse)
//!   always give the destination file.
//! - Two chariots, horses, cannons or pawns on one file: `+` (front) or `-` (rear) after the
//!   letter, in place of the file digit. Advisors and elephants never take a marker (the
//!   direction tells the two apart).
//! - Three pawns on a file: `P+`, `P<file>` (the middle one), `P-`. Four: `++`, `P+`, `P-`, `--`.
//!   Five: `++`, `P+`, `P<file>`, `P-`, `--`.
//! - Pawns doubled on two files: the file digit replaces the letter: `7+`, `77` (middle), `7-`.
//!
//! Rule: WXF page "Official Xiangqi Piece Names and Notation", sections on tandem pieces and
//! the special cases for tandem pawns; the fixtures' `wxf_std` column follows it.

use xiangqi_board::{Color, Language, Move, Piece, PieceKind, Position, Square};

use crate::WxfStyle;
use crate::syntax::{Direction, Marker, PieceSpec, Spelling, WxfMove};
use crate::tandem::Stacks;

/// Whether going from rank `from` to rank `to` is forward for `color`.
fn is_forward(color: Color, from: u8, to: u8) -> bool {
    match color {
        Color::Red => to > from,
        Color::Black => to < from,
    }
}

/// The canonical syntax of the legal move `mv`.
pub(crate) fn describe(
    pos: &Position,
    mv: Move,
    language: Language,
    sideways: Option<char>,
    style: WxfStyle,
) -> WxfMove {
    let (from, to) = (mv.from(), mv.to());
    let piece = pos.piece_at(from).unwrap_or(xiangqi_board::Piece::new(
        pos.side_to_move(),
        PieceKind::King,
    ));
    let (color, kind) = (piece.color, piece.kind);
    let file = from.file().wxf_number(color);
    let spec = match kind {
        PieceKind::King | PieceKind::Advisor | PieceKind::Elephant => {
            PieceSpec::OnFile { kind, file }
        }
        PieceKind::Chariot | PieceKind::Horse | PieceKind::Cannon => {
            let stacks = Stacks::new(pos, color, kind);
            let (idx, count) = stacks.place(from);
            if count >= 2 && (style == WxfStyle::Wxf || fairy_marks(&stacks, mv, kind, color)) {
                let marker = if idx == 0 {
                    Marker::Front
                } else {
                    Marker::Rear
                };
                PieceSpec::Tandem { kind, marker }
            } else {
                PieceSpec::OnFile { kind, file }
            }
        }
        PieceKind::Pawn if style == WxfStyle::Wxr2018 => fairy_pawn_spec(pos, mv, color, file),
        PieceKind::Pawn => pawn_spec(pos, color, from, file),
    };
    let (direction, number) = if kind.moves_straight() && from.file() == to.file() {
        let (fr, tr) = (from.rank().index(), to.rank().index());
        let dir = if is_forward(color, fr, tr) {
            Direction::Advance
        } else {
            Direction::Retreat
        };
        (dir, fr.abs_diff(tr))
    } else if kind.moves_straight() {
        (Direction::Traverse, to.file().wxf_number(color))
    } else {
        let dir = if is_forward(color, from.rank().index(), to.rank().index()) {
            Direction::Advance
        } else {
            Direction::Retreat
        };
        (dir, to.file().wxf_number(color))
    };
    let letter = match spec {
        PieceSpec::OnFile { .. } | PieceSpec::Tandem { .. } => language.letter(kind),
        _ => '\0',
    };
    WxfMove {
        piece: spec,
        direction,
        number,
        spelling: Spelling {
            letter,
            sideways,
            ..Spelling::default()
        },
    }
}

fn pawn_spec(pos: &Position, color: Color, from: Square, file: u8) -> PieceSpec {
    let kind = PieceKind::Pawn;
    let stacks = Stacks::new(pos, color, kind);
    let (idx, count) = stacks.place(from);
    if count < 2 {
        return PieceSpec::OnFile { kind, file };
    }
    let last = count - 1;
    if stacks.files_with(2).count() >= 2 {
        let marker = match idx {
            0 => Marker::Front,
            i if i == last => Marker::Rear,
            _ => Marker::Middle,
        };
        return PieceSpec::PawnOnFile { file, marker };
    }
    let tandem = |marker| PieceSpec::Tandem { kind, marker };
    let extreme = |marker| PieceSpec::PawnExtreme { marker };
    match (count, idx) {
        (2 | 3, 0) => tandem(Marker::Front),
        (2 | 3, i) if i == last => tandem(Marker::Rear),
        (_, 0) => extreme(Marker::Foremost),
        (_, i) if i == last => extreme(Marker::Rearmost),
        (4 | 5, 1) => tandem(Marker::Front),
        (4 | 5, i) if i == last - 1 => tandem(Marker::Rear),
        // The middle pawn of three or five keeps the plain file digit.
        _ => PieceSpec::OnFile { kind, file },
    }
}

/// Fairy-Stockfish marks one of two like pieces on a file only when the other could make the
/// same displacement onto a point that piece may stand on, blockers ignored; otherwise it keeps
/// the file digit (`R5+4` for chariots on e1 and e8 moving e1e5).
///
/// Rule: Fairy-Stockfish `src/apiutil.h` (`disambiguation_level`), as its `wxf` column shows.
fn fairy_marks(stacks: &Stacks, mv: Move, kind: PieceKind, color: Color) -> bool {
    let from = mv.from();
    let on = stacks.on(from.file().index() as usize);
    let Some(&other) = on.iter().find(|&&sq| sq != from) else {
        return false;
    };
    let df = i32::from(mv.to().file().index()) - i32::from(from.file().index());
    let dr = i32::from(mv.to().rank().index()) - i32::from(from.rank().index());
    other.offset(df, dr).is_some_and(|sq| match kind {
        // Fairy-Stockfish's region for soldiers: every point from the own third rank on.
        PieceKind::Pawn => sq.rank().relative_to(color) >= 3,
        _ => Piece::new(color, kind).can_stand_on(sq),
    })
}

/// The 2018 World Xiangqi Rules pawn forms as Fairy-Stockfish writes them: with three or more
/// pawns on the file, or pawns doubled on two files, the ordinal from the front then the file
/// digit (`15`, `27`); two pawns alone on a file as the other pieces.
fn fairy_pawn_spec(pos: &Position, mv: Move, color: Color, file: u8) -> PieceSpec {
    let kind = PieceKind::Pawn;
    let stacks = Stacks::new(pos, color, kind);
    let (idx, count) = stacks.place(mv.from());
    if count >= 3 || (count == 2 && stacks.files_with(2).count() >= 2) {
        return PieceSpec::PawnOrdinal {
            ordinal: idx as u8 + 1,
            file,
        };
    }
    if count == 2 && fairy_marks(&stacks, mv, kind, color) {
        let marker = if idx == 0 {
            Marker::Front
        } else {
            Marker::Rear
        };
        return PieceSpec::Tandem { kind, marker };
    }
    PieceSpec::OnFile { kind, file }
}
