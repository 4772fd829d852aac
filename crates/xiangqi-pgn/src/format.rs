//! Xiangqi PGN as a record format: sniffed by its tags and movetext, read game by game with
//! [`notation_traits::GameReader`], written in the xqbase layout.

use std::io::BufRead;

use iccs_algebraic::{Iccs, IccsStyle};
use notation_traits::{
    CheckedGame, Confidence, Diagnostic, FormatGame, FormatGames, FormatInfo, GameReader,
    RecordFormat, WriteSettings, Written, WrittenGame, sniff_pgn_style,
};
use xiangqi_board::{Language, Position};

use crate::{PgnGame, XiangqiNotation, writer::write_parts};

/// Xiangqi PGN files (the xqbase layout; WXF, Chinese, ICCS, UCI, algebraic or WinBoard
/// movetext). [`RecordFormat::read`] leaves the notation to the caller
/// ([`FormatGame::notation`] is `None`: choose it with [`choose_reading`](crate::choose_reading));
/// [`RecordFormat::write`] writes the moves in [`WriteSettings::notation`] (ICCS when `None`)
/// under the `[Format]`, `[Language]` and `[Dialect]` tags of
/// [`WriteSettings::notation_tags`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Pgn;

static INFO: FormatInfo = FormatInfo {
    name: "pgn",
    title: "xiangqi PGN (the xqbase layout)",
    extensions: &["pgn", "txt"],
    binary: false,
    writes: true,
    default_encoding: None,
    source: "the xqbase PGN specification (www.xqbase.com), NOTATIONS.md \"Xiangqi files\"",
};

/// Tags that only a xiangqi PGN file has.
const XIANGQI_TAGS: [&[u8]; 5] = [
    b"[Game \"Chinese Chess\"]",
    b"[Red ",
    b"[RedTeam ",
    b"[ECCO ",
    b"[Format \"",
];

impl RecordFormat<Position> for Pgn {
    fn info(&self) -> &'static FormatInfo {
        &INFO
    }

    /// `[Game "Chinese Chess"]`, `[Red ...]`, `[ECCO ...]` or `[Format ...]` is certain; other
    /// tag pairs are likely (PGN or PSN); other text is weak; bytes with NUL are none.
    fn sniff(&self, prefix: &[u8]) -> Confidence {
        sniff_pgn_style(prefix, &XIANGQI_TAGS)
    }

    fn read<'a>(&'a self, input: Box<dyn BufRead + Send + 'a>) -> FormatGames<'a, Position> {
        Box::new(GameReader::new(input).map(|game| {
            game.map(|raw| {
                let game = PgnGame::new(raw);
                FormatGame {
                    raw: game.raw,
                    start: game.start,
                    notation: None,
                    terminal: None,
                }
            })
        }))
    }

    fn write(
        &self,
        game: &CheckedGame<Position>,
        settings: &WriteSettings<'_, Position>,
    ) -> Result<WrittenGame, Box<Diagnostic>> {
        let tag = |name: &str| {
            settings
                .notation_tags
                .iter()
                .find(|(n, _)| n.eq_ignore_ascii_case(name))
                .map(|(_, v)| *v)
        };
        let iccs = Iccs::new(IccsStyle::Pgn);
        let notation = settings.notation.unwrap_or(&iccs);
        let kind = tag("Format")
            .and_then(XiangqiNotation::from_format_tag)
            .unwrap_or(XiangqiNotation::Iccs);
        let language = tag("Language").and_then(|l| l.parse::<Language>().ok());
        let text = write_parts(game, notation, kind, language, tag("Dialect"));
        Ok(WrittenGame {
            output: Written::Text(if settings.index > 0 {
                format!("\n{text}")
            } else {
                text
            }),
            lost: notation_traits::multiline_tags(&game.replayed.record.tags)
                .into_iter()
                .collect(),
        })
    }
}
