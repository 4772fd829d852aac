//! The SVG picture of a xiangqi position: the 9 × 10 points with the river (楚河 漢界) breaking
//! the inner files, the palace diagonals, the marks of the cannon and pawn points (half marks
//! at the edges), disc pieces with characters or letters, coordinates, marks and a caption.
//!
//! Each point is a `<rect>` (a square around it) with the id `{prefix}sq-e0` and the classes
//! `square sq-e0` (plus `lastmove`, `marked`); each piece a `<g class="piece red chariot">`
//! with `data-square="a0"` (ICCS) and `data-piece="R"` (its FEN letter).

use std::fmt::Write as _;

use xiangqi_board::{Color, Position, Square};

use crate::numerals::kanji;
use crate::svg::{self, FONTS_LATIN, FONTS_SIMPLIFIED, FONTS_TRADITIONAL, Num};
use crate::{
    Check, Escaped, Orientation, XiangqiCoordinates, XiangqiOptions, XiangqiPieces, xiangqi_text,
};

/// The distance between two points, in `viewBox` units.
const S: f64 = 40.0;
/// The margin around everything.
const PAD: f64 = 8.0;
/// The wood beyond the outer lines.
const MARGIN: f64 = 26.0;
/// The width (height) of a band of coordinates.
const COORD: f64 = 20.0;
/// The height of the caption's band.
const CAPTION: f64 = 30.0;

const BOARD_FILL: &str = "#eccb8a";
const LINE: &str = "#4a3520";
const PIECE_FILL: &str = "#f8ead0";
const PIECE_EDGE: &str = "#7a5a32";
const RED: &str = "#c3261e";
const BLACK: &str = "#1c1c1c";
const INK: &str = "#161616";
const LAST_MOVE: &str = "#1d5fbf";

/// Where things go.
struct Layout {
    orientation: Orientation,
    /// The band of file labels above and below (0 without coordinates).
    band: f64,
    /// The band of rank labels left and right (ICCS only).
    side: f64,
    /// The leftmost line.
    x0: f64,
    /// The top line.
    y0: f64,
    width: f64,
    height: f64,
}

impl Layout {
    fn new(options: &XiangqiOptions) -> Layout {
        let band = if options.coordinates == XiangqiCoordinates::None {
            0.0
        } else {
            COORD
        };
        let side = if options.coordinates == XiangqiCoordinates::Iccs {
            COORD
        } else {
            0.0
        };
        let x0 = PAD + side + MARGIN;
        let y0 = PAD + band + MARGIN;
        let caption = if options.view.caption.is_some() {
            CAPTION
        } else {
            0.0
        };
        Layout {
            orientation: options.view.orientation,
            band,
            side,
            x0,
            y0,
            width: 2.0 * x0 + 8.0 * S,
            height: 2.0 * y0 + 9.0 * S + caption,
        }
    }

    /// The column (0 at the left) and row (0 at the top) of `sq`.
    fn cell(&self, sq: Square) -> (u8, u8) {
        let (file, rank) = (sq.file().index(), sq.rank().index());
        match self.orientation {
            Orientation::Standard => (file, 9 - rank),
            Orientation::Flipped => (8 - file, rank),
        }
    }

    /// The point at column `col` and row `row`.
    fn at(&self, col: f64, row: f64) -> (f64, f64) {
        (self.x0 + col * S, self.y0 + row * S)
    }

    /// The point `sq`.
    fn center(&self, sq: Square) -> (f64, f64) {
        let (col, row) = self.cell(sq);
        self.at(f64::from(col), f64::from(row))
    }
}

