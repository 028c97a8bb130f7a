//! Ratings: a finished rated game moves its players' ratings with their places (by side in a
//! team game), bots are rated as their level's account, unrated and cancelled games change
//! nothing, profiles and leaderboards show the numbers, and a replay of every rated game meets
//! the stored numbers bit for bit.

use std::collections::HashMap;

use blackbox::{Player, TestApp, per_backend, play_random_move};
use rand::SeedableRng;
use rand::rngs::StdRng;
use serde_json::{Value, json};

use crate::live_bots::play_against_bots;

const INITIAL_RATING: f64 = 25.0;

/// Plays random legal moves for every seat until the game is over; returns the finished game.
async fn play_out(app: &TestApp, seats: &[&Player], id: &str, rng: &mut StdRng) -> Value {
    for _ in 0..5_000 {
        if play_random_move(app, seats, id, rng).await.is_none() {
            return app.game(seats[0], id).await;
        }
    }
    panic!("the game did not end in 5000 moves");
}

/// A four-player Trade or Duel of one turn each (the quickest game to play out), created by
/// `seats[0]` with `extra` fields in the request.
async fn quick_game(app: &TestApp, seats: &[&Player], extra: Value, rng: &mut StdRng) -> Value {
    let mut request = json!({"kind": "trade_or_duel", "players": 4, "options": {"turns_each": 1}});
    if let (Some(request), Some(extra)) = (request.as_object_mut(), extra.as_object()) {
        request.extend(extra.clone());
    }
    let id = app.start_game(seats[0], &seats[1..], request).await;
    play_out(app, seats, &id, rng).await
}

async fn profile(app: &TestApp, viewer: &Player, username: &str) -> Value {
    app.get(viewer, &format!("/v1/accounts/{username}"))
        .await
        .expect_status(200)
        .body
}

/// `username`'s rating of `kind` as its profile shows it.
async fn rating(app: &TestApp, viewer: &Player, username: &str, kind: &str) -> Value {
    let profile = profile(app, viewer, username).await;
    profile["ratings"]
        .as_array()
        .and_then(|ratings| ratings.iter().find(|rating| rating["kind"] == kind))
        .cloned()
        .unwrap_or_else(|| panic!("no {kind} rating in {profile}"))
}

fn number(value: &Value) -> f64 {
    value
        .as_f64()
        .unwrap_or_else(|| panic!("not a number: {value}"))
}

/// Each seat's place in a finished game.
fn places(game: &Value) -> HashMap<u64, u64> {
    game["outcome"]["ranking"]
        .as_array()
        .expect("a finished game has a ranking")
        .iter()
        .map(|placing| {
            (
                placing["seat"].as_u64().expect("a seat"),
                placing["place"].as_u64().expect("a place"),
            )
        })
        .collect()
}

/// The replay of every rated game meets the stored ratings exactly; returns how many games
/// it replayed.
async fn replay_matches(app: &TestApp) -> usize {
    let database = app.database().await;
    let replay = tokio::task::spawn_blocking(move || database.replay_ratings(false))
        .await
        .expect("the replay panicked")
        .expect("the replay ran");
    assert!(
        replay.differences.is_empty(),
        "stored ratings differ from the replay: {:?}",
        replay.differences
    );
    replay.games
}

per_backend!(a_rated_game_moves_ratings_with_the_places);
async fn a_rated_game_moves_ratings_with_the_places(app: TestApp) {
    let mut rng = StdRng::seed_from_u64(1);
    // Fresh players each time, until a game has a sole winner and a last place apart from it
    // (a draw says little about directions).
    for attempt in 0..6 {
        let players = app
            .players(["ann", "ben", "cal", "dee"].map(|name| format!("{name}{attempt}")))
            .await;
        let seats: Vec<&Player> = players.iter().collect();
        let game = quick_game(&app, &seats, json!({}), &mut rng).await;
        assert_eq!(game["rated"], true, "{game}");
        let by_seat = places(&game);
        let best = by_seat.values().min().copied().unwrap_or(1);
        let worst = by_seat.values().max().copied().unwrap_or(1);
        let sole_best = by_seat.values().filter(|place| **place == best).count() == 1;
        if sole_best && best != worst {
            check_directions(&app, &seats, &by_seat).await;
            assert_eq!(replay_matches(&app).await, attempt + 1);
            return;
        }
    }
    panic!("no game had a sole winner");
}

