//! A NUL character in a record's text (a stray byte of a binary file kept in a comment): found
//! by the `records_file` fuzz target, where kifu's own PSN output of such a game was refused on
//! reading as "a binary file". Written as U+FFFD, with a note, so the output reads back.

use kifu_records::{Games, Input, ReadOptions, Target, WriteOptions, Writer};

#[test]
fn a_nul_in_a_comment_is_written_as_a_replacement_character_and_said() {
    let options = ReadOptions::default();
    // The file is text (three NULs in 500 bytes); its first game alone would not be.
    let second = format!("\n[Sente \"b\"]\n\n1.P-7f {{{}}} *\n", "x".repeat(400));
    let text = [
        &b"[Sente \"a\"]\n\n1.P-7f {a\0\0\0b}\n2.P-3d *\n"[..],
        second.as_bytes(),
    ]
    .concat();
    let input = Input::from_bytes("nul.psn", text, &options).unwrap();
    let game = Games::new(input, options).next().unwrap().unwrap();
    let target = Target::named("psn").unwrap();
    let written = Writer::new(WriteOptions::new(target))
        .write(&game, 0)
        .unwrap();
    let out = String::from_utf8(written.bytes.clone()).unwrap();
    assert!(out.contains("{a\u{FFFD}\u{FFFD}\u{FFFD}b}"), "{out}");
    assert_eq!(
        written.lost,
        ["NUL characters (U+0000): a text file cannot hold them, written as U+FFFD"]
    );
    let again = Input::from_bytes("again.psn", written.bytes, &options).unwrap();
    let back = Games::new(again, options).next().unwrap().unwrap();
    assert_eq!(back.coordinates(), ["7g7f", "3c3d"]);
}
