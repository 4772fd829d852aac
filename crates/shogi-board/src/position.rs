//! The position: pieces on squares, pieces in hand, the side to move and the move count; legal
//! moves, why a move is illegal, and playing moves.

use std::fmt;

use notation_traits::{GameResult, PlayError, Rule, Termination};

use crate::bitboard::{
    BOARD, Bitboard, TABLES, between, bishop_attacks, bishop_rays, bit, lance_attacks, lance_ray,
    rook_attacks, rook_rays, squares,
};
use crate::movegen::{self, Counter, Filter, MoveList, SQUARE_CAPACITY};
use crate::{Color, Hand, Move, Piece, PieceKind, Square};

/// Kind indexes, as [`PieceKind::index`] gives them.
pub(crate) const PAWN: usize = 0;
pub(crate) const LANCE: usize = 1;
pub(crate) const KNIGHT: usize = 2;
pub(crate) const SILVER: usize = 3;
pub(crate) const BISHOP: usize = 4;
pub(crate) const ROOK: usize = 5;
pub(crate) const GOLD: usize = 6;
pub(crate) const KING: usize = 7;
pub(crate) const PRO_PAWN: usize = 8;
pub(crate) const PRO_LANCE: usize = 9;
pub(crate) const PRO_KNIGHT: usize = 10;
pub(crate) const PRO_SILVER: usize = 11;
pub(crate) const HORSE: usize = 12;
pub(crate) const DRAGON: usize = 13;

/// A shogi position: the board, both hands, the side to move and the SFEN move count.
///
/// Every `Position` passes the checks of [`Position::from_sfen`]: at most one king a side, no
/// more pieces of a kind than the set holds (counting both hands), no unpromoted pawn or lance
/// on its last rank nor knight on its last two, no two unpromoted pawns of one side on a file,
/// and the side not to move not in check. Playing legal moves keeps this.
///
/// The move count is the SFEN one: the ply number of the next move, 1 at the start of an even
/// or handicap game ([`Position::ply`]). Equality and hashing compare it too.
///
/// # Positions without a king
///
/// A side may have no king: the attacking side (攻め方, usually sente) of a mating problem
/// (詰将棋) has none, while the defending side (玉方) has one. Such a side is never in check and
/// can never be checkmated, so none of its moves is refused for leaving a king attacked; every
/// other rule holds for it unchanged (nifu, forced promotion, drops, and uchifuzume, which
/// forbids a pawn drop that mates the opponent's king and so only binds a side whose
/// opponent has a king). [`Position::king_square`] is `None` for it. The position holds only
/// what it is given: the pieces a problem leaves to the defender (残り駒全部) are in its hand
/// only where the record puts them there.
///
/// Rule: the conventions of tsume shogi (詰将棋), as the Japan Shogi Association's problems
/// (e.g. 毎日詰将棋) and the CSA and KIF formats write them: the defender has a king, the
/// attacker needs none.
///
/// # Examples
///
/// ```
/// use shogi_board::Position;
///
/// let pos = Position::new();
/// assert_eq!(pos.legal_moves().len(), 30);
/// let pos = pos.play("7g7f".parse()?)?.play("3c3d".parse()?)?.play("8h2b+".parse()?)?;
/// assert_eq!(
///     pos.to_sfen(),
///     "lnsgkgsnl/1r5+B1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL w B 4"
/// );
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Position {
    /// Piece codes by square index: 0 empty, else `1 + kind index`, plus 16 for White.
    pub(crate) board: [u8; 81],
    /// Squares of each colour's pieces.
    pub(crate) by_color: [Bitboard; 2],
    /// Squares of each kind's pieces, both colours.
    pub(crate) by_kind: [Bitboard; 14],
    /// The hands, by colour.
    pub(crate) hands: [Hand; 2],
    /// The kings' squares, by colour; [`NO_KING`] for a side without one.
    pub(crate) kings: [u8; 2],
    /// The side to move.
    pub(crate) side: Color,
    /// The SFEN move count: the ply number of the next move.
    pub(crate) ply: u32,
}

