//! The syntax of a descriptive move: which piece, which direction, which number.

use std::fmt;

use xiangqi_board::PieceKind;

/// The direction of a descriptive move, from the mover's point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Direction {
    /// `+` (进): toward the opponent.
    Advance,
    /// `-` (退): toward the own side.
    Retreat,
    /// `.` or `=` (平): sideways along the rank.
    Traverse,
}

/// Which of several like pieces on one file a move names.
///
/// Rule: WXF page, "tandem pieces" and "special cases for tandem pawns".
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Marker {
    /// `+` (前): the front piece (nearer the opponent) of two or three; the second of four or
    /// five pawns.
    Front,
    /// The middle pawn of three or five, written with the file digit (`P5` / `77`, 中).
    Middle,
    /// `-` (后): the rear piece of two or three; the second from the rear of four or five pawns.
    Rear,
    /// `++`: the foremost of four or five pawns on a file.
    Foremost,
    /// `--`: the rearmost of four or five pawns on a file.
    Rearmost,
}

/// How a descriptive move names the piece that moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PieceSpec {
    /// `C2`: the piece of this kind on the mover's file 2 (for three or five pawns on the file,
    /// the middle one).
    OnFile {
        /// The kind.
        kind: PieceKind,
        /// The file, 1-9 from the mover's right.
        file: u8,
    },
    /// `R+`, `C-` (or `+R`): the front or rear of two like pieces on a file; for four or five
    /// pawns the second from the front or rear. xqbase's `P.` is [`Marker::Middle`], the middle
    /// pawn of three.
    Tandem {
        /// The kind.
        kind: PieceKind,
        /// [`Marker::Front`] or [`Marker::Rear`].
        marker: Marker,
    },
    /// `++`, `--`: the foremost or rearmost of four or five pawns on a file.
    PawnExtreme {
        /// [`Marker::Foremost`] or [`Marker::Rearmost`].
        marker: Marker,
    },
    /// `7+`, `77`, `7-`: a pawn on file 7 when pawns are doubled on two files (the file digit
    /// replaces the letter).
    PawnOnFile {
        /// The file, 1-9 from the mover's right.
        file: u8,
        /// Front, middle (the digit repeated) or rear.
        marker: Marker,
    },
    /// `Pa`..`Pe` (xqbase): the n-th pawn over all files with doubled pawns, files from the
    /// mover's right, each front to back.
    PawnAcross {
        /// 1 for `a`, the first pawn.
        ordinal: u8,
    },
    /// `15`: the first pawn from the front on file 5, the 2018 World Xiangqi Rules form that
    /// Fairy-Stockfish writes for three or more pawns on a file or pawns doubled on two files.
    PawnOrdinal {
        /// 1 for the front pawn, counting back.
        ordinal: u8,
        /// The file, 1-9 from the mover's right.
        file: u8,
    },
}

impl PieceSpec {
    /// The kind of the piece named.
    pub fn kind(self) -> PieceKind {
        match self {
            PieceSpec::OnFile { kind, .. } | PieceSpec::Tandem { kind, .. } => kind,
            _ => PieceKind::Pawn,
        }
    }
}

/// How a move was written, beyond what it means: kept to write the move back as the user wrote
/// it and to warn about non-canonical spellings.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub(crate) struct Spelling {
    /// The piece letter, upper case (`'\0'` for forms without a letter).
    pub(crate) letter: char,
    /// The sideways sign written (`.` or `=`), or `None` when left out.
    pub(crate) sideways: Option<char>,
    /// The tandem marker stood before the letter (`+C.5`).
    pub(crate) marker_before: bool,
    /// A letter was lowercase.
    pub(crate) lowercase: bool,
    /// Full-width characters (`Ｃ２．５`) were read.
    pub(crate) fullwidth: bool,
    /// The letter is an alias of the language (`N` for the horse in English).
    pub(crate) alias: bool,
    /// A check sign or glyph after the move (`+`, `#`), as written.
    pub(crate) trailing: String,
}

/// A descriptive move as written, not yet checked against a position.
///
/// `Display` writes it back canonically in its own letters and sideways sign: marker after the
/// letter, upper case, ASCII, no trailing check sign.
///
/// ```
/// use wxf_notation::{Direction, PieceSpec, Wxf};
/// use xiangqi_board::{Language, PieceKind};
///
/// let wxf = Wxf::new(Language::Finnish);
/// let mv = wxf.parse_move("v+=3")?;
/// assert_eq!(mv.piece, PieceSpec::Tandem { kind: PieceKind::Chariot, marker: wxf_notation::Marker::Front });
/// assert_eq!((mv.direction, mv.number), (Direction::Traverse, 3));
/// assert_eq!(mv.to_string(), "V+=3");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct WxfMove {
    /// Which piece moves.
    pub piece: PieceSpec,
    /// Forward, back or sideways.
    pub direction: Direction,
    /// Steps for a straight mover going forward or back; otherwise the destination file (1-9
    /// from the mover's right).
    pub number: u8,
    pub(crate) spelling: Spelling,
}

impl fmt::Display for WxfMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let letter = self.spelling.letter;
        match self.piece {
            PieceSpec::OnFile { file, .. } => write!(f, "{letter}{file}")?,
            PieceSpec::Tandem { marker, .. } => {
                let sign = match marker {
                    Marker::Front => '+',
                    Marker::Middle => '.',
                    _ => '-',
                };
                write!(f, "{letter}{sign}")?;
            }
            PieceSpec::PawnAcross { ordinal } => {
                write!(f, "{letter}{}", char::from(b'a' + ordinal.clamp(1, 5) - 1))?;
            }
            PieceSpec::PawnExtreme { marker } => {
                f.write_str(if marker == Marker::Foremost {
                    "++"
                } else {
                    "--"
                })?;
            }
            PieceSpec::PawnOnFile { file, marker } => match marker {
                Marker::Front => write!(f, "{file}+")?,
                Marker::Rear => write!(f, "{file}-")?,
                _ => write!(f, "{file}{file}")?,
            },
            PieceSpec::PawnOrdinal { ordinal, file } => write!(f, "{ordinal}{file}")?,
        }
        match self.direction {
            Direction::Advance => f.write_str("+")?,
            Direction::Retreat => f.write_str("-")?,
            Direction::Traverse => {
                if let Some(sign) = self.spelling.sideways {
                    write!(f, "{sign}")?;
                }
            }
        }
        write!(f, "{}", self.number)
    }
}
