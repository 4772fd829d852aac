//! Two transcriptions of the same games, each resolving the other's faulty moves.
//!
//! Game n of one input is compared with game n of the other. The plies are walked together
//! from the start position: where both texts read to the same move, the game goes on; where
//! one text cannot be read, or fits several moves, and the other names one of the moves it may
//! mean, the other resolves it; anywhere else the transcriptions describe different games.
//! Different start positions, lengths or results, and a different number of games, are
//! differences too.

use notation_traits::{MoveEntry, NotationError, Position, TextNotation, near_moves};

use crate::{Checked, Game, GameBody};

/// A ply one transcription resolves in the other.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Resolution {
    /// The ply, from 1.
    pub ply: usize,
    /// Which input holds the faulty text: 0 for the first, 1 for the second.
    pub faulty: usize,
    /// The faulty text, and its line and column.
    pub text: String,
    /// Its line, from 1.
    pub line: u32,
    /// Its column, from 1, in characters.
    pub column: u32,
    /// What is wrong with it (`is ambiguous: two red horses can reach g3`).
    pub problem: String,
    /// The other input's text, its line and column.
    pub other_text: String,
    /// Its line.
    pub other_line: u32,
    /// Its column.
    pub other_column: u32,
    /// The move, in the faulty transcription's notation (`Hhg3`).
    pub spelled: String,
    /// The move in coordinates (`h0g2`, `7g7f`).
    pub coord: String,
}

/// The comparison of one pair of games.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GameComparison {
    /// The game's index, from 1.
    pub game: usize,
    /// The notation each transcription was read in.
    pub readings: [String; 2],
    /// How many plies were compared and agree.
    pub plies: usize,
    /// The final position, when the games are the same.
    pub final_position: Option<String>,
    /// The plies one resolves in the other.
    pub resolved: Vec<Resolution>,
    /// Where the transcriptions describe different games.
    pub difference: Option<String>,
    /// Why the comparison could not go on (neither transcription reads a ply, a game cannot be
    /// read): the games are not known to differ, nor to be the same.
    pub undecided: Option<String>,
}

impl GameComparison {
    /// Whether the two are the same game.
    pub fn same(&self) -> bool {
        self.difference.is_none() && self.undecided.is_none()
    }
}

impl Resolution {
    /// One line: ``ply 32: `S7+2` (a.pgn line 12, column 9) is illegal: ...; `T7+2` (b.pgn
    /// line 8, column 3) resolves it to `T7+2` (c2c4)``, with the inputs' names.
    pub fn describe(&self, names: [&str; 2]) -> String {
        format!(
            "ply {}: `{}` ({} line {}, column {}) {}; `{}` ({} line {}, column {}) resolves it to `{}` ({})",
            self.ply,
            self.text,
            names[self.faulty],
            self.line,
            self.column,
            self.problem,
            self.other_text,
            names[1 - self.faulty],
            self.other_line,
            self.other_column,
            self.spelled,
            self.coord
        )
    }
}

impl Resolution {
    /// The fields as one JSON object (docs/kifu.schema.json, `resolution`): `ply`, `file`
    /// (the faulty text's input, by its name in `names`), `line`, `column`, `text`, `problem`,
    /// `other_file`, `other_line`, `other_column`, `other_text`, `move` (in the faulty
    /// transcription's notation) and `coord`.
    pub fn to_json(&self, names: [&str; 2]) -> serde_json::Value {
        serde_json::json!({
            "ply": self.ply,
            "file": names[self.faulty],
            "line": self.line,
            "column": self.column,
            "text": self.text,
            "problem": self.problem,
            "other_file": names[1 - self.faulty],
            "other_line": self.other_line,
            "other_column": self.other_column,
            "other_text": self.other_text,
            "move": self.spelled,
            "coord": self.coord,
        })
    }
}

