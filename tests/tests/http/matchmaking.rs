//! Quick match: tickets wait as rows, compatible ones share a started game, lone ones get
//! bots after their wait, owners alone see them, and with two processes on one PostgreSQL
//! database no ticket is matched twice.

use std::collections::{HashMap, HashSet};
use std::time::{Duration, Instant};

use blackbox::{EventStream, Player, Read, TestApp, per_backend, postgres_only};
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use reqwest::Method;
use serde_json::{Value, json};

const TICKETS: &str = "/v1/matchmaking/tickets";
const WAIT: Duration = Duration::from_secs(15);

async fn post_ticket(app: &TestApp, player: &Player, body: Value) -> Value {
    app.post(player, TICKETS, body)
        .await
        .expect_status(201)
        .body
}

fn ticket_path(ticket: &Value) -> String {
    format!(
        "{TICKETS}/{}",
        ticket["id"].as_str().expect("a ticket has an id")
    )
}

/// The ticket once it is no longer waiting; fails after [`WAIT`].
async fn until_closed(app: &TestApp, player: &Player, ticket: &Value) -> Value {
    let deadline = Instant::now() + WAIT;
    loop {
        let now = app
            .get(player, &ticket_path(ticket))
            .await
            .expect_status(200)
            .body;
        if now["status"] != "waiting" {
            return now;
        }
        assert!(Instant::now() < deadline, "never matched: {now}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// Several matcher passes (at 200 ms each) go by.
async fn some_passes() {
    tokio::time::sleep(Duration::from_millis(800)).await;
}

async fn status_of(app: &TestApp, player: &Player, ticket: &Value) -> Value {
    app.get(player, &ticket_path(ticket))
        .await
        .expect_status(200)
        .body["status"]
        .clone()
}

fn seated_accounts(game: &Value) -> Vec<String> {
    game["seats"]
        .as_array()
        .expect("seats")
        .iter()
        .map(|seat| seat["account_id"].as_str().expect("account").to_owned())
        .collect()
}

per_backend!(a_lone_ticket_gets_bots_after_its_wait_and_the_game_plays_to_the_end);
async fn a_lone_ticket_gets_bots_after_its_wait_and_the_game_plays_to_the_end(app: TestApp) {
    let ann = app.player("ann").await;
    let ticket = post_ticket(
        &app,
        &ann,
        json!({"kind": "tricky_tribes", "players": {"min": 3, "max": 4}, "bots_after_secs": 0}),
    )
    .await;
    assert_eq!(ticket["status"], "waiting");
    assert_eq!(ticket["bots_after_secs"], 0);
    assert_eq!(ticket["players"], json!({"min": 3, "max": 4}));
    let matched = until_closed(&app, &ann, &ticket).await;
    assert_eq!(matched["status"], "matched", "{matched}");
    let id = matched["game_id"].as_str().expect("a game id").to_owned();
    let game = app.game(&ann, &id).await;
    assert_eq!(game["status"], "active", "the game starts at once: {game}");
    // The fewest bots that make a table the ticket admits: two beside her.
    assert_eq!(game["players"], 3);
    assert_eq!(seated_accounts(&game), vec![ann.id.clone()]);
    let bots = game["bots"].as_array().expect("bots");
    assert_eq!(bots.len(), 2, "{game}");
    assert!(bots.iter().all(|bot| bot["level"] == "search"), "{game}");
    let mut rng = StdRng::seed_from_u64(7);
    let finished = crate::live_bots::play_against_bots(&app, &ann, &id, &mut rng).await;
    assert_eq!(finished["status"], "finished");
}

per_backend!(a_ticket_waits_for_people_until_the_clock_passes_its_bot_wait);
async fn a_ticket_waits_for_people_until_the_clock_passes_its_bot_wait(app: TestApp) {
    let ann = app.player("ann").await;
    let ticket = post_ticket(&app, &ann, json!({"kind": "intrigue", "players": 3})).await;
    // The documented default wait.
    assert_eq!(ticket["bots_after_secs"], 30);
    assert_eq!(ticket["queue_size"], 1);
    app.advance_clock(29);
    some_passes().await;
    assert_eq!(status_of(&app, &ann, &ticket).await, "waiting");
    app.advance_clock(1);
    let matched = until_closed(&app, &ann, &ticket).await;
    assert_eq!(matched["status"], "matched");
    assert_eq!(matched["closed_at"], json!(app.now()));
    assert_eq!(matched["queue_size"], 0);
    let game = app
        .game(&ann, matched["game_id"].as_str().expect("game"))
        .await;
    assert_eq!(game["status"], "active");
    assert_eq!(game["bots"].as_array().map(Vec::len), Some(2));
}

per_backend!(compatible_tickets_share_one_game_of_people);
async fn compatible_tickets_share_one_game_of_people(app: TestApp) {
    let [ann, ben, cal, dee, eve] = [
        app.player("ann").await,
        app.player("ben").await,
        app.player("cal").await,
        app.player("dee").await,
        app.player("eve").await,
    ];
    // Two of exactly two players: a table at once.
    let wait = 300;
    let options = json!({"jokers": 1});
    let a = post_ticket(
        &app,
        &ann,
        json!({"kind": "tricky_tribes", "players": 2, "bots_after_secs": wait}),
    )
    .await;
    let b = post_ticket(
        &app,
        &ben,
        json!({"kind": "tricky_tribes", "players": {"min": 2, "max": 2}, "bots_after_secs": wait}),
    )
    .await;
    let a = until_closed(&app, &ann, &a).await;
    let b = until_closed(&app, &ben, &b).await;
    assert_eq!(a["status"], "matched");
    assert_eq!(a["game_id"], b["game_id"]);
    let game = app.game(&ann, a["game_id"].as_str().expect("game")).await;
    let mut seated = seated_accounts(&game);
    seated.sort();
    let mut expected = vec![ann.id.clone(), ben.id.clone()];
    expected.sort();
    assert_eq!(seated, expected);
    assert!(game["bots"].as_array().is_some_and(Vec::is_empty));
    assert_eq!(game["status"], "active");

    // Three with overlapping ranges and equal options (one spelled with a default left out
    // and one with it written): one table of three, no bots.
    let c = post_ticket(
        &app,
        &cal,
        json!({"kind": "tricky_tribes", "players": 3, "options": options, "bots_after_secs": wait}),
    )
    .await;
    let d = post_ticket(&app, &dee, json!({"kind": "tricky_tribes", "players": {"min": 2, "max": 3}, "options": options, "bots_after_secs": wait})).await;
    some_passes().await;
    // Cal wants three, Dee admits three, but a third is missing: both wait.
    assert_eq!(status_of(&app, &cal, &c).await, "waiting");
    assert_eq!(status_of(&app, &dee, &d).await, "waiting");
    let mut spelled = d["options"].clone();
    spelled["jokers"] = json!(1);
    let e = post_ticket(&app, &eve, json!({"kind": "tricky_tribes", "players": {"min": 3, "max": 5}, "options": spelled, "bots_after_secs": wait})).await;
    let closed = [
        until_closed(&app, &cal, &c).await,
        until_closed(&app, &dee, &d).await,
        until_closed(&app, &eve, &e).await,
    ];
    let games: HashSet<&Value> = closed.iter().map(|ticket| &ticket["game_id"]).collect();
    assert_eq!(games.len(), 1, "{closed:?}");
    let game = app
        .game(&cal, closed[0]["game_id"].as_str().expect("game"))
        .await;
    assert_eq!(game["players"], 3);
    assert_eq!(game["options"]["jokers"], 1);
    assert!(game["bots"].as_array().is_some_and(Vec::is_empty));
    let seated: HashSet<String> = seated_accounts(&game).into_iter().collect();
    assert_eq!(
        seated,
        HashSet::from([cal.id.clone(), dee.id.clone(), eve.id.clone()])
    );
}

per_backend!(incompatible_tickets_are_not_matched);
async fn incompatible_tickets_are_not_matched(app: TestApp) {
    let players = app
        .players(["ann", "ben", "cal", "dee", "eve", "fay"])
        .await;
    let wait = 300;
    let requests = [
        // Different player counts.
        json!({"kind": "tricky_tribes", "players": 2, "bots_after_secs": wait}),
        json!({"kind": "tricky_tribes", "players": {"min": 3, "max": 6}, "bots_after_secs": wait}),
        // Different options.
        json!({"kind": "trade_or_duel", "players": 4, "options": {"turns_each": 1}, "bots_after_secs": wait}),
        json!({"kind": "trade_or_duel", "players": 4, "options": {"turns_each": 2}, "bots_after_secs": wait}),
        // Different kinds, each one short of a table.
        json!({"kind": "intrigue", "players": 3, "bots_after_secs": wait}),
        json!({"kind": "tribute", "players": 3, "bots_after_secs": wait}),
    ];
    let mut tickets = Vec::new();
    for (player, request) in players.iter().zip(requests) {
        tickets.push(post_ticket(&app, player, request).await);
    }
    some_passes().await;
    for (player, ticket) in players.iter().zip(&tickets) {
        assert_eq!(status_of(&app, player, ticket).await, "waiting", "{ticket}");
    }
    // The queue counts the waiting tickets of the ticket's kind, nothing else.
    let reread = app.get(&players[2], &ticket_path(&tickets[2])).await.body;
    assert_eq!(reread["queue_size"], 2);
    let reread = app.get(&players[4], &ticket_path(&tickets[4])).await.body;
    assert_eq!(reread["queue_size"], 1);
}

per_backend!(one_waiting_ticket_per_kind_and_a_cancel_ends_it);
async fn one_waiting_ticket_per_kind_and_a_cancel_ends_it(app: TestApp) {
    let ann = app.player("ann").await;
    let request = json!({"kind": "intrigue", "players": 3, "bots_after_secs": 60});
    let first = post_ticket(&app, &ann, request.clone()).await;
    app.post(&ann, TICKETS, request.clone())
        .await
        .assert_problem(409, "already_queued");
    // Another kind is another queue.
    let other = post_ticket(
        &app,
        &ann,
        json!({"kind": "tribute", "players": 3, "bots_after_secs": 60}),
    )
    .await;
    assert_eq!(other["status"], "waiting");

    let cancelled = app
        .request(Method::DELETE, &ticket_path(&first), Some(&ann.token), None)
        .await
        .expect_status(200)
        .body;
    assert_eq!(cancelled["status"], "cancelled");
    assert_eq!(cancelled["closed_at"], json!(app.now()));
    // Cancelling again answers it as it is.
    let again = app
        .request(Method::DELETE, &ticket_path(&first), Some(&ann.token), None)
        .await
        .expect_status(200)
        .body;
    assert_eq!(again["status"], "cancelled");
    // A cancelled ticket is never matched, even past its bot wait.
    app.advance_clock(61);
    let tribute = until_closed(&app, &ann, &other).await;
    assert_eq!(tribute["status"], "matched");
    assert_eq!(status_of(&app, &ann, &first).await, "cancelled");
    // A matched ticket cannot be cancelled.
    app.request(Method::DELETE, &ticket_path(&other), Some(&ann.token), None)
        .await
        .assert_problem(409, "ticket_matched");
    // Once the first no longer waits, the kind may be queued for again.
    let renewed = post_ticket(&app, &ann, request).await;
    assert_eq!(renewed["status"], "waiting");
    assert_ne!(renewed["id"], first["id"]);
}

per_backend!(a_ticket_is_its_owners_alone_and_tells_nothing_of_others);
async fn a_ticket_is_its_owners_alone_and_tells_nothing_of_others(app: TestApp) {
    let [ann, ben] = [app.player("ann").await, app.player("ben").await];
    let ticket = post_ticket(
        &app,
        &ann,
        json!({"kind": "intrigue", "players": 3, "bots_after_secs": 60}),
    )
    .await;
    let path = ticket_path(&ticket);
    app.get(&ben, &path)
        .await
        .assert_problem(404, "ticket_not_found");
    app.request(Method::DELETE, &path, Some(&ben.token), None)
        .await
        .assert_problem(404, "ticket_not_found");
    // A ticket that does not exist reads the same as another's.
    app.get(&ben, &format!("{TICKETS}/{}", uuid::Uuid::new_v4()))
        .await
        .assert_problem(404, "ticket_not_found");
    app.request(Method::GET, &path, None, None)
        .await
        .assert_problem(401, "unauthorized");
    assert_eq!(status_of(&app, &ann, &ticket).await, "waiting");

    // Ben waits too: Ann's ticket shows only how many wait, never who.
    let bens = post_ticket(
        &app,
        &ben,
        json!({"kind": "intrigue", "players": 3, "bots_after_secs": 60}),
    )
    .await;
    let seen = app.get(&ann, &path).await.expect_status(200).body;
    assert_eq!(seen["queue_size"], 2);
    let mut keys: Vec<&str> = seen
        .as_object()
        .expect("an object")
        .keys()
        .map(String::as_str)
        .collect();
    keys.sort_unstable();
    assert_eq!(
        keys,
        [
            "bots_after_secs",
            "closed_at",
            "created_at",
            "game_id",
            "id",
            "kind",
            "options",
            "players",
            "queue_size",
            "status"
        ]
    );
    let text = seen.to_string();
    let bens_ticket = bens["id"].as_str().expect("id");
    for secret in [ben.id.as_str(), ben.username.as_str(), bens_ticket] {
        assert!(!text.contains(secret), "{text}");
    }
}

per_backend!(tickets_are_checked_as_game_creation_checks_a_request);
async fn tickets_are_checked_as_game_creation_checks_a_request(app: TestApp) {
    let ann = app.player("ann").await;
    let refused = [
        (json!({"kind": "chess", "players": 2}), "unknown_kind"),
        (json!({"kind": "intrigue", "players": 4}), "invalid_players"),
        (
            json!({"kind": "tricky_tribes", "players": {"min": 1, "max": 3}}),
            "invalid_players",
        ),
        (
            json!({"kind": "tricky_tribes", "players": {"min": 4, "max": 3}}),
            "invalid_players",
        ),
        (
            json!({"kind": "tricky_tribes", "players": 7}),
            "invalid_players",
        ),
        (
            json!({"kind": "tricky_tribes", "players": 2, "options": {"colour": "red"}}),
            "unknown_option",
        ),
        (
            json!({"kind": "intrigue", "players": 3, "bots_after_secs": -1}),
            "invalid_bots_after",
        ),
        (
            json!({"kind": "intrigue", "players": 3, "bots_after_secs": 301}),
            "invalid_bots_after",
        ),
    ];
    for (request, code) in refused {
        let reply = app.post(&ann, TICKETS, request.clone()).await;
        reply.assert_problem(422, code);
        // Game creation gives the same answer to the same kind, count and options.
        if let (Some(players), true) = (request["players"].as_i64(), code != "invalid_bots_after") {
            let mut game = json!({"kind": request["kind"], "players": players});
            if let Some(options) = request.get("options") {
                game["options"] = options.clone();
            }
            app.post(&ann, "/v1/games", game)
                .await
                .assert_problem(422, code);
        }
    }
    // An option value the rules refuse for one of the counts in the range.
    let game = app
        .post(
            &ann,
            "/v1/games",
            json!({"kind": "trade_or_duel", "players": 4, "options": {"first_player": 4}}),
        )
        .await;
    let ticket = app
        .post(&ann, TICKETS, json!({"kind": "trade_or_duel", "players": {"min": 4, "max": 5}, "options": {"first_player": 4}}))
        .await;
    assert_eq!(ticket.status, 422, "{}", ticket.text);
    assert_eq!(ticket.code(), game.code());
    for malformed in [
        json!({"kind": "intrigue"}),
        json!({"kind": "intrigue", "players": "three"}),
        json!({"kind": "intrigue", "players": {"min": 3}}),
        json!({"kind": "intrigue", "players": 3, "colour": "red"}),
    ] {
        app.post(&ann, TICKETS, malformed)
            .await
            .assert_problem(400, "malformed");
    }
    // Nothing refused was queued.
    let ok = post_ticket(&app, &ann, json!({"kind": "intrigue", "players": 3})).await;
    assert_eq!(ok["queue_size"], 1);
}

async fn next_message(stream: &mut EventStream) -> Value {
    match stream.next_event(WAIT).await {
        Read::Message(message) => {
            let json = message.json();
            assert_eq!(message.event.as_deref(), json["type"].as_str());
            json
        }
        other => panic!("expected an account message, got {other:?}"),
    }
}

per_backend!(the_account_stream_tells_match_found_then_the_start);
async fn the_account_stream_tells_match_found_then_the_start(app: TestApp) {
    let ann = app.player("ann").await;
    let (status, stream) = app
        .open_stream("/v1/me/stream", Some(&ann.token), &[])
        .await;
    assert_eq!(status, 200);
    let mut stream = stream.expect("an account stream");
    let ticket = post_ticket(
        &app,
        &ann,
        json!({"kind": "intrigue", "players": 3, "bots_after_secs": 0}),
    )
    .await;
    let found = next_message(&mut stream).await;
    assert_eq!(found["type"], "match_found", "{found}");
    assert_eq!(found["ticket_id"], ticket["id"]);
    assert_eq!(found["kind"], "intrigue");
    let matched = until_closed(&app, &ann, &ticket).await;
    assert_eq!(found["game_id"], matched["game_id"]);
    let started = next_message(&mut stream).await;
    assert_eq!(started["type"], "game_started");
    assert_eq!(started["game_id"], matched["game_id"]);
}

postgres_only!(two_processes_match_every_racing_ticket_exactly_once);
async fn two_processes_match_every_racing_ticket_exactly_once(admin_url: &str) {
    let first = TestApp::spawn(&blackbox::Backend::Postgres(admin_url.to_owned())).await;
    let second = first.spawn_sharing().await;
    let players = first.players((0..40).map(|n| format!("racer{n}"))).await;
    let mut rng = StdRng::seed_from_u64(11);
    let kinds = [
        ("tricky_tribes", 2, 6),
        ("trade_or_duel", 4, 9),
        ("intrigue", 3, 3),
        ("tribute", 3, 3),
    ];
    // Every player asks, half through each process, all at once.
    let mut requests = tokio::task::JoinSet::new();
    for (n, player) in players.iter().enumerate() {
        let (kind, low, high) = kinds[rng.random_range(0..kinds.len())];
        let min = rng.random_range(low..=high);
        let max = rng.random_range(min..=high.min(min + 1));
        let wait = if rng.random_range(0..3) == 0 { 0 } else { 5 };
        let app = if n % 2 == 0 { &first } else { &second };
        let request = app
            .client
            .post(app.url(TICKETS))
            .bearer_auth(&player.token)
            .json(&json!({"kind": kind, "players": {"min": min, "max": max}, "bots_after_secs": wait}));
        requests.spawn(async move {
            let response = request.send().await.expect("the ticket request was sent");
            assert_eq!(response.status().as_u16(), 201);
            (n, response.json::<Value>().await.expect("a ticket"))
        });
    }
    let mut tickets: Vec<(&Player, Value)> = Vec::new();
    while let Some(joined) = requests.join_next().await {
        let (n, ticket) = joined.expect("a ticket request panicked");
        tickets.push((&players[n], ticket));
    }
    // Past every bot wait: each ticket is matched now, by one process or the other.
    first.advance_clock(5);
    let mut by_game: HashMap<String, Vec<String>> = HashMap::new();
    for (n, (player, ticket)) in tickets.iter().enumerate() {
        let app = if n % 3 == 0 { &second } else { &first };
        let closed = until_closed(app, player, ticket).await;
        assert_eq!(closed["status"], "matched", "{closed}");
        let game = closed["game_id"].as_str().expect("a game").to_owned();
        by_game.entry(game).or_default().push(player.id.clone());
    }
    let mut everyone = HashSet::new();
    for (game, mut matched) in by_game {
        let seen_by = tickets
            .iter()
            .find(|(player, _)| player.id == matched[0])
            .map(|(player, _)| *player)
            .expect("a matched player");
        let game = first.game(seen_by, &game).await;
        let mut seated = seated_accounts(&game);
        let distinct: HashSet<&String> = seated.iter().collect();
        assert_eq!(distinct.len(), seated.len(), "a seat twice: {game}");
        seated.sort();
        matched.sort();
        // The game seats exactly the accounts whose tickets name it.
        assert_eq!(seated, matched, "{game}");
        let bots = game["bots"].as_array().map_or(0, Vec::len);
        assert_eq!(
            Some(seated.len() + bots),
            game["players"]
                .as_u64()
                .and_then(|n| usize::try_from(n).ok())
        );
        for account in seated {
            assert!(everyone.insert(account), "an account in two games");
        }
    }
    assert_eq!(everyone.len(), players.len());
}
