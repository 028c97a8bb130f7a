//! Browsers open streams with a short-lived, single-use ticket instead of their access token.

use std::time::Duration;

use api::push::LiveSettings;
use blackbox::{Read, TestApp, per_backend};
use serde_json::json;

per_backend!(a_ticket_opens_the_stream_it_names_once);
async fn a_ticket_opens_the_stream_it_names_once(app: TestApp) {
    let live = LiveSettings {
        ticket_ttl_secs: 1,
        ..LiveSettings::default()
    };
    let app = TestApp::spawn_with(&app.backend, |settings| settings.live = live).await;
    let ann = app.player("ann").await;
    let mut ids = Vec::new();
    for _ in 0..2 {
        let created = app
            .post(
                &ann,
                "/v1/games",
                json!({"kind": "trade_or_duel", "players": 4}),
            )
            .await
            .expect_status(201);
        ids.push(created.body["id"].as_str().unwrap_or_default().to_owned());
    }
    let ticket_for = |path: String| {
        let app = &app;
        let ann = &ann;
        async move {
            app.post(ann, &path, json!({}))
                .await
                .expect_status(201)
                .body
        }
    };

    // The ticket's URL opens the stream without any Authorization header, once.
    let issued = ticket_for(format!("/v1/games/{}/stream-tickets", ids[0])).await;
    let url = issued["url"].as_str().unwrap_or_default().to_owned();
    assert!(url.starts_with(&format!("/v1/games/{}/stream?ticket=", ids[0])));
    assert!(
        !url.contains(&ann.token),
        "the access token must stay out of URLs"
    );
    let (status, stream) = app.open_stream(&url, None, &[]).await;
    assert_eq!(status, 200);
    let mut stream = stream.unwrap_or_else(|| panic!("no stream"));
    assert!(matches!(
        stream.next_any(Duration::from_secs(5)).await,
        Read::Message(_)
    ));
    let (status, _) = app.open_stream(&url, None, &[]).await;
    assert_eq!(status, 401, "a used ticket opens nothing");

    // A ticket opens only the stream it was issued for.
    let other_game = ticket_for(format!("/v1/games/{}/stream-tickets", ids[0])).await;
    let ticket = other_game["ticket"].as_str().unwrap_or_default();
    let (status, _) = app
        .open_stream(
            &format!("/v1/games/{}/stream?ticket={ticket}", ids[1]),
            None,
            &[],
        )
        .await;
    assert_eq!(status, 401);
    let game_ticket = ticket_for(format!("/v1/games/{}/stream-tickets", ids[0])).await;
    let ticket = game_ticket["ticket"].as_str().unwrap_or_default();
    let (status, _) = app
        .open_stream(&format!("/v1/me/stream?ticket={ticket}"), None, &[])
        .await;
    assert_eq!(status, 401);
    let (status, _) = app
        .open_stream("/v1/me/stream?ticket=not-a-ticket", None, &[])
        .await;
    assert_eq!(status, 401);

    // The account stream has its own tickets.
    let mine = ticket_for("/v1/me/stream-tickets".to_owned()).await;
    let url = mine["url"].as_str().unwrap_or_default().to_owned();
    let (status, _) = app.open_stream(&url, None, &[]).await;
    assert_eq!(status, 200);

    // Tickets expire.
    let late = ticket_for("/v1/me/stream-tickets".to_owned()).await;
    app.advance_clock(2);
    let url = late["url"].as_str().unwrap_or_default().to_owned();
    let (status, _) = app.open_stream(&url, None, &[]).await;
    assert_eq!(status, 401);

    // Tickets need a token and a real game.
    app.request(
        reqwest::Method::POST,
        "/v1/me/stream-tickets",
        None,
        Some(json!({})),
    )
    .await
    .assert_problem(401, "unauthorized");
    app.post(
        &ann,
        &format!("/v1/games/{}/stream-tickets", uuid::Uuid::new_v4()),
        json!({}),
    )
    .await
    .assert_problem(404, "game_not_found");
}
