//! The position: pieces on points, the side to move, the counters; legal moves and playing them.

use std::fmt;

use notation_traits::{GameResult, PlayError, Rule, Termination};

use crate::legal;
use crate::movegen::{
    self, ADVISOR, BLACK_BIT, CANNON, CHARIOT, ELEPHANT, HORSE, KING, MoveList, PAWN, TABLES,
    color_bit,
};
use crate::{Color, Move, Piece, PieceKind, Square};

/// A xiangqi position: the board, the side to move, the half-move clock and the move number.
///
/// Every `Position` is legal as far as a position can be checked: one king a side inside its
/// palace, advisors, elephants and pawns only on points they can reach, at most the pieces a
/// side starts with, and the side not to move not in check. [`Position::from_fen`] enforces
/// this; playing legal moves keeps it.
///
/// # Examples
///
/// ```
/// use xiangqi_board::{Move, Position};
///
/// let pos = Position::new();
/// assert_eq!(pos.legal_moves().len(), 44);
/// let pos = pos.play("h2e2".parse()?)?;
/// assert_eq!(pos.to_fen(), "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Position {
    pub(crate) board: [u8; 90],
    pub(crate) occupied: [u128; 2],
    /// The points of each kind of piece of both sides, by kind code (`KING` .. `PAWN`; index 0
    /// unused), bit `i` for point index `i`.
    pub(crate) kinds: [u128; 8],
    pub(crate) kings: [u8; 2],
    pub(crate) side: Color,
    pub(crate) halfmove_clock: u32,
    pub(crate) fullmove_number: u32,
}

impl Default for Position {
    fn default() -> Self {
        Position::new()
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({})", self.to_fen())
    }
}

impl fmt::Display for Position {
    /// The six-field FEN.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_fen())
    }
}

impl Position {
    /// The FEN of the standard start position.
    pub const START_FEN: &'static str =
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";

    /// The standard start position, Red to move.
    pub fn new() -> Position {
        match Position::from_fen(Self::START_FEN) {
            Ok(pos) => pos,
            Err(e) => unreachable!("the start FEN is valid: {e}"),
        }
    }

    /// An empty board with Red to move; used while building a position.
    pub(crate) fn empty() -> Position {
        Position {
            board: [0; 90],
            occupied: [0; 2],
            kinds: [0; 8],
            kings: [u8::MAX; 2],
            side: Color::Red,
            halfmove_clock: 0,
            fullmove_number: 1,
        }
    }

