//! The SVG picture of a shogi position: the 9 × 9 board with its star points, kanji or letter
//! pieces (White's upside down), the hands beside it (White's at the top left, Black's at the
//! bottom right, as Japanese books print them; swapped when flipped), coordinates, marks and a
//! caption.
//!
//! Each square is a `<rect>` with the id `{prefix}sq-7g` and the classes `square sq-7g` (plus
//! `lastmove`, `marked`); each piece a `<g class="piece black pawn">` with `data-square="7g"`
//! and `data-piece="P"` (its SFEN letter); each hand kind a `<g class="hand-piece">` with
//! `data-color`, `data-piece` and `data-count`, so that a page's script (or a test) can read the
//! position back from the picture.

use std::fmt::Write as _;

use shogi_board::{Color, Hand, Piece, PieceKind, Position, Square};

use crate::numerals::{full_width_digit, kanji};
use crate::svg::{self, FONTS_JAPANESE, FONTS_LATIN, Num};
use crate::{Check, Escaped, Orientation, ShogiCoordinates, ShogiOptions, ShogiPieces, shogi_text};

/// A square's width, in `viewBox` units.
const W: f64 = 40.0;
/// A square's height: shogi squares are taller than wide (about 11 : 12).
const H: f64 = 44.0;
/// The margin around everything.
const PAD: f64 = 8.0;
/// The width of a hand's column.
const HAND: f64 = 46.0;
/// The space between a hand and the board.
const GAP: f64 = 10.0;
/// The width (height) of the coordinates' band.
const COORD: f64 = 22.0;
/// The height of the caption's band.
const CAPTION: f64 = 30.0;

const BOARD_FILL: &str = "#e8c47f";
const LINE: &str = "#3d2b17";
const PIECE_FILL: &str = "#fcefd0";
const PIECE_EDGE: &str = "#6b4e2e";
const INK: &str = "#161616";
const PROMOTED_INK: &str = "#c1121f";
const LAST_MOVE: &str = "#f0861c";

/// The outline of a piece around its centre: the tip, the shoulders, the base.
const PIECE_OUTLINE: &str = "0,-19 13,-14.5 16.5,18.5 -16.5,18.5 -13,-14.5";

/// Where things go.
struct Layout {
    orientation: Orientation,
    /// The band of coordinates (0 without coordinates).
    coord: f64,
    /// The left edge of the board's squares.
    x0: f64,
    /// The top edge of the board's squares.
    y0: f64,
    /// The picture's width.
    width: f64,
    /// The picture's height.
    height: f64,
}

impl Layout {
    fn new(options: &ShogiOptions) -> Layout {
        let coord = if options.coordinates == ShogiCoordinates::None {
            0.0
        } else {
            COORD
        };
        let x0 = PAD + HAND + GAP;
        let y0 = PAD + coord;
        let width = x0 + 9.0 * W + coord + GAP + HAND + PAD;
        let caption = if options.view.caption.is_some() {
            CAPTION
        } else {
            0.0
        };
        let height = y0 + 9.0 * H + PAD + caption;
        Layout {
            orientation: options.view.orientation,
            coord,
            x0,
            y0,
            width,
            height,
        }
    }

    /// The column (0 at the left) and row (0 at the top) of `sq`.
    fn cell(&self, sq: Square) -> (u8, u8) {
        let (file, rank) = (sq.file().number(), sq.rank().number());
        match self.orientation {
            Orientation::Standard => (9 - file, rank - 1),
            Orientation::Flipped => (file - 1, 9 - rank),
        }
    }

    /// The top left corner of `sq`.
    fn corner(&self, sq: Square) -> (f64, f64) {
        let (col, row) = self.cell(sq);
        (self.x0 + f64::from(col) * W, self.y0 + f64::from(row) * H)
    }

    /// The centre of `sq`.
    fn center(&self, sq: Square) -> (f64, f64) {
        let (x, y) = self.corner(sq);
        (x + W / 2.0, y + H / 2.0)
    }

    /// Whose hand is in the left column (top, read from the top) and whose in the right one
    /// (bottom).
    fn hands(&self) -> (Color, Color) {
        match self.orientation {
            Orientation::Standard => (Color::White, Color::Black),
            Orientation::Flipped => (Color::Black, Color::White),
        }
    }
}

