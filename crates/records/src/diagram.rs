//! Diagrams of a game's positions (kifu-diagram's SVG and text), at a ply, at every ply or at
//! every commented ply, with the move just played marked and captioned in the notation the
//! game was read in.

use kifu_diagram::{Caption, Diagram, Orientation, Players, ShogiOptions, XiangqiOptions};
use notation_traits::TextNotation;

use crate::{Checked, Game, GameBody, Variant};

/// SVG or text.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum DiagramFormat {
    /// An SVG picture.
    #[default]
    Svg,
    /// Text: KIF's board diagram for shogi, a character board for xiangqi.
    Text,
}

/// Which positions of a game to draw.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Plies {
    /// After ply N (0: the start position).
    At(usize),
    /// Every position, from the start.
    Every,
    /// The positions after each move that has a comment (and the start, when the game has a
    /// comment before its first move).
    AtComments,
    /// The last position read.
    End,
}

/// How diagrams look.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct DiagramOptions {
    /// SVG or text.
    pub format: DiagramFormat,
    /// Seen from the second player's side.
    pub flip: bool,
    /// The piece style, as kifu-diagram names them (`kanji`, `letters` for shogi;
    /// `traditional`, `simplified`, `letters`, `letters-fi`, `letters-de` for xiangqi); `None`
    /// is the game's default.
    pub pieces: Option<String>,
    /// The coordinates, as kifu-diagram names them (`japanese`, `digits`, `letters`, `none`
    /// for shogi; `wxf`, `iccs`, `none` for xiangqi).
    pub coordinates: Option<String>,
    /// The width of an SVG picture in pixels.
    pub size: Option<u32>,
    /// A bare position's last move, marked on its diagram: ICCS (`h2e2`) for xiangqi, USI
    /// (`7g7f`, `P*5e`) for shogi ([`position_diagram`] only; a game's diagrams mark the move
    /// played).
    pub last_move: Option<String>,
}

/// One diagram of a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Drawn {
    /// The plies played to reach the position (0: the start).
    pub ply: usize,
    /// The position as FEN or SFEN.
    pub position: String,
    /// The SVG or text.
    pub text: String,
}

/// The diagrams of `game` at `plies`.
///
/// # Errors
///
/// A message when the game could not be read, the ply is past its last move read, or an
/// option names no style kifu-diagram knows.
///
/// # Examples
///
/// ```
/// use kifu_records::{DiagramFormat, DiagramOptions, Games, Input, Plies, ReadOptions, diagrams};
///
/// let read = ReadOptions::default();
/// let input = Input::open(concat!(env!("CARGO_MANIFEST_DIR"), "/../../testdata/xiangqi/seed-algebraic-fi.pgn").as_ref(), &read)?;
/// let game = Games::new(input, read).next().unwrap()?;
/// let options = DiagramOptions { format: DiagramFormat::Text, ..DiagramOptions::default() };
/// let drawn = diagrams(&game, Plies::At(32), &options)?;
/// assert_eq!(drawn[0].ply, 32);
/// assert!(drawn[0].text.contains('車'));
/// let out = std::env::temp_dir().join("kifu-records-diagram-doctest.txt");
/// std::fs::write(&out, &drawn[0].text)?;
/// assert_eq!(std::fs::read_to_string(&out)?, drawn[0].text);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn diagrams(game: &Game, plies: Plies, options: &DiagramOptions) -> Result<Vec<Drawn>, String> {
    match &game.body {
        GameBody::Xiangqi(c) => {
            let base = xiangqi_options(options)?;
            draw(c, plies, options.format, base)
        }
        GameBody::Shogi(c) => {
            let mut base = shogi_options(options)?;
            base.players = handicap_players(game);
            draw(c, plies, options.format, base)
        }
        GameBody::Unreadable { error, .. } => Err(format!(
            "the game could not be read: {}",
            error.message_with_candidates()
        )),
    }
}

/// How a shogi game's players are named: 下手/上手 in a handicap game (a `[Handicap]` tag, or
/// White (the giver, 上手) moving first from the start), else 先手/後手.
pub(crate) fn handicap_players(game: &Game) -> Players {
    let tagged = game
        .raw
        .record
        .tags
        .iter()
        .any(|t| t.name.eq_ignore_ascii_case("Handicap") && !t.value.trim().is_empty());
    let white_first = match &game.body {
        GameBody::Shogi(c) => {
            let start = &c.game.replayed.start;
            start.side_to_move() == shogi_board::Color::White && start.ply() == 1
        }
        _ => false,
    };
    if tagged || white_first {
        Players::ShitateUwate
    } else {
        Players::SenteGote
    }
}

