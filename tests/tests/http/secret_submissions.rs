//! Secret submissions in simultaneous decisions leave no trace beyond "submitted: yes", and do
//! not make each other stale: the public `version` moves only with what others can see.

use blackbox::{Player, Reply, TestApp, per_backend};
use serde_json::{Value, json};

use crate::tribute::{orders, select, start, three_players};

/// Keys whose values differ between two games whatever happens in them: ids, the per-game seed
/// commitment and its nonce, and timestamps.
const PER_GAME: &[&str] = &[
    "id",
    "seed_commitment",
    "seed_nonce",
    "created_at",
    "started_at",
    "finished_at",
    "closed_at",
    "deadline_at",
];

/// `value` without the per-game keys, at any depth.
fn strip(value: &Value) -> Value {
    match value {
        Value::Object(map) => Value::Object(
            map.iter()
                .filter(|(key, _)| !PER_GAME.contains(&key.as_str()))
                .map(|(key, inner)| (key.clone(), strip(inner)))
                .collect(),
        ),
        Value::Array(items) => Value::Array(items.iter().map(strip).collect()),
        other => other.clone(),
    }
}

/// Every response `viewer` gets about game `id`: the game, its legal moves (for a seat), its
/// events, its entry in the listing, and the refusals of a stale and an illegal move. Unlike
/// [`TestApp::everything_seen`], it probes deciding seats too (every seat decides here: the
/// probes are illegal whatever the phase) and looks at the listing.
async fn everything_seen(app: &TestApp, viewer: &Player, id: &str, seated: bool) -> Value {
    let game = app.game(viewer, id).await;
    let version = game["version"].as_i64().unwrap_or_default();
    let listed = app
        .get(viewer, "/v1/games?kind=tribute&limit=100")
        .await
        .expect_status(200)
        .body["games"]
        .as_array()
        .and_then(|games| games.iter().find(|g| g["id"] == id).cloned())
        .unwrap_or_default();
    let mut refusals = Vec::new();
    let bad_cards = select(&[9; 10], 0);
    let bad_turn = json!({"type": "orders", "turn": 9, "plays": [], "doubles": 0});
    for (made_on, mv) in [
        (version + 1, bad_cards.clone()),
        (version, bad_cards),
        (version, bad_turn),
    ] {
        let reply = app.post_move(viewer, id, &json!(made_on), &mv).await;
        assert_ne!(reply.status, 200, "a probe was accepted: {}", reply.text);
        refusals.push(json!({"status": reply.status, "body": reply.body}));
    }
    let legal = if seated {
        app.legal_moves(viewer, id).await
    } else {
        Value::Null
    };
    strip(&json!({
        "game": game,
        "legal": legal,
        "events": app.events(viewer, id).await,
        "listed": listed,
        "refusals": refusals,
    }))
}

/// Asserts that seats 0 and 2 and the spectator are told the same about both games.
async fn assert_same_to_others(
    app: &TestApp,
    p: &[Player],
    spectator: &Player,
    ids: &[String; 2],
    when: &str,
) {
    for (viewer, seated) in [(&p[0], true), (&p[2], true), (spectator, false)] {
        let a = everything_seen(app, viewer, &ids[0], seated).await;
        let b = everything_seen(app, viewer, &ids[1], seated).await;
        assert_eq!(a, b, "{when}: {} can tell the games apart", viewer.username);
    }
}

/// Posts `mv` for `player` on the version it reads first; it must be accepted.
async fn submit(app: &TestApp, player: &Player, id: &str, mv: Value) -> Value {
    let reply = app.play(player, id, mv.clone()).await;
    assert_eq!(reply.status, 200, "{mv}: {}", reply.text);
    reply.body
}

