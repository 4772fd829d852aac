//! Which path answers what: the page's three files, the JSON API, and the errors of HTTP
//! (`404` for an unknown path, `405` for a method the path does not take, `400` for a
//! malformed call, `413` for a body over the limit, `500` if a handler fails).

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

/// Answers `request`; a handler that panics gets a 500 (the worker goes on).
pub(crate) fn handle(mut request: Request, limits: &Limits) {
    let reply =
        catch_unwind(AssertUnwindSafe(|| route(&mut request, limits))).unwrap_or_else(|_| {
            Reply::error(
                500,
                "internal error: kifu failed on this request (please report it with the record)",
            )
        });
    let _ = request.respond(reply.into_response());
}

type Api = fn(&Params) -> Result<Value, ApiError>;

/// The API calls that take a body.
const POSTS: [(&str, Api); 5] = [
    ("/api/read", crate::read::read),
    ("/api/repair", crate::read::repair),
    ("/api/convert", crate::convert::convert),
    ("/api/compare", crate::compare::compare),
    ("/api/diagram", crate::diagram::diagram),
];

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
    let Some((_, api)) = POSTS.iter().find(|(p, _)| *p == path) else {
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
    let result = Params::parse(content_type.as_deref(), query, body).and_then(|p| api(&p));
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
