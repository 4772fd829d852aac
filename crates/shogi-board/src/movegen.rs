//! Legal move generation: board moves with their promotion choices, and drops.
//!
//! Moves are generated legal, not generated and then tested: the checkers of the mover's king
//! and its pinned pieces are found first; in double check only the king moves; in single check
//! the other pieces may only capture the checker or interpose (drops too); a pinned piece stays
//! on the line of its pin; the king steps only to squares no enemy piece attacks once the king
//! has left its square. A pawn drop that gives check is tested for mate (uchifuzume) only on
//! the one square in front of the enemy king.
//!
//! A side without a king (the attacker of a mating problem, 詰将棋) has no checkers and no
//! pinned pieces: the king's absence costs a few well-predicted branches per position, none
//! per move; without an enemy king no pawn drop is tested for mate. The missing king's square
//! is [`NO_KING`], whose [`bit`] lies outside the board.
//!
//! Rule (Japan Shogi Association, 将棋のルール, and its 禁じ手 section):
//! - promotion is optional on a move that starts or ends in the mover's promotion zone (the
//!   opponent's three ranks) for pawns, lances, knights, silvers, bishops and rooks, and forced
//!   where the piece could not move again (pawn or lance to the last rank, knight to the last two);
//! - drops go to empty squares, never where the piece could not move again, never a second
//!   unpromoted pawn of one side on a file (nifu, 二歩), never a pawn that checkmates (uchifuzume,
//!   打ち歩詰め); a pawn drop that checks without mating is legal;
//! - no move may leave the mover's own king attacked.

use crate::bitboard::{
    BOARD, Bitboard, TABLES, between, bishop_attacks, bishop_rays, bit, count, each_square,
    files_without, lance_attacks, lance_ray, line_through, lsb, rook_attacks, rook_rays, squares,
};
#[cfg(doc)]
use crate::position::NO_KING;
use crate::position::{
    BISHOP, DRAGON, GOLD, HORSE, KING, KNIGHT, LANCE, PAWN, PRO_KNIGHT, PRO_LANCE, PRO_PAWN,
    PRO_SILVER, ROOK, SILVER,
};
use crate::{Color, Move, PieceKind, Position, Square};

/// The capacity of a [`MoveList`]; more than any position allows (the most legal moves known
/// in a shogi position is 593).
const CAPACITY: usize = 1024;

/// The capacity of the lists of the legal moves to or from one square
/// ([`Position::legal_moves_to`], [`Position::legal_moves_from`]). To a square: at most two
/// moves (with and without promotion) from each of 10 origins (the nearest piece along each of
/// the 8 lines through the square, a neighbour or a slider beyond empty squares, and the 2
/// knight squares), and 7 drops: 27. From a square: a rook's or bishop's 16 squares at most,
/// each with and without promotion: 32.
pub const SQUARE_CAPACITY: usize = 64;

/// A fixed-capacity list of moves, filled by the generator without allocating: `N` slots
/// (1,024 by default, more than any position has moves; [`SQUARE_CAPACITY`] for the moves
/// to or from one square, which then cost no more than a few cache lines to set up).
///
/// Dereferences to a slice of [`Move`]s.
#[derive(Clone)]
pub struct MoveList<const N: usize = CAPACITY> {
    moves: [Move; N],
    len: usize,
}

impl<const N: usize> MoveList<N> {
    pub(crate) fn new() -> MoveList<N> {
        MoveList {
            moves: [Move::raw_null(); N],
            len: 0,
        }
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
}

impl<const N: usize> std::fmt::Debug for MoveList<N> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
    }
}

impl<const N: usize> std::ops::Deref for MoveList<N> {
    type Target = [Move];

    fn deref(&self) -> &[Move] {
        self.as_slice()
    }
}

impl<'a, const N: usize> IntoIterator for &'a MoveList<N> {
    type Item = &'a Move;
    type IntoIter = std::slice::Iter<'a, Move>;

    fn into_iter(self) -> Self::IntoIter {
        self.as_slice().iter()
    }
}