impl GameComparison {
    /// The comparison as one JSON object (docs/kifu.schema.json, `comparison`): `version`,
    /// `game`, `same`, `plies`, `final`, `readings`, `resolved` (each a
    /// [`Resolution::to_json`]), `difference`, `undecided`.
    pub fn to_json(&self, names: [&str; 2]) -> serde_json::Value {
        serde_json::json!({
            "version": crate::JSON_VERSION,
            "game": self.game,
            "same": self.same(),
            "plies": self.plies,
            "final": self.final_position,
            "readings": self.readings,
            "resolved": self.resolved.iter().map(|r| r.to_json(names)).collect::<Vec<_>>(),
            "difference": self.difference,
            "undecided": self.undecided,
        })
    }
}

/// The text of `game` (of the input `which`: 0 the first, 1 the second) with each of its faulty
/// moves that `comparison` resolved replaced by the move the other transcription resolved it
/// to, spelled in the game's own notation; everything else as written. `None` for a game of a
/// binary format (it has no text to correct).
///
/// # Examples
///
/// The Finnish descriptive seed game has two faulty plies (32 and 52) that the algebraic
/// transcription resolves; written with them resolved, it reads without an error:
///
/// ```
/// use kifu_records::{Games, Input, ReadOptions, compare, resolved_text};
///
/// let read = ReadOptions::default();
/// let games = |path: &std::path::Path| -> Vec<_> {
///     let input = Input::open(path, &read).unwrap();
///     Games::new(input, read).collect::<Result<_, _>>().unwrap()
/// };
/// let a = games(concat!(env!("CARGO_MANIFEST_DIR"), "/../../testdata/xiangqi/seed-descriptive-fi.pgn").as_ref());
/// let b = games(concat!(env!("CARGO_MANIFEST_DIR"), "/../../testdata/xiangqi/seed-algebraic-fi.pgn").as_ref());
/// assert!(a[0].has_errors());
/// let c = compare(&a, &b, ["a", "b"]);
/// let text = resolved_text(&a[0], &c.games[0], 0).unwrap();
/// let out = std::env::temp_dir().join("kifu-records-resolved-doctest.pgn");
/// std::fs::write(&out, &text)?;
/// assert!(!games(&out)[0].has_errors());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn resolved_text(game: &Game, comparison: &GameComparison, which: usize) -> Option<String> {
    let source = &game.raw.source;
    if source.is_empty() && !game.raw.record.main.moves.is_empty() {
        return None;
    }
    let first = game.raw.record.span.start.line;
    let mut lines: Vec<String> = source.split('\n').map(str::to_owned).collect();
    // From the last, so that a replacement does not move the columns of those before it.
    let mut mine: Vec<&Resolution> = comparison
        .resolved
        .iter()
        .filter(|r| r.faulty == which)
        .collect();
    mine.sort_by_key(|r| std::cmp::Reverse((r.line, r.column)));
    for r in mine {
        let Some(line) = r
            .line
            .checked_sub(first)
            .and_then(|i| lines.get_mut(i as usize))
        else {
            continue;
        };
        let Some((at, _)) = line.char_indices().nth(r.column as usize - 1) else {
            continue;
        };
        if line[at..].starts_with(&r.text) {
            line.replace_range(at..at + r.text.len(), &r.spelled);
        }
    }
    Some(lines.join("\n"))
}

/// The comparison of two inputs' games.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Comparison {
    /// Each pair of games, in order.
    pub games: Vec<GameComparison>,
    /// How many games each input holds.
    pub counts: [usize; 2],
}

impl Comparison {
    /// Whether every game is the same and both hold as many.
    pub fn same(&self) -> bool {
        self.counts[0] == self.counts[1] && self.games.iter().all(GameComparison::same)
    }