/// After one rated game with these places, from the initial ratings: the seats' ratings
/// order as their places do, the winner up and the last down; each has one game and is
/// provisional.
async fn check_directions(app: &TestApp, seats: &[&Player], by_seat: &HashMap<u64, u64>) {
    let mut ratings = Vec::new();
    for (seat, player) in seats.iter().enumerate() {
        let shown = rating(app, seats[0], &player.username, "trade_or_duel").await;
        assert_eq!(shown["games"], 1, "{shown}");
        assert_eq!(shown["provisional"], true, "{shown}");
        assert!(number(&shown["uncertainty"]) < 25.0 / 3.0, "{shown}");
        let place = by_seat[&u64::try_from(seat).expect("a seat")];
        ratings.push((place, number(&shown["rating"])));
    }
    let best = ratings.iter().map(|(place, _)| *place).min().unwrap_or(1);
    let worst = ratings.iter().map(|(place, _)| *place).max().unwrap_or(1);
    for &(place, rating) in &ratings {
        if place == best {
            assert!(rating > INITIAL_RATING, "the winner went down: {ratings:?}");
        }
        if place == worst {
            assert!(rating < INITIAL_RATING, "the last went up: {ratings:?}");
        }
        // From equal ratings a better place ends higher, an equal place equal.
        for &(other_place, other) in &ratings {
            if place < other_place {
                assert!(rating > other, "{ratings:?}");
            }
            if place == other_place {
                assert_eq!(rating.to_bits(), other.to_bits(), "{ratings:?}");
            }
        }
    }
    // Another kind is untouched.
    let other = rating(app, seats[0], &seats[0].username, "intrigue").await;
    assert_eq!(number(&other["rating"]), INITIAL_RATING);
    assert_eq!(other["games"], 0);
}

per_backend!(unrated_fixed_and_cancelled_games_change_no_rating);
async fn unrated_fixed_and_cancelled_games_change_no_rating(app: TestApp) {
    let players = app.players(["ann", "ben", "cal", "dee"]).await;
    let seats: Vec<&Player> = players.iter().collect();
    let mut rng = StdRng::seed_from_u64(2);

    let unrated = quick_game(&app, &seats, json!({"rated": false}), &mut rng).await;
    assert_eq!(unrated["status"], "finished");
    assert_eq!(unrated["rated"], false);
    let fixed = quick_game(&app, &seats, json!({"seed": "fixed deal"}), &mut rng).await;
    assert_eq!(fixed["status"], "finished");
    assert_eq!(
        (&fixed["rated"], &fixed["fixed_setup"]),
        (&json!(false), &json!(true))
    );
    // A fixed deal cannot be rated.
    app.post(
        seats[0],
        "/v1/games",
        json!({"kind": "trade_or_duel", "players": 4, "seed": "fixed deal", "rated": true}),
    )
    .await
    .assert_problem(422, "rated_fixed_setup");
    // A game cancelled before its start.
    let created = app
        .post(
            seats[0],
            "/v1/games",
            json!({"kind": "trade_or_duel", "players": 4}),
        )
        .await
        .expect_status(201);
    assert_eq!(created.body["rated"], true);
    let id = created.body["id"].as_str().expect("an id").to_owned();
    app.request(
        reqwest::Method::DELETE,
        &format!("/v1/games/{id}"),
        Some(&seats[0].token),
        None,
    )
    .await
    .expect_status(204);
    // Listings show whether a game is rated.
    let listed = app
        .get(seats[0], "/v1/games?mine=true")
        .await
        .expect_status(200);
    let flags: Vec<&Value> = listed.body["games"]
        .as_array()
        .expect("games")
        .iter()
        .map(|game| &game["rated"])
        .collect();
    assert_eq!(flags, [&json!(false), &json!(false)], "{}", listed.text);

    for player in &players {
        let shown = rating(&app, seats[0], &player.username, "trade_or_duel").await;
        assert_eq!(number(&shown["rating"]), INITIAL_RATING, "{shown}");
        assert_eq!(number(&shown["uncertainty"]), 25.0 / 3.0, "{shown}");
        assert_eq!(shown["games"], 0);
        assert_eq!(shown["provisional"], true);
    }
    assert_eq!(replay_matches(&app).await, 0);
}

