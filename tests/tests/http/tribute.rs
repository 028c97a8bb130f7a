//! Tribute over HTTP: complete games, deadlines and NMR, several servers sharing a database,
//! creation errors and every move type with the rules' error codes.

use blackbox::json::{array, int, ints, seat, seats, text};
use blackbox::{Player, TestApp, per_backend, replay, spectator_view_json};
use rand::seq::SliceRandom;
use rand::{RngExt, SeedableRng, rngs::StdRng};
use serde_json::{Value, json};

/// Three accounts, for seats 0, 1 and 2 in that order.
pub(crate) async fn three_players(app: &TestApp) -> Vec<Player> {
    app.players(&["ada", "bob", "cyd"]).await
}

/// Starts a game of Tribute with `options`; seat `s` is `players[s]`.
pub(crate) async fn start(app: &TestApp, players: &[Player], options: Value) -> String {
    app.start_game(
        &players[0],
        &[&players[1], &players[2]],
        json!({"kind": "tribute", "players": 3, "options": options}),
    )
    .await
}

/// `[L(s), H(s)]`: the lower and the higher opponent of `seat`.
pub(crate) fn opponents(seat: usize) -> [usize; 2] {
    match seat {
        0 => [1, 2],
        1 => [0, 2],
        _ => [0, 1],
    }
}

pub(crate) fn select(cards: &[i64], doubles: i64) -> Value {
    json!({"type": "select", "cards": cards, "doubles": doubles})
}

/// Orders of `seat`: `x` against its lower opponent, `y` against its higher one.
pub(crate) fn orders(seat: usize, turn: i64, x: i64, y: i64, doubles: i64) -> Value {
    let [low, high] = opponents(seat);
    json!({
        "type": "orders",
        "turn": turn,
        "plays": [{"opponent": low, "value": x}, {"opponent": high, "value": y}],
        "doubles": doubles,
    })
}

pub(crate) fn to_act(game: &Value) -> Vec<usize> {
    seats(&game["to_act"])
}

/// `count` values in `min..=max` adding up to `total`, in random order.
fn cards_adding_up_to(total: i64, count: usize, min: i64, max: i64, rng: &mut StdRng) -> Vec<i64> {
    let mut left = total;
    let mut cards = Vec::new();
    for placed in 0..count {
        let after = (count - placed - 1) as i64;
        let low = (left - max * after).max(min);
        let high = (left - min * after).min(max);
        assert!(low <= high, "no {count} cards add up to {total}");
        let card = rng.random_range(low..=high);
        cards.push(card);
        left -= card;
    }
    cards.shuffle(rng);
    cards
}

/// A random legal move built from the typed description `legal` of seat `seat`'s legal moves.
/// Seat 0 always buys the most doubles it may, so doubles are in play.
pub(crate) fn random_move(legal: &Value, seat: usize, rng: &mut StdRng) -> Value {
    match legal["type"].as_str() {
        Some("select") => {
            let totals = array(&legal["totals"]);
            assert!(!totals.is_empty(), "no legal selection: {legal}");
            let choice = if seat == 0 {
                totals[totals.len() - 1].clone()
            } else {
                totals[rng.random_range(0..totals.len())].clone()
            };
            let cards = cards_adding_up_to(
                int(&choice["total"]),
                legal["card_count"].as_u64().expect("a card count") as usize,
                int(&legal["min_value"]),
                int(&legal["max_value"]),
                rng,
            );
            select(&cards, int(&choice["doubles"]))
        }
        Some("orders") => {
            let turn = int(&legal["turn"]);
            assert_eq!(
                ints(&legal["opponents"]),
                opponents(seat).map(|s| s as i64).to_vec(),
                "{legal}"
            );
            let values = &legal["values"];
            let (x, y, doubles) = match values["type"].as_str() {
                Some("hand") => {
                    let hand = ints(&values["hand"]);
                    assert!(hand.len() >= 2, "a hand too small to play: {legal}");
                    let i = rng.random_range(0..hand.len());
                    let mut j = rng.random_range(0..hand.len() - 1);
                    if j >= i {
                        j += 1;
                    }
                    let most = int(&values["doubles_left"]);
                    (hand[i], hand[j], rng.random_range(0..=most))
                }
                Some("blind") => {
                    let sums = array(&values["sums"]);
                    assert!(!sums.is_empty(), "no feasible blind orders: {legal}");
                    let choice = &sums[rng.random_range(0..sums.len())];
                    let sum = rng.random_range(int(&choice["min_sum"])..=int(&choice["max_sum"]));
                    let x = rng.random_range((sum - 9).max(0)..=sum.min(9));
                    (x, sum - x, int(&choice["doubles"]))
                }
                _ => panic!("unknown order values: {legal}"),
            };
            let mut mv = orders(seat, turn, x, y, doubles);
            // The order of the two plays carries no meaning.
            if rng.random_range(0..2) == 1
                && let Some(plays) = mv["plays"].as_array_mut()
            {
                plays.reverse();
            }
            mv
        }
        _ => panic!("seat {seat} has no move to make: {legal}"),
    }
}

/// The accepted submissions of one phase, in the order they were made.
type Phase = Vec<(usize, Value)>;

/// Plays the game to its end from the legal-moves descriptions: in every phase the seats
/// submit in random order, and the first one replaces its submission once.
async fn play_out(
    app: &TestApp,
    players: &[Player],
    id: &str,
    rng: &mut StdRng,
) -> (Value, Vec<Phase>) {
    let mut phases = Vec::new();
    for _ in 0..7 {
        let game = app.game(&players[0], id).await;
        if game["status"] == "finished" {
            return (game, phases);
        }
        assert_eq!(to_act(&game), [0, 1, 2], "a phase starts waiting for all");
        let mut order = [0, 1, 2];
        order.shuffle(rng);
        let mut phase = Vec::new();
        for seat in [order[0], order[0], order[1], order[2]] {
            let legal = app.legal_moves(&players[seat], id).await;
            let mv = random_move(&legal["legal_moves"], seat, rng);
            let reply = app
                .post_move(&players[seat], id, &legal["version"], &mv)
                .await;
            assert_eq!(reply.status, 200, "legal move {mv} refused: {}", reply.text);
            phase.push((seat, mv));
        }
        phases.push(phase);
    }
    panic!("the game did not end after six phases");
}

