//! What a pending Tribute submission shows over HTTP to the other seats and to spectators:
//! that it exists, never what it holds nor how often it was replaced, on every endpoint (state,
//! version, legal moves, events and the replies to illegal moves). Once its phase closes it is
//! public; once the game is over, everything is, and the move log lists replaced submissions.

use blackbox::json::{array, ints, leaves_under};
use blackbox::{Player, TestApp, per_backend};
use rand::{SeedableRng, rngs::StdRng};
use serde_json::{Value, json};

use crate::tribute::{opponents, orders, random_move, select, start, three_players, to_act};

/// A viewer: its seat (`None` for a spectator) and its account.
type Viewer<'a> = (Option<usize>, &'a Player);

/// Everything one viewer is told about a game.
#[derive(Clone, Debug, PartialEq)]
struct Seen {
    game: Value,
    events: Value,
    /// Null for a spectator, who has no legal moves to ask for.
    legal: Value,
    refusals: Vec<Value>,
}

/// Moves that `seat` cannot make now whatever is pending, each failing a different check.
fn probes(game: &Value, seat: usize) -> Vec<Value> {
    let view = &game["view"];
    let Some(turn) = view["turn"].as_i64() else {
        return vec![
            select(&[1; 9], 0),
            select(&[0; 10], 0),
            select(&[9, 9, 9, 9, 9, 9, 9, 9, 9, 10], 0),
            select(&[5; 10], 7),
            orders(seat, 1, 5, 5, 0),
        ];
    };
    let mut probes = vec![
        orders(seat, turn + 1, 5, 5, 0),
        orders(seat, turn, 10, 5, 0),
        orders(seat, turn, 5, 5, 9),
        select(&[5; 10], 0),
        json!({"type": "orders", "turn": turn,
               "plays": [{"opponent": seat, "value": 1}, {"opponent": opponents(seat)[0], "value": 1}]}),
    ];
    // A spectator is shown no hand: every value is missing from what it knows.
    let hand = match &view["seats"][seat]["hand"] {
        Value::Null => Vec::new(),
        hand => ints(hand),
    };
    if view["options"]["blind"] != true
        && let Some(missing) = (0..=9).find(|v| hand.iter().filter(|c| *c == v).count() < 2)
    {
        probes.push(orders(seat, turn, missing, missing, 0));
    }
    probes
}

async fn seen(app: &TestApp, (seat, viewer): Viewer<'_>, id: &str) -> Seen {
    let game = app.game(viewer, id).await;
    let events = app.events(viewer, id).await;
    let legal = match seat {
        Some(_) => app.legal_moves(viewer, id).await,
        None => Value::Null,
    };
    let mut refusals = Vec::new();
    for probe in probes(&game, seat.unwrap_or(0)) {
        let text = probe.to_string();
        let reply = app.post_move(viewer, id, &game["version"], &probe).await;
        assert!(
            matches!(reply.status, 403 | 422),
            "probe {text} of {}: {}",
            viewer.username,
            reply.text
        );
        refusals.push(json!({"status": reply.status, "body": reply.body}));
    }
    Seen {
        game,
        events,
        legal,
        refusals,
    }
}

/// Keys whose values hold cards, values played or submissions.
const CARD_KEYS: &[&str] = &[
    "cards",
    "hand",
    "selection",
    "selections",
    "pending",
    "plays",
    "values",
    "orders",
];

/// Every number under a card-bearing key, sorted.
fn card_numbers(value: &Value) -> Vec<i64> {
    let mut found: Vec<i64> = leaves_under(value, CARD_KEYS)
        .iter()
        .filter_map(Value::as_i64)
        .collect();
    found.sort_unstable();
    found
}

fn seen_cards(seen: &Seen) -> Vec<i64> {
    let all = json!([seen.game["view"], seen.events, seen.legal, seen.refusals]);
    card_numbers(&all)
}