/// The SVG picture of `pos`, drawn as `options` say.
///
/// The `<title>` holds the SFEN; the `<desc>` the KIF board diagram ([`shogi_text`]).
///
/// # Examples
///
/// ```
/// use kifu_diagram::{ShogiOptions, shogi_svg};
/// use shogi_board::Position;
///
/// let svg = shogi_svg(&Position::new(), &ShogiOptions::new());
/// assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
/// assert!(svg.contains("<title>lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1</title>"));
/// assert_eq!(svg.matches("class=\"piece ").count(), 40);
/// ```
pub fn shogi_svg(pos: &Position, options: &ShogiOptions) -> String {
    let layout = Layout::new(options);
    let view = &options.view;
    let prefix = view.id_prefix.as_str();
    let kanji_style = options.pieces == ShogiPieces::Kanji;
    let mut out = String::with_capacity(24 * 1024);
    svg::open(
        &mut out,
        "kifu-diagram shogi",
        (layout.width, layout.height),
        view.size,
        if kanji_style { "ja" } else { "en" },
        &pos.to_sfen(),
        &shogi_text(pos, options),
    );
    let check = checked_square(pos, options);
    if check.is_some() {
        svg::check_gradient(&mut out, prefix);
    }
    board(&mut out, &layout);
    squares(&mut out, &layout, options);
    grid(&mut out, &layout);
    coordinates(&mut out, &layout, options);
    if let Some(sq) = check {
        svg::check_marker(&mut out, prefix, layout.center(sq), W * 0.62);
    }
    pieces(&mut out, pos, &layout, options);
    let (left, right) = layout.hands();
    hand(&mut out, pos, left, &layout, options, Side::Left);
    hand(&mut out, pos, right, &layout, options, Side::Right);
    for arrow in &view.arrows {
        svg::arrow(
            &mut out,
            arrow,
            (layout.center(arrow.from), layout.center(arrow.to)),
            W * 0.16,
            W * 0.5,
            (&arrow.from.to_string(), &arrow.to.to_string()),
        );
    }
    for circle in &view.circles {
        svg::circle(
            &mut out,
            circle,
            layout.center(circle.at),
            W * 0.46,
            &circle.at.to_string(),
        );
    }
    if view.caption.is_some() {
        let text = caption_text(pos, options);
        let y = layout.y0 + 9.0 * H + PAD + CAPTION * 0.62;
        let font = if kanji_style {
            FONTS_JAPANESE
        } else {
            FONTS_LATIN
        };
        let extra = format!(" class=\"caption\" font-family=\"{font}\"");
        svg::text(&mut out, (layout.width / 2.0, y), 15.0, INK, &extra, &text);
    }
    out.push_str("</svg>\n");
    out
}

/// The square of the king the check marker goes under, if any.
fn checked_square(pos: &Position, options: &ShogiOptions) -> Option<Square> {
    match options.view.check {
        // A side without a king (a mating problem's attacker) is never in check.
        Check::Auto if pos.is_check() => pos.king_square(pos.side_to_move()),
        Check::Auto | Check::Off => None,
        Check::At(sq) => Some(sq),
    }
}

/// The board's wood.
fn board(out: &mut String, layout: &Layout) {
    let _ = writeln!(
        out,
        "<rect class=\"board\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"{BOARD_FILL}\"/>",
        Num(layout.x0),
        Num(layout.y0),
        Num(9.0 * W),
        Num(9.0 * H)
    );
}

/// The grid, its frame and the four star points, above the squares' fills.
fn grid(out: &mut String, layout: &Layout) {
    let (x0, y0) = (layout.x0, layout.y0);
    let (x1, y1) = (x0 + 9.0 * W, y0 + 9.0 * H);
    let mut path = String::new();
    for i in 1..9 {
        let x = x0 + f64::from(i) * W;
        let y = y0 + f64::from(i) * H;
        let _ = write!(
            path,
            "M{} {}V{}M{} {}H{}",
            Num(x),
            Num(y0),
            Num(y1),
            Num(x0),
            Num(y),
            Num(x1)
        );
    }
    let _ = writeln!(
        out,
        "<path class=\"grid\" d=\"{path}\" stroke=\"{LINE}\" stroke-width=\"1\" fill=\"none\"/>"
    );
    let _ = writeln!(
        out,
        "<rect class=\"frame\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" stroke=\"{LINE}\" \
stroke-width=\"2\" fill=\"none\"/>",
        Num(x0),
        Num(y0),
        Num(x1 - x0),
        Num(y1 - y0)
    );
    for (i, j) in [(3.0, 3.0), (6.0, 3.0), (3.0, 6.0), (6.0, 6.0)] {
        let _ = writeln!(
            out,
            "<circle class=\"star\" cx=\"{}\" cy=\"{}\" r=\"2.5\" fill=\"{LINE}\"/>",
            Num(x0 + i * W),
            Num(y0 + j * H)
        );
    }
}

