//! Webhooks end to end, against a real receiver on 127.0.0.1: a registered endpoint gets signed
//! notices (checked here and, when `WEBHOOK_VERIFY_PYTHON` names a Python with the Standard
//! Webhooks package, by that package), test pings, retries on the game clock, a 410 that
//! disables, the deliveries list and redelivery; URLs refused without `WEBHOOK_ALLOW_PRIVATE`;
//! two processes that share the outbox without sending an attempt twice.

use std::collections::HashMap;
use std::time::Duration;

use base64::Engine;
use base64::engine::general_purpose::STANDARD;
use blackbox::webhook_receiver::{Received, Receiver};
use blackbox::{Player, Read, TestApp, per_backend, play_random_move, postgres_only};
use hmac::{Hmac, Mac};
use rand::SeedableRng;
use rand::rngs::StdRng;
use serde_json::{Value, json};
use sha2::Sha256;

const WAIT: Duration = Duration::from_secs(15);

/// A scenario on both backends, on servers that allow private webhook targets (the receiver
/// is on 127.0.0.1).
macro_rules! with_private_targets {
    ($($scenario:ident),+ $(,)?) => {$(
        mod $scenario {
            #[tokio::test]
            async fn sqlite() {
                super::$scenario(super::spawn(&blackbox::Backend::Sqlite).await).await;
            }

            #[tokio::test]
            async fn postgres() {
                if let Some(backend) = blackbox::postgres_backend() {
                    super::$scenario(super::spawn(&backend).await).await;
                }
            }
        }
    )+};
}

async fn spawn(backend: &blackbox::Backend) -> TestApp {
    TestApp::spawn_with(backend, |settings| settings.webhooks.allow_private = true).await
}

/// Two processes on one fresh PostgreSQL database, both admitting a local receiver.
async fn spawn_two(admin_url: &str) -> (TestApp, TestApp) {
    let near = spawn(&blackbox::Backend::Postgres(admin_url.to_owned())).await;
    let far = near
        .spawn_sharing_with(|settings| settings.webhooks.allow_private = true)
        .await;
    (near, far)
}

/// Ann, Ben, Cal and Dee, registered and logged in.
async fn four_players(app: &TestApp) -> [Player; 4] {
    let players = app.players(["ann", "ben", "cal", "dee"]).await;
    players
        .try_into()
        .unwrap_or_else(|_| panic!("four players were asked for"))
}

/// Registers an endpoint; returns its id and secret.
async fn register(app: &TestApp, player: &Player, url: &str, events: &[&str]) -> (String, String) {
    let reply = app
        .post(
            player,
            "/v1/me/webhooks",
            json!({"url": url, "events": events}),
        )
        .await
        .expect_status(201);
    let secret = reply.body["secret"].as_str().unwrap_or_default().to_owned();
    assert!(secret.starts_with("whsec_"), "{}", reply.text);
    let key = STANDARD
        .decode(&secret["whsec_".len()..])
        .unwrap_or_default();
    assert!((24..=32).contains(&key.len()), "{} key bytes", key.len());
    let id = reply.body["id"].as_str().unwrap_or_default().to_owned();
    (id, secret)
}

/// Checks the Standard Webhooks signature with this test's own HMAC.
fn assert_signed(request: &Received, secret: &str) {
    let key = STANDARD
        .decode(secret.trim_start_matches("whsec_"))
        .unwrap_or_default();
    let mut mac = Hmac::<Sha256>::new_from_slice(&key).unwrap_or_else(|_| panic!("bad key"));
    let signed = format!(
        "{}.{}.{}",
        request.header("webhook-id"),
        request.header("webhook-timestamp"),
        request.body
    );
    mac.update(signed.as_bytes());
    let expected = format!("v1,{}", STANDARD.encode(mac.finalize().into_bytes()));
    assert!(
        request
            .header("webhook-signature")
            .split(' ')
            .any(|signature| signature == expected),
        "bad signature on {request:?}"
    );
    assert!(request.header("webhook-id").starts_with("msg_"));
    assert!(request.header("webhook-timestamp").parse::<i64>().is_ok());
}

