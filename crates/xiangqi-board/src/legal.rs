//! Legal move generation: what the king's safety allows is worked out once per position (the
//! checkers and the pinned pieces, as masks of allowed destinations), then every piece's moves
//! are generated already legal. No move is made on a copy and tested.
//!
//! Rule (WXF rules, chapter 1): no move may leave one's own king attacked, and the two kings may
//! not face each other on an open file (the flying general). Only chariots, cannons, horses,
//! pawns and the facing king can attack a king (advisors and elephants never leave their side
//! of the board, so they never reach the other king).
//!
//! For a move of a piece other than the king from `from` to `to`, each enemy attacker attacks
//! the king afterwards exactly when (the attackers do not interact, so the move is legal
//! exactly when none of these holds for any of them, and the masks below are intersected):
//! - a chariot or the facing king on a line with the king: no piece is left between them. Not
//!   in check (one piece `p` between): `p` is pinned to the squares up to and including the
//!   attacker. In check (none between): every move must land between them or on the attacker;
//! - a cannon on a line with the king: exactly one piece is left between them (its screen),
//!   and the cannon is not captured. With none between, no piece may move between them (it
//!   would become the screen); with two between (`p` and `q`), each of ours may only move to
//!   the empty squares between or capture the cannon (leaving, or taking the other one, leaves
//!   a single screen); in check (one screen `s`), a move must put a second piece between them or
//!   capture the cannon, except for `s` itself, which may go anywhere but an empty square
//!   between them;
//! - a horse: its leg (the point next to it on the way to the king) is empty and it is not
//!   captured. A piece of ours on the leg may only capture the horse; in check, a move must
//!   land on the leg or on the horse;
//! - a pawn: in check, a move must capture it (a pawn's attack depends on no other piece).
//!
//! King moves are tested one by one on the board with the king moved (at most four a position).

use crate::movegen::{
    ADVISOR, BLACK_BIT, CANNON, CHARIOT, DIR_STEP, ELEPHANT, HORSE, KING, MoveList, PAWN, Steps,
    TABLES, attacked, color_bit,
};
use crate::{Move, Position};

/// Every square allowed: no restriction at all (the fast path of the generator).
const ALL: u128 = u128::MAX;

/// The most pieces that can carry a mask of their own: two on each of the four lines and one
/// on each of the four horse legs next to the king.
const SPECIALS: usize = 12;

/// Where generated moves go: a list, or a counter that never spells them out.
pub(crate) trait Sink {
    /// One move from `from` to `to` (point indexes).
    fn push(&mut self, from: usize, to: usize);
}

impl Sink for MoveList {
    #[inline(always)]
    fn push(&mut self, from: usize, to: usize) {
        MoveList::push(self, Move::raw(from, to));
    }
}

/// Counts moves without keeping them.
#[derive(Debug, Default)]
pub(crate) struct Counter(pub(crate) usize);

impl Sink for Counter {
    #[inline(always)]
    fn push(&mut self, _from: usize, _to: usize) {
        self.0 += 1;
    }
}

/// The squares from `from` (excluded) to the edge in each direction of `DIR_STEP`.
static RAYS: [[u128; 4]; 90] = build_rays();

const fn build_rays() -> [[u128; 4]; 90] {
    let mut rays = [[0u128; 4]; 90];
    let mut sq = 0;
    while sq < 90 {
        let mut d = 0;
        while d < 4 {
            let mut s = sq as isize;
            let mut n = TABLES.ray_len[sq][d];
            while n > 0 {
                s += DIR_STEP[d];
                rays[sq][d] |= 1u128 << s;
                n -= 1;
            }
            d += 1;
        }
        sq += 1;
    }
    rays
}

/// The nearest square of the non-empty set `b` (all on the ray of direction `d`).
#[inline(always)]
fn nearest(b: u128, d: usize) -> usize {
    // North and east (even directions) go to higher indexes.
    if d & 1 == 0 {
        b.trailing_zeros() as usize
    } else {
        127 - b.leading_zeros() as usize
    }
}

/// What the king's safety allows the side to move's pieces other than the king: a mask of
/// destinations for every piece, and masks of their own for the pieces that are pinned (or that
/// screen a checking cannon).
#[derive(Clone, Debug)]
pub(crate) struct Guard {
    /// The destinations of a piece without a mask of its own.
    global: u128,
    /// The pieces with a mask of their own.
    special: u128,
    /// Their squares and masks, `len` of them.
    squares: [u8; SPECIALS],
    masks: [u128; SPECIALS],
    len: usize,
}

impl Guard {
    /// Adds an attacker's condition that holds for every piece: move to `global`.
    #[inline(always)]
    fn restrict_all(&mut self, global: u128) {
        for m in &mut self.masks[..self.len] {
            *m &= global;
        }
        self.global &= global;
    }