/// The submission of each seat that counted in `phase`: its last one.
fn counted(phase: &Phase) -> [Value; 3] {
    let mut last = [Value::Null, Value::Null, Value::Null];
    for (seat, mv) in phase {
        last[*seat] = mv.clone();
    }
    last
}

/// `(x against L, y against H, doubles)` of an orders move, whatever the order of its plays.
fn order_values(seat: usize, mv: &Value) -> (i64, i64, i64) {
    let [low, high] = opponents(seat);
    let against = |opponent: usize| {
        mv["plays"]
            .as_array()
            .and_then(|plays| {
                plays
                    .iter()
                    .find(|play| play["opponent"] == json!(opponent))
                    .and_then(|play| play["value"].as_i64())
            })
            .unwrap_or_else(|| panic!("no play against {opponent} in {mv}"))
    };
    (against(low), against(high), int(&mv["doubles"]))
}

/// Orders as the view and the events show them: against the lower opponent first.
fn shown_orders(seat: usize, mv: &Value) -> Value {
    let [low, high] = opponents(seat);
    let (x, y, doubles) = order_values(seat, mv);
    json!({"plays": [{"opponent": low, "value": x}, {"opponent": high, "value": y}], "doubles": doubles})
}

fn sorted(cards: &Value) -> Vec<i64> {
    let mut cards = ints(cards);
    cards.sort_unstable();
    cards
}

pub(crate) fn competition_ranks(scores: &[i64]) -> Vec<i64> {
    scores
        .iter()
        .map(|score| 1 + scores.iter().filter(|other| *other > score).count() as i64)
        .collect()
}

/// The turn record the rules give for these orders (`(x, y, d)` per seat) and prior scores.
fn expected_record(orders: &[(i64, i64, i64); 3], before: &mut [i64; 3]) -> Value {
    let multiplier = 1_i64 << orders.iter().map(|o| o.2).sum::<i64>();
    let against = |i: usize, j: usize| {
        if opponents(i)[0] == j {
            orders[i].0
        } else {
            orders[i].1
        }
    };
    let mut deltas = [0_i64; 3];
    let mut matches = Vec::new();
    for (i, j) in [(0, 1), (0, 2), (1, 2)] {
        let (a, b) = (against(i, j), against(j, i));
        let winner = match a.cmp(&b) {
            std::cmp::Ordering::Greater => Some((i, j)),
            std::cmp::Ordering::Less => Some((j, i)),
            std::cmp::Ordering::Equal => None,
        };
        if let Some((won, lost)) = winner {
            deltas[won] += multiplier;
            deltas[lost] -= multiplier;
        }
        matches.push(json!({"seats": [i, j], "values": [a, b], "winner": winner.map(|w| w.0)}));
    }
    for seat in 0..3 {
        before[seat] += deltas[seat];
    }
    json!({"multiplier": multiplier, "matches": matches, "deltas": deltas, "scores_after": before})
}