/// The SVG picture of `pos`, drawn as `options` say.
///
/// The `<title>` holds the FEN; the `<desc>` the text diagram ([`xiangqi_text`]).
///
/// # Examples
///
/// ```
/// use kifu_diagram::{XiangqiOptions, xiangqi_svg};
/// use xiangqi_board::Position;
///
/// let svg = xiangqi_svg(&Position::new(), &XiangqiOptions::new());
/// assert!(svg.contains("<title>rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1</title>"));
/// assert_eq!(svg.matches("class=\"piece ").count(), 32);
/// assert!(svg.contains("data-square=\"e0\" data-piece=\"K\""));
/// ```
pub fn xiangqi_svg(pos: &Position, options: &XiangqiOptions) -> String {
    let layout = Layout::new(options);
    let view = &options.view;
    let prefix = view.id_prefix.as_str();
    let mut out = String::with_capacity(20 * 1024);
    let lang = match options.pieces {
        XiangqiPieces::Traditional => "zh-Hant",
        XiangqiPieces::Simplified => "zh-Hans",
        XiangqiPieces::Letters(language) => language.code(),
    };
    svg::open(
        &mut out,
        "kifu-diagram xiangqi",
        (layout.width, layout.height),
        view.size,
        lang,
        &pos.to_fen(),
        &xiangqi_text(pos, options),
    );
    let check = match view.check {
        Check::Auto => pos.is_check().then(|| pos.king_square(pos.side_to_move())),
        Check::Off => None,
        Check::At(sq) => Some(sq),
    };
    if check.is_some() {
        svg::check_gradient(&mut out, prefix);
    }
    let (x0, y0) = (layout.x0, layout.y0);
    let _ = writeln!(
        out,
        "<rect class=\"board\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"{BOARD_FILL}\"/>",
        Num(x0 - MARGIN),
        Num(y0 - MARGIN),
        Num(8.0 * S + 2.0 * MARGIN),
        Num(9.0 * S + 2.0 * MARGIN)
    );
    points(&mut out, &layout, options);
    lines(&mut out, &layout);
    river(&mut out, &layout, options);
    coordinates(&mut out, &layout, options);
    marks(&mut out, &layout, options);
    if let Some(sq) = check {
        svg::check_marker(&mut out, prefix, layout.center(sq), S * 0.62);
    }
    pieces(&mut out, pos, &layout, options);
    for arrow in &view.arrows {
        svg::arrow(
            &mut out,
            arrow,
            (layout.center(arrow.from), layout.center(arrow.to)),
            S * 0.16,
            S * 0.5,
            (&arrow.from.to_string(), &arrow.to.to_string()),
        );
    }
    for circle in &view.circles {
        svg::circle(
            &mut out,
            circle,
            layout.center(circle.at),
            S * 0.5,
            &circle.at.to_string(),
        );
    }
    if view.caption.is_some() {
        let font = font_of(options.pieces);
        let extra = format!(" class=\"caption\" font-family=\"{font}\"");
        let y = layout.height - PAD - CAPTION * 0.38;
        svg::text(
            &mut out,
            (layout.width / 2.0, y),
            15.0,
            INK,
            &extra,
            &caption_text(pos, options),
        );
    }
    out.push_str("</svg>\n");
    out
}

/// The fonts of a piece style.
fn font_of(pieces: XiangqiPieces) -> &'static str {
    match pieces {
        XiangqiPieces::Traditional => FONTS_TRADITIONAL,
        XiangqiPieces::Simplified => FONTS_SIMPLIFIED,
        XiangqiPieces::Letters(_) => FONTS_LATIN,
    }
}

/// One `<rect>` a point (a square around it, unfilled: its id and classes), from Black's back
/// rank down, file a first.
fn points(out: &mut String, layout: &Layout, options: &XiangqiOptions) {
    let view = &options.view;
    let prefix = Escaped(&view.id_prefix);
    for rank in (0..10).rev() {
        for file in 0..9 {
            let Some(sq) = Square::from_coords(file, rank) else {
                continue;
            };
            let (x, y) = layout.center(sq);
            let mut class = format!("square sq-{sq}");
            if let Some(mark) = view.marked.iter().rev().find(|m| m.at == sq) {
                let _ = write!(class, " marked {}", mark.brush.name());
            }
            if view
                .last_move
                .is_some_and(|m| m.to == sq || m.from == Some(sq))
            {
                class.push_str(" lastmove");
            }
            let _ = writeln!(
                out,
                "<rect id=\"{prefix}sq-{sq}\" class=\"{class}\" x=\"{}\" y=\"{}\" width=\"{}\" \
height=\"{}\" fill=\"none\"/>",
                Num(x - S / 2.0),
                Num(y - S / 2.0),
                Num(S),
                Num(S)
            );
        }
    }
}

