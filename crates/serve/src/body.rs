//! Reading a request's body, never more than the limit: a body that says (or turns out) to be
//! larger is refused with `413 Payload Too Large` and a message naming the limit.

use std::io::Read;

use crate::reply::ApiError;

/// The limit in words: `4 MiB (4194304 bytes)`.
pub(crate) fn describe_limit(max: usize) -> String {
    if max.is_multiple_of(1 << 20) {
        format!("{} MiB ({max} bytes)", max >> 20)
    } else if max.is_multiple_of(1 << 10) {
        format!("{} KiB ({max} bytes)", max >> 10)
    } else {
        format!("{max} bytes")
    }
}

/// The 413 error.
pub(crate) fn too_large(max: usize) -> ApiError {
    ApiError {
        status: 413,
        message: format!(
            "the request is larger than the limit of {}: kifu serve reads records of at most that size",
            describe_limit(max)
        ),
    }
}

/// The body of `request`, at most `max` bytes.
///
/// # Errors
///
/// 413 when it is larger (by its `Content-Length`, or as read), 400 when it cannot be read.
pub(crate) fn read_body(request: &mut tiny_http::Request, max: usize) -> Result<Vec<u8>, ApiError> {
    if request.body_length().is_some_and(|n| n > max) {
        return Err(too_large(max));
    }
    let mut body = Vec::with_capacity(request.body_length().unwrap_or(0).min(max));
    request
        .as_reader()
        .take(max as u64 + 1)
        .read_to_end(&mut body)
        .map_err(|e| ApiError::bad(format!("cannot read the request body: {e}")))?;
    if body.len() > max {
        return Err(too_large(max));
    }
    Ok(body)
}

#[cfg(test)]
mod tests {
    use super::describe_limit;

    #[test]
    fn limits_are_said_in_the_largest_whole_unit() {
        assert_eq!(describe_limit(4 << 20), "4 MiB (4194304 bytes)");
        assert_eq!(describe_limit(512 << 10), "512 KiB (524288 bytes)");
        assert_eq!(describe_limit(1000), "1000 bytes");
    }
}