/// One `<rect>` a square, with its id and classes, filled where the last move or a mark says.
fn squares(out: &mut String, layout: &Layout, options: &ShogiOptions) {
    let view = &options.view;
    let prefix = Escaped(&view.id_prefix);
    for rank in 1..=9 {
        for file in (1..=9).rev() {
            let Some(sq) = Square::from_numbers(file, rank) else {
                continue;
            };
            let (x, y) = layout.corner(sq);
            let last = view
                .last_move
                .is_some_and(|m| m.to == sq || m.from == Some(sq));
            let mark = view.marked.iter().rev().find(|m| m.at == sq);
            let mut class = format!("square sq-{sq}");
            let mut fill = String::from(" fill=\"none\"");
            if let Some(mark) = mark {
                let _ = write!(class, " marked {}", mark.brush.name());
                fill = format!(" fill=\"{}\" fill-opacity=\"0.45\"", mark.brush.color());
            } else if last {
                fill = format!(" fill=\"{LAST_MOVE}\" fill-opacity=\"0.75\"");
            }
            if last {
                class.push_str(" lastmove");
            }
            let _ = writeln!(
                out,
                "<rect id=\"{prefix}sq-{sq}\" class=\"{class}\" x=\"{}\" y=\"{}\" width=\"{}\" \
height=\"{}\"{fill}/>",
                Num(x),
                Num(y),
                Num(W),
                Num(H)
            );
        }
    }
}

/// The files along the top and the ranks down the right side.
fn coordinates(out: &mut String, layout: &Layout, options: &ShogiOptions) {
    if options.coordinates == ShogiCoordinates::None {
        return;
    }
    let japanese = options.coordinates == ShogiCoordinates::Japanese;
    let font = if japanese {
        FONTS_JAPANESE
    } else {
        FONTS_LATIN
    };
    let _ = writeln!(out, "<g class=\"coordinates\" font-family=\"{font}\">");
    for col in 0..9u8 {
        let file = match layout.orientation {
            Orientation::Standard => 9 - col,
            Orientation::Flipped => col + 1,
        };
        let label = if japanese {
            full_width_digit(file).to_string()
        } else {
            file.to_string()
        };
        let x = layout.x0 + (f64::from(col) + 0.5) * W;
        svg::text(out, (x, PAD + 16.0), 14.0, INK, "", &label);
    }
    for row in 0..9u8 {
        let rank = match layout.orientation {
            Orientation::Standard => row + 1,
            Orientation::Flipped => 9 - row,
        };
        let label = match options.coordinates {
            ShogiCoordinates::Japanese => kanji(u32::from(rank)),
            ShogiCoordinates::Letters => char::from(b'a' + rank - 1).to_string(),
            _ => rank.to_string(),
        };
        let x = layout.x0 + 9.0 * W + layout.coord / 2.0 + 1.0;
        let y = layout.y0 + (f64::from(row) + 0.5) * H + 5.0;
        svg::text(out, (x, y), 14.0, INK, "", &label);
    }
    out.push_str("</g>\n");
}

/// Every piece on the board, from the top row down, left to right.
fn pieces(out: &mut String, pos: &Position, layout: &Layout, options: &ShogiOptions) {
    let kanji_style = options.pieces == ShogiPieces::Kanji;
    let font = if kanji_style {
        FONTS_JAPANESE
    } else {
        FONTS_LATIN
    };
    let _ = writeln!(out, "<g class=\"pieces\" font-family=\"{font}\">");
    let mut placed: Vec<(Square, Piece)> = Square::all()
        .filter_map(|sq| pos.piece_at(sq).map(|p| (sq, p)))
        .collect();
    placed.sort_by_key(|&(sq, _)| {
        let (col, row) = layout.cell(sq);
        (row, col)
    });
    for (sq, piece) in placed {
        piece_element(out, sq, piece, layout, options);
    }
    out.push_str("</g>\n");
}

