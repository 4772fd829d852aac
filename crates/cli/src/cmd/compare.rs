//! `kifu compare`: two transcriptions of the same games, each resolving the other's faulty
//! moves.
//!
//! Both files are read game by game, each game with its own notation, given or detected; game n
//! of one file is compared with game n of the other. The plies are walked together from the start
//! position: where both texts read to the same move, the game goes on; where one text cannot be
//! read, or fits several moves, and the other names one of the moves it may mean, the other
//! resolves it; anywhere else the transcriptions describe different games. Different start
//! positions, lengths or results, and a different number of games, are differences too.
//!
//! The report goes to standard output (text, or one JSON object per game and a summary with
//! `--format json`); exit code 0 when every game is the same, 1 when they differ or a game
//! cannot be read, 3 when a file cannot be read.

use std::path::Path;

use notation_traits::{
    GameReader, GameRecord, NotationError, Position, RawGame, TextNotation, near_moves,
};
use serde_json::json;

use crate::common::Reading;
use crate::report::{EXIT_DATA, EXIT_IO, EXIT_OK};
use crate::{Format, ReadOptions, Variant, cmd, input, shogi, xiangqi};

/// One game of one file, ready to compare.
struct Side<P: Position> {
    record: GameRecord<()>,
    reading: Reading<P>,
    start: P,
}

/// A game of either kind.
enum AnySide {
    Xiangqi(Box<Side<xiangqi_board::Position>>),
    Shogi(Box<Side<shogi_board::Position>>),
}

impl AnySide {
    fn reading_name(&self) -> &str {
        match self {
            AnySide::Xiangqi(s) => &s.reading.name,
            AnySide::Shogi(s) => &s.reading.name,
        }
    }
}

/// A file's name and its games, each ready or the reason it cannot be read.
type Loaded = (String, Vec<Result<AnySide, String>>);

/// Every game of a file, or why the file cannot be read (with the exit code).
fn load(path: &Path, opts: &ReadOptions) -> Result<Loaded, (u8, String)> {
    let input =
        input::open(path, opts.encoding).map_err(|(name, e)| (EXIT_IO, format!("{name}: {e}")))?;
    let name = input.name.clone();
    let mut games = Vec::new();
    for game in GameReader::new(input.reader) {
        let raw = game.map_err(|e| (EXIT_IO, format!("{name}: {e}")))?;
        games.push(side(raw, opts, &name));
    }
    if games.is_empty() {
        return Err((EXIT_DATA, format!("{name}: no game in the file")));
    }
    Ok((name, games))
}

fn side(raw: RawGame, opts: &ReadOptions, file: &str) -> Result<AnySide, String> {
    match cmd::variant_of(&raw, opts, file) {
        Variant::Xiangqi => {
            let p = xiangqi::prepare(&raw, opts).map_err(|d| d.message_with_candidates())?;
            Ok(AnySide::Xiangqi(Box::new(Side {
                record: p.record,
                reading: p.reading,
                start: p.start,
            })))
        }
        Variant::Shogi => {
            let (record, start, reading) =
                shogi::prepare_reading(&raw, opts).map_err(|d| d.message_with_candidates())?;
            Ok(AnySide::Shogi(Box::new(Side {
                record,
                reading,
                start,
            })))
        }
    }
}

/// The moves a text may mean: the one it reads to, or the readings of a faulty one.
fn meanings<P: Position>(
    pos: &P,
    text: &str,
    notation: &dyn TextNotation<P>,
) -> Result<P::Move, (NotationError, Vec<P::Move>)> {
    match notation.read(pos, text) {
        Ok(r) => Ok(r.mv),
        Err(e) => Err((e, near_moves(pos, None, text, notation))),
    }
}

/// The comparison of one pair of games.
struct Outcome {
    plies: usize,
    final_fen: Option<String>,
    resolved: Vec<String>,
    difference: Option<String>,
    /// Why the comparison could not go on (neither transcription reads a ply): the games are
    /// not known to differ, nor to be the same.
    undecided: Option<String>,
}