/// The marked points (a disc of the brush's colour under where a piece stands) and the last
/// move's two points (four corner brackets around each, as xiangqi boards mark a move).
fn marks(out: &mut String, layout: &Layout, options: &XiangqiOptions) {
    let view = &options.view;
    for mark in &view.marked {
        let (x, y) = layout.center(mark.at);
        let _ = writeln!(
            out,
            "<circle class=\"mark {}\" data-square=\"{}\" cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"{}\" \
fill-opacity=\"0.5\"/>",
            mark.brush.name(),
            mark.at,
            Num(x),
            Num(y),
            Num(S * 0.45),
            mark.brush.color()
        );
    }
    let Some(last) = view.last_move else {
        return;
    };
    let (reach, arm) = (S * 0.49, S * 0.18);
    let mut d = String::new();
    for sq in last.from.into_iter().chain([last.to]) {
        let (x, y) = layout.center(sq);
        for (dx, dy) in [(-1.0, -1.0), (1.0, -1.0), (-1.0, 1.0), (1.0, 1.0)] {
            let _ = write!(
                d,
                "M{} {}V{}H{}",
                Num(x + dx * reach),
                Num(y + dy * (reach - arm)),
                Num(y + dy * reach),
                Num(x + dx * (reach - arm))
            );
        }
    }
    let _ = writeln!(
        out,
        "<path class=\"lastmove\" d=\"{d}\" stroke=\"{LAST_MOVE}\" stroke-width=\"2.5\" fill=\"none\"/>"
    );
}

/// The lines: ten ranks, the edge files whole and the inner ones broken by the river, the
/// palace diagonals, the frame, and the marks of the cannon and pawn points.
fn lines(out: &mut String, layout: &Layout) {
    let mut d = String::new();
    let p = |col: f64, row: f64| layout.at(col, row);
    for row in 0..10 {
        let (a, b) = (p(0.0, f64::from(row)), p(8.0, f64::from(row)));
        let _ = write!(d, "M{} {}H{}", Num(a.0), Num(a.1), Num(b.0));
    }
    for col in 0..9 {
        let col = f64::from(col);
        let spans: &[(f64, f64)] = if col == 0.0 || col == 8.0 {
            &[(0.0, 9.0)]
        } else {
            &[(0.0, 4.0), (5.0, 9.0)]
        };
        for &(from, to) in spans {
            let (a, b) = (p(col, from), p(col, to));
            let _ = write!(d, "M{} {}V{}", Num(a.0), Num(a.1), Num(b.1));
        }
    }
    for (top, bottom) in [(0.0, 2.0), (7.0, 9.0)] {
        for (c0, c1) in [(3.0, 5.0), (5.0, 3.0)] {
            let (a, b) = (p(c0, top), p(c1, bottom));
            let _ = write!(d, "M{} {}L{} {}", Num(a.0), Num(a.1), Num(b.0), Num(b.1));
        }
    }
    let _ = writeln!(
        out,
        "<path class=\"lines\" d=\"{d}\" stroke=\"{LINE}\" stroke-width=\"1.2\" fill=\"none\"/>"
    );
    let (x0, y0) = layout.at(0.0, 0.0);
    let _ = writeln!(
        out,
        "<rect class=\"frame\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" stroke=\"{LINE}\" \
stroke-width=\"2.5\" fill=\"none\"/>",
        Num(x0 - 5.0),
        Num(y0 - 5.0),
        Num(8.0 * S + 10.0),
        Num(9.0 * S + 10.0)
    );
    // Cannon points (b2, h2, b7, h7) and pawn points (files a c e g i on ranks 3 and 6): the
    // same in both orientations.
    let mut marks = String::new();
    let gap = 3.5;
    let arm = 7.0;
    let starts = [1.0, 7.0].iter().flat_map(|&c| [(c, 2.0), (c, 7.0)]).chain(
        [0.0, 2.0, 4.0, 6.0, 8.0]
            .iter()
            .flat_map(|&c| [(c, 3.0), (c, 6.0)]),
    );
    for (col, row) in starts {
        let (x, y) = p(col, row);
        for (dx, dy) in [(-1.0, -1.0), (1.0, -1.0), (-1.0, 1.0), (1.0, 1.0)] {
            if (col == 0.0 && dx < 0.0) || (col == 8.0 && dx > 0.0) {
                continue;
            }
            let _ = write!(
                marks,
                "M{} {}H{}V{}",
                Num(x + dx * (gap + arm)),
                Num(y + dy * gap),
                Num(x + dx * gap),
                Num(y + dy * (gap + arm))
            );
        }
    }
    let _ = writeln!(
        out,
        "<path class=\"point-marks\" d=\"{marks}\" stroke=\"{LINE}\" stroke-width=\"1.2\" fill=\"none\"/>"
    );
}

