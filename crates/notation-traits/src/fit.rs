//! How well a notation reads a record: the measure by which the game, the notation and the
//! letter set of a record are detected when the user names none.
//!
//! A reading is better when it reads more moves in turn from the start (each legal in its
//! position), then when more of the record's move texts have its syntax at all. Detection
//! scores every candidate reading and keeps the best; a tie between readings that give
//! different moves is the user's to decide.

use crate::{GameRecord, Position, TextNotation};

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
    let mut pos = start.clone();
    let mut moves = Vec::new();
    for entry in &record.main.moves {
        match notation.read_quickly_after(&pos, moves.last().copied(), &entry.text) {
            Ok(r) => {
                pos.play_unchecked(r.mv);
                moves.push(r.mv);
            }
            Err(_) => break,
        }
    }
    let parsed = record
        .main
        .moves
        .iter()
        .filter(|e| notation.parses(&e.text))
        .count();
    Fit { moves, parsed }
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
}