    /// Adds an attacker's condition on the piece on `sq` only: move to `mask`.
    #[inline(always)]
    fn restrict_one(&mut self, sq: usize, mask: u128) {
        if self.special & (1u128 << sq) != 0 {
            for i in 0..self.len {
                if self.squares[i] as usize == sq {
                    self.masks[i] &= mask;
                }
            }
        } else {
            self.special |= 1u128 << sq;
            self.squares[self.len] = sq as u8;
            self.masks[self.len] = self.global & mask;
            self.len += 1;
        }
    }

    /// Adds an attacker's condition: the piece on `sq` moves to `mask`, every other piece to
    /// `global`.
    #[inline(always)]
    fn restrict_all_but(&mut self, global: u128, sq: usize, mask: u128) {
        let before = self.global;
        for i in 0..self.len {
            if self.squares[i] as usize != sq {
                self.masks[i] &= global;
            }
        }
        if self.special & (1u128 << sq) != 0 {
            for i in 0..self.len {
                if self.squares[i] as usize == sq {
                    self.masks[i] &= mask;
                }
            }
        } else {
            self.special |= 1u128 << sq;
            self.squares[self.len] = sq as u8;
            self.masks[self.len] = before & mask;
            self.len += 1;
        }
        self.global &= global;
    }

    /// The destinations allowed to the piece on `sq`.
    #[inline(always)]
    fn allowed(&self, sq: usize) -> u128 {
        if self.special & (1u128 << sq) == 0 {
            return self.global;
        }
        let mut m = self.global;
        for i in 0..self.len {
            if self.squares[i] as usize == sq {
                m = self.masks[i];
            }
        }
        m
    }

    /// The guard of the side to move of `pos`.
    pub(crate) fn of(pos: &Position) -> Guard {
        let mut g = Guard {
            global: ALL,
            special: 0,
            squares: [0; SPECIALS],
            masks: [0; SPECIALS],
            len: 0,
        };
        let ui = pos.side.index();
        let them = color_bit(!pos.side);
        let board = &pos.board;
        let own = pos.occupied[ui];
        let occ = pos.occupied[0] | pos.occupied[1];
        let k = pos.kings[ui] as usize;
        let (chariot, cannon, king) = (CHARIOT | them, CANNON | them, KING | them);
        for d in 0..4 {
            let ray = RAYS[k][d];
            let on = ray & occ;
            if on == 0 {
                continue;
            }
            let p1 = nearest(on, d);
            // The squares from the king (excluded) up to and including a point on the ray.
            let upto = |p: usize| ray & !RAYS[p][d];
            let c1 = board[p1];
            if c1 == chariot || c1 == king {
                g.restrict_all(upto(p1));
            } else if c1 == cannon {
                g.restrict_all(!(upto(p1) & !(1u128 << p1)));
            }
            let on = on & RAYS[p1][d];
            if on == 0 {
                continue;
            }
            let p2 = nearest(on, d);
            let c2 = board[p2];
            let p1_ours = own & (1u128 << p1) != 0;
            if c2 == chariot || c2 == king {
                if p1_ours {
                    g.restrict_one(p1, upto(p2));
                }
            } else if c2 == cannon {
                // Check, with `p1` as the screen.
                let between_empty = upto(p2) & !occ;
                let global = between_empty | (1u128 << p2);
                if p1_ours {
                    g.restrict_all_but(global, p1, !between_empty);
                } else {
                    g.restrict_all(global);
                }
            }
            let on = on & RAYS[p2][d];
            if on == 0 {
                continue;
            }
            let p3 = nearest(on, d);
            if board[p3] == cannon {
                let mask = (upto(p3) & !occ) | (1u128 << p3);
                if p1_ours {
                    g.restrict_one(p1, mask);
                }
                if own & (1u128 << p2) != 0 {
                    g.restrict_one(p2, mask);
                }
            }
        }
        let horse = HORSE | them;
        let ha = &TABLES.horse_attackers[k];
        for i in 0..ha.len as usize {
            let (h, leg) = (ha.to[i] as usize, ha.via[i] as usize);
            if board[h] == horse {
                if board[leg] == 0 {
                    g.restrict_all((1u128 << leg) | (1u128 << h));
                } else if own & (1u128 << leg) != 0 {
                    g.restrict_one(leg, 1u128 << h);
                }
            }
        }
        // Pawns: the enemy pawn that attacks `k` stands one point toward the enemy's side of
        // it, or beside it once across the river (every point of a palace is on its own side,
        // so the enemy pawn beside the king has crossed).
        let pawn = PAWN | them;
        let ahead = if them == 0 {
            k.checked_sub(9)
        } else {
            Some(k + 9)
        };
        if let Some(s) = ahead.filter(|&s| s < 90)
            && board[s] == pawn
        {
            g.restrict_all(1u128 << s);
        }
        for s in [k - 1, k + 1] {
            if board[s] == pawn {
                g.restrict_all(1u128 << s);
            }
        }
        g
    }
}

