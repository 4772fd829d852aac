//! No input makes the readers, the check or the writers panic: the files of testdata/kif and
//! (where ../shared is there) the specimens, mutated at random (characters deleted, replaced,
//! inserted from the characters these formats use), read as KIF and KI2, checked, written
//! both ways and read back; and arbitrary bytes sniffed and read.

mod common;

use kif::{Ki2, Kif};
use notation_traits::{RecordFormat, ReplayOptions, WriteSettings};
use proptest::prelude::*;
use shogi_board::Position;

/// The characters the mutations insert: those of KIF and KI2 lines.
const ALPHABET: &str = "０１２３４５６７８９一二三四五六七八九十同　 歩香桂銀金角飛玉王と成不生打右左直上寄引行()（）0123456789:/+*#&▲△☗☖変化：手数----まで投了詰中断千日手\n\r|v・後先の持駒番＝";

fn corpus() -> Vec<String> {
    let mut texts = Vec::new();
    let dir = common::testdata("");
    let mut names: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(Result::ok)
        .map(|e| e.path())
        .collect();
    names.sort();
    for path in names {
        texts.push(common::decode(&std::fs::read(path).unwrap()));
    }
    if let Some(dir) = common::specimens() {
        for sub in ["kif", "ki2"] {
            let mut names: Vec<_> = std::fs::read_dir(dir.join(sub))
                .unwrap()
                .filter_map(Result::ok)
                .map(|e| e.path())
                .filter(|p| p.extension().is_some_and(|x| x != "json"))
                .collect();
            names.sort();
            for path in names {
                // The large ones only in part: their first 4,000 characters.
                let text = common::decode(&std::fs::read(path).unwrap());
                texts.push(text.chars().take(4000).collect());
            }
        }
    }
    texts
}

/// One mutation: at a place (a fraction of the text), delete some characters, replace one, or
/// insert some from [`ALPHABET`].
#[derive(Clone, Debug)]
enum Edit {
    Delete(f64, usize),
    Replace(f64, usize),
    Insert(f64, Vec<usize>),
}

fn edit() -> impl Strategy<Value = Edit> {
    prop_oneof![
        (0.0..1.0f64, 1..20usize).prop_map(|(at, n)| Edit::Delete(at, n)),
        (0.0..1.0f64, any::<usize>()).prop_map(|(at, c)| Edit::Replace(at, c)),
        (0.0..1.0f64, prop::collection::vec(any::<usize>(), 1..12))
            .prop_map(|(at, cs)| Edit::Insert(at, cs)),
    ]
}

fn apply(text: &str, edits: &[Edit]) -> String {
    let alphabet: Vec<char> = ALPHABET.chars().collect();
    let mut chars: Vec<char> = text.chars().collect();
    for e in edits {
        let place = |at: f64, len: usize| ((at * len as f64) as usize).min(len);
        match e {
            Edit::Delete(at, n) => {
                let i = place(*at, chars.len());
                let j = (i + n).min(chars.len());
                chars.drain(i..j);
            }
            Edit::Replace(at, c) => {
                if !chars.is_empty() {
                    let i = place(*at, chars.len() - 1);
                    chars[i] = alphabet[c % alphabet.len()];
                }
            }
            Edit::Insert(at, cs) => {
                let i = place(*at, chars.len());
                for (k, c) in cs.iter().enumerate() {
                    chars.insert(i + k, alphabet[c % alphabet.len()]);
                }
            }
        }
    }
    chars.into_iter().collect()
}

/// Reads, checks, writes and reads back: nothing may panic.
fn exercise(text: &str) {
    for format in [&Kif as &dyn RecordFormat<Position>, &Ki2] {
        let _ = format.sniff(text.as_bytes());
        let _ = format.declared_encoding(text.as_bytes());
        for game in format.read(Box::new(text.as_bytes())) {
            let Ok(game) = game else { continue };
            let options = ReplayOptions {
                repair: true,
                ..ReplayOptions::default()
            };
            let Ok(checked) = kif::check(game, options) else {
                continue;
            };
            for out in [&Kif as &dyn RecordFormat<Position>, &Ki2] {
                if let Ok(w) = out.write(&checked, &WriteSettings::default())
                    && let notation_traits::Written::Text(t) = w.output
                {
                    for back in out.read(Box::new(t.as_bytes())).flatten() {
                        let _ = kif::check(back, ReplayOptions::default());
                    }
                }
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn mutated_files_never_panic(which in any::<usize>(), edits in prop::collection::vec(edit(), 1..6)) {
        let corpus = corpus();
        let text = apply(&corpus[which % corpus.len()], &edits);
        exercise(&text);
    }

    #[test]
    fn arbitrary_bytes_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..400)) {
        let _ = Kif.sniff(&bytes);
        let _ = Ki2.declared_encoding(&bytes);
        let _ = kif::detect_encoding(&bytes);
        for game in Kif.read(Box::new(bytes.as_slice())).flatten() {
            let _ = kif::check(game, ReplayOptions::default());
        }
    }
}

#[test]
fn every_file_cut_at_every_line_never_panics() {
    for text in corpus() {
        let lines: Vec<&str> = text.lines().collect();
        for n in 0..lines.len().min(120) {
            exercise(&lines[..n].join("\n"));
            // And the line cut in its middle.
            if let Some(line) = lines.get(n) {
                let half: String = line.chars().take(line.chars().count() / 2).collect();
                exercise(&format!("{}\n{half}", lines[..n].join("\n")));
            }
        }
    }
}
