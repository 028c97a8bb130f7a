//! Invitations: unlisted games, invite codes (read, rotated and revoked by the creator), seats
//! reserved for named accounts (refused to others, taken by the invitee, freed by a decline or
//! by the invitation's expiry).

use std::time::Duration;

use blackbox::json::{array, seat, text};
use blackbox::{EventStream, Player, Read, TestApp, per_backend};
use serde_json::{Value, json};

use crate::inbox::inbox;

/// A three-player Tribute game created by `creator` with `extra` fields in the request.
async fn create(app: &TestApp, creator: &Player, extra: Value) -> String {
    let mut request = json!({"kind": "tribute", "players": 3});
    if let (Some(request), Some(extra)) = (request.as_object_mut(), extra.as_object()) {
        request.extend(extra.clone());
    }
    let reply = app.post(creator, "/v1/games", request).await;
    assert_eq!(reply.status, 201, "{}", reply.text);
    text(&reply.body["id"])
}

fn listed(page: &Value, id: &str) -> bool {
    array(&page["games"]).iter().any(|game| game["id"] == id)
}

/// The seat `player` holds in the game `answer` describes.
fn seat_of(answer: &Value, player: &Player) -> usize {
    let seats = array(&answer["seats"]);
    let held = seats
        .iter()
        .find(|taken| taken["username"] == player.username.as_str())
        .unwrap_or_else(|| panic!("{} has no seat: {answer}", player.username));
    seat(&held["seat"])
}

async fn join(app: &TestApp, player: &Player, id: &str) -> Value {
    app.post(player, &format!("/v1/games/{id}/join"), json!({}))
        .await
        .expect_status(200)
        .body
}

per_backend!(unlisted_games_are_never_listed);
async fn unlisted_games_are_never_listed(app: TestApp) {
    let p = app.players(&["ann", "ben"]).await;
    let hidden = create(&app, &p[0], json!({"visibility": "unlisted"})).await;
    let shown = create(&app, &p[0], json!({"visibility": "public"})).await;
    for viewer in &p {
        for query in [
            "",
            "?status=open",
            "?mine=true",
            "?kind=tribute&status=open",
        ] {
            let page = app
                .get(viewer, &format!("/v1/games{query}"))
                .await
                .expect_status(200)
                .body;
            assert!(!listed(&page, &hidden), "{query}: {page}");
        }
    }
    assert!(listed(&app.get(&p[1], "/v1/games").await.body, &shown));
    // Reached by its id, and by its seats in their inbox.
    let game = app.game(&p[1], &hidden).await;
    assert_eq!(game["visibility"], "unlisted");
    assert_eq!(app.game(&p[0], &shown).await["visibility"], "public");
    assert!(listed(&inbox(&app, &p[0], "").await, &hidden));
    let joined = join(&app, &p[1], &hidden).await;
    assert_eq!(joined["visibility"], "unlisted");
    assert!(listed(&inbox(&app, &p[1], "").await, &hidden));
    assert!(!listed(
        &app.get(&p[1], "/v1/games?mine=true").await.body,
        &hidden
    ));
}

