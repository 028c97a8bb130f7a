use blackbox::json::{array, text};
use blackbox::{TestApp, per_backend};
use serde_json::{Value, json};

per_backend!(a_game_starts_when_its_last_seat_is_taken);
async fn a_game_starts_when_its_last_seat_is_taken(app: TestApp) {
    let [a, b, c, d] = [
        app.player("anna").await,
        app.player("ben").await,
        app.player("cleo").await,
        app.player("dan").await,
    ];
    let created = app
        .post(
            &a,
            "/v1/games",
            json!({"kind": "trade_or_duel", "players": 4}),
        )
        .await
        .expect_status(201);
    let id = text(&created.body["id"]);
    assert_eq!(created.body["status"], "open");
    assert_eq!(created.body["your_seat"], 0);
    assert_eq!(created.body["fixed_setup"], false);
    assert!(created.body["view"].is_null());
    assert_eq!(
        created.body["seed_commitment"].as_str().map(str::len),
        Some(64)
    );
    assert!(created.body["seed"].is_null());

    for (player, seat) in [(&b, 1), (&c, 2)] {
        let joined = app
            .post(player, &format!("/v1/games/{id}/join"), json!({}))
            .await;
        let joined = joined.expect_status(200);
        assert_eq!(joined.body["your_seat"], seat);
        assert_eq!(joined.body["status"], "open");
    }
    app.post(&b, &format!("/v1/games/{id}/join"), json!({}))
        .await
        .assert_problem(409, "already_seated");

    let started = app
        .post(&d, &format!("/v1/games/{id}/join"), json!({}))
        .await
        .expect_status(200);
    assert_eq!(started.body["status"], "active");
    assert_eq!(started.body["your_seat"], 3);
    assert_eq!(started.body["seats"].as_array().map(Vec::len), Some(4));
    assert_eq!(
        started.body["view"]["hand"].as_array().map(Vec::len),
        Some(2)
    );
    assert_eq!(started.body["to_act"].as_array().map(Vec::len), Some(1));

    let late = app.player("eve").await;
    app.post(&late, &format!("/v1/games/{id}/join"), json!({}))
        .await
        .assert_problem(409, "not_open");
}

per_backend!(games_created_with_a_seed_or_setup_are_marked_fixed);
async fn games_created_with_a_seed_or_setup_are_marked_fixed(app: TestApp) {
    let alice = app.player("alice").await;
    let seeded = app
        .post(
            &alice,
            "/v1/games",
            json!({"kind": "trade_or_duel", "players": 4, "seed": "s1"}),
        )
        .await
        .expect_status(201);
    assert_eq!(seeded.body["fixed_setup"], true);
    let setup = json!({"hands": [[4, 15], [7, 10], [1, 16], [5, 12]], "first_player": 0});
    let dealt = app
        .post(
            &alice,
            "/v1/games",
            json!({"kind": "trade_or_duel", "players": 4, "setup": setup}),
        )
        .await
        .expect_status(201);
    assert_eq!(dealt.body["fixed_setup"], true);
    let fair = app
        .post(
            &alice,
            "/v1/games",
            json!({"kind": "trade_or_duel", "players": 4}),
        )
        .await
        .expect_status(201);
    assert_eq!(fair.body["fixed_setup"], false);

    let page = app
        .get(&alice, "/v1/games?mine=true")
        .await
        .expect_status(200)
        .body;
    assert_eq!(page["games"].as_array().map(Vec::len), Some(3));
    let fixed: Vec<Value> = array(&page["games"])
        .iter()
        .map(|game| game["fixed_setup"].clone())
        .collect();
    assert_eq!(
        fixed.iter().filter(|fixed| **fixed == true).count(),
        2,
        "{fixed:?}"
    );
    assert_eq!(
        fixed.iter().filter(|fixed| **fixed == false).count(),
        1,
        "{fixed:?}"
    );
}

