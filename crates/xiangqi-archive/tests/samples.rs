//! The binary samples of testdata/xiangqi-archive (written by its generate.py from the format
//! descriptions alone, in Python): each format reads its own to the game generate.py names,
//! and each sample is sniffed by its own format only.

mod common;

use std::io::Cursor;

use common::{codes, movetext, replay, testdata};
use notation_traits::{Confidence, FormatGame};
use xiangqi_archive::FORMATS;
use xiangqi_board::Position;

const GAME: &str = "{中炮对屏风马} h2e2 {中炮} h9g7 h0g2 (b0c2 {另一着}) i9h9 i0h0";

fn games(format: &str, file: &str) -> Vec<FormatGame<Position>> {
    let bytes = std::fs::read(testdata(&format!("xiangqi-archive/{file}"))).unwrap();
    let format = FORMATS.iter().find(|f| f.info().name == format).unwrap();
    format
        .read(Box::new(Cursor::new(bytes)))
        .collect::<Result<_, _>>()
        .unwrap()
}

#[test]
fn each_sample_reads_to_its_game() {
    for (format, file, titles) in [
        ("xqf", "sample.xqf", vec![("Title", "全国象棋个人赛")]),
        ("xqf", "sample-plain.xqf", vec![("Title", "全国象棋个人赛")]),
        ("cbr", "sample.cbr", vec![("Title", "第一局")]),
        (
            "cbl",
            "sample.cbl",
            vec![("Title", "第一局"), ("Title", "第二局")],
        ),
    ] {
        let games = games(format, file);
        assert_eq!(games.len(), titles.len(), "{file}");
        for (game, (tag, title)) in games.iter().zip(titles) {
            assert_eq!(codes(game), Vec::<String>::new(), "{file}");
            assert_eq!(game.start.clone().unwrap(), Position::new(), "{file}");
            assert_eq!(movetext(&game.raw.record.main), GAME, "{file}");
            let record = &game.raw.record;
            assert_eq!(record.tag(tag), Some(title), "{file}");
            assert_eq!(record.tag("Red"), Some("胡荣华"), "{file}");
            assert_eq!(record.tag("Black"), Some("杨官璘"), "{file}");
            assert_eq!(record.tag("Result"), Some("1-0"), "{file}");
            if format == "cbl" {
                assert_eq!(record.tag("Library"), Some("示例棋谱库"));
            }
            assert!(!replay(game).has_errors(), "{file}");
        }
    }
}

#[test]
fn each_sample_is_sniffed_by_its_format_only() {
    for (format, file) in [
        ("xqf", "sample.xqf"),
        ("xqf", "sample-plain.xqf"),
        ("cbr", "sample.cbr"),
        ("cbl", "sample.cbl"),
        ("dhtmlxq", "sample-dhtmlxq.html"),
    ] {
        let bytes = std::fs::read(testdata(&format!("xiangqi-archive/{file}"))).unwrap();
        let prefix = &bytes[..bytes.len().min(64 << 10)];
        for f in FORMATS {
            let c = f.sniff(prefix);
            if f.info().name == format {
                assert_eq!(c, Confidence::CERTAIN, "{file} by {}", f.info().name);
            } else {
                assert_eq!(c, Confidence::NONE, "{file} by {}", f.info().name);
            }
        }
    }
}