/// `after` may differ from `before` only in that `submitter` now has a pending submission:
/// whom the game waits for, that seat's flag and, for its first submission, one content-free
/// event. A replacement changes nothing at all; the version never changes.
fn assert_only_submitted(before: &Seen, after: &Seen, submitter: usize, first: bool, who: &str) {
    if !first {
        assert_eq!(
            after, before,
            "{who} can tell that seat {submitter} replaced its choice"
        );
        return;
    }
    let (mut old, mut new) = (before.game.clone(), after.game.clone());
    assert_eq!(new["version"], old["version"], "{who}: the version moved");
    let waiting: Vec<usize> = to_act(&old)
        .into_iter()
        .filter(|seat| *seat != submitter)
        .collect();
    assert_eq!(to_act(&new), waiting, "{who}");
    assert_eq!(new["view"]["seats"][submitter]["submitted"], true, "{who}");
    for game in [&mut old, &mut new] {
        if let Some(game) = game.as_object_mut() {
            game.remove("to_act");
        }
        if let Some(seat) = game["view"]["seats"][submitter].as_object_mut() {
            seat.remove("submitted");
        }
    }
    assert_eq!(
        new, old,
        "{who} sees more than that seat {submitter} submitted"
    );

    assert_eq!(
        after.legal, before.legal,
        "the legal moves of {who} changed"
    );
    assert_eq!(
        after.refusals, before.refusals,
        "the refusals to {who} changed"
    );

    let old = array(&before.events["events"]);
    let new = array(&after.events["events"]);
    assert_eq!(new.len(), old.len() + 1, "{who}: {new:?}");
    assert_eq!(new[..old.len()], old[..], "{who}: earlier events changed");
    let entry = &new[old.len()];
    assert_eq!(entry["version"], before.game["version"], "{who}: {entry}");
    let event = &entry["event"];
    assert_eq!(event["seat"], submitter, "{who}: {event}");
    assert_content_free(event);
    assert_eq!(
        seen_cards(after),
        seen_cards(before),
        "{who}: cards or values appeared"
    );
}

/// The pending submission as its owner is shown it.
fn own_pending(seat: usize, mv: &Value) -> Value {
    if mv["type"] == "select" {
        let mut cards = ints(&mv["cards"]);
        cards.sort_unstable();
        return json!({"type": "selection", "cards": cards, "doubles": mv["doubles"]});
    }
    let [low, high] = opponents(seat);
    let value = |opponent: usize| {
        mv["plays"]
            .as_array()
            .and_then(|plays| plays.iter().find(|play| play["opponent"] == opponent))
            .map(|play| play["value"].clone())
            .unwrap_or_else(|| panic!("no play against {opponent} in {mv}"))
    };
    json!({"type": "orders", "turn": mv["turn"],
           "plays": [{"opponent": low, "value": value(low)}, {"opponent": high, "value": value(high)}],
           "doubles": mv["doubles"]})
}

