//! The relative words of Japanese move notation (相対位置・動作): which of several like pieces
//! that can reach a square moves, as data.
//!
//! When two or more pieces of one kind can move to the same square, a Japanese move record
//! adds words after the piece: the movement (上 up, 寄 sideways, 引 down), the side the piece
//! comes from (右 right, 左 left, both from the mover's own view), or 直 (straight up) for a
//! gold, silver or gold-moving promoted minor piece; and 打 (drop) for a piece dropped where a
//! piece of its kind on the board could also go. [`Relative::of`] gives the words the rules
//! need for a legal move; [`Relative::candidates`] reads them back: the legal moves a piece
//! name, a square and some words can mean.
//!
//! The rules, in the order they are applied:
//!
//! 1. Only when another piece of the same kind (promoted kinds apart: a 成銀 is no 銀) can
//!    legally move to the square does a board move take a word; a drop takes 打 exactly then.
//! 2. The movement alone, when it tells the piece apart: 上 (the piece moves forward, one rank
//!    or more), 寄 (along its rank), 引 (back).
//! 3. Else the side alone: for a gold, silver, knight or promoted minor piece (and, for
//!    completeness, a pawn, lance or king, which never need it) 右 when it comes from a file on
//!    the mover's right of the square, 左 from the left, 直 when it moves straight forward;
//!    for a rook, bishop, dragon or horse, of which a side has at most two, 右 or 左 says
//!    which of the two it is, seen from each other (so a dragon moving straight up is 右 when
//!    the other dragon stands to its left), and 直 is never used.
//! 4. Else both: the side, then the movement (`左上`).
//!
//! The pieces counted are those whose move to the square the piece's movement allows (the
//! square attacked, the path free), pinned or not: a silver pinned against its king still
//! makes its neighbour `５九銀左`. The JSA page does not say; ShogiHome (tsshogi's
//! `getDirectionModifier` counts the square's attackers) and the KI2 files of
//! ../shared/specimens/kif-csa write the words so, and a reader that counts only legal moves
//! reads them all the same ([`Relative::candidates`] does).
//!
//! Rule: 日本将棋連盟「棋譜の表記方法」 (<https://www.shogi.or.jp/faq/kihuhyouki.html>):
//! the order square, piece, 右/左, 上/寄/引, 成/不成/打 (基本事項); 上寄引 first, 右左 when
//! they do not suffice, 直 for a piece moving straight up; 竜 and 馬 with 右/左 and 上/寄/引
//! only (the 竜 and 馬 diagrams); 打 only when a board piece could also move there. The tests
//! pin every diagram of that page.

use std::fmt;

use crate::bitboard::squares;
use crate::{Color, Move, PieceKind, Position, Square};

/// Which side a piece comes from, from its player's own view.
///
/// ```
/// use shogi_board::Side;
///
/// assert_eq!(Side::Right.japanese(), '右');
/// assert_eq!(Side::from_japanese('直'), Some(Side::Straight));
/// assert_eq!(Side::Left.jkf(), 'L');
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Side {
    /// 右 (migi): from the mover's right (for Black a lower file number than the square's).
    Right,
    /// 左 (hidari): from the mover's left.
    Left,
    /// 直 (sugu): straight forward, from the square's own file (golds, silvers and the
    /// gold-moving promoted pieces only).
    Straight,
}

impl Side {
    /// The word: 右, 左 or 直.
    pub const fn japanese(self) -> char {
        match self {
            Side::Right => '右',
            Side::Left => '左',
            Side::Straight => '直',
        }
    }

    /// The side of a word 右, 左 or 直.
    pub const fn from_japanese(c: char) -> Option<Side> {
        match c {
            '右' => Some(Side::Right),
            '左' => Some(Side::Left),
            '直' => Some(Side::Straight),
            _ => None,
        }
    }

    /// The JKF letter (`relative` of JSON Kifu Format): `R`, `L` or `C`.
    pub const fn jkf(self) -> char {
        match self {
            Side::Right => 'R',
            Side::Left => 'L',
            Side::Straight => 'C',
        }
    }
}