/// A diagram of a bare position: a FEN for xiangqi, an SFEN for shogi.
///
/// # Errors
///
/// The position cannot be read, the last move is not a move in coordinates, or an option
/// names no style kifu-diagram knows.
///
/// ```
/// use kifu_records::{DiagramOptions, Variant, position_diagram};
///
/// let svg = position_diagram(Variant::Shogi, "startpos", &DiagramOptions::default())?;
/// assert!(svg.starts_with("<svg"));
/// # Ok::<(), String>(())
/// ```
pub fn position_diagram(
    variant: Variant,
    text: &str,
    options: &DiagramOptions,
) -> Result<String, String> {
    let text = text.trim();
    match variant {
        Variant::Xiangqi => {
            let pos = if text == "startpos" {
                xiangqi_board::Position::new()
            } else {
                xiangqi_board::Position::from_fen(text).map_err(|e| e.to_string())?
            };
            let mut o = xiangqi_options(options)?;
            if let Some(m) = &options.last_move {
                let mv: xiangqi_board::Move = m
                    .parse()
                    .map_err(|e: xiangqi_board::ParseMoveError| e.to_string())?;
                o.view.last_move = Some(<xiangqi_board::Position as Diagram>::move_squares(mv));
            }
            Ok(one(&pos, &o, options.format))
        }
        Variant::Shogi => {
            let pos = if text == "startpos" {
                shogi_board::Position::new()
            } else {
                shogi_board::Position::from_sfen(text).map_err(|e| e.to_string())?
            };
            let mut o = shogi_options(options)?;
            if let Some(m) = &options.last_move {
                let mv: shogi_board::Move = m
                    .parse()
                    .map_err(|e: shogi_board::ParseMoveError| e.to_string())?;
                o.view.last_move = Some(<shogi_board::Position as Diagram>::move_squares(mv));
            }
            Ok(one(&pos, &o, options.format))
        }
    }
}

fn one<P: Diagram>(pos: &P, options: &P::Options, format: DiagramFormat) -> String {
    match format {
        DiagramFormat::Svg => pos.svg_diagram(options),
        DiagramFormat::Text => pos.text_diagram(options),
    }
}

fn xiangqi_options(options: &DiagramOptions) -> Result<XiangqiOptions, String> {
    let mut o = XiangqiOptions::new();
    if let Some(p) = &options.pieces {
        o.pieces = p
            .parse()
            .map_err(|e: kifu_diagram::ParseOptionError| e.to_string())?;
    }
    if let Some(c) = &options.coordinates {
        o.coordinates = c
            .parse()
            .map_err(|e: kifu_diagram::ParseOptionError| e.to_string())?;
    }
    view(&mut o.view, options);
    Ok(o)
}

fn shogi_options(options: &DiagramOptions) -> Result<ShogiOptions, String> {
    let mut o = ShogiOptions::new();
    if let Some(p) = &options.pieces {
        o.pieces = p
            .parse()
            .map_err(|e: kifu_diagram::ParseOptionError| e.to_string())?;
    }
    if let Some(c) = &options.coordinates {
        o.coordinates = c
            .parse()
            .map_err(|e: kifu_diagram::ParseOptionError| e.to_string())?;
    }
    view(&mut o.view, options);
    Ok(o)
}

fn view<S>(view: &mut kifu_diagram::View<S>, options: &DiagramOptions) {
    if options.flip {
        view.orientation = Orientation::Flipped;
    }
    view.size = options.size;
}

/// The diagrams of a checked game.
fn draw<P: Diagram>(
    c: &Checked<P>,
    plies: Plies,
    format: DiagramFormat,
    base: P::Options,
) -> Result<Vec<Drawn>, String> {
    let r = &c.game.replayed;
    let moves = &r.record.main.moves;
    let wanted: Vec<usize> = match plies {
        Plies::At(n) if n > moves.len() => {
            return Err(format!(
                "ply {n} is past the last move read (ply {})",
                moves.len()
            ));
        }
        Plies::At(n) => vec![n],
        Plies::End => vec![moves.len()],
        Plies::Every => (0..=moves.len()).collect(),
        Plies::AtComments => {
            let mut at: Vec<usize> = Vec::new();
            if !r.record.main.comments.is_empty() {
                at.push(0);
            }
            at.extend(
                moves
                    .iter()
                    .enumerate()
                    .filter(|(_, m)| !m.comments.is_empty())
                    .map(|(i, _)| i + 1),
            );
            at
        }
    };
    let notation: &dyn TextNotation<P> = c.notation.as_ref();
    let mut out = Vec::with_capacity(wanted.len());
    let mut pos = r.start.clone();
    let mut previous = None;
    let mut next = wanted.iter().copied().peekable();
    for ply in 0..=moves.len() {
        let mut last = None;
        if ply > 0 {
            let m = moves[ply - 1].mv;
            if next.peek() == Some(&ply) {
                last = Some((m, notation.write_after(&pos, previous, m)));
            }
            pos.play_unchecked(m);
            previous = Some(m);
        }
        if next.peek() != Some(&ply) {
            continue;
        }
        next.next();
        let mut options = base.clone();
        let view = P::view_mut(&mut options);
        view.id_prefix = format!("p{ply}-");
        view.caption = Some(Caption {
            ply: Some(ply as u32),
            last_move: last.as_ref().map(|(_, text)| text.clone()),
            title: None,
        });
        if let Some((m, _)) = last {
            view.last_move = Some(P::move_squares(m));
        }
        out.push(Drawn {
            ply,
            position: pos.to_text(),
            text: one(&pos, &options, format),
        });
    }
    Ok(out)
}