fn compare_games<P: Position + PartialEq>(
    a: &Side<P>,
    name_a: &str,
    b: &Side<P>,
    name_b: &str,
) -> Outcome {
    let mut out = Outcome {
        plies: 0,
        final_fen: None,
        resolved: Vec::new(),
        difference: None,
        undecided: None,
    };
    if a.start != b.start {
        out.difference = Some(format!(
            "they start from different positions ({} and {})",
            a.start.to_text(),
            b.start.to_text()
        ));
        return out;
    }
    let (ma, mb) = (&a.record.main.moves, &b.record.main.moves);
    let here = |name: &str, e: &notation_traits::MoveEntry<()>| {
        format!(
            "{name} line {}, column {}",
            e.span.start.line, e.span.start.column
        )
    };
    let mut pos = a.start.clone();
    for (i, (ea, eb)) in ma.iter().zip(mb.iter()).enumerate() {
        let ply = i + 1;
        let ra = meanings(&pos, &ea.text, a.reading.notation.as_ref());
        let rb = meanings(&pos, &eb.text, b.reading.notation.as_ref());
        let mv = match (ra, rb) {
            (Ok(x), Ok(y)) if x == y => x,
            (Ok(x), Ok(y)) => {
                out.difference = Some(format!(
                    "at ply {ply}: `{}` ({}) is {x}, `{}` ({}) is {y}",
                    ea.text,
                    here(name_a, ea),
                    eb.text,
                    here(name_b, eb)
                ));
                return out;
            }
            (Err((err, options)), Ok(y)) | (Ok(y), Err((err, options))) => {
                let a_faulty = a.reading.notation.read(&pos, &ea.text).is_err();
                let (faulty, fname, fe, gname, ge) = if a_faulty {
                    (a, name_a, ea, name_b, eb)
                } else {
                    (b, name_b, eb, name_a, ea)
                };
                if !options.contains(&y) {
                    out.difference = Some(format!(
                        "at ply {ply}: `{}` ({}) cannot be read ({err}), and `{}` ({}) is none of the moves it may mean",
                        fe.text,
                        here(fname, fe),
                        ge.text,
                        here(gname, ge)
                    ));
                    return out;
                }
                let spelled = faulty.reading.notation.write(&pos, y);
                out.resolved.push(format!(
                    "ply {ply}: `{}` ({}) {}; `{}` ({}) resolves it to `{spelled}` ({y})",
                    fe.text,
                    here(fname, fe),
                    describe_error(&err),
                    ge.text,
                    here(gname, ge),
                ));
                y
            }
            (Err((e1, _)), Err((e2, _))) => {
                out.undecided = Some(format!(
                    "cannot compare past ply {}: neither transcription reads ply {ply}: `{}` ({}): {e1}; `{}` ({}): {e2}",
                    ply - 1,
                    ea.text,
                    here(name_a, ea),
                    eb.text,
                    here(name_b, eb)
                ));
                return out;
            }
        };
        pos.play_unchecked(mv);
        out.plies = ply;
    }
    if ma.len() != mb.len() {
        out.difference = Some(format!(
            "{name_a} has {} plies, {name_b} has {}",
            ma.len(),
            mb.len()
        ));
        return out;
    }
    let (ra, rb) = (a.record.result(), b.record.result());
    if let (Some(ra), Some(rb)) = (ra, rb)
        && ra != rb
    {
        out.difference = Some(format!(
            "the same moves, but the results differ: {ra} in {name_a}, {rb} in {name_b}"
        ));
        return out;
    }
    out.final_fen = Some(pos.to_text());
    out
}

