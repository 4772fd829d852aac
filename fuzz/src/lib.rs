//! What the fuzz targets check, shared by them: every reader of kifu takes any input without a
//! panic, a hang or unbounded memory, and whatever it reads is written and read back to the same
//! move (or the same game).
//!
//! Inputs of the move targets are a byte choosing the notation of the group (letter set, style,
//! dialect), then lines: each line is read in the position the lines before it reached (a line
//! that reads is played; one that does not is skipped), so the fuzzer reaches the positions of
//! real games from a seed corpus of real games, one move a line.

use notation_traits::{
    GameReader, GameRecord, Line, MoveNumbering, Position, ReplayOptions, TextNotation,
    parse_game_text, replay_with, write_movetext,
};

/// The most lines a move target reads: past it, longer inputs only cost time.
const MAX_LINES: usize = 80;

/// A boxed notation of xiangqi moves.
pub type XiangqiNotation = Box<dyn TextNotation<xiangqi_board::Position>>;
/// A boxed notation of shogi moves.
pub type ShogiNotation = Box<dyn TextNotation<shogi_board::Position>>;

/// Descriptive notation in every letter set, sign and dialect.
pub fn wxf_notations() -> Vec<XiangqiNotation> {
    use wxf_notation::{Dialect, Sideways, Wxf, WxfStyle};
    let mut out: Vec<XiangqiNotation> = Vec::new();
    for lang in xiangqi_board::Language::ALL {
        for sideways in [Sideways::Dot, Sideways::Equals, Sideways::Omitted] {
            out.push(Box::new(Wxf::new(lang).with_sideways(sideways)));
        }
        for dialect in [Dialect::Wxr2018, Dialect::Xqbase] {
            out.push(Box::new(
                Wxf::new(lang)
                    .with_style(WxfStyle::Wxr2018)
                    .with_dialect(dialect),
            ));
        }
    }
    out
}

/// Chinese descriptive notation, simplified and traditional.
pub fn chinese_notations() -> Vec<XiangqiNotation> {
    use wxf_notation::{Chinese, ChineseStyle};
    vec![
        Box::new(Chinese::new(ChineseStyle::Simplified)),
        Box::new(Chinese::new(ChineseStyle::Traditional)),
    ]
}

/// ICCS coordinates in both styles and rank counts.
pub fn iccs_notations() -> Vec<XiangqiNotation> {
    use iccs_algebraic::{Iccs, IccsRanks, IccsStyle};
    vec![
        Box::new(Iccs::new(IccsStyle::Engine)),
        Box::new(Iccs::new(IccsStyle::Pgn)),
        Box::new(Iccs::new(IccsStyle::Engine).with_ranks(IccsRanks::OneBased)),
    ]
}

/// Algebraic notation in every letter set, ranks from 1 and from 0 (WinBoard).
pub fn algebraic_notations() -> Vec<XiangqiNotation> {
    use iccs_algebraic::{Algebraic, AlgebraicRanks};
    let mut out: Vec<XiangqiNotation> = Vec::new();
    for lang in xiangqi_board::Language::ALL {
        out.push(Box::new(Algebraic::new(lang)));
        out.push(Box::new(
            Algebraic::new(lang).with_ranks(AlgebraicRanks::ZeroBased),
        ));
    }
    out
}

/// Every xiangqi notation.
pub fn xiangqi_notations() -> Vec<XiangqiNotation> {
    let mut out = wxf_notations();
    out.extend(chinese_notations());
    out.extend(iccs_notations());
    out.extend(algebraic_notations());
    out
}

/// PSN in both styles and both square forms.
pub fn psn_notations() -> Vec<ShogiNotation> {
    use psn::{Psn, PsnStyle, Squares};
    let mut out: Vec<ShogiNotation> = Vec::new();
    for style in [PsnStyle::Short, PsnStyle::Long] {
        for squares in [Squares::Letters, Squares::Digits] {
            out.push(Box::new(Psn::new(style, squares)));
        }
    }
    out
}

/// Every shogi notation: USI and PSN.
pub fn shogi_notations() -> Vec<ShogiNotation> {
    let mut out: Vec<ShogiNotation> = vec![Box::new(psn::Usi)];
    out.extend(psn_notations());
    out
}

/// Reads `data` as a byte choosing one of `notations`, then lines of moves in it, from the
/// xiangqi start position.
///
/// # Panics
///
/// When a move read is not legal, or when the notation that read it writes it as a text that
/// does not read back to it.
pub fn xiangqi_lines(data: &[u8], notations: &[XiangqiNotation]) {
    let Some((&choice, data)) = data.split_first() else {
        return;
    };
    let text = String::from_utf8_lossy(data);
    lines(
        xiangqi_board::Position::new(),
        text.lines(),
        notations,
        choice,
    );
}

