//! The test clock (`TEST_CLOCK=true`): read and moved over HTTP; every deadline passed on the
//! way is expired, earliest first and each at its own time, before the answer.

use blackbox::json::int;
use blackbox::{Backend, TestApp, per_backend};
use serde_json::json;

/// A server whose manual clock is open to the test-clock routes, with a background tick too
/// slow to run during the test: every expiry seen is the clock route's.
async fn with_test_clock(backend: &Backend) -> TestApp {
    TestApp::spawn_with(backend, |settings| {
        settings.clock = settings.clock.clone().with_test_routes();
        settings.tick_millis = 3_600_000;
    })
    .await
}

per_backend!(the_test_clock_routes_are_not_found_when_off);
async fn the_test_clock_routes_are_not_found_when_off(app: TestApp) {
    let ann = app.player("ann").await;
    app.get(&ann, "/v1/test/clock")
        .await
        .assert_problem(404, "not_found");
    app.post(&ann, "/v1/test/clock", json!({"advance_secs": 60}))
        .await
        .assert_problem(404, "not_found");
    let before = app.now();
    app.post(&ann, "/v1/test/clock", json!({"advance_secs": 0}))
        .await
        .assert_problem(404, "not_found");
    assert_eq!(app.now(), before, "the clock did not move");
}

on_every_backend!(advancing_the_clock_expires_each_deadline_at_its_own_time);
/// Two games with 50 s and 120 s decisions; the clock moves 130 s on. The first game's
/// deadlines at +50 and +100 and the second's at +120 are expired before the answer, each at
/// its own time: the next decisions are due at +150 and +240.
async fn advancing_the_clock_expires_each_deadline_at_its_own_time(backend: &Backend) {
    let app = with_test_clock(backend).await;
    let p = app.players(&["ann", "ben", "cal", "dee"]).await;
    let clock = app.get(&p[0], "/v1/test/clock").await.expect_status(200);
    let start = app.now();
    assert_eq!(int(&clock.body["now"]), start);

    let game = |secs: i64| {
        let (app, p) = (&app, &p);
        async move {
            app.start_game(
                &p[0],
                &[&p[1], &p[2], &p[3]],
                json!({"kind": "trade_or_duel", "players": 4,
                       "options": {"first_player": 0, "deadline_secs": secs}}),
            )
            .await
        }
    };
    let fast = game(50).await;
    let slow = game(120).await;

    for refused in [
        json!({"advance_secs": -1}),
        json!({"advance_secs": 31_622_401}),
    ] {
        app.post(&p[0], "/v1/test/clock", refused)
            .await
            .assert_problem(422, "invalid_advance");
    }
    app.post(&p[0], "/v1/test/clock", json!({"advance_secs": "soon"}))
        .await
        .assert_problem(400, "malformed");
    assert_eq!(app.now(), start, "a refused advance moves nothing");

    let moved = app
        .post(&p[0], "/v1/test/clock", json!({"advance_secs": 130}))
        .await
        .expect_status(200);
    assert_eq!(int(&moved.body["now"]), start + 130);
    assert_eq!(moved.body["expired"], 3, "{}", moved.text);
    assert_eq!(app.now(), start + 130);

    // Read at once, with no tick in between: the expiries were committed before the answer.
    let fast_game = app.game(&p[0], &fast).await;
    assert_eq!(int(&fast_game["deadline_at"]), start + 150, "{fast_game}");
    assert_eq!(fast_game["version"], 2);
    let slow_game = app.game(&p[0], &slow).await;
    assert_eq!(int(&slow_game["deadline_at"]), start + 240, "{slow_game}");
    assert_eq!(slow_game["version"], 1);
    let events = app.events(&p[1], &fast).await;
    assert!(
        events["events"]
            .as_array()
            .is_some_and(|events| events.len() > 1),
        "{events}"
    );

    // Nothing was due: the clock just moves; 0 expires nothing new.
    let idle = app
        .post(&p[0], "/v1/test/clock", json!({"advance_secs": 0}))
        .await
        .expect_status(200);
    assert_eq!(idle.body["expired"], 0);
    assert_eq!(int(&idle.body["now"]), start + 130);
    app.get(&p[0], "/v1/test/clock").await.expect_status(200);
}
