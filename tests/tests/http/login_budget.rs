//! Password guesses per account, whatever the address: after five failures in a row each
//! attempt waits (1 s, then doubling), answered 429 with `Retry-After` before any hashing; the
//! owner gets in once the delay has passed.

use std::net::{IpAddr, Ipv4Addr};

use blackbox::{Backend, Reply, TestApp, header};
use serde_json::json;

const PASSWORD: &str = "a long enough password";

/// A client whose connections come from `127.0.0.<last>` (all of 127/8 is this machine).
fn client_from(last: u8) -> reqwest::Client {
    reqwest::Client::builder()
        .local_address(IpAddr::V4(Ipv4Addr::new(127, 0, 0, last)))
        .build()
        .unwrap_or_else(|error| panic!("{error}"))
}

/// A login as `username` with `password` from `client`, and its `Retry-After`.
async fn login(
    app: &TestApp,
    client: &reqwest::Client,
    username: &str,
    password: &str,
) -> (Reply, Option<u64>) {
    let response = client
        .post(app.url("/v1/sessions"))
        .json(&json!({"username": username, "password": password}))
        .send()
        .await
        .unwrap_or_else(|error| panic!("{error}"));
    let retry_after = header(&response, "retry-after").and_then(|value| value.parse().ok());
    let status = response.status().as_u16();
    let content_type = header(&response, "content-type").unwrap_or_default();
    let text = response.text().await.unwrap_or_default();
    let body = serde_json::from_str(&text).unwrap_or_default();
    (
        Reply {
            status,
            content_type,
            body,
            text,
        },
        retry_after,
    )
}

async fn guesses_from_many_addresses_wait_and_the_owner_gets_in_after(backend: &Backend) {
    // The per-address limit stays as configured by default: five addresses would get 150
    // guesses a minute past it.
    let app = TestApp::spawn(backend).await;
    app.player("Alice").await;
    let guessers: Vec<reqwest::Client> = (2..7).map(client_from).collect();
    // Every form of the name shares one budget.
    let forms = ["alice", "ALICE", "ａｌｉｃｅ", "Alice", "aLiCe"];
    for (index, client) in guessers.iter().enumerate().take(5) {
        let (reply, _) = login(&app, client, forms[index], "guess number one").await;
        reply.assert_problem(401, "unauthorized");
    }
    // The sixth failure is answered, and starts a delay of 1 s.
    let (reply, _) = login(&app, &guessers[0], "alice", "guess number six").await;
    reply.assert_problem(401, "unauthorized");
    for client in &guessers {
        let (reply, retry_after) = login(&app, client, "alice", "another guess").await;
        reply.assert_problem(429, "rate_limited");
        assert_eq!(retry_after, Some(1));
    }
    // The owner, from yet another address, waits too...
    let owner = client_from(9);
    let (reply, retry_after) = login(&app, &owner, "Alice", PASSWORD).await;
    reply.assert_problem(429, "rate_limited");
    assert_eq!(retry_after, Some(1));
    // ...and one more failure after the delay doubles it.
    app.advance_clock(1);
    let (reply, _) = login(&app, &guessers[1], "alice", "guess number seven").await;
    reply.assert_problem(401, "unauthorized");
    let (reply, retry_after) = login(&app, &owner, "alice", PASSWORD).await;
    reply.assert_problem(429, "rate_limited");
    assert_eq!(retry_after, Some(2));
    // Once the delay has passed the owner gets in, and that clears the record.
    app.advance_clock(2);
    let (reply, _) = login(&app, &owner, "alice", PASSWORD).await;
    assert_eq!(reply.status, 201, "{}", reply.text);
    for client in guessers.iter().take(5) {
        let (reply, _) = login(&app, client, "alice", "a fresh guess").await;
        reply.assert_problem(401, "unauthorized");
    }
    // Another account is not affected by Alice's budget.
    app.player("bob").await;
}

async fn deletion_passwords_count_against_the_same_budget(backend: &Backend) {
    let app = TestApp::spawn(backend).await;
    let player = app.player("carol").await;
    for _ in 0..6 {
        app.delete_account(&player, "a wrong password")
            .await
            .assert_problem(403, "password_incorrect");
    }
    let (reply, retry_after) = login(&app, &client_from(3), "CAROL", PASSWORD).await;
    reply.assert_problem(429, "rate_limited");
    assert_eq!(retry_after, Some(1));
    app.advance_clock(1);
    let (reply, _) = login(&app, &client_from(3), "carol", PASSWORD).await;
    assert_eq!(reply.status, 201, "{}", reply.text);
}

on_every_backend!(
    guesses_from_many_addresses_wait_and_the_owner_gets_in_after,
    deletion_passwords_count_against_the_same_budget
);
