//! `DELETE /v1/me`: the account goes in one step, and each of its games goes on as its state
//! allows: open ones it created are cancelled, its seats in other open ones are freed, a bot
//! takes its seats in games in play, and finished games keep their history with the seat shown
//! as deleted, linked to nothing else.

use std::time::{Duration, Instant};

use blackbox::json::{array, int, text};
use blackbox::{Player, TestApp, choose_move, per_backend};
use rand::SeedableRng;
use rand::rngs::StdRng;
use reqwest::Method;
use serde_json::{Value, json};

const PASSWORD: &str = "a long enough password";

/// A finished game of `player`'s against three random bots.
async fn finished_game(app: &TestApp, player: &Player, seed: u64) -> String {
    let bots: Vec<Value> = (1..4)
        .map(|seat| json!({"seat": seat, "level": "random"}))
        .collect();
    let created = app
        .post(
            player,
            "/v1/games",
            json!({"kind": "trade_or_duel", "players": 4, "bots": bots}),
        )
        .await
        .expect_status(201);
    let id = text(&created.body["id"]);
    let mut rng = StdRng::seed_from_u64(seed);
    crate::live_bots::play_against_bots(app, player, &id, &mut rng).await;
    id
}

/// The people play random legal moves until the game ends (its bots play by themselves).
async fn play_to_the_end(app: &TestApp, people: &[&Player], id: &str, rng: &mut StdRng) -> Value {
    let until = Instant::now() + Duration::from_secs(120);
    while Instant::now() < until {
        let game = app.game(people[0], id).await;
        if game["status"] == "finished" {
            return game;
        }
        let mut moved = false;
        for person in people {
            let legal = app.legal_moves(person, id).await;
            let Some(mv) = choose_move(&legal["legal_moves"], rng) else {
                continue;
            };
            let reply = app.post_move(person, id, &legal["version"], &mv).await;
            assert!(
                reply.status == 200 || reply.code() == "stale_version",
                "{}",
                reply.text
            );
            moved = true;
        }
        if !moved {
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }
    panic!("the game did not end");
}

/// Waits until a person is to act (not only the bot), and returns the game then.
async fn until_a_person_acts(app: &TestApp, viewer: &Player, id: &str, bot_seat: i64) -> Value {
    let until = Instant::now() + Duration::from_secs(30);
    while Instant::now() < until {
        let game = app.game(viewer, id).await;
        let to_act: Vec<i64> = blackbox::json::ints(&game["to_act"]);
        if game["status"] == "active" && to_act.iter().any(|seat| *seat != bot_seat) {
            return game;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    panic!("nobody but the bot was ever to act");
}

per_backend!(deleting_an_account_settles_each_of_its_games_by_state);
async fn deleting_an_account_settles_each_of_its_games_by_state(app: TestApp) {
    let doomed = app.player("zed-doomed").await;
    let [ann, ben, cal] = ["ann", "ben", "cal"].map(|name| name.to_owned());
    let ann = app.player(&ann).await;
    let ben = app.player(&ben).await;
    let cal = app.player(&cal).await;
    let four = json!({"kind": "trade_or_duel", "players": 4});

    // Open, created by the account (Ann joined): cancelled.
    let created = app.post(&doomed, "/v1/games", four.clone()).await;
    let created = text(&created.expect_status(201).body["id"]);
    app.post(&ann, &format!("/v1/games/{created}/join"), json!({}))
        .await
        .expect_status(200);
    // Open, created by Ann, the account joined: its seat is freed.
    let joined = app.post(&ann, "/v1/games", four.clone()).await;
    let joined = text(&joined.expect_status(201).body["id"]);
    app.post(&doomed, &format!("/v1/games/{joined}/join"), json!({}))
        .await
        .expect_status(200);
    // In play with a deadline, the account in seat 2.
    let in_play = app
        .start_game(
            &ann,
            &[&ben, &doomed, &cal],
            json!({"kind": "trade_or_duel", "players": 4,
                   "options": {"first_player": 0, "deadline_secs": 60}}),
        )
        .await;
    assert_eq!(app.game(&ann, &in_play).await["status"], "active");
    // Two finished games.
    let finished = [
        finished_game(&app, &doomed, 1).await,
        finished_game(&app, &doomed, 2).await,
    ];
    // A stream ticket, to be gone too.
    app.post(&doomed, "/v1/me/stream-tickets", json!({}))
        .await
        .expect_status(201);

    app.delete_account(&doomed, PASSWORD)
        .await
        .expect_status(204);

    // Its tokens are refused.
    for path in ["/v1/me/export", "/v1/games"] {
        app.get(&doomed, path)
            .await
            .assert_problem(401, "unauthorized");
    }
    // Open and created by it: gone.
    app.get(&ann, &format!("/v1/games/{created}"))
        .await
        .assert_problem(404, "game_not_found");
    // Open and joined: Ann alone is seated, the seat is free for another.
    let game = app.game(&ann, &joined).await;
    assert_eq!(game["status"], "open");
    assert_eq!(array(&game["seats"]).len(), 1, "{game}");
    app.post(&ben, &format!("/v1/games/{joined}/join"), json!({}))
        .await
        .expect_status(200);

    // In play: a search bot holds seat 2, no person does.
    let game = app.game(&ann, &in_play).await;
    assert_eq!(
        game["bots"],
        json!([{"seat": 2, "level": "search"}]),
        "{game}"
    );
    assert!(
        array(&game["seats"]).iter().all(|seat| seat["seat"] != 2),
        "{game}"
    );
    // The deadline still applies: with a person to act, it passes and the tick moves on.
    let waiting = until_a_person_acts(&app, &ann, &in_play, 2).await;
    let deadline = int(&waiting["deadline_at"]);
    app.advance_clock(deadline - app.now() + 1);
    app.tick().await;
    let after = app.game(&ann, &in_play).await;
    assert!(
        int(&after["version"]) > int(&waiting["version"]),
        "the deadline passed without effect: {after}"
    );
    let mut rng = StdRng::seed_from_u64(7);
    let ended = play_to_the_end(&app, &[&ann, &ben, &cal], &in_play, &mut rng).await;
    assert!(ended["outcome"]["ranking"].is_array(), "{ended}");
    let log = app.move_log(&ann, &in_play).await;
    assert!(
        array(&log["inputs"])
            .iter()
            .any(|input| input["seat"] == 2 && input["expired"] == false),
        "the bot never moved for seat 2: {log}"
    );

    // Finished: the history stays, the seat shows a deleted account with an id of that game
    // alone, and nothing any caller can read names the account.
    let mut stand_ins = Vec::new();
    for id in &finished {
        let game = app.game(&ann, id).await;
        assert_eq!(game["status"], "finished");
        let seat = &game["seats"][0];
        assert_eq!(seat["deleted"], true, "{game}");
        assert_eq!(seat["username"], "[deleted]");
        assert_ne!(seat["account_id"], json!(doomed.id));
        stand_ins.push(seat["account_id"].clone());
        let mut seen = vec![
            app.get(&ann, &format!("/v1/games/{id}")).await.text,
            app.get(&ann, &format!("/v1/games/{id}/events")).await.text,
            app.get(&ann, &format!("/v1/games/{id}/moves")).await.text,
        ];
        seen.push(
            app.get(&ann, "/v1/games?status=finished&limit=100")
                .await
                .text,
        );
        for text in seen {
            assert!(!text.contains(&doomed.id), "{text}");
            assert!(!text.contains("zed-doomed"), "{text}");
        }
        assert_eq!(int(&app.move_log(&ann, id).await["players"]), 4);
    }
    assert_ne!(
        stand_ins[0], stand_ins[1],
        "one id would link the two games"
    );
    let listing = app
        .get(&ann, "/v1/games?status=finished&limit=100")
        .await
        .expect_status(200);
    for game in array(&listing.body["games"]) {
        if finished.contains(&text(&game["id"])) {
            assert_eq!(game["seats"][0]["deleted"], true, "{game}");
        }
    }

    // The username is free again at once (docs/decisions.md says why).
    let again = app.player("zed-doomed").await;
    assert_ne!(again.id, doomed.id);
    let export = app.get(&again, "/v1/me/export").await.expect_status(200);
    assert_eq!(export.body["games"], json!([]), "{}", export.text);
}

per_backend!(a_wrong_password_deletes_nothing);
async fn a_wrong_password_deletes_nothing(app: TestApp) {
    let player = app.player("keeper").await;
    let game = app
        .post(
            &player,
            "/v1/games",
            json!({"kind": "trade_or_duel", "players": 4}),
        )
        .await
        .expect_status(201);
    let id = text(&game.body["id"]);
    app.delete_account(&player, "not the password at all")
        .await
        .assert_problem(403, "password_incorrect");
    // No body, or a body of another shape, is refused before any check.
    app.request(
        Method::DELETE,
        "/v1/me",
        Some(&player.token),
        Some(json!({})),
    )
    .await
    .assert_problem(400, "malformed");
    // Everything is still there, and the token still works.
    assert_eq!(app.game(&player, &id).await["status"], "open");
    let export = app.get(&player, "/v1/me/export").await.expect_status(200);
    assert_eq!(export.body["account"]["id"], json!(player.id));
    assert_eq!(array(&export.body["games"]).len(), 1);
    app.request(
        Method::POST,
        "/v1/sessions",
        None,
        Some(json!({"username": "keeper", "password": PASSWORD})),
    )
    .await
    .expect_status(201);
    // Without a token: 401, nothing else said.
    app.request(
        Method::DELETE,
        "/v1/me",
        None,
        Some(json!({"password": PASSWORD})),
    )
    .await
    .assert_problem(401, "unauthorized");
}
