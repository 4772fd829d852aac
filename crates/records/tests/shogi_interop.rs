//! Every shogi format converts to every other with the game information in place (issue
//! "Shogi records as Japan keeps them", item 6): PSN's `[Sente]`, `[Event]`, `[Date]` are KIF's
//! 先手, 棋戦, 開始日時 (下手 and 上手 in a handicap game; CSA's `N+`, `$EVENT`; JKF's header keys),
//! and a record written in one format and read back in another gives the same moves and the
//! same information. The names are those of the Kakinoki KIF page and the PGN standard's Seven
//! Tag Roster (shogi_board::kif_tag); the files are testdata/.

use kifu_records::{Game, Games, Input, ReadOptions, Target, WriteOptions, Writer};

fn testdata(path: &str) -> Vec<u8> {
    let full = format!("{}/../../testdata/{path}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read(&full).unwrap_or_else(|e| panic!("{full}: {e}"))
}

fn read(name: &str, bytes: Vec<u8>) -> Game {
    let options = ReadOptions::default();
    let input = Input::from_bytes(name, bytes, &options).unwrap();
    let mut games: Vec<Game> = Games::new(input, options)
        .collect::<Result<_, _>>()
        .unwrap();
    assert_eq!(games.len(), 1, "{name}");
    let game = games.remove(0);
    assert!(!game.has_errors(), "{name}: {:?}", game.diagnostics);
    game
}

fn write(game: &Game, target: &str) -> String {
    let writer = Writer::new(WriteOptions::new(Target::named(target).unwrap()));
    String::from_utf8(writer.write(game, 0).unwrap().bytes).unwrap()
}

/// The game's tags as (name, value), sorted, but those of the start position and the result.
fn information(game: &Game) -> Vec<(String, String)> {
    game.tags()
        .iter()
        .filter(|t| {
            !matches!(
                t.name.to_ascii_lowercase().as_str(),
                "sfen" | "fen" | "handicap" | "result" | "手合割"
            )
        })
        .map(|t| {
            // CSA's `N+` and `N-` name the players without saying 下手 or 上手 (and read back
            // as 先手 and 後手, as JKF's CSA reader does): the same field.
            let name = match t.name.as_str() {
                "下手" => "先手",
                "上手" => "後手",
                name => name,
            };
            (name.to_owned(), t.value.clone())
        })
        .collect::<std::collections::BTreeSet<_>>()
        .into_iter()
        .collect()
}

/// The time of each move of the main line, in milliseconds, in whatever form it was written.
fn clocks(game: &Game) -> Vec<Option<u64>> {
    game.raw
        .record
        .main
        .moves
        .iter()
        .map(|m| {
            m.clock
                .as_deref()
                .and_then(notation_traits::move_time_millis)
        })
        .collect()
}

fn pairs(list: &[(&str, &str)]) -> Vec<(String, String)> {
    list.iter()
        .map(|(n, v)| (n.to_string(), v.to_string()))
        .collect()
}

#[test]
fn a_csa_record_in_psn_names_its_players_and_event_as_psn_does() {
    let game = read("every-key.csa", testdata("csa/every-key.csa"));
    let psn = write(&game, "psn");
    let back = read("every-key.psn", psn.into_bytes());
    let info = information(&back);
    for want in [
        ("Sente", "先手の名前"),
        ("Gote", "Gote, Player"),
        ("Event", "第1回テスト棋戦"),
        ("Site", "Tokyo"),
        ("Opening", "YAGURA"),
        // A start with its time of day keeps KIF's name: PGN's [Date] holds a date only.
        ("開始日時", "2024/05/14 10:00:00"),
        ("終了日時", "2024/05/14 10:30:00"),
    ] {
        assert!(info.contains(&pairs(&[want])[0]), "{want:?} in {info:?}");
    }
    assert_eq!(back.coordinates(), game.coordinates());
}

#[test]
fn a_psn_record_in_kif_names_its_players_event_and_date_as_kif_does() {
    let game = read("shogi-real-game.psn", testdata("shogi/shogi-real-game.psn"));
    let kif = write(&game, "kif");
    let header: Vec<&str> = kif.lines().take_while(|l| !l.starts_with("手数")).collect();
    assert_eq!(
        header,
        [
            "#KIF version=2.0 encoding=UTF-8",
            "先手：Player A",
            "後手：Player B",
            "棋戦：65th Junisen, A class, round 6",
            "開始日時：2006/12/15",
        ]
    );
    // And back: the PSN names, the same moves.
    let back = read("shogi-real-game.kifu", kif.into_bytes());
    let again = read("again.psn", write(&back, "psn").into_bytes());
    assert_eq!(information(&again), information(&game));
    assert_eq!(again.coordinates(), game.coordinates());
}

#[test]
fn a_handicap_game_keeps_its_players_as_shitate_and_uwate() {
    let game = read("handicap-lance.kif", testdata("kif/handicap-lance.kif"));
    let psn = write(&game, "psn");
    assert!(
        psn.starts_with("[Sente \"下手の対局者\"]\n[Gote \"上手の対局者\"]\n"),
        "{psn}"
    );
    let kif = write(&read("handicap-lance.psn", psn.into_bytes()), "kif");
    assert!(kif.contains("\n下手：下手の対局者\n"), "{kif}");
    assert!(kif.contains("\n上手：上手の対局者\n"), "{kif}");
    assert!(kif.contains("\n開始日時：2024/01/01 10:00:00\n"), "{kif}");
}

/// CSA's `N+` and `N-` do not say 下手 or 上手: a handicap game (`PI11KY`, 上手 moving first)
/// read from CSA names its players 下手 and 上手 in KIF, as the Kakinoki page has it; JKF keeps
/// 先手 and 後手, as JKF's own CSA reader writes them (../shared/specimens/kif-csa's answers).
#[test]
fn a_handicap_game_from_csa_names_its_players_shitate_and_uwate() {
    let game = read("handicap-lance.kif", testdata("kif/handicap-lance.kif"));
    let csa = write(&game, "csa");
    assert!(csa.contains("\nPI11KY\n-\n"), "{csa}");
    let from_csa = read("handicap-lance.csa", csa.into_bytes());
    let kif = write(&from_csa, "kif");
    let header: Vec<&str> = kif.lines().take_while(|l| !l.starts_with("手数")).collect();
    assert!(header.contains(&"手合割：香落ち"), "{kif}");
    assert!(header.contains(&"上手：上手の対局者"), "{kif}");
    assert!(header.contains(&"下手：下手の対局者"), "{kif}");
    assert!(!kif.contains("先手：") && !kif.contains("後手："), "{kif}");
    let jkf: serde_json::Value = serde_json::from_str(&write(&from_csa, "jkf")).unwrap();
    assert_eq!(jkf["header"]["先手"], "下手の対局者");
    assert_eq!(jkf["header"]["後手"], "上手の対局者");
}

/// Through every format and back to KIF: the same moves and, where the format holds them, the
/// same header lines (KI2 has them all; CSA keeps each as `N+`, `N-` or `$KEY`; JKF as header
/// keys; PSN under its names or the KIF names) and the same time for each move (but KI2).
#[test]
fn every_format_to_every_other_keeps_moves_and_information() {
    let game = read("handicap-lance.kif", testdata("kif/handicap-lance.kif"));
    assert_eq!(
        clocks(&game),
        [Some(5_000), Some(3_000), Some(2_000), Some(1_000)]
    );
    let formats = ["psn", "usi", "kif", "ki2", "csa", "jkf", "json"];
    for a in formats {
        let through_a = read(&format!("x.{a}"), write(&game, a).into_bytes());
        for b in formats {
            let through_b = read(&format!("x.{b}"), write(&through_a, b).into_bytes());
            let kif = read("x.kifu", write(&through_b, "kif").into_bytes());
            assert_eq!(kif.coordinates(), game.coordinates(), "{a} then {b}");
            assert_eq!(information(&kif), information(&game), "{a} then {b}");
            assert_eq!(kif.final_position(), game.final_position(), "{a} then {b}");
            // KI2 holds no times (its writer says so); the others keep each move's.
            if a != "ki2" && b != "ki2" {
                assert_eq!(clocks(&kif), clocks(&game), "{a} then {b}");
            }
        }
    }
}