per_backend!(replaced_submissions_cannot_be_counted_by_others);
/// Two games that differ only in seat 1 submitting once or three times, in the Selection phase
/// and in a turn: seats 0 and 2 and a spectator get the same responses about both.
async fn replaced_submissions_cannot_be_counted_by_others(app: TestApp) {
    let p = three_players(&app).await;
    let spectator = app.player("spectator").await;
    let options = json!({"card_total": 50, "deadline_secs": 86400});
    let ids = [
        start(&app, &p, options.clone()).await,
        start(&app, &p, options).await,
    ];
    let g0 = [0, 0, 2, 4, 5, 6, 7, 8, 9, 9];
    let g1 = [0, 1, 2, 4, 5, 5, 6, 7, 8, 9];
    let g2 = [0, 0, 0, 0, 4, 4, 9, 9, 9, 9];

    for id in &ids {
        submit(&app, &p[0], id, select(&g0, 0)).await;
    }
    assert_same_to_others(&app, &p, &spectator, &ids, "seat 0 selected").await;
    submit(&app, &p[1], &ids[0], select(&g1, 1)).await;
    submit(&app, &p[1], &ids[1], select(&[5; 10], 0)).await;
    submit(
        &app,
        &p[1],
        &ids[1],
        select(&[9, 9, 9, 9, 9, 5, 0, 0, 0, 0], 0),
    )
    .await;
    let own = submit(&app, &p[1], &ids[1], select(&g1, 1)).await;
    assert_eq!(
        own["view"]["pending"],
        json!({"type": "selection", "cards": g1, "doubles": 1}),
        "the submitter sees its latest choice"
    );
    assert_same_to_others(&app, &p, &spectator, &ids, "seat 1 selected once or thrice").await;
    for id in &ids {
        submit(&app, &p[2], id, select(&g2, 2)).await;
    }
    assert_same_to_others(&app, &p, &spectator, &ids, "the Selection closed").await;

    // Turn 1 (the rules' E8): seat 1 amends its orders in one game only.
    submit(&app, &p[1], &ids[0], orders(1, 1, 5, 8, 0)).await;
    submit(&app, &p[1], &ids[1], orders(1, 1, 9, 0, 1)).await;
    submit(&app, &p[1], &ids[1], orders(1, 1, 1, 2, 0)).await;
    submit(&app, &p[1], &ids[1], orders(1, 1, 5, 8, 0)).await;
    assert_same_to_others(&app, &p, &spectator, &ids, "seat 1 ordered once or thrice").await;
    for id in &ids {
        submit(&app, &p[0], id, orders(0, 1, 7, 9, 0)).await;
        submit(&app, &p[2], id, orders(2, 1, 4, 0, 0)).await;
    }
    assert_same_to_others(&app, &p, &spectator, &ids, "turn 1 resolved").await;
    let game = app.game(&spectator, &ids[1]).await;
    let scores: Vec<Value> = (0..3)
        .map(|seat| game["view"]["seats"][seat]["score"].clone())
        .collect();
    assert_eq!(scores, [json!(2), json!(0), json!(-2)], "E8 resolves as E1");
    // Two phases closed: the public version counts them, not the submissions.
    assert_eq!(game["version"], 2);

    // The log published at the end lists every input; here the game is still running.
    app.get(&spectator, &format!("/v1/games/{}/moves", ids[1]))
        .await
        .assert_problem(409, "game_not_over");
}

async fn post_on(app: &TestApp, id: &str, player: &Player, version: i64, mv: Value) -> Reply {
    app.post_move(player, id, &json!(version), &mv).await
}

per_backend!(seats_that_read_the_same_version_are_all_accepted);
/// Three seats read the game once and submit on that version one after another (and two of
/// them at the same moment): all are accepted. The phase closing then makes that version stale.
async fn seats_that_read_the_same_version_are_all_accepted(app: TestApp) {
    let p = three_players(&app).await;
    let id = start(&app, &p, json!({})).await;
    let read = app.game(&p[2], &id).await["version"].as_i64().unwrap_or(-1);
    assert_eq!(read, 0);
    for (seat, player) in p.iter().enumerate() {
        let reply = post_on(&app, &id, player, read, select(&[5; 10], 0)).await;
        assert_eq!(reply.status, 200, "seat {seat}: {}", reply.text);
        let expected = if seat < 2 { read } else { read + 1 };
        assert_eq!(reply.body["version"], expected, "seat {seat}");
    }

    // Turn 1: seats 0 and 1 submit at the same moment, seat 0 replaces, seat 2 closes the turn.
    let read = app.game(&p[0], &id).await["version"].as_i64().unwrap_or(-1);
    let (first, second) = tokio::join!(
        post_on(&app, &id, &p[0], read, orders(0, 1, 5, 5, 0)),
        post_on(&app, &id, &p[1], read, orders(1, 1, 5, 5, 0)),
    );
    assert_eq!(
        (first.status, second.status),
        (200, 200),
        "{} / {}",
        first.text,
        second.text
    );
    post_on(&app, &id, &p[0], read, orders(0, 1, 5, 5, 0))
        .await
        .expect_status(200);
    let closing = post_on(&app, &id, &p[2], read, orders(2, 1, 5, 5, 0))
        .await
        .expect_status(200);
    assert_eq!(closing.body["version"], read + 1);
    assert_eq!(
        closing.body["view"]["turns"].as_array().map(Vec::len),
        Some(1)
    );
    // Seat 0 read before the turn closed: a change it can see, so its version is stale.
    post_on(&app, &id, &p[0], read, orders(0, 2, 5, 5, 0))
        .await
        .assert_problem(409, "stale_version");

    // Each event carries the public version of its input; seat 0's replacement is no event.
    let events = app.events(&p[0], &id).await;
    let seen: Vec<(Value, Value)> = events["events"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|entry| (entry["event"]["type"].clone(), entry["version"].clone()))
        .collect();
    let expected: Vec<(Value, Value)> = [
        ("phase_started", 0),
        ("selection_submitted", 0),
        ("selection_submitted", 0),
        ("selection_submitted", 1),
        ("selection_closed", 1),
        ("phase_started", 1),
        ("orders_submitted", 1),
        ("orders_submitted", 1),
        ("orders_submitted", 2),
        ("turn_resolved", 2),
        ("phase_started", 2),
    ]
    .into_iter()
    .map(|(kind, version)| (json!(kind), json!(version)))
    .collect();
    assert_eq!(seen, expected);
}