/// Pushes the moves of a horse or elephant on `from` whose leg or eye is empty, to points that
/// are not the mover's and (when `FILTER`) are in `allowed`.
#[inline(always)]
fn stepped<S: Sink, const N: usize, const FILTER: bool>(
    board: &[u8; 90],
    from: usize,
    steps: &Steps<N>,
    us: u8,
    allowed: u128,
    sink: &mut S,
) {
    for i in 0..steps.len as usize {
        let to = steps.to[i] as usize;
        let p = board[to];
        if board[steps.via[i] as usize] == 0
            && (p == 0 || (p & BLACK_BIT) != us)
            && (!FILTER || allowed & (1u128 << to) != 0)
        {
            sink.push(from, to);
        }
    }
}

/// Pushes the moves of the piece with kind code `code` on `from` (not a king).
#[inline(always)]
fn piece<S: Sink, const FILTER: bool>(
    board: &[u8; 90],
    from: usize,
    code: u8,
    us: u8,
    allowed: u128,
    sink: &mut S,
) {
    let t = &TABLES;
    let ok = |to: usize| !FILTER || allowed & (1u128 << to) != 0;
    let not_own = |p: u8| p == 0 || (p & BLACK_BIT) != us;
    match code {
        CHARIOT => {
            for (d, &step) in DIR_STEP.iter().enumerate() {
                let mut s = from as isize;
                for _ in 0..t.ray_len[from][d] {
                    s += step;
                    let to = s as usize;
                    let p = board[to];
                    if p == 0 {
                        if ok(to) {
                            sink.push(from, to);
                        }
                    } else {
                        if (p & BLACK_BIT) != us && ok(to) {
                            sink.push(from, to);
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
                while n > 0 {
                    s += step;
                    n -= 1;
                    let to = s as usize;
                    if board[to] != 0 {
                        break;
                    }
                    if ok(to) {
                        sink.push(from, to);
                    }
                }
                // Past the screen: the first piece, captured if it is the enemy's.
                while n > 0 {
                    s += step;
                    n -= 1;
                    let to = s as usize;
                    let p = board[to];
                    if p != 0 {
                        if (p & BLACK_BIT) != us && ok(to) {
                            sink.push(from, to);
                        }
                        break;
                    }
                }
            }
        }
        HORSE => stepped::<S, 8, FILTER>(board, from, &t.horse[from], us, allowed, sink),
        ELEPHANT => stepped::<S, 4, FILTER>(board, from, &t.elephant[from], us, allowed, sink),
        ADVISOR => {
            let steps = &t.advisor[from];
            for i in 0..steps.len as usize {
                let to = steps.to[i] as usize;
                if not_own(board[to]) && ok(to) {
                    sink.push(from, to);
                }
            }
        }
        _ => {
            // Pawn.
            let (forward, crossed) = if us == 0 {
                (from + 9, from >= 45)
            } else {
                (from.wrapping_sub(9), from < 45)
            };
            if forward < 90 && not_own(board[forward]) && ok(forward) {
                sink.push(from, forward);
            }
            if crossed {
                let file = from % 9;
                if file > 0 && not_own(board[from - 1]) && ok(from - 1) {
                    sink.push(from, from - 1);
                }
                if file < 8 && not_own(board[from + 1]) && ok(from + 1) {
                    sink.push(from, from + 1);
                }
            }
        }
    }
}

/// Generates the legal moves of the side to move of `pos` by its pieces on `from` into `sink`.
#[inline(always)]
pub(crate) fn generate<S: Sink>(pos: &Position, from: u128, sink: &mut S) {
    let guard = Guard::of(pos);
    let ui = pos.side.index();
    let us = color_bit(pos.side);
    let board = &pos.board;
    let king = pos.kings[ui] as usize;
    let mut pieces = pos.occupied[ui] & from & !(1u128 << king);
    if guard.global == ALL && guard.special == 0 {
        while pieces != 0 {
            let sq = pieces.trailing_zeros() as usize;
            pieces &= pieces - 1;
            piece::<S, false>(board, sq, board[sq] & 7, us, ALL, sink);
        }
    } else {
        while pieces != 0 {
            let sq = pieces.trailing_zeros() as usize;
            pieces &= pieces - 1;
            let allowed = guard.allowed(sq);
            if allowed == ALL {
                piece::<S, false>(board, sq, board[sq] & 7, us, ALL, sink);
            } else if allowed != 0 {
                piece::<S, true>(board, sq, board[sq] & 7, us, allowed, sink);
            }
        }
    }
    if from & (1u128 << king) != 0 {
        let mut scratch = pos.board;
        let them = us ^ BLACK_BIT;
        let steps = &TABLES.king[king];
        for i in 0..steps.len as usize {
            let to = steps.to[i] as usize;
            let p = board[to];
            if p != 0 && (p & BLACK_BIT) == us {
                continue;
            }
            scratch[to] = scratch[king];
            scratch[king] = 0;
            if !attacked(&scratch, to, them) {
                sink.push(king, to);
            }
            scratch[king] = scratch[to];
            scratch[to] = p;
        }
    }
}
