use blackbox::{TestApp, per_backend};
use reqwest::Method;

per_backend!(health_spec_and_docs_are_served);
async fn health_spec_and_docs_are_served(app: TestApp) {
    let health = app
        .request(Method::GET, "/healthz", None, None)
        .await
        .expect_status(200);
    let expected = match app.backend {
        blackbox::Backend::Sqlite => "sqlite",
        blackbox::Backend::Postgres(_) => "postgres",
    };
    assert_eq!(health.body["database"], expected);

    let spec = app
        .request(Method::GET, "/openapi.json", None, None)
        .await
        .expect_status(200);
    assert_eq!(spec.body["openapi"], "3.1.0");
    assert_eq!(
        spec.body,
        serde_json::from_str::<serde_json::Value>(&api::spec::openapi_json())
            .expect("the contract is JSON")
    );

    let docs = app
        .request(Method::GET, "/docs/", None, None)
        .await
        .expect_status(200);
    assert!(
        docs.content_type.starts_with("text/html"),
        "{}",
        docs.content_type
    );
    assert!(
        !docs.text.contains("https://"),
        "the docs page must not load anything from outside"
    );
}

#[tokio::test]
async fn each_response_carries_a_request_id() {
    let app = TestApp::spawn(&blackbox::Backend::Sqlite).await;
    let response = app
        .client
        .get(app.url("/healthz"))
        .send()
        .await
        .expect("the request was sent");
    assert!(response.headers().get("x-request-id").is_some());
}