/// The king square of a side without a king: above every square index, so that
/// [`bit`](crate::bitboard::bit) gives a set outside the board (bit 127), which meets no
/// piece; it must never index a square table.
pub(crate) const NO_KING: u8 = u8::MAX;

/// The board code of a piece.
const fn encode(p: Piece) -> u8 {
    (1 + p.kind.index() as u8) | ((p.color.index() as u8) << 4)
}

/// The piece of a board code.
const fn decode(code: u8) -> Option<Piece> {
    if code == 0 {
        return None;
    }
    let color = if code & 16 == 0 {
        Color::Black
    } else {
        Color::White
    };
    match PieceKind::from_index(((code & 15) - 1) as usize) {
        Some(kind) => Some(Piece { color, kind }),
        None => None,
    }
}

impl Default for Position {
    fn default() -> Self {
        Position::new()
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({})", self.to_sfen())
    }
}

impl fmt::Display for Position {
    /// The SFEN.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_sfen())
    }
}

impl Position {
    /// The SFEN of the even-game start position, Black to move.
    pub const START_SFEN: &'static str =
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";

    /// The even-game (平手) start position, Black (sente) to move.
    ///
    /// For the handicap start positions see [`Handicap`](crate::Handicap).
    pub fn new() -> Position {
        // Read from its SFEN once: every game of a KIF or PSN file starts here, and reading the
        // SFEN cost a twentieth of reading and checking a KIF game.
        static START: std::sync::LazyLock<Position> =
            std::sync::LazyLock::new(|| match Position::from_sfen(Position::START_SFEN) {
                Ok(pos) => pos,
                Err(e) => unreachable!("the start SFEN is valid: {e}"),
            });
        *START
    }

    /// An empty board with empty hands, Black to move; used while building a position.
    pub(crate) fn empty() -> Position {
        Position {
            board: [0; 81],
            by_color: [0; 2],
            by_kind: [0; 14],
            hands: [Hand::EMPTY; 2],
            kings: [NO_KING; 2],
            side: Color::Black,
            ply: 1,
        }
    }

    /// Puts `piece` on the square with index `sq`, replacing what stood there.
    #[inline]
    pub(crate) fn put(&mut self, sq: usize, piece: Piece) {
        self.take(sq);
        let b = bit(sq);
        self.board[sq] = encode(piece);
        self.by_color[piece.color.index()] |= b;
        self.by_kind[piece.kind.index()] |= b;
        if piece.kind == PieceKind::King {
            self.kings[piece.color.index()] = sq as u8;
        }
    }

    /// Empties the square with index `sq`, returning the piece that stood there.
    #[inline]
    fn take(&mut self, sq: usize) -> Option<Piece> {
        let piece = decode(self.board[sq])?;
        let b = bit(sq);
        self.board[sq] = 0;
        self.by_color[piece.color.index()] &= !b;
        self.by_kind[piece.kind.index()] &= !b;
        Some(piece)
    }

    /// Sets the hand of `color`.
    pub(crate) fn set_hand(&mut self, color: Color, hand: Hand) {
        self.hands[color.index()] = hand;
    }

