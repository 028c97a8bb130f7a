//! Personal access tokens as an integrator uses them: made once with a login session, used as
//! a bearer token within their scopes, listed without their secret, revoked, expired.

use std::time::Duration;

use blackbox::{Player, Read, TestApp, per_backend};
use rand::SeedableRng;
use rand::rngs::StdRng;
use reqwest::Method;
use serde_json::{Value, json};

const WAIT: Duration = Duration::from_secs(10);

/// Makes a token as `owner` (with a login session); the answer.
async fn make(app: &TestApp, owner: &Player, request: Value) -> Value {
    app.post(owner, "/v1/me/tokens", request)
        .await
        .expect_status(201)
        .body
}

/// `owner`, authenticating with a token of `scopes` instead of its session.
async fn integrator(app: &TestApp, owner: &Player, scopes: &[&str]) -> (Player, String) {
    let made = make(app, owner, json!({"name": "integration", "scopes": scopes})).await;
    let token = made["token"].as_str().expect("a token").to_owned();
    let id = made["id"].as_str().expect("an id").to_owned();
    let player = Player {
        username: owner.username.clone(),
        id: owner.id.clone(),
        token,
    };
    (player, id)
}

fn assert_needs(reply: &blackbox::Reply, scope: &str) {
    reply.assert_problem(403, "insufficient_scope");
    assert_eq!(reply.body["scope"], json!(scope), "{}", reply.text);
}

async fn four_players(app: &TestApp) -> [Player; 4] {
    [
        app.player("north").await,
        app.player("east").await,
        app.player("south").await,
        app.player("west").await,
    ]
}

per_backend!(a_read_token_reads_and_streams_a_game_but_cannot_move);
async fn a_read_token_reads_and_streams_a_game_but_cannot_move(app: TestApp) {
    let [north, east, south, west] = four_players(&app).await;
    let game = json!({"kind": "trade_or_duel", "players": 4, "options": {"turns_each": 1}});
    let id = app.start_game(&north, &[&east, &south, &west], game).await;

    let made = make(
        &app,
        &north,
        json!({"name": "  scoreboard  ", "scopes": ["games:read"]}),
    )
    .await;
    let secret = made["token"].as_str().expect("a token").to_owned();
    assert!(secret.starts_with("ctp_") && secret.len() == 68, "{secret}");
    assert_eq!(made["name"], "scoreboard");
    assert_eq!(made["scopes"], json!(["games:read"]));
    assert_eq!(made["created_at"], json!(app.now()));
    assert_eq!(made["expires_at"], json!(app.now() + 30 * 24 * 3600));
    let reader = Player {
        token: secret.clone(),
        ..north.clone()
    };

    // It reads the game as its account's seat sees it.
    let view = app.game(&reader, &id).await;
    assert_eq!(view["your_seat"], json!(0));
    assert_eq!(view, app.game(&north, &id).await);
    app.legal_moves(&reader, &id).await;
    app.events(&reader, &id).await;

    // It streams the game, with its token and with a ticket it asks for.
    let path = format!("/v1/games/{id}/stream");
    let (status, stream) = app.open_stream(&path, Some(&secret), &[]).await;
    assert_eq!(status, 200);
    let mut stream = stream.expect("a stream");
    assert!(matches!(stream.next_event(WAIT).await, Read::Message(_)));
    let ticket = app
        .post(
            &reader,
            &format!("/v1/games/{id}/stream-tickets"),
            json!({}),
        )
        .await
        .expect_status(201);
    assert_eq!(ticket.body["expires_at"], made["expires_at"]);
    let url = ticket.body["url"].as_str().expect("a url").to_owned();
    assert_eq!(app.open_stream(&url, None, &[]).await.0, 200);

    // It cannot move, join, make or list tokens.
    let mut rng = StdRng::seed_from_u64(7);
    let legal = app.legal_moves(&north, &id).await;
    let moves = legal["legal_moves"].as_array().expect("moves").clone();
    if let Some(mv) = moves.first() {
        let refused = app.post_move(&reader, &id, &legal["version"], mv).await;
        assert_needs(&refused, "games:play");
        // The session of the same account may.
        app.play_random(&north, &id, &mut rng).await;
    }
    let created = app
        .post(
            &reader,
            "/v1/games",
            json!({"kind": "trade_or_duel", "players": 4}),
        )
        .await;
    assert_needs(&created, "games:play");
    let another = app
        .post(&reader, "/v1/me/tokens", json!({"name": "x", "scopes": []}))
        .await;
    assert_needs(&another, "account:manage");
    assert_needs(&app.get(&reader, "/v1/me/tokens").await, "account:read");

    // The list shows it, never its secret.
    let listed = app.get(&north, "/v1/me/tokens").await.expect_status(200);
    assert!(!listed.text.contains(secret.trim_start_matches("ctp_")));
    let tokens = listed.body["tokens"].as_array().expect("tokens").clone();
    assert_eq!(tokens.len(), 1);
    assert_eq!(tokens[0]["id"], made["id"]);
    assert_eq!(tokens[0]["scopes"], json!(["games:read"]));
    assert_eq!(tokens[0]["last_used_at"], json!(app.now()), "it was used");
    assert!(tokens[0].get("token").is_none());
}

