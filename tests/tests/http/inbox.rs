//! `GET /v1/me/games`: the caller's games in play, most urgent first, from summary columns that
//! every commit keeps; and the same `to_act` and `deadline_at` in listings, never more than a
//! spectator sees.

use std::time::{Duration, Instant};

use blackbox::json::{array, int, seats, text};
use blackbox::{Player, TestApp, per_backend};
use rand::SeedableRng;
use serde_json::{Value, json};

use crate::tribute::{select, start as start_tribute, three_players};

/// A four-player Trade or Duel game created by `players[0]` (seat 0) and joined by the others,
/// with seat `first` to act first and `deadline` seconds per decision (or none).
async fn trade_or_duel(
    app: &TestApp,
    players: &[Player],
    first: u8,
    deadline: Option<i64>,
) -> String {
    let request = json!({
        "kind": "trade_or_duel",
        "players": 4,
        "options": {"first_player": first, "deadline_secs": deadline},
    });
    app.start_game(
        &players[0],
        &[&players[1], &players[2], &players[3]],
        request,
    )
    .await
}

pub(crate) async fn inbox(app: &TestApp, player: &Player, query: &str) -> Value {
    app.get(player, &format!("/v1/me/games{query}"))
        .await
        .expect_status(200)
        .body
}

fn ids(page: &Value) -> Vec<String> {
    array(&page["games"])
        .iter()
        .map(|game| text(&game["id"]))
        .collect()
}

/// The inbox entry of game `id`, which must be there.
fn entry(page: &Value, id: &str) -> Value {
    array(&page["games"])
        .into_iter()
        .find(|game| game["id"] == id)
        .unwrap_or_else(|| panic!("{id} is not in the inbox: {page}"))
}

/// Every page of `player`'s inbox, `limit` games a page.
async fn all_pages(app: &TestApp, player: &Player, limit: usize) -> Vec<String> {
    let mut seen = Vec::new();
    let mut query = format!("?limit={limit}");
    for _ in 0..50 {
        let page = inbox(app, player, &query).await;
        assert!(array(&page["games"]).len() <= limit, "{page}");
        seen.extend(ids(&page));
        match page["next_cursor"].as_str() {
            Some(cursor) => query = format!("?limit={limit}&cursor={cursor}"),
            None => return seen,
        }
    }
    panic!("the inbox kept giving pages");
}

per_backend!(the_inbox_puts_the_most_urgent_turn_first);
/// Four games: two where it is Ann's turn with different deadlines, one where it is her turn
/// without a deadline, one where it is not her turn. The inbox lists them in that order of
/// urgency, counts her turns, pages through them, and follows her moves and expiries.
async fn the_inbox_puts_the_most_urgent_turn_first(app: TestApp) {
    let p = app.players(&["ann", "ben", "cal", "dee"]).await;
    let later = trade_or_duel(&app, &p, 0, Some(600)).await;
    let not_mine = trade_or_duel(&app, &p, 1, Some(60)).await;
    let no_deadline = trade_or_duel(&app, &p, 0, None).await;
    let sooner = trade_or_duel(&app, &p, 0, Some(300)).await;
    let finished_or_other = app.player("eve").await;

    let page = inbox(&app, &p[0], "").await;
    assert_eq!(
        ids(&page),
        [sooner.as_str(), &later, &no_deadline, &not_mine],
        "{page}"
    );
    assert_eq!(page["your_turn_count"], 3, "{page}");
    let first = entry(&page, &sooner);
    assert_eq!(first["your_turn"], true);
    assert_eq!(first["your_seat"], 0);
    assert_eq!(seats(&first["to_act"]), [0]);
    assert_eq!(int(&first["deadline_at"]), app.now() + 300);
    let other = entry(&page, &not_mine);
    assert_eq!(other["your_turn"], false);
    assert_eq!(seats(&other["to_act"]), [1]);
    assert_eq!(entry(&page, &no_deadline)["deadline_at"], Value::Null);

    // Ben's view of the same games: only the one where seat 1 acts is his turn.
    let bens = inbox(&app, &p[1], "").await;
    assert_eq!(ids(&bens)[0], not_mine, "{bens}");
    assert_eq!(bens["your_turn_count"], 1);
    assert_eq!(entry(&bens, &not_mine)["your_seat"], 1);
    // Someone in none of them has an empty inbox.
    let empty = inbox(&app, &finished_or_other, "").await;
    assert_eq!(empty["games"], json!([]));
    assert_eq!(empty["your_turn_count"], 0);

    // One game a page: the same order, each game once, and the count on every page.
    assert_eq!(
        all_pages(&app, &p[0], 1).await,
        [sooner.as_str(), &later, &no_deadline, &not_mine]
    );
    let one = inbox(&app, &p[0], "?limit=1").await;
    assert_eq!(one["your_turn_count"], 3);
    for bad in ["?limit=0", "?limit=101", "?cursor=nonsense", "?cursor=-5.0"] {
        app.get(&p[0], &format!("/v1/me/games{bad}"))
            .await
            .assert_problem(422, "invalid_page");
    }

    // Ann moves in the soonest game: it drops behind her turns.
    app.accept(
        &p[0],
        &sooner,
        json!({"type": "declare", "target": 1, "action": "duel"}),
    )
    .await;
    let page = inbox(&app, &p[0], "").await;
    assert_eq!(page["your_turn_count"], 2, "{page}");
    assert_eq!(ids(&page)[..2], [later.clone(), no_deadline.clone()]);
    assert_eq!(entry(&page, &sooner)["your_turn"], false);

    // Ben's deadline (60 s) passes: the tick expires it with his default move.
    let before = inbox(&app, &p[1], "").await;
    assert_eq!(entry(&before, &not_mine)["your_turn"], true);
    app.advance_clock(61);
    app.tick().await;
    let after = inbox(&app, &p[1], "").await;
    let expired = entry(&after, &not_mine);
    let seen = app.game(&p[1], &not_mine).await;
    assert_eq!(expired["to_act"], seen["to_act"], "{after}");
    assert_eq!(expired["deadline_at"], seen["deadline_at"]);
    assert_ne!(seen["version"], 0, "the deadline expired");
}

