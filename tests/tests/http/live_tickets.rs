//! Browsers open streams with a ticket instead of their access token. `EventSource` reconnects
//! by itself to the URL it was given, so a ticket opens its one stream again and again, until
//! the token that asked for it expires.

use std::time::Duration;

use blackbox::{Player, Read, SseMessage, TestApp, per_backend, play_random_move};
use rand::SeedableRng;
use rand::rngs::StdRng;
use serde_json::{Value, json};

const WAIT: Duration = Duration::from_secs(10);
const TOKEN_TTL_SECS: i64 = 100;

async fn ticket(app: &TestApp, player: &Player, path: &str) -> Value {
    app.post(player, path, json!({}))
        .await
        .expect_status(201)
        .body
}

fn text(value: &Value) -> String {
    value.as_str().unwrap_or_default().to_owned()
}

/// Opens `url` with no `Authorization` header; the status, and the stream on 200.
async fn open(app: &TestApp, url: &str, last_event_id: Option<&str>) -> u16 {
    open_stream(app, url, last_event_id).await.0
}

async fn open_stream(
    app: &TestApp,
    url: &str,
    last_event_id: Option<&str>,
) -> (u16, Option<blackbox::EventStream>) {
    let headers: Vec<(&str, String)> = last_event_id
        .map(|id| vec![("last-event-id", id.to_owned())])
        .unwrap_or_default();
    app.open_stream(url, None, &headers).await
}

async fn next(stream: &mut blackbox::EventStream) -> SseMessage {
    match stream.next_event(WAIT).await {
        Read::Message(message) => message,
        other => panic!("expected an event, got {other:?}"),
    }
}

per_backend!(a_ticket_reopens_its_stream_until_the_token_expires);
async fn a_ticket_reopens_its_stream_until_the_token_expires(app: TestApp) {
    let app = TestApp::spawn_with(&app.backend, |settings| {
        settings.token_ttl_secs = TOKEN_TTL_SECS;
    })
    .await;
    let players = [
        app.player("north").await,
        app.player("east").await,
        app.player("south").await,
        app.player("west").await,
    ];
    let [north, east, south, west] = &players;
    let game = json!({"kind": "trade_or_duel", "players": 4, "options": {"turns_each": 1}});
    let id = app.start_game(north, &[east, south, west], game).await;
    let other = app
        .post(
            north,
            "/v1/games",
            json!({"kind": "trade_or_duel", "players": 4}),
        )
        .await
        .expect_status(201);
    let other = text(&other.body["id"]);

    // The URL is absolute, on this server, and holds no access token.
    let issued = ticket(&app, east, &format!("/v1/games/{id}/stream-tickets")).await;
    let url = text(&issued["url"]);
    assert!(
        url.starts_with(&format!("{}/v1/games/{id}/stream?ticket=", app.base_url)),
        "{url}"
    );
    assert!(
        !url.contains(&east.token),
        "the access token stays out of URLs"
    );
    // It lasts as long as the token that asked for it, and no longer.
    let expires_at = issued["expires_at"].as_i64().unwrap_or_default();
    assert!(
        expires_at > app.now() + TOKEN_TTL_SECS - 10 && expires_at <= app.now() + TOKEN_TTL_SECS,
        "{issued}"
    );

    // Opened, dropped and opened again with `Last-Event-ID`, as EventSource does by itself:
    // every event exactly once.
    let seats = [north, east, south, west];
    let mut rng = StdRng::seed_from_u64(3);
    for _ in 0..2 {
        play_random_move(&app, &seats, &id, &mut rng).await;
    }
    let mut received = Vec::new();
    let (status, first) = open_stream(&app, &url, None).await;
    assert_eq!(status, 200);
    let mut first = first.unwrap_or_else(|| panic!("no stream"));
    received.push(next(&mut first).await);
    received.push(next(&mut first).await);
    drop(first);
    for _ in 0..2 {
        play_random_move(&app, &seats, &id, &mut rng).await;
    }
    let last = received.last().and_then(|m| m.id.clone());
    let (status, second) = open_stream(&app, &url, last.as_deref()).await;
    assert_eq!(status, 200, "a ticket is used again by every reconnect");
    let mut second = second.unwrap_or_else(|| panic!("no stream"));
    while play_random_move(&app, &seats, &id, &mut rng)
        .await
        .is_some()
    {}
    received.extend(second.until_end(WAIT).await);
    let log = app
        .get(east, &format!("/v1/games/{id}/events"))
        .await
        .expect_status(200)
        .body["events"]
        .clone();
    let streamed: Vec<Value> = received.iter().map(SseMessage::json).collect();
    assert_eq!(Value::Array(streamed), log);
    // After the last event the browser's reconnect gets the end of stream, 204, not a refusal.
    let last = received.last().and_then(|m| m.id.clone());
    assert_eq!(open(&app, &url, last.as_deref()).await, 204);

    // A ticket opens only the stream it names.
    let ticket_text = text(&issued["ticket"]);
    let elsewhere = format!("/v1/games/{other}/stream?ticket={ticket_text}");
    assert_eq!(open(&app, &elsewhere, None).await, 401);
    let mine = format!("/v1/me/stream?ticket={ticket_text}");
    assert_eq!(open(&app, &mine, None).await, 401);
    assert_eq!(
        open(&app, "/v1/me/stream?ticket=not-a-ticket", None).await,
        401
    );

    // The account stream has its own tickets, reusable as well.
    let account = ticket(&app, east, "/v1/me/stream-tickets").await;
    let account_url = text(&account["url"]);
    assert!(
        account_url.starts_with(&format!("{}/v1/me/stream?ticket=", app.base_url)),
        "{account_url}"
    );
    assert_eq!(open(&app, &account_url, None).await, 200);
    assert_eq!(open(&app, &account_url, None).await, 200);

    // Once the token has expired, a leaked URL opens nothing.
    app.advance_clock(TOKEN_TTL_SECS + 1);
    assert_eq!(open(&app, &account_url, None).await, 401);
    assert_eq!(open(&app, &url, None).await, 401);

    // Tickets need a valid token and a real game.
    app.request(
        reqwest::Method::POST,
        "/v1/me/stream-tickets",
        None,
        Some(json!({})),
    )
    .await
    .assert_problem(401, "unauthorized");
    let fresh = app.player("late").await;
    app.post(
        &fresh,
        &format!("/v1/games/{}/stream-tickets", uuid::Uuid::new_v4()),
        json!({}),
    )
    .await
    .assert_problem(404, "game_not_found");
}

per_backend!(a_ticket_url_is_built_on_the_public_url);
async fn a_ticket_url_is_built_on_the_public_url(app: TestApp) {
    let app = TestApp::spawn_with(&app.backend, |settings| {
        settings.public_url = Some("https://cardtable.example".to_owned());
    })
    .await;
    let ann = app.player("ann").await;
    let issued = ticket(&app, &ann, "/v1/me/stream-tickets").await;
    let url = text(&issued["url"]);
    assert_eq!(
        url,
        format!(
            "https://cardtable.example/v1/me/stream?ticket={}",
            text(&issued["ticket"])
        )
    );
}
