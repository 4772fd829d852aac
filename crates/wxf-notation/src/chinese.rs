//! The descriptive notation in Chinese characters: 炮二平五, 马８进７, 前车进二, 中兵平六,
//! 前七进一.
//!
//! It is the same system as WXF: piece, file (1-9 from the mover's right), verb (进 forward,
//! 退 back, 平 sideways), number (steps for a straight mover going forward or back, otherwise
//! the destination file). Red's numbers are Chinese numerals (一..九), Black's are digits
//! (canonically full-width: １..９).
//!
//! Like pieces on a file: two chariots, horses, cannons or pawns are 前 (front) and 后 (rear);
//! three pawns 前, 中, 后; four 前, 二, 三, 后; five 前, 二, 三, 四, 后. When pawns are doubled on
//! two files, the marker and the file numeral replace the piece: 前七进一, 中五平四, 后３平２.
//! Advisors and elephants never take a marker.
//!
//! What the reader takes besides the canonical form (each a named warning where it is not a
//! plain variant):
//!
//! - traditional characters (帥 仕 相 傌 俥 炮 兵, 將 士 象 馬 車 砲 卒, 進, 後) and 包 for the cannon;
//! - ASCII or full-width digits for Black; Chinese numerals for Black or digits for Red
//!   [`numeral-style`];
//! - a piece character of the other colour (将 in a Red move) [`piece-character-color`];
//! - the five-character form 前兵七平六 (marker, piece, file);
//! - the xqbase ordinals 一兵..五兵, counted over all doubled files from the mover's right, front
//!   to back [`xqbase-form`];
//! - the plain file for one of two like pieces when only one can make the move
//!   [`tandem-file-digit`], a marker without the file when pawns are doubled on several files and
//!   only one fits [`tandem-file-missing`], a marker for advisors or elephants
//!   [`redundant-marker`].
//!
//! Rule: the xqbase notation specification (中国象棋电脑应用规范(二)：着法表示), the WXF page for
//! the marker rules, and the DPXQ (东萍) forms for four or five pawns and two doubled files.

use std::fmt;

use notation_traits::{MoveError, MoveNotation, Resolved, Span, SyntaxError, Warning};
use xiangqi_board::{Color, Move, Piece, PieceKind, Position};

use crate::resolve::{Request, choose, count_word, file_index, near_candidates, plural_piece};
use crate::syntax::Direction;
use crate::tandem::Stacks;

/// Which characters the writer uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum ChineseStyle {
    /// Simplified: 帅 仕 相 马 车 炮 兵 / 将 士 象 马 车 炮 卒, 进, 后.
    #[default]
    Simplified,
    /// Traditional: 帥 仕 相 傌 俥 炮 兵 / 將 士 象 馬 車 砲 卒, 進, 後.
    Traditional,
    /// Traditional in the characters plain Big5 holds: 車 for both chariots, since Big5 has no
    /// 俥 (only its HKSCS extension does). The side to move tells whose chariot it is.
    TraditionalBig5,
}

impl ChineseStyle {
    /// Whether the style writes traditional characters.
    pub fn is_traditional(self) -> bool {
        matches!(
            self,
            ChineseStyle::Traditional | ChineseStyle::TraditionalBig5
        )
    }
}

/// A marker naming one of several like pieces on a file.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ChineseMarker {
    /// 前: the front piece.
    Front,
    /// 中: the middle one of three or five pawns.
    Middle,
    /// 后: the rear piece.
    Rear,
    /// 二: the second of four or five pawns from the front.
    Second,
    /// 三: the third of four or five pawns from the front.
    Third,
    /// 四: the fourth of five pawns from the front.
    Fourth,
    /// 一兵..五兵 (xqbase): the n-th pawn over all files with doubled pawns, files from the mover's
    /// right, front to back.
    Across(u8),
}