/// Where generated moves go: a list, or a counter that never spells them out.
pub(crate) trait Sink {
    /// The moves of the piece on `from`: without promotion to each square of `plain`, with
    /// promotion to each square of `promote`.
    fn board(&mut self, from: usize, plain: Bitboard, promote: Bitboard);
    /// Pawn moves by many pawns at once: each from the square `back` indexes after its
    /// destination, without promotion to `plain`, with promotion to `promote`.
    fn pawns(&mut self, plain: Bitboard, promote: Bitboard, back: isize);
    /// Drops of each of `kinds` on each square of `to`.
    fn drops(&mut self, kinds: &[PieceKind], to: Bitboard);
}

impl<const N: usize> Sink for MoveList<N> {
    #[inline(always)]
    fn board(&mut self, from: usize, plain: Bitboard, promote: Bitboard) {
        // The length in a local, so that it stays in a register while the slots are written.
        let mut n = self.len;
        let moves = &mut self.moves;
        each_square(promote, |to| {
            moves[n] = Move::raw(from, to, true);
            n += 1;
        });
        each_square(plain, |to| {
            moves[n] = Move::raw(from, to, false);
            n += 1;
        });
        self.len = n;
    }

    #[inline(always)]
    fn pawns(&mut self, plain: Bitboard, promote: Bitboard, back: isize) {
        let mut n = self.len;
        let moves = &mut self.moves;
        each_square(promote, |to| {
            moves[n] = Move::raw(to.wrapping_add_signed(back), to, true);
            n += 1;
        });
        each_square(plain, |to| {
            moves[n] = Move::raw(to.wrapping_add_signed(back), to, false);
            n += 1;
        });
        self.len = n;
    }

    #[inline(always)]
    fn drops(&mut self, kinds: &[PieceKind], to: Bitboard) {
        let mut n = self.len;
        let moves = &mut self.moves;
        each_square(to, |to| {
            for &kind in kinds {
                moves[n] = Move::Drop {
                    kind,
                    to: Square::from_raw(to),
                };
                n += 1;
            }
        });
        self.len = n;
    }
}

/// Counts moves by the size of their target sets (bulk counting).
pub(crate) struct Counter(pub(crate) usize);

impl Sink for Counter {
    #[inline(always)]
    fn board(&mut self, _from: usize, plain: Bitboard, promote: Bitboard) {
        self.0 += count(plain) + count(promote);
    }

    #[inline(always)]
    fn pawns(&mut self, plain: Bitboard, promote: Bitboard, _back: isize) {
        self.board(0, plain, promote);
    }

    #[inline(always)]
    fn drops(&mut self, kinds: &[PieceKind], to: Bitboard) {
        self.0 += kinds.len() * count(to);
    }
}

/// Which moves to generate: those of pieces on `from`, to squares of `to`, and drops or not.
#[derive(Clone, Copy)]
pub(crate) struct Filter {
    pub(crate) from: Bitboard,
    pub(crate) to: Bitboard,
    pub(crate) drops: bool,
}

impl Filter {
    pub(crate) const ALL: Filter = Filter {
        from: BOARD,
        to: BOARD,
        drops: true,
    };
}

/// Whether each square is in each colour's promotion zone (Black: ranks a-c; White: g-i), as
/// bytes: cheaper to test than a bit of a `u128`.
static IN_ZONE: [[bool; 81]; 2] = {
    let mut z = [[false; 81]; 2];
    let mut sq = 0;
    while sq < 81 {
        z[0][sq] = sq % 9 < 3;
        z[1][sq] = sq % 9 > 5;
        sq += 1;
    }
    z
};

/// Per-position facts shared by the piece loops.
struct Context {
    /// The mover's colour index.
    us: usize,
    /// Squares a non-king move may go to: empty or enemy, and answering a check if any.
    target: Bitboard,
    /// The mover's pinned pieces.
    pinned: Bitboard,
    /// The mover's king square (read only for a pinned piece, so never [`NO_KING`]).
    king: usize,
    /// The mover's promotion zone.
    zone: Bitboard,
}

impl Context {
    /// Sends the moves of each piece of `pieces`, whose attacks `attacks` gives: pinned pieces
    /// keep to their pin line; a promotable kind promotes to any square when it starts in the
    /// zone and to zone squares otherwise, and stays unpromoted only on `plain_ok`.
    #[inline(always)]
    fn each<S: Sink>(
        &self,
        sink: &mut S,
        pieces: Bitboard,
        promotable: bool,
        plain_ok: Bitboard,
        attacks: impl Fn(usize) -> Bitboard,
    ) {
        let run = |sink: &mut S, from: usize, in_zone: bool| {
            let mut to = attacks(from) & self.target;
            if self.pinned != 0 && self.pinned & bit(from) != 0 {
                to &= line_through(self.king, from);
            }
            if to == 0 {
                return;
            }
            if promotable {
                let promote = if in_zone { to } else { to & self.zone };
                sink.board(from, to & plain_ok, promote);
            } else {
                sink.board(from, to, 0);
            }
        };
        for from in squares(pieces) {
            run(sink, from, IN_ZONE[self.us][from]);
        }
    }
}