/// How a piece moves, from its player's own view.
///
/// ```
/// use shogi_board::Motion;
///
/// assert_eq!(Motion::Down.japanese(), '引');
/// assert_eq!(Motion::from_japanese('行'), Some(Motion::Up));
/// assert_eq!(Motion::Sideways.jkf(), 'M');
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Motion {
    /// 上 (agaru): forward, one rank or more.
    Up,
    /// 寄 (yoru): along the rank.
    Sideways,
    /// 引 (hiku): back, one rank or more.
    Down,
}

impl Motion {
    /// The word: 上, 寄 or 引.
    pub const fn japanese(self) -> char {
        match self {
            Motion::Up => '上',
            Motion::Sideways => '寄',
            Motion::Down => '引',
        }
    }

    /// The motion of a word 上, 寄 or 引; 行, an older word for 上, is read as 上.
    pub const fn from_japanese(c: char) -> Option<Motion> {
        match c {
            '上' | '行' => Some(Motion::Up),
            '寄' => Some(Motion::Sideways),
            '引' => Some(Motion::Down),
            _ => None,
        }
    }

    /// The JKF letter: `U`, `M` or `D`.
    pub const fn jkf(self) -> char {
        match self {
            Motion::Up => 'U',
            Motion::Sideways => 'M',
            Motion::Down => 'D',
        }
    }

    /// How a piece of `color` moves from `from` to `to`.
    pub const fn of(color: Color, from: Square, to: Square) -> Motion {
        let (a, b) = (from.rank().relative_to(color), to.rank().relative_to(color));
        if b > a {
            Motion::Up
        } else if b == a {
            Motion::Sideways
        } else {
            Motion::Down
        }
    }
}

/// The relative words of one move: a side, a movement, a drop mark, each where needed.
///
/// # Examples
///
/// The JSA page's 右・左 diagram A: golds on 9b and 7b (９二, ７二) can both go up to 8a (８一);
/// the one from 9b is `８一金左`, the one from 7b `８一金右`.
///
/// ```
/// use shogi_board::{Move, PieceKind, Position, Relative, Side};
///
/// let pos = Position::from_sfen("4k4/G1G6/9/9/9/9/9/9/8K b - 1")?;
/// let words = Relative::of(&pos, "9b8a".parse()?);
/// assert_eq!(words, Relative { side: Some(Side::Left), motion: None, drop: false });
/// assert_eq!(words.japanese(), "左");
/// assert_eq!(words.jkf(), "L");
/// let read = words.candidates(&pos, "8a".parse()?, PieceKind::Gold);
/// assert_eq!(read, ["9b8a".parse::<Move>()?]);
/// // Without a word, both golds fit.
/// assert_eq!(Relative::NONE.candidates(&pos, "8a".parse()?, PieceKind::Gold).len(), 2);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Relative {
    /// 右, 左 or 直.
    pub side: Option<Side>,
    /// 上, 寄 or 引.
    pub motion: Option<Motion>,
    /// 打: the piece is dropped from the hand.
    pub drop: bool,
}

impl Relative {
    /// No word.
    pub const NONE: Relative = Relative {
        side: None,
        motion: None,
        drop: false,
    };

    /// Whether there is no word.
    pub const fn is_empty(&self) -> bool {
        self.side.is_none() && self.motion.is_none() && !self.drop
    }

    /// The words in the JSA order: side, movement, 打 (`左上`, `打`, or empty).
    pub fn japanese(&self) -> String {
        let mut out = String::new();
        out.extend(self.side.map(Side::japanese));
        out.extend(self.motion.map(Motion::japanese));
        if self.drop {
            out.push('打');
        }
        out
    }