/// Hands the captured requests to the independent verifier, when one is installed.
fn verify_with_python(requests: &[Received], secret: &str) {
    let Some(python) = std::env::var_os("WEBHOOK_VERIFY_PYTHON") else {
        eprintln!("WEBHOOK_VERIFY_PYTHON unset: verified with this test's code only");
        return;
    };
    let capture = json!({
        "secret": secret,
        "requests": requests.iter().map(|request| json!({
            "headers": request.headers,
            "body": request.body,
        })).collect::<Vec<_>>(),
    });
    let path = std::env::temp_dir().join(format!("webhooks-{}.json", uuid::Uuid::new_v4()));
    std::fs::write(&path, capture.to_string()).unwrap_or_else(|error| panic!("{error}"));
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/webhooks/verify.py");
    let output = std::process::Command::new(python)
        .arg(script)
        .arg(&path)
        .output()
        .unwrap_or_else(|error| panic!("cannot run the verifier: {error}"));
    let _ = std::fs::remove_file(&path);
    assert!(
        output.status.success(),
        "the Standard Webhooks package refused: {}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    eprint!("{}", String::from_utf8_lossy(&output.stdout));
}

/// A notice's payload says only which game wants the account: exactly these fields.
fn assert_no_hidden_information(payload: &Value) {
    let mut keys: Vec<&str> = payload
        .as_object()
        .map(|object| object.keys().map(String::as_str).collect())
        .unwrap_or_default();
    keys.sort_unstable();
    assert_eq!(keys, ["data", "timestamp", "type"], "{payload}");
    let mut data: Vec<&str> = payload["data"]
        .as_object()
        .map(|object| object.keys().map(String::as_str).collect())
        .unwrap_or_default();
    data.sort_unstable();
    assert_eq!(
        data,
        [
            "deadline_at",
            "game_id",
            "kind",
            "notice",
            "seat",
            "version"
        ],
        "{payload}"
    );
}

async fn deliveries(app: &TestApp, player: &Player, endpoint: &str) -> Vec<Value> {
    app.get(player, &format!("/v1/me/webhooks/{endpoint}/deliveries"))
        .await
        .expect_status(200)
        .body["deliveries"]
        .as_array()
        .cloned()
        .unwrap_or_default()
}

/// Polls the deliveries list until `done` holds (the attempt is recorded just after the
/// receiver answers).
async fn deliveries_when(
    app: &TestApp,
    player: &Player,
    endpoint: &str,
    done: impl Fn(&[Value]) -> bool,
) -> Vec<Value> {
    let deadline = tokio::time::Instant::now() + WAIT;
    loop {
        let list = deliveries(app, player, endpoint).await;
        if done(&list) {
            return list;
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "deliveries never got there: {list:?}"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

with_private_targets!(a_move_sends_a_signed_your_turn);
async fn a_move_sends_a_signed_your_turn(app: TestApp) {
    let receiver = Receiver::start().await;
    let [ann, ben, cal, dee] = four_players(&app).await;
    let (_, secret) = register(
        &app,
        &ann,
        &receiver.url,
        &["game_started", "your_turn", "game_finished"],
    )
    .await;
    let (status, stream) = app
        .open_stream("/v1/me/stream", Some(&ann.token), &[])
        .await;
    assert_eq!(status, 200);
    let mut stream = stream.unwrap_or_else(|| panic!("no account stream"));
    let request = json!({"kind": "trade_or_duel", "players": 4,
        "options": {"turns_each": 1, "first_player": 1, "deadline_secs": 600}});
    let id = app.start_game(&ann, &[&ben, &cal, &dee], request).await;

    // The join that started the game told Ann; the stream carries the same notice number.
    let started = receiver.wait_for(1, WAIT).await[0].json();
    assert_eq!(started["type"], "game_started");
    assert_eq!(started["data"]["game_id"], id.as_str());
    let told = match stream.next_event(WAIT).await {
        Read::Message(message) => message.json(),
        other => panic!("expected game_started, got {other:?}"),
    };
    assert_eq!(told["type"], "game_started");
    assert_eq!(told["notice"], started["data"]["notice"]);

    // Play to the end; every turn sent is a version at which Ann really had to act.
    let seats = [&ann, &ben, &cal, &dee];
    let mut rng = StdRng::seed_from_u64(5);
    let mut ann_to_act = Vec::new();
    while let Some(before) = play_random_move(&app, &seats, &id, &mut rng).await {
        if before["to_act"]
            .as_array()
            .is_some_and(|seats| seats.contains(&json!(0)))
        {
            ann_to_act.push(before["version"].clone());
        }
    }
    assert!(!ann_to_act.is_empty(), "Ann never had to act");
    // Up to four messages are in flight to an endpoint at once, so they may arrive out of
    // order: the notice number orders them (docs/webhooks.md).
    let mut received = until_finished(&receiver).await;
    received.sort_by_key(|request| request.json()["data"]["notice"].as_i64());
    let finished_at = received
        .iter()
        .position(|request| request.json()["type"] == "game_finished")
        .unwrap_or(received.len());
    let turns: Vec<Value> = received[..finished_at]
        .iter()
        .map(Received::json)
        .filter(|payload| payload["type"] == "your_turn")
        .collect();
    assert!(!turns.is_empty(), "no your_turn after a move");
    for turn in &turns {
        assert_eq!(turn["data"]["game_id"], id.as_str());
        assert_eq!(turn["data"]["seat"], 0);
        assert_eq!(turn["data"]["kind"], "trade_or_duel");
        assert!(turn["data"]["deadline_at"].is_i64(), "{turn}");
        assert!(
            ann_to_act.contains(&turn["data"]["version"]),
            "told {turn}, but Ann acted at {ann_to_act:?}"
        );
    }
    // Notice numbers count up per account, one per notice: never one twice.
    let numbers: Vec<i64> = received
        .iter()
        .filter_map(|request| request.json()["data"]["notice"].as_i64())
        .collect();
    assert_eq!(numbers.len(), received.len(), "a message without a number");
    assert!(
        numbers.windows(2).all(|pair| pair[0] < pair[1]),
        "{numbers:?}"
    );
    for request in &received {
        assert_signed(request, &secret);
        assert_no_hidden_information(&request.json());
        assert_eq!(request.header("content-type"), "application/json");
    }
    verify_with_python(&received, &secret);
}

with_private_targets!(a_ping_is_delivered_listed_and_redelivered);
async fn a_ping_is_delivered_listed_and_redelivered(app: TestApp) {
    let receiver = Receiver::start().await;
    let ann = app.player("ann").await;
    let (endpoint, secret) = register(&app, &ann, &receiver.url, &["your_turn"]).await;
    let listed = app.get(&ann, "/v1/me/webhooks").await.expect_status(200);
    assert_eq!(listed.body["webhooks"][0]["id"], endpoint.as_str());
    assert!(
        listed.body["webhooks"][0].get("secret").is_none(),
        "{}",
        listed.text
    );
    let one = app
        .get(&ann, &format!("/v1/me/webhooks/{endpoint}"))
        .await
        .expect_status(200);
    assert_eq!(one.body["events"], json!(["your_turn"]));
    assert_eq!(one.body["active"], true);

    let queued = app
        .post(&ann, &format!("/v1/me/webhooks/{endpoint}/test"), json!({}))
        .await
        .expect_status(202);
    let ping = receiver.wait_for(1, WAIT).await[0].clone();
    assert_signed(&ping, &secret);
    assert_eq!(ping.json()["type"], "ping");
    assert_eq!(ping.json()["data"]["endpoint_id"], endpoint.as_str());
    assert_eq!(
        ping.header("webhook-id"),
        queued.body["message_id"].as_str().unwrap_or("-")
    );
    let list = deliveries_when(&app, &ann, &endpoint, |list| {
        list.first()
            .is_some_and(|first| first["status"] == "delivered")
    })
    .await;
    assert_eq!(list[0]["attempts"], 1);
    assert_eq!(list[0]["last_response_code"], 204);
    assert_eq!(list[0]["type"], "ping");

    // Sent again: the same message id and body, a new delivery.
    let delivery = list[0]["id"].as_str().unwrap_or_default();
    let again = app
        .post(
            &ann,
            &format!("/v1/me/webhooks/{endpoint}/deliveries/{delivery}/redeliver"),
            json!({}),
        )
        .await
        .expect_status(202);
    assert_ne!(again.body["id"], list[0]["id"]);
    let received = receiver.wait_for(2, WAIT).await;
    assert_eq!(received[1].header("webhook-id"), ping.header("webhook-id"));
    assert_eq!(received[1].body, ping.body);
    assert_signed(&received[1], &secret);
    deliveries_when(&app, &ann, &endpoint, |list| {
        list.len() == 2
            && list
                .iter()
                .all(|delivery| delivery["status"] == "delivered")
    })
    .await;

    // Another account sees none of it; a deleted endpoint is gone.
    let ben = app.player("ben").await;
    app.get(&ben, &format!("/v1/me/webhooks/{endpoint}"))
        .await
        .assert_problem(404, "webhook_not_found");
    app.get(&ben, &format!("/v1/me/webhooks/{endpoint}/deliveries"))
        .await
        .assert_problem(404, "webhook_not_found");
    let missing = uuid::Uuid::new_v4();
    app.post(
        &ann,
        &format!("/v1/me/webhooks/{endpoint}/deliveries/{missing}/redeliver"),
        json!({}),
    )
    .await
    .assert_problem(404, "delivery_not_found");
    let deleted = app
        .request(
            reqwest::Method::DELETE,
            &format!("/v1/me/webhooks/{endpoint}"),
            Some(&ann.token),
            None,
        )
        .await;
    assert_eq!(deleted.status, 204, "{}", deleted.text);
    app.get(&ann, &format!("/v1/me/webhooks/{endpoint}"))
        .await
        .assert_problem(404, "webhook_not_found");
}

with_private_targets!(a_failing_receiver_is_retried_as_the_clock_moves);
async fn a_failing_receiver_is_retried_as_the_clock_moves(app: TestApp) {
    let receiver = Receiver::start().await;
    receiver.answer_with(&[500, 503]);
    let ann = app.player("ann").await;
    let (endpoint, secret) = register(&app, &ann, &receiver.url, &["your_turn"]).await;
    app.post(&ann, &format!("/v1/me/webhooks/{endpoint}/test"), json!({}))
        .await
        .expect_status(202);
    receiver.wait_for(1, WAIT).await;
    let now = app.now();
    let list = deliveries_when(&app, &ann, &endpoint, |list| {
        list.first().is_some_and(|first| first["attempts"] == 1)
    })
    .await;
    assert_eq!(list[0]["status"], "pending");
    assert_eq!(list[0]["last_response_code"], 500);
    // The first retry is due 5 s on (±10 %, whole seconds).
    let next = list[0]["next_attempt_at"].as_i64().unwrap_or_default();
    assert!(
        (now + 4..=now + 6).contains(&next),
        "next at {next}, now {now}"
    );
    // Not before it is due.
    tokio::time::sleep(Duration::from_millis(1_200)).await;
    assert_eq!(receiver.received().len(), 1);

    app.advance_clock(7);
    receiver.wait_for(2, WAIT).await;
    let list = deliveries_when(&app, &ann, &endpoint, |list| {
        list.first().is_some_and(|first| first["attempts"] == 2)
    })
    .await;
    assert_eq!(list[0]["last_response_code"], 503);
    let next = list[0]["next_attempt_at"].as_i64().unwrap_or_default();
    let now = app.now();
    assert!(
        (now + 270..=now + 330).contains(&next),
        "next at {next}, now {now}"
    );

    app.advance_clock(331);
    let received = receiver.wait_for(3, WAIT).await;
    let list = deliveries_when(&app, &ann, &endpoint, |list| {
        list.first()
            .is_some_and(|first| first["status"] == "delivered")
    })
    .await;
    assert_eq!(list[0]["attempts"], 3);
    assert_eq!(list[0]["last_response_code"], 204);
    assert!(list[0]["next_attempt_at"].is_null());
    // Every attempt is the same message, signed at its own time.
    for request in &received {
        assert_eq!(
            request.header("webhook-id"),
            received[0].header("webhook-id")
        );
        assert_signed(request, &secret);
    }
    let endpoint_now = app
        .get(&ann, &format!("/v1/me/webhooks/{endpoint}"))
        .await
        .expect_status(200);
    assert_eq!(endpoint_now.body["consecutive_failures"], 0);
    assert_eq!(endpoint_now.body["active"], true);
}

with_private_targets!(gone_disables_the_endpoint_and_the_stream_says_so);
async fn gone_disables_the_endpoint_and_the_stream_says_so(app: TestApp) {
    let receiver = Receiver::start().await;
    receiver.answer_with(&[410]);
    let ann = app.player("ann").await;
    let (endpoint, _) = register(&app, &ann, &receiver.url, &["your_turn"]).await;
    let (status, stream) = app
        .open_stream("/v1/me/stream", Some(&ann.token), &[])
        .await;
    assert_eq!(status, 200);
    let mut stream = stream.unwrap_or_else(|| panic!("no account stream"));
    app.post(&ann, &format!("/v1/me/webhooks/{endpoint}/test"), json!({}))
        .await
        .expect_status(202);
    receiver.wait_for(1, WAIT).await;
    let told = match stream.next_event(WAIT).await {
        Read::Message(message) => message.json(),
        other => panic!("expected webhook_disabled, got {other:?}"),
    };
    assert_eq!(told["type"], "webhook_disabled");
    assert_eq!(told["endpoint_id"], endpoint.as_str());
    let disabled = app
        .get(&ann, &format!("/v1/me/webhooks/{endpoint}"))
        .await
        .expect_status(200);
    assert_eq!(disabled.body["active"], false);
    assert_eq!(disabled.body["disabled_reason"], "gone");
    let list = deliveries(&app, &ann, &endpoint).await;
    assert_eq!(list[0]["status"], "failed");
    assert_eq!(list[0]["last_response_code"], 410);
    app.post(&ann, &format!("/v1/me/webhooks/{endpoint}/test"), json!({}))
        .await
        .assert_problem(409, "webhook_disabled");
    tokio::time::sleep(Duration::from_millis(700)).await;
    assert_eq!(receiver.received().len(), 1, "nothing more is sent");
}

per_backend!(inside_and_plain_http_targets_are_refused_by_default);
async fn inside_and_plain_http_targets_are_refused_by_default(app: TestApp) {
    let ann = app.player("ann").await;
    let refused = [
        (
            "http://hooks.example.com/cardtable",
            "webhook_url_not_https",
        ),
        ("ftp://hooks.example.com/", "webhook_url_not_https"),
        ("https://127.0.0.1:8443/hook", "webhook_url_not_public"),
        ("https://localhost/hook", "webhook_url_not_public"),
        ("https://[::1]/hook", "webhook_url_not_public"),
        ("https://[::ffff:10.0.0.1]/hook", "webhook_url_not_public"),
        ("https://169.254.169.254/latest", "webhook_url_not_public"),
        ("https://[fd00::1]/hook", "webhook_url_not_public"),
        ("https://user:pw@hooks.example.com/", "invalid_webhook_url"),
        ("not a url", "invalid_webhook_url"),
    ];
    for (url, code) in refused {
        app.post(
            &ann,
            "/v1/me/webhooks",
            json!({"url": url, "events": ["your_turn"]}),
        )
        .await
        .assert_problem(422, code);
    }
    app.post(
        &ann,
        "/v1/me/webhooks",
        json!({"url": "https://[::1]/", "events": []}),
    )
    .await
    .assert_problem(422, "no_events");
    app.post(
        &ann,
        "/v1/me/webhooks",
        json!({"url": "https://[::1]/", "events": ["card_seen"]}),
    )
    .await
    .assert_problem(400, "malformed");
    let listed = app.get(&ann, "/v1/me/webhooks").await.expect_status(200);
    assert_eq!(listed.body["webhooks"], json!([]));
}

postgres_only!(two_processes_share_the_outbox_and_send_each_attempt_once);
async fn two_processes_share_the_outbox_and_send_each_attempt_once(admin_url: &str) {
    let (near, far) = spawn_two(admin_url).await;
    let receiver = Receiver::start().await;
    // Slow answers keep attempts in flight while both processes claim.
    receiver.delay_answers(Duration::from_millis(150));
    let ann = near.player("ann").await;
    let (endpoint, secret) = register(&near, &ann, &receiver.url, &["your_turn"]).await;
    const PINGS: usize = 24;
    for index in 0..PINGS {
        let app = if index % 2 == 0 { &near } else { &far };
        app.post(&ann, &format!("/v1/me/webhooks/{endpoint}/test"), json!({}))
            .await
            .expect_status(202);
    }
    let received = receiver.wait_for(PINGS, Duration::from_secs(60)).await;
    // Every message once, and nothing more a while later.
    tokio::time::sleep(Duration::from_millis(1_500)).await;
    let received_now = receiver.received();
    assert_eq!(received_now.len(), PINGS, "an attempt was sent twice");
    let mut per_message: HashMap<String, usize> = HashMap::new();
    for request in &received {
        assert_signed(request, &secret);
        *per_message
            .entry(request.header("webhook-id").to_owned())
            .or_default() += 1;
    }
    assert_eq!(per_message.len(), PINGS);
    assert!(
        per_message.values().all(|count| *count == 1),
        "{per_message:?}"
    );
    let list = deliveries_when(&near, &ann, &endpoint, |list| {
        list.iter()
            .all(|delivery| delivery["status"] == "delivered")
    })
    .await;
    assert!(list.iter().all(|delivery| delivery["attempts"] == 1));
}

postgres_only!(a_disabled_endpoint_is_told_to_the_account_streams_of_every_process);
async fn a_disabled_endpoint_is_told_to_the_account_streams_of_every_process(admin_url: &str) {
    let (near, far) = spawn_two(admin_url).await;
    let receiver = Receiver::start().await;
    receiver.answer_with(&[410]);
    let ann = near.player("ann").await;
    let (endpoint, _) = register(&near, &ann, &receiver.url, &["your_turn"]).await;
    // An account stream on each process: whichever worker sends the ping and disables the
    // endpoint, the other process learns it only from what the first announces.
    let mut streams = Vec::new();
    for app in [&near, &far] {
        let (status, stream) = app
            .open_stream("/v1/me/stream", Some(&ann.token), &[])
            .await;
        assert_eq!(status, 200);
        streams.push(stream.unwrap_or_else(|| panic!("no account stream")));
    }
    near.post(&ann, &format!("/v1/me/webhooks/{endpoint}/test"), json!({}))
        .await
        .expect_status(202);
    receiver.wait_for(1, WAIT).await;
    for (process, stream) in ["near", "far"].into_iter().zip(&mut streams) {
        let told = match stream.next_event(WAIT).await {
            Read::Message(message) => message.json(),
            other => panic!("{process}: expected webhook_disabled, got {other:?}"),
        };
        assert_eq!(told["type"], "webhook_disabled", "{process}");
        assert_eq!(told["endpoint_id"], endpoint.as_str(), "{process}");
    }
}

with_private_targets!(a_quick_match_is_told_by_webhook);
async fn a_quick_match_is_told_by_webhook(app: TestApp) {
    let receiver = Receiver::start().await;
    let ann = app.player("ann").await;
    let (_, secret) = register(&app, &ann, &receiver.url, &["match_found"]).await;
    let ticket = app
        .post(
            &ann,
            "/v1/matchmaking/tickets",
            json!({"kind": "tricky_tribes", "players": 3, "bots_after_secs": 0}),
        )
        .await
        .expect_status(201)
        .body;
    let told = receiver.wait_for(1, WAIT).await;
    let message = told[0].json();
    assert_eq!(message["type"], "match_found", "{message}");
    assert_signed(&told[0], &secret);
    assert_no_hidden_information(&message);
    let path = format!(
        "/v1/matchmaking/tickets/{}",
        ticket["id"].as_str().unwrap_or_default()
    );
    let matched = app.get(&ann, &path).await.expect_status(200).body;
    assert_eq!(matched["status"], "matched");
    assert_eq!(message["data"]["game_id"], matched["game_id"], "{message}");
    assert_eq!(message["data"]["kind"], "tricky_tribes");
    // Only the type it subscribed to: no game_started or your_turn follows.
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert_eq!(
        receiver.received().len(),
        1,
        "only match_found was asked for"
    );
}

/// Plays `id` to its end, move by move on `apps` in turn; returns what Ann's receiver got
/// ([`until_finished`]).
async fn play_to_the_end_on(
    apps: &[&TestApp],
    seats: &[&Player],
    id: &str,
    receiver: &Receiver,
) -> Vec<Received> {
    let mut rng = StdRng::seed_from_u64(11);
    let mut turn = 0;
    while play_random_move(apps[turn % apps.len()], seats, id, &mut rng)
        .await
        .is_some()
    {
        turn += 1;
    }
    until_finished(receiver).await
}

/// Waits until the receiver has a `game_finished`, and a moment more (up to four messages are
/// in flight at once, so an earlier one may still be on its way); returns what it received.
async fn until_finished(receiver: &Receiver) -> Vec<Received> {
    loop {
        let received = receiver.received();
        if received
            .iter()
            .any(|request| request.json()["type"] == "game_finished")
        {
            tokio::time::sleep(Duration::from_millis(1_000)).await;
            return receiver.received();
        }
        receiver.wait_for(received.len() + 1, WAIT).await;
    }
}

with_private_targets!(an_endpoint_has_at_most_four_attempts_in_flight);
async fn an_endpoint_has_at_most_four_attempts_in_flight(app: TestApp) {
    let receiver = Receiver::start().await;
    // Slow answers keep attempts in flight while new notices are queued.
    receiver.delay_answers(Duration::from_millis(400));
    let [ann, ben, cal, dee] = four_players(&app).await;
    register(&app, &ann, &receiver.url, &["game_started"]).await;
    const GAMES: usize = 10;
    for _ in 0..GAMES {
        let request = json!({"kind": "trade_or_duel", "players": 4});
        app.start_game(&ann, &[&ben, &cal, &dee], request).await;
    }
    receiver.wait_for(GAMES, Duration::from_secs(30)).await;
    let most = receiver.most_at_once();
    assert!((2..=4).contains(&most), "{most} attempts in flight at once");
}

with_private_targets!(an_endpoint_hears_only_of_what_follows_its_registration);
async fn an_endpoint_hears_only_of_what_follows_its_registration(app: TestApp) {
    let receiver = Receiver::start().await;
    let [ann, ben, cal, dee] = four_players(&app).await;
    let request = json!({"kind": "trade_or_duel", "players": 4,
        "options": {"turns_each": 1, "first_player": 1}});
    let id = app.start_game(&ann, &[&ben, &cal, &dee], request).await;
    // Ann was told of the start (her first notice, number 1) before she had an endpoint.
    let (_, secret) = register(
        &app,
        &ann,
        &receiver.url,
        &["game_started", "your_turn", "game_finished"],
    )
    .await;
    let received = play_to_the_end_on(&[&app], &[&ann, &ben, &cal, &dee], &id, &receiver).await;
    for request in &received {
        let payload = request.json();
        assert_ne!(payload["type"], "game_started", "told of an earlier start");
        assert!(
            payload["data"]["notice"].as_i64().unwrap_or(0) > 1,
            "an earlier notice: {payload}"
        );
        assert_signed(request, &secret);
    }
}

postgres_only!(two_processes_queue_each_notice_once);
async fn two_processes_queue_each_notice_once(admin_url: &str) {
    let (near, far) = spawn_two(admin_url).await;
    let receiver = Receiver::start().await;
    let [ann, ben, cal, dee] = four_players(&near).await;
    let (_, secret) = register(
        &near,
        &ann,
        &receiver.url,
        &["game_started", "your_turn", "game_finished"],
    )
    .await;
    let request = json!({"kind": "trade_or_duel", "players": 4, "options": {"turns_each": 3}});
    let id = near.start_game(&ann, &[&ben, &cal, &dee], request).await;
    // Moves land on both processes, so both workers find notices to queue.
    let seats = [&ann, &ben, &cal, &dee];
    let received = play_to_the_end_on(&[&near, &far], &seats, &id, &receiver).await;
    let mut numbers: Vec<i64> = received
        .iter()
        .map(|request| request.json()["data"]["notice"].as_i64().unwrap_or(0))
        .collect();
    numbers.sort_unstable();
    // Every notice of Ann's is of a subscribed type: each arrives once, none is missing.
    let first = numbers.first().copied().unwrap_or(0);
    let expected: Vec<i64> = (first..first + numbers.len() as i64).collect();
    assert_eq!(numbers, expected, "a notice sent twice or never");
    assert_eq!(first, 1, "the first notice, the start, was not sent");
    let mut ids: Vec<&str> = received
        .iter()
        .map(|request| request.header("webhook-id"))
        .collect();
    ids.sort_unstable();
    ids.dedup();
    assert_eq!(ids.len(), received.len(), "one webhook-id per notice");
    for request in &received {
        assert_signed(request, &secret);
    }
}
