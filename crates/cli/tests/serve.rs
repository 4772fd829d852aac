//! `kifu serve`: the binary started on a free port (the address read from its standard
//! error), its conversions the same bytes as `kifu convert` writes, the warning for an address
//! that is not a loopback one, and the error for a port in use.

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};

use serde_json::{Value, json};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// `kifu serve ARGS` and the lines of standard error up to the one with the page's address.
struct Served {
    child: Child,
    url: String,
    said: Vec<String>,
}

impl Drop for Served {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn serve(args: &[&str]) -> Served {
    let mut child = Command::new(env!("CARGO_BIN_EXE_kifu"))
        .arg("serve")
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut lines = BufReader::new(child.stderr.take().unwrap()).lines();
    let mut said = Vec::new();
    let url = loop {
        let line = lines
            .next()
            .expect("kifu serve says where it listens")
            .unwrap();
        said.push(line.clone());
        if let Some(at) = line.find("http://") {
            break line[at..].split_whitespace().next().unwrap().to_owned();
        }
    };
    Served { child, url, said }
}

fn post(url: &str, body: &Value) -> Value {
    let agent: ureq::Agent = ureq::Agent::config_builder()
        .http_status_as_error(false)
        .build()
        .into();
    let mut r = agent
        .post(url)
        .header("Content-Type", "application/json")
        .send(body.to_string())
        .unwrap();
    serde_json::from_str(&r.body_mut().read_to_string().unwrap()).unwrap()
}

fn kifu_stdout(args: &[&str]) -> String {
    let o = Command::new(env!("CARGO_BIN_EXE_kifu"))
        .args(args)
        .current_dir(root())
        .output()
        .unwrap();
    String::from_utf8(o.stdout).unwrap()
}

#[test]
fn the_server_converts_as_kifu_convert_does() {
    let s = serve(&["--port", "0"]);
    assert!(s.url.starts_with("http://127.0.0.1:"), "{}", s.url);
    for (file, to) in [
        ("testdata/xiangqi/seed-algebraic-fi.pgn", "iccs"),
        ("testdata/xiangqi/seed-descriptive-fi.pgn", "iccs"),
        ("testdata/shogi/shogi-real-game.psn", "kif"),
    ] {
        let text = std::fs::read_to_string(root().join(file)).unwrap();
        let v = post(
            &format!("{}api/convert", s.url),
            &json!({"text": text, "to": to}),
        );
        let expected = kifu_stdout(&["convert", "--to", to, file]);
        assert!(!expected.is_empty());
        assert_eq!(v["text"], expected, "{file} to {to}");
    }
}

#[test]
fn an_address_other_machines_reach_is_warned_about() {
    let s = serve(&["--bind", "0.0.0.0", "--port", "0"]);
    assert!(
        s.said[0].starts_with("warning: listening on 0.0.0.0, not a loopback address"),
        "{:?}",
        s.said
    );
    let busy = s
        .url
        .trim_start_matches("http://0.0.0.0:")
        .trim_end_matches('/')
        .to_owned();
    let o = Command::new(env!("CARGO_BIN_EXE_kifu"))
        .args(["serve", "--bind", "0.0.0.0", "--port", &busy])
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(3));
    let err = String::from_utf8(o.stderr).unwrap();
    assert!(
        err.contains(&format!("error: cannot listen on 0.0.0.0:{busy}:")),
        "{err}"
    );
}