per_backend!(an_invite_code_takes_a_seat_until_rotated_or_revoked);
async fn an_invite_code_takes_a_seat_until_rotated_or_revoked(app: TestApp) {
    let p = app.players(&["ann", "ben", "cal", "dee"]).await;
    let id = create(
        &app,
        &p[0],
        json!({"visibility": "unlisted", "kind": "trade_or_duel", "players": 4}),
    )
    .await;
    let path = format!("/v1/games/{id}/invite");
    let invite = app.get(&p[0], &path).await.expect_status(200).body;
    let code = text(&invite["code"]);
    assert_eq!(code.len(), 16, "{invite}");
    assert!(
        code.bytes()
            .all(|b| b.is_ascii_lowercase() || (b'2'..=b'7').contains(&b))
    );
    assert_eq!(invite["join_path"], format!("/v1/invites/{code}/join"));
    assert_eq!(invite["game_id"], id.as_str());
    // Only the creator reads or changes it.
    app.get(&p[1], &path)
        .await
        .assert_problem(403, "not_creator");
    app.post(&p[1], &path, json!({}))
        .await
        .assert_problem(403, "not_creator");
    app.get(
        &p[0],
        "/v1/games/00000000-0000-4000-8000-000000000000/invite",
    )
    .await
    .assert_problem(404, "game_not_found");

    let joined = app
        .post(&p[1], &format!("/v1/invites/{code}/join"), json!({}))
        .await
        .expect_status(200)
        .body;
    assert_eq!(seat_of(&joined, &p[1]), 1);
    app.post(&p[1], &format!("/v1/invites/{code}/join"), json!({}))
        .await
        .assert_problem(409, "already_seated");

    // Rotated: the old code stops working, the new one works.
    let rotated = app
        .post(&p[0], &path, json!({}))
        .await
        .expect_status(200)
        .body;
    let fresh = text(&rotated["code"]);
    assert_ne!(fresh, code);
    app.post(&p[2], &format!("/v1/invites/{code}/join"), json!({}))
        .await
        .assert_problem(404, "invite_not_found");
    let joined = app
        .post(&p[2], &format!("/v1/invites/{fresh}/join"), json!({}))
        .await
        .expect_status(200)
        .body;
    assert_eq!(seat_of(&joined, &p[2]), 2);

    // Revoked: no code at all until a new one is made.
    let request = app.client.delete(app.url(&path)).bearer_auth(&p[0].token);
    let revoked = request.send().await.expect("the request was sent");
    assert_eq!(revoked.status().as_u16(), 200);
    let now = app.get(&p[0], &path).await.expect_status(200).body;
    assert_eq!(now["code"], Value::Null, "{now}");
    app.post(&p[3], &format!("/v1/invites/{fresh}/join"), json!({}))
        .await
        .assert_problem(404, "invite_not_found");
    for nonsense in ["short", "ABCDEFGHIJKLMNOP", "aaaaaaaaaaaaaaaa"] {
        app.post(&p[3], &format!("/v1/invites/{nonsense}/join"), json!({}))
            .await
            .assert_problem(404, "invite_not_found");
    }
}

per_backend!(a_reserved_seat_waits_for_its_invitee);
/// Ann invites Bob: seat 1 is his. Cal gets seat 2, Dee is refused; Bob takes seat 1.
async fn a_reserved_seat_waits_for_its_invitee(app: TestApp) {
    let p = app.players(&["ann", "bob", "cal", "dee"]).await;
    let id = create(&app, &p[0], json!({"invite": ["bob"]})).await;
    let cal = join(&app, &p[2], &id).await;
    assert_eq!(seat_of(&cal, &p[2]), 2);
    app.post(&p[3], &format!("/v1/games/{id}/join"), json!({}))
        .await
        .assert_problem(409, "seat_reserved");
    let bob = join(&app, &p[1], &id).await;
    assert_eq!(seat_of(&bob, &p[1]), 1);
    assert_eq!(
        bob["status"], "active",
        "the last seat taken starts the game"
    );

    // Refused invitations.
    for (extra, code) in [
        (json!({"invite": ["nobody"]}), "unknown_invitee"),
        (json!({"invite": ["ann"]}), "invalid_invitee"),
        (json!({"invite": ["bob", "bob"]}), "invalid_invitee"),
        (json!({"invite": ["bob", "cal", "dee"]}), "too_many_invites"),
        (
            json!({"invite": ["bob"], "invite_expires_in": 5}),
            "invalid_invite_expiry",
        ),
    ] {
        let mut request = json!({"kind": "tribute", "players": 3});
        if let (Some(request), Some(extra)) = (request.as_object_mut(), extra.as_object()) {
            request.extend(extra.clone());
        }
        app.post(&p[0], "/v1/games", request)
            .await
            .assert_problem(422, code);
    }
}

