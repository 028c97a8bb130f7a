//! Responses that show one caller what it may see of a game.

use actix_web::http::header::{self, HeaderValue};
use actix_web::{HttpRequest, HttpResponse, HttpResponseBuilder};
use serde::Serialize;
use sha2::{Digest, Sha256};

use crate::error::ApiError;

/// A 200 for what one caller may see of a game: no shared cache (a proxy, a CDN) may keep it
/// for another caller, and the caller's own cache revalidates it, since games move on.
pub fn private_ok() -> HttpResponseBuilder {
    let mut response = HttpResponse::Ok();
    response.insert_header((header::CACHE_CONTROL, "private, no-cache"));
    response
}

/// A private view with a strong `ETag`, or `304 Not Modified` when `If-None-Match` names it.
///
/// The tag is a digest of the bytes this caller is sent, so it changes exactly when what this
/// caller may see changes, and tells nothing the body does not: a secret submission by another
/// seat leaves it as it is.
pub fn private_view(
    request: &HttpRequest,
    body: &impl Serialize,
) -> Result<HttpResponse, ApiError> {
    let bytes = serde_json::to_vec(body)
        .map_err(|error| ApiError::Internal(format!("a view did not serialize: {error}")))?;
    let tag = entity_tag(&bytes);
    if matches_any(request.headers().get(header::IF_NONE_MATCH), &tag) {
        return Ok(HttpResponse::NotModified()
            .insert_header((header::CACHE_CONTROL, "private, no-cache"))
            .insert_header((header::ETAG, tag))
            .finish());
    }
    Ok(private_ok()
        .insert_header((header::ETAG, tag))
        .content_type("application/json")
        .body(bytes))
}

fn entity_tag(bytes: &[u8]) -> String {
    let digest = Sha256::digest(bytes);
    let hex: String = digest[..16]
        .iter()
        .map(|byte| format!("{byte:02x}"))
        .collect();
    format!("\"{hex}\"")
}

/// `If-None-Match`: `*`, or a list of tags, weak or strong (a GET compares them weakly).
fn matches_any(header: Option<&HeaderValue>, tag: &str) -> bool {
    let Some(value) = header.and_then(|value| value.to_str().ok()) else {
        return false;
    };
    value.split(',').map(str::trim).any(|candidate| {
        candidate == "*" || candidate.strip_prefix("W/").unwrap_or(candidate) == tag
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_tag_follows_the_bytes_and_if_none_match_is_read_as_a_list() {
        let tag = entity_tag(b"{\"version\":3}");
        assert_eq!(tag, entity_tag(b"{\"version\":3}"));
        assert_ne!(tag, entity_tag(b"{\"version\":4}"));
        assert_eq!(tag.len(), 34);
        let header = |text: &str| HeaderValue::from_str(text).ok();
        assert!(matches_any(header(&tag).as_ref(), &tag));
        assert!(matches_any(
            header(&format!("\"x\", W/{tag}")).as_ref(),
            &tag
        ));
        assert!(matches_any(header("*").as_ref(), &tag));
        assert!(!matches_any(header("\"other\"").as_ref(), &tag));
        assert!(!matches_any(None, &tag));
    }
}