/// Reads `data` as a byte choosing one of `notations`, then lines of moves in it, from the
/// shogi start position (or a handicap start when the first line names one).
///
/// # Panics
///
/// As [`xiangqi_lines`].
pub fn shogi_lines(data: &[u8], notations: &[ShogiNotation]) {
    let Some((&choice, data)) = data.split_first() else {
        return;
    };
    let text = String::from_utf8_lossy(data);
    let mut lines_of = text.lines().peekable();
    let start = lines_of
        .peek()
        .and_then(|l| l.parse::<shogi_board::Handicap>().ok())
        .map_or_else(shogi_board::Position::new, shogi_board::Handicap::position);
    lines(start, lines_of, notations, choice);
}

/// Reads each of `texts` in the position the ones before it reached, with the notation that
/// `choice` picks; a move read must be legal and must write back to itself.
fn lines<'a, P: Position>(
    mut pos: P,
    texts: impl Iterator<Item = &'a str>,
    notations: &[Box<dyn TextNotation<P>>],
    choice: u8,
) {
    let n = &notations[usize::from(choice) % notations.len()];
    for line in texts.take(MAX_LINES) {
        let Ok(read) = n.read(&pos, line) else {
            continue;
        };
        assert!(
            pos.is_legal(read.mv),
            "{}: `{line}` read as the illegal {:?}",
            pos.to_text(),
            read.mv
        );
        let written = n.write(&pos, read.mv);
        let back = n.read(&pos, &written);
        assert!(
            matches!(&back, Ok(b) if b.mv == read.mv),
            "{}: `{line}` read as {:?}, written `{written}`, read back as {back:?}",
            pos.to_text(),
            read.mv
        );
        pos.play_unchecked(read.mv);
    }
}

/// Plays `choices` as indexes into the legal moves from the xiangqi start; in the positions
/// where the byte is 0xE0 or more (one in eight of random bytes), writes every legal move in
/// every notation and reads it back.
///
/// # Panics
///
/// When a move written does not read back to itself.
pub fn xiangqi_roundtrip(choices: &[u8]) {
    walk(
        xiangqi_board::Position::new(),
        choices,
        &xiangqi_notations(),
    );
}

/// [`xiangqi_roundtrip`] for shogi; the first byte picks the even start or a handicap.
///
/// # Panics
///
/// When a move written does not read back to itself.
pub fn shogi_roundtrip(data: &[u8]) {
    let Some((&first, choices)) = data.split_first() else {
        return;
    };
    let handicaps = shogi_board::Handicap::ALL;
    let start = match usize::from(first) % (handicaps.len() + 1) {
        0 => shogi_board::Position::new(),
        i => handicaps[i - 1].position(),
    };
    walk(start, choices, &shogi_notations());
}

/// Plays `choices` from `pos`, checking every legal move in every notation where a byte is
/// 0xE0 or more.
fn walk<P: Position>(mut pos: P, choices: &[u8], notations: &[Box<dyn TextNotation<P>>]) {
    for &c in choices.iter().take(400) {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        if c >= 0xE0 {
            for &mv in &moves {
                for n in notations {
                    let text = n.write(&pos, mv);
                    let read = n.read(&pos, &text);
                    assert!(
                        matches!(&read, Ok(r) if r.mv == mv),
                        "{} {mv:?}: `{text}` read as {read:?}",
                        pos.to_text()
                    );
                }
            }
        }
        pos.play_unchecked(moves[usize::from(c) % moves.len()]);
    }
}

/// Reads `data` as a xiangqi FEN; a position read is written back to the same FEN, and its
/// legal moves can be played and written.
///
/// # Panics
///
/// When the FEN written does not read back to the same position.
pub fn fen(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    let Ok(pos) = xiangqi_board::Position::from_fen(&text) else {
        return;
    };
    let fen = pos.to_fen();
    let back = xiangqi_board::Position::from_fen(&fen);
    assert!(
        matches!(&back, Ok(b) if *b == pos),
        "`{text}` -> `{fen}` -> {back:?}"
    );
    for &mv in pos.legal_moves().iter() {
        let mut next = pos;
        next.play_unchecked(mv);
        let _ = next.to_fen();
        let _ = next.outcome();
    }
}