per_backend!(a_team_game_rates_each_side_as_one);
async fn a_team_game_rates_each_side_as_one(app: TestApp) {
    let players = app.players(["ann", "ben", "cal", "dee"]).await;
    let seats: Vec<&Player> = players.iter().collect();
    let mut rng = StdRng::seed_from_u64(3);
    let teams = json!([[0, 2], [1, 3]]);
    let id = app
        .start_game(
            seats[0],
            &seats[1..],
            json!({"kind": "tricky_tribes", "players": 4, "options": {
                "teams": teams, "end_condition": "fixed_rounds", "rounds": 1}}),
        )
        .await;
    let game = play_out(&app, &seats, &id, &mut rng).await;
    let by_seat = places(&game);
    assert_eq!(by_seat[&0], by_seat[&2], "teammates share a place: {game}");
    assert_eq!(by_seat[&1], by_seat[&3], "teammates share a place: {game}");
    let mut shown = Vec::new();
    for player in &players {
        shown.push(rating(&app, seats[0], &player.username, "tricky_tribes").await);
    }
    for (a, b) in [(0, 2), (1, 3)] {
        assert_eq!(
            shown[a]["rating"], shown[b]["rating"],
            "teammates move together"
        );
        assert_eq!(shown[a]["uncertainty"], shown[b]["uncertainty"]);
        assert_eq!(shown[a]["games"], 1);
    }
    let (first, second) = (number(&shown[0]["rating"]), number(&shown[1]["rating"]));
    match by_seat[&0].cmp(&by_seat[&1]) {
        std::cmp::Ordering::Less => assert!(first > INITIAL_RATING && second < INITIAL_RATING),
        std::cmp::Ordering::Greater => assert!(first < INITIAL_RATING && second > INITIAL_RATING),
        // A drawn match: two equal sides stay level with each other.
        std::cmp::Ordering::Equal => assert_eq!(first.to_bits(), second.to_bits()),
    }
    assert_eq!(replay_matches(&app).await, 1);
}

per_backend!(bots_are_rated_as_the_accounts_of_their_levels);
async fn bots_are_rated_as_the_accounts_of_their_levels(app: TestApp) {
    let person = app.player("solo").await;
    let mut rng = StdRng::seed_from_u64(4);
    // Two random bots and a searching one: the random level plays two seats.
    let created = app
        .post(
            &person,
            "/v1/games",
            json!({"kind": "trade_or_duel", "players": 4, "options": {"turns_each": 1},
                "bots": [{"seat": 1, "level": "random"}, {"seat": 2, "level": "search"},
                         {"seat": 3, "level": "random"}]}),
        )
        .await
        .expect_status(201);
    let id = created.body["id"].as_str().expect("an id").to_owned();
    let game = play_against_bots(&app, &person, &id, &mut rng).await;
    assert_eq!(game["rated"], true);

    for level in ["random", "search"] {
        let bot = profile(&app, &person, &format!("bot-{level}")).await;
        assert_eq!(bot["bot"], true, "{bot}");
        let rated = rating(&app, &person, &format!("bot-{level}"), "trade_or_duel").await;
        // The random level held two seats and still counts the game once.
        assert_eq!(rated["games"], 1, "{rated}");
        assert_ne!(number(&rated["uncertainty"]), 25.0 / 3.0, "{rated}");
    }
    let me = profile(&app, &person, "solo").await;
    assert_eq!(me["bot"], false);
    assert_eq!(
        rating(&app, &person, "solo", "trade_or_duel").await["games"],
        1
    );

    // The bots' accounts cannot be logged into, and their names cannot be taken.
    for password in ["a long enough password", "!bot"] {
        let login = app
            .request(
                reqwest::Method::POST,
                "/v1/sessions",
                None,
                Some(json!({"username": "bot-random", "password": password})),
            )
            .await;
        assert_eq!(login.status, 401, "{}", login.text);
    }
    for name in ["bot-random", "bot-future", "BOT-search", "Bot-x"] {
        app.request(
            reqwest::Method::POST,
            "/v1/accounts",
            None,
            Some(json!({"username": name, "password": "a long enough password"})),
        )
        .await
        .assert_problem(422, "username_reserved");
    }
    // Unknown accounts are 404.
    app.get(&person, "/v1/accounts/nobody-here")
        .await
        .assert_problem(404, "account_not_found");
    assert_eq!(replay_matches(&app).await, 1);
}