/// How a Chinese move names the piece that moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ChinesePiece {
    /// 炮二: the piece of this kind on the mover's file.
    OnFile {
        /// The kind.
        kind: PieceKind,
        /// The file, 1-9 from the mover's right.
        file: u8,
    },
    /// 前炮, 中兵, 二兵: one of several like pieces on a file.
    Marked {
        /// The kind.
        kind: PieceKind,
        /// Which one.
        marker: ChineseMarker,
    },
    /// 前七 (or 前兵七): one of several pawns on a file, when pawns are doubled on two files.
    MarkedOnFile {
        /// The kind (a pawn unless written otherwise).
        kind: PieceKind,
        /// Which one.
        marker: ChineseMarker,
        /// The file, 1-9 from the mover's right.
        file: u8,
    },
}

impl ChinesePiece {
    /// The kind of the piece named.
    pub fn kind(self) -> PieceKind {
        match self {
            ChinesePiece::OnFile { kind, .. }
            | ChinesePiece::Marked { kind, .. }
            | ChinesePiece::MarkedOnFile { kind, .. } => kind,
        }
    }
}

/// The numerals a move was written with.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
enum Numerals {
    /// 一..九 (Red's).
    #[default]
    Chinese,
    /// １..９ (Black's, canonical).
    FullWidth,
    /// 1..9.
    Ascii,
}

/// A Chinese move as written, not yet checked against a position.
///
/// `Display` writes it canonically in the characters it was read with (simplified unless it
/// held traditional ones), Red's numbers as Chinese numerals and Black's as full-width digits
/// according to the numerals it was written with.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ChineseMove {
    /// Which piece moves.
    pub piece: ChinesePiece,
    /// Forward, back or sideways.
    pub direction: Direction,
    /// Steps, or the destination file.
    pub number: u8,
    numerals: Numerals,
    style: ChineseStyle,
    /// The colour the piece character belongs to, when it has one (帅 Red, 将 Black).
    character_color: Option<Color>,
}

const NUMERALS: [char; 9] = ['一', '二', '三', '四', '五', '六', '七', '八', '九'];
const FULL_WIDTH: [char; 9] = ['１', '２', '３', '４', '５', '６', '７', '８', '９'];

fn numeral(n: u8, numerals: Numerals) -> char {
    let i = usize::from(n.clamp(1, 9) - 1);
    match numerals {
        Numerals::Chinese => NUMERALS[i],
        Numerals::FullWidth => FULL_WIDTH[i],
        Numerals::Ascii => char::from(b'0' + n.clamp(1, 9)),
    }
}

fn piece_char(kind: PieceKind, color: Color, style: ChineseStyle) -> char {
    use PieceKind::{Advisor, Cannon, Chariot, Elephant, Horse, King, Pawn};
    if (kind, color, style) == (Chariot, Color::Red, ChineseStyle::TraditionalBig5) {
        return '車';
    }
    match (kind, color, style.is_traditional()) {
        (King, Color::Red, false) => '帅',
        (King, Color::Red, true) => '帥',
        (King, Color::Black, false) => '将',
        (King, Color::Black, true) => '將',
        (Advisor, Color::Red, _) => '仕',
        (Advisor, Color::Black, _) => '士',
        (Elephant, Color::Red, _) => '相',
        (Elephant, Color::Black, _) => '象',
        (Horse, _, false) => '马',
        (Horse, Color::Red, true) => '傌',
        (Horse, Color::Black, true) => '馬',
        (Chariot, _, false) => '车',
        (Chariot, Color::Red, true) => '俥',
        (Chariot, Color::Black, true) => '車',
        (Cannon, Color::Black, true) => '砲',
        (Cannon, _, _) => '炮',
        (Pawn, Color::Red, _) => '兵',
        (Pawn, Color::Black, _) => '卒',
    }
}