/// One piece: its outline and its characters, turned half a turn when it points down the
/// board (White's in the standard view, Black's when flipped).
fn piece_element(
    out: &mut String,
    sq: Square,
    piece: Piece,
    layout: &Layout,
    options: &ShogiOptions,
) {
    let (cx, cy) = layout.center(sq);
    let upside_down = match layout.orientation {
        Orientation::Standard => piece.color == Color::White,
        Orientation::Flipped => piece.color == Color::Black,
    };
    let turn = if upside_down { " rotate(180)" } else { "" };
    let _ = writeln!(
        out,
        "<g class=\"piece {} {}\" data-square=\"{sq}\" data-piece=\"{}\" transform=\"translate({} {}){turn}\">\
<polygon points=\"{PIECE_OUTLINE}\" fill=\"{PIECE_FILL}\" stroke=\"{PIECE_EDGE}\" stroke-width=\"1\"/>",
        piece.color.name(),
        piece.kind.name().replace(' ', "-"),
        piece.sfen(),
        Num(cx),
        Num(cy),
    );
    let ink = if piece.kind.is_promoted() {
        PROMOTED_INK
    } else {
        INK
    };
    match options.pieces {
        ShogiPieces::Kanji => {
            let glyphs = options.kanji(piece.color, piece.kind);
            let chars: Vec<char> = glyphs.chars().collect();
            if chars.len() == 2 {
                for (ch, y) in chars.iter().zip([-1.5, 14.5]) {
                    let _ = writeln!(
                        out,
                        "<text x=\"0\" y=\"{}\" font-size=\"15\" fill=\"{ink}\" text-anchor=\"middle\">{ch}</text>",
                        Num(y)
                    );
                }
            } else {
                let _ = writeln!(
                    out,
                    "<text x=\"0\" y=\"10\" font-size=\"24\" fill=\"{ink}\" text-anchor=\"middle\">{glyphs}</text>"
                );
            }
        }
        ShogiPieces::Letters => {
            let _ = writeln!(
                out,
                "<text x=\"0\" y=\"8\" font-size=\"{}\" font-weight=\"bold\" fill=\"{ink}\" \
text-anchor=\"middle\">{}</text>",
                if piece.kind.is_promoted() { 15 } else { 18 },
                piece.kind.usi()
            );
        }
    }
    out.push_str("</g>\n");
}

/// Which column a hand stands in.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Side {
    /// The left column, read from the top of the board.
    Left,
    /// The right column, ending at the bottom of the board.
    Right,
}

/// One cell of a hand's column: its text, the piece kind (with its count) it belongs to, and
/// whether it is part of a count (drawn smaller than the piece).
struct Cell {
    text: String,
    kind: Option<(PieceKind, u8)>,
    count: bool,
}

/// `color`'s hand in a column beside the board: the player's mark and name, then each kind
/// held with its count (飛 角 金 銀 桂 香 歩; `歩三`), or なし.
fn hand(
    out: &mut String,
    pos: &Position,
    color: Color,
    layout: &Layout,
    options: &ShogiOptions,
    side: Side,
) {
    let held = pos.hand(color);
    let cells = hand_cells(held, color, options);
    let kanji_style = options.pieces == ShogiPieces::Kanji;
    let font = if kanji_style {
        FONTS_JAPANESE
    } else {
        FONTS_LATIN
    };
    let board_height = 9.0 * H;
    let step = (board_height / cells.len() as f64).min(if kanji_style { 22.0 } else { 24.0 });
    let size = (step * 0.86).min(20.0);
    let x = match side {
        Side::Left => PAD + HAND / 2.0,
        Side::Right => layout.x0 + 9.0 * W + layout.coord + GAP + HAND / 2.0,
    };
    let top = match side {
        Side::Left => layout.y0,
        Side::Right => layout.y0 + board_height - step * cells.len() as f64,
    };
    let _ = writeln!(
        out,
        "<g class=\"hand {}\" data-color=\"{}\" font-family=\"{font}\">",
        color.name(),
        color.name()
    );
    let mut open: Option<PieceKind> = None;
    for (i, cell) in cells.iter().enumerate() {
        let kind = cell.kind.map(|(k, _)| k);
        if open.is_some() && open != kind {
            out.push_str("</g>\n");
            open = None;
        }
        if let (None, Some((k, n))) = (open, cell.kind) {
            let _ = writeln!(
                out,
                "<g class=\"hand-piece\" data-color=\"{}\" data-piece=\"{}\" data-count=\"{n}\">",
                color.name(),
                Piece::new(color, k).sfen()
            );
            open = Some(k);
        }
        let size = if cell.count {
            size * 0.78
        } else if cell.text.chars().count() > 3 {
            size * 0.62
        } else {
            size
        };
        let y = top + (i as f64 + 0.5) * step + size * 0.36;
        svg::text(out, (x, y), size, INK, "", &cell.text);
    }
    if open.is_some() {
        out.push_str("</g>\n");
    }
    out.push_str("</g>\n");
}

