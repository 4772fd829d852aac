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
    ADVISOR, CANNON, CHARIOT, DIR_STEP, ELEPHANT, HORSE, KING, MoveList, PAWN, TABLES, color_bit,
};
use crate::{Move, Position};

/// Every square allowed: no restriction at all (the fast path of the generator).
const ALL: u128 = u128::MAX;

/// The most pieces that can carry a mask of their own: two on each of the four lines and one
/// on each of the four horse legs next to the king.
const SPECIALS: usize = 12;

/// Where generated moves go: a list, or a counter that never spells them out.
pub(crate) trait Sink {
    /// The moves of the piece on `from` to each point of `targets`.
    fn targets(&mut self, from: usize, targets: u128);
    /// The moves of several pieces at once, each to a point of `targets` from the point
    /// `delta` index steps before it.
    fn shifted(&mut self, targets: u128, delta: isize);
}

/// Calls `f` with each point of `b`, lowest first.
#[inline(always)]
fn each(b: u128, mut f: impl FnMut(usize)) {
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

impl Sink for MoveList {
    #[inline(always)]
    fn targets(&mut self, from: usize, targets: u128) {
        each(targets, |to| self.push(Move::raw(from, to)));
    }

    #[inline(always)]
    fn shifted(&mut self, targets: u128, delta: isize) {
        each(targets, |to| {
            self.push(Move::raw(to.wrapping_add_signed(-delta), to));
        });
    }
}

/// The number of points of `b`: the popcount instruction where the target has it, else one
/// step per point (cheaper than a popcount in software for the few points of a piece's moves).
#[inline(always)]
fn count(b: u128) -> usize {
    if cfg!(target_feature = "popcnt") {
        b.count_ones() as usize
    } else {
        let mut n = 0;
        each(b, |_| n += 1);
        n
    }
}

/// Counts moves without keeping them.
#[derive(Debug, Default)]
pub(crate) struct Counter(pub(crate) usize);

impl Sink for Counter {
    #[inline(always)]
    fn targets(&mut self, _from: usize, targets: u128) {
        self.0 += count(targets);
    }

    #[inline(always)]
    fn shifted(&mut self, targets: u128, _delta: isize) {
        self.0 += count(targets);
    }
}

/// The set of each point alone (a table: a variable shift of a `u128` takes several
/// instructions).
static BIT: [u128; 128] = {
    let mut b = [0u128; 128];
    let mut i = 0;
    while i < 90 {
        b[i] = 1u128 << i;
        i += 1;
    }
    b
};

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
        if self.special & BIT[sq] != 0 {
            for i in 0..self.len {
                if self.squares[i] as usize == sq {
                    self.masks[i] &= mask;
                }
            }
        } else {
            self.special |= BIT[sq];
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
        if self.special & BIT[sq] != 0 {
            for i in 0..self.len {
                if self.squares[i] as usize == sq {
                    self.masks[i] &= mask;
                }
            }
        } else {
            self.special |= BIT[sq];
            self.squares[self.len] = sq as u8;
            self.masks[self.len] = before & mask;
            self.len += 1;
        }
        self.global &= global;
    }

    /// The destinations allowed to the piece on `sq`.
    #[inline(always)]
    fn allowed(&self, sq: usize) -> u128 {
        if self.special & BIT[sq] == 0 {
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
    #[inline(always)]
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
        let theirs = pos.occupied[1 - ui];
        let kinds = &pos.kinds;
        let lines =
            theirs & (kinds[CHARIOT as usize] | kinds[CANNON as usize] | kinds[KING as usize]);
        for (d, &ray) in RAYS[k].iter().enumerate() {
            // Nothing on this line can attack the king, whatever moves.
            if ray & lines == 0 {
                continue;
            }
            let on = ray & occ;
            let p1 = nearest(on, d);
            // The squares from the king (excluded) up to and including a point on the ray.
            let upto = |p: usize| ray & !RAYS[p][d];
            let c1 = board[p1];
            if c1 == chariot || c1 == king {
                g.restrict_all(upto(p1));
            } else if c1 == cannon {
                g.restrict_all(!(upto(p1) & !BIT[p1]));
            }
            let on = on & RAYS[p1][d];
            if on == 0 {
                continue;
            }
            let p2 = nearest(on, d);
            let c2 = board[p2];
            let p1_ours = own & BIT[p1] != 0;
            if c2 == chariot || c2 == king {
                if p1_ours {
                    g.restrict_one(p1, upto(p2));
                }
            } else if c2 == cannon {
                // Check, with `p1` as the screen.
                let between_empty = upto(p2) & !occ;
                let global = between_empty | BIT[p2];
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
                let mask = (upto(p3) & !occ) | BIT[p3];
                if p1_ours {
                    g.restrict_one(p1, mask);
                }
                if own & BIT[p2] != 0 {
                    g.restrict_one(p2, mask);
                }
            }
        }
        if theirs & kinds[HORSE as usize] & SETS.horse_reach[k] != 0 {
            let horse = HORSE | them;
            let ha = &TABLES.horse_attackers[k];
            for i in 0..ha.len as usize {
                let (h, leg) = (ha.to[i] as usize, ha.via[i] as usize);
                if board[h] == horse {
                    if board[leg] == 0 {
                        g.restrict_all(BIT[leg] | BIT[h]);
                    } else if own & BIT[leg] != 0 {
                        g.restrict_one(leg, BIT[h]);
                    }
                }
            }
        }
        let mut pawns = theirs & kinds[PAWN as usize] & SETS.pawn_reach[1 - ui][k];
        while pawns != 0 {
            let s = pawns.trailing_zeros() as usize;
            pawns &= pawns - 1;
            g.restrict_all(BIT[s]);
        }
        g
    }
}

/// A point's stepping moves (horse or elephant): each leg or eye point with the targets it
/// opens (two for a horse's leg, one for an elephant's eye). An unused slot names the piece's
/// own point, which is never empty, with no targets.
#[derive(Clone, Copy)]
struct Legs {
    via: [u8; 4],
    targets: [u128; 4],
}

/// The moving tables as sets of points.
struct Sets {
    horse: [Legs; 90],
    elephant: [Legs; 90],
    advisor: [u128; 90],
    king: [u128; 90],
    /// The points from which an enemy horse could attack a king on a point, whatever the legs.
    horse_reach: [u128; 90],
    /// The points from which a pawn of each side (Red, Black) attacks a point.
    pawn_reach: [[u128; 90]; 2],
    /// The points on the file and rank of a point, itself excluded.
    lines: [u128; 90],
}

static SETS: Sets = build_sets();

const fn build_sets() -> Sets {
    let t = &TABLES;
    let mut s = Sets {
        horse: [Legs {
            via: [0; 4],
            targets: [0; 4],
        }; 90],
        elephant: [Legs {
            via: [0; 4],
            targets: [0; 4],
        }; 90],
        advisor: [0; 90],
        king: [0; 90],
        horse_reach: [0; 90],
        pawn_reach: [[0; 90]; 2],
        lines: [0; 90],
    };
    let mut sq = 0;
    while sq < 90 {
        s.horse[sq].via = [sq as u8; 4];
        s.elephant[sq].via = [sq as u8; 4];
        let h = &t.horse[sq];
        let mut i = 0;
        while i < h.len as usize {
            let (to, via) = (h.to[i], h.via[i]);
            // The leg's slot: the one already naming it, else the first unused one.
            let mut j = 0;
            while s.horse[sq].via[j] != via && s.horse[sq].via[j] != sq as u8 {
                j += 1;
            }
            s.horse[sq].via[j] = via;
            s.horse[sq].targets[j] |= 1u128 << to;
            s.horse_reach[to as usize] |= 1u128 << sq;
            i += 1;
        }
        let e = &t.elephant[sq];
        let mut i = 0;
        while i < e.len as usize {
            s.elephant[sq].via[i] = e.via[i];
            s.elephant[sq].targets[i] = 1u128 << e.to[i];
            i += 1;
        }
        let mut i = 0;
        while i < t.advisor[sq].len as usize {
            s.advisor[sq] |= 1u128 << t.advisor[sq].to[i];
            i += 1;
        }
        let mut i = 0;
        while i < t.king[sq].len as usize {
            s.king[sq] |= 1u128 << t.king[sq].to[i];
            i += 1;
        }
        s.lines[sq] = RAYS[sq][0] | RAYS[sq][1] | RAYS[sq][2] | RAYS[sq][3];
        // A Red pawn on `p` attacks `p + 9`, and `p ± 1` once on Black's side (ranks 5-9);
        // a Black pawn attacks `p - 9`, and `p ± 1` once on Red's side.
        let (f, r) = (sq % 9, sq / 9);
        if r >= 1 {
            s.pawn_reach[0][sq] |= 1u128 << (sq - 9);
        }
        if r <= 8 {
            s.pawn_reach[1][sq] |= 1u128 << (sq + 9);
        }
        let side = if r >= 5 { 0 } else { 1 };
        if f >= 1 {
            s.pawn_reach[side][sq] |= 1u128 << (sq - 1);
        }
        if f <= 7 {
            s.pawn_reach[side][sq] |= 1u128 << (sq + 1);
        }
        sq += 1;
    }
    s
}

/// Every point of the board.
const BOARD: u128 = (1u128 << 90) - 1;

/// The points of file `a` and of file `i`.
const FILE_A: u128 = file_mask(0);
const FILE_I: u128 = file_mask(8);

const fn file_mask(f: usize) -> u128 {
    let mut m = 0;
    let mut r = 0;
    while r < 10 {
        m |= 1u128 << (r * 9 + f);
        r += 1;
    }
    m
}

/// Ranks 0-4 (Red's side of the river) and 5-9 (Black's).
const RED_SIDE: u128 = (1u128 << 45) - 1;
const BLACK_SIDE: u128 = BOARD & !RED_SIDE;

/// The points a chariot on `sq` attacks with `occ` occupied (the first occupied point of each
/// line included).
#[inline(always)]
fn chariot_attacks(sq: usize, occ: u128) -> u128 {
    let mut a = 0;
    for (d, &r) in RAYS[sq].iter().enumerate() {
        let on = r & occ;
        a |= if on == 0 {
            r
        } else {
            r & !RAYS[nearest(on, d)][d]
        };
    }
    a
}

/// A cannon's moves on `sq` with `occ` occupied: the empty points before the first occupied
/// one of each line, and the second occupied point of each line (to be captured if it is the
/// enemy's).
#[inline(always)]
fn cannon_moves(sq: usize, occ: u128) -> (u128, u128) {
    let (mut quiet, mut jumps) = (0, 0);
    for (d, &r) in RAYS[sq].iter().enumerate() {
        let on = r & occ;
        if on == 0 {
            quiet |= r;
        } else {
            let screen = nearest(on, d);
            quiet |= r & !RAYS[screen][d] & !BIT[screen];
            let on = on & RAYS[screen][d];
            if on != 0 {
                jumps |= BIT[nearest(on, d)];
            }
        }
    }
    (quiet, jumps)
}

/// The targets of a horse or elephant whose leg or eye is empty.
#[inline(always)]
fn stepped(board: &[u8; 90], legs: &Legs) -> u128 {
    let mut t = 0;
    for i in 0..4 {
        if board[legs.via[i] as usize] == 0 {
            t |= legs.targets[i];
        }
    }
    t
}

/// The points a pawn of the side with colour bit `us` on `sq` moves to.
#[inline(always)]
fn pawn_targets(sq: usize, us: u8) -> u128 {
    let b = BIT[sq];
    if us == 0 {
        ((b << 9) & BOARD) | (((b & BLACK_SIDE & !FILE_I) << 1) | ((b & BLACK_SIDE & !FILE_A) >> 1))
    } else {
        (b >> 9) | (((b & RED_SIDE & !FILE_I) << 1) | ((b & RED_SIDE & !FILE_A) >> 1))
    }
}

/// Generates the legal moves of the side to move of `pos` by its pieces on `from` into `sink`.
#[inline(always)]
pub(crate) fn generate<S: Sink>(pos: &Position, from: u128, sink: &mut S) {
    let guard = Guard::of(pos);
    let ui = pos.side.index();
    let us = color_bit(pos.side);
    let board = &pos.board;
    let own = pos.occupied[ui];
    let theirs = pos.occupied[1 - ui];
    let occ = own | theirs;
    let king = pos.kings[ui] as usize;
    let movers = own & from;
    let k = &pos.kinds;
    let not_own = !own & guard.global;
    let special = guard.special;
    // The destinations of the piece on `sq`: not the mover's, and allowed by the guard.
    let dest = |sq: usize| {
        if special == 0 || special & BIT[sq] == 0 {
            not_own
        } else {
            !own & guard.allowed(sq)
        }
    };
    let s = &SETS;
    let mut b = k[CHARIOT as usize] & movers;
    while b != 0 {
        let sq = b.trailing_zeros() as usize;
        b &= b - 1;
        sink.targets(sq, chariot_attacks(sq, occ) & dest(sq));
    }
    let mut b = k[CANNON as usize] & movers;
    while b != 0 {
        let sq = b.trailing_zeros() as usize;
        b &= b - 1;
        let (quiet, jumps) = cannon_moves(sq, occ);
        sink.targets(sq, (quiet | (jumps & theirs)) & dest(sq));
    }
    let mut b = k[HORSE as usize] & movers;
    while b != 0 {
        let sq = b.trailing_zeros() as usize;
        b &= b - 1;
        sink.targets(sq, stepped(board, &s.horse[sq]) & dest(sq));
    }
    let mut b = k[ELEPHANT as usize] & movers;
    while b != 0 {
        let sq = b.trailing_zeros() as usize;
        b &= b - 1;
        sink.targets(sq, stepped(board, &s.elephant[sq]) & dest(sq));
    }
    let mut b = k[ADVISOR as usize] & movers;
    while b != 0 {
        let sq = b.trailing_zeros() as usize;
        b &= b - 1;
        sink.targets(sq, s.advisor[sq] & dest(sq));
    }
    // Pawns without a mask of their own all at once, the others one by one.
    let pawns = k[PAWN as usize] & movers;
    let free = pawns & !special;
    if us == 0 {
        sink.shifted((free << 9) & BOARD & not_own, 9);
        let crossed = free & BLACK_SIDE;
        sink.shifted(((crossed & !FILE_I) << 1) & not_own, 1);
        sink.shifted(((crossed & !FILE_A) >> 1) & not_own, -1);
    } else {
        sink.shifted((free >> 9) & not_own, -9);
        let crossed = free & RED_SIDE;
        sink.shifted(((crossed & !FILE_I) << 1) & not_own, 1);
        sink.shifted(((crossed & !FILE_A) >> 1) & not_own, -1);
    }
    let mut b = pawns & special;
    while b != 0 {
        let sq = b.trailing_zeros() as usize;
        b &= b - 1;
        sink.targets(sq, pawn_targets(sq, us) & dest(sq));
    }
    if movers & BIT[king] != 0 {
        let mut safe = 0;
        let without = occ ^ BIT[king];
        let mut to_bits = s.king[king] & !own;
        while to_bits != 0 {
            let to = to_bits.trailing_zeros() as usize;
            to_bits &= to_bits - 1;
            if !attacked_at(pos, to, without | BIT[to], theirs & !BIT[to], 1 - ui) {
                safe |= BIT[to];
            }
        }
        sink.targets(king, safe);
    }
}

/// Whether the point `t` is attacked by a piece of `theirs` (side index `them`) with `occ`
/// occupied: a chariot or the king on the first occupied point of a line (the king only ever
/// shares a file), a cannon on the second, a horse whose leg is empty, a pawn next to it.
#[inline(always)]
fn attacked_at(pos: &Position, t: usize, occ: u128, theirs: u128, them: usize) -> bool {
    let k = &pos.kinds;
    let rooks = theirs & (k[CHARIOT as usize] | k[KING as usize]);
    let cannons = theirs & k[CANNON as usize];
    let sliders = rooks | cannons;
    if SETS.lines[t] & sliders != 0 {
        for (d, &r) in RAYS[t].iter().enumerate() {
            if r & sliders == 0 {
                continue;
            }
            // Not empty: an attacker stands on it.
            let on = r & occ;
            let first = nearest(on, d);
            if rooks & BIT[first] != 0 {
                return true;
            }
            let on = on & RAYS[first][d];
            if on != 0 && cannons & BIT[nearest(on, d)] != 0 {
                return true;
            }
        }
    }
    let horses = theirs & k[HORSE as usize] & SETS.horse_reach[t];
    if horses != 0 {
        let ha = &TABLES.horse_attackers[t];
        for i in 0..ha.len as usize {
            if horses & BIT[ha.to[i] as usize] != 0 && occ & BIT[ha.via[i] as usize] == 0 {
                return true;
            }
        }
    }
    theirs & k[PAWN as usize] & SETS.pawn_reach[them][t] != 0
}