/// Reads `data` as an SFEN, strictly and relaxed; a position read is written back to the same
/// SFEN, and its legal moves can be played and written.
///
/// # Panics
///
/// When the SFEN written does not read back to the same position.
pub fn sfen(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    for pos in [
        shogi_board::Position::from_sfen(&text),
        shogi_board::Position::from_sfen_relaxed(&text),
    ]
    .into_iter()
    .flatten()
    {
        let sfen = pos.to_sfen();
        let back = shogi_board::Position::from_sfen_relaxed(&sfen);
        assert!(
            matches!(&back, Ok(b) if *b == pos),
            "`{text}` -> `{sfen}` -> {back:?}"
        );
        for &mv in pos.legal_moves().iter() {
            let mut next = pos;
            next.play_unchecked(mv);
            let _ = next.to_sfen();
            let _ = next.outcome();
        }
    }
}

/// Whether two lines hold the same moves, comments, glyphs, clock times and variations.
fn same_line<M: PartialEq + std::fmt::Debug>(a: &Line<M>, b: &Line<M>) -> Result<(), String> {
    if a.comments != b.comments {
        return Err(format!("comments {:?} != {:?}", a.comments, b.comments));
    }
    if a.moves.len() != b.moves.len() {
        return Err(format!("{} moves != {}", a.moves.len(), b.moves.len()));
    }
    for (i, (x, y)) in a.moves.iter().zip(&b.moves).enumerate() {
        if x.mv != y.mv || x.comments != y.comments || x.nags != y.nags || x.clock != y.clock {
            return Err(format!(
                "ply {}: {:?} {:?} {:?} {:?} != {:?} {:?} {:?} {:?}",
                i + 1,
                x.mv,
                x.comments,
                x.nags,
                x.clock,
                y.mv,
                y.comments,
                y.nags,
                y.clock
            ));
        }
        if x.variations.len() != y.variations.len() {
            return Err(format!("ply {}: variations differ", i + 1));
        }
        for (v, w) in x.variations.iter().zip(&y.variations) {
            same_line(v, w).map_err(|e| format!("ply {}, variation: {e}", i + 1))?;
        }
    }
    Ok(())
}

/// What a comment becomes through a PSN file: `~` a line break (Cheymol's files).
fn tilde_line_breaks<M>(line: &mut Line<M>) {
    let through_psn = |c: &str| c.replace('~', "\n");
    for c in &mut line.comments {
        *c = through_psn(c);
    }
    for m in &mut line.moves {
        for c in &mut m.comments {
            *c = through_psn(c);
        }
        for v in &mut m.variations {
            tilde_line_breaks(v);
        }
    }
}

fn same_game<M: PartialEq + std::fmt::Debug>(
    a: &GameRecord<M>,
    b: &GameRecord<M>,
) -> Result<(), String> {
    same_line(&a.main, &b.main)
}

/// Reads `data` as a xiangqi PGN file: every game replayed (with repairs) in each notation
/// family; a game read to its end is written in that notation and read back to the same moves,
/// comments, glyphs, clock times and variations.
///
/// # Panics
///
/// When a game written does not read back to the same game.
pub fn pgn_file(data: &[u8]) {
    let families: [XiangqiNotation; 4] = [
        Box::new(wxf_notation::Wxf::default()),
        Box::new(wxf_notation::Chinese::default()),
        Box::new(iccs_algebraic::Iccs::default()),
        Box::new(iccs_algebraic::Algebraic::default()),
    ];
    for game in GameReader::new(data).take(8).flatten() {
        // Only the families some of the first move texts parse in (as `kifu` detects them).
        let texts: Vec<&str> = game
            .record
            .main
            .moves
            .iter()
            .take(8)
            .map(|m| m.text.as_str())
            .collect();
        let start = game
            .record
            .tag("FEN")
            .and_then(|f| xiangqi_board::Position::from_fen(f).ok())
            .unwrap_or_default();
        for n in families
            .iter()
            .filter(|n| texts.iter().any(|t| n.parses(t)))
        {
            let options = ReplayOptions {
                repair: true,
                ..ReplayOptions::default()
            };
            let replayed = replay_with(&game.record, start, n.as_ref(), options);
            if !replayed.unread.is_empty() {
                continue;
            }
            let text = write_movetext(
                &replayed.record,
                &replayed.start,
                n.as_ref(),
                MoveNumbering::PerPair,
                None,
                replayed.record.result_token.as_deref(),
            );
            let again = parse_game_text(&text);
            let back = replay_with(&again.record, start, n.as_ref(), ReplayOptions::default());
            assert!(back.unread.is_empty(), "`{text}` does not read back");
            if let Err(e) = same_game(&replayed.record, &back.record) {
                panic!("`{text}` reads back as another game: {e}");
            }
        }
    }
}

