//! The Fairy-Stockfish fixtures (testdata/shogi/shogi-games.jsonl and shogi-cases.jsonl, made
//! with pyffish 0.0.90 and replayed with cshogi; see testdata/README.md): the short
//! writer must write the `hodges` column with letter ranks and the `hodges_number` column with
//! digit ranks, move for move; reading `hodges`, `hodges_number` and `hosking` must give the
//! `moves_usi` column back without a warning, and the games must end on `final_sfen`.

mod common;

use notation_traits::MoveNotation;
use psn::{Psn, PsnStyle, Squares, Usi};
use shogi_board::{Move, Position};

const LETTERS: Psn = Psn::new(PsnStyle::Short, Squares::Letters);
const DIGITS: Psn = Psn::new(PsnStyle::Short, Squares::Digits);

/// What the fixtures agree on, counted.
#[derive(Debug, Default, PartialEq, Eq)]
struct Tally {
    written_letters: usize,
    written_digits: usize,
    read: usize,
}

/// Checks one move: both writers give the fixture's text, and the three columns and USI read
/// back to it without a warning.
fn check_move(
    pos: &Position,
    mv: Move,
    [hodges, number, hosking]: [&str; 3],
    place: &str,
    tally: &mut Tally,
) {
    let at = || format!("{place}: {mv} in {pos}");
    assert_eq!(LETTERS.write_move(pos, mv), hodges, "{}", at());
    tally.written_letters += 1;
    assert_eq!(DIGITS.write_move(pos, mv), number, "{}", at());
    tally.written_digits += 1;
    for text in [hodges, number, hosking, &mv.to_string()] {
        let read = if text.starts_with(|c: char| c.is_ascii_digit()) {
            Usi.read_move(pos, text)
        } else {
            Psn::default().read_move(pos, text)
        }
        .unwrap_or_else(|e| panic!("{}: `{text}`: {e}", at()));
        assert_eq!(read.mv, mv, "{}: `{text}`", at());
        assert!(
            read.warnings.is_empty(),
            "{}: `{text}`: {:?}",
            at(),
            read.warnings
        );
        tally.read += 1;
    }
}

#[test]
fn every_fixture_game_reads_and_writes_as_pyffish() {
    let games = common::games();
    assert_eq!(games.len(), 300);
    let mut tally = Tally::default();
    let mut plies = 0;
    for game in &games {
        let mut pos = game.start;
        for (i, &mv) in game.usi.iter().enumerate() {
            let place = format!("{} ply {}", game.id, i + 1);
            let texts = [
                game.hodges[i].as_str(),
                game.hodges_number[i].as_str(),
                game.hosking[i].as_str(),
            ];
            check_move(&pos, mv, texts, &place, &mut tally);
            pos.play_unchecked(mv);
            plies += 1;
        }
        assert_eq!(pos.to_sfen(), game.final_sfen, "{}", game.id);
    }
    // testdata/README.md: 36,295 plies; each written twice and read four times.
    assert_eq!(plies, 36_295);
    assert_eq!(
        tally,
        Tally {
            written_letters: 36_295,
            written_digits: 36_295,
            read: 4 * 36_295,
        }
    );
}

#[test]
fn every_fixture_case_reads_and_writes_as_pyffish() {
    let cases = common::cases();
    assert_eq!(cases.len(), 139);
    let mut tally = Tally::default();
    for case in &cases {
        let texts = [
            case.hodges.as_str(),
            case.hodges_number.as_str(),
            case.hosking.as_str(),
        ];
        check_move(&case.pos, case.usi, texts, &case.id, &mut tally);
    }
    assert_eq!(tally.read, 4 * 139);
}
