//! DhtmlXQ, the UBB-style text of the dpxq.com (东萍象棋) web viewer that Chinese archive sites
//! and forums embed: `[DhtmlXQ]` blocks with `[DhtmlXQ_binit]`, `[DhtmlXQ_movelist]`,
//! variations `[DhtmlXQ_move_a_b_c]`, comments `[DhtmlXQ_comment...]`, titles and players.
//! Read and written.
//!
//! Sources: the dpxq.com viewer script (`DhtmlXQ_www_dpxq_com_Eng.js`, public on the
//! wxf-xiangqi.org mirror) for what each tag means, and the behaviour of the readers and
//! writers that follow it (vschess, cchess: read, never copied);
//! ../shared/research/xiangqi-notation.md §4.6.

mod read;
mod write;

use std::io::BufRead;

use notation_traits::{
    CheckedGame, Confidence, Diagnostic, FormatGame, FormatGames, FormatInfo, RecordFormat,
    WriteSettings, WrittenGame,
};
use xiangqi_board::Position;

use crate::limits::read_limited;

/// The DhtmlXQ format (dpxq.com, 东萍象棋): [`RecordFormat`] name `dhtmlxq`.
///
/// # Examples
///
/// ```
/// use xiangqi_archive::DhtmlXq;
///
/// let text = "[DhtmlXQ][DhtmlXQ_red]许银川[/DhtmlXQ_red][DhtmlXQ_movelist]77477062[/DhtmlXQ_movelist]\
///             [DhtmlXQ_comment1]中炮[/DhtmlXQ_comment1][/DhtmlXQ]";
/// let games = DhtmlXq.read_str(text);
/// let record = &games[0].raw.record;
/// let moves: Vec<&str> = record.main.moves.iter().map(|m| m.text.as_str()).collect();
/// assert_eq!(moves, ["h2e2", "h9g7"]);
/// assert_eq!(record.main.moves[0].comments, ["中炮"]);
/// assert_eq!(record.tag("Red"), Some("许银川"));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct DhtmlXq;

static INFO: FormatInfo = FormatInfo {
    name: "dhtmlxq",
    title: "DhtmlXQ (dpxq.com, 东萍象棋)",
    extensions: &["txt", "html", "htm"],
    binary: false,
    writes: true,
    default_encoding: Some("GBK"),
    source: "the dpxq.com DhtmlXQ viewer script and ../shared/research/xiangqi-notation.md §4.6",
};

impl DhtmlXq {
    /// Reads the games of a DhtmlXQ text (a page or file with `[DhtmlXQ]` blocks): one game
    /// per block, or one for a text with tags but no block. Problems become diagnostics with
    /// their lines and columns.
    pub fn read_str(&self, text: &str) -> Vec<FormatGame<Position>> {
        read::read_text(text)
    }
}

impl RecordFormat<Position> for DhtmlXq {
    fn info(&self) -> &'static FormatInfo {
        &INFO
    }

    /// `[DhtmlXQ_movelist]` or `[DhtmlXQ_binit]`: certain; another `[DhtmlXQ` tag: likely.
    fn sniff(&self, prefix: &[u8]) -> Confidence {
        let has =
            |needle: &[u8]| notation_traits::find_bytes_ignore_ascii_case(prefix, needle).is_some();
        if has(b"[dhtmlxq_movelist]") || has(b"[dhtmlxq_binit]") {
            Confidence::CERTAIN
        } else if has(b"[dhtmlxq") {
            Confidence::LIKELY
        } else {
            Confidence::NONE
        }
    }

    /// The charset of an HTML page's `<meta>` (`gb2312`, `gbk`, `gb18030`, `utf-8`, `big5`).
    fn declared_encoding(&self, prefix: &[u8]) -> Option<&'static str> {
        let lower = prefix.to_ascii_lowercase();
        let at = notation_traits::find_bytes(&lower, b"charset=")? + 8;
        let rest: Vec<u8> = lower[at..]
            .iter()
            .copied()
            .skip_while(|&b| b == b'"' || b == b'\'')
            .take_while(|b| b.is_ascii_alphanumeric() || *b == b'-' || *b == b'_')
            .collect();
        match rest.as_slice() {
            b"gb2312" | b"gbk" | b"x-gbk" => Some("GBK"),
            b"gb18030" => Some("gb18030"),
            b"utf-8" | b"utf8" => Some("UTF-8"),
            b"big5" => Some("Big5"),
            _ => None,
        }
    }

    fn read<'a>(&'a self, input: Box<dyn BufRead + Send + 'a>) -> FormatGames<'a, Position> {
        let games = read_limited(input, "DhtmlXQ").and_then(|bytes| {
            String::from_utf8(bytes).map_err(|e| {
                std::io::Error::new(
                    std::io::ErrorKind::InvalidData,
                    format!(
                        "the input is not UTF-8 (byte {}): decode it first",
                        e.utf8_error().valid_up_to() + 1
                    ),
                )
            })
        });
        match games {
            Ok(text) => Box::new(self.read_str(&text).into_iter().map(Ok)),
            Err(e) => Box::new(std::iter::once(Err(e))),
        }
    }

    /// Writes the game as a DhtmlXQ block (every game of a file its own block).
    fn write(
        &self,
        game: &CheckedGame<Position>,
        settings: &WriteSettings<'_, Position>,
    ) -> Result<WrittenGame, Box<Diagnostic>> {
        Ok(write::write_dhtmlxq(game, settings.index))
    }
}
