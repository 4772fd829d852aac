//! Move generation: tables computed at compile time, pseudo-legal generation per piece kind,
//! and the attack test that makes it legal.
//!
//! Rule (WXF rules, chapter 1, "The pieces and their moves"):
//! - king: one point orthogonally, inside the palace;
//! - advisor: one point diagonally, inside the palace;
//! - elephant: two points diagonally, on its own side of the river, the eye (middle point) empty;
//! - horse: one point orthogonally then one diagonally outward, the leg (first point) empty;
//! - chariot: any number of empty points orthogonally, capturing on the first occupied one;
//! - cannon: as the chariot without capturing; captures by jumping exactly one piece (the
//!   screen) onto the next occupied point;
//! - pawn: one point forward; after crossing the river also one point sideways;
//! - no move may leave one's own king attacked, and the two kings may not face each other on a
//!   file with no piece between them (flying general).

use crate::{Color, Move};

/// Board codes: 0 empty; Red king..pawn 1..7; Black 9..15 (bit 3 set).
pub(crate) const KING: u8 = 1;
pub(crate) const ADVISOR: u8 = 2;
pub(crate) const ELEPHANT: u8 = 3;
pub(crate) const HORSE: u8 = 4;
pub(crate) const CHARIOT: u8 = 5;
pub(crate) const CANNON: u8 = 6;
pub(crate) const PAWN: u8 = 7;
pub(crate) const BLACK_BIT: u8 = 8;

/// The colour bit of a side: 0 for Red, 8 for Black.
pub(crate) const fn color_bit(c: Color) -> u8 {
    match c {
        Color::Red => 0,
        Color::Black => BLACK_BIT,
    }
}

/// A fixed-capacity list of moves, filled by the generator without allocating.
///
/// 128 is more than any xiangqi position allows (at most 2 × 17 chariot moves, 2 × 17 cannon
/// moves, 2 × 8 horse, 2 × 4 elephant, 2 × 4 advisor, 4 king and 5 × 3 pawn moves: 119).
#[derive(Clone, Debug)]
pub struct MoveList {
    moves: [Move; 128],
    len: usize,
}

impl MoveList {
    pub(crate) fn new() -> MoveList {
        let null = Move::raw_null();
        MoveList {
            moves: [null; 128],
            len: 0,
        }
    }

    #[inline]
    pub(crate) fn push(&mut self, mv: Move) {
        self.moves[self.len] = mv;
        self.len += 1;
    }

    /// Empties the list (the slots are not cleared: a list reused from node to node costs
    /// nothing to start again).
    #[inline(always)]
    pub(crate) fn clear(&mut self) {
        self.len = 0;
    }

    /// The moves as a slice.
    pub fn as_slice(&self) -> &[Move] {
        &self.moves[..self.len]
    }

    /// The number of moves.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether there are no moves.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    #[inline]
    pub(crate) fn swap_remove(&mut self, i: usize) {
        self.len -= 1;
        self.moves[i] = self.moves[self.len];
    }

    #[inline]
    pub(crate) fn get(&self, i: usize) -> Move {
        self.moves[i]
    }
}

impl std::ops::Deref for MoveList {
    type Target = [Move];

    fn deref(&self) -> &[Move] {
        self.as_slice()
    }
}

impl<'a> IntoIterator for &'a MoveList {
    type Item = &'a Move;
    type IntoIter = std::slice::Iter<'a, Move>;

    fn into_iter(self) -> Self::IntoIter {
        self.as_slice().iter()
    }
}

/// Up to `N` (target, via) pairs: via is the leg or eye point that must be empty.
#[derive(Clone, Copy)]
pub(crate) struct Steps<const N: usize> {
    pub(crate) to: [u8; N],
    pub(crate) via: [u8; N],
    pub(crate) len: u8,
}

impl<const N: usize> Steps<N> {
    const EMPTY: Steps<N> = Steps {
        to: [0; N],
        via: [0; N],
        len: 0,
    };

    const fn with(mut self, to: u8, via: u8) -> Self {
        self.to[self.len as usize] = to;
        self.via[self.len as usize] = via;
        self.len += 1;
        self
    }
}