    /// The JKF `relative` letters in the same order: `L`/`C`/`R`, `U`/`M`/`D`, `H` for 打
    /// (`LU`, `H`, or empty).
    pub fn jkf(&self) -> String {
        let mut out = String::new();
        out.extend(self.side.map(Side::jkf));
        out.extend(self.motion.map(Motion::jkf));
        if self.drop {
            out.push('H');
        }
        out
    }

    /// The words of JKF `relative` letters (`LU`, `C`, `H`), in any order; `None` for another
    /// letter or a repeated kind of word.
    ///
    /// ```
    /// use shogi_board::{Motion, Relative, Side};
    ///
    /// let words = Relative::from_jkf("LU").unwrap();
    /// assert_eq!((words.side, words.motion), (Some(Side::Left), Some(Motion::Up)));
    /// assert_eq!(Relative::from_jkf("RL"), None);
    /// ```
    pub fn from_jkf(letters: &str) -> Option<Relative> {
        let mut words = Relative::NONE;
        for c in letters.chars() {
            match c {
                'R' | 'L' | 'C' if words.side.is_none() => {
                    words.side = Some(match c {
                        'R' => Side::Right,
                        'L' => Side::Left,
                        _ => Side::Straight,
                    });
                }
                'U' | 'M' | 'D' if words.motion.is_none() => {
                    words.motion = Some(match c {
                        'U' => Motion::Up,
                        'M' => Motion::Sideways,
                        _ => Motion::Down,
                    });
                }
                'H' if !words.drop => words.drop = true,
                _ => return None,
            }
        }
        Some(words)
    }

    /// The words the JSA rules give the legal move `mv` of `pos` (see the module docs): none
    /// when no other piece of its kind can reach its square; for a drop, 打 exactly when a
    /// board piece of the dropped kind can.
    ///
    /// `mv` must be legal in `pos`; for another move the result is unspecified.
    pub fn of(pos: &Position, mv: Move) -> Relative {
        let color = pos.side_to_move();
        match mv {
            Move::Drop { kind, to } => Relative {
                drop: !origins(pos, to, kind).is_empty(),
                ..Relative::NONE
            },
            Move::Normal { from, to, .. } => {
                let Some(piece) = pos.piece_at(from) else {
                    return Relative::NONE;
                };
                let froms = origins(pos, to, piece.kind);
                if !froms.iter().any(|&f| f != from) {
                    return Relative::NONE;
                }
                let others = || froms.iter().copied().filter(move |&f| f != from);
                let motion = Motion::of(color, from, to);
                if others().all(|o| Motion::of(color, o, to) != motion) {
                    return Relative {
                        motion: Some(motion),
                        ..Relative::NONE
                    };
                }
                let side = side_of(piece.kind, color, from, to, &froms);
                if side.is_some()
                    && others().all(|o| side_of(piece.kind, color, o, to, &froms) != side)
                {
                    return Relative {
                        side,
                        ..Relative::NONE
                    };
                }
                Relative {
                    side,
                    motion: Some(motion),
                    drop: false,
                }
            }
        }
    }

    /// Every legal move of the side to move that a piece of `kind` to `to` with these words
    /// can mean, promoting and not where both are legal: with 打 the drop; else the legal board
    /// moves of pieces of `kind` that fit the side and movement words written (a word not
    /// written fits every piece; 右 and 左 of a rook, bishop, dragon or horse seen from the
    /// other one that reaches the square, pinned or not, as [`Relative::of`] writes them); with
    /// no word at all and no such legal board move, the drop (a drop needs no 打 where no
    /// board piece can go). No particular order.
    pub fn candidates(&self, pos: &Position, to: Square, kind: PieceKind) -> Vec<Move> {
        let color = pos.side_to_move();
        let legal = pos.legal_moves_to(to);
        if self.drop {
            return legal
                .iter()
                .copied()
                .filter(|m| m.drop_kind() == Some(kind))
                .collect();
        }
        let board: Vec<Move> = legal
            .iter()
            .copied()
            .filter(|m| {
                m.from()
                    .and_then(|f| pos.piece_at(f))
                    .is_some_and(|p| p.kind == kind)
            })
            .collect();
        if board.is_empty() && self.side.is_none() && self.motion.is_none() {
            return legal
                .iter()
                .copied()
                .filter(|m| m.drop_kind() == Some(kind))
                .collect();
        }
        let froms = origins(pos, to, kind);
        board
            .into_iter()
            .filter(|m| {
                let Some(from) = m.from() else { return false };
                self.motion
                    .is_none_or(|motion| Motion::of(color, from, to) == motion)
                    && self
                        .side
                        .is_none_or(|side| side_fits(side, kind, color, from, to, &froms))
            })
            .collect()
    }
}