/// The kind of a piece character, the colour it belongs to (if any) and whether it is
/// traditional.
fn read_piece(c: char) -> Option<(PieceKind, Option<Color>, bool)> {
    use PieceKind::{Advisor, Cannon, Chariot, Elephant, Horse, King, Pawn};
    let red = Some(Color::Red);
    let black = Some(Color::Black);
    Some(match c {
        '帅' => (King, red, false),
        '帥' => (King, red, true),
        '将' => (King, black, false),
        '將' => (King, black, true),
        '仕' => (Advisor, red, false),
        '士' => (Advisor, black, false),
        '相' => (Elephant, red, false),
        '象' => (Elephant, black, false),
        '马' => (Horse, None, false),
        '馬' => (Horse, None, true),
        '傌' => (Horse, red, true),
        '车' => (Chariot, None, false),
        '車' => (Chariot, None, true),
        '俥' => (Chariot, red, true),
        '炮' | '包' => (Cannon, None, false),
        '砲' => (Cannon, None, true),
        '兵' => (Pawn, red, false),
        '卒' => (Pawn, black, false),
        _ => return None,
    })
}

fn read_numeral(c: char) -> Option<(u8, Numerals)> {
    if let Some(i) = NUMERALS.iter().position(|&n| n == c) {
        return Some((i as u8 + 1, Numerals::Chinese));
    }
    if let Some(i) = FULL_WIDTH.iter().position(|&n| n == c) {
        return Some((i as u8 + 1, Numerals::FullWidth));
    }
    match c {
        '1'..='9' => Some((c as u8 - b'0', Numerals::Ascii)),
        _ => None,
    }
}

fn read_marker(c: char) -> Option<(ChineseMarker, bool)> {
    Some(match c {
        '前' => (ChineseMarker::Front, false),
        '中' => (ChineseMarker::Middle, false),
        '后' => (ChineseMarker::Rear, false),
        '後' => (ChineseMarker::Rear, true),
        _ => return None,
    })
}

fn read_verb(c: char) -> Option<(Direction, bool)> {
    Some(match c {
        '进' => (Direction::Advance, false),
        '進' => (Direction::Advance, true),
        '退' => (Direction::Retreat, false),
        '平' => (Direction::Traverse, false),
        _ => return None,
    })
}

impl ChineseMove {
    fn marker_char(&self, marker: ChineseMarker) -> char {
        match marker {
            ChineseMarker::Front => '前',
            ChineseMarker::Middle => '中',
            ChineseMarker::Rear if self.style.is_traditional() => '後',
            ChineseMarker::Rear => '后',
            ChineseMarker::Second => '二',
            ChineseMarker::Third => '三',
            ChineseMarker::Fourth => '四',
            ChineseMarker::Across(n) => NUMERALS[usize::from(n.clamp(1, 5) - 1)],
        }
    }

    /// The colour the numbers were written for: Black for digits, Red for Chinese numerals.
    fn numeral_color(&self) -> Color {
        match self.numerals {
            Numerals::Chinese => Color::Red,
            _ => Color::Black,
        }
    }
}

impl fmt::Display for ChineseMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let color = self.character_color.unwrap_or(self.numeral_color());
        let piece = |kind| piece_char(kind, color, self.style);
        match self.piece {
            ChinesePiece::OnFile { kind, file } => {
                write!(f, "{}{}", piece(kind), numeral(file, self.numerals))?;
            }
            ChinesePiece::Marked { kind, marker } => {
                write!(f, "{}{}", self.marker_char(marker), piece(kind))?;
            }
            ChinesePiece::MarkedOnFile { marker, file, .. } => {
                write!(
                    f,
                    "{}{}",
                    self.marker_char(marker),
                    numeral(file, self.numerals)
                )?;
            }
        }
        let verb = match (self.direction, self.style.is_traditional()) {
            (Direction::Advance, false) => '进',
            (Direction::Advance, true) => '進',
            (Direction::Retreat, _) => '退',
            (Direction::Traverse, _) => '平',
        };
        write!(f, "{verb}{}", numeral(self.number, self.numerals))
    }
}