per_backend!(listings_show_who_is_to_act_as_a_spectator_sees_it);
/// Listings carry `to_act` and `deadline_at`, and in Tribute's simultaneous phases they say
/// exactly what the spectator's view says (who has submitted is public there), for every
/// viewer, inbox included: a secret submission shows no more than that.
async fn listings_show_who_is_to_act_as_a_spectator_sees_it(app: TestApp) {
    let p = three_players(&app).await;
    let spectator = app.player("spectator").await;
    let id = start_tribute(&app, &p, json!({"deadline_secs": 3600})).await;

    let check = |when: &'static str| {
        let (app, p, spectator, id) = (&app, &p, &spectator, id.clone());
        async move {
            let public = app.game(spectator, &id).await;
            for viewer in p.iter().chain([spectator]) {
                let listed = app
                    .get(viewer, "/v1/games?kind=tribute")
                    .await
                    .expect_status(200)
                    .body;
                let summary = entry(&listed, &id);
                assert_eq!(summary["to_act"], public["to_act"], "{when}: {listed}");
                assert_eq!(summary["deadline_at"], public["deadline_at"], "{when}");
                // The game as each seat sees it says the same of who is to act.
                assert_eq!(app.game(viewer, &id).await["to_act"], public["to_act"]);
            }
            for (seat, player) in p.iter().enumerate() {
                let mine = entry(&inbox(app, player, "").await, &id);
                assert_eq!(mine["to_act"], public["to_act"], "{when}");
                let acting = seats(&public["to_act"]).contains(&seat);
                assert_eq!(mine["your_turn"], acting, "{when}: seat {seat}");
            }
            public
        }
    };
    let start = check("at the start").await;
    assert_eq!(seats(&start["to_act"]), [0, 1, 2]);
    assert_eq!(int(&start["deadline_at"]), app.now() + 3600);

    // Seat 1 submits its selection (secret): it is no longer waited on, which the spectator's
    // view shows as its `submitted` flag.
    app.accept(&p[1], &id, select(&[5; 10], 0)).await;
    let after = check("seat 1 submitted").await;
    assert_eq!(seats(&after["to_act"]), [0, 2]);
    assert_eq!(after["view"]["seats"][1]["submitted"], true);
    // Replacing the submission changes nothing anyone else sees.
    app.accept(&p[1], &id, select(&[9, 9, 9, 9, 9, 5, 0, 0, 0, 0], 0))
        .await;
    let again = check("seat 1 replaced its submission").await;
    assert_eq!(again, after);
    assert_eq!(inbox(&app, &p[1], "").await["your_turn_count"], 0);
    assert_eq!(inbox(&app, &p[0], "").await["your_turn_count"], 1);
}

per_backend!(the_inbox_follows_bots_and_leaves_finished_games);
/// Against bots the inbox follows the bots' moves by itself; a finished game leaves it and
/// open games wait at its end.
async fn the_inbox_follows_bots_and_leaves_finished_games(app: TestApp) {
    let ann = app.player("ann").await;
    let created = app
        .post(
            &ann,
            "/v1/games",
            json!({"kind": "trade_or_duel", "players": 4, "options": {"first_player": 1},
                   "bots": [{"seat": 1, "level": "random"}, {"seat": 2, "level": "random"},
                            {"seat": 3, "level": "random"}]}),
        )
        .await
        .expect_status(201);
    let id = text(&created.body["id"]);
    let open = app
        .post(
            &ann,
            "/v1/games",
            json!({"kind": "trade_or_duel", "players": 4}),
        )
        .await
        .expect_status(201);
    let open_id = text(&open.body["id"]);
    // The bots play seat 1 to 3 until it is Ann's turn.
    let deadline = Instant::now() + Duration::from_secs(20);
    loop {
        let page = inbox(&app, &ann, "").await;
        // Both games fit on the page, so the count and the page must agree at every read.
        let told = page["games"].as_array().map_or(0, |games| {
            games
                .iter()
                .filter(|game| game["your_turn"] == true)
                .count()
        });
        assert_eq!(page["your_turn_count"], json!(told), "{page}");
        if page["your_turn_count"] == 1 {
            assert_eq!(ids(&page), [id.as_str(), &open_id], "{page}");
            assert_eq!(seats(&entry(&page, &id)["to_act"]), [0]);
            let open_entry = entry(&page, &open_id);
            assert_eq!(open_entry["status"], "open");
            assert_eq!(open_entry["to_act"], json!([]));
            break;
        }
        assert!(
            Instant::now() < deadline,
            "the bots never passed the turn: {page}"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    // Ann plays it out with the bots; once finished it leaves her inbox.
    let mut rng = rand::rngs::StdRng::seed_from_u64(7);
    crate::live_bots::play_against_bots(&app, &ann, &id, &mut rng).await;
    let page = inbox(&app, &ann, "").await;
    assert_eq!(ids(&page), [open_id.as_str()], "{page}");
    assert_eq!(page["your_turn_count"], 0);
    let listed = app.get(&ann, "/v1/games?mine=true").await.body;
    let finished = entry(&listed, &id);
    assert_eq!(finished["status"], "finished");
    assert_eq!(finished["to_act"], json!([]));
    assert_eq!(finished["deadline_at"], Value::Null);
}