impl fmt::Display for Relative {
    /// The Japanese words ([`Relative::japanese`]).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.japanese())
    }
}

/// The squares of the pieces of `kind` of the side to move that attack `to` (their movement
/// reaches it, the path is free; pins are not looked at), in square order.
fn origins(pos: &Position, to: Square, kind: PieceKind) -> Vec<Square> {
    let side = pos.side_to_move();
    let attackers = pos.attackers_to(to.index(), side, pos.occupied()) & pos.by_kind[kind.index()];
    squares(attackers).map(Square::from_raw).collect()
}

/// Whether the kind is told apart by 右/左 seen from the other piece of its kind (rook,
/// bishop, dragon, horse: a side has at most two), rather than from the square (and never by
/// 直).
const fn paired(kind: PieceKind) -> bool {
    matches!(
        kind,
        PieceKind::Rook | PieceKind::Bishop | PieceKind::Dragon | PieceKind::Horse
    )
}

/// Whether square `a` is on `color`'s right of square `b` (on a file nearer `color`'s right
/// edge).
const fn right_of(color: Color, a: Square, b: Square) -> bool {
    match color {
        Color::Black => a.file().number() < b.file().number(),
        Color::White => a.file().number() > b.file().number(),
    }
}

/// The side word of the piece of `kind` on `from` going to `to`, among the pieces on `froms`
/// (all those of the kind that can reach `to`); `None` where no side word describes it (a gold
/// moving straight back; one of two dragons on one file).
fn side_of(
    kind: PieceKind,
    color: Color,
    from: Square,
    to: Square,
    froms: &[Square],
) -> Option<Side> {
    if paired(kind) {
        let others = froms.iter().copied().filter(|&o| o != from);
        let mut right = true;
        let mut left = true;
        let mut any = false;
        for o in others {
            any = true;
            right &= right_of(color, from, o);
            left &= right_of(color, o, from);
        }
        return match (any, right, left) {
            (true, true, _) => Some(Side::Right),
            (true, _, true) => Some(Side::Left),
            _ => None,
        };
    }
    if right_of(color, from, to) {
        Some(Side::Right)
    } else if right_of(color, to, from) {
        Some(Side::Left)
    } else if Motion::of(color, from, to) == Motion::Up {
        Some(Side::Straight)
    } else {
        None
    }
}

/// Whether a written side word fits the piece on `from`: as [`side_of`] gives it, and, read
/// leniently, 直 for a rook, bishop, dragon or horse moving straight forward.
fn side_fits(
    side: Side,
    kind: PieceKind,
    color: Color,
    from: Square,
    to: Square,
    froms: &[Square],
) -> bool {
    if side == Side::Straight && paired(kind) {
        return from.file() == to.file() && Motion::of(color, from, to) == Motion::Up;
    }
    side_of(kind, color, from, to, froms) == Some(side)
}

#[cfg(test)]
mod tests {
    use super::*;
    use rstest::rstest;