per_backend!(listing_filters_and_paginates);
async fn listing_filters_and_paginates(app: TestApp) {
    let alice = app.player("alice").await;
    let bob = app.player("bob").await;
    for _ in 0..3 {
        app.post(
            &alice,
            "/v1/games",
            json!({"kind": "trade_or_duel", "players": 4}),
        )
        .await
        .expect_status(201);
    }
    app.post(
        &bob,
        "/v1/games",
        json!({"kind": "trade_or_duel", "players": 5}),
    )
    .await
    .expect_status(201);

    let count = |page: &Value| page["games"].as_array().map_or(0, Vec::len);
    let all = app.get(&bob, "/v1/games").await.expect_status(200).body;
    assert_eq!(count(&all), 4);
    assert_eq!(all["next_cursor"], Value::Null, "one page holds them all");
    let mine = app
        .get(&bob, "/v1/games?mine=true")
        .await
        .expect_status(200)
        .body;
    assert_eq!(count(&mine), 1);
    assert_eq!(mine["games"][0]["players"], 5);

    // Pages of 3, then of 1, newest first: together the whole listing, each game once.
    let first = app
        .get(&bob, "/v1/games?limit=3")
        .await
        .expect_status(200)
        .body;
    assert_eq!(count(&first), 3);
    let cursor = first["next_cursor"].as_str().unwrap_or_default().to_owned();
    assert!(
        !cursor.is_empty(),
        "a page with more after it says where: {first}"
    );
    let second = app
        .get(&bob, &format!("/v1/games?limit=3&cursor={cursor}"))
        .await
        .expect_status(200)
        .body;
    assert_eq!(count(&second), 1);
    assert_eq!(second["next_cursor"], Value::Null);
    let paged: Vec<Value> = array(&first["games"])
        .iter()
        .chain(array(&second["games"]).iter())
        .map(|game| game["id"].clone())
        .collect();
    let listed: Vec<Value> = array(&all["games"])
        .iter()
        .map(|game| game["id"].clone())
        .collect();
    assert_eq!(paged, listed);

    let open = app
        .get(&bob, "/v1/games?status=open&kind=trade_or_duel")
        .await
        .expect_status(200)
        .body;
    // Open games are listed for joining: not the one Bob sits in.
    assert_eq!(count(&open), 3);
    let active = app
        .get(&bob, "/v1/games?status=active")
        .await
        .expect_status(200)
        .body;
    assert_eq!(count(&active), 0);
    app.get(&bob, "/v1/games?limit=0")
        .await
        .assert_problem(422, "invalid_page");
    for cursor in [
        "nonsense",
        "12.not-a-uuid",
        "x.00000000000000000000000000000000",
    ] {
        app.get(&bob, &format!("/v1/games?cursor={cursor}"))
            .await
            .assert_problem(422, "invalid_page");
    }
    app.get(&bob, "/v1/games?offset=1")
        .await
        .assert_problem(400, "malformed");
    app.get(&bob, "/v1/games?kind=chess")
        .await
        .assert_problem(422, "unknown_kind");
    app.get(&bob, "/v1/games?status=paused")
        .await
        .assert_problem(400, "malformed");
}

per_backend!(a_seed_is_1_to_256_printable_ascii_characters);
async fn a_seed_is_1_to_256_printable_ascii_characters(app: TestApp) {
    let alice = app.player("alice").await;
    let create = |seed: String| json!({"kind": "trade_or_duel", "players": 4, "seed": seed});
    for accepted in ["x".to_owned(), " ~".to_owned(), "s".repeat(256)] {
        app.post(&alice, "/v1/games", create(accepted))
            .await
            .expect_status(201);
    }
    // The contract's pattern counts characters; only ASCII makes them the bytes hashed.
    for refused in [
        String::new(),
        "s".repeat(257),
        "é".to_owned(),
        "tab\t".to_owned(),
    ] {
        app.post(&alice, "/v1/games", create(refused))
            .await
            .assert_problem(422, "invalid_seed");
    }
}

per_backend!(a_number_without_a_fraction_is_an_integer_as_in_the_contract);
async fn a_number_without_a_fraction_is_an_integer_as_in_the_contract(app: TestApp) {
    let alice = app.player("alice").await;
    let created = app
        .post(
            &alice,
            "/v1/games",
            json!({"kind": "trade_or_duel", "players": 4.0, "options": {"turns_each": 2.0}}),
        )
        .await
        .expect_status(201);
    assert_eq!(created.body["players"], 4);
    assert_eq!(created.body["options"]["turns_each"], 2);
    app.post(
        &alice,
        "/v1/games",
        json!({"kind": "trade_or_duel", "players": 4.5}),
    )
    .await
    .assert_problem(400, "malformed");
}