/// The descriptive notation in Chinese characters: a [`MoveNotation`] for
/// [`xiangqi_board::Position`].
///
/// ```
/// use notation_traits::MoveNotation;
/// use wxf_notation::{Chinese, ChineseStyle};
/// use xiangqi_board::Position;
///
/// let chinese = Chinese::new(ChineseStyle::Simplified);
/// let pos = Position::new();
/// let mv = chinese.read_move(&pos, "炮二平五")?.mv;
/// assert_eq!(mv.to_string(), "h2e2");
/// let pos = pos.play(mv)?;
/// let reply = chinese.read_move(&pos, "馬8進7")?.mv; // traditional, ASCII digits
/// assert_eq!(chinese.write_move(&pos, reply), "马８进７");
/// assert_eq!(Chinese::new(ChineseStyle::Traditional).write_move(&pos, reply), "馬８進７");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Chinese {
    style: ChineseStyle,
    /// Errors leave out their near spellings ([`MoveNotation::resolve_quickly`]).
    quick: bool,
}

impl Chinese {
    /// The notation writing `style` characters (it reads both).
    pub fn new(style: ChineseStyle) -> Chinese {
        Chinese {
            style,
            quick: false,
        }
    }

    /// The writer's characters.
    pub fn style(&self) -> ChineseStyle {
        self.style
    }

    /// Reads the syntax of one move.
    ///
    /// # Errors
    ///
    /// [`SyntaxError`] naming the character at fault and what the grammar allows there.
    pub fn parse_move(&self, text: &str) -> Result<ChineseMove, SyntaxError> {
        parse(text)
    }

    fn write(&self, pos: &Position, mv: Move) -> String {
        self.describe_move(pos, mv).to_string()
    }

    /// The canonical syntax of the legal move `mv`.
    fn describe_move(&self, pos: &Position, mv: Move) -> ChineseMove {
        let from = mv.from();
        let piece = pos
            .piece_at(from)
            .unwrap_or(Piece::new(pos.side_to_move(), PieceKind::King));
        let (color, kind) = (piece.color, piece.kind);
        let file = from.file().wxf_number(color);
        let stacks = Stacks::new(pos, color, kind);
        let (idx, count) = stacks.place(from);
        let marker = |idx: usize, count: usize| match (count, idx) {
            (_, 0) => ChineseMarker::Front,
            (_, i) if i == count - 1 => ChineseMarker::Rear,
            (3, _) => ChineseMarker::Middle,
            (_, 1) => ChineseMarker::Second,
            (_, 2) => ChineseMarker::Third,
            _ => ChineseMarker::Fourth,
        };
        let spec = match kind {
            PieceKind::King | PieceKind::Advisor | PieceKind::Elephant => {
                ChinesePiece::OnFile { kind, file }
            }
            _ if count < 2 => ChinesePiece::OnFile { kind, file },
            PieceKind::Pawn if stacks.files_with(2).count() >= 2 => ChinesePiece::MarkedOnFile {
                kind,
                marker: marker(idx, count),
                file,
            },
            _ => ChinesePiece::Marked {
                kind,
                marker: marker(idx, count),
            },
        };
        let w = crate::write::describe(
            pos,
            mv,
            xiangqi_board::Language::English,
            Some('.'),
            crate::WxfStyle::Wxf,
        );
        ChineseMove {
            piece: spec,
            direction: w.direction,
            number: w.number,
            numerals: match color {
                Color::Red => Numerals::Chinese,
                Color::Black => Numerals::FullWidth,
            },
            style: self.style,
            character_color: Some(color),
        }
    }