per_backend!(a_play_token_plays_a_whole_game);
async fn a_play_token_plays_a_whole_game(app: TestApp) {
    let [north, east, south, west] = four_players(&app).await;
    let (bot, _) = integrator(&app, &north, &["games:read", "games:play"]).await;
    // Its token creates the game and plays every one of its account's turns.
    let game = json!({"kind": "trade_or_duel", "players": 4, "options": {"turns_each": 1}});
    let id = app.start_game(&bot, &[&east, &south, &west], game).await;
    let players = [&bot, &east, &south, &west];
    let mut rng = StdRng::seed_from_u64(11);
    let mut bot_moves = 0;
    for _ in 0..500 {
        let view = app.game(&north, &id).await;
        if view["status"] == "finished" {
            break;
        }
        let to_act = view["to_act"].as_array().expect("to_act").clone();
        for seat in to_act {
            let seat = usize::try_from(seat.as_u64().expect("a seat")).expect("small");
            app.play_random(players[seat], &id, &mut rng).await;
            bot_moves += usize::from(seat == 0);
        }
    }
    assert_eq!(app.game(&north, &id).await["status"], "finished");
    assert!(bot_moves > 0, "the token never moved");

    // A `games:play` token alone plays but cannot read.
    let (player_only, _) = integrator(&app, &east, &["games:play"]).await;
    let created = app
        .post(
            &player_only,
            "/v1/games",
            json!({"kind": "trade_or_duel", "players": 4}),
        )
        .await
        .expect_status(201);
    let other = created.body["id"].as_str().expect("an id").to_owned();
    assert_needs(
        &app.get(&player_only, &format!("/v1/games/{other}")).await,
        "games:read",
    );
}

per_backend!(revoking_or_expiring_a_token_refuses_it_on_every_process);
async fn revoking_or_expiring_a_token_refuses_it_on_every_process(app: TestApp) {
    let other = app.spawn_sharing().await;
    let [north, east, south, west] = four_players(&app).await;
    let game = json!({"kind": "trade_or_duel", "players": 4});
    let id = app.start_game(&north, &[&east, &south, &west], game).await;
    let (reader, token_id) = integrator(&app, &north, &["games:read"]).await;
    let path = format!("/v1/games/{id}");
    // Both processes know the token (and remember it).
    app.get(&reader, &path).await.expect_status(200);
    other.get(&reader, &path).await.expect_status(200);
    let ticket = other
        .post(
            &reader,
            &format!("/v1/games/{id}/stream-tickets"),
            json!({}),
        )
        .await
        .expect_status(201);
    let url = ticket.body["url"].as_str().expect("a url").to_owned();
    assert_eq!(other.open_stream(&url, None, &[]).await.0, 200);

    // Tokens are managed with a login session only.
    let by_token = app
        .request(
            Method::DELETE,
            &format!("/v1/me/tokens/{token_id}"),
            Some(&reader.token),
            None,
        )
        .await;
    assert_needs(&by_token, "account:manage");
    // Another account cannot revoke it.
    let foreign = app
        .request(
            Method::DELETE,
            &format!("/v1/me/tokens/{token_id}"),
            Some(&east.token),
            None,
        )
        .await;
    foreign.assert_problem(404, "token_not_found");

    let revoked = app
        .request(
            Method::DELETE,
            &format!("/v1/me/tokens/{token_id}"),
            Some(&north.token),
            None,
        )
        .await;
    assert_eq!(revoked.status, 204, "{}", revoked.text);
    // At once on the process that revoked it, and the ticket it asked for is void.
    app.get(&reader, &path)
        .await
        .assert_problem(401, "unauthorized");
    assert_eq!(other.open_stream(&url, None, &[]).await.0, 401);
    // Within a second on the other.
    tokio::time::sleep(Duration::from_millis(1100)).await;
    other
        .get(&reader, &path)
        .await
        .assert_problem(401, "unauthorized");
    let listed = app.get(&north, "/v1/me/tokens").await.expect_status(200);
    assert_eq!(listed.body["tokens"], json!([]));
    let again = app
        .request(
            Method::DELETE,
            &format!("/v1/me/tokens/{token_id}"),
            Some(&north.token),
            None,
        )
        .await;
    again.assert_problem(404, "token_not_found");

    // An expired token is refused by both at once, remembered or not.
    let made = make(
        &app,
        &north,
        json!({"name": "short", "scopes": ["games:read"], "expires_in": 60}),
    )
    .await;
    let short = Player {
        token: made["token"].as_str().expect("a token").to_owned(),
        ..north.clone()
    };
    app.get(&short, &path).await.expect_status(200);
    other.get(&short, &path).await.expect_status(200);
    app.advance_clock(60);
    app.get(&short, &path).await.expect_status(200);
    app.advance_clock(1);
    app.get(&short, &path)
        .await
        .assert_problem(401, "unauthorized");
    other
        .get(&short, &path)
        .await
        .assert_problem(401, "unauthorized");
}