/// The squares of `targets` that no piece of `them` attacks with `occ` occupied (the mover's
/// king taken off): [`Position::is_attacked`] for each, with the attacker sets worked out once.
#[inline(always)]
fn safe_king_squares(pos: &Position, targets: Bitboard, them: Color, occ: Bitboard) -> Bitboard {
    let t = &TABLES;
    let k = &pos.by_kind;
    let theirs = pos.by_color[them.index()];
    let rev = (!them).index();
    let pawns = k[PAWN] & theirs;
    let knights = k[KNIGHT] & theirs;
    let silvers = k[SILVER] & theirs;
    let golds = (k[GOLD] | k[PRO_PAWN] | k[PRO_LANCE] | k[PRO_KNIGHT] | k[PRO_SILVER]) & theirs;
    let kings = (k[KING] | k[HORSE] | k[DRAGON]) & theirs;
    let rooks = (k[ROOK] | k[DRAGON]) & theirs;
    let bishops = (k[BISHOP] | k[HORSE]) & theirs;
    let lances = k[LANCE] & theirs;
    let mut safe = 0;
    for to in squares(targets) {
        let steppers = (t.pawn[rev][to] & pawns)
            | (t.knight[rev][to] & knights)
            | (t.silver[rev][to] & silvers)
            | (t.gold[rev][to] & golds)
            | (t.king[to] & kings);
        if steppers != 0
            || (rooks & rook_rays(to) != 0 && rook_attacks(to, occ) & rooks != 0)
            || (bishops & bishop_rays(to) != 0 && bishop_attacks(to, occ) & bishops != 0)
            || (lances & lance_ray(!them, to) != 0 && lance_attacks(!them, to, occ) & lances != 0)
        {
            continue;
        }
        safe |= bit(to);
    }
    safe
}