    /// The record of the input `which` (0 or 1) with every faulty move the other input
    /// resolved spelled as it reads there ([`resolved_text`] for each of `games`, its games,
    /// one blank line between them); `None` for a binary record (XQF, CBR), which has no text
    /// to correct.
    ///
    /// ```
    /// use kifu_records::{ReadOptions, compare, load};
    ///
    /// let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../testdata/xiangqi/");
    /// let read = ReadOptions::default();
    /// let a = load(format!("{dir}seed-descriptive-fi.pgn").as_ref(), &read)?.games;
    /// let b = load(format!("{dir}seed-algebraic-fi.pgn").as_ref(), &read)?.games;
    /// let text = compare(&a, &b, ["a", "b"]).resolved_record(&a, 0).unwrap();
    /// let out = std::env::temp_dir().join(format!("kifu-resolved-record-{}.pgn", std::process::id()));
    /// std::fs::write(&out, &text)?;
    /// assert!(!load(&out, &read)?.games.iter().any(|g| g.has_errors()));
    /// # std::fs::remove_file(&out)?;
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn resolved_record(&self, games: &[Game], which: usize) -> Option<String> {
        let mut text = String::new();
        for (game, outcome) in games.iter().zip(&self.games) {
            let corrected = resolved_text(game, outcome, which)?;
            if !text.is_empty() && !text.ends_with("\n\n") {
                text.push('\n');
            }
            text.push_str(&corrected);
        }
        Some(text)
    }
}

/// Compares the games of two inputs, named `names` in the messages.
///
/// # Examples
///
/// ```
/// use kifu_records::{Games, Input, ReadOptions, compare};
///
/// let read = ReadOptions::default();
/// let games = |path: &str| -> Vec<_> {
///     let input = Input::open(path.as_ref(), &read).unwrap();
///     Games::new(input, read).collect::<Result<_, _>>().unwrap()
/// };
/// let a = games(concat!(env!("CARGO_MANIFEST_DIR"), "/../../testdata/xiangqi/seed-descriptive-fi.pgn"));
/// let b = games(concat!(env!("CARGO_MANIFEST_DIR"), "/../../testdata/xiangqi/seed-algebraic-fi.pgn"));
/// let c = compare(&a, &b, ["descriptive", "algebraic"]);
/// assert!(c.same());
/// let plies: Vec<usize> = c.games[0].resolved.iter().map(|r| r.ply).collect();
/// assert_eq!(plies, [32, 52]);
/// let out = std::env::temp_dir().join("kifu-records-compare-doctest.jsonl");
/// std::fs::write(&out, c.games[0].to_json(["a.pgn", "b.pgn"]).to_string())?;
/// assert!(std::fs::read_to_string(&out)?.starts_with(r#"{"version":1,"game":1,"same":true,"plies":106,"#));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn compare(a: &[Game], b: &[Game], names: [&str; 2]) -> Comparison {
    let games = a
        .iter()
        .zip(b)
        .map(|(ga, gb)| {
            let mut out = match (&ga.body, &gb.body) {
                (GameBody::Xiangqi(x), GameBody::Xiangqi(y)) => compare_games(ga, x, gb, y, names),
                (GameBody::Shogi(x), GameBody::Shogi(y)) => compare_games(ga, x, gb, y, names),
                (GameBody::Unreadable { error, .. }, _)
                | (_, GameBody::Unreadable { error, .. }) => GameComparison {
                    undecided: Some(format!(
                        "a game cannot be read: {}",
                        error.message_with_candidates()
                    )),
                    ..GameComparison::default()
                },
                _ => GameComparison {
                    difference: Some("one is a xiangqi game, the other a shogi game".to_owned()),
                    ..GameComparison::default()
                },
            };
            out.game = ga.index;
            out
        })
        .collect();
    Comparison {
        games,
        counts: [a.len(), b.len()],
    }
}

/// The moves a text may mean: the one it reads to, or the readings of a faulty one.
fn meanings<P: Position>(
    pos: &P,
    previous: Option<P::Move>,
    text: &str,
    notation: &dyn TextNotation<P>,
) -> Result<P::Move, (NotationError, Vec<P::Move>)> {
    match notation.read_after(pos, previous, text) {
        Ok(r) => Ok(r.mv),
        Err(e) => Err((e, near_moves(pos, previous, text, notation))),
    }
}

