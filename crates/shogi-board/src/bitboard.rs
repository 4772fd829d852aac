//! Bitboards: sets of squares as the low 81 bits of a `u128`, bit `(file - 1) * 9 + rank index`
//! (so each file is nine consecutive bits, `a` lowest), and the attack tables computed at
//! compile time.
//!
//! Sliding attacks (lance, bishop, rook and their promoted forms) use the obstruction
//! difference of Michael Hoffmann (chessprogramming.org, "Obstruction Difference"): for a line
//! through a square, the nearest blocker below is the most significant set bit of the lower
//! half, the nearest above the least significant bit of the upper half, and the attacked squares
//! are the line's squares between them. No occupancy-indexed tables are needed.

use crate::Color;

/// A set of squares.
pub(crate) type Bitboard = u128;

/// Every square of the board.
pub(crate) const BOARD: Bitboard = (1 << 81) - 1;

/// The set holding only the square with index `sq` (below 128), as computed at compile time.
const fn one(sq: usize) -> Bitboard {
    1 << sq
}

/// Each square's set alone, and the sets of every index from `n` up (`u128::MAX << n`): table
/// look-ups, since a variable shift of a `u128` takes several instructions.
static BITS: [Bitboard; 128] = {
    let mut b = [0; 128];
    let mut i = 0;
    while i < 128 {
        b[i] = one(i);
        i += 1;
    }
    b
};
static FROM: [Bitboard; 128] = {
    let mut b = [0; 128];
    let mut i = 0;
    while i < 128 {
        b[i] = u128::MAX << i;
        i += 1;
    }
    b
};

/// The set holding only the square with index `sq` (below 128).
#[inline(always)]
pub(crate) fn bit(sq: usize) -> Bitboard {
    BITS[sq & 127]
}

/// The lowest square of a non-empty set.
#[inline(always)]
pub(crate) const fn lsb(b: Bitboard) -> usize {
    b.trailing_zeros() as usize
}

/// Iterates over the squares of a set, lowest first (each half of the `u128` on its own, which
/// is cheaper than `u128` arithmetic).
#[inline(always)]
pub(crate) fn squares(b: Bitboard) -> impl Iterator<Item = usize> {
    let (mut lo, mut hi) = (b as u64, (b >> 64) as u64);
    std::iter::from_fn(move || {
        if lo != 0 {
            let sq = lo.trailing_zeros() as usize;
            lo &= lo - 1;
            Some(sq)
        } else if hi != 0 {
            let sq = 64 + hi.trailing_zeros() as usize;
            hi &= hi - 1;
            Some(sq)
        } else {
            None
        }
    })
}

/// Calls `f` with each square of `b`, lowest first: one loop per half of the `u128`, cheaper
/// than [`squares`]' iterator, which tests both halves for every square.
#[inline(always)]
pub(crate) fn each_square(b: Bitboard, mut f: impl FnMut(usize)) {
    let (mut lo, mut hi) = (b as u64, (b >> 64) as u64);
    while lo != 0 {
        f(lo.trailing_zeros() as usize);
        lo &= lo - 1;
    }
    while hi != 0 {
        f(64 + hi.trailing_zeros() as usize);
        hi &= hi - 1;
    }
}

/// The number of squares of `b`: the popcount instruction where the target has it, else one
/// step per square (cheaper than a popcount in software for the few squares of one piece's
/// moves).
#[inline(always)]
pub(crate) fn count(b: Bitboard) -> usize {
    if cfg!(target_feature = "popcnt") {
        b.count_ones() as usize
    } else {
        let (mut lo, mut hi) = (b as u64, (b >> 64) as u64);
        let mut n = 0;
        while lo != 0 {
            n += 1;
            lo &= lo - 1;
        }
        while hi != 0 {
            n += 1;
            hi &= hi - 1;
        }
        n
    }
}

