//! PSN and PSN2 as record formats: sniffed by their tags, read game by game with
//! [`PsnReader`], written with [`write_game`] and [`write_game_psn2`].

use std::io::BufRead;

use notation_traits::{
    BestFit, CheckedGame, Confidence, Diagnostic, Fit, FormatGame, FormatGames, FormatInfo, Line,
    RecordFormat, TextNotation, WriteSettings, Written, WrittenGame, best_fits, sniff_pgn_style,
    texts_parsed,
};
use shogi_board::{Move, Position};

use crate::{Dialect, Psn, PsnGame, PsnReader, TerminalWord, Usi, write_game, write_game_psn2};

/// PSN files (PSN moves; PSN2's USI moves are read too): [`RecordFormat::read`] gives each
/// game the notation its moves read best in ([`PsnGame::best_notation`]);
/// [`RecordFormat::write`] writes [`write_game`]'s layout in [`WriteSettings::notation`]
/// ([`Psn`] short form when `None`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PsnFormat;

/// PSN2 files (MyShogi): `[Black]` and `[White]` first, USI moves, PSN2's terminal words
/// ([`write_game_psn2`]). Read as [`PsnFormat`] reads.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Psn2Format;

static PSN_INFO: FormatInfo = FormatInfo {
    name: "psn",
    title: "PSN (Portable Shogi Notation)",
    extensions: &["psn"],
    binary: false,
    writes: true,
    default_encoding: None,
    source: "the PSN description (Steven Hobbs, 1998 draft) as Shogidokoro and MyShogi write it",
};

static PSN2_INFO: FormatInfo = FormatInfo {
    name: "psn2",
    title: "PSN2 (MyShogi: PSN with USI moves)",
    extensions: &["psn"],
    binary: false,
    writes: true,
    default_encoding: None,
    source: "MyShogi docs/PSN2format.md",
};

/// Tags that only a shogi PSN file has.
const SHOGI_TAGS: [&[u8]; 5] = [b"[Sente ", b"[Gote ", b"[SFEN ", b"[Handicap ", b"[sfen "];

fn read(input: Box<dyn BufRead + Send + '_>) -> FormatGames<'_, Position> {
    Box::new(PsnReader::new(input).map(|game| {
        game.map(|game| {
            let notation = game.best_notation().map(|(d, _)| game.notation(d));
            FormatGame {
                raw: game.raw,
                start: game.start,
                notation,
                terminal: game.terminal,
            }
        })
    }))
}

/// What a PSN file cannot say: a terminal word PSN has no word for, tag values of several
/// lines, a `~` in a comment (PSN readers, kifu's among them, take it for a line break, as in
/// Cheymol's and Majewski's files: docs/research/shogi-psn.md).
fn lost_ending(game: &CheckedGame<Position>) -> Vec<String> {
    let mut lost: Vec<String> = notation_traits::multiline_tags(&game.replayed.record.tags)
        .into_iter()
        .collect();
    let record = &game.replayed.record;
    if record.trailing_comments.iter().any(|c| c.contains('~')) || has_tilde(&record.main) {
        lost.push(
            "`~` in a comment: PSN readers take it for a line break (written as it is)".to_owned(),
        );
    }
    match &game.terminal {
        Some(t) if TerminalWord::for_kind(t.kind).is_none() && game.rest.is_none() => {
            lost.push(format!(
                "the terminal word `{}` ({}): PSN has no word for it",
                t.text, t.kind
            ));
        }
        _ => {}
    }
    lost
}

/// Whether a comment of `line` or of its variations holds `~`.
fn has_tilde(line: &Line<Move>) -> bool {
    line.comments.iter().any(|c| c.contains('~'))
        || line.moves.iter().any(|m| {
            m.comments.iter().any(|c| c.contains('~')) || m.variations.iter().any(has_tilde)
        })
}

impl RecordFormat<Position> for PsnFormat {
    fn info(&self) -> &'static FormatInfo {
        &PSN_INFO
    }

    /// `[Sente]`, `[Gote]`, `[SFEN]` or `[Handicap]` is certain; other tag pairs likely; other
    /// text weak ([`sniff_pgn_style`]).
    fn sniff(&self, prefix: &[u8]) -> Confidence {
        sniff_pgn_style(prefix, &SHOGI_TAGS)
    }

    fn read<'a>(&'a self, input: Box<dyn BufRead + Send + 'a>) -> FormatGames<'a, Position> {
        read(input)
    }

    fn write(
        &self,
        game: &CheckedGame<Position>,
        settings: &WriteSettings<'_, Position>,
    ) -> Result<WrittenGame, Box<Diagnostic>> {
        let r = &game.replayed;
        let psn = Psn::default();
        let notation = settings.notation.unwrap_or(&psn);
        let text = write_game(
            &r.record,
            &r.start,
            notation,
            game.terminal.as_ref(),
            game.unread_comment().as_deref(),
        );
        Ok(WrittenGame {
            output: Written::Text(separated(text, settings.index)),
            lost: lost_ending(game),
        })
    }
}

