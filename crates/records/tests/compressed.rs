//! Compressed collections (issue 17, part 5): ZIP archives (every member, each named), gzip,
//! bzip2 and xz streams, told by their bytes and not by their names, and the cap that keeps a
//! compression bomb from filling the memory.
//!
//! The inputs are testdata/compressed (made by its generate.py from plain files of testdata):
//! the expected games are those of the plain files, read the same way.

use std::io::Write;

use kifu_records::{Game, Games, Input, MAX_EXPANDED, Members, ReadOptions};

fn testdata(rel: &str) -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../testdata")
        .join(rel)
}

/// Every game of one input, with the moves of each (coordinates) and its input's name.
fn games_of(input: Input) -> (String, Vec<Vec<String>>) {
    let name = input.name.clone();
    let games: Vec<Game> = Games::new(input, ReadOptions::default())
        .collect::<Result<_, _>>()
        .unwrap_or_else(|e| panic!("{name}: {e}"));
    for g in &games {
        assert!(!g.has_errors(), "{name}: {:?}", g.diagnostics);
    }
    (name, games.iter().map(Game::coordinates).collect())
}

fn plain(rel: &str) -> Vec<Vec<String>> {
    let input = Input::open(&testdata(rel), &ReadOptions::default()).unwrap();
    games_of(input).1
}

#[test]
fn every_member_of_a_zip_archive_is_an_input_named_after_it() {
    let path = testdata("compressed/two-members.zip");
    let inputs: Vec<(String, Vec<Vec<String>>)> = Members::open(&path, &ReadOptions::default())
        .map(|i| games_of(i.unwrap()))
        .collect();
    let names: Vec<&str> = inputs.iter().map(|(n, _)| n.as_str()).collect();
    let archive = kifu_records::display_name(&path);
    // The folder entry `shogi/` is no input.
    assert_eq!(
        names,
        [
            format!("{archive}:xiangqi-iccs.pgn"),
            format!("{archive}:shogi/real-game.psn"),
        ]
    );
    assert_eq!(inputs[0].1, plain("xiangqi/xiangqi-iccs-lower.pgn"));
    assert_eq!(inputs[1].1, plain("shogi/shogi-real-game.psn"));
    assert_eq!(inputs[1].1[0].len(), 181);
    // The same archive in memory.
    let bytes = std::fs::read(&path).unwrap();
    let names: Vec<String> = Members::from_bytes("upload.zip", bytes, &ReadOptions::default())
        .map(|i| i.unwrap().name)
        .collect();
    assert_eq!(
        names,
        [
            "upload.zip:xiangqi-iccs.pgn",
            "upload.zip:shogi/real-game.psn"
        ]
    );
}

#[test]
fn a_member_that_is_no_game_file_is_an_error_of_its_own() {
    let path = testdata("compressed/with-a-note.zip");
    let inputs: Vec<_> = Members::open(&path, &ReadOptions::default()).collect();
    assert_eq!(inputs.len(), 3);
    let third = inputs[2].as_ref().unwrap();
    assert!(
        third
            .name
            .ends_with("with-a-note.zip:errors/duplicate-tag.pgn"),
        "{}",
        third.name
    );
    let (_, games) = games_of(inputs.into_iter().next().unwrap().unwrap());
    assert_eq!(games, plain("xiangqi/xiangqi-multigame.pgn"));
    let second = Members::open(&path, &ReadOptions::default())
        .nth(1)
        .unwrap();
    let e = second.unwrap_err();
    assert!(e.name.ends_with("with-a-note.zip:readme.pdf"), "{}", e.name);
    assert_eq!(
        e.error.to_string(),
        "this looks like a PDF document; kifu does not read it"
    );
}

