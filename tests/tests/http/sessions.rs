//! Login sessions: refresh-token rotation with its grace window and reuse detection, expiry,
//! sign-out (here, on another process, and of streams and tickets), the listing, `/v1/me` and
//! the password change.

use std::time::{Duration, Instant};

use blackbox::{Backend, Read, Reply, TestApp, per_backend, postgres_only};
use reqwest::Method;
use serde_json::{Value, json};

const PASSWORD: &str = "a long enough password";
/// The server's grace window for a repeated refresh (docs/decisions.md, "Sessions").
const GRACE_SECS: i64 = 5;

/// Registers `username` (the harness logs it in once, a session of its own).
async fn register(app: &TestApp, username: &str) {
    app.player(username).await;
}

async fn login(app: &TestApp, username: &str, password: &str) -> Reply {
    login_as(app, username, password, "sessions-test/1").await
}

async fn login_as(app: &TestApp, username: &str, password: &str, agent: &str) -> Reply {
    let response = app
        .client
        .post(app.url("/v1/sessions"))
        .header("user-agent", agent)
        .json(&json!({"username": username, "password": password}))
        .send()
        .await
        .expect("the login was sent");
    reply(response).await
}

async fn reply(response: reqwest::Response) -> Reply {
    let status = response.status().as_u16();
    let content_type = blackbox::header(&response, "content-type").unwrap_or_default();
    let text = response.text().await.unwrap_or_default();
    Reply {
        status,
        content_type,
        body: serde_json::from_str(&text).unwrap_or(Value::Null),
        text,
    }
}

/// A fresh session of `username`: its login body.
async fn session(app: &TestApp, username: &str) -> Value {
    login(app, username, PASSWORD).await.expect_status(201).body
}

fn access(session: &Value) -> &str {
    session["access_token"].as_str().unwrap_or_default()
}

fn refresh_token(session: &Value) -> &str {
    session["refresh_token"].as_str().unwrap_or_default()
}

async fn refresh(app: &TestApp, token: &str) -> Reply {
    app.request(
        Method::POST,
        "/v1/sessions/refresh",
        None,
        Some(json!({"refresh_token": token})),
    )
    .await
}

async fn me(app: &TestApp, token: &str) -> Reply {
    app.request(Method::GET, "/v1/me", Some(token), None).await
}

per_backend!(a_login_answers_a_session_with_a_refresh_token);
async fn a_login_answers_a_session_with_a_refresh_token(app: TestApp) {
    register(&app, "alice").await;
    let body = session(&app, "alice").await;
    assert!(access(&body).split('.').count() == 3, "{body}");
    assert_eq!(body["token_type"], "Bearer");
    assert_eq!(
        body["expires_in"].as_i64(),
        body["expires_at"].as_i64().map(|at| at - app.now())
    );
    let refresh = refresh_token(&body);
    assert!(
        refresh.starts_with("ctr_") && refresh.len() >= 4 + 64,
        "{refresh}"
    );
    let id = body["session_id"].as_str().expect("a session id");
    assert!(uuid::Uuid::parse_str(id).is_ok());
    assert_eq!(body["account"]["username"], "alice");
    // Two logins are two sessions with tokens of their own.
    let again = session(&app, "alice").await;
    assert_ne!(again["session_id"], body["session_id"]);
    assert_ne!(refresh_token(&again), refresh);
}

on_every_backend!(the_access_token_lives_as_long_as_the_setting_says);
async fn the_access_token_lives_as_long_as_the_setting_says(backend: &Backend) {
    let app = TestApp::spawn_with(backend, |settings| settings.token_ttl_secs = 900).await;
    register(&app, "alice").await;
    let body = session(&app, "alice").await;
    assert_eq!(body["expires_in"], 900);
    me(&app, access(&body)).await.expect_status(200);
    app.advance_clock(901);
    me(&app, access(&body))
        .await
        .assert_problem(401, "unauthorized");
    // The refresh token outlives it, and brings a fresh one.
    let renewed = refresh(&app, refresh_token(&body))
        .await
        .expect_status(200)
        .body;
    assert_eq!(renewed["expires_in"], 900);
    me(&app, access(&renewed)).await.expect_status(200);
}