    /// The piece on `sq`, if any.
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        Piece::from_code(self.board[sq.index()])
    }

    pub(crate) fn put(&mut self, sq: Square, piece: Piece) {
        let i = sq.index();
        if let Some(old) = Piece::from_code(self.board[i]) {
            self.occupied[old.color.index()] &= !(1u128 << i);
            self.kinds[old.kind.code() as usize] &= !(1u128 << i);
        }
        self.board[i] = piece.code();
        self.occupied[piece.color.index()] |= 1u128 << i;
        self.kinds[piece.kind.code() as usize] |= 1u128 << i;
        if piece.kind == PieceKind::King {
            self.kings[piece.color.index()] = i as u8;
        }
    }

    /// The side to move.
    pub fn side_to_move(&self) -> Color {
        self.side
    }

    /// Plies since the last capture (FEN field 5).
    pub fn halfmove_clock(&self) -> u32 {
        self.halfmove_clock
    }

    /// The move number (FEN field 6): 1 at the start, growing after each Black move.
    pub fn fullmove_number(&self) -> u32 {
        self.fullmove_number
    }

    /// The point of `color`'s king.
    pub fn king_square(&self, color: Color) -> Square {
        Square::from_raw(self.kings[color.index()] as usize)
    }

    /// Every piece of `color` with its point, from `a0` up.
    pub fn pieces(&self, color: Color) -> impl Iterator<Item = (Square, Piece)> + '_ {
        let mut bits = self.occupied[color.index()];
        std::iter::from_fn(move || {
            if bits == 0 {
                return None;
            }
            let i = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            Piece::from_code(self.board[i]).map(|p| (Square::from_raw(i), p))
        })
    }

    /// The points holding `piece`, from `a0` up.
    pub fn squares_of(&self, piece: Piece) -> impl Iterator<Item = Square> + use<> {
        // The kind's points of both sides, those of `piece`'s side kept.
        let mut bits =
            self.kinds[usize::from(piece.kind.code())] & self.occupied[piece.color.index()];
        std::iter::from_fn(move || {
            if bits == 0 {
                return None;
            }
            let i = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            Some(Square::from_raw(i))
        })
    }

    /// Whether `color`'s king is attacked.
    pub fn is_attacked_king(&self, color: Color) -> bool {
        movegen::attacked(
            &self.board,
            self.kings[color.index()] as usize,
            color_bit(!color),
        )
    }

    /// Whether the side to move is in check (the kings facing each other counts, though a
    /// legal position never has it for the side to move's opponent).
    pub fn is_check(&self) -> bool {
        self.is_attacked_king(self.side)
    }

    /// Every legal move of the side to move, in no particular order.
    ///
    /// Rule: WXF rules, chapter 1; a move may not leave the own king attacked nor let the kings
    /// face each other. The moves are generated legal: the checkers and pinned pieces are worked
    /// out once (see the `legal` module), not by making each move and looking for attacks.
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        legal::generate(self, u128::MAX, &mut list);
        list
    }

    /// The legal moves of the piece on `from` (none when it is not the side to move's).
    pub fn legal_moves_from(&self, from: Square) -> MoveList {
        let mut list = MoveList::new();
        let i = from.index();
        if self.occupied[self.side.index()] & (1u128 << i) != 0 {
            legal::generate(self, 1u128 << i, &mut list);
        }
        list
    }

    /// The legal moves found the simple way: every move that follows the pieces' movement rules
    /// is made on a copy of the board and kept when the mover's king is not attacked afterwards
    /// (the kings facing each other included). The same set as [`Position::legal_moves`], in
    /// another order, and several times slower; kept as the oracle the tests and fuzz targets
    /// check the fast generator against.
    ///
    /// ```
    /// use xiangqi_board::Position;
    ///
    /// let pos = Position::new();
    /// let mut fast: Vec<_> = pos.legal_moves().iter().map(|m| m.to_string()).collect();
    /// let mut simple: Vec<_> = pos.legal_moves_by_trial().iter().map(|m| m.to_string()).collect();
    /// fast.sort();
    /// simple.sort();
    /// assert_eq!(fast, simple);
    /// ```
    pub fn legal_moves_by_trial(&self) -> MoveList {
        let mut list = MoveList::new();
        let us = color_bit(self.side);
        movegen::pseudo_legal(&self.board, self.occupied[self.side.index()], us, &mut list);
        self.retain_legal(&mut list);
        list
    }

    /// Removes the moves that leave the mover's king attacked.
    fn retain_legal(&self, list: &mut MoveList) {
        let mut board = self.board;
        let them = color_bit(!self.side);
        let king = self.kings[self.side.index()] as usize;
        let mut i = 0;
        while i < list.len() {
            let mv = list.get(i);
            if safe_after(&mut board, mv, king, them) {
                i += 1;
            } else {
                list.swap_remove(i);
            }
        }
    }

    /// The number of legal moves, counted as they are generated without keeping them.
    pub fn count_legal_moves(&self) -> usize {
        let mut counter = legal::Counter(0);
        legal::generate(self, u128::MAX, &mut counter);
        counter.0
    }

    /// Whether `mv` is legal.
    pub fn is_legal(&self, mv: Move) -> bool {
        self.check_move(mv).is_ok()
    }

    /// Why `mv` is illegal, or `Ok` when it is legal.
    ///
    /// # Errors
    ///
    /// The first [`Rule`] the move breaks, checked in this order: [`Rule::WrongSide`] (no piece
    /// of the side to move on the point of departure), the piece's movement ([`Rule::Movement`],
    /// [`Rule::Palace`], [`Rule::River`], [`Rule::ElephantEye`], [`Rule::HorseLeg`],
    /// [`Rule::PathBlocked`], [`Rule::CannonScreen`], [`Rule::PawnBeforeRiver`]),
    /// [`Rule::OwnPiece`], then [`Rule::FlyingGeneral`] and [`Rule::KingLeftInCheck`].
    ///
    /// ```
    /// use notation_traits::Rule;
    /// use xiangqi_board::Position;
    ///
    /// let pos = Position::from_fen("4k4/9/9/9/9/9/9/9/4A4/4K4 w - - 0 1")?;
    /// assert_eq!(pos.check_move("e1d2".parse()?), Err(Rule::FlyingGeneral));
    /// assert_eq!(Position::new().check_move("h0g2".parse()?), Ok(()));
    /// assert_eq!(Position::new().check_move("h0f1".parse()?), Err(Rule::HorseLeg));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn check_move(&self, mv: Move) -> Result<(), Rule> {
        let (from, to) = (mv.from().index(), mv.to().index());
        let us = color_bit(self.side);
        let piece = self.board[from];
        if piece == 0 || piece & BLACK_BIT != us {
            return Err(Rule::WrongSide);
        }
        self.check_movement(piece & 7, from, to)?;
        let target = self.board[to];
        if target != 0 && target & BLACK_BIT == us {
            return Err(Rule::OwnPiece);
        }
        let mut board = self.board;
        let king = self.kings[self.side.index()] as usize;
        if safe_after(&mut board, mv, king, color_bit(!self.side)) {
            Ok(())
        } else {
            let mut after = *self;
            after.play_unchecked(mv);
            if after.kings_face() {
                Err(Rule::FlyingGeneral)
            } else {
                Err(Rule::KingLeftInCheck)
            }
        }
    }

    /// Whether the two kings stand on one file with nothing between them.
    fn kings_face(&self) -> bool {
        let (r, b) = (self.kings[0] as usize, self.kings[1] as usize);
        r % 9 == b % 9 && (r + 9..b).step_by(9).all(|s| self.board[s] == 0)
    }

    /// Checks the movement rule of a piece of kind code `kind` from `from` to `to`, ignoring
    /// checks.
    fn check_movement(&self, kind: u8, from: usize, to: usize) -> Result<(), Rule> {
        let t = &TABLES;
        let (ff, fr) = ((from % 9) as i32, (from / 9) as i32);
        let (tf, tr) = ((to % 9) as i32, (to / 9) as i32);
        let (df, dr) = (tf - ff, tr - fr);
        let color = self.side;
        let to_sq = Square::from_raw(to);
        match kind {
            KING => {
                if df.abs() + dr.abs() != 1 {
                    return Err(Rule::Movement);
                }
                if !to_sq.is_in_palace_of(color) {
                    return Err(Rule::Palace);
                }
            }
            ADVISOR => {
                if df.abs() != 1 || dr.abs() != 1 {
                    return Err(Rule::Movement);
                }
                if !to_sq.is_in_palace_of(color) {
                    return Err(Rule::Palace);
                }
            }
            ELEPHANT => {
                if df.abs() != 2 || dr.abs() != 2 {
                    return Err(Rule::Movement);
                }
                if !to_sq.is_on_side_of(color) {
                    return Err(Rule::River);
                }
                let eye = (from + to) / 2;
                if self.board[eye] != 0 {
                    return Err(Rule::ElephantEye);
                }
            }
            HORSE => {
                let steps = &t.horse[from];
                let Some(i) = (0..steps.len as usize).find(|&i| steps.to[i] as usize == to) else {
                    return Err(Rule::Movement);
                };
                if self.board[steps.via[i] as usize] != 0 {
                    return Err(Rule::HorseLeg);
                }
            }
            CHARIOT | CANNON => {
                if df != 0 && dr != 0 {
                    return Err(Rule::Movement);
                }
                let step = if df != 0 {
                    df.signum()
                } else {
                    9 * dr.signum()
                };
                let between = (1..(df.abs() + dr.abs()))
                    .filter(|k| self.board[(from as i32 + k * step) as usize] != 0)
                    .count();
                if kind == CHARIOT {
                    if between > 0 {
                        return Err(Rule::PathBlocked);
                    }
                } else {
                    let capture = self.board[to] != 0;
                    if (capture && between != 1) || (!capture && between != 0) {
                        return Err(Rule::CannonScreen);
                    }
                }
            }
            PAWN => {
                let forward = match color {
                    Color::Red => 1,
                    Color::Black => -1,
                };
                if df == 0 && dr == forward {
                    return Ok(());
                }
                if dr == 0 && df.abs() == 1 {
                    if Square::from_raw(from).is_on_side_of(color) {
                        return Err(Rule::PawnBeforeRiver);
                    }
                    return Ok(());
                }
                return Err(Rule::Movement);
            }
            _ => return Err(Rule::Movement),
        }
        Ok(())
    }

    /// Whether `mv` captures a piece.
    pub fn is_capture(&self, mv: Move) -> bool {
        self.board[mv.to().index()] != 0
    }

    /// Whether the legal move `mv` puts the opponent in check.
    pub fn gives_check(&self, mv: Move) -> bool {
        let mut after = *self;
        after.play_unchecked(mv);
        after.is_check()
    }

    /// Plays `mv` without checking it. The move must be legal; an illegal one leaves a position
    /// that may break the invariants (but never memory safety).
    pub fn play_unchecked(&mut self, mv: Move) {
        let (from, to) = (mv.from().index(), mv.to().index());
        let piece = self.board[from];
        let captured = self.board[to];
        let us = self.side.index();
        self.board[to] = piece;
        self.board[from] = 0;
        self.occupied[us] = (self.occupied[us] & !(1u128 << from)) | (1u128 << to);
        if captured != 0 {
            self.occupied[1 - us] &= !(1u128 << to);
            self.kinds[(captured & 7) as usize] &= !(1u128 << to);
            self.halfmove_clock = 0;
        } else {
            self.halfmove_clock = self.halfmove_clock.saturating_add(1);
        }
        let kind = &mut self.kinds[(piece & 7) as usize];
        *kind = (*kind & !(1u128 << from)) | (1u128 << to);
        if piece & 7 == KING {
            self.kings[us] = to as u8;
        }
        if self.side == Color::Black {
            self.fullmove_number = self.fullmove_number.saturating_add(1);
        }
        self.side = !self.side;
    }

    /// Plays `mv` if it is legal.
    ///
    /// # Errors
    ///
    /// [`PlayError`] with the unchanged position when `mv` is illegal.
    #[allow(clippy::result_large_err)] // The position comes back by value, as shakmaty's does.
    pub fn play(self, mv: Move) -> Result<Position, PlayError<Position>> {
        if self.is_legal(mv) {
            let mut pos = self;
            pos.play_unchecked(mv);
            Ok(pos)
        } else {
            Err(PlayError { mv, position: self })
        }
    }

    /// Whether the side to move is checkmated.
    pub fn is_checkmate(&self) -> bool {
        self.is_check() && self.legal_moves().is_empty()
    }

    /// Whether the side to move has no legal move and is not in check (a loss in xiangqi).
    pub fn is_stalemate(&self) -> bool {
        !self.is_check() && self.legal_moves().is_empty()
    }

    /// The result when the side to move has no legal move: checkmate or stalemate, both lost by
    /// the side to move. `None` while it has a legal move.
    ///
    /// Rule: WXF rules, article 3: a player who cannot make a legal move loses.
    pub fn outcome(&self) -> Option<(GameResult, Termination)> {
        if !self.legal_moves().is_empty() {
            return None;
        }
        let result = GameResult::win_for(self.side == Color::Black);
        let termination = if self.is_check() {
            Termination::Checkmate
        } else {
            Termination::Stalemate
        };
        Some((result, termination))
    }
}