    fn resolve_move(&self, pos: &Position, mv: &ChineseMove) -> Result<Resolved<Move>, MoveError> {
        let color = pos.side_to_move();
        let kind = mv.piece.kind();
        let piece = Piece::new(color, kind);
        let stacks = Stacks::new(pos, color, kind);
        let mut warnings = Vec::new();
        if mv.numeral_color() != color {
            warnings.push(Warning::new(
                "numeral-style",
                format!(
                    "{} writes its numbers as {}",
                    color,
                    if color == Color::Red {
                        "Chinese numerals (一..九)"
                    } else {
                        "digits (１..９)"
                    }
                ),
            ));
        }
        if mv.character_color.is_some_and(|c| c != color) {
            warnings.push(Warning::new(
                "piece-character-color",
                format!(
                    "the character names a {} piece; read as the {piece}",
                    !color
                ),
            ));
        }
        // The move as written, for messages: written out only when one is built.
        let shown = mv;
        let write = |p: &Position, m: Move| self.write(p, m);
        let no_piece = |description: String| MoveError::NoPiece {
            description,
            candidates: if self.quick {
                Vec::new()
            } else {
                near_candidates(pos, &shown.to_string(), &write)
            },
        };
        let index = |marker: ChineseMarker, n: usize| -> Option<usize> {
            match (marker, n) {
                (_, 0 | 1) => None,
                (ChineseMarker::Front, _) => Some(0),
                (ChineseMarker::Rear, n) => Some(n - 1),
                (ChineseMarker::Middle, 3) => Some(1),
                (ChineseMarker::Middle, 5) => Some(2),
                (ChineseMarker::Second, n) if n >= 4 => Some(1),
                (ChineseMarker::Third, n) if n >= 4 => Some(2),
                (ChineseMarker::Fourth, 5) => Some(3),
                _ => None,
            }
        };
        // xqbase's count: the n-th pawn over all files holding two or more, files from the
        // mover's right, each front to back.
        let across = |n: usize| -> Option<xiangqi_board::Square> {
            (1..=9)
                .map(|file| stacks.on(file_index(file, color)))
                .filter(|on| on.len() >= 2)
                .flatten()
                .nth(n.checked_sub(1)?)
                .copied()
        };
        let mut origins = Vec::with_capacity(2);
        let mut pick_warning = None;
        match mv.piece {
            ChinesePiece::OnFile { file, .. } => {
                let on = stacks.on(file_index(file, color));
                match (kind, on.len()) {
                    (_, 0) => return Err(no_piece(format!("no {piece} on file {file}"))),
                    (_, 1) => origins.push(on[0]),
                    (PieceKind::Advisor | PieceKind::Elephant, _) => origins.extend(on),
                    (_, n) => {
                        origins.extend(on);
                        pick_warning = Some(Warning::new(
                            "tandem-file-digit",
                            format!(
                                "{} {} stand on file {file}: the file names the one that can make the move",
                                count_word(n),
                                plural_piece(piece)
                            ),
                        ));
                    }
                }
            }
            ChinesePiece::Marked {
                marker: ChineseMarker::Across(n),
                ..
            } => {
                match across(usize::from(n)) {
                    Some(sq) => origins.push(sq),
                    None => {
                        return Err(no_piece(format!(
                            "no {piece} number {n} among the doubled {} (xqbase counting)",
                            plural_piece(piece)
                        )));
                    }
                }
                warnings.push(Warning::new(
                    "xqbase-form",
                    format!("`{shown}` counts pawns over all doubled files, as xqbase writes it"),
                ));
            }
            ChinesePiece::Marked { marker, .. } => {
                if matches!(kind, PieceKind::Advisor | PieceKind::Elephant) {
                    warnings.push(Warning::new(
                        "redundant-marker",
                        format!(
                            "{}s need no marker: the direction tells them apart",
                            kind.name()
                        ),
                    ));
                }
                for f in stacks.files_with(2) {
                    let on = stacks.on(f);
                    if let Some(i) = index(marker, on.len()) {
                        origins.push(on[i]);
                    }
                }
                // 二兵..四兵 where no file holds four or five pawns: xqbase's count over all
                // doubled files (a file of four or five pawns leaves too few for a second
                // doubled file, so the two counts never disagree).
                let ordinal = match marker {
                    ChineseMarker::Second => Some(2),
                    ChineseMarker::Third => Some(3),
                    ChineseMarker::Fourth => Some(4),
                    _ => None,
                };
                let counted_across = origins.is_empty() && kind == PieceKind::Pawn;
                if counted_across && let Some(sq) = ordinal.and_then(across) {
                    origins.push(sq);
                    warnings.push(Warning::new(
                        "xqbase-form",
                        format!(
                            "`{shown}` counts pawns over all doubled files, as xqbase writes it"
                        ),
                    ));
                } else if origins.is_empty() {
                    return Err(no_piece(format!(
                        "no file holds the {} that `{shown}` names",
                        plural_piece(piece)
                    )));
                }
                if !counted_across && stacks.files_with(2).count() > 1 {
                    let w = Warning::new(
                        "tandem-file-missing",
                        format!(
                            "{} are doubled on several files and the move does not name the file: {}",
                            plural_piece(piece),
                            if origins.len() == 1 {
                                "only one file fits"
                            } else {
                                "only one of them can make the move"
                            }
                        ),
                    );
                    if origins.len() == 1 {
                        warnings.push(w);
                    } else {
                        pick_warning = Some(w);
                    }
                }
            }
            ChinesePiece::MarkedOnFile { marker, file, .. } => {
                let on = stacks.on(file_index(file, color));
                match index(marker, on.len()) {
                    Some(i) => origins.push(on[i]),
                    None => {
                        return Err(no_piece(format!(
                            "file {file} holds {} {}: `{shown}` names none of them",
                            on.len(),
                            plural_piece(piece)
                        )));
                    }
                }
            }
        }
        let request = Request {
            kind,
            direction: mv.direction,
            number: mv.number,
            shown,
        };
        choose(
            pos,
            &request,
            &origins,
            (pick_warning, warnings),
            &write,
            !self.quick,
        )
    }
}