/// Checks a finished game against the submissions that made it: records, scores, result,
/// the fully revealed view and events, the move log and a replay of it.
async fn check_finished(
    app: &TestApp,
    spectator: &Player,
    id: &str,
    game: &Value,
    phases: &[Phase],
) {
    assert_eq!(game["status"], "finished");
    let view = game["view"].clone();
    let blind = view["options"]["blind"] == true;
    assert_eq!(phases.len(), if blind { 5 } else { 6 });
    let turn_phases = if blind { phases } else { &phases[1..] };

    let mut scores = [0_i64; 3];
    let mut played = [[0_i64; 2]; 3];
    let records = array(&view["turns"]);
    assert_eq!(records.len(), 5, "{view}");
    for (n, (record, phase)) in records.iter().zip(turn_phases).enumerate() {
        assert_eq!(record["turn"], n + 1);
        let last = counted(phase);
        let values: Vec<(i64, i64, i64)> = (0..3).map(|s| order_values(s, &last[s])).collect();
        for seat in 0..3 {
            let mut expected = shown_orders(seat, &last[seat]);
            expected["seat"] = json!(seat);
            expected["nmr"] = json!(false);
            assert_eq!(record["orders"][seat], expected, "turn {}", n + 1);
            played[seat][0] += values[seat].0 + values[seat].1;
            played[seat][1] += values[seat].2;
        }
        let expected = expected_record(&[values[0], values[1], values[2]], &mut scores);
        for key in ["multiplier", "matches", "deltas", "scores_after"] {
            assert_eq!(record[key], expected[key], "{key} of turn {}", n + 1);
        }
    }

    let result = &view["result"];
    assert_eq!(result["final_scores"], json!(scores));
    assert_eq!(scores.iter().sum::<i64>(), 0, "tributes are zero-sum");
    let ranks = competition_ranks(&scores);
    assert_eq!(ints(&result["ranks"]), ranks);
    let winners: Vec<i64> = (0..3).filter(|s| ranks[*s as usize] == 1).collect();
    assert_eq!(ints(&result["winners"]), winners);
    let ranking = array(&game["outcome"]["ranking"]);
    assert_eq!(ranking.len(), 3);
    for placement in &ranking {
        let seat = seat(&placement["seat"]);
        assert_eq!(placement["place"], json!(ranks[seat]), "{ranking:?}");
    }
    assert_eq!(ints(&game["outcome"]["winners"]), winners);

    // The finished view hides nothing and nothing is left open.
    assert_eq!(view["phase"], "finished");
    assert!(view["turn"].is_null() && view["deadline_at"].is_null());
    assert!(view["pending"].is_null());
    assert!(game["to_act"].as_array().is_some_and(Vec::is_empty));
    assert!(game["seed"].is_string());
    let total = int(&view["options"]["card_total"]);
    let cost = int(&view["options"]["double_cost"]);
    for seat in 0..3 {
        let shown = &view["seats"][seat];
        assert_eq!(shown["score"], json!(scores[seat]));
        assert_eq!(shown["submitted"], false);
        if blind {
            assert_eq!(shown["blind"]["remaining"], 0, "{shown}");
            assert!(shown["blind"]["charge"].is_null());
            assert_eq!(played[seat][0] + cost * played[seat][1], total);
        } else {
            let selection = &counted(&phases[0])[seat];
            assert_eq!(
                shown["selection"],
                json!({"seat": seat, "cards": sorted(&selection["cards"]),
                       "doubles": selection["doubles"], "nmr": false})
            );
            assert_eq!(shown["hand"], json!([]));
            let bought = int(&selection["doubles"]);
            assert_eq!(shown["doubles_left"], json!(bought - played[seat][1]));
        }
    }

    // Each seat's first submission of a phase is an event, without content; replacements are
    // none. Every phase here has one replacement (the first seat submits twice).
    let events = array(&app.events(spectator, id).await["events"]);
    let submitted: Vec<&Value> = events
        .iter()
        .map(|entry| &entry["event"])
        .filter(|e| e["type"] == "selection_submitted" || e["type"] == "orders_submitted")
        .collect();
    let firsts: Vec<(usize, &Value)> = phases
        .iter()
        .flat_map(|phase| {
            phase
                .iter()
                .enumerate()
                .filter(|(n, _)| *n != 1)
                .map(|(_, m)| m)
        })
        .map(|(seat, mv)| (*seat, mv))
        .collect();
    assert_eq!(submitted.len(), firsts.len());
    for (event, (seat, mv)) in submitted.iter().zip(&firsts) {
        assert_eq!(event["seat"], json!(seat));
        assert!(
            event.get("selection").is_none() && event.get("orders").is_none(),
            "{event}"
        );
        if mv["type"] == "orders" {
            assert_eq!(event["turn"], mv["turn"]);
        }
    }
    let count = |kind: &str| events.iter().filter(|e| e["event"]["type"] == kind).count();
    assert_eq!(count("selection_closed"), usize::from(!blind));
    assert_eq!(count("turn_resolved"), 5);
    assert_eq!(count("game_finished"), 1);
    let finished = events
        .iter()
        .find(|e| e["event"]["type"] == "game_finished")
        .map(|e| e["event"]["result"].clone());
    assert_eq!(finished.as_ref(), Some(result));

    // The move log is every accepted move in order, replacements included, with nothing
    // expired. The public version moved once per phase: when its last seat submitted.
    let log = app.move_log(spectator, id).await;
    let inputs = array(&log["inputs"]);
    let all: Vec<&(usize, Value)> = phases.iter().flatten().collect();
    assert_eq!(json!(phases.len()), game["version"]);
    assert_eq!(inputs.len(), all.len());
    for (n, (input, (seat, mv))) in inputs.iter().zip(&all).enumerate() {
        let closes_a_phase = n % 4 == 3;
        assert_eq!(input["seq"], n + 1);
        assert_eq!(input["version"], n / 4 + usize::from(closes_a_phase));
        assert_eq!(input["hidden"], false);
        assert_eq!(input["expired"], false);
        assert_eq!(input["seat"], json!(seat));
        assert_eq!(&input["move"], mv);
    }
    let replayed = spectator_view_json(&replay(&log));
    let watched = app.game(spectator, id).await["view"].clone();
    assert_eq!(replayed, watched);
}

per_backend!(three_accounts_play_complete_standard_and_blind_games);
async fn three_accounts_play_complete_standard_and_blind_games(app: TestApp) {
    let players = three_players(&app).await;
    let spectator = app.player("spectator").await;
    let mut rng = StdRng::seed_from_u64(17);
    let games = [
        json!({}),
        json!({"card_total": 37, "double_cost": 2, "max_doubles": 3}),
        json!({"blind": true}),
        json!({"blind": true, "specials": true, "card_total": 70}),
    ];
    for options in games {
        let id = start(&app, &players, options.clone()).await;
        let (game, phases) = play_out(&app, &players, &id, &mut rng).await;
        if options["blind"] != true {
            let bought: i64 = counted(&phases[0])
                .iter()
                .map(|selection| int(&selection["doubles"]))
                .sum();
            assert!(bought > 0, "no doubles bought in {options}");
        }
        check_finished(&app, &spectator, &id, &game, &phases).await;
        let seen = app.game(&spectator, &id).await;
        assert!(seen["your_seat"].is_null() && seen["view"]["viewer"].is_null());
        let mut seat_view = game["view"].clone();
        seat_view["viewer"] = Value::Null;
        assert_eq!(
            seen["view"], seat_view,
            "a spectator sees the same at the end"
        );
        let legal = app.legal_moves(&players[1], &id).await;
        assert_eq!(legal["legal_moves"], json!({"type": "nothing"}));
    }
}

/// Each seat in `active` that the running game waits for submits a random legal move.
async fn submit_pending(
    app: &TestApp,
    players: &[Player],
    id: &str,
    active: &[usize],
    rng: &mut StdRng,
) {
    let game = app.game(&players[0], id).await;
    assert_eq!(game["status"], "active", "{game}");
    let waiting = to_act(&game);
    for &seat in active.iter().filter(|seat| waiting.contains(seat)) {
        let legal = app.legal_moves(&players[seat], id).await;
        let mv = random_move(&legal["legal_moves"], seat, rng);
        let reply = app
            .post_move(&players[seat], id, &legal["version"], &mv)
            .await;
        assert_eq!(
            reply.status, 200,
            "move {mv} of seat {seat}: {}",
            reply.text
        );
    }
}