per_backend!(a_passed_deadline_makes_a_read_version_stale);
/// A passed deadline is a change everyone can see: a version read before it is stale.
async fn a_passed_deadline_makes_a_read_version_stale(app: TestApp) {
    let p = three_players(&app).await;
    let id = start(&app, &p, json!({"deadline_secs": 1})).await;
    let read = app.game(&p[0], &id).await["version"].as_i64().unwrap_or(-1);
    app.advance_clock(2);
    app.post_move(&p[0], &id, &json!(read), &select(&[5; 10], 0))
        .await
        .assert_problem(409, "stale_version");
    assert!(app.game(&p[0], &id).await["version"].as_i64().unwrap_or(-1) > read);
}

per_backend!(both_parties_of_a_trade_choose_on_the_version_they_read);
/// Trade or Duel: the two card choices of a trade are made on the same version; onlookers see
/// that the first was made, and no version change.
async fn both_parties_of_a_trade_choose_on_the_version_they_read(app: TestApp) {
    let p = app
        .players(&["trader0", "trader1", "trader2", "trader3"])
        .await;
    let spectator = app.player("onlooker").await;
    let setup = json!({"hands": [[4, 15], [7, 10], [1, 16], [5, 12]], "first_player": 0});
    let id = app
        .start_game(
            &p[0],
            &[&p[1], &p[2], &p[3]],
            json!({"kind": "trade_or_duel", "players": 4, "setup": setup}),
        )
        .await;
    app.play(
        &p[0],
        &id,
        json!({"type": "declare", "target": 1, "action": "trade"}),
    )
    .await
    .expect_status(200);
    app.play(&p[1], &id, json!({"type": "answer", "count": 1}))
        .await
        .expect_status(200);
    let read = app.game(&p[0], &id).await["version"].clone();
    let before = app.game(&spectator, &id).await;
    let choose = |card: u8| json!({"type": "choose_cards", "cards": [card]});
    app.post_move(&p[1], &id, &read, &choose(7))
        .await
        .expect_status(200);
    let between = app.game(&spectator, &id).await;
    assert_eq!(between["version"], before["version"]);
    assert_eq!(between["view"]["interaction"]["target_committed"], true);
    let resolved = app
        .post_move(&p[0], &id, &read, &choose(15))
        .await
        .expect_status(200);
    assert_eq!(resolved.body["version"], read.as_i64().unwrap_or(-1) + 1);
    assert_eq!(resolved.body["view"]["hand"], json!([4, 7]));
}

per_backend!(the_seats_of_a_trim_discard_on_the_version_they_read);
/// Tricky Tribes: the seats of a whole-deck deal trim on one version.
async fn the_seats_of_a_trim_discard_on_the_version_they_read(app: TestApp) {
    let p = app.seat_players(6).await;
    let others: Vec<&Player> = p[1..].iter().collect();
    let id = app
        .start_game(
            &p[0],
            &others,
            json!({"kind": "tricky_tribes", "players": 6, "options": {"jokers": 0}}),
        )
        .await;
    let game = app.game(&p[0], &id).await;
    let read = game["version"].clone();
    let trimming: Vec<usize> = game["to_act"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(Value::as_u64)
        .map(|seat| seat as usize)
        .collect();
    assert_eq!(trimming.len(), 4, "{game}");
    for (done, seat) in trimming.iter().enumerate() {
        let hand = app.game(&p[*seat], &id).await["view"]["hands"][*seat]["cards"][0].clone();
        let trim = json!({"type": "trim_discard", "card": hand});
        let reply = app
            .post_move(&p[*seat], &id, &read, &trim)
            .await
            .expect_status(200);
        let last = done + 1 == trimming.len();
        assert_eq!(
            reply.body["version"] != read,
            last,
            "trim {done}: {}",
            reply.body["version"]
        );
    }
}