per_backend!(a_declined_or_expired_invitation_frees_its_seat);
async fn a_declined_or_expired_invitation_frees_its_seat(app: TestApp) {
    let p = app.players(&["ann", "bob", "cal", "dee"]).await;
    // Declined: the seat is anyone's.
    let id = create(&app, &p[0], json!({"invite": ["bob", "cal"]})).await;
    let decline = format!("/v1/games/{id}/invitation/decline");
    app.post(&p[1], &decline, json!({"reason": "x".repeat(201)}))
        .await
        .assert_problem(422, "invalid_reason");
    app.post(&p[3], &decline, json!({"reason": "not me"}))
        .await
        .assert_problem(409, "not_invited");
    app.post(&p[3], &format!("/v1/games/{id}/join"), json!({}))
        .await
        .assert_problem(409, "seat_reserved");
    let reply = app
        .post(&p[1], &decline, json!({"reason": "busy this week"}))
        .await;
    assert_eq!(reply.status, 204, "{}", reply.text);
    app.post(&p[1], &decline, json!({}))
        .await
        .assert_problem(409, "not_invited");
    let dee = join(&app, &p[3], &id).await;
    assert_eq!(seat_of(&dee, &p[3]), 1, "Bob's seat went to Dee");

    // Expired: after `invite_expires_in` the seat is anyone's.
    let id = create(
        &app,
        &p[0],
        json!({"invite": ["bob", "cal"], "invite_expires_in": 60}),
    )
    .await;
    app.post(&p[3], &format!("/v1/games/{id}/join"), json!({}))
        .await
        .assert_problem(409, "seat_reserved");
    app.advance_clock(59);
    app.post(&p[3], &format!("/v1/games/{id}/join"), json!({}))
        .await
        .assert_problem(409, "seat_reserved");
    app.advance_clock(1);
    let dee = join(&app, &p[3], &id).await;
    assert_eq!(seat_of(&dee, &p[3]), 1);
    // Cal's expired invitation no longer holds seat 2, but he may still join while it is free.
    let cal = join(&app, &p[2], &id).await;
    assert_eq!(seat_of(&cal, &p[2]), 2);
}

async fn account_stream(app: &TestApp, player: &Player) -> EventStream {
    let (status, stream) = app
        .open_stream("/v1/me/stream", Some(&player.token), &[])
        .await;
    assert_eq!(status, 200);
    stream.unwrap_or_else(|| panic!("no account stream"))
}

async fn next_message(stream: &mut EventStream) -> Value {
    match stream.next_event(Duration::from_secs(10)).await {
        Read::Message(message) => {
            assert_eq!(message.event.as_deref(), Some("invited"));
            message.json()
        }
        other => panic!("expected an invitation, got {other:?}"),
    }
}

per_backend!(the_invitee_is_told_on_its_account_stream);
/// Bob hears of his invitation as it is made, and again when he reconnects while it is
/// pending; Cal, not invited, hears nothing.
async fn the_invitee_is_told_on_its_account_stream(app: TestApp) {
    let p = app.players(&["ann", "bob", "cal"]).await;
    let mut bobs = account_stream(&app, &p[1]).await;
    let mut cals = account_stream(&app, &p[2]).await;
    let id = create(
        &app,
        &p[0],
        json!({"invite": ["bob"], "invite_expires_in": 600}),
    )
    .await;
    let told = next_message(&mut bobs).await;
    assert_eq!(told["type"], "invited");
    assert_eq!(told["game_id"], id.as_str());
    assert_eq!(told["kind"], "tribute");
    assert_eq!(told["seat"], 1);
    assert_eq!(told["invited_by"], "ann");
    assert_eq!(told["expires_at"], app.now() + 600);
    match cals.next_event(Duration::from_millis(400)).await {
        Read::TimedOut => {}
        other => panic!("Cal was told something: {other:?}"),
    }
    drop(bobs);
    let mut again = account_stream(&app, &p[1]).await;
    assert_eq!(next_message(&mut again).await, told);
}