#[test]
fn gzip_bzip2_and_xz_streams_are_told_by_their_bytes() {
    let multigame = plain("xiangqi/xiangqi-multigame.pgn");
    assert_eq!(multigame.len(), 3);
    // `multigame-xz.pgn` is xz whatever its name says.
    for (rel, want) in [
        ("compressed/multigame.pgn.gz", &multigame),
        ("compressed/multigame-xz.pgn", &multigame),
        (
            "compressed/real-game.psn.bz2",
            &plain("shogi/shogi-real-game.psn"),
        ),
    ] {
        let input = Input::open(&testdata(rel), &ReadOptions::default()).unwrap();
        assert_eq!(&games_of(input).1, want, "{rel}");
        // Through `Members` too: one input, the file.
        let all: Vec<_> = Members::open(&testdata(rel), &ReadOptions::default()).collect();
        assert_eq!(all.len(), 1, "{rel}");
    }
    // A gzip stream held in memory under a name that says nothing.
    let text = std::fs::read(testdata("xiangqi/xiangqi-multigame.pgn")).unwrap();
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    gz.write_all(&text).unwrap();
    let input = Input::from_bytes("bytes", gz.finish().unwrap(), &ReadOptions::default()).unwrap();
    assert_eq!(games_of(input).1, multigame);
}

/// `n` bytes of a PGN game and its comment, mostly one repeated letter (a bomb's shape: it
/// compresses to almost nothing).
fn big_game(n: usize) -> Vec<u8> {
    let mut text = b"[Format \"ICCS\"]\n\n1. h2e2 {".to_vec();
    text.resize(n - 4, b'a');
    text.extend_from_slice(b"} *\n");
    text
}

#[test]
fn a_compression_bomb_stops_at_the_cap_with_a_clear_error() {
    let options = ReadOptions {
        max_expanded: Some(100_000),
        ..ReadOptions::default()
    };
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
    gz.write_all(&big_game(1_000_000)).unwrap();
    let bomb = gz.finish().unwrap();
    assert!(bomb.len() < 5_000, "{}", bomb.len());
    let input = Input::from_bytes("bomb.gz", bomb, &options).unwrap();
    let results: Vec<_> = Games::new(input, options).collect();
    let e = results
        .iter()
        .find_map(|r| r.as_ref().err())
        .expect("the cap stops the reading");
    assert_eq!(e.kind(), std::io::ErrorKind::FileTooLarge);
    assert_eq!(
        e.to_string(),
        "the compressed input expands to more than 100000 bytes, the cap: not read further (a compression bomb?)"
    );
    // Within the cap, the same game reads.
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
    gz.write_all(&big_game(90_000)).unwrap();
    let input = Input::from_bytes("small.gz", gz.finish().unwrap(), &options).unwrap();
    let (_, games) = games_of(input);
    assert_eq!(games, [["h2e2"]]);
    assert_eq!(MAX_EXPANDED, 1 << 30);
}

#[test]
fn the_cap_counts_all_the_members_of_an_archive_together() {
    let mut zip = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    let deflated = zip::write::SimpleFileOptions::default()
        .compression_method(zip::CompressionMethod::Deflated);
    for name in ["a.pgn", "b.pgn", "c.pgn"] {
        zip.start_file(name, deflated).unwrap();
        zip.write_all(&big_game(40_000)).unwrap();
    }
    let bytes = zip.finish().unwrap().into_inner();
    let options = ReadOptions {
        max_expanded: Some(100_000),
        ..ReadOptions::default()
    };
    let inputs: Vec<_> = Members::from_bytes("many.zip", bytes, &options).collect();
    assert_eq!(inputs.len(), 3);
    assert!(inputs[0].is_ok() && inputs[1].is_ok());
    // 120,000 bytes in all: the third member passes the cap.
    let e = inputs[2].as_ref().unwrap_err();
    assert_eq!(e.name, "many.zip:c.pgn");
    assert_eq!(e.error.kind(), std::io::ErrorKind::FileTooLarge);
}

#[test]
fn input_open_names_a_zip_archive_instead_of_misreading_it() {
    let e = Input::open(
        &testdata("compressed/two-members.zip"),
        &ReadOptions::default(),
    )
    .unwrap_err();
    assert_eq!(
        e.error.to_string(),
        "this is a ZIP archive: its members are inputs of their own (kifu_records::Members reads them)"
    );
}
