//! No input text makes a reader panic, and what the readers return is consistent: a syntax
//! error's span lies inside the text on character boundaries and holds the `found` text; a
//! parsed move displays as text that parses to the same move; a resolved move is legal; every
//! candidate an error suggests reads back to a legal move.
//!
//! The inputs come from a fixed pseudo-random sequence (no extra dependency): random strings
//! over the notation's characters, and fixture moves with random edits, tried in positions
//! along the fixture games.

mod common;

use notation_traits::{MoveNotation, NotationError};
use psn::{Psn, PsnReader, Usi};
use shogi_board::Position;

/// xorshift64*: a fixed sequence, so a failure reproduces.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

const ALPHABET: &[char] = &[
    'P', 'L', 'N', 'S', 'G', 'B', 'R', 'K', 'X', 'b', 'w', 'p', 'a', 'c', 'e', 'f', 'g', 'h', 'i',
    'j', 'x', '0', '1', '2', '3', '5', '7', '9', '+', '-', '=', '*', '\'', '\u{2019}', '@', '#',
    '!', '?', ' ', '.', '炮', 'é',
];

fn random_text(rng: &mut Rng) -> String {
    let len = rng.below(10);
    (0..len)
        .map(|_| ALPHABET[rng.below(ALPHABET.len())])
        .collect()
}

/// `text` with one to three random edits (insert, delete or replace a character).
fn mutate(rng: &mut Rng, text: &str) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    for _ in 0..=rng.below(3) {
        let at = rng.below(chars.len() + 1);
        let c = ALPHABET[rng.below(ALPHABET.len())];
        match rng.below(3) {
            0 => chars.insert(at, c),
            1 if at < chars.len() => {
                chars.remove(at);
            }
            _ if at < chars.len() => chars[at] = c,
            _ => chars.push(c),
        }
    }
    chars.into_iter().collect()
}

/// Reads `text` in `pos` with `notation` and checks the answer is consistent.
fn check<N: MoveNotation<Position>>(notation: &N, pos: &Position, text: &str) -> bool {
    match notation.read_move(pos, text) {
        Ok(read) => {
            assert!(
                pos.is_legal(read.mv),
                "`{text}` gave the illegal {}",
                read.mv
            );
            let syntax = notation.parse(text).expect("it read");
            let again = notation
                .read_move(pos, &syntax.to_string())
                .unwrap_or_else(|e| panic!("`{text}` displays as `{syntax}`, which fails: {e}"));
            assert_eq!(again.mv, read.mv, "`{text}` / `{syntax}`");
            true
        }
        Err(NotationError::Syntax(e)) => {
            let (start, end) = (e.span.start.offset, e.span.end.offset);
            assert!(start <= end && end <= text.len(), "`{text}`: {e:?}");
            assert!(text.is_char_boundary(start) && text.is_char_boundary(end));
            assert_eq!(&text[start..end], e.found, "`{text}`");
            assert!(!e.expected.is_empty());
            false
        }
        Err(NotationError::Move(e)) => {
            for c in e.candidates() {
                let read = notation
                    .read_move(pos, c)
                    .unwrap_or_else(|err| panic!("`{text}`: candidate `{c}` fails: {err}"));
                assert!(pos.is_legal(read.mv));
            }
            false
        }
        Err(e) => panic!("`{text}`: unknown error {e:?}"),
    }
}

#[test]
fn random_and_mutated_moves_never_panic() {
    let mut rng = Rng(0x5EED_0000_0000_0062);
    let games = common::games();
    let mut positions: Vec<(Position, String)> = Vec::new();
    for game in games.iter().step_by(15) {
        let mut pos = game.start;
        for (i, &mv) in game.usi.iter().enumerate() {
            if i % 7 == 0 {
                positions.push((pos, game.hodges[i].clone()));
            }
            pos.play_unchecked(mv);
        }
    }
    let mut read = 0;
    for (pos, hodges) in &positions {
        for _ in 0..20 {
            let text = random_text(&mut rng);
            read += usize::from(check(&Psn::default(), pos, &text));
            check(&Usi, pos, &text);
            let edited = mutate(&mut rng, hodges);
            read += usize::from(check(&Psn::default(), pos, &edited));
            let usi = mutate(&mut rng, &Psn::LONG.write_move(pos, pos.legal_moves()[0]));
            check(&Usi, pos, &usi);
        }
    }
    // Some edits still name a legal move (`P-7f` to `P7f`, `P-7f!`): the check saw both paths.
    assert!(read > 100, "{read}");
}

#[test]
fn random_files_never_panic() {
    let mut rng = Rng(0x5EED_0000_0000_F11E);
    let pieces = [
        "[Sente \"a\"]\n",
        "[Black \"a\"]\n",
        "[SFEN \"",
        "\"]\n",
        "[Handicap \"Lance\"]\n",
        "1.",
        "2...",
        "P-7f ",
        "P-3d ",
        "7g7f ",
        "Resigns ",
        "Mate ",
        "{c} ",
        "(",
        ")",
        "(00:01 / 00:00:01) ",
        "1-0 ",
        "*",
        "\n",
        "[",
        "}",
        "G-5h ",
        "+Bx2b ",
    ];
    for _ in 0..2_000 {
        let text: String = (0..rng.below(16))
            .map(|_| pieces[rng.below(pieces.len())])
            .collect();
        for game in PsnReader::new(text.as_bytes()) {
            let game = game.expect("UTF-8 text");
            let _ = game.result();
            if let Ok(replayed) = game.replay(Default::default()) {
                assert!(replayed.record.main.moves.len() <= game.record().main.moves.len());
            }
        }
    }
}