per_backend!(token_requests_are_checked_and_bounded);
async fn token_requests_are_checked_and_bounded(app: TestApp) {
    let owner = app.player("owner").await;
    let refused = |body: Value| {
        let app = &app;
        let owner = &owner;
        async move { app.post(owner, "/v1/me/tokens", body).await }
    };
    let blank = refused(json!({"name": "  ", "scopes": []})).await;
    blank.assert_problem(422, "invalid_token_name");
    assert_eq!(blank.body["option"], "name");
    refused(json!({"name": "x".repeat(65), "scopes": []}))
        .await
        .assert_problem(422, "invalid_token_name");
    refused(json!({"name": "a\u{7}b", "scopes": []}))
        .await
        .assert_problem(422, "invalid_token_name");
    for expires_in in [0, 59, 365 * 24 * 3600 + 1, -5] {
        let reply = refused(json!({"name": "x", "scopes": [], "expires_in": expires_in})).await;
        reply.assert_problem(422, "invalid_expires_in");
        assert_eq!(reply.body["option"], "expires_in");
    }
    // `account:manage` is for login sessions only: no token can be given it.
    for scopes in [
        json!(["account:manage"]),
        json!(["admin"]),
        json!("games:read"),
    ] {
        refused(json!({"name": "x", "scopes": scopes}))
            .await
            .assert_problem(400, "malformed");
    }
    let longest = make(
        &app,
        &owner,
        json!({"name": "é".repeat(64), "scopes": ["games:read", "games:read"], "expires_in": 365 * 24 * 3600}),
    )
    .await;
    assert_eq!(longest["scopes"], json!(["games:read"]), "deduplicated");
    assert_eq!(longest["expires_at"], json!(app.now() + 365 * 24 * 3600));

    // At most 20 unexpired tokens; an expired one makes room.
    make(
        &app,
        &owner,
        json!({"name": "brief", "scopes": [], "expires_in": 60}),
    )
    .await;
    for index in 2..20 {
        make(
            &app,
            &owner,
            json!({"name": format!("t{index}"), "scopes": []}),
        )
        .await;
    }
    refused(json!({"name": "one too many", "scopes": []}))
        .await
        .assert_problem(409, "too_many_tokens");
    app.advance_clock(61);
    make(&app, &owner, json!({"name": "in its place", "scopes": []})).await;
    let listed = app.get(&owner, "/v1/me/tokens").await.expect_status(200);
    assert_eq!(listed.body["tokens"].as_array().map(Vec::len), Some(20));

    // Bad personal tokens get the same 401 as any bad token.
    for bad in ["ctp_", "ctp_not-hex", &format!("ctp_{}", "0".repeat(64))] {
        let reply = app.request(Method::GET, "/v1/games", Some(bad), None).await;
        reply.assert_problem(401, "unauthorized");
    }
}

per_backend!(making_tokens_is_rate_limited_per_account);
async fn making_tokens_is_rate_limited_per_account(app: TestApp) {
    let app = TestApp::spawn_with(&app.backend, |settings| {
        settings.limits.personal_tokens_per_minute = 2;
    })
    .await;
    let [first, second] = [app.player("first").await, app.player("second").await];
    for _ in 0..2 {
        make(&app, &first, json!({"name": "x", "scopes": []})).await;
    }
    let limited = app
        .post(&first, "/v1/me/tokens", json!({"name": "x", "scopes": []}))
        .await;
    limited.assert_problem(429, "rate_limited");
    // Another account has its own allowance.
    make(&app, &second, json!({"name": "x", "scopes": []})).await;
}