per_backend!(a_refresh_rotates_both_tokens);
async fn a_refresh_rotates_both_tokens(app: TestApp) {
    register(&app, "alice").await;
    let first = session(&app, "alice").await;
    app.advance_clock(1);
    let second = refresh(&app, refresh_token(&first))
        .await
        .expect_status(200)
        .body;
    assert_ne!(access(&second), access(&first));
    assert_ne!(refresh_token(&second), refresh_token(&first));
    assert_eq!(second["session_id"], first["session_id"]);
    assert!(refresh_token(&second).starts_with("ctr_"));
    me(&app, access(&second)).await.expect_status(200);
    // The new refresh token works in turn.
    app.advance_clock(1);
    let third = refresh(&app, refresh_token(&second))
        .await
        .expect_status(200)
        .body;
    assert_ne!(refresh_token(&third), refresh_token(&second));
    // Tokens the server never issued are refused with a code of their own.
    refresh(&app, "ctr_0123456789abcdef")
        .await
        .assert_problem(401, "invalid_refresh_token");
    app.request(
        Method::POST,
        "/v1/sessions/refresh",
        None,
        Some(json!({"token": "x"})),
    )
    .await
    .assert_problem(400, "malformed");
}

per_backend!(a_spent_refresh_token_used_again_ends_the_session);
async fn a_spent_refresh_token_used_again_ends_the_session(app: TestApp) {
    register(&app, "alice").await;
    let first = session(&app, "alice").await;
    let bystander = session(&app, "alice").await;
    let second = refresh(&app, refresh_token(&first))
        .await
        .expect_status(200)
        .body;
    app.advance_clock(GRACE_SECS + 1);
    // The first refresh token again, after the grace window: copied, or replayed.
    refresh(&app, refresh_token(&first))
        .await
        .assert_problem(401, "session_revoked");
    // Everything descended from that login is refused from now on.
    me(&app, access(&second))
        .await
        .assert_problem(401, "unauthorized");
    me(&app, access(&first))
        .await
        .assert_problem(401, "unauthorized");
    refresh(&app, refresh_token(&second))
        .await
        .assert_problem(401, "session_revoked");
    // Another login of the same account is untouched.
    me(&app, access(&bystander)).await.expect_status(200);
}

per_backend!(two_refreshes_with_one_token_within_the_grace_window_get_the_same_pair);
async fn two_refreshes_with_one_token_within_the_grace_window_get_the_same_pair(app: TestApp) {
    register(&app, "alice").await;
    let first = session(&app, "alice").await;
    let token = refresh_token(&first);
    // Two threads of one client refresh at the same moment.
    let (one, two) = tokio::join!(refresh(&app, token), refresh(&app, token));
    let (one, two) = (one.expect_status(200).body, two.expect_status(200).body);
    assert_eq!(access(&one), access(&two));
    assert_eq!(refresh_token(&one), refresh_token(&two));
    // A late repeat within the window too.
    app.advance_clock(GRACE_SECS);
    let late = refresh(&app, token).await.expect_status(200).body;
    assert_eq!(refresh_token(&late), refresh_token(&one));
    assert_eq!(access(&late), access(&one));
    // The session lives on: its access token works and its refresh token rotates.
    me(&app, access(&one)).await.expect_status(200);
    let next = refresh(&app, refresh_token(&one))
        .await
        .expect_status(200)
        .body;
    me(&app, access(&next)).await.expect_status(200);
}

on_every_backend!(a_refresh_token_expires_after_disuse_and_a_login_after_a_year);
async fn a_refresh_token_expires_after_disuse_and_a_login_after_a_year(backend: &Backend) {
    const DAY: i64 = 24 * 3600;
    let app = TestApp::spawn_with(backend, |settings| {
        settings.refresh_token_ttl_secs = 200 * DAY;
        settings.token_ttl_secs = 3600;
    })
    .await;
    register(&app, "alice").await;
    // Unused for longer than its lifetime: refused.
    let idle = session(&app, "alice").await;
    app.advance_clock(200 * DAY + 1);
    refresh(&app, refresh_token(&idle))
        .await
        .assert_problem(401, "session_expired");
    // Used in time, it lives on; but never past a year after the login.
    let used = session(&app, "alice").await;
    app.advance_clock(190 * DAY);
    let renewed = refresh(&app, refresh_token(&used))
        .await
        .expect_status(200)
        .body;
    app.advance_clock(170 * DAY);
    let renewed = refresh(&app, refresh_token(&renewed))
        .await
        .expect_status(200)
        .body;
    app.advance_clock(10 * DAY);
    refresh(&app, refresh_token(&renewed))
        .await
        .assert_problem(401, "session_expired");
}