pub(crate) fn run(opts: &ReadOptions, a: &Path, b: &Path) -> u8 {
    if opts.repair {
        errln!(
            "error: --repair does not apply to compare: each transcription resolves the other's faulty moves"
        );
        return 2;
    }
    for (given, option) in [
        (opts.recursive, "--recursive"),
        (!opts.allow.is_empty(), "--allow"),
        (!opts.deny.is_empty(), "--deny"),
    ] {
        if given {
            errln!(
                "error: {option} does not apply to compare: it compares two files and reports where they differ"
            );
            return 2;
        }
    }
    let json = opts.format == Format::Json;
    let (la, lb) = match (load(a, opts), load(b, opts)) {
        (Ok(a), Ok(b)) => (a, b),
        (a, b) => {
            let mut code = EXIT_OK;
            for (c, message) in [a.err(), b.err()].into_iter().flatten() {
                if json {
                    errln!(
                        "{}",
                        json!({"severity": "error", "code": "io", "message": message})
                    );
                } else {
                    errln!("error: {message}");
                }
                code = code.max(c);
            }
            return code;
        }
    };
    let ((name_a, games_a), (name_b, games_b)) = (la, lb);
    let several = games_a.len() > 1 || games_b.len() > 1;
    let mut all_same = games_a.len() == games_b.len();
    for (n, (ga, gb)) in games_a.iter().zip(&games_b).enumerate() {
        let game = n + 1;
        let prefix = if several {
            format!("game {game}: ")
        } else {
            String::new()
        };
        let outcome = match (ga, gb) {
            (Ok(ga), Ok(gb)) => {
                if !json {
                    outln!("{prefix}{name_a}: {}", ga.reading_name());
                    outln!("{prefix}{name_b}: {}", gb.reading_name());
                }
                match (ga, gb) {
                    (AnySide::Xiangqi(a), AnySide::Xiangqi(b)) => {
                        compare_games(a, &name_a, b, &name_b)
                    }
                    (AnySide::Shogi(a), AnySide::Shogi(b)) => compare_games(a, &name_a, b, &name_b),
                    _ => Outcome {
                        plies: 0,
                        final_fen: None,
                        resolved: Vec::new(),
                        difference: Some(
                            "one is a xiangqi game, the other a shogi game".to_owned(),
                        ),
                        undecided: None,
                    },
                }
            }
            (Err(e), _) | (_, Err(e)) => Outcome {
                plies: 0,
                final_fen: None,
                resolved: Vec::new(),
                difference: None,
                undecided: Some(format!("a game cannot be read: {e}")),
            },
        };
        // Under --strict a faulty ply resolved by the other transcription counts as a difference.
        let strict_fault = opts.strict && !outcome.resolved.is_empty();
        let same = outcome.difference.is_none() && outcome.undecided.is_none();
        all_same &= same && !strict_fault;
        if json {
            outln!(
                "{}",
                json!({
                    "game": game,
                    "same": same,
                    "plies": outcome.plies,
                    "final": outcome.final_fen,
                    "resolved": outcome.resolved,
                    "difference": outcome.difference,
                    "undecided": outcome.undecided,
                })
            );
            continue;
        }
        match (&outcome.difference, &outcome.undecided) {
            (Some(d), _) => outln!("{prefix}different games: {d}"),
            (None, Some(u)) => outln!("{prefix}undecided: {u}"),
            (None, None) => {
                outln!(
                    "{prefix}the same game: {} plies, final position {}",
                    outcome.plies,
                    outcome.final_fen.as_deref().unwrap_or_default()
                );
                if outcome.resolved.is_empty() {
                    outln!("{prefix}every ply reads in both transcriptions");
                }
            }
        }
        for line in &outcome.resolved {
            outln!("{prefix}{line}");
        }
    }
    if games_a.len() != games_b.len() {
        let message = format!(
            "{name_a} holds {} games, {name_b} holds {}",
            games_a.len(),
            games_b.len()
        );
        if json {
            outln!("{}", json!({"difference": message}));
        } else {
            outln!("different files: {message}");
        }
    }
    if json {
        outln!("{}", json!({"summary": {"same": all_same}}));
    }
    if all_same { EXIT_OK } else { EXIT_DATA }
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