/// Generates the legal moves of the side to move that pass `filter` into `sink`.
pub(crate) fn generate<S: Sink>(pos: &Position, sink: &mut S, filter: Filter) {
    let t = &TABLES;
    let us = pos.side;
    let them = !us;
    let ci = us.index();
    let own = pos.by_color[ci];
    let occ = own | pos.by_color[them.index()];
    // Without a king (NO_KING), `bit(king)` lies outside the board: it meets neither
    // `filter.from` nor `own`, and there is nothing to check.
    let king = pos.kings[ci] as usize;
    let their_king = bit(pos.kings[them.index()] as usize);
    let checkers = if king < 81 {
        pos.attackers_to(king, them, occ)
    } else {
        0
    };

    if filter.from & bit(king) != 0 {
        let without_king = occ ^ bit(king);
        let targets = t.king[king] & !own & !their_king & filter.to;
        let safe = safe_king_squares(pos, targets, them, without_king);
        if safe != 0 {
            sink.board(king, safe, 0);
        }
    }
    if checkers & checkers.wrapping_sub(1) != 0 {
        return;
    }
    let answers = if checkers == 0 {
        BOARD
    } else {
        between(lsb(checkers), king) | checkers
    };
    let k = &pos.by_kind;
    let movers = own & filter.from & !bit(king);
    if movers != 0 {
        let cx = Context {
            us: ci,
            // A king is never taken (only a relaxed position leaves one attacked).
            target: answers & !own & !their_king & filter.to,
            pinned: pos.pinned(us, occ),
            king,
            zone: t.zone[ci],
        };
        let c = cx.us;
        // Unpinned pawns all at once: a pawn never stands on its last rank, so the shift
        // stays inside its file; pinned pawns one by one.
        let pawns = k[PAWN] & movers;
        let free = pawns & !cx.pinned;
        let (to, back) = match us {
            Color::Black => (free >> 1, 1),
            Color::White => (free << 1, -1),
        };
        let to = to & cx.target;
        if to != 0 {
            sink.pawns(to & t.pawn_ok[c], to & cx.zone, back);
        }
        cx.each(sink, pawns & cx.pinned, true, t.pawn_ok[c], |s| {
            t.pawn[c][s]
        });
        cx.each(sink, k[LANCE] & movers, true, t.pawn_ok[c], |s| {
            lance_attacks(us, s, occ)
        });
        cx.each(sink, k[KNIGHT] & movers, true, t.knight_ok[c], |s| {
            t.knight[c][s]
        });
        cx.each(sink, k[SILVER] & movers, true, BOARD, |s| t.silver[c][s]);
        let golds = k[GOLD] | k[PRO_PAWN] | k[PRO_LANCE] | k[PRO_KNIGHT] | k[PRO_SILVER];
        cx.each(sink, golds & movers, false, BOARD, |s| t.gold[c][s]);
        cx.each(sink, k[BISHOP] & movers, true, BOARD, |s| {
            bishop_attacks(s, occ)
        });
        cx.each(sink, k[ROOK] & movers, true, BOARD, |s| {
            rook_attacks(s, occ)
        });
        cx.each(sink, k[HORSE] & movers, false, BOARD, |s| {
            bishop_attacks(s, occ) | t.king[s]
        });
        cx.each(sink, k[DRAGON] & movers, false, BOARD, |s| {
            rook_attacks(s, occ) | t.king[s]
        });
    }

    let hand = pos.hands[ci];
    if !filter.drops || hand.is_empty() {
        return;
    }
    let empty = answers & !occ & filter.to;
    if empty == 0 {
        return;
    }
    if hand.count_index(PAWN) > 0 {
        let mut to = empty & t.pawn_ok[ci] & files_without(k[PAWN] & own);
        // The one square where a pawn drop checks: uchifuzume if it also mates (no such
        // square without an enemy king).
        if let Some(their_king) = pos.king(them) {
            let check_sq = t.pawn[them.index()][their_king];
            if to & check_sq != 0 && pos.is_pawn_drop_mate(lsb(check_sq)) {
                to &= !check_sq;
            }
        }
        sink.drops(&[PieceKind::Pawn], to);
    }
    if hand.count_index(LANCE) > 0 {
        sink.drops(&[PieceKind::Lance], empty & t.pawn_ok[ci]);
    }
    if hand.count_index(KNIGHT) > 0 {
        sink.drops(&[PieceKind::Knight], empty & t.knight_ok[ci]);
    }
    let mut kinds = [PieceKind::Silver; 4];
    let mut n = 0;
    for kind in [
        PieceKind::Silver,
        PieceKind::Gold,
        PieceKind::Bishop,
        PieceKind::Rook,
    ] {
        if hand.count_index(kind.index()) > 0 {
            kinds[n] = kind;
            n += 1;
        }
    }
    if n > 0 {
        sink.drops(&kinds[..n], empty);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn moves(sfen: &str) -> Vec<String> {
        let pos = Position::from_sfen(sfen).unwrap();
        let mut v: Vec<String> = pos.legal_moves().iter().map(|m| m.to_string()).collect();
        v.sort();
        v
    }

    #[test]
    fn count_matches_list() {
        for sfen in [
            Position::START_SFEN,
            "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1",
            "R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1",
        ] {
            let pos = Position::from_sfen(sfen).unwrap();
            assert_eq!(pos.count_legal_moves(), pos.legal_moves().len(), "{sfen}");
        }
    }

    #[test]
    fn double_check_allows_only_king_moves() {
        // The white rook on 5a checks along the file, the white bishop on 1e along the diagonal.
        let v = moves("k3r4/9/9/9/8b/9/9/3G5/4K4 b G 1");
        assert!(!v.is_empty());
        assert!(v.iter().all(|m| m.starts_with("5i")), "{v:?}");
    }

    #[test]
    fn pinned_piece_moves_along_its_line() {
        // The black rook on 5e is pinned by the white rook on 5a: it may move on file 5 only.
        let v = moves("4r3k/9/9/9/4R4/9/9/9/4K4 b - 1");
        let rook: Vec<&String> = v.iter().filter(|m| m.starts_with("5e")).collect();
        assert_eq!(
            rook,
            [
                "5e5a", "5e5a+", "5e5b", "5e5b+", "5e5c", "5e5c+", "5e5d", "5e5f", "5e5g", "5e5h"
            ]
        );
    }
}