/// 楚河 and 漢界 (汉界) in the river, two characters a half.
fn river(out: &mut String, layout: &Layout, options: &XiangqiOptions) {
    let Some((left, right)) = options.pieces.river() else {
        return;
    };
    let _ = writeln!(
        out,
        "<g class=\"river\" font-family=\"{}\">",
        font_of(options.pieces)
    );
    let chars: Vec<char> = left.chars().chain(right.chars()).collect();
    for (ch, col) in chars.iter().zip([1.5, 2.5, 5.5, 6.5]) {
        let (x, y) = layout.at(col, 4.5);
        svg::text(out, (x, y + 9.5), 26.0, LINE, "", &ch.to_string());
    }
    out.push_str("</g>\n");
}

/// The file labels above and below, and ICCS's rank labels at both sides.
fn coordinates(out: &mut String, layout: &Layout, options: &XiangqiOptions) {
    let kind = options.coordinates;
    if kind == XiangqiCoordinates::None {
        return;
    }
    let characters = !matches!(options.pieces, XiangqiPieces::Letters(_));
    let font = if characters {
        font_of(options.pieces)
    } else {
        FONTS_LATIN
    };
    let _ = writeln!(out, "<g class=\"coordinates\" font-family=\"{font}\">");
    let top_y = PAD + layout.band * 0.72;
    let bottom_y = layout.height
        - PAD
        - layout.band * 0.28
        - if options.view.caption.is_some() {
            CAPTION
        } else {
            0.0
        };
    for col in 0..9u8 {
        let x = layout.x0 + f64::from(col) * S;
        let file = match layout.orientation {
            Orientation::Standard => col,
            Orientation::Flipped => 8 - col,
        };
        let (top, bottom) = match kind {
            XiangqiCoordinates::Iccs => {
                let letter = char::from(b'a' + file).to_string();
                (letter.clone(), letter)
            }
            _ => {
                // Each side's numbers from its own right: Black's file n is ICCS index n - 1,
                // Red's is 9 - n.
                let black = (file + 1).to_string();
                let red_number = 9 - file;
                let red = if characters {
                    kanji(u32::from(red_number))
                } else {
                    red_number.to_string()
                };
                match layout.orientation {
                    Orientation::Standard => (black, red),
                    Orientation::Flipped => (red, black),
                }
            }
        };
        svg::text(out, (x, top_y), 14.0, INK, "", &top);
        svg::text(out, (x, bottom_y), 14.0, INK, "", &bottom);
    }
    if kind == XiangqiCoordinates::Iccs {
        for row in 0..10u8 {
            let rank = match layout.orientation {
                Orientation::Standard => 9 - row,
                Orientation::Flipped => row,
            };
            let y = layout.y0 + f64::from(row) * S + 5.0;
            let label = rank.to_string();
            svg::text(out, (PAD + layout.side / 2.0, y), 14.0, INK, "", &label);
            svg::text(
                out,
                (layout.width - PAD - layout.side / 2.0, y),
                14.0,
                INK,
                "",
                &label,
            );
        }
    }
    out.push_str("</g>\n");
}

