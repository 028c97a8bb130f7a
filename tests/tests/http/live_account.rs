//! The account stream: a game started, your turn (with the deadline), a game finished, a game
//! cancelled; and what is waiting, again, on reconnect.

use std::time::Duration;

use blackbox::{EventStream, Player, Read, SseMessage, TestApp, per_backend, play_random_move};
use rand::SeedableRng;
use rand::rngs::StdRng;
use serde_json::{Value, json};

const WAIT: Duration = Duration::from_secs(10);

async fn open(app: &TestApp, player: &Player) -> EventStream {
    let (status, stream) = app
        .open_stream("/v1/me/stream", Some(&player.token), &[])
        .await;
    assert_eq!(status, 200);
    stream.unwrap_or_else(|| panic!("no account stream"))
}

async fn next(stream: &mut EventStream) -> SseMessage {
    match stream.next_event(WAIT).await {
        Read::Message(message) => {
            assert_eq!(message.event.as_deref(), message.json()["type"].as_str());
            message
        }
        other => panic!("expected an account message, got {other:?}"),
    }
}

/// Nothing more arrives for a while.
async fn quiet(stream: &mut EventStream) {
    match stream.next_event(Duration::from_millis(400)).await {
        Read::TimedOut => {}
        other => panic!("expected silence, got {other:?}"),
    }
}

per_backend!(an_account_hears_starts_turns_ends_and_cancels);
async fn an_account_hears_starts_turns_ends_and_cancels(app: TestApp) {
    let [ann, ben, cal, dee] = [
        app.player("ann").await,
        app.player("ben").await,
        app.player("cal").await,
        app.player("dee").await,
    ];
    let mut stream = open(&app, &ann).await;
    let request = json!({"kind": "trade_or_duel", "players": 4,
        "options": {"turns_each": 1, "first_player": 0, "deadline_secs": 600}});
    let id = app.start_game(&ann, &[&ben, &cal, &dee], request).await;

    let started = next(&mut stream).await.json();
    assert_eq!(started["type"], "game_started");
    assert_eq!(started["game_id"], id.as_str());
    assert_eq!(started["your_seat"], 0);
    let turn = next(&mut stream).await.json();
    assert_eq!(turn["type"], "your_turn");
    assert_eq!(turn["version"], 0);
    let game = app.game(&ann, &id).await;
    assert_eq!(turn["deadline_at"], game["deadline_at"]);
    assert!(turn["deadline_at"].is_i64());
    quiet(&mut stream).await;

    // A reconnecting client is told again what is waiting on it.
    drop(stream);
    let mut stream = open(&app, &ann).await;
    let again = next(&mut stream).await.json();
    assert_eq!(
        (again["type"].clone(), again["version"].clone()),
        (json!("your_turn"), json!(0))
    );

    // Play to the end; each turn told is a version at which Ann really had to act.
    let seats = [&ann, &ben, &cal, &dee];
    let mut rng = StdRng::seed_from_u64(3);
    let mut ann_to_act = Vec::new();
    while let Some(before) = play_random_move(&app, &seats, &id, &mut rng).await {
        if before["to_act"]
            .as_array()
            .is_some_and(|seats| seats.contains(&json!(0)))
        {
            ann_to_act.push(before["version"].clone());
        }
    }
    let mut told: Vec<Value> = Vec::new();
    loop {
        let message = next(&mut stream).await.json();
        let finished = message["type"] == "game_finished";
        told.push(message);
        if finished {
            break;
        }
    }
    let last = told.last().cloned().unwrap_or_default();
    assert!(last["outcome"]["ranking"].is_array(), "{last}");
    for turn in &told[..told.len() - 1] {
        assert_eq!(turn["type"], "your_turn", "{turn}");
        assert!(
            ann_to_act.contains(&turn["version"]),
            "told {turn}, but Ann acted at {ann_to_act:?}"
        );
    }
    quiet(&mut stream).await;

    // Cal cancels an open game Ann sits in: Ann is told.
    let created = app
        .post(
            &cal,
            "/v1/games",
            json!({"kind": "trade_or_duel", "players": 4}),
        )
        .await
        .expect_status(201);
    let open_id = created.body["id"].as_str().unwrap_or_default().to_owned();
    app.post(&ann, &format!("/v1/games/{open_id}/join"), json!({}))
        .await
        .expect_status(200);
    // A stream opened after the join knows the game from its first reading, done before the
    // stream's response starts. (One open before it learns of the join from the feed, and
    // tells a cancel only if it read the game before it was gone: see docs/decisions.md.)
    drop(stream);
    let mut stream = open(&app, &ann).await;
    app.request(
        reqwest::Method::DELETE,
        &format!("/v1/games/{open_id}"),
        Some(&cal.token),
        None,
    )
    .await
    .expect_status(204);
    let cancelled = next(&mut stream).await.json();
    assert_eq!(cancelled["type"], "game_cancelled");
    assert_eq!(cancelled["game_id"], open_id.as_str());
}