/// The inputs of a finished game's move log.
async fn move_log(app: &TestApp, player: &Player, id: &str) -> Vec<Value> {
    array(&app.move_log(player, id).await["inputs"])
}

fn expired(inputs: &[Value]) -> Vec<&Value> {
    inputs
        .iter()
        .filter(|input| input["expired"] == true)
        .collect()
}

/// The NMR default for `T = 50`: ten 5s, and then `5` against each opponent every turn.
fn assert_nmr_fives(view: &Value, seat: usize) {
    let [low, high] = opponents(seat);
    if view["options"]["blind"] != true {
        assert_eq!(
            view["seats"][seat]["selection"],
            json!({"seat": seat, "cards": vec![5; 10], "doubles": 0, "nmr": true}),
            "seat {seat}"
        );
    }
    for record in array(&view["turns"]) {
        assert_eq!(
            record["orders"][seat],
            json!({"seat": seat, "plays": [{"opponent": low, "value": 5}, {"opponent": high, "value": 5}],
                   "doubles": 0, "nmr": true}),
            "turn {}",
            record["turn"]
        );
    }
}

/// Each phase lasts exactly `deadline_secs` from the start: an expired phase closes at its
/// deadline, and the next one starts there.
fn assert_phases_chain(events: &Value, first_started: i64, secs: i64) {
    let events = array(&events["events"]);
    let started: Vec<i64> = events
        .iter()
        .filter(|e| e["event"]["type"] == "phase_started")
        .filter_map(|e| e["event"]["started_at"].as_i64())
        .collect();
    let expected: Vec<i64> = (0..started.len() as i64)
        .map(|n| first_started + n * secs)
        .collect();
    assert_eq!(started, expected);
    let closed: Vec<i64> = events
        .iter()
        .filter_map(|e| match e["event"]["type"].as_str() {
            Some("selection_closed") => e["event"]["closed_at"].as_i64(),
            Some("turn_resolved") => e["event"]["record"]["closed_at"].as_i64(),
            _ => None,
        })
        .collect();
    let expected: Vec<i64> = (1..=closed.len() as i64)
        .map(|n| first_started + n * secs)
        .collect();
    assert_eq!(closed, expected);
}

per_backend!(missed_deadlines_are_filled_with_nmr_orders_even_when_nobody_asks);
async fn missed_deadlines_are_filled_with_nmr_orders_even_when_nobody_asks(app: TestApp) {
    let players = three_players(&app).await;
    let mut rng = StdRng::seed_from_u64(23);
    let partly = start(&app, &players, json!({"deadline_secs": 1})).await;
    let idle = start(&app, &players, json!({"deadline_secs": 1})).await;
    let idle_first = int(&app.game(&players[0], &idle).await["deadline_at"]);
    let idle_started = idle_first - 1;
    // Six phases of one second: Selection and five turns. In each, seats 0 and 1 of `partly`
    // submit; then the clock reaches the deadline and the server's tick closes the phase of
    // both games. Nobody asks about `idle` meanwhile.
    for _ in 0..6 {
        submit_pending(&app, &players, &partly, &[0, 1], &mut rng).await;
        app.advance_clock(1);
        app.tick().await;
    }
    // An expiry made by a request from here on would carry this later time.
    app.advance_clock(1);
    let partly_game = app.game(&players[0], &partly).await;
    assert_eq!(partly_game["status"], "finished", "{partly_game}");

    // Seat 2 never moved: every phase waited for it and closed at its deadline.
    let view = &partly_game["view"];
    assert_nmr_fives(view, 2);
    let log = move_log(&app, &players[2], &partly).await;
    assert_eq!(expired(&log).len(), 6, "one expiry per phase: {log:?}");
    assert!(
        log.iter()
            .filter(|input| input["expired"] == false)
            .all(|input| input["seat"] == 0 || input["seat"] == 1)
    );
    for seat in [0, 1] {
        let records = std::iter::once(&view["seats"][seat]["selection"]).chain(
            view["turns"]
                .as_array()
                .into_iter()
                .flatten()
                .map(|record| &record["orders"][seat]),
        );
        let submitted = records.filter(|record| record["nmr"] == false).count();
        assert!(submitted > 0, "seat {seat} never got a move in: {view}");
    }
    let scores = ints(&view["result"]["final_scores"]);
    assert_eq!(scores.iter().sum::<i64>(), 0);
    let partly_started = int(&partly_game["started_at"]);
    let events = app.events(&players[0], &partly).await;
    assert_phases_chain(&events, partly_started, 1);
    // The closing records in the log flag the NMR too, for everyone.
    let flags: Vec<Value> = events["events"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|e| match e["event"]["type"].as_str() {
            Some("selection_closed") => Some(e["event"]["selections"][2]["nmr"].clone()),
            Some("turn_resolved") => Some(e["event"]["record"]["orders"][2]["nmr"].clone()),
            _ => None,
        })
        .collect();
    assert_eq!(flags, vec![json!(true); 6]);

    // Nobody asked about the idle game while it ran: the server's tick finished it.
    let game = app.game(&players[0], &idle).await;
    assert_eq!(game["status"], "finished", "{game}");
    let view = &game["view"];
    for seat in 0..3 {
        assert_nmr_fives(view, seat);
    }
    assert_eq!(view["result"]["final_scores"], json!([0, 0, 0]));
    assert_eq!(view["result"]["ranks"], json!([1, 1, 1]));
    assert_eq!(game["outcome"]["winners"], json!([0, 1, 2]));
    let log = move_log(&app, &players[0], &idle).await;
    assert_eq!(log.len(), 6, "{log:?}");
    for (n, input) in log.iter().enumerate() {
        assert_eq!(input["expired"], true);
        assert_eq!(input["version"], n + 1);
        let deadline = idle_first + n as i64;
        let now = int(&input["now"]);
        assert_eq!(
            now, deadline,
            "phase {n} (deadline {deadline}) expired at {now}: not by the tick"
        );
    }
    assert_phases_chain(&app.events(&players[1], &idle).await, idle_started, 1);
}

