//! How well a notation reads a record: the measure by which the game, the notation and the
//! letter set of a record are detected when the user names none.
//!
//! A reading is better when it reads more moves in turn from the start (each legal in its
//! position), then when more of the record's move texts have its syntax at all. Detection
//! scores every candidate reading and keeps the best; a tie between readings that give
//! different moves is the user's to decide.

use crate::replay::read_in_turn;
use crate::{GameRecord, Position, Resolved, TextNotation};

/// How well a reading fits a record: the moves it reads in turn before the first that fails,
/// and how many of the record's move texts have its syntax.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fit<M> {
    /// The main-line moves read in turn from the start.
    pub moves: Vec<M>,
    /// How many main-line texts parse in the notation (no position needed).
    pub parsed: usize,
}

impl<M> Fit<M> {
    /// The comparable part: moves read in turn, then texts that parse. More is better.
    pub fn key(&self) -> (usize, usize) {
        (self.moves.len(), self.parsed)
    }
}

/// Scores `notation` on the main line of `record` from `start`.
///
/// Each move is read after the one before it ([`TextNotation::read_quickly_after`]).
pub fn fit<P, N>(start: &P, record: &GameRecord<()>, notation: &N) -> Fit<P::Move>
where
    P: Position,
    N: TextNotation<P> + ?Sized,
{
    Fit {
        moves: moves_in_turn(start, record, notation),
        parsed: texts_parsed(record, notation),
    }
}

/// The first part of [`fit`]: the main-line moves of `record` that `notation` reads in turn
/// from `start`, up to the first that fails.
pub fn moves_in_turn<P, N>(start: &P, record: &GameRecord<()>, notation: &N) -> Vec<P::Move>
where
    P: Position,
    N: TextNotation<P> + ?Sized,
{
    let mut moves = Vec::with_capacity(record.main.moves.len());
    read_in_turn(start, &texts(record), notation, |r| moves.push(r.mv));
    moves
}

/// [`moves_in_turn`] with each move's reading as [`TextNotation::read_quickly_after`] gave it
/// (its warnings and alternatives too): what a replay of the same line by the same notation
/// can take instead of reading it again ([`replay_read`](crate::replay_read)).
pub fn reads_in_turn<P, N>(
    start: &P,
    record: &GameRecord<()>,
    notation: &N,
) -> Vec<Resolved<P::Move>>
where
    P: Position,
    N: TextNotation<P> + ?Sized,
{
    read_texts(start, &texts(record), notation)
}

/// The main-line move texts of `record`.
fn texts(record: &GameRecord<()>) -> Vec<&str> {
    record.main.moves.iter().map(|m| m.text.as_str()).collect()
}

/// [`reads_in_turn`] of `texts`.
fn read_texts<P, N>(start: &P, texts: &[&str], notation: &N) -> Vec<Resolved<P::Move>>
where
    P: Position,
    N: TextNotation<P> + ?Sized,
{
    let mut read = Vec::with_capacity(texts.len());
    read_in_turn(start, texts, notation, |r| read.push(r));
    read
}

/// The second part of [`fit`]: how many main-line texts of `record` have the syntax of
/// `notation`.
pub fn texts_parsed<P, N>(record: &GameRecord<()>, notation: &N) -> usize
where
    P: Position,
    N: TextNotation<P> + ?Sized,
{
    record
        .main
        .moves
        .iter()
        .filter(|e| notation.parses(&e.text))
        .count()
}

/// One of the best readings [`best_fits`] found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BestFit<M> {
    /// Its place in the order the readings were given.
    pub index: usize,
    /// How well it fits. `parsed` is counted only where it can decide: when several readings
    /// read the most moves, or none reads any; a reading that alone reads the most has 0.
    pub fit: Fit<M>,
    /// Its reading of each move in `fit.moves`, as [`reads_in_turn`] gives them.
    pub read: Vec<Resolved<M>>,
}

