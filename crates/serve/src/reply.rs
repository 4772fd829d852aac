//! An answer before it is sent: its status, media type and bytes, with the headers every
//! answer carries (a Content-Security-Policy that lets only the page's own script and style
//! run, `nosniff`, no caching of API answers, no framing, one request per connection).

use serde_json::{Value, json};

/// The Content-Security-Policy of every answer: the page's own files only, no inline script or
/// style, no plug-ins, no framing, no form posts elsewhere.
pub(crate) const CSP: &str = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' blob:; object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/// An answer.
#[derive(Debug)]
pub(crate) struct Reply {
    pub(crate) status: u16,
    pub(crate) media_type: &'static str,
    pub(crate) body: Vec<u8>,
    /// Extra headers (`Allow` for a 405).
    pub(crate) headers: Vec<(&'static str, String)>,
}

impl Reply {
    /// A JSON answer.
    pub(crate) fn json(status: u16, value: &Value) -> Reply {
        Reply {
            status,
            media_type: "application/json; charset=utf-8",
            body: value.to_string().into_bytes(),
            headers: Vec::new(),
        }
    }

    /// A JSON error: `{"error": message}`.
    pub(crate) fn error(status: u16, message: &str) -> Reply {
        Reply::json(status, &json!({ "error": message }))
    }

    /// One of the page's files.
    pub(crate) fn file(media_type: &'static str, text: &'static str) -> Reply {
        Reply {
            status: 200,
            media_type,
            body: text.as_bytes().to_vec(),
            headers: Vec::new(),
        }
    }

    /// The tiny_http response, with every header.
    pub(crate) fn into_response(self) -> tiny_http::Response<std::io::Cursor<Vec<u8>>> {
        let header = |name: &str, value: &str| {
            tiny_http::Header::from_bytes(name.as_bytes(), value.as_bytes())
                .expect("headers are ASCII")
        };
        let mut response = tiny_http::Response::from_data(self.body)
            .with_status_code(self.status)
            .with_chunked_threshold(usize::MAX)
            .with_header(header("Content-Type", self.media_type))
            .with_header(header("Content-Security-Policy", CSP))
            .with_header(header("X-Content-Type-Options", "nosniff"))
            .with_header(header("X-Frame-Options", "DENY"))
            .with_header(header("Referrer-Policy", "no-referrer"))
            .with_header(header("Cache-Control", "no-store"))
            // One request per connection: tiny_http gives each connection a thread of its pool
            // while it stays open, and a new connection can wait for a free one behind
            // connections kept alive (seen in the load check); closing them keeps every
            // request's wait short.
            .with_header(header("Connection", "close"));
        for (name, value) in &self.headers {
            response = response.with_header(header(name, value));
        }
        response
    }
}

/// Why an API call failed: the status and a message for the user.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct ApiError {
    pub(crate) status: u16,
    pub(crate) message: String,
}

impl ApiError {
    /// A bad request (400): the request itself is malformed.
    pub(crate) fn bad(message: impl Into<String>) -> ApiError {
        ApiError {
            status: 400,
            message: message.into(),
        }
    }

    /// The request is well formed but its record cannot be read at all (422).
    pub(crate) fn unreadable(message: impl Into<String>) -> ApiError {
        ApiError {
            status: 422,
            message: message.into(),
        }
    }
}

impl From<ApiError> for Reply {
    fn from(e: ApiError) -> Reply {
        Reply::error(e.status, &e.message)
    }
}
