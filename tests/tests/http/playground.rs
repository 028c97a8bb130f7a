//! The playground page served at `/play`: its files, content types, policy and caching.

use blackbox::{Backend, TestApp};

async fn get(app: &TestApp, path: &str, if_none_match: Option<&str>) -> reqwest::Response {
    let mut request = app.client.get(app.url(path));
    if let Some(tag) = if_none_match {
        request = request.header("if-none-match", tag);
    }
    request
        .send()
        .await
        .unwrap_or_else(|error| panic!("{error}"))
}

fn header(response: &reqwest::Response, name: &str) -> String {
    blackbox::header(response, name).unwrap_or_default()
}

async fn the_playground_is_served_with_a_strict_policy(backend: &Backend) {
    let app = TestApp::spawn(backend).await;

    let page = get(&app, "/play", None).await;
    assert_eq!(page.status().as_u16(), 200);
    assert_eq!(header(&page, "content-type"), "text/html; charset=utf-8");
    let policy = header(&page, "content-security-policy");
    assert!(policy.contains("default-src 'self'"), "{policy}");
    assert!(policy.contains("script-src 'self';"), "{policy}");
    assert!(!policy.contains("unsafe-inline"), "{policy}");
    assert_eq!(header(&page, "x-content-type-options"), "nosniff");
    let html = page.text().await.unwrap_or_default();
    // Every file the page names is served with its own type and the same policy.
    for (path, content_type) in [
        ("/play/app.js", "text/javascript; charset=utf-8"),
        ("/play/style.css", "text/css; charset=utf-8"),
        ("/play/favicon.svg", "image/svg+xml"),
    ] {
        assert!(html.contains(path), "the page does not load {path}");
        let asset = get(&app, path, None).await;
        assert_eq!(asset.status().as_u16(), 200, "{path}");
        assert_eq!(header(&asset, "content-type"), content_type, "{path}");
        assert!(header(&asset, "content-security-policy").contains("default-src 'self'"));
    }
    // No inline script or style: the policy would block it.
    assert!(!html.contains("<script>") && !html.contains("<style") && !html.contains("style="));

    // Modules the entry imports, by their relative paths, are there too.
    let module = get(&app, "/play/games/tricky_tribes.js", None).await;
    assert_eq!(module.status().as_u16(), 200);

    // Cached by tag: the same tag is `304`, another is the file again.
    let tag = header(&get(&app, "/play/app.js", None).await, "etag");
    assert!(tag.starts_with('"'), "{tag}");
    let again = get(&app, "/play/app.js", Some(&tag)).await;
    assert_eq!(again.status().as_u16(), 304);
    assert_eq!(header(&again, "etag"), tag);
    let other = get(&app, "/play/app.js", Some("\"other\"")).await;
    assert_eq!(other.status().as_u16(), 200);

    // Nothing outside the page's own files, however the path is spelled.
    for path in [
        "/play/missing.js",
        "/play/../Cargo.toml",
        "/play/%2e%2e/Cargo.toml",
    ] {
        let missing = get(&app, path, None).await;
        assert_eq!(missing.status().as_u16(), 404, "{path}");
    }
}

on_every_backend!(the_playground_is_served_with_a_strict_policy);
