//! Responses that show one caller what it may see of a game.

use actix_web::http::StatusCode;
use actix_web::http::header::{self, HeaderValue};
use actix_web::{HttpRequest, HttpResponse, HttpResponseBuilder};

use crate::cache::RenderedView;

/// A 200 for what one caller may see of a game: no shared cache (a proxy, a CDN) may keep it
/// for another caller, and the caller's own cache revalidates it, since games move on.
pub fn private_ok() -> HttpResponseBuilder {
    let mut response = HttpResponse::Ok();
    response.insert_header((header::CACHE_CONTROL, "private, no-cache"));
    response
}

/// A private view with its strong `ETag`, or `304 Not Modified` when `If-None-Match` names it.
/// The tag changes exactly when what this caller may see changes: a secret submission by
/// another seat leaves it as it is.
pub fn private_view(request: &HttpRequest, view: &RenderedView) -> HttpResponse {
    if matches_any(request.headers().get(header::IF_NONE_MATCH), &view.tag) {
        return HttpResponse::NotModified()
            .insert_header((header::CACHE_CONTROL, "private, no-cache"))
            .insert_header((header::ETAG, view.tag.as_str()))
            .finish();
    }
    private_ok()
        .insert_header((header::ETAG, view.tag.as_str()))
        .content_type("application/json")
        .body(view.json.clone())
}

/// A view sent as the answer to a request that changed the game (a move, a join, a creation):
/// private like any view, with the `ETag` a `GET` of the same view would carry, so the
/// caller can revalidate from it. Never a 304: the request was not a conditional read.
pub fn private_answer(status: StatusCode, view: &RenderedView) -> HttpResponse {
    HttpResponse::build(status)
        .insert_header((header::CACHE_CONTROL, "private, no-cache"))
        .insert_header((header::ETAG, view.tag.as_str()))
        .content_type("application/json")
        .body(view.json.clone())
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
    fn if_none_match_is_read_as_a_list() {
        let tag = RenderedView::of(&3).expect("renders").tag;
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