    /// A position with Black's pieces `pieces` (`(square, SFEN letter)`), Black to move, and
    /// both kings put where they neither take part in nor block the moves `moves`: the first
    /// of a few corner pairs that gives a valid position in which every move is legal.
    fn position(pieces: &[(&str, &str)], moves: &[Move]) -> Position {
        let pairs = [
            ("1i", "9a"),
            ("9i", "1a"),
            ("5i", "5a"),
            ("1e", "9e"),
            ("9e", "1e"),
        ];
        for (bk, wk) in pairs {
            if pieces.iter().any(|(s, _)| *s == bk || *s == wk) {
                continue;
            }
            let mut board = [[""; 9]; 9];
            for (sq, letter) in pieces.iter().chain(&[(bk, "K"), (wk, "k")]) {
                let sq: Square = sq.parse().unwrap();
                board[sq.rank().index() as usize][8 - sq.file().index() as usize] = letter;
            }
            let ranks: Vec<String> = board
                .iter()
                .map(|rank| {
                    let mut out = String::new();
                    let mut empty = 0;
                    for cell in rank {
                        if cell.is_empty() {
                            empty += 1;
                        } else {
                            if empty > 0 {
                                out.push_str(&empty.to_string());
                                empty = 0;
                            }
                            out.push_str(cell);
                        }
                    }
                    if empty > 0 {
                        out.push_str(&empty.to_string());
                    }
                    out
                })
                .collect();
            let Ok(pos) = Position::from_sfen(&format!("{} b - 1", ranks.join("/"))) else {
                continue;
            };
            if moves.iter().all(|&m| pos.is_legal(m)) {
                return pos;
            }
        }
        panic!("no king squares fit {pieces:?}");
    }

    fn words(text: &str) -> Relative {
        let mut w = Relative::NONE;
        for c in text.chars() {
            if let Some(s) = Side::from_japanese(c) {
                w.side = Some(s);
            } else if let Some(m) = Motion::from_japanese(c) {
                w.motion = Some(m);
            } else if c == '打' {
                w.drop = true;
            } else {
                panic!("not a relative word: {c}");
            }
        }
        w
    }