pub(crate) struct Tables {
    /// Horse moves from a point: (target, leg).
    pub(crate) horse: [Steps<8>; 90],
    /// Horses that attack a point: (horse's point, leg).
    pub(crate) horse_attackers: [Steps<8>; 90],
    /// Elephant moves from a point, on the same side of the river: (target, eye).
    pub(crate) elephant: [Steps<4>; 90],
    /// Advisor moves from a palace point (diagonal, inside the same palace).
    pub(crate) advisor: [Steps<4>; 90],
    /// King moves from a palace point (orthogonal, inside the same palace).
    pub(crate) king: [Steps<4>; 90],
    /// Number of points to the edge in each direction: north (+9), south (-9), east (+1),
    /// west (-1).
    pub(crate) ray_len: [[u8; 4]; 90],
}

/// Steps of the four directions, in the order of `ray_len`.
pub(crate) const DIR_STEP: [isize; 4] = [9, -9, 1, -1];

const fn sq(f: i32, r: i32) -> i32 {
    if f >= 0 && f < 9 && r >= 0 && r < 10 {
        r * 9 + f
    } else {
        -1
    }
}

const fn palace_of(f: i32, r: i32) -> i32 {
    if f >= 3 && f <= 5 {
        if r <= 2 {
            return 0;
        }
        if r >= 7 {
            return 1;
        }
    }
    -1
}

const fn build() -> Tables {
    let mut t = Tables {
        horse: [Steps::EMPTY; 90],
        horse_attackers: [Steps::EMPTY; 90],
        elephant: [Steps::EMPTY; 90],
        advisor: [Steps::EMPTY; 90],
        king: [Steps::EMPTY; 90],
        ray_len: [[0; 4]; 90],
    };
    // (df, dr) of the horse's jump and (lf, lr) of its leg.
    const HORSE: [(i32, i32, i32, i32); 8] = [
        (1, 2, 0, 1),
        (-1, 2, 0, 1),
        (1, -2, 0, -1),
        (-1, -2, 0, -1),
        (2, 1, 1, 0),
        (2, -1, 1, 0),
        (-2, 1, -1, 0),
        (-2, -1, -1, 0),
    ];
    const DIAG: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
    const ORTH: [(i32, i32); 4] = [(0, 1), (0, -1), (1, 0), (-1, 0)];
    let mut i = 0;
    while i < 90 {
        let f = i % 9;
        let r = i / 9;
        let mut k = 0;
        while k < 8 {
            let (df, dr, lf, lr) = HORSE[k];
            let to = sq(f + df, r + dr);
            if to >= 0 {
                let leg = sq(f + lf, r + lr);
                t.horse[i as usize] = t.horse[i as usize].with(to as u8, leg as u8);
                // Seen from the target: the horse on `i` attacks `to` over `leg`.
                t.horse_attackers[to as usize] =
                    t.horse_attackers[to as usize].with(i as u8, leg as u8);
            }
            k += 1;
        }
        let side = if r <= 4 { 0 } else { 1 };
        let mut k = 0;
        while k < 4 {
            let (df, dr) = DIAG[k];
            let to = sq(f + 2 * df, r + 2 * dr);
            if to >= 0 {
                let tr = to / 9;
                let to_side = if tr <= 4 { 0 } else { 1 };
                if to_side == side {
                    let eye = sq(f + df, r + dr);
                    t.elephant[i as usize] = t.elephant[i as usize].with(to as u8, eye as u8);
                }
            }
            let palace = palace_of(f, r);
            if palace >= 0 {
                let to = sq(f + df, r + dr);
                if to >= 0 && palace_of(f + df, r + dr) == palace {
                    t.advisor[i as usize] = t.advisor[i as usize].with(to as u8, to as u8);
                }
                let (of, or) = ORTH[k];
                let to = sq(f + of, r + or);
                if to >= 0 && palace_of(f + of, r + or) == palace {
                    t.king[i as usize] = t.king[i as usize].with(to as u8, to as u8);
                }
            }
            k += 1;
        }
        t.ray_len[i as usize] = [(9 - r) as u8, r as u8, (8 - f) as u8, f as u8];
        i += 1;
    }
    t
}

pub(crate) static TABLES: Tables = build();

