//! The XQF header, bytes 0x000-0x3FF (stored in clear in every version): where each field
//! stands, the tag kifu keeps it as, and its short strings.
//!
//! A short string is a length byte L and L bytes of text (GBK), in a field of fixed size whose
//! capacity is the size minus one; bytes after L are ignored.
//!
//! Rule: ../shared/research/xqf-format.md §2-§3 and XQStudio 1.63 `XQFileRW.pas` (`dTXQFHead`).

/// The size of the header; the move records start here.
pub(crate) const HEADER_LEN: usize = 0x400;
/// The version byte.
pub(crate) const VERSION: usize = 0x002;
/// The piece table, 32 bytes.
pub(crate) const PIECES: usize = 0x010;
/// PlayStepNo, 16 bits: plies before the start position.
pub(crate) const PLAY_STEP_NO: usize = 0x030;
/// WhoPlay: 0 Red, 1 Black to move at the start.
pub(crate) const WHO_PLAY: usize = 0x032;
/// PlayResult: 0 unknown, 1 Red won, 2 Black won, 3 draw.
pub(crate) const PLAY_RESULT: usize = 0x033;
/// CodeA, 16 bits: the record type.
pub(crate) const CODE_A: usize = 0x040;

/// The newest version XQStudio 1.63 reads and writes.
pub(crate) const NEWEST: u8 = 0x12;

/// The tag that keeps CodeA (when it says more than "a full game from the standard start").
pub(crate) const RECORD_TYPE_TAG: &str = "RecordType";

/// The names of the record types 0-3 (CodeA), as the `RecordType` tag gives them.
pub(crate) const RECORD_TYPES: [&str; 4] = ["full game", "opening", "middlegame", "endgame"];

/// A short-string field of the header.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct StringField {
    /// Where the field starts.
    pub(crate) offset: usize,
    /// Its size in bytes (the length byte included).
    pub(crate) size: usize,
    /// The tag kifu keeps it as.
    pub(crate) tag: &'static str,
    /// Its name in XQStudio's source.
    pub(crate) name: &'static str,
}

impl StringField {
    /// The most text bytes the field holds.
    pub(crate) const fn capacity(&self) -> usize {
        self.size - 1
    }
}

const fn field(offset: usize, size: usize, tag: &'static str, name: &'static str) -> StringField {
    StringField {
        offset,
        size,
        tag,
        name,
    }
}

/// The text fields of the header, in header order, with their tags. The reserved string at
/// 0x1B0 is not among them (unused).
pub(crate) const STRINGS: [StringField; 12] = [
    field(0x050, 64, "Title", "TitleA"),
    field(0x090, 64, "Subtitle", "TitleB"),
    field(0x0D0, 64, "Event", "MatchName"),
    field(0x110, 16, "Date", "MatchTime"),
    field(0x120, 16, "Site", "MatchAddr"),
    field(0x130, 16, "Red", "RedPlayer"),
    field(0x140, 16, "Black", "BlkPlayer"),
    field(0x150, 64, "TimeControl", "TimeRule"),
    field(0x190, 16, "RedTime", "RedTime"),
    field(0x1A0, 16, "BlackTime", "BlkTime"),
    field(0x1D0, 16, "Annotator", "RMKWriter"),
    field(0x1E0, 16, "Author", "Author"),
];

/// The record type of a `RecordType` tag value (a name of [`RECORD_TYPES`] or a number).
pub(crate) fn record_type_of(value: &str) -> Option<u16> {
    let value = value.trim();
    RECORD_TYPES
        .iter()
        .position(|t| t.eq_ignore_ascii_case(value))
        .map(|i| i as u16)
        .or_else(|| value.parse().ok())
}

/// The `RecordType` tag value of CodeA.
pub(crate) fn record_type_name(code: u16) -> String {
    RECORD_TYPES
        .get(usize::from(code))
        .map_or_else(|| code.to_string(), |t| (*t).to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_do_not_overlap_and_stay_in_the_header() {
        for pair in STRINGS.windows(2) {
            assert!(pair[0].offset + pair[0].size <= pair[1].offset);
        }
        assert!(STRINGS[11].offset + STRINGS[11].size <= 0x1F0);
    }

    #[test]
    fn record_types_read_by_name_or_number() {
        assert_eq!(record_type_of("Endgame"), Some(3));
        assert_eq!(record_type_of("7"), Some(7));
        assert_eq!(record_type_of("x"), None);
        assert_eq!(record_type_name(1), "opening");
        assert_eq!(record_type_name(9), "9");
    }
}
