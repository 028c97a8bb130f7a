//! Before a game starts: the creator cancels it, a seated player leaves it, and the open games
//! a caller can join are listed.

use blackbox::{TestApp, per_backend};
use serde_json::{Value, json};

fn ids(page: &Value) -> Vec<String> {
    page["games"]
        .as_array()
        .map(|games| {
            games
                .iter()
                .filter_map(|game| game["id"].as_str().map(str::to_owned))
                .collect()
        })
        .unwrap_or_default()
}

per_backend!(the_creator_cancels_and_seated_players_leave_open_games);
async fn the_creator_cancels_and_seated_players_leave_open_games(app: TestApp) {
    let [ann, ben, cal, dee] = [
        app.player("ann").await,
        app.player("ben").await,
        app.player("cal").await,
        app.player("dee").await,
    ];
    let request = json!({"kind": "trade_or_duel", "players": 4});
    let created = app
        .post(&ann, "/v1/games", request.clone())
        .await
        .expect_status(201);
    let id = created.body["id"].as_str().unwrap_or_default().to_owned();
    let game = format!("/v1/games/{id}");
    app.post(&ben, &format!("{game}/join"), json!({}))
        .await
        .expect_status(200);

    // Leaving frees the seat, which the next player takes.
    app.post(&cal, &format!("{game}/leave"), json!({}))
        .await
        .assert_problem(409, "not_seated");
    app.post(&ann, &format!("{game}/leave"), json!({}))
        .await
        .assert_problem(409, "creator_cannot_leave");
    let left = app
        .post(&ben, &format!("{game}/leave"), json!({}))
        .await
        .expect_status(200);
    assert!(left.body["your_seat"].is_null());
    assert_eq!(left.body["seats"].as_array().map(Vec::len), Some(1));
    let joined = app
        .post(&cal, &format!("{game}/join"), json!({}))
        .await
        .expect_status(200);
    assert_eq!(joined.body["your_seat"], 1);

    // Only the creator cancels; afterwards the game is gone.
    app.request(reqwest::Method::DELETE, &game, Some(&cal.token), None)
        .await
        .assert_problem(403, "not_creator");
    let cancelled = app
        .request(reqwest::Method::DELETE, &game, Some(&ann.token), None)
        .await;
    assert_eq!(cancelled.status, 204, "{}", cancelled.text);
    app.get(&ann, &game)
        .await
        .assert_problem(404, "game_not_found");
    app.request(reqwest::Method::DELETE, &game, Some(&ann.token), None)
        .await
        .assert_problem(404, "game_not_found");

    // Once started, neither works.
    let started = app.start_game(&ann, &[&ben, &cal, &dee], request).await;
    let game = format!("/v1/games/{started}");
    app.request(reqwest::Method::DELETE, &game, Some(&ann.token), None)
        .await
        .assert_problem(409, "not_open");
    app.post(&ben, &format!("{game}/leave"), json!({}))
        .await
        .assert_problem(409, "not_open");
}

per_backend!(open_games_are_listed_for_those_who_can_join_them);
async fn open_games_are_listed_for_those_who_can_join_them(app: TestApp) {
    let [ann, ben, cal, dee] = [
        app.player("ann").await,
        app.player("ben").await,
        app.player("cal").await,
        app.player("dee").await,
    ];
    let request = json!({"kind": "trade_or_duel", "players": 4});
    let anns = app
        .post(&ann, "/v1/games", request.clone())
        .await
        .expect_status(201);
    let anns = anns.body["id"].as_str().unwrap_or_default().to_owned();
    let bens = app
        .post(&ben, "/v1/games", request.clone())
        .await
        .expect_status(201);
    let bens = bens.body["id"].as_str().unwrap_or_default().to_owned();
    let full = app.start_game(&cal, &[&ann, &ben, &dee], request).await;

    let open_for = |player| {
        let app = &app;
        async move {
            app.get(player, "/v1/games?status=open")
                .await
                .expect_status(200)
                .body
        }
    };
    // Ann sits in her own game: she is offered Ben's only; the started game is not open.
    let page = open_for(&ann).await;
    assert_eq!(ids(&page), std::slice::from_ref(&bens));
    assert_eq!(page["next_cursor"], Value::Null);
    let mut both = vec![anns.clone(), bens.clone()];
    both.sort();
    let mut offered = ids(&open_for(&cal).await);
    offered.sort();
    assert_eq!(offered, both);
    assert!(!offered.contains(&full));
    // The open games one sits in are under `mine`.
    let mine = app
        .get(&ann, "/v1/games?status=open&mine=true")
        .await
        .expect_status(200)
        .body;
    assert_eq!(ids(&mine), std::slice::from_ref(&anns));
    // Once Cal joins Ann's game it is no longer offered to him.
    app.post(&cal, &format!("/v1/games/{anns}/join"), json!({}))
        .await
        .expect_status(200);
    assert_eq!(ids(&open_for(&cal).await), [bens]);
}