/// Every piece, from the top row down, left to right.
fn pieces(out: &mut String, pos: &Position, layout: &Layout, options: &XiangqiOptions) {
    let letters = matches!(options.pieces, XiangqiPieces::Letters(_));
    let _ = writeln!(
        out,
        "<g class=\"pieces\" font-family=\"{}\">",
        font_of(options.pieces)
    );
    let mut placed: Vec<_> = Square::all()
        .filter_map(|sq| pos.piece_at(sq).map(|p| (sq, p)))
        .collect();
    placed.sort_by_key(|&(sq, _)| {
        let (col, row) = layout.cell(sq);
        (row, col)
    });
    for (sq, piece) in placed {
        let (cx, cy) = layout.center(sq);
        let ink = match piece.color {
            Color::Red => RED,
            Color::Black => BLACK,
        };
        let glyph = options.pieces.glyph(piece.color, piece.kind);
        let text = if letters {
            format!(
                "<text x=\"0\" y=\"7\" font-size=\"20\" font-weight=\"bold\" fill=\"{ink}\" \
text-anchor=\"middle\">{glyph}</text>"
            )
        } else {
            format!(
                "<text x=\"0\" y=\"8\" font-size=\"23\" fill=\"{ink}\" text-anchor=\"middle\">{glyph}</text>"
            )
        };
        let _ = writeln!(
            out,
            "<g class=\"piece {} {}\" data-square=\"{sq}\" data-piece=\"{}\" transform=\"translate({} {})\">\
<circle r=\"18.5\" fill=\"{PIECE_FILL}\" stroke=\"{PIECE_EDGE}\" stroke-width=\"1.5\"/>\
<circle r=\"14\" fill=\"none\" stroke=\"{ink}\" stroke-width=\"1\"/>{text}</g>",
            piece.color.name(),
            piece.kind.name(),
            piece.fen_char(),
            Num(cx),
            Num(cy),
        );
    }
    out.push_str("</g>\n");
}

/// The caption's words: the ply, the move just played and who is to move, in Chinese for
/// characters (`第32步 · 车八进一 · 红方走`) and English for letters.
pub(crate) fn caption_text(pos: &Position, options: &XiangqiOptions) -> String {
    let Some(caption) = &options.view.caption else {
        return String::new();
    };
    let to_move = pos.side_to_move();
    let mut parts: Vec<String> = Vec::new();
    if let Some(title) = &caption.title {
        parts.push(title.clone());
    }
    let letters = matches!(options.pieces, XiangqiPieces::Letters(_));
    if let Some(ply) = caption.ply {
        parts.push(if letters {
            format!("ply {ply}")
        } else {
            format!("第{ply}步")
        });
    }
    if let Some(mv) = &caption.last_move {
        parts.push(mv.clone());
    }
    parts.push(
        match (options.pieces, to_move) {
            (XiangqiPieces::Letters(_), Color::Red) => "Red to move",
            (XiangqiPieces::Letters(_), Color::Black) => "Black to move",
            (XiangqiPieces::Traditional, Color::Red) => "紅方走",
            (XiangqiPieces::Simplified, Color::Red) => "红方走",
            (_, Color::Black) => "黑方走",
        }
        .to_owned(),
    );
    parts.join(" · ")
}
