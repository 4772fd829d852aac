//! Which path answers what: the page's three files, the JSON API, and the errors of HTTP
//! (`404` for an unknown path, `405` for a method the path does not take, `400` for a
//! malformed call, `413` for a body over the limit, `500` if a handler fails).

use std::io::Write;
use std::panic::{AssertUnwindSafe, catch_unwind};

use serde_json::Value;
use tiny_http::{Method, Request};

use crate::params::Params;
use crate::reply::{ApiError, Reply};
use crate::{body, page};

/// What a worker needs to answer.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Limits {
    /// The largest request body, in bytes.
    pub(crate) max_body: usize,
}

/// A declared body above this is answered with 413 and its connection abandoned, never read:
/// tiny_http 0.12 discards a body left unread by allocating its whole remainder at once
/// (`EqualReader`'s drop), which aborts the process for a `Content-Length` of many gigabytes.
const ABANDON_ABOVE: usize = 1 << 30;

/// Answers `request`; a handler that panics gets a 500 (the worker goes on).
pub(crate) fn handle(mut request: Request, limits: &Limits) {
    if request
        .body_length()
        .is_some_and(|n| n > ABANDON_ABOVE.max(limits.max_body))
    {
        abandon(request, limits);
        return;
    }
    let reply =
        catch_unwind(AssertUnwindSafe(|| route(&mut request, limits))).unwrap_or_else(|_| {
            Reply::error(
                500,
                "internal error: kifu failed on this request (please report it with the record)",
            )
        });
    let _ = request.respond(reply.into_response());
}

/// The 413 answer to a request declaring a body above [`ABANDON_ABOVE`], written through
/// tiny_http's `upgrade` (the one way to take the body reader out of the request), with its
/// `Content-Length` so that the client needs no end of stream. The connection (its socket and
/// tiny_http's thread for it) is then left open for good rather than dropped: dropping it would
/// make tiny_http allocate the whole declared body. Each such request costs one idle thread.
fn abandon(request: Request, limits: &Limits) {
    let reply = Reply::error(413, &body::too_large(limits.max_body).message);
    let body = reply.body.clone();
    let mut response = reply.into_response();
    let length = body.len().to_string();
    if let Ok(h) = tiny_http::Header::from_bytes(&b"Content-Length"[..], length.as_bytes()) {
        response.add_header(h);
    }
    // An upgraded response carries its headers only: the body is written to the stream.
    let mut stream = request.upgrade("close", response);
    let _ = stream.write_all(&body).and_then(|()| stream.flush());
    std::mem::forget(stream);
}

type Api = fn(&Params) -> Result<Value, ApiError>;

/// The record and the reading options, which every call but compare takes.
const RECORD: &[&str] = &[
    "text", "base64", "name", "variant", "from", "lang", "dialect", "encoding", "repair",
];

/// The move list's notation of read and repair.
const SHOWN: &[&str] = &[
    "notation",
    "notation_lang",
    "notation_style",
    "notation_sideways",
    "notation_squares",
];

/// The write options of convert.
const WRITE: &[&str] = &[
    "to",
    "style",
    "squares",
    "sideways",
    "output_encoding",
    "version",
    "on_error",
];

/// Compare's own: the two records and the reading options for both.
const COMPARE: &[&str] = &[
    "a", "b", "variant", "from", "lang", "dialect", "encoding", "repair",
];

/// A diagram's own: the bare position and the picture.
const DIAGRAM: &[&str] = &[
    "position",
    "last_move",
    "game",
    "ply",
    "flip",
    "pieces",
    "coordinates",
    "size",
    "format",
];

/// The API calls that take a body, and the parameters each takes (an unknown one is a 400).
const POSTS: [(&str, Api, &[&[&str]]); 5] = [
    ("/api/read", crate::read::read, &[RECORD, SHOWN]),
    ("/api/repair", crate::read::repair, &[RECORD, SHOWN]),
    ("/api/convert", crate::convert::convert, &[RECORD, WRITE]),
    ("/api/compare", crate::compare::compare, &[COMPARE]),
    ("/api/diagram", crate::diagram::diagram, &[RECORD, DIAGRAM]),
];

/// 400 naming the first parameter of `params` that `known` does not hold (a misspelt
/// option would otherwise be ignored without a word).
fn check_known(params: &Params, known: &[&[&str]]) -> Result<(), ApiError> {
    let is_known = |k: &str| known.iter().any(|list| list.contains(&k));
    match params.values.keys().find(|k| !is_known(k)) {
        None => Ok(()),
        Some(k) => Err(ApiError::bad(format!(
            "unknown parameter `{k}`: this call takes {}",
            known.concat().join(", ")
        ))),
    }
}

fn route(request: &mut Request, limits: &Limits) -> Reply {
    let url = request.url().to_owned();
    let (path, query) = url.split_once('?').unwrap_or((&url, ""));
    let method = request.method().clone();
    let get = matches!(method, Method::Get | Method::Head);
    let page = match path {
        "/" | "/index.html" => Some(Reply::file("text/html; charset=utf-8", page::INDEX)),
        "/page.css" => Some(Reply::file("text/css; charset=utf-8", page::CSS)),
        "/page.js" => Some(Reply::file("text/javascript; charset=utf-8", page::JS)),
        "/favicon.svg" | "/favicon.ico" => Some(Reply::file("image/svg+xml", page::ICON)),
        "/api/formats" => Some(Reply::json(200, &crate::formats::formats(limits.max_body))),
        _ => None,
    };
    if let Some(reply) = page {
        return if get { reply } else { not_allowed("GET, HEAD") };
    }
    let Some((_, api, known)) = POSTS.iter().find(|(p, _, _)| *p == path) else {
        return Reply::error(404, &format!("no such page or API call: {path}"));
    };
    if method != Method::Post {
        return not_allowed("POST");
    }
    let content_type = request
        .headers()
        .iter()
        .find(|h| h.field.equiv("Content-Type"))
        .map(|h| h.value.as_str().to_owned());
    let body = match body::read_body(request, limits.max_body) {
        Ok(b) => b,
        Err(e) => return e.into(),
    };
    let result = Params::parse(content_type.as_deref(), query, body)
        .and_then(|p| check_known(&p, known).map(|()| p))
        .and_then(|p| api(&p));
    match result {
        Ok(value) => Reply::json(200, &value),
        Err(e) => e.into(),
    }
}

fn not_allowed(allow: &'static str) -> Reply {
    let mut reply = Reply::error(405, &format!("method not allowed here: use {allow}"));
    reply.headers.push(("Allow", allow.to_owned()));
    reply
}