fn compare_games<P: Position + PartialEq>(
    ga: &Game,
    a: &Checked<P>,
    gb: &Game,
    b: &Checked<P>,
    names: [&str; 2],
) -> GameComparison {
    let mut out = GameComparison {
        readings: [a.notation_name.clone(), b.notation_name.clone()],
        ..GameComparison::default()
    };
    let (sa, sb) = (&a.game.replayed.start, &b.game.replayed.start);
    if sa != sb {
        out.difference = Some(format!(
            "they start from different positions ({} and {})",
            sa.to_text(),
            sb.to_text()
        ));
        return out;
    }
    let (ma, mb) = (&ga.raw.record.main.moves, &gb.raw.record.main.moves);
    let here = |name: &str, e: &MoveEntry<()>| {
        format!(
            "{name} line {}, column {}",
            e.span.start.line, e.span.start.column
        )
    };
    let sides = [a, b];
    let mut pos = sa.clone();
    let mut previous = None;
    for (i, (ea, eb)) in ma.iter().zip(mb.iter()).enumerate() {
        let ply = i + 1;
        let ra = meanings(&pos, previous, &ea.text, a.notation.as_ref());
        let rb = meanings(&pos, previous, &eb.text, b.notation.as_ref());
        let mv = match (ra, rb) {
            (Ok(x), Ok(y)) if x == y => x,
            (Ok(x), Ok(y)) => {
                out.difference = Some(format!(
                    "at ply {ply}: `{}` ({}) is {x}, `{}` ({}) is {y}",
                    ea.text,
                    here(names[0], ea),
                    eb.text,
                    here(names[1], eb)
                ));
                return out;
            }
            (Err((err, options)), Ok(y)) | (Ok(y), Err((err, options))) => {
                let faulty = usize::from(a.notation.read_after(&pos, previous, &ea.text).is_ok());
                let (fe, ge) = if faulty == 0 { (ea, eb) } else { (eb, ea) };
                if !options.contains(&y) {
                    out.difference = Some(format!(
                        "at ply {ply}: `{}` ({}) cannot be read ({err}), and `{}` ({}) is none of the moves it may mean",
                        fe.text,
                        here(names[faulty], fe),
                        ge.text,
                        here(names[1 - faulty], ge)
                    ));
                    return out;
                }
                out.resolved.push(Resolution {
                    ply,
                    faulty,
                    text: fe.text.clone(),
                    line: fe.span.start.line,
                    column: fe.span.start.column,
                    problem: describe_error(&err),
                    other_text: ge.text.clone(),
                    other_line: ge.span.start.line,
                    other_column: ge.span.start.column,
                    spelled: sides[faulty].notation.write_after(&pos, previous, y),
                    coord: y.to_string(),
                });
                y
            }
            (Err((e1, _)), Err((e2, _))) => {
                out.undecided = Some(format!(
                    "cannot compare past ply {}: neither transcription reads ply {ply}: `{}` ({}): {e1}; `{}` ({}): {e2}",
                    ply - 1,
                    ea.text,
                    here(names[0], ea),
                    eb.text,
                    here(names[1], eb)
                ));
                return out;
            }
        };
        pos.play_unchecked(mv);
        previous = Some(mv);
        out.plies = ply;
    }
    if ma.len() != mb.len() {
        out.difference = Some(format!(
            "{} has {} plies, {} has {}",
            names[0],
            ma.len(),
            names[1],
            mb.len()
        ));
        return out;
    }
    let (ra, rb) = (ga.raw.record.result(), gb.raw.record.result());
    if let (Some(ra), Some(rb)) = (ra, rb)
        && ra != rb
    {
        out.difference = Some(format!(
            "the same moves, but the results differ: {ra} in {}, {rb} in {}",
            names[0], names[1]
        ));
        return out;
    }
    out.final_position = Some(pos.to_text());
    out
}

fn describe_error(err: &NotationError) -> String {
    use notation_traits::MoveError;
    match err {
        NotationError::Syntax(e) => format!("cannot be read: {e}"),
        NotationError::Move(MoveError::Illegal {
            rule, description, ..
        }) => format!("is illegal: {description}: {rule}"),
        NotationError::Move(MoveError::Ambiguous { description, .. }) => {
            format!("is ambiguous: {description}")
        }
        NotationError::Move(MoveError::NoPiece { description, .. }) => {
            format!("names no piece: {description}")
        }
        NotationError::Move(e) => format!("cannot be read: {}", e.message_without_candidates()),
        other => format!("cannot be read: {other}"),
    }
}