per_backend!(servers_sharing_a_database_expire_each_phase_once);
async fn servers_sharing_a_database_expire_each_phase_once(app: TestApp) {
    let other = app.spawn_sharing().await;
    let players = three_players(&app).await;
    let standard = start(&app, &players, json!({"deadline_secs": 1})).await;
    let blind = start(&app, &players, json!({"deadline_secs": 1, "blind": true})).await;
    // Each second of the shared clock, the standard game is left to both servers' ticks alone;
    // the blind one is also brought up to date by requests to both servers at the same time.
    for _ in 0..6 {
        app.advance_clock(1);
        tokio::join!(
            app.tick(),
            other.tick(),
            app.game(&players[1], &blind),
            other.game(&players[1], &blind),
        );
    }
    for (id, phases) in [(&standard, 6), (&blind, 5)] {
        let game = other.game(&players[0], id).await;
        assert_eq!(game["status"], "finished", "{game}");
        assert_eq!(game["version"], phases);
        assert_eq!(app.game(&players[0], id).await, game);
        let log = move_log(&other, &players[0], id).await;
        assert_eq!(log.len(), phases, "one expiry per phase: {log:?}");
        for (n, input) in log.iter().enumerate() {
            assert_eq!(input["expired"], true);
            assert_eq!(input["version"], n + 1, "versions are consecutive");
        }
        let view = &game["view"];
        assert_eq!(view["turns"].as_array().map(Vec::len), Some(5));
        for seat in 0..3 {
            assert_nmr_fives(view, seat);
        }
        let events = array(&app.events(&players[2], id).await["events"]);
        let count = |kind: &str| events.iter().filter(|e| e["event"]["type"] == kind).count();
        assert_eq!(count("phase_started"), phases);
        assert_eq!(count("selection_closed"), phases - 5);
        assert_eq!(count("turn_resolved"), 5);
        assert_eq!(count("game_finished"), 1);
        let turns: Vec<i64> = events
            .iter()
            .filter(|e| e["event"]["type"] == "turn_resolved")
            .filter_map(|e| e["event"]["record"]["turn"].as_i64())
            .collect();
        assert_eq!(turns, [1, 2, 3, 4, 5]);
    }
}

per_backend!(bad_options_are_refused_naming_the_option);
async fn bad_options_are_refused_naming_the_option(app: TestApp) {
    let alice = app.player("alice").await;
    let create = |players: i64, options: Value| json!({"kind": "tribute", "players": players, "options": options});
    let bad = [
        ("card_total", json!(91)),
        ("card_total", json!(-1)),
        ("card_total", json!("50")),
        ("card_total", json!(2.5)),
        ("card_total", json!(null)),
        ("blind", json!(1)),
        ("blind", json!("true")),
        ("specials", json!("yes")),
        ("specials", json!(null)),
        ("double_cost", json!(11)),
        ("double_cost", json!(-1)),
        ("max_doubles", json!(0)),
        ("max_doubles", json!(6)),
        ("max_doubles", json!(true)),
        ("deadline_secs", json!(0)),
        ("deadline_secs", json!(2_592_001)),
        ("deadline_secs", json!("60")),
        ("deadline_secs", json!([60])),
    ];
    for (key, value) in bad {
        let reply = app
            .post(&alice, "/v1/games", create(3, json!({ key: value })))
            .await;
        reply.assert_problem(422, "invalid_option");
        assert_eq!(reply.body["option"], key, "{key} = {value}: {}", reply.text);
    }
    for (options, key) in [
        (json!({"rounds": 6}), "rounds"),
        (json!({"players": 3}), "players"),
        (json!({"card_total": 50, "Blind": true}), "Blind"),
    ] {
        let reply = app.post(&alice, "/v1/games", create(3, options)).await;
        reply.assert_problem(422, "unknown_option");
        assert_eq!(reply.body["option"], key, "{}", reply.text);
    }
    for players in [2, 4] {
        app.post(&alice, "/v1/games", create(players, json!({})))
            .await
            .assert_problem(422, "invalid_players");
    }
    // Unknown keys come first, then the player count, then the options in table order.
    let reply = app
        .post(&alice, "/v1/games", create(4, json!({"rounds": 1})))
        .await;
    reply.assert_problem(422, "unknown_option");
    app.post(&alice, "/v1/games", create(4, json!({"card_total": 91})))
        .await
        .assert_problem(422, "invalid_players");
    let reply = app
        .post(
            &alice,
            "/v1/games",
            create(3, json!({"deadline_secs": 0, "blind": 2, "card_total": 91})),
        )
        .await;
    reply.assert_problem(422, "invalid_option");
    assert_eq!(reply.body["option"], "card_total");

    // The extremes of every range are accepted.
    for options in [
        json!({"card_total": 0, "double_cost": 0, "max_doubles": 1, "deadline_secs": 1}),
        json!({"card_total": 90, "double_cost": 10, "max_doubles": 5, "deadline_secs": 2_592_000}),
        json!({"deadline_secs": null, "specials": false, "blind": false}),
    ] {
        app.post(&alice, "/v1/games", create(3, options))
            .await
            .expect_status(201);
    }

    let tribute = app.game_kind(&alice, "tribute").await;
    assert_eq!(tribute["min_players"], 3);
    assert_eq!(tribute["max_players"], 3);
    let defaults: Vec<(String, Value)> = array(&tribute["options"])
        .iter()
        .map(|o| (text(&o["key"]), o["default"].clone()))
        .collect();
    let expected = [
        ("card_total", json!(50)),
        ("blind", json!(false)),
        ("specials", json!(true)),
        ("double_cost", json!(3)),
        ("max_doubles", json!(2)),
        ("deadline_secs", json!(null)),
    ];
    assert_eq!(
        defaults,
        expected
            .map(|(key, value)| (key.to_owned(), value))
            .to_vec()
    );

    // Left-out options take their defaults; `specials` defaults to the opposite of `blind`.
    let players = three_players(&app).await;
    let id = start(&app, &players, json!({})).await;
    assert_eq!(
        app.game(&players[0], &id).await["view"]["options"],
        json!({"card_total": 50, "blind": false, "specials": true, "double_cost": 3,
               "max_doubles": 2, "deadline_secs": null})
    );
    let id = start(&app, &players, json!({"blind": true, "deadline_secs": 60})).await;
    let game = app.game(&players[0], &id).await;
    assert_eq!(
        game["view"]["options"],
        json!({"card_total": 50, "blind": true, "specials": false, "double_cost": 3,
               "max_doubles": 2, "deadline_secs": 60})
    );
    assert_eq!(
        game["deadline_at"].as_i64(),
        game["started_at"].as_i64().map(|at| at + 60)
    );
}