fn parse(text: &str) -> Result<ChineseMove, SyntaxError> {
    let chars: Vec<(usize, char)> = text.char_indices().collect();
    let error = |i: usize, expected: &str| {
        let start = chars.get(i).map_or(text.len(), |c| c.0);
        let end = chars.get(i + 1).map_or(text.len(), |c| c.0);
        SyntaxError::new(Span::locate(text, start, end), expected, &text[start..end])
    };
    let at = |i: usize| chars.get(i).map(|c| c.1);
    let mut traditional = false;
    let mut numerals = None;
    let mut character_color = None;
    let mut numeral_at = |i: usize, what: &str| -> Result<u8, SyntaxError> {
        match at(i).and_then(read_numeral) {
            Some((n, kind)) => {
                numerals.get_or_insert(kind);
                Ok(n)
            }
            None => Err(error(i, what)),
        }
    };
    const PIECE: &str = "a piece (帅 仕 相 马 车 炮 兵 / 将 士 象 卒) or a marker (前 中 后)";
    let (piece, next) = match at(0) {
        None => return Err(error(0, PIECE)),
        Some(c0) => {
            if let Some((kind, color, trad)) = read_piece(c0) {
                traditional |= trad;
                character_color = color;
                let file = numeral_at(1, "a file number (一..九 for Red, １..９ for Black)")?;
                (ChinesePiece::OnFile { kind, file }, 2)
            } else if let Some((marker, trad)) = read_marker(c0) {
                traditional |= trad;
                match at(1) {
                    Some(c1) if read_piece(c1).is_some() => {
                        let (kind, color, trad) =
                            read_piece(c1).unwrap_or((PieceKind::Pawn, None, false));
                        traditional |= trad;
                        character_color = color;
                        if at(2).and_then(read_numeral).is_some()
                            && at(3).and_then(read_verb).is_some()
                        {
                            let file = numeral_at(2, "a file number")?;
                            (ChinesePiece::MarkedOnFile { kind, marker, file }, 3)
                        } else {
                            (ChinesePiece::Marked { kind, marker }, 2)
                        }
                    }
                    _ => {
                        let file = numeral_at(
                            1,
                            "a piece, or a file number after the marker (pawns doubled on two files)",
                        )?;
                        (
                            ChinesePiece::MarkedOnFile {
                                kind: PieceKind::Pawn,
                                marker,
                                file,
                            },
                            2,
                        )
                    }
                }
            } else if let (Some((n, _)), Some((kind, color, trad))) =
                (read_numeral(c0), at(1).and_then(read_piece))
            {
                traditional |= trad;
                character_color = color;
                let marker = match n {
                    2 => ChineseMarker::Second,
                    3 => ChineseMarker::Third,
                    4 => ChineseMarker::Fourth,
                    1 | 5 => ChineseMarker::Across(n),
                    _ => return Err(error(0, "an ordinal 一..五 before the pawn")),
                };
                (ChinesePiece::Marked { kind, marker }, 2)
            } else {
                return Err(error(0, PIECE));
            }
        }
    };
    let direction = match at(next).and_then(read_verb) {
        Some((d, trad)) => {
            traditional |= trad;
            d
        }
        None => return Err(error(next, "a verb (进 forward, 退 back, 平 sideways)")),
    };
    let number = numeral_at(next + 1, "a number (一..九 for Red, １..９ for Black)")?;
    if next + 2 < chars.len() {
        return Err(error(next + 2, "the end of the move"));
    }
    Ok(ChineseMove {
        piece,
        direction,
        number,
        numerals: numerals.unwrap_or_default(),
        style: if traditional {
            ChineseStyle::Traditional
        } else {
            ChineseStyle::Simplified
        },
        character_color,
    })
}

