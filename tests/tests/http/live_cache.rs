//! The view cache never serves a rendering of one state of a game for another. The open game
//! and the game just started share revision 0: a request that read the open game, and renders
//! it only after the started game was cached, must not leave its rendering where the started
//! game's viewers are served from.

use api::clock::{Clock, ManualClock};
use api::push::{Hub, LiveSettings};
use api::service::GameService;
use blackbox::{TestApp, per_backend};
use serde_json::{Value, json};
use uuid::Uuid;

fn id_of(text: &str) -> Uuid {
    Uuid::try_parse(text).expect("an id")
}

per_backend!(a_rendering_of_the_open_game_is_never_served_for_the_started_one);
async fn a_rendering_of_the_open_game_is_never_served_for_the_started_one(app: TestApp) {
    let [ann, ben, cyd] = [
        app.player("ann").await,
        app.player("ben").await,
        app.player("cyd").await,
    ];
    let created = app
        .post(&ann, "/v1/games", json!({"kind": "tribute", "players": 3}))
        .await
        .expect_status(201);
    let id = id_of(created.body["id"].as_str().unwrap_or_default());
    // A second server process on the same database, whose cache this test drives step by step.
    let database = app.database().await;
    let clock = ManualClock::starting_at(app.now());
    let hub = Hub::start(&database, LiveSettings::default());
    let service = GameService::new(database.clone(), Clock::from(clock), hub);
    let now = app.now();

    app.post(&cyd, &format!("/v1/games/{id}/join"), json!({}))
        .await
        .expect_status(200);
    // A request reads the game while it is open (and is then held up)…
    let reader = database.clone();
    let open = tokio::task::spawn_blocking(move || reader.game(id))
        .await
        .expect("reading panicked")
        .expect("the open game");
    assert_eq!(open.status, persistence::GameStatus::Open);
    // …meanwhile Ben takes the last seat and the game starts, and a view caches it…
    app.post(&ben, &format!("/v1/games/{id}/join"), json!({}))
        .await
        .expect_status(200);
    let (ann_id, cyd_id) = (id_of(&ann.id), id_of(&cyd.id));
    let views = service.clone();
    let rendered = tokio::task::spawn_blocking(move || {
        let started = views.game_view(ann_id, id, now).expect("Ann's view");
        // …then the held-up request renders what it read, for Cyd (seated in both).
        let stale = views
            .rendered_game(&open, cyd_id)
            .expect("the open rendering");
        let current = views.game_view(cyd_id, id, now).expect("Cyd's view");
        (started, stale, current)
    })
    .await
    .expect("rendering panicked");
    let (started, stale, current) = rendered;
    let json = |bytes: &[u8]| serde_json::from_slice::<Value>(bytes).expect("JSON");
    assert_eq!(json(&started.json)["status"], "active");
    assert_eq!(json(&stale.json)["status"], "open");
    let current = json(&current.json);
    assert_eq!(
        current["status"], "active",
        "Cyd was served the lobby: {current}"
    );
    assert!(current["view"].is_object(), "{current}");
    // And over HTTP too, where the tag must be that of the started game.
    let over_http = app.game(&cyd, &id.to_string()).await;
    assert_eq!(over_http, current);
}