impl RecordFormat<Position> for Psn2Format {
    fn info(&self) -> &'static FormatInfo {
        &PSN2_INFO
    }

    /// A PSN file whose first tag is `[Black]` and whose moves are USI.
    fn sniff(&self, prefix: &[u8]) -> Confidence {
        // Told at once where no `[Black ` tag is (most files).
        if notation_traits::find_bytes(prefix, b"[Black ").is_none() {
            return Confidence::NONE;
        }
        let text = String::from_utf8_lossy(prefix);
        let first_tag = text.lines().map(str::trim).find(|l| l.starts_with('['));
        if first_tag.is_some_and(|l| l.starts_with("[Black ")) && text.lines().any(is_usi_line) {
            Confidence::new(95)
        } else {
            Confidence::NONE
        }
    }

    fn read<'a>(&'a self, input: Box<dyn BufRead + Send + 'a>) -> FormatGames<'a, Position> {
        read(input)
    }

    fn write(
        &self,
        game: &CheckedGame<Position>,
        settings: &WriteSettings<'_, Position>,
    ) -> Result<WrittenGame, Box<Diagnostic>> {
        let r = &game.replayed;
        let text = write_game_psn2(
            &r.record,
            &r.start,
            game.terminal.as_ref(),
            game.unread_comment().as_deref(),
        );
        Ok(WrittenGame {
            output: Written::Text(separated(text, settings.index)),
            lost: lost_ending(game),
        })
    }
}

/// A game's text, after a blank line when another game came before it in the file.
fn separated(text: String, index: usize) -> String {
    if index > 0 { format!("\n{text}") } else { text }
}

/// Whether a line is a numbered USI move (`1.7g7f`), as PSN2 writes them.
fn is_usi_line(line: &str) -> bool {
    let line = line.trim();
    let Some((number, mv)) = line.split_once('.') else {
        return false;
    };
    !number.is_empty()
        && number.bytes().all(|b| b.is_ascii_digit())
        && crate::usi::is_usi(mv.split_whitespace().next().unwrap_or(""))
}

impl Dialect {
    /// [`Dialect::notation`], shareable between threads.
    pub fn notation_sync(self) -> Box<dyn TextNotation<Position> + Send + Sync> {
        match self {
            Dialect::Psn => Box::new(Psn::default()),
            Dialect::Psn2 | Dialect::Usi => Box::new(Usi),
        }
    }
}

impl PsnGame {
    /// The PSN notation fitted to this game's move texts ([`Psn::fitted_to`]: whether the game
    /// writes `=` on declined promotions).
    pub fn psn(&self) -> Psn {
        fn texts<'a>(line: &'a notation_traits::Line<()>, out: &mut Vec<&'a str>) {
            for m in &line.moves {
                out.push(m.text.as_str());
                for v in &m.variations {
                    texts(v, out);
                }
            }
        }
        let mut all = Vec::new();
        texts(&self.raw.record.main, &mut all);
        Psn::default().fitted_to(all)
    }

    /// The notation of `dialect` for this game: [`PsnGame::psn`] for PSN, [`Usi`] otherwise.
    pub fn notation(&self, dialect: Dialect) -> Box<dyn TextNotation<Position> + Send + Sync> {
        match dialect {
            Dialect::Psn => Box::new(self.psn()),
            Dialect::Psn2 | Dialect::Usi => Box::new(Usi),
        }
    }

    /// The dialect whose notation reads the moves best ([`notation_traits::fit`]): PSN or USI,
    /// whichever reads more moves in turn (then more texts); the file's own dialect where they
    /// tie. `None` when the start position cannot be read.
    pub fn best_notation(&self) -> Option<(Dialect, Fit<Move>)> {
        let (dialect, mut best) = self.best_reading()?;
        // The whole key, as `fit` gives it (the texts that parse count where the key is
        // compared with another game's).
        best.fit.parsed = texts_parsed(&self.raw.record, self.notation(dialect).as_ref());
        Some((dialect, best.fit))
    }

    /// [`best_notation`](Self::best_notation) for the caller that goes on to check the game
    /// in it: the dialect and what [`best_fits`] found (its reading of the moves, for
    /// [`notation_traits::replay_read`]; `parsed` counted only where it decided).
    pub fn best_reading(&self) -> Option<(Dialect, BestFit<Move>)> {
        let start = self.start.as_ref().ok()?;
        let record = &self.raw.record;
        let psn = self.psn();
        let notations: [&dyn TextNotation<Position>; 2] = [&psn, &Usi];
        let mut top = best_fits(start, record, notations);
        let usi_dialect = match self.dialect {
            Dialect::Psn2 => Dialect::Psn2,
            _ => Dialect::Usi,
        };
        // Where both read as well, the file's own dialect: USI unless it is PSN.
        let pick = if top.len() > 1 && self.dialect != Dialect::Psn {
            top.len() - 1
        } else {
            0
        };
        let best = top.swap_remove(pick);
        let dialect = if best.index == 1 {
            usi_dialect
        } else {
            Dialect::Psn
        };
        Some((dialect, best))
    }
}

#[cfg(test)]
mod tests {
    use notation_traits::{ReplayOptions, replay_with};

    use super::*;

    #[test]
    fn a_tilde_in_a_comment_is_said_to_be_a_line_break_in_psn() {
        let text = "[Sente \"a\"]\n\n1.P-7f {about 5 moves}\n2.P-3d *\n";
        let game = PsnFormat
            .read(Box::new(text.as_bytes()))
            .next()
            .unwrap()
            .unwrap();
        let start = game.start.clone().unwrap();
        let mut replayed = replay_with(
            &game.raw.record,
            start,
            &Psn::default(),
            ReplayOptions::default(),
        );
        let mut checked = CheckedGame::new(replayed.clone(), &game.raw, None);
        let written = PsnFormat
            .write(&checked, &WriteSettings::default())
            .unwrap();
        assert!(written.lost.is_empty(), "{:?}", written.lost);
        replayed.record.main.moves[0].comments = vec!["about ~5 moves".to_owned()];
        checked = CheckedGame::new(replayed, &game.raw, None);
        let written = PsnFormat
            .write(&checked, &WriteSettings::default())
            .unwrap();
        assert_eq!(
            written.lost,
            ["`~` in a comment: PSN readers take it for a line break (written as it is)"]
        );
    }
}