/// Games to play before a rating stops being provisional, in the leaderboard scenario.
const LOW_PROVISIONAL: u32 = 2;

#[tokio::test]
async fn the_leaderboard_lists_settled_players_best_first_page_by_page_sqlite() {
    leaderboard_scenario(&blackbox::Backend::Sqlite).await;
}

#[tokio::test]
async fn the_leaderboard_lists_settled_players_best_first_page_by_page_postgres() {
    if let Some(backend) = blackbox::postgres_backend() {
        leaderboard_scenario(&backend).await;
    }
}

async fn leaderboard_scenario(backend: &blackbox::Backend) {
    let app = TestApp::spawn_with(backend, |settings| {
        settings.rating_provisional_games = Some(LOW_PROVISIONAL);
    })
    .await;
    let players = app.players(["ann", "ben", "cal", "dee", "eve"]).await;
    let four: Vec<&Player> = players[..4].iter().collect();
    let mut rng = StdRng::seed_from_u64(5);
    for _ in 0..LOW_PROVISIONAL {
        quick_game(&app, &four, json!({}), &mut rng).await;
    }
    // Eve plays one game against bots: she and the bots stay provisional.
    let created = app
        .post(
            &players[4],
            "/v1/games",
            json!({"kind": "trade_or_duel", "players": 4, "options": {"turns_each": 1},
                "bots": [{"seat": 1, "level": "random"}, {"seat": 2, "level": "random"},
                         {"seat": 3, "level": "random"}]}),
        )
        .await
        .expect_status(201);
    let id = created.body["id"].as_str().expect("an id").to_owned();
    play_against_bots(&app, &players[4], &id, &mut rng).await;
    let eve = rating(&app, &players[4], "eve", "trade_or_duel").await;
    assert_eq!(
        (&eve["games"], &eve["provisional"]),
        (&json!(1), &json!(true))
    );
    let ann = rating(&app, &players[4], "ann", "trade_or_duel").await;
    assert_eq!(
        (&ann["games"], &ann["provisional"]),
        (&json!(2), &json!(false))
    );

    // Page by page, two at a time.
    let mut listed: Vec<Value> = Vec::new();
    let mut path = "/v1/leaderboards/trade_or_duel?limit=2".to_owned();
    loop {
        let page = app.get(&players[0], &path).await.expect_status(200);
        let entries = page.body["entries"].as_array().expect("entries").clone();
        assert!(entries.len() <= 2, "{}", page.text);
        listed.extend(entries);
        match page.body["next_cursor"].as_str() {
            Some(cursor) => {
                path = format!("/v1/leaderboards/trade_or_duel?limit=2&cursor={cursor}");
            }
            None => break,
        }
        assert!(listed.len() <= 10, "the pages do not end");
    }
    let names: Vec<&str> = listed
        .iter()
        .map(|entry| entry["username"].as_str().expect("a username"))
        .collect();
    let mut sorted = names.clone();
    sorted.sort_unstable();
    assert_eq!(sorted, ["ann", "ben", "cal", "dee"], "settled players only");
    for pair in listed.windows(2) {
        let (a, b) = (number(&pair[0]["rating"]), number(&pair[1]["rating"]));
        let tie_ordered = pair[0]["account_id"].as_str() < pair[1]["account_id"].as_str();
        assert!(a > b || (a == b && tie_ordered), "out of order: {listed:?}");
    }
    for entry in &listed {
        assert_eq!(entry["bot"], false);
        assert_eq!(entry["games"], 2);
        let shown = rating(
            &app,
            &players[0],
            entry["username"].as_str().unwrap_or(""),
            "trade_or_duel",
        )
        .await;
        assert_eq!(shown["rating"], entry["rating"]);
    }
    // One page of everything says the same.
    let whole = app
        .get(&players[0], "/v1/leaderboards/trade_or_duel?limit=100")
        .await
        .expect_status(200);
    assert_eq!(whole.body["entries"].as_array(), Some(&listed));
    assert_eq!(whole.body["next_cursor"], Value::Null);

    // One more game for the bots' level settles it: bots are listed, marked as bots.
    let created = app
        .post(
            &players[4],
            "/v1/games",
            json!({"kind": "trade_or_duel", "players": 4, "options": {"turns_each": 1},
                "bots": [{"seat": 1, "level": "random"}, {"seat": 2, "level": "random"},
                         {"seat": 3, "level": "random"}]}),
        )
        .await
        .expect_status(201);
    let id = created.body["id"].as_str().expect("an id").to_owned();
    play_against_bots(&app, &players[4], &id, &mut rng).await;
    let whole = app
        .get(&players[0], "/v1/leaderboards/trade_or_duel")
        .await
        .expect_status(200);
    let bots: Vec<&Value> = whole.body["entries"]
        .as_array()
        .expect("entries")
        .iter()
        .filter(|entry| entry["username"] == "bot-random")
        .collect();
    assert_eq!(bots.len(), 1, "{}", whole.text);
    assert_eq!(bots[0]["bot"], true);
    assert_eq!(whole.body["entries"].as_array().map(Vec::len), Some(6));

    // Bad requests.
    app.get(&players[0], "/v1/leaderboards/chess")
        .await
        .assert_problem(404, "unknown_kind");
    app.get(
        &players[0],
        "/v1/leaderboards/trade_or_duel?cursor=nonsense",
    )
    .await
    .assert_problem(422, "invalid_page");
    app.get(&players[0], "/v1/leaderboards/trade_or_duel?limit=0")
        .await
        .assert_problem(422, "invalid_page");
    assert_eq!(replay_matches(&app).await, 4);

    // A stored rating one step off is caught, and a repair puts the replayed one back.
    let database = app.database().await;
    let ann_id = uuid::Uuid::parse_str(&players[0].id).expect("an account id");
    let found = tokio::task::spawn_blocking(move || {
        let nudged = database.nudge_ratings(ann_id).expect("nudged");
        let check = database.replay_ratings(false).expect("a check");
        let repair = database.replay_ratings(true).expect("a repair");
        (nudged, check, repair)
    })
    .await
    .expect("the replay panicked");
    let (nudged, check, repair) = found;
    assert_eq!(nudged, 1);
    assert_eq!(check.differences.len(), 1, "{:?}", check.differences);
    assert_eq!(check.differences[0].account_id, ann_id);
    assert_eq!(repair.differences.len(), 1);
    assert_eq!(replay_matches(&app).await, 4);
    assert_eq!(
        rating(&app, &players[0], "ann", "trade_or_duel").await["rating"],
        ann["rating"]
    );
}

per_backend!(a_replay_still_matches_after_a_player_deletes_the_account);
async fn a_replay_still_matches_after_a_player_deletes_the_account(app: TestApp) {
    let mut rng = StdRng::seed_from_u64(7);
    let players = app.players(["ann", "ben", "cal", "dee"]).await;
    let seats: Vec<&Player> = players.iter().collect();
    // Two rated games in a row, so the second starts from ratings the first moved.
    quick_game(&app, &seats, json!({}), &mut rng).await;
    quick_game(&app, &seats, json!({}), &mut rng).await;
    assert_eq!(replay_matches(&app).await, 2);
    let ben_before = rating(&app, &players[0], "ben", "trade_or_duel").await;
    app.delete_account(&players[3], "a long enough password")
        .await
        .expect_status(204);
    // Dee's seats passed to stand-ins of their own games; the others' ratings, which Dee's
    // rating helped to move, replay to the stored numbers all the same.
    assert_eq!(replay_matches(&app).await, 2);
    assert_eq!(
        rating(&app, &players[0], "ben", "trade_or_duel").await,
        ben_before
    );
}