per_backend!(signing_out_ends_this_session_or_every_session);
async fn signing_out_ends_this_session_or_every_session(app: TestApp) {
    register(&app, "alice").await;
    register(&app, "bob").await;
    let (one, two, three) = (
        session(&app, "alice").await,
        session(&app, "alice").await,
        session(&app, "alice").await,
    );
    let bob = session(&app, "bob").await;
    app.request(
        Method::DELETE,
        "/v1/sessions/current",
        Some(access(&one)),
        None,
    )
    .await
    .expect_status(204);
    me(&app, access(&one))
        .await
        .assert_problem(401, "unauthorized");
    refresh(&app, refresh_token(&one))
        .await
        .assert_problem(401, "session_revoked");
    me(&app, access(&two)).await.expect_status(200);

    app.request(Method::DELETE, "/v1/sessions", Some(access(&two)), None)
        .await
        .expect_status(204);
    for gone in [&two, &three] {
        me(&app, access(gone))
            .await
            .assert_problem(401, "unauthorized");
        refresh(&app, refresh_token(gone))
            .await
            .assert_problem(401, "session_revoked");
    }
    // Another account's sessions are its own.
    me(&app, access(&bob)).await.expect_status(200);
    app.request(Method::DELETE, "/v1/sessions/current", None, None)
        .await
        .assert_problem(401, "unauthorized");
}

per_backend!(the_listing_shows_live_sessions_and_marks_the_current_one);
async fn the_listing_shows_live_sessions_and_marks_the_current_one(app: TestApp) {
    register(&app, "alice").await;
    register(&app, "bob").await;
    // The harness's own login of each: ended, so that only this test's sessions are listed.
    for name in ["alice", "bob"] {
        let extra = session(&app, name).await;
        app.request(Method::DELETE, "/v1/sessions", Some(access(&extra)), None)
            .await
            .expect_status(204);
    }
    let phone = login_as(&app, "alice", PASSWORD, "phone/2")
        .await
        .expect_status(201)
        .body;
    app.advance_clock(1);
    let laptop = login_as(&app, "alice", PASSWORD, "laptop/7")
        .await
        .expect_status(201)
        .body;
    session(&app, "bob").await;
    let listed = app
        .request(Method::GET, "/v1/sessions", Some(access(&phone)), None)
        .await
        .expect_status(200)
        .body;
    let sessions = listed["sessions"].as_array().cloned().unwrap_or_default();
    assert_eq!(sessions.len(), 2, "{listed}");
    // Newest first.
    assert_eq!(sessions[0]["id"], laptop["session_id"]);
    assert_eq!(sessions[0]["user_agent"], "laptop/7");
    assert_eq!(sessions[0]["current"], false);
    assert_eq!(sessions[1]["id"], phone["session_id"]);
    assert_eq!(sessions[1]["user_agent"], "phone/2");
    assert_eq!(sessions[1]["current"], true);
    assert!(sessions[1]["created_at"].is_i64() && sessions[1]["last_used_at"].is_i64());
    // A refresh is a use.
    app.advance_clock(10);
    refresh(&app, refresh_token(&phone))
        .await
        .expect_status(200);
    let listed = app
        .request(Method::GET, "/v1/sessions", Some(access(&laptop)), None)
        .await
        .expect_status(200)
        .body;
    let phone_row = listed["sessions"]
        .as_array()
        .and_then(|rows| {
            rows.iter()
                .find(|row| row["id"] == phone["session_id"])
                .cloned()
        })
        .expect("the phone's session is listed");
    assert_eq!(phone_row["last_used_at"].as_i64(), Some(app.now()));
    assert_eq!(phone_row["current"], false);
}

per_backend!(me_names_the_account_its_credential_and_scopes);
async fn me_names_the_account_its_credential_and_scopes(app: TestApp) {
    register(&app, "alice").await;
    let body = session(&app, "alice").await;
    let me = me(&app, access(&body)).await.expect_status(200).body;
    assert_eq!(me["id"], body["account"]["id"]);
    assert_eq!(me["username"], "alice");
    assert_eq!(me["created_at"], body["account"]["created_at"]);
    assert_eq!(
        me["credential"],
        json!({"type": "session", "id": body["session_id"]})
    );
    assert_eq!(
        me["scopes"],
        json!(["games:read", "games:play", "account:read", "account:manage"])
    );
    app.request(Method::GET, "/v1/me", None, None)
        .await
        .assert_problem(401, "unauthorized");
}