impl MoveNotation<Position> for Chinese {
    type Syntax = ChineseMove;

    fn parse(&self, text: &str) -> Result<ChineseMove, SyntaxError> {
        parse(text)
    }

    fn resolve(&self, pos: &Position, syntax: &ChineseMove) -> Result<Resolved<Move>, MoveError> {
        self.resolve_move(pos, syntax)
    }

    fn resolve_quickly(
        &self,
        pos: &Position,
        syntax: &ChineseMove,
    ) -> Result<Resolved<Move>, MoveError> {
        Chinese {
            quick: true,
            ..*self
        }
        .resolve_move(pos, syntax)
    }

    fn describe(&self, pos: &Position, mv: Move) -> ChineseMove {
        self.describe_move(pos, mv)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn syntax_errors_point_at_the_character() {
        let e = parse("炮二走五").unwrap_err();
        assert_eq!(e.found, "走");
        assert_eq!(e.span.start.column, 3);
        assert_eq!(e.expected, "a verb (进 forward, 退 back, 平 sideways)");
        let e = parse("X2.5").unwrap_err();
        assert_eq!(e.found, "X");
        let e = parse("炮二平五五").unwrap_err();
        assert_eq!(e.found, "五");
        assert!(parse("").is_err());
    }

    #[test]
    fn the_forms_of_the_specimens() {
        assert_eq!(
            parse("前七进一").unwrap().piece,
            ChinesePiece::MarkedOnFile {
                kind: PieceKind::Pawn,
                marker: ChineseMarker::Front,
                file: 7
            }
        );
        assert_eq!(
            parse("三卒平６").unwrap().piece,
            ChinesePiece::Marked {
                kind: PieceKind::Pawn,
                marker: ChineseMarker::Third
            }
        );
        assert_eq!(parse("後炮退２").unwrap().to_string(), "後砲退２");
        assert_eq!(parse("前兵七平六").unwrap().to_string(), "前七平六");
    }
}