    /// Every diagram of 日本将棋連盟「棋譜の表記方法」 (https://www.shogi.or.jp/faq/kihuhyouki.html),
    /// section and diagram letter as the page has them: Black's pieces (SFEN letters), the
    /// square they go to, and for each piece the move's words as the page writes them
    /// (`８二金上`: the gold from ９三 goes up; `８二金寄`: the one from ７二 moves sideways).
    #[rstest]
    // 上・寄・引
    #[case::up_sideways_down_a(&[("7b", "G"), ("9c", "G")], "8b", &[("9c", "上"), ("7b", "寄")])]
    #[case::up_sideways_down_b(&[("3a", "G"), ("4c", "G")], "3b", &[("4c", "上"), ("3a", "引")])]
    #[case::up_sideways_down_c(&[("4e", "G"), ("5f", "G")], "5e", &[("5f", "上"), ("4e", "寄")])]
    #[case::up_sideways_down_d(&[("7g", "S"), ("8i", "S")], "8h", &[("8i", "上"), ("7g", "引")])]
    #[case::up_sideways_down_e(&[("2g", "S"), ("4i", "S")], "3h", &[("4i", "上"), ("2g", "引")])]
    // 右・左 (1)
    #[case::right_left_a(&[("9b", "G"), ("7b", "G")], "8a", &[("9b", "左"), ("7b", "右")])]
    #[case::right_left_b(&[("3b", "G"), ("1b", "G")], "2b", &[("3b", "左"), ("1b", "右")])]
    #[case::right_left_c(&[("6e", "S"), ("4e", "S")], "5f", &[("6e", "左"), ("4e", "右")])]
    #[case::right_left_d(&[("8i", "G"), ("7i", "G")], "7h", &[("8i", "左"), ("7i", "直")])]
    #[case::right_left_e(&[("3i", "S"), ("2i", "S")], "3h", &[("3i", "直"), ("2i", "右")])]
    // 右・左 (2): three pieces and more
    #[case::three_golds(&[("6c", "G"), ("5c", "G"), ("4c", "G")], "5b", &[("6c", "左"), ("5c", "直"), ("4c", "右")])]
    #[case::five_tokins(
        &[("8g", "+P"), ("9h", "+P"), ("9i", "+P"), ("8i", "+P"), ("7i", "+P")],
        "8h",
        &[("7i", "右"), ("8i", "直"), ("9i", "左上"), ("9h", "寄"), ("8g", "引")]
    )]
    #[case::four_silvers(
        &[("3g", "S"), ("1g", "S"), ("3i", "S"), ("2i", "S")],
        "2h",
        &[("2i", "直"), ("1g", "右"), ("3i", "左上"), ("3g", "左引")]
    )]
    // 竜
    #[case::dragon_a(&[("9a", "+R"), ("8d", "+R")], "8b", &[("9a", "引"), ("8d", "上")])]
    #[case::dragon_b(&[("5b", "+R"), ("2c", "+R")], "4c", &[("2c", "寄"), ("5b", "引")])]
    #[case::dragon_c(&[("5e", "+R"), ("1e", "+R")], "3e", &[("5e", "左"), ("1e", "右")])]
    #[case::dragon_d(&[("9i", "+R"), ("8i", "+R")], "8h", &[("9i", "左"), ("8i", "右")])]
    #[case::dragon_e(&[("2h", "+R"), ("1i", "+R")], "1g", &[("2h", "左"), ("1i", "右")])]
    // 馬
    #[case::horse_a(&[("9a", "+B"), ("8a", "+B")], "8b", &[("9a", "左"), ("8a", "右")])]
    #[case::horse_b(&[("6c", "+B"), ("9e", "+B")], "8e", &[("9e", "寄"), ("6c", "引")])]
    #[case::horse_c(&[("1a", "+B"), ("3d", "+B")], "1b", &[("1a", "引"), ("3d", "上")])]
    #[case::horse_d(&[("9i", "+B"), ("5i", "+B")], "7g", &[("9i", "左"), ("5i", "右")])]
    #[case::horse_e(&[("4g", "+B"), ("1h", "+B")], "2i", &[("4g", "左"), ("1h", "右")])]
    fn the_jsa_diagrams(
        #[case] pieces: &[(&str, &str)],
        #[case] to: &str,
        #[case] expected: &[(&str, &str)],
    ) {
        let to: Square = to.parse().unwrap();
        let moves: Vec<Move> = expected
            .iter()
            .map(|(from, _)| Move::Normal {
                from: from.parse().unwrap(),
                to,
                promote: false,
            })
            .collect();
        let pos = position(pieces, &moves);
        for (&mv, (from, written)) in moves.iter().zip(expected) {
            let got = Relative::of(&pos, mv);
            assert_eq!(got.japanese(), *written, "{from} to {to} in {pos}");
            let kind = pos.piece_at(from.parse().unwrap()).unwrap().kind;
            let read: Vec<Move> = words(written)
                .candidates(&pos, to, kind)
                .into_iter()
                .filter(|m| !m.is_promotion())
                .collect();
            assert_eq!(read, [mv], "`{written}` in {pos}");
            // The same diagram turned round for White: the same words.
            let flipped = flip(&pos);
            let fmv = Move::Normal {
                from: mv.from().unwrap().flip(),
                to: to.flip(),
                promote: false,
            };
            assert_eq!(
                Relative::of(&flipped, fmv).japanese(),
                *written,
                "white, {flipped}"
            );
        }
    }

    /// The position turned round: every piece to the opposite square and colour, White to
    /// move.
    fn flip(pos: &Position) -> Position {
        let sfen = pos.to_sfen();
        let fields: Vec<&str> = sfen.split(' ').collect();
        let board: String = fields[0]
            .chars()
            .rev()
            .map(|c| {
                if c.is_ascii_uppercase() {
                    c.to_ascii_lowercase()
                } else {
                    c.to_ascii_uppercase()
                }
            })
            .collect();
        // Reversing moved each `+` after its letter: put it back in front.
        let mut fixed = String::new();
        let mut chars = board.chars().peekable();
        while let Some(c) = chars.next() {
            if chars.peek() == Some(&'+') {
                chars.next();
                fixed.push('+');
            }
            fixed.push(c);
        }
        Position::from_sfen(&format!("{fixed} w - 1")).unwrap()
    }

    #[test]
    fn a_lone_piece_takes_no_word() {
        // JSA 基本事項: 76歩, not 76歩直不成.
        let pos = Position::new();
        assert_eq!(Relative::of(&pos, "7g7f".parse().unwrap()), Relative::NONE);
    }

    #[rstest]
    // A silver in hand and a silver on 4f that can go to 5e: the drop is 打, the board move
    // plain (JSA: 打 only where a board piece could also move there).
    #[case("4k4/9/9/9/9/5S3/9/9/4K4 b S 1", "S*5e", "打")]
    #[case("4k4/9/9/9/9/5S3/9/9/4K4 b S 1", "4f5e", "")]
    // No board silver reaches 5e: the drop takes no word.
    #[case("4k4/9/9/9/9/9/9/9/4K4 b S 1", "S*5e", "")]
    // A promoted silver is no silver: the drop takes no word.
    #[case("4k4/9/9/9/9/5+S3/9/9/4K4 b S 1", "S*5e", "")]
    fn drops(#[case] sfen: &str, #[case] mv: &str, #[case] expected: &str) {
        let pos = Position::from_sfen(sfen).unwrap();
        assert_eq!(Relative::of(&pos, mv.parse().unwrap()).japanese(), expected);
    }

    #[test]
    fn a_pinned_piece_is_counted_and_read_either_way() {
        // The silver on 4h is pinned by the bishop on 1e against the king on 5i: only the
        // silver on 6h can go to 5g, and it is written 左 all the same (ShogiHome's way, and
        // the specimen simple.ki2's `▲５九銀左` with the other silver pinned by a dragon).
        let pos = Position::from_sfen("4k4/9/9/9/8b/9/9/3S1S3/4K4 b - 1").unwrap();
        let mv: Move = "6h5g".parse().unwrap();
        assert!(!pos.is_legal("4h5g".parse().unwrap()));
        assert_eq!(Relative::of(&pos, mv).japanese(), "左");
        let to: Square = "5g".parse().unwrap();
        for w in ["左", ""] {
            assert_eq!(
                words(w).candidates(&pos, to, PieceKind::Silver),
                [mv],
                "`{w}`"
            );
        }
    }

    #[test]
    fn the_drop_is_read_without_its_mark_only_where_no_board_piece_goes() {
        let pos = Position::from_sfen("4k4/9/9/9/9/5S3/9/9/4K4 b S 1").unwrap();
        let to: Square = "5e".parse().unwrap();
        let plain = Relative::NONE.candidates(&pos, to, PieceKind::Silver);
        assert_eq!(plain, ["4f5e".parse::<Move>().unwrap()]);
        let dropped = words("打").candidates(&pos, to, PieceKind::Silver);
        assert_eq!(dropped, ["S*5e".parse::<Move>().unwrap()]);
        let pos = Position::from_sfen("4k4/9/9/9/9/9/9/9/4K4 b S 1").unwrap();
        let drop = Relative::NONE.candidates(&pos, to, PieceKind::Silver);
        assert_eq!(drop, ["S*5e".parse::<Move>().unwrap()]);
    }

    #[test]
    fn jkf_letters_round_trip() {
        for side in [
            None,
            Some(Side::Right),
            Some(Side::Left),
            Some(Side::Straight),
        ] {
            for motion in [
                None,
                Some(Motion::Up),
                Some(Motion::Sideways),
                Some(Motion::Down),
            ] {
                for drop in [false, true] {
                    let w = Relative { side, motion, drop };
                    assert_eq!(Relative::from_jkf(&w.jkf()), Some(w));
                }
            }
        }
        assert_eq!(Relative::from_jkf("X"), None);
        assert_eq!(Relative::from_jkf("UU"), None);
    }
}