/// Whether the point `k` is attacked by a piece of `them` (given as its colour bit), looking
/// only at the board. A king that sees `k` along an open file counts (flying general).
#[inline]
pub(crate) fn attacked(board: &[u8; 90], k: usize, them: u8) -> bool {
    let t = &TABLES;
    let chariot = CHARIOT | them;
    let king = KING | them;
    let cannon = CANNON | them;
    // Lines: chariot or king on the first occupied point, cannon on the second.
    for (d, &step) in DIR_STEP.iter().enumerate() {
        let mut s = k as isize;
        let mut n = t.ray_len[k][d];
        let mut screens = 0;
        while n > 0 {
            s += step;
            n -= 1;
            let p = board[s as usize];
            if p != 0 {
                if screens == 0 {
                    if p == chariot || p == king {
                        return true;
                    }
                    screens = 1;
                } else {
                    if p == cannon {
                        return true;
                    }
                    break;
                }
            }
        }
    }
    // Horses, each over its leg.
    let horse = HORSE | them;
    let ha = &t.horse_attackers[k];
    for i in 0..ha.len as usize {
        if board[ha.to[i] as usize] == horse && board[ha.via[i] as usize] == 0 {
            return true;
        }
    }
    // Pawns: one step toward `k` along their forward direction, or sideways once across the river.
    let pawn = PAWN | them;
    let (behind, crossed) = if them == 0 {
        // A Red pawn moves north (+9): it attacks `k` from `k - 9`.
        (k.checked_sub(9), k >= 45)
    } else {
        (Some(k + 9).filter(|&s| s < 90), k < 45)
    };
    if behind.is_some_and(|s| board[s] == pawn) {
        return true;
    }
    if crossed {
        let file = k % 9;
        if file > 0 && board[k - 1] == pawn {
            return true;
        }
        if file < 8 && board[k + 1] == pawn {
            return true;
        }
    }
    false
}

/// Pushes the moves of a horse or elephant on `from` whose leg or eye is empty.
#[inline]
fn push_stepped<const N: usize>(
    board: &[u8; 90],
    from: usize,
    steps: &Steps<N>,
    us: u8,
    list: &mut MoveList,
) {
    for i in 0..steps.len as usize {
        let to = steps.to[i] as usize;
        let p = board[to];
        if board[steps.via[i] as usize] == 0 && (p == 0 || (p & BLACK_BIT) != us) {
            list.push(Move::raw(from, to));
        }
    }
}

/// Pushes every pseudo-legal move of the side with colour bit `us` (moves that follow the
/// pieces' movement rules, whether or not they leave the own king attacked).
pub(crate) fn pseudo_legal(board: &[u8; 90], mut occupied: u128, us: u8, list: &mut MoveList) {
    let t = &TABLES;
    let not_own = |p: u8| p == 0 || (p & BLACK_BIT) != us;
    while occupied != 0 {
        let from = occupied.trailing_zeros() as usize;
        occupied &= occupied - 1;
        let code = board[from] & 7;
        match code {
            KING | ADVISOR => {
                let steps = if code == KING {
                    &t.king[from]
                } else {
                    &t.advisor[from]
                };
                for i in 0..steps.len as usize {
                    let to = steps.to[i] as usize;
                    if not_own(board[to]) {
                        list.push(Move::raw(from, to));
                    }
                }
            }
            HORSE => push_stepped(board, from, &t.horse[from], us, list),
            ELEPHANT => push_stepped(board, from, &t.elephant[from], us, list),
            CHARIOT => {
                for (d, &step) in DIR_STEP.iter().enumerate() {
                    let mut s = from as isize;
                    for _ in 0..t.ray_len[from][d] {
                        s += step;
                        let p = board[s as usize];
                        if p == 0 {
                            list.push(Move::raw(from, s as usize));
                        } else {
                            if (p & BLACK_BIT) != us {
                                list.push(Move::raw(from, s as usize));
                            }
                            break;
                        }
                    }
                }
            }
            CANNON => {
                for (d, &step) in DIR_STEP.iter().enumerate() {
                    let mut s = from as isize;
                    let mut n = t.ray_len[from][d];
                    let mut screen = false;
                    while n > 0 {
                        s += step;
                        n -= 1;
                        let p = board[s as usize];
                        if !screen {
                            if p == 0 {
                                list.push(Move::raw(from, s as usize));
                            } else {
                                screen = true;
                            }
                        } else if p != 0 {
                            if (p & BLACK_BIT) != us {
                                list.push(Move::raw(from, s as usize));
                            }
                            break;
                        }
                    }
                }
            }
            _ => {
                // Pawn.
                let (forward, crossed) = if us == 0 {
                    (Some(from + 9).filter(|&s| s < 90), from >= 45)
                } else {
                    (from.checked_sub(9), from < 45)
                };
                if let Some(to) = forward
                    && not_own(board[to])
                {
                    list.push(Move::raw(from, to));
                }
                if crossed {
                    let file = from % 9;
                    if file > 0 && not_own(board[from - 1]) {
                        list.push(Move::raw(from, from - 1));
                    }
                    if file < 8 && not_own(board[from + 1]) {
                        list.push(Move::raw(from, from + 1));
                    }
                }
            }
        }
    }
}
