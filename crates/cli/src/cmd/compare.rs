//! `kifu compare`: two transcriptions of one game, each resolving the other's faulty moves.
//!
//! Both files are read (the first game of each) with their own notation, given or detected.
//! The plies are walked together from the start position: where both texts read to the same
//! move, the game goes on; where one text cannot be read, or fits several moves, and the other
//! names one of the moves it may mean, the other resolves it; anywhere else the transcriptions
//! describe different games. The report goes to standard output; exit code 0 for the same game,
//! 1 for different games or a file that cannot be read.

use std::path::Path;

use notation_traits::{GameReader, NotationError, RawGame, TextNotation, near_moves};
use xiangqi_board::{Move, Position};

use crate::ReadOptions;
use crate::input;
use crate::report::{EXIT_DATA, EXIT_IO, EXIT_OK};
use crate::xiangqi::{self, Reading};

struct Side {
    name: String,
    raw: RawGame,
    reading: Reading,
}

fn load(path: &Path, opts: &ReadOptions) -> Result<Side, (u8, String)> {
    let input =
        input::open(path, opts.encoding).map_err(|(name, e)| (EXIT_IO, format!("{name}: {e}")))?;
    let name = input.name.clone();
    let raw = match GameReader::new(input.reader).next() {
        None => return Err((EXIT_DATA, format!("{name}: no game in the file"))),
        Some(Err(e)) => return Err((EXIT_IO, format!("{name}: {e}"))),
        Some(Ok(raw)) => raw,
    };
    let start =
        xiangqi::start_position(&raw.record).map_err(|d| (EXIT_DATA, format!("{name}: {d}")))?;
    let (reading, _) = xiangqi::choose_reading(opts, &start, &raw.record)
        .map_err(|d| (EXIT_DATA, format!("{name}: {d}")))?;
    Ok(Side { name, raw, reading })
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

pub(crate) fn run(opts: &ReadOptions, a: &Path, b: &Path) -> u8 {
    let sides = [load(a, opts), load(b, opts)];
    let [a, b] = match sides {
        [Ok(a), Ok(b)] => [a, b],
        [a, b] => {
            let mut code = EXIT_OK;
            for e in [a.err(), b.err()].into_iter().flatten() {
                eprintln!("error: {}", e.1);
                code = code.max(e.0);
            }
            return code;
        }
    };
    let start_a = xiangqi::start_position(&a.raw.record).unwrap_or_default();
    let start_b = xiangqi::start_position(&b.raw.record).unwrap_or_default();
    println!("{}: {}", a.name, a.reading.name);
    println!("{}: {}", b.name, b.reading.name);
    if start_a != start_b {
        println!(
            "different games: they start from different positions ({} and {})",
            start_a.to_fen(),
            start_b.to_fen()
        );
        return EXIT_DATA;
    }
    let (ma, mb) = (&a.raw.record.main.moves, &b.raw.record.main.moves);
    let mut pos = start_a;
    let mut resolved = Vec::new();
    for (i, (ea, eb)) in ma.iter().zip(mb.iter()).enumerate() {
        let ply = i + 1;
        let here = |side: &Side, e: &notation_traits::MoveEntry<()>| {
            format!(
                "{} line {}, column {}",
                side.name, e.span.start.line, e.span.start.column
            )
        };
        let ra = meanings(&pos, &ea.text, a.reading.notation.as_ref());
        let rb = meanings(&pos, &eb.text, b.reading.notation.as_ref());
        let mv = match (ra, rb) {
            (Ok(x), Ok(y)) if x == y => x,
            (Ok(x), Ok(y)) => {
                println!(
                    "different games at ply {ply}: `{}` ({}) is {x}, `{}` ({}) is {y}",
                    ea.text,
                    here(&a, ea),
                    eb.text,
                    here(&b, eb)
                );
                return EXIT_DATA;
            }
            (Err((err, options)), Ok(y)) | (Ok(y), Err((err, options))) => {
                let (faulty, fe, good, ge) = if mb_ok(&pos, &eb.text, &b) {
                    (&a, ea, &b, eb)
                } else {
                    (&b, eb, &a, ea)
                };
                if !options.contains(&y) {
                    println!(
                        "different games at ply {ply}: `{}` ({}) cannot be read ({err}), and `{}` ({}) is none of the moves it may mean",
                        fe.text,
                        here(faulty, fe),
                        ge.text,
                        here(good, ge)
                    );
                    return EXIT_DATA;
                }
                let spelled = faulty.reading.notation.write(&pos, y);
                resolved.push(format!(
                    "ply {ply}: `{}` ({}) {}; `{}` ({}) resolves it to `{spelled}` ({y})",
                    fe.text,
                    here(faulty, fe),
                    describe_error(&err),
                    ge.text,
                    here(good, ge),
                ));
                y
            }
            (Err((e1, _)), Err((e2, _))) => {
                println!(
                    "neither transcription reads at ply {ply}: `{}` ({}): {e1}; `{}` ({}): {e2}",
                    ea.text,
                    here(&a, ea),
                    eb.text,
                    here(&b, eb)
                );
                return EXIT_DATA;
            }
        };
        pos.play_unchecked(mv);
    }
    if ma.len() != mb.len() {
        println!(
            "different games: {} has {} plies, {} has {}",
            a.name,
            ma.len(),
            b.name,
            mb.len()
        );
        return EXIT_DATA;
    }
    println!(
        "the same game: {} plies, final position {}",
        ma.len(),
        pos.to_fen()
    );
    if resolved.is_empty() {
        println!("every ply reads in both transcriptions");
    }
    for line in &resolved {
        println!("{line}");
    }
    EXIT_OK
}

fn mb_ok(pos: &Position, text: &str, side: &Side) -> bool {
    side.reading.notation.read(pos, text).is_ok()
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
