//! No bytes make a reader panic: valid files of every format, mutated (bytes changed, cut,
//! inserted), and random bytes, are read by every format of the crate; every game read is
//! replayed and written back as XQF and DhtmlXQ.

mod common;

use std::io::Cursor;
use std::sync::OnceLock;

use common::ccbridge::{HandCbr, library};
use common::xqf::{HandXqf, Keys};
use common::{fixtures, with_variations};
use notation_traits::{CheckedGame, FormatGame, RecordFormat, WriteSettings};
use proptest::prelude::*;
use xiangqi_archive::{Cbl, Cbr, DhtmlXq, FORMATS, Xqf, XqfOptions};
use xiangqi_board::Position;

fn gbk(text: &str) -> Vec<u8> {
    encoding_rs::GBK.encode(text).0.into_owned()
}

/// Valid files to mutate: XQF plain and keyed, CBR versions 1 and 2, a CBL library, DhtmlXQ.
fn seeds() -> &'static Vec<Vec<u8>> {
    static SEEDS: OnceLock<Vec<Vec<u8>>> = OnceLock::new();
    SEEDS.get_or_init(|| {
        let fx = fixtures();
        let mut out = Vec::new();
        for f in [&fx[1], &fx[7]] {
            let tree = with_variations(f);
            for (version, keys) in [(0x0A, Keys::ZERO), (0x12, Keys::UNIT_TEST)] {
                let mut x = HandXqf::new(version, keys, &f.start_fen);
                x.string(0x050, &gbk("标题"));
                x.tree(&tree, gbk);
                out.push(x.bytes());
            }
            let mut records = Vec::new();
            for version in [1, 2] {
                let mut c = HandCbr::new(version, &f.start_fen);
                c.tree(&tree);
                records.push(c.bytes());
                out.push(c.bytes());
            }
            out.push(library(&records, 1, "库", 0xCD));
            let game = common::checked(&f.start_fen, &tree, &[("Red", "红")]);
            let text = match DhtmlXq
                .write(&game, &WriteSettings::default())
                .unwrap()
                .output
            {
                notation_traits::Written::Text(t) => t,
                notation_traits::Written::Bytes(_) => unreachable!(),
            };
            out.push(text.into_bytes());
        }
        out
    })
}

/// Reads `bytes` with every format, replays each game and writes it back.
fn read_everything(bytes: &[u8]) {
    for format in FORMATS {
        let games: Vec<std::io::Result<FormatGame<Position>>> = if format.info().binary {
            format.read(Box::new(Cursor::new(bytes.to_vec()))).collect()
        } else {
            let text = String::from_utf8_lossy(bytes).into_owned();
            format
                .read(Box::new(Cursor::new(text.into_bytes())))
                .collect()
        };
        for game in games.into_iter().flatten() {
            let Ok(start) = game.start.clone() else {
                continue;
            };
            let notation = game.notation.as_ref().unwrap();
            let replayed = notation_traits::replay(&game.raw.record, start, notation.as_ref());
            let checked = CheckedGame::new(replayed, &game.raw, None);
            let _ = Xqf.write_with(&checked, &XqfOptions::default());
            let _ = Xqf.write_with(&checked, &XqfOptions::plain());
            let _ = DhtmlXq.write(&checked, &WriteSettings::default());
        }
    }
    let _ = Xqf.read_bytes(bytes);
    let _ = Cbr.read_bytes(bytes);
    let _ = Cbl.sniff(bytes);
}

#[derive(Clone, Debug)]
enum Edit {
    Set(usize, u8),
    Insert(usize, Vec<u8>),
    Cut(usize),
}

fn edit() -> impl Strategy<Value = Edit> {
    prop_oneof![
        6 => (any::<usize>(), any::<u8>()).prop_map(|(i, b)| Edit::Set(i, b)),
        1 => (any::<usize>(), proptest::collection::vec(any::<u8>(), 1..9))
            .prop_map(|(i, b)| Edit::Insert(i, b)),
        1 => any::<usize>().prop_map(Edit::Cut),
    ]
}

/// Where a mutation lands: mostly in the move records (after the header of each format).
fn place(len: usize, i: usize) -> usize {
    if len == 0 {
        return 0;
    }
    if i.is_multiple_of(3) {
        i % len
    } else {
        len - 1 - (i / 3) % len.min(400)
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    #[test]
    fn mutated_files_do_not_panic(seed in 0usize..12, edits in proptest::collection::vec(edit(), 1..10)) {
        let seeds = seeds();
        let mut bytes = seeds[seed % seeds.len()].clone();
        for e in edits {
            match e {
                Edit::Set(i, b) => {
                    let at = place(bytes.len(), i);
                    if let Some(x) = bytes.get_mut(at) {
                        *x = b;
                    }
                }
                Edit::Insert(i, b) => {
                    let at = place(bytes.len(), i).min(bytes.len());
                    bytes.splice(at..at, b);
                }
                Edit::Cut(i) => {
                    let at = place(bytes.len(), i);
                    bytes.truncate(at);
                }
            }
        }
        read_everything(&bytes);
    }

    #[test]
    fn random_bytes_do_not_panic(prefix in prop_oneof![Just(b"XQ".to_vec()), Just(b"CCBridge Record\0".to_vec()), Just(b"[DhtmlXQ]".to_vec()), Just(Vec::new())],
                                 body in proptest::collection::vec(any::<u8>(), 0..3000)) {
        let mut bytes = prefix;
        bytes.extend_from_slice(&body);
        read_everything(&bytes);
    }

    #[test]
    fn random_dhtmlxq_tags_do_not_panic(parts in proptest::collection::vec(prop_oneof![
        Just("[DhtmlXQ]".to_owned()), Just("[/DhtmlXQ]".to_owned()),
        Just("[DhtmlXQ_movelist]".to_owned()), Just("[/DhtmlXQ_movelist]".to_owned()),
        Just("[DhtmlXQ_binit]".to_owned()), Just("[DhtmlXQ_fen]".to_owned()),
        "\\[DhtmlXQ_move_[0-9]_[0-9]{1,2}_[0-9]\\]", "\\[DhtmlXQ_comment[0-9_]{0,4}\\]",
        "\\[/DhtmlXQ_[a-z_0-9]{0,8}\\]", "[0-9]{1,12}", ".{0,6}",
    ], 0..40)) {
        read_everything(parts.concat().as_bytes());
    }
}
