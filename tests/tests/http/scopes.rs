//! Every operation of the committed contract checks the scope it declares. The walk reads
//! `openapi/openapi.json`, so an operation added later is covered without touching this file:
//! for each credential (a personal token of each scope, one with none, a login session) and
//! each operation that names a scope, a credential lacking it gets 403 `insufficient_scope`
//! naming it, and one holding it gets anything else (a 404 for a made-up id, say).

use std::collections::BTreeSet;

use blackbox::{TestApp, per_backend};
use reqwest::Method;
use serde_json::{Value, json};

const CONTRACT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../openapi/openapi.json");

/// Every scope a personal token can be given.
const TOKEN_SCOPES: [&str; 3] = ["games:read", "games:play", "account:read"];

/// One authenticated operation of the contract.
struct Operation {
    method: Method,
    path: String,
    scope: String,
    example: Option<Value>,
}

/// Each operation whose `bearer` requirement names a scope. An authenticated operation naming
/// none fails here: every route must check one.
fn scoped_operations() -> Vec<Operation> {
    let text = std::fs::read_to_string(CONTRACT).expect("openapi/openapi.json is readable");
    let spec: Value = serde_json::from_str(&text).expect("the contract is JSON");
    let mut operations = Vec::new();
    for (path, item) in spec["paths"].as_object().expect("paths").iter() {
        for (method, operation) in item.as_object().expect("a path item").iter() {
            let Some(requirements) = operation["security"].as_array() else {
                continue;
            };
            let Some(bearer) = requirements.iter().find_map(|each| each.get("bearer")) else {
                continue;
            };
            let scopes = bearer.as_array().expect("a list of scopes");
            assert_eq!(scopes.len(), 1, "{method} {path} names {bearer}");
            operations.push(Operation {
                method: method.to_uppercase().parse().expect("an HTTP method"),
                // Made-up ids: the scope is checked before anything is looked up (an id the
                // path cannot parse would be refused before the handler runs).
                path: path
                    .replace("{id}", &uuid::Uuid::new_v4().to_string())
                    .replace("{delivery_id}", &uuid::Uuid::new_v4().to_string()),
                scope: scopes[0].as_str().expect("a scope name").to_owned(),
                example: operation["requestBody"]["content"]["application/json"]["example"]
                    .as_object()
                    .map(|example| Value::Object(example.clone())),
            });
        }
    }
    operations
}

/// The status, and the problem when it is a 403. The body of any other answer is not read:
/// an allowed stream would never end.
async fn call(app: &TestApp, operation: &Operation, token: &str) -> (u16, Value, Option<String>) {
    let mut request = app
        .client
        .request(operation.method.clone(), app.url(&operation.path))
        .bearer_auth(token);
    if let Some(example) = &operation.example {
        request = request.json(example);
    }
    let response = request
        .send()
        .await
        .unwrap_or_else(|error| panic!("{} {} failed: {error}", operation.method, operation.path));
    let status = response.status().as_u16();
    if status != 403 {
        return (status, Value::Null, None);
    }
    let challenge = blackbox::header(&response, "www-authenticate");
    let body = response.json().await.unwrap_or(Value::Null);
    (status, body, challenge)
}

async fn personal_token(app: &TestApp, session: &str, scopes: &[&str]) -> String {
    let created = app
        .request(
            Method::POST,
            "/v1/me/tokens",
            Some(session),
            Some(json!({"name": format!("matrix {scopes:?}"), "scopes": scopes})),
        )
        .await
        .expect_status(201);
    created.body["token"]
        .as_str()
        .expect("the token is in the answer")
        .to_owned()
}

per_backend!(every_operation_checks_the_scope_it_declares);
async fn every_operation_checks_the_scope_it_declares(app: TestApp) {
    let operations = scoped_operations();
    let declared: BTreeSet<&str> = operations.iter().map(|op| op.scope.as_str()).collect();
    // The walk is not vacuous: the games' scopes and the session-only one are all in use.
    for scope in ["games:read", "games:play", "account:read", "account:manage"] {
        assert!(declared.contains(scope), "no operation declares {scope}");
    }

    let owner = app.player("integrator").await;
    let mut credentials: Vec<(String, BTreeSet<&str>, String)> = Vec::new();
    for scope in TOKEN_SCOPES {
        let token = personal_token(&app, &owner.token, &[scope]).await;
        credentials.push((format!("a `{scope}` token"), BTreeSet::from([scope]), token));
    }
    let none = personal_token(&app, &owner.token, &[]).await;
    credentials.push(("a token with no scope".to_owned(), BTreeSet::new(), none));
    let every: BTreeSet<&str> = declared.iter().copied().collect();
    credentials.push(("a login session".to_owned(), every, owner.token.clone()));

    let mut refused = 0;
    for (credential, holds, token) in &credentials {
        for operation in &operations {
            let (status, problem, challenge) = call(&app, operation, token).await;
            let what = format!(
                "{} {} (needs {}) with {credential}",
                operation.method, operation.path, operation.scope
            );
            assert!(status < 500, "{what}: answered {status}");
            // The session goes last and is only checked for its scopes: an operation it may
            // use could end it (a sign-out, deleting the account).
            let session = token == &owner.token;
            assert!(session || status != 401, "{what}: the token was refused");
            if holds.contains(operation.scope.as_str()) {
                assert!(
                    !(status == 403 && problem["code"] == "insufficient_scope"),
                    "{what}: refused for a scope it holds: {problem}"
                );
            } else {
                assert_eq!(status, 403, "{what}: not refused");
                assert_eq!(problem["code"], "insufficient_scope", "{what}: {problem}");
                assert_eq!(problem["scope"], json!(operation.scope), "{what}");
                assert_eq!(
                    challenge,
                    Some(format!(
                        r#"Bearer error="insufficient_scope", scope="{}""#,
                        operation.scope
                    )),
                    "{what}"
                );
                refused += 1;
            }
        }
    }
    // Each token lacks most scopes: most of the walk was refusals, checked one by one.
    assert!(refused >= 3 * operations.len(), "only {refused} refusals");
}
