//! Piece letters in the three languages kifu reads and writes: English (WXF), Finnish and
//! German (DXB). WXF descriptive notation and algebraic notation use the same letters.
//!
//! | kind | English | Finnish | German |
//! |---|---|---|---|
//! | king | K | K (Kenraali) | F (Feldherr) |
//! | advisor | A | N (Neuvonantaja) | L (Leibwächter) |
//! | elephant | E | E (Elefantti) | E (Elefant) |
//! | horse | H | H (Hevonen) | P (Pferd) |
//! | chariot | R | V (Vaunu) | W (Wagen) |
//! | cannon | C | T (Tykki) | K (Kanone) |
//! | pawn | P | S (Sotilas) | S (Soldat) |
//!
//! Readers also take aliases: English `N` (knight = horse), `B` and `M` (bishop, minister =
//! elephant), `G` (guard = advisor), `S` (soldier = pawn); German `G` (General = king), `T`
//! (Turm = chariot), `M` (Mandarin = advisor).
//!
//! Rule: the WXF page "Official Xiangqi Piece Names and Notation" for English; the seed document
//! (Finnish xiangqi notation, with the DXB's German letters) for Finnish and German.

use std::fmt;
use std::str::FromStr;

use crate::PieceKind;

/// A language of piece letters.
///
/// ```
/// use xiangqi_board::{Language, PieceKind};
///
/// assert_eq!(Language::Finnish.letter(PieceKind::Chariot), 'V');
/// assert_eq!(Language::German.kind('K'), Some((PieceKind::Cannon, false)));
/// assert_eq!(Language::English.kind('N'), Some((PieceKind::Horse, true))); // an alias
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Language {
    /// English, the WXF letters `K A E H R C P` (code `en`).
    #[default]
    English,
    /// Finnish, `K N E H V T S` (code `fi`), as in the seed document.
    Finnish,
    /// German (Deutscher Xiangqi Bund), `F L E P W K S` (code `de`).
    German,
}

impl Language {
    /// All languages.
    pub const ALL: [Language; 3] = [Language::English, Language::Finnish, Language::German];

    /// The upper-case letter of `kind`.
    pub const fn letter(self, kind: PieceKind) -> char {
        let letters: [char; 7] = match self {
            Language::English => ['K', 'A', 'E', 'H', 'R', 'C', 'P'],
            Language::Finnish => ['K', 'N', 'E', 'H', 'V', 'T', 'S'],
            Language::German => ['F', 'L', 'E', 'P', 'W', 'K', 'S'],
        };
        letters[kind as usize]
    }

    /// The kind a letter names (either case), and whether the letter is an alias rather than the
    /// language's own letter.
    pub fn kind(self, letter: char) -> Option<(PieceKind, bool)> {
        let c = letter.to_ascii_uppercase();
        if let Some(kind) = PieceKind::ALL.into_iter().find(|&k| self.letter(k) == c) {
            return Some((kind, false));
        }
        let alias = match (self, c) {
            (Language::English, 'N') => PieceKind::Horse,
            (Language::English, 'B' | 'M') => PieceKind::Elephant,
            (Language::English, 'G') => PieceKind::Advisor,
            (Language::English, 'S') => PieceKind::Pawn,
            (Language::German, 'G') => PieceKind::King,
            (Language::German, 'T') => PieceKind::Chariot,
            (Language::German, 'M') => PieceKind::Advisor,
            _ => return None,
        };
        Some((alias, true))
    }

    /// The language's letters in table order, for messages: `K, A, E, H, R, C, P`.
    ///
    /// ```
    /// use xiangqi_board::Language;
    ///
    /// assert_eq!(Language::German.letter_list(), "F, L, E, P, W, K, S");
    /// ```
    pub const fn letter_list(self) -> &'static str {
        // The table of `letter`, written out: messages that name the letters are built for
        // every text a detection tries in the wrong letters, so this must not allocate.
        match self {
            Language::English => "K, A, E, H, R, C, P",
            Language::Finnish => "K, N, E, H, V, T, S",
            Language::German => "F, L, E, P, W, K, S",
        }
    }

    /// The code: `en`, `fi` or `de`.
    pub const fn code(self) -> &'static str {
        match self {
            Language::English => "en",
            Language::Finnish => "fi",
            Language::German => "de",
        }
    }
}

impl fmt::Display for Language {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

/// The text is not a language code.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("expected a language code (en, fi, de), found `{0}`")]
pub struct ParseLanguageError(pub String);

impl FromStr for Language {
    type Err = ParseLanguageError;

    /// Reads `en`, `fi`, `de` (also `english`, `finnish`, `german`, any case).
    fn from_str(s: &str) -> Result<Language, ParseLanguageError> {
        match s.to_ascii_lowercase().as_str() {
            "en" | "english" => Ok(Language::English),
            "fi" | "finnish" => Ok(Language::Finnish),
            "de" | "german" => Ok(Language::German),
            _ => Err(ParseLanguageError(s.to_owned())),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn letters_are_distinct_within_each_language() {
        for lang in Language::ALL {
            for a in PieceKind::ALL {
                assert_eq!(lang.kind(lang.letter(a)), Some((a, false)));
            }
        }
    }

    #[test]
    fn the_letter_list_is_the_letter_table() {
        for lang in Language::ALL {
            let table: Vec<String> = PieceKind::ALL
                .iter()
                .map(|&k| lang.letter(k).to_string())
                .collect();
            assert_eq!(lang.letter_list(), table.join(", "));
        }
    }

    #[test]
    fn german_k_is_the_cannon_and_english_k_the_king() {
        assert_eq!(Language::German.kind('K'), Some((PieceKind::Cannon, false)));
        assert_eq!(Language::English.kind('k'), Some((PieceKind::King, false)));
        assert_eq!(Language::Finnish.kind('X'), None);
    }
}