/// Reads `data` as a PSN file: every game replayed (with repairs) in its dialect; a game read
/// to its end is written as PSN and read back to the same moves, comments, glyphs, clock times,
/// variations and terminal word.
///
/// # Panics
///
/// When a game written does not read back to the same game.
pub fn psn_file(data: &[u8]) {
    for game in psn::PsnReader::new(data).take(8).flatten() {
        let options = ReplayOptions {
            repair: true,
            ..ReplayOptions::default()
        };
        let Ok(replayed) = game.replay(options) else {
            continue;
        };
        if !replayed.unread.is_empty() {
            continue;
        }
        for (psn2, written) in [
            (
                false,
                psn::write_game(
                    &replayed.record,
                    &replayed.start,
                    &psn::Psn::default(),
                    game.terminal.as_ref(),
                    None,
                ),
            ),
            (
                true,
                psn::write_game_psn2(
                    &replayed.record,
                    &replayed.start,
                    game.terminal.as_ref(),
                    None,
                ),
            ),
        ] {
            let again = psn::PsnReader::new(written.as_bytes())
                .next()
                .expect("one game")
                .expect("UTF-8");
            let back = again
                .replay(ReplayOptions::default())
                .unwrap_or_else(|d| panic!("`{written}`: {d}"));
            assert!(back.unread.is_empty(), "`{written}` does not read back");
            assert_eq!(back.start, replayed.start, "`{written}`: another start");
            // `~` in a PSN comment is a line break (Cheymol's files); PSN has no escape for it.
            let mut expected = replayed.record.clone();
            tilde_line_breaks(&mut expected.main);
            if let Err(e) = same_game(&expected, &back.record) {
                panic!("`{written}` reads back as another game: {e}");
            }
            // PSN writes Shogidokoro's words (MaxMovesDraw as Jishogi) with the PSN2 word in a
            // [Termination] tag, unless the game has a [Termination] tag of its own, which is
            // kept; PSN2 writes the word as read.
            let kept = psn2 || game.raw.record.tag("Termination").is_none();
            let word_of = |t: &notation_traits::Terminal| psn::TerminalWord::for_kind(t.kind);
            let word = |t: &notation_traits::Terminal| {
                let w = word_of(t)?;
                Some(if kept { w } else { w.shogidokoro() })
            };
            let back_word = again.terminal.as_ref().and_then(word_of);
            assert!(
                back_word == game.terminal.as_ref().and_then(word)
                    || (!kept && back_word == game.terminal.as_ref().and_then(word_of)),
                "`{written}`: another ending: {back_word:?} for {:?}",
                game.terminal.as_ref().and_then(word_of)
            );
        }
    }
}

/// Any bytes read as `kifu check` reads a file, through the records library (format and
/// encoding told by the bytes, every format's reader: KIF, KI2, CSA, JKF, XQF, CBR/CBL,
/// DhtmlXQ, PGN, PSN, kifu's JSON; the checked replay): no panic. A game read to its end
/// without an error is written in its own format (where kifu writes it) and in kifu's JSON,
/// and each reads back to the same start position, moves and result.
pub fn records_file(data: &[u8]) {
    use kifu_records::{Games, Input, ReadOptions, Target, WriteOptions, Writer};
    let options = ReadOptions::default();
    let Ok(input) = Input::from_bytes("<fuzz>", data.to_vec(), &options) else {
        return;
    };
    for game in Games::new(input, options).take(8) {
        let Ok(game) = game else { continue };
        let unread = match &game.body {
            kifu_records::GameBody::Xiangqi(c) => !c.game.replayed.unread.is_empty(),
            kifu_records::GameBody::Shogi(c) => !c.game.replayed.unread.is_empty(),
            kifu_records::GameBody::Unreadable { .. } => true,
        };
        if unread || game.has_errors() {
            continue;
        }
        for name in [game.format.name(), "json"] {
            let Some(target) = Target::named(name) else {
                continue;
            };
            if target.variant().is_some_and(|v| v != game.variant()) {
                continue;
            }
            let Ok(written) = Writer::new(WriteOptions::new(target)).write(&game, 0) else {
                continue;
            };
            let again = Input::from_bytes("<written>", written.bytes.clone(), &options)
                .unwrap_or_else(|e| panic!("{name} written does not open: {e}"));
            let back = Games::new(again, options)
                .next()
                .unwrap_or_else(|| panic!("{name} written holds no game"))
                .unwrap_or_else(|e| panic!("{name} written does not read: {e}"));
            let text = String::from_utf8_lossy(&written.bytes);
            assert_eq!(
                back.start_position(),
                game.start_position(),
                "{name}: `{text}`"
            );
            assert_eq!(back.coordinates(), game.coordinates(), "{name}: `{text}`");
            assert_eq!(back.result(), game.result(), "{name}: `{text}`");
        }
    }
}