    /// The piece on `sq`, if any.
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        decode(self.board[sq.index()])
    }

    /// The pieces `color` holds in hand.
    pub fn hand(&self, color: Color) -> Hand {
        self.hands[color.index()]
    }

    /// The side to move.
    pub fn side_to_move(&self) -> Color {
        self.side
    }

    /// The SFEN move count (手数 + 1): the ply number of the next move, counting every move of
    /// either side; 1 at the start of an even or a handicap game.
    pub fn ply(&self) -> u32 {
        self.ply
    }

    /// The square of `color`'s king; `None` when `color` has no king (the attacker of a
    /// mating problem: see [Positions without a king](Position#positions-without-a-king)).
    pub fn king_square(&self, color: Color) -> Option<Square> {
        let sq = self.kings[color.index()] as usize;
        (sq < 81).then(|| Square::from_raw(sq))
    }

    /// The square index of `color`'s king, `None` without one.
    #[inline(always)]
    pub(crate) fn king(&self, color: Color) -> Option<usize> {
        let sq = self.kings[color.index()] as usize;
        (sq < 81).then_some(sq)
    }

    /// Every piece of `color` on the board with its square, in square index order (`1a`, `1b`,
    /// .. `9i`).
    pub fn pieces(&self, color: Color) -> impl Iterator<Item = (Square, Piece)> + '_ {
        squares(self.by_color[color.index()])
            .filter_map(move |i| decode(self.board[i]).map(|p| (Square::from_raw(i), p)))
    }

    /// The squares holding `piece`, in square index order.
    pub fn squares_of(&self, piece: Piece) -> impl Iterator<Item = Square> + '_ {
        let set = self.by_color[piece.color.index()] & self.by_kind[piece.kind.index()];
        squares(set).map(Square::from_raw)
    }

    /// Every occupied square.
    #[inline(always)]
    pub(crate) fn occupied(&self) -> Bitboard {
        self.by_color[0] | self.by_color[1]
    }

    /// The pieces of `by` that attack the square with index `sq`, with `occ` as the occupied
    /// squares (sliders see through squares missing from it).
    #[inline]
    pub(crate) fn attackers_to(&self, sq: usize, by: Color, occ: Bitboard) -> Bitboard {
        let t = &TABLES;
        let k = &self.by_kind;
        let theirs = self.by_color[by.index()];
        // A piece of `by` attacks `sq` exactly when the same piece of the other colour on `sq`
        // would attack it.
        let rev = (!by).index();
        let golds = k[GOLD] | k[PRO_PAWN] | k[PRO_LANCE] | k[PRO_KNIGHT] | k[PRO_SILVER];
        let mut attackers = (t.pawn[rev][sq] & k[PAWN])
            | (t.knight[rev][sq] & k[KNIGHT])
            | (t.silver[rev][sq] & k[SILVER])
            | (t.gold[rev][sq] & golds)
            | (t.king[sq] & (k[KING] | k[HORSE] | k[DRAGON]));
        let lances = k[LANCE] & theirs;
        if lances & lance_ray(!by, sq) != 0 {
            attackers |= lance_attacks(!by, sq, occ) & lances;
        }
        let rooks = (k[ROOK] | k[DRAGON]) & theirs;
        if rooks & rook_rays(sq) != 0 {
            attackers |= rook_attacks(sq, occ) & rooks;
        }
        let bishops = (k[BISHOP] | k[HORSE]) & theirs;
        if bishops & bishop_rays(sq) != 0 {
            attackers |= bishop_attacks(sq, occ) & bishops;
        }
        attackers & theirs
    }

    /// Whether a piece of `by` attacks the square with index `sq`, with `occ` as the occupied
    /// squares: [`attackers_to`](Position::attackers_to) with early exits.
    #[inline]
    pub(crate) fn is_attacked(&self, sq: usize, by: Color, occ: Bitboard) -> bool {
        self.is_attacked_but(sq, by, occ, 0)
    }

    /// [`is_attacked`](Position::is_attacked) with the pieces of `by` on `taken` left out (a
    /// piece a move would capture): whether the square with index `sq` is attacked after a
    /// move that leaves `occ` occupied, without making the move.
    #[inline]
    pub(crate) fn is_attacked_but(
        &self,
        sq: usize,
        by: Color,
        occ: Bitboard,
        taken: Bitboard,
    ) -> bool {
        let t = &TABLES;
        let k = &self.by_kind;
        let theirs = self.by_color[by.index()] & !taken;
        let rev = (!by).index();
        let golds = k[GOLD] | k[PRO_PAWN] | k[PRO_LANCE] | k[PRO_KNIGHT] | k[PRO_SILVER];
        let steppers = (t.pawn[rev][sq] & k[PAWN])
            | (t.knight[rev][sq] & k[KNIGHT])
            | (t.silver[rev][sq] & k[SILVER])
            | (t.gold[rev][sq] & golds)
            | (t.king[sq] & (k[KING] | k[HORSE] | k[DRAGON]));
        if steppers & theirs != 0 {
            return true;
        }
        let rooks = (k[ROOK] | k[DRAGON]) & theirs;
        if rooks & rook_rays(sq) != 0 && rook_attacks(sq, occ) & rooks != 0 {
            return true;
        }
        let bishops = (k[BISHOP] | k[HORSE]) & theirs;
        if bishops & bishop_rays(sq) != 0 && bishop_attacks(sq, occ) & bishops != 0 {
            return true;
        }
        let lances = k[LANCE] & theirs;
        lances & lance_ray(!by, sq) != 0 && lance_attacks(!by, sq, occ) & lances != 0
    }

    /// The pieces of `color` pinned to their king: each stands alone between the king and an
    /// enemy lance, bishop, rook, horse or dragon aimed at the king along that line; none
    /// without a king.
    pub(crate) fn pinned(&self, color: Color, occ: Bitboard) -> Bitboard {
        let Some(ksq) = self.king(color) else {
            return 0;
        };
        let k = &self.by_kind;
        let snipers = self.by_color[(!color).index()]
            & ((rook_rays(ksq) & (k[ROOK] | k[DRAGON]))
                | (bishop_rays(ksq) & (k[BISHOP] | k[HORSE]))
                | (lance_ray(color, ksq) & k[LANCE]));
        let mut pinned = 0;
        for s in squares(snipers) {
            let b = between(s, ksq) & occ;
            if b != 0 && b & (b - 1) == 0 {
                pinned |= b;
            }
        }
        pinned & self.by_color[color.index()]
    }

    /// The squares `piece` on `sq` attacks with `occ` as the occupied squares.
    fn attacks_of(piece: Piece, sq: usize, occ: Bitboard) -> Bitboard {
        let t = &TABLES;
        let c = piece.color.index();
        match piece.kind {
            PieceKind::Pawn => t.pawn[c][sq],
            PieceKind::Lance => lance_attacks(piece.color, sq, occ),
            PieceKind::Knight => t.knight[c][sq],
            PieceKind::Silver => t.silver[c][sq],
            PieceKind::Bishop => bishop_attacks(sq, occ),
            PieceKind::Rook => rook_attacks(sq, occ),
            PieceKind::King => t.king[sq],
            PieceKind::Horse => bishop_attacks(sq, occ) | t.king[sq],
            PieceKind::Dragon => rook_attacks(sq, occ) | t.king[sq],
            _ => t.gold[c][sq],
        }
    }

    /// Whether `color`'s king is attacked; `false` when `color` has no king.
    pub fn is_king_attacked(&self, color: Color) -> bool {
        self.king(color)
            .is_some_and(|ksq| self.is_attacked(ksq, !color, self.occupied()))
    }

    /// Whether the side to move is in check (its king is attacked; 王手); never for a side
    /// without a king.
    pub fn is_check(&self) -> bool {
        self.is_king_attacked(self.side)
    }

    /// The squares of the pieces giving check to the side to move, in square index order
    /// (none for a side without a king).
    pub fn checkers(&self) -> impl Iterator<Item = Square> {
        let set = match self.king(self.side) {
            Some(ksq) => self.attackers_to(ksq, !self.side, self.occupied()),
            None => 0,
        };
        squares(set).map(Square::from_raw)
    }

    /// Every legal move of the side to move, in no particular order.
    ///
    /// - Promotion is offered on a move that starts or ends in the mover's promotion zone (the
    ///   opponent's three ranks) by a pawn, lance, knight, silver, bishop or rook; both the
    ///   promoting and the plain move are listed, except where the piece could not move again
    ///   unpromoted (pawn or lance to the last rank, knight to the last two): then only the
    ///   promotion.
    /// - Drops go to empty squares, never where the piece could not move again, never a second
    ///   unpromoted pawn of the mover on a file (nifu), never a pawn that checkmates
    ///   (uchifuzume); a pawn drop that checks without mating is listed.
    /// - No move leaves the mover's king attacked, and no move takes a king. A side without a
    ///   king has no check to answer, and its pawn drops are never uchifuzume when the
    ///   opponent has no king either.
    ///
    /// Rule: Japan Shogi Association, 将棋のルール (駒の動き, 成り, 持ち駒, 禁じ手).
    ///
    /// ```
    /// use shogi_board::Position;
    ///
    /// // The pawn-drop mate position of the perft tests: 85 moves, P*1b is not among them.
    /// let pos = Position::from_sfen("7lk/9/8S/9/9/9/9/7L1/8K b P 1")?;
    /// let moves = pos.legal_moves();
    /// assert_eq!(moves.len(), 85);
    /// assert!(!moves.contains(&"P*1b".parse()?));
    /// assert!(moves.contains(&"P*1d".parse()?));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        movegen::generate(self, &mut list, Filter::ALL);
        list
    }

    /// The legal moves of the piece on `from` (none when it is not the side to move's).
    pub fn legal_moves_from(&self, from: Square) -> MoveList<SQUARE_CAPACITY> {
        let mut list = MoveList::new();
        let filter = Filter {
            from: bit(from.index()),
            to: BOARD,
            drops: false,
        };
        movegen::generate(self, &mut list, filter);
        list
    }

    /// The legal moves, board moves and drops, that arrive on `to`: what a notation needs to
    /// tell apart pieces that can reach the same square.
    ///
    /// ```
    /// use shogi_board::{Position, Square};
    ///
    /// let pos = Position::from_sfen("4k4/9/9/9/9/9/9/3G1G3/4K4 b P 1")?;
    /// let mut to_5h: Vec<String> =
    ///     pos.legal_moves_to("5h".parse()?).iter().map(|m| m.to_string()).collect();
    /// to_5h.sort();
    /// assert_eq!(to_5h, ["4h5h", "5i5h", "6h5h", "P*5h"]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn legal_moves_to(&self, to: Square) -> MoveList<SQUARE_CAPACITY> {
        let mut list = MoveList::new();
        let filter = Filter {
            from: BOARD,
            to: bit(to.index()),
            drops: true,
        };
        movegen::generate(self, &mut list, filter);
        list
    }

    /// The number of legal moves, counted without listing them.
    pub fn count_legal_moves(&self) -> usize {
        let mut counter = Counter(0);
        movegen::generate(self, &mut counter, Filter::ALL);
        counter.0
    }

    /// Whether dropping a pawn of the side to move on the square with index `psq` (empty, in
    /// front of the enemy king) would checkmate; the enemy must have a king (without one,
    /// nothing is mated: `false`).
    pub(crate) fn is_pawn_drop_mate(&self, psq: usize) -> bool {
        let us = self.side;
        let them = !us;
        let Some(ek) = self.king(them) else {
            return false;
        };
        let occ = self.occupied() | bit(psq);
        // A piece other than the king takes the pawn: it cannot be pinned, for the pawn stands
        // next to the king and so blocks every line through that square.
        let takers = self.attackers_to(psq, them, occ) & !bit(ek);
        if takers & !self.pinned(them, occ) != 0 {
            return false;
        }
        // The king steps away, or takes the pawn when nothing defends it. The pawn attacks only
        // the king's square, so only its place in `occ` matters.
        let without_king = occ ^ bit(ek);
        for to in squares(TABLES.king[ek] & !self.by_color[them.index()]) {
            if !self.is_attacked(to, us, without_king) {
                return false;
            }
        }
        true
    }

    /// Whether `mv` is legal.
    pub fn is_legal(&self, mv: Move) -> bool {
        self.check_move(mv).is_ok()
    }

    /// Why `mv` is illegal, or `Ok` when it is legal.
    ///
    /// # Errors
    ///
    /// The first [`Rule`] the move breaks. A board move is checked in this order:
    /// [`Rule::WrongSide`] (no piece of the side to move on the square of departure),
    /// [`Rule::OwnPiece`], [`Rule::Movement`] (the piece never moves that way),
    /// [`Rule::PathBlocked`] (and [`Rule::Movement`] for taking a king, which only a
    /// [relaxed](Position::from_sfen_relaxed) position allows to be attacked),
    /// [`Rule::PromotionNotAllowed`] (a promotion by a gold, king or
    /// promoted piece, or neither square in the zone), [`Rule::ForcedPromotion`] (a pawn or
    /// lance to the last rank or a knight to the last two, unpromoted), then
    /// [`Rule::KingLeftInCheck`]. A drop: [`Rule::NotInHand`] (also for a promoted kind or the
    /// king), [`Rule::DropOnOccupied`], [`Rule::DeadPiece`], [`Rule::Nifu`],
    /// [`Rule::KingLeftInCheck`], then [`Rule::Uchifuzume`].
    ///
    /// Rule: Japan Shogi Association, 将棋のルール and 禁じ手 (二歩, 打ち歩詰め, 行き所のない駒,
    /// 王手放置).
    ///
    /// ```
    /// use notation_traits::Rule;
    /// use shogi_board::Position;
    ///
    /// let pos = Position::from_sfen("7lk/9/8S/9/9/9/9/7L1/8K b P 1")?;
    /// assert_eq!(pos.check_move("P*1b".parse()?), Err(Rule::Uchifuzume));
    /// assert_eq!(pos.check_move("P*1a".parse()?), Err(Rule::DropOnOccupied));
    /// assert_eq!(pos.check_move("1c1b".parse()?), Ok(()));
    /// assert_eq!(Position::new().check_move("2h2c".parse()?), Err(Rule::PathBlocked));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn check_move(&self, mv: Move) -> Result<(), Rule> {
        let us = self.side;
        let occ = self.occupied();
        match mv {
            Move::Normal { from, to, promote } => {
                let piece = self
                    .piece_at(from)
                    .filter(|p| p.color == us)
                    .ok_or(Rule::WrongSide)?;
                match self.piece_at(to) {
                    Some(p) if p.color == us => return Err(Rule::OwnPiece),
                    // Only a relaxed position leaves a king to be taken; taking it is no move.
                    Some(p) if p.kind == PieceKind::King => return Err(Rule::Movement),
                    _ => {}
                }
                let (f, t) = (from.index(), to.index());
                if Self::attacks_of(piece, f, 0) & bit(t) == 0 {
                    return Err(Rule::Movement);
                }
                if Self::attacks_of(piece, f, occ) & bit(t) == 0 {
                    return Err(Rule::PathBlocked);
                }
                if promote && !piece.can_promote(from, to) {
                    return Err(Rule::PromotionNotAllowed);
                }
                if !promote && piece.must_promote(to) {
                    return Err(Rule::ForcedPromotion);
                }
            }
            Move::Drop { kind, to } => {
                if !self.hands[us.index()].contains(kind) {
                    return Err(Rule::NotInHand);
                }
                if occ & bit(to.index()) != 0 {
                    return Err(Rule::DropOnOccupied);
                }
                if !Piece::new(us, kind).can_stand_on(to) {
                    return Err(Rule::DeadPiece);
                }
                if kind == PieceKind::Pawn {
                    let file: Bitboard = 0x1FF << (9 * to.file().index());
                    if self.by_kind[PAWN] & self.by_color[us.index()] & file != 0 {
                        return Err(Rule::Nifu);
                    }
                }
            }
        }
        // The king's safety from the squares the move leaves occupied, without making it (a
        // copy of the position and the move on it cost a fifth of reading a KIF move): the
        // move's piece is the mover's, so only the captured piece leaves the attackers, and
        // only a moved king changes the square attacked.
        let (king, occ_after, taken) = match mv {
            Move::Normal { from, to, .. } => {
                let (f, t) = (from.index(), to.index());
                let king = if f == self.kings[us.index()] as usize {
                    Some(t)
                } else {
                    self.king(us)
                };
                (king, (occ & !bit(f)) | bit(t), bit(t))
            }
            Move::Drop { to, .. } => (self.king(us), occ | bit(to.index()), 0),
        };
        if king.is_some_and(|k| self.is_attacked_but(k, !us, occ_after, taken)) {
            return Err(Rule::KingLeftInCheck);
        }
        if let Move::Drop {
            kind: PieceKind::Pawn,
            ..
        } = mv
        {
            let mut after = *self;
            after.play_unchecked(mv);
            if after.is_check() && after.count_legal_moves() == 0 {
                return Err(Rule::Uchifuzume);
            }
        }
        Ok(())
    }

    /// The piece that `mv` moves or drops; `None` for a board move from a square without a
    /// piece.
    pub fn moving_piece(&self, mv: Move) -> Option<Piece> {
        match mv {
            Move::Normal { from, .. } => self.piece_at(from),
            Move::Drop { kind, .. } => Some(Piece::new(self.side, kind)),
        }
    }

    /// The piece `mv` captures, if any (drops capture nothing).
    pub fn captured_piece(&self, mv: Move) -> Option<Piece> {
        match mv {
            Move::Normal { to, .. } => self.piece_at(to),
            Move::Drop { .. } => None,
        }
    }

    /// Whether `mv` captures a piece.
    pub fn is_capture(&self, mv: Move) -> bool {
        self.captured_piece(mv).is_some()
    }

    /// Whether the legal move `mv` puts the opponent in check.
    pub fn gives_check(&self, mv: Move) -> bool {
        let mut after = *self;
        after.play_unchecked(mv);
        after.is_check()
    }

    /// Plays `mv` without checking it: the piece moves (and promotes), a captured piece goes to
    /// the mover's hand unpromoted, a drop leaves the hand; the side to move changes and the
    /// move count grows by one. The move must be legal; an illegal one leaves a position that
    /// may break the invariants (but never memory safety).
    pub fn play_unchecked(&mut self, mv: Move) {
        let us = self.side;
        match mv {
            Move::Normal { from, to, promote } => {
                if let Some(piece) = self.take(from.index()) {
                    if let Some(captured) = self.take(to.index()) {
                        self.hands[us.index()].add(captured.kind);
                    }
                    let kind = if promote {
                        piece.kind.promote().unwrap_or(piece.kind)
                    } else {
                        piece.kind
                    };
                    self.put(to.index(), Piece::new(piece.color, kind));
                }
            }
            Move::Drop { kind, to } => {
                self.hands[us.index()].remove(kind);
                self.put(to.index(), Piece::new(us, kind));
            }
        }
        self.side = !us;
        self.ply = self.ply.saturating_add(1);
    }

    /// Plays `mv` if it is legal.
    ///
    /// # Errors
    ///
    /// [`PlayError`] with the unchanged position when `mv` is illegal; [`Position::check_move`]
    /// says why.
    #[expect(
        clippy::result_large_err,
        reason = "PlayError hands the position back, as notation_traits::Position::play does"
    )]
    pub fn play(self, mv: Move) -> Result<Position, PlayError<Position>> {
        if self.is_legal(mv) {
            let mut pos = self;
            pos.play_unchecked(mv);
            Ok(pos)
        } else {
            Err(PlayError { mv, position: self })
        }
    }

    /// Whether `self` and `other` are the same position for the rules: the same board, hands
    /// and side to move, the ply count aside (the identity of repetition, 千日手).
    ///
    /// ```
    /// use shogi_board::Position;
    ///
    /// let start = Position::new();
    /// let back = ["2h3h", "8b7b", "3h2h", "7b8b"]
    ///     .iter()
    ///     .try_fold(start, |p, m| p.play(m.parse()?).map_err(|e| e.to_string().into()))
    ///     .map_err(|e: Box<dyn std::error::Error>| e)?;
    /// assert_ne!(back, start);
    /// assert!(back.same_position(&start));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn same_position(&self, other: &Position) -> bool {
        self.board == other.board && self.hands == other.hands && self.side == other.side
    }

    /// Whether the side to move is checkmated (詰み): in check with no legal move (never for
    /// a side without a king).
    pub fn is_checkmate(&self) -> bool {
        self.is_check() && self.count_legal_moves() == 0
    }

    /// The result when the side to move has no legal move: it loses, by checkmate when in check
    /// and by [`Termination::Stalemate`] otherwise. `None` while it has a legal move.
    ///
    /// Repetition (千日手) and perpetual check need the game's history: see
    /// [`repetition`](crate::repetition); entering-king declarations (入玉宣言) are
    /// [`Position::declaration`].
    ///
    /// Rule: Japan Shogi Association, 将棋のルール (詰み: the side that cannot escape check loses;
    /// a side without a legal move loses).
    pub fn outcome(&self) -> Option<(GameResult, Termination)> {
        if self.count_legal_moves() > 0 {
            return None;
        }
        let result = GameResult::win_for(self.side == Color::White);
        let termination = if self.is_check() {
            Termination::Checkmate
        } else {
            Termination::Stalemate
        };
        Some((result, termination))
    }

    /// The full-move number of [`notation_traits::Position::move_number`]: grows after each
    /// move of White (the second player). In an even game plies 1 and 2 are move 1; in a
    /// handicap game (White first, `w` at ply 1) White's first move is move 1 and Black's reply
    /// move 2.
    pub fn move_number(&self) -> u32 {
        // Black moves on odd plies when the record started from Black's move.
        let black_on_odd = (self.ply % 2 == 1) == (self.side == Color::Black);
        if black_on_odd {
            self.ply.div_ceil(2)
        } else {
            self.ply / 2 + 1
        }
    }
}