/// `submitter` submits `mv`, which leaves the phase open; every other viewer's responses are
/// compared before and after.
async fn submit_unseen(
    app: &TestApp,
    viewers: &[Viewer<'_>],
    id: &str,
    submitter: usize,
    mv: Value,
) {
    let others: Vec<Viewer<'_>> = viewers
        .iter()
        .copied()
        .filter(|(seat, _)| *seat != Some(submitter))
        .collect();
    let mut before = Vec::new();
    for viewer in &others {
        before.push(seen(app, *viewer, id).await);
    }
    let owner = viewers[submitter].1;
    let first = before[0].game["view"]["seats"][submitter]["submitted"] != true;
    let reply = app.play(owner, id, mv.clone()).await;
    assert_eq!(reply.status, 200, "{mv}: {}", reply.text);
    // The owner's view holds its latest choice, so the checks below could see a leak.
    assert_eq!(reply.body["view"]["pending"], own_pending(submitter, &mv));

    for (viewer, before) in others.iter().zip(&before) {
        let after = seen(app, *viewer, id).await;
        let who = format!("{} (seat {:?})", viewer.1.username, viewer.0);
        assert_only_submitted(before, &after, submitter, first, &who);
        if viewer.0.is_none() {
            assert!(after.game["view"]["pending"].is_null());
        }
        if after.game["view"]["phase"] == "selection" {
            assert_eq!(
                foreign_cards(&after, viewer.0),
                Vec::<i64>::new(),
                "{who} sees cards during Selection"
            );
        }
    }
}

/// The cards and values `viewer` is shown, less its own pending submission and own events.
fn foreign_cards(seen: &Seen, viewer: Option<usize>) -> Vec<i64> {
    let mut view = seen.game["view"].clone();
    view["pending"] = Value::Null;
    let events: Vec<Value> = seen.events["events"]
        .as_array()
        .into_iter()
        .flatten()
        .filter(|e| viewer.is_none_or(|seat| e["event"]["seat"] != seat))
        .cloned()
        .collect();
    card_numbers(&json!([view, events, seen.legal, seen.refusals]))
}

/// A submission event says who submitted (and for which turn) in which game, nothing else.
fn assert_content_free(event: &Value) {
    let mut keys: Vec<&str> = event
        .as_object()
        .map(|event| event.keys().map(String::as_str).collect())
        .unwrap_or_default();
    keys.sort_unstable();
    match event["type"].as_str() {
        Some("selection_submitted") => assert_eq!(keys, ["kind", "seat", "type"], "{event}"),
        Some("orders_submitted") => assert_eq!(keys, ["kind", "seat", "turn", "type"], "{event}"),
        _ => panic!("not a submission: {event}"),
    }
}

/// Every submission event, the viewer's own included, is content-free: a seat is shown its
/// pending choice in its view instead.
fn assert_submissions_hidden(events: &Value) {
    for entry in events["events"].as_array().into_iter().flatten() {
        let event = &entry["event"];
        if matches!(
            event["type"].as_str(),
            Some("selection_submitted" | "orders_submitted")
        ) {
            assert_content_free(event);
        }
    }
}

/// Plays what is left at random and checks that the finished game hides nothing.
async fn finish_and_check_revealed(app: &TestApp, viewers: &[Viewer<'_>], id: &str) {
    let mut rng = StdRng::seed_from_u64(29);
    for _ in 0..40 {
        let game = app.game(viewers[0].1, id).await;
        if game["status"] == "finished" {
            break;
        }
        for seat in to_act(&game) {
            let legal = app.legal_moves(viewers[seat].1, id).await;
            let mv = random_move(&legal["legal_moves"], seat, &mut rng);
            app.post_move(viewers[seat].1, id, &legal["version"], &mv)
                .await
                .expect_status(200);
        }
    }
    let spectator = viewers[3].1;
    let game = app.game(spectator, id).await;
    assert_eq!(game["status"], "finished");
    let events = app.events(spectator, id).await;
    assert_submissions_hidden(&events);
    // Every viewer now gets the same view and the same events, apart from who it is for.
    for viewer in viewers {
        let mut view = app.game(viewer.1, id).await["view"].clone();
        view["viewer"] = Value::Null;
        assert_eq!(view, game["view"], "{}", viewer.1.username);
        assert_eq!(app.events(viewer.1, id).await, events);
    }
}

per_backend!(pending_selections_and_orders_show_only_that_they_exist);
async fn pending_selections_and_orders_show_only_that_they_exist(app: TestApp) {
    let p = three_players(&app).await;
    let spectator = app.player("spectator").await;
    let viewers: [Viewer<'_>; 4] = [
        (Some(0), &p[0]),
        (Some(1), &p[1]),
        (Some(2), &p[2]),
        (None, &spectator),
    ];
    let id = start(&app, &p, json!({})).await;

    let g0 = [0, 0, 2, 4, 5, 6, 7, 8, 9, 9];
    let g1 = [0, 1, 2, 4, 5, 5, 6, 7, 8, 9];
    let g2 = [0, 0, 0, 0, 4, 4, 9, 9, 9, 9];
    let replaced = [3, 3, 3, 3, 5, 5, 5, 5, 9, 9];
    submit_unseen(&app, &viewers, &id, 0, select(&replaced, 0)).await;
    submit_unseen(&app, &viewers, &id, 0, select(&g0, 0)).await;
    submit_unseen(&app, &viewers, &id, 1, select(&g1, 1)).await;
    let reply = app.play(&p[2], &id, select(&g2, 2)).await;
    assert_eq!(reply.status, 200, "{}", reply.text);

    // Closing the Selection phase makes every selection public, to everyone alike.
    let selections: Vec<Value> = [g0, g1, g2]
        .iter()
        .enumerate()
        .map(|(seat, cards)| json!({"seat": seat, "cards": cards, "doubles": seat, "nmr": false}))
        .collect();
    for (_, viewer) in viewers {
        let game = app.game(viewer, &id).await;
        let view = &game["view"];
        for (s, selection) in selections.iter().enumerate() {
            assert_eq!(&view["seats"][s]["selection"], selection);
            assert_eq!(view["seats"][s]["hand"], selection["cards"]);
            assert_eq!(view["seats"][s]["doubles_left"], json!(s));
        }
        assert!(view["pending"].is_null());
        let events = app.events(viewer, &id).await;
        let closed = events["events"]
            .as_array()
            .and_then(|events| {
                events
                    .iter()
                    .find(|e| e["event"]["type"] == "selection_closed")
            })
            .map(|e| e["event"]["selections"].clone());
        assert_eq!(closed, Some(json!(selections)));
        // What was submitted before, including the replaced selection, stays private.
        assert_submissions_hidden(&events);
        assert!(!card_numbers(&events).contains(&3));
    }

    // Turn 1: two seats' orders stay secret until the third closes the turn.
    submit_unseen(&app, &viewers, &id, 1, orders(1, 1, 5, 8, 0)).await;
    submit_unseen(&app, &viewers, &id, 2, orders(2, 1, 9, 0, 1)).await;
    submit_unseen(&app, &viewers, &id, 2, orders(2, 1, 4, 0, 0)).await;
    let reply = app.play(&p[0], &id, orders(0, 1, 7, 9, 0)).await;
    assert_eq!(reply.status, 200, "{}", reply.text);
    for (_, viewer) in viewers {
        let game = app.game(viewer, &id).await;
        let record = &game["view"]["turns"][0];
        assert_eq!(
            record["orders"],
            json!([
                {"seat": 0, "plays": [{"opponent": 1, "value": 7}, {"opponent": 2, "value": 9}], "doubles": 0, "nmr": false},
                {"seat": 1, "plays": [{"opponent": 0, "value": 5}, {"opponent": 2, "value": 8}], "doubles": 0, "nmr": false},
                {"seat": 2, "plays": [{"opponent": 0, "value": 4}, {"opponent": 1, "value": 0}], "doubles": 0, "nmr": false},
            ])
        );
        assert_eq!(record["scores_after"], json!([2, 0, -2]));
        assert_eq!(game["view"]["seats"][2]["doubles_left"], 2);
        assert_submissions_hidden(&app.events(viewer, &id).await);
    }

    // Turn 2: the hands after turn 1 are public, the new orders are not.
    submit_unseen(&app, &viewers, &id, 0, orders(0, 2, 6, 9, 0)).await;
    finish_and_check_revealed(&app, &viewers, &id).await;
    // The move log published at the end lists every input, replaced submissions included.
    let log = app.move_log(&spectator, &id).await;
    let first = &log["inputs"][0];
    assert_eq!((&first["seq"], &first["version"]), (&json!(1), &json!(0)));
    assert_eq!(first["seat"], 0);
    assert_eq!(first["move"]["cards"], json!(replaced), "{first}");
}

per_backend!(pending_blind_orders_and_doubles_show_only_that_they_exist);
async fn pending_blind_orders_and_doubles_show_only_that_they_exist(app: TestApp) {
    let p = three_players(&app).await;
    let spectator = app.player("spectator").await;
    let viewers: [Viewer<'_>; 4] = [
        (Some(0), &p[0]),
        (Some(1), &p[1]),
        (Some(2), &p[2]),
        (None, &spectator),
    ];
    let id = start(&app, &p, json!({"blind": true, "specials": true})).await;
    // Doubles left and the remaining totals are public; pending doubles must not move them.
    submit_unseen(&app, &viewers, &id, 0, orders(0, 1, 9, 9, 2)).await;
    submit_unseen(&app, &viewers, &id, 1, orders(1, 1, 0, 3, 1)).await;
    submit_unseen(&app, &viewers, &id, 0, orders(0, 1, 8, 7, 1)).await;
    let reply = app.play(&p[2], &id, orders(2, 1, 6, 6, 0)).await;
    assert_eq!(reply.status, 200, "{}", reply.text);
    for (_, viewer) in viewers {
        let game = app.game(viewer, &id).await;
        let view = &game["view"];
        assert_eq!(view["turns"][0]["multiplier"], 4);
        let status: Vec<(Value, Value)> = (0..3)
            .map(|s| {
                (
                    view["seats"][s]["blind"]["remaining"].clone(),
                    view["seats"][s]["doubles_left"].clone(),
                )
            })
            .collect();
        assert_eq!(
            status,
            [
                (json!(32), json!(1)),
                (json!(44), json!(1)),
                (json!(38), json!(2))
            ]
        );
        assert_submissions_hidden(&app.events(viewer, &id).await);
    }
    submit_unseen(&app, &viewers, &id, 2, orders(2, 2, 9, 9, 2)).await;
    finish_and_check_revealed(&app, &viewers, &id).await;
}