per_backend!(every_move_type_and_the_rules_errors_over_http);
async fn every_move_type_and_the_rules_errors_over_http(app: TestApp) {
    let p = three_players(&app).await;
    let outsider = app.player("zed").await;
    // The rules' game G.
    let id = start(&app, &p, json!({"card_total": 50, "deadline_secs": 86400})).await;
    let game = app.game(&p[0], &id).await;
    assert_eq!(game["view"]["phase"], "selection");
    assert_eq!(
        game["deadline_at"].as_i64(),
        game["view"]["started_at"].as_i64().map(|at| at + 86400)
    );
    assert_eq!(
        app.legal_moves(&p[0], &id).await["legal_moves"],
        json!({"type": "select", "card_count": 10, "min_value": 0, "max_value": 9,
               "totals": [{"doubles": 0, "total": 50}, {"doubles": 1, "total": 47},
                          {"doubles": 2, "total": 44}]})
    );

    // Selection phase: E7 rows u, v, s, t, w, x.
    let g0 = [0, 0, 2, 4, 5, 6, 7, 8, 9, 9];
    let g1 = [0, 1, 2, 4, 5, 5, 6, 7, 8, 9];
    let g2 = [0, 0, 0, 0, 4, 4, 9, 9, 9, 9];
    app.refuse(&p[0], &id, select(&g0[..9], 0), 422, "wrong_card_count")
        .await;
    let ten = [0, 0, 2, 4, 5, 6, 7, 8, 9, 10];
    app.refuse(&p[0], &id, select(&ten, 0), 422, "value_out_of_range")
        .await;
    app.refuse(&p[1], &id, select(&g1, 0), 422, "wrong_total")
        .await;
    app.refuse(&p[2], &id, select(&g2, 1), 422, "wrong_total")
        .await;
    let w = [0, 0, 0, 0, 0, 4, 4, 9, 9, 9];
    app.refuse(&p[2], &id, select(&w, 3), 422, "too_many_doubles")
        .await;
    app.refuse(&p[0], &id, orders(0, 1, 7, 9, 0), 422, "wrong_phase")
        .await;
    app.refuse(&outsider, &id, select(&g0, 0), 403, "not_a_player")
        .await;
    let negative = json!({"type": "select", "cards": g0, "doubles": -1});
    app.refuse(&p[0], &id, negative, 400, "malformed").await;
    app.refuse(&p[0], &id, json!({"type": "select"}), 400, "malformed")
        .await;
    let strings = json!({"type": "select", "cards": ["0", "9"], "doubles": 0});
    app.refuse(&p[0], &id, strings, 400, "malformed").await;
    app.refuse(&p[0], &id, json!({"type": "pass"}), 400, "malformed")
        .await;
    app.post_move(&p[0], &id, &json!(7), &select(&g0, 0))
        .await
        .assert_problem(409, "stale_version");
    assert_eq!(app.game(&p[0], &id).await["version"], 0, "nothing accepted");

    // A selection may be replaced; `doubles` may be left out (0).
    app.accept(&p[0], &id, select(&[5; 10], 0)).await;
    let reply = app
        .accept(
            &p[0],
            &id,
            json!({"type": "select", "cards": [9, 9, 8, 7, 6, 5, 4, 2, 0, 0]}),
        )
        .await;
    assert_eq!(
        reply["view"]["pending"],
        json!({"type": "selection", "cards": g0, "doubles": 0})
    );
    assert_eq!(to_act(&reply), [1, 2]);
    app.accept(&p[1], &id, select(&g1, 1)).await;
    let g1_state = app.accept(&p[2], &id, select(&g2, 2)).await;
    let view = &g1_state["view"];
    assert_eq!(view["phase"], "turn");
    assert_eq!(view["turn"], 1);
    assert_eq!(to_act(&g1_state), [0, 1, 2]);
    for (seat, hand) in [g0, g1, g2].iter().enumerate() {
        assert_eq!(view["seats"][seat]["hand"], json!(hand));
        assert_eq!(view["seats"][seat]["doubles_left"], json!(seat));
        assert_eq!(view["seats"][seat]["selection"]["nmr"], false);
    }
    assert_eq!(
        app.legal_moves(&p[2], &id).await["legal_moves"],
        json!({"type": "orders", "turn": 1, "opponents": [0, 1],
               "values": {"type": "hand", "hand": g2, "doubles_left": 2}})
    );

    // Turn 1 from G1: E7 rows b to n and p.
    let plays = |list: Value| json!({"type": "orders", "turn": 1, "plays": list});
    app.refuse(&p[0], &id, select(&g0, 0), 422, "wrong_phase")
        .await;
    app.refuse(&p[0], &id, orders(0, 2, 3, 9, 0), 422, "wrong_turn")
        .await;
    let one = plays(json!([{"opponent": 1, "value": 7}]));
    app.refuse(&p[0], &id, one, 422, "bad_opponents").await;
    let itself = plays(json!([{"opponent": 0, "value": 10}, {"opponent": 1, "value": 9}]));
    app.refuse(&p[0], &id, itself, 422, "bad_opponents").await;
    let twice = plays(json!([{"opponent": 1, "value": 7}, {"opponent": 1, "value": 9}]));
    app.refuse(&p[0], &id, twice, 422, "bad_opponents").await;
    let three = plays(
        json!([{"opponent": 1, "value": 7}, {"opponent": 2, "value": 9},
                             {"opponent": 1, "value": 5}]),
    );
    app.refuse(&p[0], &id, three, 422, "bad_opponents").await;
    let unknown = plays(json!([{"opponent": 1, "value": 7}, {"opponent": 3, "value": 9}]));
    app.refuse(&p[0], &id, unknown, 422, "bad_opponents").await;
    for (seat, mv, status, code) in [
        (0, orders(0, 1, 10, 9, 0), 422, "value_out_of_range"),
        (0, orders(0, 1, -1, 9, 0), 422, "value_out_of_range"),
        (0, orders(0, 1, 10, 9, 1), 422, "value_out_of_range"),
        (0, orders(0, 1, 7, 9, 1), 422, "too_many_doubles"),
        (2, orders(2, 1, 9, 9, 3), 422, "too_many_doubles"),
        (0, orders(0, 1, 3, 9, 0), 422, "card_not_in_hand"),
        (0, orders(0, 1, 8, 8, 0), 422, "card_not_in_hand"),
    ] {
        app.refuse(&p[seat], &id, mv, status, code).await;
    }
    app.refuse(&p[0], &id, orders(0, 1, 7, 9, -1), 400, "malformed")
        .await;
    let no_turn = json!({"type": "orders", "plays": [{"opponent": 1, "value": 7},
                                                     {"opponent": 2, "value": 9}]});
    app.refuse(&p[0], &id, no_turn, 400, "malformed").await;
    app.refuse(&outsider, &id, orders(0, 1, 7, 9, 0), 403, "not_a_player")
        .await;
    app.get(&outsider, &format!("/v1/games/{id}/legal-moves"))
        .await
        .assert_problem(403, "not_a_player");
    // Only the submission that closed the Selection was a change others could see.
    assert_eq!(
        app.game(&p[0], &id).await["version"],
        1,
        "refusals change nothing"
    );

    // E7 row o, then E1 with seat 0 replacing its orders (plays in any order).
    let reply = app.accept(&p[0], &id, orders(0, 1, 9, 9, 0)).await;
    assert_eq!(reply["view"]["seats"][0]["submitted"], true);
    let reversed = json!({"type": "orders", "turn": 1,
        "plays": [{"opponent": 2, "value": 9}, {"opponent": 1, "value": 7}]});
    app.accept(&p[0], &id, reversed).await;
    app.accept(&p[1], &id, orders(1, 1, 5, 8, 0)).await;
    let after_e1 = app.accept(&p[2], &id, orders(2, 1, 4, 0, 0)).await;
    let view = &after_e1["view"];
    assert_eq!(view["turn"], 2);
    assert_eq!(view["turns"][0]["scores_after"], json!([2, 0, -2]));
    assert_eq!(
        view["turns"][0]["orders"][0]["plays"],
        json!([{"opponent": 1, "value": 7}, {"opponent": 2, "value": 9}])
    );
    assert_eq!(view["seats"][0]["hand"], json!([0, 0, 2, 4, 5, 6, 8, 9]));

    // E7 rows q and r after E1; then E9 with seat 0 sending what its NMR would have been.
    app.refuse(&p[0], &id, orders(0, 2, 7, 9, 0), 422, "card_not_in_hand")
        .await;
    app.refuse(&p[0], &id, orders(0, 1, 6, 9, 0), 422, "wrong_turn")
        .await;
    app.accept(&p[1], &id, orders(1, 2, 9, 1, 0)).await;
    app.accept(&p[2], &id, orders(2, 2, 9, 0, 1)).await;
    let after_e9 = app.accept(&p[0], &id, orders(0, 2, 6, 9, 0)).await;
    let record = &after_e9["view"]["turns"][1];
    assert_eq!(record["multiplier"], 2);
    assert_eq!(record["deltas"], json!([-2, 4, -2]));
    assert_eq!(record["scores_after"], json!([0, 4, -4]));

    // E14: turns 3 to 5.
    let rest = [
        [(8, 0, 0), (7, 6, 1), (9, 9, 1)],
        [(5, 2, 0), (4, 2, 0), (0, 0, 0)],
        [(4, 0, 0), (0, 5, 0), (9, 4, 0)],
    ];
    let mut last = Value::Null;
    for (n, turn) in rest.iter().enumerate() {
        for (seat, (x, y, d)) in turn.iter().enumerate() {
            last = app
                .accept(&p[seat], &id, orders(seat, n as i64 + 3, *x, *y, *d))
                .await;
        }
    }
    let scores: Vec<Value> = array(&last["view"]["turns"])
        .iter()
        .map(|t| t["scores_after"].clone())
        .collect();
    assert_eq!(
        scores,
        [
            json!([2, 0, -2]),
            json!([0, 4, -4]),
            json!([0, -4, 4]),
            json!([2, -4, 2]),
            json!([2, -4, 2])
        ]
    );
    assert_eq!(last["view"]["turns"][2]["multiplier"], 4);
    assert_eq!(last["status"], "finished");
    assert_eq!(
        last["view"]["result"],
        json!({"final_scores": [2, -4, 2], "ranks": [1, 3, 1], "winners": [0, 2]})
    );
    assert_eq!(last["outcome"]["winners"], json!([0, 2]));
    app.refuse(&p[0], &id, orders(0, 6, 0, 0, 0), 422, "wrong_phase")
        .await;
    app.refuse(&p[1], &id, select(&g1, 1), 422, "wrong_phase")
        .await;

    // Doubles need specials: E7 rows y and z.
    let plain = start(&app, &p, json!({"specials": false})).await;
    app.refuse(&p[0], &plain, select(&[5; 10], 1), 422, "specials_disabled")
        .await;
    for player in &p {
        app.accept(player, &plain, select(&[5; 10], 0)).await;
    }
    app.refuse(
        &p[0],
        &plain,
        orders(0, 1, 5, 5, 1),
        422,
        "specials_disabled",
    )
    .await;
    assert_eq!(
        app.legal_moves(&p[0], &plain).await["legal_moves"]["values"]["doubles_left"],
        0
    );

    blind_moves_and_errors(&app, &p).await;
}