impl notation_traits::Position for Position {
    type Move = Move;
    type Color = Color;

    fn side_to_move(&self) -> Color {
        self.side
    }

    fn is_first_player(color: Color) -> bool {
        color == Color::Black
    }

    fn move_number(&self) -> u32 {
        Position::move_number(self)
    }

    /// The SFEN move count, which counts plies.
    fn ply_number(&self) -> u32 {
        self.ply
    }

    fn legal_moves(&self) -> Vec<Move> {
        Position::legal_moves(self).to_vec()
    }

    fn is_legal(&self, mv: Move) -> bool {
        Position::is_legal(self, mv)
    }

    fn play_unchecked(&mut self, mv: Move) {
        Position::play_unchecked(self, mv);
    }

    fn is_check(&self) -> bool {
        Position::is_check(self)
    }

    fn outcome(&self) -> Option<(GameResult, Termination)> {
        Position::outcome(self)
    }

    fn to_text(&self) -> String {
        self.to_sfen()
    }

    fn passed(&self) -> Option<Self> {
        // A side in check cannot pass: the other could take its king.
        if notation_traits::Position::is_check(self) {
            return None;
        }
        let sfen = self.to_sfen();
        let mut fields: Vec<&str> = sfen.split(' ').collect();
        fields[1] = if fields[1] == "b" { "w" } else { "b" };
        Position::from_sfen(&fields.join(" ")).ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Handicap;

    #[test]
    fn start_position_has_30_moves_and_no_check() {
        let pos = Position::new();
        assert_eq!(pos.legal_moves().len(), 30);
        assert!(!pos.is_check());
        assert_eq!(pos.outcome(), None);
    }

    #[test]
    fn move_numbers_follow_the_trait() {
        use notation_traits::Position as _;
        let mut pos = Position::new();
        let mut seen = vec![];
        for mv in ["7g7f", "3c3d", "2g2f", "8c8d"] {
            seen.push((pos.move_number(), pos.ply_number()));
            pos.play_unchecked(mv.parse().unwrap());
        }
        assert_eq!(seen, [(1, 1), (1, 2), (2, 3), (2, 4)]);
        let mut pos = Handicap::TwoPiece.position();
        let mut seen = vec![];
        for mv in ["5a4b", "7g7f", "4b3b", "2g2f"] {
            seen.push((pos.move_number(), pos.ply_number()));
            pos.play_unchecked(mv.parse().unwrap());
        }
        assert_eq!(seen, [(1, 1), (2, 2), (2, 3), (3, 4)]);
    }

    #[test]
    fn captured_pieces_go_to_hand_unpromoted() {
        let pos = Position::from_sfen("4k4/9/4+p4/9/9/9/9/4R4/4K4 b - 1").unwrap();
        let pos = pos.play("5h5c+".parse().unwrap()).unwrap();
        assert_eq!(pos.hand(Color::Black).count(PieceKind::Pawn), 1);
        assert_eq!(
            pos.piece_at("5c".parse().unwrap()),
            Some(Piece::new(Color::Black, PieceKind::Dragon))
        );
        assert!(pos.is_check());
    }

    #[test]
    fn no_legal_move_loses_for_the_side_to_move() {
        // Black's king on 1i cannot move: 2i and 2h are covered by the white gold on 2g (2h)
        // and the white dragon on 9i (rank i); 1h by the gold.
        let pos = Position::from_sfen("k8/9/9/9/9/9/7g1/9/+r7K b - 1").unwrap();
        assert!(pos.is_check());
        assert_eq!(
            pos.outcome(),
            Some((GameResult::SecondPlayerWins, Termination::Checkmate))
        );
    }
}
