//! Rematches: the first player to ask makes the next game (seats rotated, bots kept), every
//! other player who asks gets the same one, and the finished game links to it.

use blackbox::json::{array, text};
use blackbox::{Player, TestApp, per_backend};
use rand::SeedableRng;
use rand::rngs::StdRng;
use serde_json::{Value, json};

fn seat_of(game: &Value, player: &Player) -> Value {
    array(&game["seats"])
        .into_iter()
        .find(|seat| seat["username"] == player.username.as_str())
        .map_or(Value::Null, |seat| seat["seat"].clone())
}

per_backend!(two_players_asking_at_once_get_one_rematch);
async fn two_players_asking_at_once_get_one_rematch(app: TestApp) {
    let p = app.players(&["ann", "ben", "cal"]).await;
    let created = app
        .post(
            &p[0],
            "/v1/games",
            json!({"kind": "trade_or_duel", "players": 4,
                   "options": {"turns_each": 1},
                   "bots": [{"seat": 2, "level": "random"}, {"seat": 3, "level": "search"}]}),
        )
        .await
        .expect_status(201);
    let id = text(&created.body["id"]);
    let rematch = format!("/v1/games/{id}/rematch");
    // Before the end (here: before the start), no rematch.
    app.post(&p[0], &rematch, json!({}))
        .await
        .assert_problem(409, "game_not_over");
    app.post(&p[1], &format!("/v1/games/{id}/join"), json!({}))
        .await
        .expect_status(200);
    app.post(&p[0], &rematch, json!({}))
        .await
        .assert_problem(409, "game_not_over");

    let (mut r0, mut r1) = (StdRng::seed_from_u64(1), StdRng::seed_from_u64(2));
    let (finished, _) = tokio::join!(
        crate::live_bots::play_against_bots(&app, &p[0], &id, &mut r0),
        crate::live_bots::play_against_bots(&app, &p[1], &id, &mut r1),
    );
    assert_eq!(finished["status"], "finished");
    assert_eq!(finished["rematch_id"], Value::Null);

    app.post(&p[2], &rematch, json!({}))
        .await
        .assert_problem(403, "not_a_player");
    let (a, b) = tokio::join!(
        app.post(&p[0], &rematch, json!({})),
        app.post(&p[1], &rematch, json!({})),
    );
    assert_eq!((a.status, b.status), (200, 200), "{} / {}", a.text, b.text);
    let next = text(&a.body["id"]);
    assert_eq!(b.body["id"], next.as_str(), "one next game");
    assert_ne!(next, id);
    // Seats one on: Ann 0 -> 1, Ben 1 -> 2; the bots 2 -> 3 and 3 -> 0 with their levels.
    let game = app.game(&p[0], &next).await;
    assert_eq!(seat_of(&game, &p[0]), 1, "{game}");
    assert_eq!(seat_of(&game, &p[1]), 2, "{game}");
    assert_eq!(
        game["bots"],
        json!([{"seat": 0, "level": "search"}, {"seat": 3, "level": "random"}])
    );
    assert_eq!(game["status"], "active", "every seat taken: it started");
    assert_eq!(game["kind"], "trade_or_duel");
    assert_eq!(game["options"], finished["options"]);
    assert_eq!(a.body["your_seat"], 1);
    assert_eq!(b.body["your_seat"], 2);

    // The finished game links to it, in its view and in listings; asking again gives it again.
    assert_eq!(app.game(&p[1], &id).await["rematch_id"], next.as_str());
    let listed = app.get(&p[0], "/v1/games?status=finished").await.body;
    let summary = array(&listed["games"])
        .into_iter()
        .find(|game| game["id"] == id.as_str())
        .unwrap_or_default();
    assert_eq!(summary["rematch_id"], next.as_str(), "{listed}");
    let again = app
        .post(&p[0], &rematch, json!({}))
        .await
        .expect_status(200);
    assert_eq!(again.body["id"], next.as_str());
}