/// The best of several readings of `record` from `start`: each of `notations` whose
/// [`Fit::key`] is the greatest, in the order given. Empty only when `notations` is.
///
/// The same readings as scoring each with [`fit`] and keeping the greatest, for less: the texts
/// are parsed (the second part of the key) only for the readings that read the most moves in
/// turn, and only when there are several (or none reads a move), the only case where that part
/// can decide. A reading that stops at its first move costs one read.
pub fn best_fits<'n, P, N>(
    start: &P,
    record: &GameRecord<()>,
    notations: impl IntoIterator<Item = &'n N>,
) -> Vec<BestFit<P::Move>>
where
    P: Position,
    N: TextNotation<P> + ?Sized + 'n,
{
    let notations: Vec<&N> = notations.into_iter().collect();
    let texts = texts(record);
    let reads: Vec<Vec<Resolved<P::Move>>> = notations
        .iter()
        .map(|n| read_texts(start, &texts, *n))
        .collect();
    let most = reads.iter().map(Vec::len).max().unwrap_or(0);
    let tied = reads.iter().filter(|r| r.len() == most).count();
    let mut top: Vec<BestFit<P::Move>> = reads
        .into_iter()
        .enumerate()
        .filter(|(_, read)| read.len() == most)
        .map(|(index, read)| {
            let parsed = if tied > 1 || most == 0 {
                texts_parsed(record, notations[index])
            } else {
                0
            };
            let moves = read.iter().map(|r| r.mv).collect();
            BestFit {
                index,
                fit: Fit { moves, parsed },
                read,
            }
        })
        .collect();
    let best = top.iter().map(|b| b.fit.parsed).max().unwrap_or(0);
    top.retain(|b| b.fit.parsed == best);
    top
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{
        GameResult, MoveError, MoveNotation, Resolved, Span, SyntaxError, Termination,
        parse_game_text,
    };

    /// A game of counting: the one legal move is the next number.
    #[derive(Clone, Debug, PartialEq)]
    struct Counter(u32);

    impl Position for Counter {
        type Move = u32;
        type Color = bool;
        fn side_to_move(&self) -> bool {
            self.0.is_multiple_of(2)
        }
        fn is_first_player(c: bool) -> bool {
            c
        }
        fn move_number(&self) -> u32 {
            1 + self.0 / 2
        }
        fn legal_moves(&self) -> Vec<u32> {
            vec![self.0 + 1]
        }
        fn is_legal(&self, m: u32) -> bool {
            m == self.0 + 1
        }
        fn play_unchecked(&mut self, m: u32) {
            self.0 = m;
        }
        fn is_check(&self) -> bool {
            false
        }
        fn outcome(&self) -> Option<(GameResult, Termination)> {
            None
        }
        fn to_text(&self) -> String {
            self.0.to_string()
        }
    }

    struct Numbers;

    impl MoveNotation<Counter> for Numbers {
        type Syntax = u32;
        fn parse(&self, t: &str) -> Result<u32, SyntaxError> {
            t.parse()
                .map_err(|_| SyntaxError::new(Span::default(), "a number", t))
        }
        fn resolve(&self, p: &Counter, s: &u32) -> Result<Resolved<u32>, MoveError> {
            if p.is_legal(*s) {
                Ok(Resolved::clean(*s))
            } else {
                Err(MoveError::NoPiece {
                    description: format!("{s} does not follow {}", p.0),
                    candidates: Vec::new(),
                })
            }
        }
        fn describe(&self, _: &Counter, m: u32) -> u32 {
            m
        }
    }

    #[test]
    fn moves_read_in_turn_then_texts_that_parse() {
        // 1 and 2 read in turn; 5 parses but does not follow; x does not parse.
        let game = parse_game_text("1 2 5 x\n");
        let f = fit(&Counter(0), &game.record, &Numbers);
        assert_eq!(f.moves, [1, 2]);
        assert_eq!(f.key(), (2, 3));
    }

    /// Counts as a number only its given digit: a notation for each digit's games.
    struct Only(char);

    impl MoveNotation<Counter> for Only {
        type Syntax = u32;
        fn parse(&self, t: &str) -> Result<u32, SyntaxError> {
            if !t.starts_with(self.0) && t != "1" {
                return Err(SyntaxError::new(Span::default(), "a number", t));
            }
            Numbers.parse(t)
        }
        fn resolve(&self, p: &Counter, s: &u32) -> Result<Resolved<u32>, MoveError> {
            Numbers.resolve(p, s)
        }
        fn describe(&self, _: &Counter, m: u32) -> u32 {
            m
        }
    }

    #[test]
    fn the_best_fits_are_the_greatest_keys_of_fit() {
        // "1 2 3 4 9 2": Numbers reads 4 plies, parses 6; Only('2') reads 2, Only('1') 1.
        let game = parse_game_text("1 2 3 4 9 2\n");
        let n: [&dyn TextNotation<Counter>; 4] = [&Only('1'), &Numbers, &Only('2'), &Numbers];
        let top = best_fits(&Counter(0), &game.record, n);
        let keys: Vec<(usize, (usize, usize))> =
            top.iter().map(|b| (b.index, b.fit.key())).collect();
        assert_eq!(keys, [(1, (4, 6)), (3, (4, 6))]);
        let read: Vec<u32> = top[0].read.iter().map(|r| r.mv).collect();
        assert_eq!(read, [1, 2, 3, 4]);
        let by_fit = n.map(|n| fit(&Counter(0), &game.record, n).key());
        assert_eq!(by_fit, [(1, 1), (4, 6), (2, 3), (4, 6)]);
        // A tie on moves read is decided by the texts that parse.
        let game = parse_game_text("1 x 2\n");
        let top = best_fits(
            &Counter(0),
            &game.record,
            [&Numbers as &dyn TextNotation<Counter>, &Only('2')],
        );
        assert_eq!(top.len(), 2, "both read 1 ply and parse 2 texts");
        let game = parse_game_text("1 x 22\n");
        let top = best_fits(
            &Counter(0),
            &game.record,
            [&Only('1') as &dyn TextNotation<Counter>, &Only('2')],
        );
        assert_eq!(
            top.iter()
                .map(|b| (b.index, b.fit.key()))
                .collect::<Vec<_>>(),
            [(1, (1, 2))]
        );
        // One reading alone reads the most: its moves decide, its texts are not counted.
        let game = parse_game_text("1 2 x\n");
        let top = best_fits(
            &Counter(0),
            &game.record,
            [&Numbers as &dyn TextNotation<Counter>, &Only('1')],
        );
        assert_eq!(
            top.iter()
                .map(|b| (b.index, b.fit.key()))
                .collect::<Vec<_>>(),
            [(0, (2, 0))]
        );
        assert!(best_fits(&Counter(0), &game.record, Vec::<&Numbers>::new()).is_empty());
    }
}