/// The cells of a hand's column, from the top.
fn hand_cells(held: Hand, color: Color, options: &ShogiOptions) -> Vec<Cell> {
    let plain = |text: &str| Cell {
        text: text.to_owned(),
        kind: None,
        count: false,
    };
    let mut cells = Vec::new();
    match options.pieces {
        ShogiPieces::Kanji => {
            cells.push(plain(match color {
                Color::Black => "☗",
                Color::White => "☖",
            }));
            for ch in options.players.japanese(color).chars() {
                cells.push(plain(&ch.to_string()));
            }
            if held.is_empty() {
                cells.push(plain("な"));
                cells.push(plain("し"));
            }
            for (kind, n) in held.iter() {
                cells.push(Cell {
                    text: kind.japanese().to_owned(),
                    kind: Some((kind, n)),
                    count: false,
                });
                if n > 1 {
                    for ch in kanji(u32::from(n)).chars() {
                        cells.push(Cell {
                            text: ch.to_string(),
                            kind: Some((kind, n)),
                            count: true,
                        });
                    }
                }
            }
        }
        ShogiPieces::Letters => {
            cells.push(plain(match color {
                Color::Black => "▲",
                Color::White => "△",
            }));
            cells.push(plain(options.players.english(color)));
            if held.is_empty() {
                cells.push(plain("-"));
            }
            for (kind, n) in held.iter() {
                let text = if n > 1 {
                    format!("{}{n}", kind.usi())
                } else {
                    kind.usi().to_owned()
                };
                cells.push(Cell {
                    text,
                    kind: Some((kind, n)),
                    count: false,
                });
            }
        }
    }
    cells
}

/// The caption's words: the ply, the move just played (with the mover's mark) and who is to
/// move, in Japanese for kanji pieces and English for letters.
pub(crate) fn caption_text(pos: &Position, options: &ShogiOptions) -> String {
    let Some(caption) = &options.view.caption else {
        return String::new();
    };
    let to_move = pos.side_to_move();
    let mover = !to_move;
    let mut parts: Vec<String> = Vec::new();
    if let Some(title) = &caption.title {
        parts.push(title.clone());
    }
    match options.pieces {
        ShogiPieces::Kanji => {
            let mut played = String::new();
            if let Some(ply) = caption.ply {
                let _ = write!(played, "{ply}手目");
            }
            if let Some(mv) = &caption.last_move {
                if !played.is_empty() {
                    played.push(' ');
                }
                if !mv.starts_with(['▲', '△', '☗', '☖']) {
                    played.push(match mover {
                        Color::Black => '▲',
                        Color::White => '△',
                    });
                }
                played.push_str(mv);
                played.push_str("まで");
            }
            if !played.is_empty() {
                parts.push(played);
            }
            parts.push(format!("{}番", options.players.japanese(to_move)));
            parts.join("　")
        }
        ShogiPieces::Letters => {
            if let Some(ply) = caption.ply {
                parts.push(format!("ply {ply}"));
            }
            if let Some(mv) = &caption.last_move {
                parts.push(mv.clone());
            }
            parts.push(format!("{} to move", options.players.english(to_move)));
            parts.join(" · ")
        }
    }
}
