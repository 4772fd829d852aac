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

use notation_traits::{GameReader, NotationError, RawGame, TextNotation, near_moves};
use serde_json::json;
use xiangqi_board::{Move, Position};

use crate::input;
use crate::report::{EXIT_DATA, EXIT_IO, EXIT_OK};
use crate::xiangqi::{self, Reading};
use crate::{Format, ReadOptions};

/// One game of one file, ready to compare.
struct Side {
    raw: RawGame,
    reading: Reading,
    start: Position,
}

/// A file's name and its games, each ready or the reason it cannot be read.
type Loaded = (String, Vec<Result<Side, String>>);

/// Every game of a file, or why the file cannot be read (with the exit code).
fn load(path: &Path, opts: &ReadOptions) -> Result<Loaded, (u8, String)> {
    let input =
        input::open(path, opts.encoding).map_err(|(name, e)| (EXIT_IO, format!("{name}: {e}")))?;
    let name = input.name.clone();
    let mut games = Vec::new();
    for game in GameReader::new(input.reader) {
        let raw = game.map_err(|e| (EXIT_IO, format!("{name}: {e}")))?;
        games.push(side(raw, opts));
    }
    if games.is_empty() {
        return Err((EXIT_DATA, format!("{name}: no game in the file")));
    }
    Ok((name, games))
}

fn side(raw: RawGame, opts: &ReadOptions) -> Result<Side, String> {
    let start = xiangqi::start_position(&raw.record).map_err(|d| d.message_with_candidates())?;
    let (reading, _) = xiangqi::choose_reading(opts, &start, &raw.record)
        .map_err(|d| d.message_with_candidates())?;
    Ok(Side {
        raw,
        reading,
        start,
    })
}

/// The moves a text may mean: the one it reads to, or the readings of a faulty one.
fn meanings(
    pos: &Position,
    text: &str,
    notation: &dyn TextNotation<Position>,
) -> Result<Move, (NotationError, Vec<Move>)> {
    match notation.read(pos, text) {
        Ok(r) => Ok(r.mv),
        Err(e) => Err((e, near_moves(pos, text, notation))),
    }
}

/// The comparison of one pair of games.
struct Outcome {
    plies: usize,
    final_fen: Option<String>,
    resolved: Vec<String>,
    difference: Option<String>,
}

fn compare_games(a: &Side, name_a: &str, b: &Side, name_b: &str) -> Outcome {
    let mut out = Outcome {
        plies: 0,
        final_fen: None,
        resolved: Vec::new(),
        difference: None,
    };
    if a.start != b.start {
        out.difference = Some(format!(
            "they start from different positions ({} and {})",
            a.start.to_fen(),
            b.start.to_fen()
        ));
        return out;
    }
    let (ma, mb) = (&a.raw.record.main.moves, &b.raw.record.main.moves);
    let here = |name: &str, e: &notation_traits::MoveEntry<()>| {
        format!(
            "{name} line {}, column {}",
            e.span.start.line, e.span.start.column
        )
    };
    let mut pos = a.start;
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
                out.difference = Some(format!(
                    "neither transcription reads at ply {ply}: `{}` ({}): {e1}; `{}` ({}): {e2}",
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
    let (ra, rb) = (a.raw.record.result(), b.raw.record.result());
    if let (Some(ra), Some(rb)) = (ra, rb)
        && ra != rb
    {
        out.difference = Some(format!(
            "the same moves, but the results differ: {ra} in {name_a}, {rb} in {name_b}"
        ));
        return out;
    }
    out.final_fen = Some(pos.to_fen());
    out
}

pub(crate) fn run(opts: &ReadOptions, a: &Path, b: &Path) -> u8 {
    let json = opts.format == Format::Json;
    let (la, lb) = match (load(a, opts), load(b, opts)) {
        (Ok(a), Ok(b)) => (a, b),
        (a, b) => {
            let mut code = EXIT_OK;
            for (c, message) in [a.err(), b.err()].into_iter().flatten() {
                if json {
                    eprintln!(
                        "{}",
                        json!({"severity": "error", "code": "io", "message": message})
                    );
                } else {
                    eprintln!("error: {message}");
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
                if !json && game == 1 {
                    println!("{name_a}: {}", ga.reading.name);
                    println!("{name_b}: {}", gb.reading.name);
                }
                compare_games(ga, &name_a, gb, &name_b)
            }
            (Err(e), _) | (_, Err(e)) => Outcome {
                plies: 0,
                final_fen: None,
                resolved: Vec::new(),
                difference: Some(format!("a game cannot be read: {e}")),
            },
        };
        all_same &= outcome.difference.is_none();
        if json {
            println!(
                "{}",
                json!({
                    "game": game,
                    "same": outcome.difference.is_none(),
                    "plies": outcome.plies,
                    "final": outcome.final_fen,
                    "resolved": outcome.resolved,
                    "difference": outcome.difference,
                })
            );
            continue;
        }
        match &outcome.difference {
            Some(d) => println!("{prefix}different games: {d}"),
            None => {
                println!(
                    "{prefix}the same game: {} plies, final position {}",
                    outcome.plies,
                    outcome.final_fen.as_deref().unwrap_or_default()
                );
                if outcome.resolved.is_empty() {
                    println!("{prefix}every ply reads in both transcriptions");
                }
            }
        }
        for line in &outcome.resolved {
            println!("{prefix}{line}");
        }
    }
    if games_a.len() != games_b.len() {
        let message = format!(
            "{name_a} holds {} games, {name_b} holds {}",
            games_a.len(),
            games_b.len()
        );
        if json {
            println!("{}", json!({"difference": message}));
        } else {
            println!("different files: {message}");
        }
    }
    if json {
        println!("{}", json!({"summary": {"same": all_same}}));
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