per_backend!(a_password_change_needs_the_current_password_and_ends_the_other_sessions);
async fn a_password_change_needs_the_current_password_and_ends_the_other_sessions(app: TestApp) {
    register(&app, "alice").await;
    let (here, elsewhere) = (session(&app, "alice").await, session(&app, "alice").await);
    let change =
        |current: &str, new: &str| json!({"current_password": current, "new_password": new});
    app.request(
        Method::PUT,
        "/v1/me/password",
        Some(access(&here)),
        Some(change("not my password", "a brand new password")),
    )
    .await
    .assert_problem(403, "password_incorrect");
    me(&app, access(&elsewhere)).await.expect_status(200);
    app.request(
        Method::PUT,
        "/v1/me/password",
        Some(access(&here)),
        Some(change(PASSWORD, "short")),
    )
    .await
    .assert_problem(422, "invalid_password");

    app.request(
        Method::PUT,
        "/v1/me/password",
        Some(access(&here)),
        Some(change(PASSWORD, "a brand new password")),
    )
    .await
    .expect_status(204);
    // The session that asked stays; every other one has ended.
    me(&app, access(&here)).await.expect_status(200);
    refresh(&app, refresh_token(&here)).await.expect_status(200);
    me(&app, access(&elsewhere))
        .await
        .assert_problem(401, "unauthorized");
    refresh(&app, refresh_token(&elsewhere))
        .await
        .assert_problem(401, "session_revoked");
    login(&app, "alice", PASSWORD)
        .await
        .assert_problem(401, "unauthorized");
    login(&app, "alice", "a brand new password")
        .await
        .expect_status(201);
}

per_backend!(a_sign_out_ends_the_sessions_streams_and_voids_its_tickets);
async fn a_sign_out_ends_the_sessions_streams_and_voids_its_tickets(app: TestApp) {
    register(&app, "alice").await;
    let body = session(&app, "alice").await;
    let other = session(&app, "alice").await;
    let token = access(&body);
    let ticket = app
        .request(Method::POST, "/v1/me/stream-tickets", Some(token), None)
        .await
        .expect_status(201)
        .body;
    let url = ticket["url"].as_str().expect("a ticket url").to_owned();
    let (status, by_ticket) = app.open_stream(&url, None, &[]).await;
    assert_eq!(status, 200);
    let (status, by_token) = app.open_stream("/v1/me/stream", Some(token), &[]).await;
    assert_eq!(status, 200);
    let game = app
        .request(
            Method::POST,
            "/v1/games",
            Some(token),
            Some(json!({"kind": "trade_or_duel", "players": 4})),
        )
        .await
        .expect_status(201)
        .body;
    let game_path = format!(
        "/v1/games/{}/stream",
        game["id"].as_str().unwrap_or_default()
    );
    let (status, game_stream) = app.open_stream(&game_path, Some(token), &[]).await;
    assert_eq!(status, 200);
    // A stream of another session of the same account is not this one's.
    let (status, bystander) = app
        .open_stream("/v1/me/stream", Some(access(&other)), &[])
        .await;
    assert_eq!(status, 200);

    app.request(Method::DELETE, "/v1/sessions/current", Some(token), None)
        .await
        .expect_status(204);
    // Every stream of the session ends, however it was opened.
    for stream in [by_ticket, by_token, game_stream] {
        stream
            .expect("a stream")
            .until_end(Duration::from_secs(5))
            .await;
    }
    let (status, _) = app.open_stream(&url, None, &[]).await;
    assert_eq!(status, 401, "the ticket still opens its stream");
    let mut bystander = bystander.expect("a stream");
    assert_eq!(
        bystander.next_event(Duration::from_millis(300)).await,
        Read::TimedOut,
        "another session's stream ended"
    );
}

postgres_only!(a_sign_out_reaches_every_process_within_a_second);
async fn a_sign_out_reaches_every_process_within_a_second(admin_url: &str) {
    let near = TestApp::spawn(&Backend::Postgres(admin_url.to_owned())).await;
    let far = near.spawn_sharing().await;
    register(&near, "alice").await;
    let body = session(&near, "alice").await;
    let token = access(&body);
    // The far process has seen the session alive (and remembers it).
    me(&far, token).await.expect_status(200);
    let (status, stream) = far.open_stream("/v1/me/stream", Some(token), &[]).await;
    assert_eq!(status, 200);

    near.request(Method::DELETE, "/v1/sessions/current", Some(token), None)
        .await
        .expect_status(204);
    let signed_out = Instant::now();
    loop {
        let answer = me(&far, token).await;
        if answer.status == 401 {
            break;
        }
        assert_eq!(answer.status, 200, "{}", answer.text);
        assert!(
            signed_out.elapsed() < Duration::from_secs(1),
            "the other process still accepts the token"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    assert!(signed_out.elapsed() < Duration::from_secs(1));
    // Its stream there ends too.
    stream
        .expect("a stream")
        .until_end(Duration::from_secs(2))
        .await;
}
