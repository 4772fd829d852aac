//! JKF's `relative`: the words of a printed record (KI2) that tell apart two pieces of one kind
//! able to reach the same square, as letters: `L` 左, `C` 直, `R` 右 (where the piece comes
//! from, seen by the mover), `U` 上, `M` 寄, `D` 引 (which way it moves), and `H` 打 for a
//! drop when a piece on the board could reach the square too.
//!
//! Written as the JSA orders them: a movement word (上 寄 引) when it alone tells the piece
//! apart, else a side word (左 直 右; no 直 for a dragon or horse, which take 左 or 右), else
//! both (`LU` 左上). Read by keeping the pieces each letter allows: `U` those moving forward,
//! `M` sideways, `D` back, `C` straight forward, then `L` the leftmost and `R` the rightmost of
//! those left.
//!
//! Rule: JSA, 棋譜の表記方法 (<https://www.shogi.or.jp/faq/kihuhyouki.html>); JKF's letters as
//! json-kifu-format's README gives them.

use shogi_board::{Color, Move, PieceKind, Position, Square};

/// `(file, rank)` of a square as numbers.
fn xy(sq: Square) -> (i32, i32) {
    (i32::from(sq.file().number()), i32::from(sq.rank().number()))
}

/// A displacement (to minus from, in file and rank numbers) seen by `color`: a negative `y`
/// moves forward, a positive `x` comes from the mover's right.
fn seen_by(color: Color, (x, y): (i32, i32)) -> (i32, i32) {
    match color {
        Color::Black => (x, y),
        Color::White => (-x, -y),
    }
}

/// The squares from which a piece of `kind` of the side to move can legally reach `to`.
pub(crate) fn origins(pos: &Position, kind: PieceKind, to: Square) -> Vec<Square> {
    let mut froms: Vec<Square> = pos
        .legal_moves_to(to)
        .iter()
        .filter_map(|m| m.from())
        .filter(|&f| pos.piece_at(f).is_some_and(|p| p.kind == kind))
        .collect();
    froms.sort_unstable();
    froms.dedup();
    froms
}

fn vertical(y: i32) -> char {
    match y.signum() {
        0 => 'M',
        1 => 'D',
        _ => 'U',
    }
}

fn side(x: i32) -> char {
    match x.signum() {
        0 => 'C',
        1 => 'R',
        _ => 'L',
    }
}

/// The `relative` of the legal move `mv` of `pos`: `None` where the square and the kind name
/// the piece already (or a drop no board piece could match).
pub(crate) fn relative(pos: &Position, mv: Move) -> Option<String> {
    let color = pos.side_to_move();
    let (from, to) = match mv {
        Move::Drop { kind, to } => {
            return (!origins(pos, kind, to).is_empty()).then(|| "H".to_owned());
        }
        Move::Normal { from, to, .. } => (from, to),
    };
    let kind = pos.piece_at(from)?.kind;
    let froms = origins(pos, kind, to);
    if froms.len() < 2 {
        return None;
    }
    let (tx, ty) = xy(to);
    let vector = |f: Square| {
        let (fx, fy) = xy(f);
        let (x, y) = seen_by(color, (tx - fx, ty - fy));
        (x.signum(), y.signum())
    };
    let vectors: Vec<(i32, i32)> = froms.iter().map(|&f| vector(f)).collect();
    let (rx, ry) = vector(from);
    if vectors.iter().filter(|v| v.1 == ry).count() == 1 {
        return Some(vertical(ry).to_string());
    }
    if vectors.iter().filter(|v| v.0 == rx).count() == 1 {
        if matches!(kind, PieceKind::Horse | PieceKind::Dragon) && rx == 0 {
            // No 直 for a dragon or horse: it is the left one if no other comes from the left.
            let other_from_left = vectors.iter().any(|v| v.0 < 0);
            return Some(side(if other_from_left { 1 } else { -1 }).to_string());
        }
        return Some(side(rx).to_string());
    }
    if rx == 0 {
        return Some("C".to_owned());
    }
    Some(format!("{}{}", side(rx), vertical(ry)))
}

/// The origins among `froms` (pieces of one kind that reach `to`) that `relative` allows.
pub(crate) fn select(pos: &Position, froms: &[Square], to: Square, relative: &str) -> Vec<Square> {
    let color = pos.side_to_move();
    let (tx, ty) = xy(to);
    let vector = |f: Square| {
        let (fx, fy) = xy(f);
        seen_by(color, (tx - fx, ty - fy))
    };
    let mut kept: Vec<Square> = froms
        .iter()
        .copied()
        .filter(|&f| {
            let (x, y) = vector(f);
            relative.chars().all(|c| match c {
                'U' => y < 0,
                'M' => y == 0,
                'D' => y > 0,
                'C' => x == 0 && y < 0,
                _ => true,
            })
        })
        .collect();
    if relative.contains('L') {
        let min = kept.iter().map(|&f| vector(f).0).min();
        kept.retain(|&f| Some(vector(f).0) == min);
    }
    if relative.contains('R') {
        let max = kept.iter().map(|&f| vector(f).0).max();
        kept.retain(|&f| Some(vector(f).0) == max);
    }
    kept
}

/// Whether a text is a `relative` JKF allows: `L C R`, `U M D`, `L`/`C`/`R` then `U`/`D`,
/// `L`/`R` then `M`, or `H`.
pub(crate) fn is_relative(text: &str) -> bool {
    matches!(
        text,
        "L" | "C"
            | "R"
            | "U"
            | "M"
            | "D"
            | "LU"
            | "CU"
            | "RU"
            | "LD"
            | "CD"
            | "RD"
            | "LM"
            | "RM"
            | "H"
    )
}

#[cfg(test)]
mod tests {
    use rstest::rstest;

    use super::*;

    #[rstest]
    // JSA 棋譜の表記方法: two golds on 69 and 49 reach 58: ５八金右 (from 49), ５八金左 (69).
    #[case::gold_right("4k4/9/9/9/9/9/9/9/3GKG3 b - 1", "4i5h", Some("R"))]
    #[case::gold_left("4k4/9/9/9/9/9/9/9/3GKG3 b - 1", "6i5h", Some("L"))]
    // Golds on 5i and 4h reach 5h: ５八金上 from 59, ５八金寄 from 48.
    #[case::up("4k4/9/9/9/9/9/9/5G3/K3G4 b - 1", "5i5h", Some("U"))]
    #[case::sideways("4k4/9/9/9/9/9/9/5G3/K3G4 b - 1", "4h5h", Some("M"))]
    // Silvers on 5i and 4i to 5h: 直 for the one straight behind it.
    #[case::straight("4k4/9/9/9/9/9/9/9/K3SS3 b - 1", "5i5h", Some("C"))]
    #[case::drop_beside_a_board_piece("4k4/9/9/9/9/9/9/9/K3G4 b G 1", "G*5h", Some("H"))]
    #[case::drop_alone("4k4/9/9/9/9/9/9/9/K8 b G 1", "G*5h", None)]
    #[case::one_piece(Position::START_SFEN, "7g7f", None)]
    fn relative_words(#[case] sfen: &str, #[case] usi: &str, #[case] word: Option<&str>) {
        let pos = Position::from_sfen(sfen).unwrap();
        let mv: Move = usi.parse().unwrap();
        assert!(pos.is_legal(mv));
        assert_eq!(relative(&pos, mv).as_deref(), word);
        if let (Some(word), Move::Normal { from, to, .. }) = (word, mv) {
            let kind = pos.piece_at(from).unwrap().kind;
            assert_eq!(select(&pos, &origins(&pos, kind, to), to, word), [from]);
        }
    }
}