/// The rules' examples E12 (without its NMR) and E13 over HTTP.
async fn blind_moves_and_errors(app: &TestApp, p: &[Player]) {
    let id = start(app, p, json!({"blind": true, "card_total": 50})).await;
    let game = app.game(&p[0], &id).await;
    assert_eq!(game["view"]["phase"], "turn");
    assert_eq!(game["view"]["turn"], 1);
    app.refuse(&p[0], &id, select(&[5; 10], 0), 422, "wrong_phase")
        .await;
    app.refuse(&p[0], &id, orders(0, 1, 5, 5, 1), 422, "specials_disabled")
        .await;
    for turn in [1, 2] {
        app.accept(&p[0], &id, orders(0, turn, 0, 0, 0)).await;
        app.accept(&p[1], &id, orders(1, turn, 9, 9, 0)).await;
        app.accept(&p[2], &id, orders(2, turn, 5, 5, 0)).await;
    }
    assert_eq!(
        app.legal_moves(&p[0], &id).await["legal_moves"]["values"],
        json!({"type": "blind", "remaining": 50, "plays_left": 6, "double_cost": 3,
               "charge_min": 14, "charge_max": 50,
               "sums": [{"doubles": 0, "min_sum": 14, "max_sum": 18}]})
    );
    app.refuse(&p[0], &id, orders(0, 3, 5, 5, 0), 422, "total_unreachable")
        .await;
    app.refuse(&p[1], &id, orders(1, 3, 9, 9, 0), 422, "total_exceeded")
        .await;
    app.accept(&p[1], &id, orders(1, 3, 9, 5, 0)).await;
    app.accept(&p[2], &id, orders(2, 3, 5, 5, 0)).await;
    let game = app.accept(&p[0], &id, orders(0, 3, 5, 9, 0)).await;
    let view = &game["view"];
    assert_eq!(view["turns"][2]["scores_after"], json!([-4, 5, -1]));
    let remaining: Vec<Value> = (0..3)
        .map(|s| view["seats"][s]["blind"]["remaining"].clone())
        .collect();
    assert_eq!(remaining, [json!(36), json!(0), json!(20)]);
    app.accept(&p[0], &id, orders(0, 4, 9, 9, 0)).await;
    app.accept(&p[1], &id, orders(1, 4, 0, 0, 0)).await;
    app.accept(&p[2], &id, orders(2, 4, 9, 1, 0)).await;
    app.refuse(&p[2], &id, orders(2, 5, 1, 8, 0), 422, "total_unreachable")
        .await;
    app.accept(&p[0], &id, orders(0, 5, 9, 9, 0)).await;
    app.accept(&p[1], &id, orders(1, 5, 0, 0, 0)).await;
    let game = app.accept(&p[2], &id, orders(2, 5, 1, 9, 0)).await;
    assert_eq!(
        game["view"]["result"],
        json!({"final_scores": [-1, 1, 0], "ranks": [3, 1, 2], "winners": [1]})
    );

    // E13: the last 3 points of seat 0 can be paid with a double.
    let id = start(app, p, json!({"blind": true, "specials": true})).await;
    for (turn, (x, y)) in [(9, 9), (9, 9), (9, 2), (0, 0)].into_iter().enumerate() {
        let turn = turn as i64 + 1;
        app.accept(&p[0], &id, orders(0, turn, x, y, 0)).await;
        app.accept(&p[1], &id, orders(1, turn, 5, 5, 0)).await;
        app.accept(&p[2], &id, orders(2, turn, 5, 5, 0)).await;
    }
    app.refuse(&p[0], &id, orders(0, 5, 1, 0, 1), 422, "total_exceeded")
        .await;
    app.refuse(&p[0], &id, orders(0, 5, 0, 0, 2), 422, "total_exceeded")
        .await;
    app.refuse(&p[0], &id, orders(0, 5, 0, 0, 0), 422, "total_unreachable")
        .await;
    app.refuse(&p[0], &id, orders(0, 5, 0, 0, 3), 422, "too_many_doubles")
        .await;
    app.accept(&p[0], &id, orders(0, 5, 0, 0, 1)).await;
    app.accept(&p[0], &id, orders(0, 5, 2, 1, 0)).await;
    let reply = app.accept(&p[0], &id, orders(0, 5, 0, 0, 1)).await;
    assert_eq!(
        reply["view"]["pending"],
        json!({"type": "orders", "turn": 5, "plays": [{"opponent": 1, "value": 0},
               {"opponent": 2, "value": 0}], "doubles": 1})
    );
    app.accept(&p[1], &id, orders(1, 5, 5, 5, 0)).await;
    let game = app.accept(&p[2], &id, orders(2, 5, 5, 5, 0)).await;
    let record = &game["view"]["turns"][4];
    assert_eq!(record["multiplier"], 2);
    assert_eq!(record["orders"][0]["doubles"], 1);
    assert_eq!(game["view"]["seats"][0]["doubles_left"], 1);
    for seat in 0..3 {
        assert_eq!(game["view"]["seats"][seat]["blind"]["remaining"], 0);
    }
}