/// Index steps of the eight directions; even directions go to lower indexes, and direction
/// `d ^ 1` is the opposite of `d`. 0: toward rank `a` (Black's forward), 1: toward rank `i`,
/// 2: toward file 1, 3: toward file 9, 4 and 5, 6 and 7: the two diagonals.
const DIRS: [(i32, i32); 8] = [
    (0, -1),
    (0, 1),
    (-1, 0),
    (1, 0),
    (-1, -1),
    (1, 1),
    (-1, 1),
    (1, -1),
];

/// No direction joins the two squares.
pub(crate) const NO_DIR: u8 = 8;

/// The attack and geometry tables.
pub(crate) struct Tables {
    /// Squares a pawn of each colour attacks, by colour then square.
    pub(crate) pawn: [[Bitboard; 81]; 2],
    /// Squares a knight attacks.
    pub(crate) knight: [[Bitboard; 81]; 2],
    /// Squares a silver attacks.
    pub(crate) silver: [[Bitboard; 81]; 2],
    /// Squares a gold (or tokin, promoted lance, knight, silver) attacks.
    pub(crate) gold: [[Bitboard; 81]; 2],
    /// Squares a king attacks (also the one-step moves of horse and dragon).
    pub(crate) king: [Bitboard; 81],
    /// The squares from a square to the edge in each direction, the square excluded.
    pub(crate) rays: [[Bitboard; 8]; 81],
    /// The squares a rook would attack from a square on an empty board.
    pub(crate) rook_rays: [Bitboard; 81],
    /// The squares a bishop would attack from a square on an empty board.
    pub(crate) bishop_rays: [Bitboard; 81],
    /// The direction from one square to another, or [`NO_DIR`].
    pub(crate) dir: [[u8; 81]; 81],
    /// Squares of each rank, `a` first.
    pub(crate) rank: [Bitboard; 9],
    /// Each colour's promotion zone.
    pub(crate) zone: [Bitboard; 2],
    /// Squares an unpromoted pawn or lance of each colour can stand on (all but its last rank).
    pub(crate) pawn_ok: [Bitboard; 2],
    /// Squares an unpromoted knight of each colour can stand on (all but its last two ranks).
    pub(crate) knight_ok: [Bitboard; 2],
}

const fn on_board(f: i32, r: i32) -> bool {
    f >= 0 && f < 9 && r >= 0 && r < 9
}

const fn steps(f: i32, r: i32, white: bool, deltas: &[(i32, i32)]) -> Bitboard {
    let mut b = 0;
    let mut k = 0;
    while k < deltas.len() {
        let (df, dr) = deltas[k];
        let dr = if white { -dr } else { dr };
        if on_board(f + df, r + dr) {
            b |= one(((f + df) * 9 + r + dr) as usize);
        }
        k += 1;
    }
    b
}