/// Makes `mv` on `board`, tests whether the mover's king (on `king` before the move) is attacked
/// by `them`, and takes the move back.
#[inline]
fn safe_after(board: &mut [u8; 90], mv: Move, king: usize, them: u8) -> bool {
    let (from, to) = (mv.from().index(), mv.to().index());
    let piece = board[from];
    let captured = board[to];
    board[to] = piece;
    board[from] = 0;
    let k = if from == king { to } else { king };
    let safe = !movegen::attacked(board, k, them);
    board[from] = piece;
    board[to] = captured;
    safe
}

impl notation_traits::Position for Position {
    type Move = Move;
    type Color = Color;

    fn side_to_move(&self) -> Color {
        self.side
    }

    fn is_first_player(color: Color) -> bool {
        color == Color::Red
    }

    fn move_number(&self) -> u32 {
        self.fullmove_number
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
        self.to_fen()
    }

    fn passed(&self) -> Option<Self> {
        // A side in check cannot pass: the other could take its king.
        if notation_traits::Position::is_check(self) {
            return None;
        }
        let fen = self.to_fen();
        let mut fields: Vec<&str> = fen.split(' ').collect();
        fields[1] = if fields[1] == "w" { "b" } else { "w" };
        Position::from_fen(&fields.join(" ")).ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn moves(fen: &str) -> Vec<String> {
        let pos = Position::from_fen(fen).unwrap();
        let mut v: Vec<String> = pos.legal_moves().iter().map(|m| m.to_string()).collect();
        v.sort();
        v
    }

    #[test]
    fn flying_general_pins_the_advisor() {
        // testdata/README.md: Red's only legal moves are e0d0 and e0f0.
        assert_eq!(
            moves("4k4/9/9/9/9/9/9/9/4A4/4K4 w - - 0 1"),
            ["e0d0", "e0f0"]
        );
    }

    #[test]
    fn start_position_has_44_moves_and_no_check() {
        let pos = Position::new();
        assert_eq!(pos.legal_moves().len(), 44);
        assert!(!pos.is_check());
        assert_eq!(pos.outcome(), None);
    }

    #[test]
    fn rules_named_for_illegal_moves() {
        let pos = Position::new();
        let rule = |m: &str| pos.check_move(m.parse().unwrap());
        assert_eq!(rule("g0e2"), Ok(()));
        assert_eq!(rule("c3c4"), Ok(()));
        assert_eq!(rule("c3d3"), Err(Rule::PawnBeforeRiver));
        assert_eq!(rule("c3c2"), Err(Rule::Movement));
        assert_eq!(rule("a0a3"), Err(Rule::OwnPiece));
        assert_eq!(rule("a0b0"), Err(Rule::OwnPiece));
        assert_eq!(rule("a0b1"), Err(Rule::Movement));
        assert_eq!(rule("a0a2"), Ok(()));
        assert_eq!(rule("i0i4"), Err(Rule::PathBlocked));
        assert_eq!(rule("h2h6"), Ok(()));
        assert_eq!(rule("h2h9"), Ok(()));
        assert_eq!(rule("h2h7"), Err(Rule::CannonScreen));
        assert_eq!(rule("f0f1"), Err(Rule::Movement));
        assert_eq!(rule("d0c1"), Err(Rule::Palace));
        assert_eq!(rule("e0e1"), Ok(()));
        assert_eq!(rule("e9e8"), Err(Rule::WrongSide));
    }

    #[test]
    fn elephant_eye_and_river() {
        let pos = Position::from_fen("3k5/9/9/9/9/2B6/9/9/9/4K4 w - - 0 1").unwrap();
        assert_eq!(pos.check_move("c4e6".parse().unwrap()), Err(Rule::River));
        assert_eq!(pos.check_move("c4e2".parse().unwrap()), Ok(()));
        let pos = Position::from_fen("3k5/9/9/9/9/9/9/9/1N7/2B1K4 w - - 0 1").unwrap();
        assert_eq!(
            pos.check_move("c0a2".parse().unwrap()),
            Err(Rule::ElephantEye)
        );
    }

    #[test]
    fn stalemate_loses_for_the_side_to_move() {
        // The black king on d9 is not in check; d8 is covered by the chariot on rank 8 and e9
        // would face the red king on the open e-file.
        let pos = Position::from_fen("3k5/R8/9/9/9/9/9/9/9/4K4 b - - 0 1").unwrap();
        assert!(pos.legal_moves().is_empty());
        assert!(!pos.is_check());
        assert_eq!(
            pos.outcome(),
            Some((GameResult::FirstPlayerWins, Termination::Stalemate))
        );
    }
}
