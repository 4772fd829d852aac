//! What the server's tests share: a server on a free loopback port, a small client, the
//! test data.

#![allow(dead_code, unreachable_pub)]

use std::path::PathBuf;

use serde_json::Value;

/// The repository root.
pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// A file of testdata/ as text.
pub fn testdata(path: &str) -> String {
    std::fs::read_to_string(root().join("testdata").join(path)).expect("test data")
}

/// A server on a free port of 127.0.0.1.
pub fn server() -> kifu_serve::Running {
    kifu_serve::serve(&kifu_serve::ServeOptions {
        port: 0,
        ..kifu_serve::ServeOptions::default()
    })
    .expect("the server starts")
}

/// A client that hands back every status (4xx and 5xx too).
pub fn agent() -> ureq::Agent {
    ureq::Agent::config_builder()
        .http_status_as_error(false)
        .build()
        .into()
}

/// An answer: its status, headers and body.
pub struct Answer {
    pub status: u16,
    pub headers: Vec<(String, String)>,
    pub body: String,
}

impl Answer {
    pub fn json(&self) -> Value {
        serde_json::from_str(&self.body).unwrap_or_else(|e| panic!("not JSON ({e}): {}", self.body))
    }

    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }
}

fn answer(r: Result<ureq::http::Response<ureq::Body>, ureq::Error>) -> Answer {
    let mut r = r.expect("an answer");
    let headers = r
        .headers()
        .iter()
        .map(|(n, v)| (n.as_str().to_owned(), v.to_str().unwrap_or("").to_owned()))
        .collect();
    let status = r.status().as_u16();
    let body = r
        .body_mut()
        .with_config()
        .limit(64 << 20)
        .read_to_string()
        .expect("a body");
    Answer {
        status,
        headers,
        body,
    }
}

/// GET `path`.
pub fn get(running: &kifu_serve::Running, path: &str) -> Answer {
    answer(
        agent()
            .get(format!("{}{}", running.url(), path.trim_start_matches('/')))
            .call(),
    )
}

/// POST `body` as JSON to `path`.
pub fn post_json(running: &kifu_serve::Running, path: &str, body: &Value) -> Answer {
    post(
        running,
        path,
        "application/json",
        body.to_string().into_bytes(),
    )
}

/// POST bytes with a media type.
pub fn post(running: &kifu_serve::Running, path: &str, media_type: &str, body: Vec<u8>) -> Answer {
    answer(
        agent()
            .post(format!("{}{}", running.url(), path.trim_start_matches('/')))
            .header("Content-Type", media_type)
            .send(body),
    )
}