const fn build() -> Tables {
    const PAWN: [(i32, i32); 1] = [(0, -1)];
    const KNIGHT: [(i32, i32); 2] = [(-1, -2), (1, -2)];
    const SILVER: [(i32, i32); 5] = [(0, -1), (-1, -1), (1, -1), (-1, 1), (1, 1)];
    const GOLD: [(i32, i32); 6] = [(0, -1), (-1, -1), (1, -1), (-1, 0), (1, 0), (0, 1)];
    let mut t = Tables {
        pawn: [[0; 81]; 2],
        knight: [[0; 81]; 2],
        silver: [[0; 81]; 2],
        gold: [[0; 81]; 2],
        king: [0; 81],
        rays: [[0; 8]; 81],
        rook_rays: [0; 81],
        bishop_rays: [0; 81],
        dir: [[NO_DIR; 81]; 81],
        rank: [0; 9],
        zone: [0; 2],
        pawn_ok: [0; 2],
        knight_ok: [0; 2],
    };
    let mut sq = 0;
    while sq < 81 {
        let f = (sq / 9) as i32;
        let r = (sq % 9) as i32;
        let mut c = 0;
        while c < 2 {
            let white = c == 1;
            t.pawn[c][sq] = steps(f, r, white, &PAWN);
            t.knight[c][sq] = steps(f, r, white, &KNIGHT);
            t.silver[c][sq] = steps(f, r, white, &SILVER);
            t.gold[c][sq] = steps(f, r, white, &GOLD);
            c += 1;
        }
        t.king[sq] = steps(f, r, false, &DIRS);
        let mut d = 0;
        while d < 8 {
            let (df, dr) = DIRS[d];
            let (mut tf, mut tr) = (f + df, r + dr);
            while on_board(tf, tr) {
                let to = (tf * 9 + tr) as usize;
                t.rays[sq][d] |= one(to);
                t.dir[sq][to] = d as u8;
                tf += df;
                tr += dr;
            }
            d += 1;
        }
        let rays = &t.rays[sq];
        t.rook_rays[sq] = rays[0] | rays[1] | rays[2] | rays[3];
        t.bishop_rays[sq] = rays[4] | rays[5] | rays[6] | rays[7];
        t.rank[r as usize] |= one(sq);
        if r <= 2 {
            t.zone[0] |= one(sq);
        }
        if r >= 6 {
            t.zone[1] |= one(sq);
        }
        if r >= 1 {
            t.pawn_ok[0] |= one(sq);
        }
        if r <= 7 {
            t.pawn_ok[1] |= one(sq);
        }
        if r >= 2 {
            t.knight_ok[0] |= one(sq);
        }
        if r <= 6 {
            t.knight_ok[1] |= one(sq);
        }
        sq += 1;
    }
    t
}

/// The tables, built at compile time.
pub(crate) static TABLES: Tables = build();

/// The squares attacked along a ray toward lower indexes: up to and including the first
/// occupied square.
#[inline(always)]
fn lower_ray(occ: Bitboard, ray: Bitboard) -> Bitboard {
    let blockers = (occ & ray) | 1;
    ray & FROM[127 - blockers.leading_zeros() as usize]
}

/// The squares attacked along a ray toward higher indexes.
#[inline(always)]
fn upper_ray(occ: Bitboard, ray: Bitboard) -> Bitboard {
    let blockers = occ & ray;
    let first = blockers & blockers.wrapping_neg();
    ray & (first << 1).wrapping_sub(1)
}

/// The squares attacked along a whole line (obstruction difference).
#[inline(always)]
fn line(occ: Bitboard, lower: Bitboard, upper: Bitboard) -> Bitboard {
    let below = (occ & lower) | 1;
    let above = occ & upper;
    let from_below = FROM[127 - below.leading_zeros() as usize];
    let first_above = above & above.wrapping_neg();
    (lower | upper) & (first_above << 1).wrapping_add(from_below)
}

/// Squares a lance of `color` on `sq` attacks.
#[inline(always)]
pub(crate) fn lance_attacks(color: Color, sq: usize, occ: Bitboard) -> Bitboard {
    let rays = &TABLES.rays[sq];
    match color {
        Color::Black => lower_ray(occ, rays[0]),
        Color::White => upper_ray(occ, rays[1]),
    }
}

/// Squares a rook on `sq` attacks.
#[inline(always)]
pub(crate) fn rook_attacks(sq: usize, occ: Bitboard) -> Bitboard {
    let rays = &TABLES.rays[sq];
    line(occ, rays[0], rays[1]) | line(occ, rays[2], rays[3])
}

/// Squares a bishop on `sq` attacks.
#[inline(always)]
pub(crate) fn bishop_attacks(sq: usize, occ: Bitboard) -> Bitboard {
    let rays = &TABLES.rays[sq];
    line(occ, rays[4], rays[5]) | line(occ, rays[6], rays[7])
}

/// Squares a rook on `sq` would attack on an empty board.
#[inline(always)]
pub(crate) fn rook_rays(sq: usize) -> Bitboard {
    TABLES.rook_rays[sq]
}

/// Squares a bishop on `sq` would attack on an empty board.
#[inline(always)]
pub(crate) fn bishop_rays(sq: usize) -> Bitboard {
    TABLES.bishop_rays[sq]
}

/// Squares a lance of `color` on `sq` would attack on an empty board.
#[inline(always)]
pub(crate) fn lance_ray(color: Color, sq: usize) -> Bitboard {
    TABLES.rays[sq][color.index()]
}

/// The squares strictly between `a` and `b` when they share a line; empty otherwise.
#[inline(always)]
pub(crate) fn between(a: usize, b: usize) -> Bitboard {
    let d = TABLES.dir[a][b];
    if d == NO_DIR {
        0
    } else {
        TABLES.rays[a][d as usize] & TABLES.rays[b][(d ^ 1) as usize]
    }
}

/// The whole line through `a` and `b` (both included) when they share one; empty otherwise.
#[inline(always)]
pub(crate) fn line_through(a: usize, b: usize) -> Bitboard {
    let d = TABLES.dir[a][b];
    if d == NO_DIR {
        0
    } else {
        let rays = &TABLES.rays[a];
        rays[(d & !1) as usize] | rays[(d | 1) as usize] | bit(a)
    }
}

/// The files holding no piece of `pawns`, as full files, given at most one pawn a file.
///
/// Per file of nine bits: `2^8 - pawn` keeps bit 8 exactly when the file has no pawn (no
/// borrow crosses files); that bit is then spread over its file.
#[inline(always)]
pub(crate) fn files_without(pawns: Bitboard) -> Bitboard {
    let top = TABLES.rank[8];
    let empty = top.wrapping_sub(pawns) & top;
    empty | empty.wrapping_sub(empty >> 8)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Slow reference: walk each direction until a blocker.
    fn walk(sq: usize, occ: Bitboard, dirs: &[usize]) -> Bitboard {
        let mut out = 0;
        for &d in dirs {
            let (df, dr) = DIRS[d];
            let (mut f, mut r) = ((sq / 9) as i32 + df, (sq % 9) as i32 + dr);
            while on_board(f, r) {
                let to = (f * 9 + r) as usize;
                out |= bit(to);
                if occ & bit(to) != 0 {
                    break;
                }
                f += df;
                r += dr;
            }
        }
        out
    }

    #[test]
    fn sliding_attacks_match_a_walk() {
        let mut seed = 0x9E37_79B9_7F4A_7C15u64;
        let mut next = || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        for _ in 0..2000 {
            let occ = ((u128::from(next()) << 64) | u128::from(next()))
                & ((u128::from(next()) << 64) | u128::from(next()))
                & BOARD;
            for sq in 0..81 {
                assert_eq!(rook_attacks(sq, occ), walk(sq, occ, &[0, 1, 2, 3]));
                assert_eq!(bishop_attacks(sq, occ), walk(sq, occ, &[4, 5, 6, 7]));
                assert_eq!(lance_attacks(Color::Black, sq, occ), walk(sq, occ, &[0]));
                assert_eq!(lance_attacks(Color::White, sq, occ), walk(sq, occ, &[1]));
            }
        }
    }

    #[test]
    fn files_without_pawns() {
        // Pawns on file 1 rank i (bit 8) and file 9 rank b (bit 73).
        let pawns = bit(8) | bit(73);
        let free = files_without(pawns);
        for f in 0..9 {
            let file: Bitboard = 0x1FF << (9 * f);
            let expected = if f == 0 || f == 8 { 0 } else { file };
            assert_eq!(free & file, expected, "file {}", f + 1);
        }
        assert_eq!(files_without(0), BOARD);
    }

    #[test]
    fn between_and_lines() {
        // 1a (0) and 1e (4): 1b, 1c, 1d between.
        assert_eq!(between(0, 4), bit(1) | bit(2) | bit(3));
        assert_eq!(between(4, 0), bit(1) | bit(2) | bit(3));
        // Knight-distance squares share no line.
        assert_eq!(between(0, 11), 0);
        assert_eq!(line_through(0, 11), 0);
        // 1a and 9i: the long diagonal.
        assert_eq!(line_through(0, 80).count_ones(), 9);
        assert_eq!(between(0, 80).count_ones(), 7);
    }
}
