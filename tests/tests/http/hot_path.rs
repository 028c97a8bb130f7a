//! The hot path's shortcuts keep every promise: a view's `ETag` changes exactly when what its
//! viewer may see changes, and a process's cache never serves a game older than a commit
//! acknowledged by another process on the same database.

use blackbox::{Player, TestApp, per_backend};
use serde_json::{Value, json};

use crate::tribute::{select, start, three_players};

/// The view's status, `ETag` and body when sent `if_none_match`.
async fn conditional_get(
    app: &TestApp,
    viewer: &Player,
    path: &str,
    if_none_match: Option<&str>,
) -> (u16, String, String) {
    let mut request = app.client.get(app.url(path)).bearer_auth(&viewer.token);
    if let Some(tag) = if_none_match {
        request = request.header("If-None-Match", tag);
    }
    let response = request
        .send()
        .await
        .unwrap_or_else(|error| panic!("GET {path}: {error}"));
    let status = response.status().as_u16();
    let tag = response
        .headers()
        .get("etag")
        .and_then(|value| value.to_str().ok())
        .unwrap_or_default()
        .to_owned();
    let body = response.text().await.unwrap_or_default();
    (status, tag, body)
}

async fn tag_of(app: &TestApp, viewer: &Player, path: &str) -> String {
    let (status, tag, _) = conditional_get(app, viewer, path, None).await;
    assert_eq!(status, 200);
    assert!(
        tag.starts_with('"') && tag.len() > 2,
        "no strong ETag: {tag:?}"
    );
    tag
}

async fn tags(app: &TestApp, viewers: &[&Player], path: &str) -> Vec<String> {
    let mut tags = Vec::new();
    for viewer in viewers {
        tags.push(tag_of(app, viewer, path).await);
    }
    tags
}

per_backend!(a_view_is_not_modified_until_what_its_viewer_sees_changes);
async fn a_view_is_not_modified_until_what_its_viewer_sees_changes(app: TestApp) {
    let p = three_players(&app).await;
    let spectator = app.player("spectator").await;
    let id = start(&app, &p, json!({"card_total": 50})).await;
    let path = format!("/v1/games/{id}");

    let tag = tag_of(&app, &p[0], &path).await;
    let (status, again, body) = conditional_get(&app, &p[0], &path, Some(&tag)).await;
    assert_eq!(
        (status, again.as_str(), body.as_str()),
        (304, tag.as_str(), "")
    );
    let listed = format!("\"other\", W/{tag}");
    assert_eq!(
        conditional_get(&app, &p[0], &path, Some(&listed)).await.0,
        304
    );
    assert_eq!(
        conditional_get(&app, &p[0], &path, Some("\"other\""))
            .await
            .0,
        200
    );
    // Another viewer's tag is not this viewer's: their views differ (seat 0 sees its hand).
    assert_ne!(tag_of(&app, &p[1], &path).await, tag);

    // Seat 1 submits, then replaces its submission: only its own view shows the replacement.
    let g1 = [0, 1, 2, 4, 5, 5, 6, 7, 8, 9];
    app.play(&p[1], &id, select(&[5; 10], 0))
        .await
        .expect_status(200);
    let others = [&p[0], &p[2], &spectator];
    let before = tags(&app, &others, &path).await;
    let own_before = tag_of(&app, &p[1], &path).await;
    app.play(&p[1], &id, select(&g1, 1))
        .await
        .expect_status(200);
    assert_eq!(
        tags(&app, &others, &path).await,
        before,
        "a replaced secret submission changed another viewer's ETag"
    );
    let own_after = tag_of(&app, &p[1], &path).await;
    assert_ne!(
        own_after, own_before,
        "the submitter's view shows its new choice"
    );
    for (viewer, tag) in others.iter().zip(&before) {
        assert_eq!(conditional_get(&app, viewer, &path, Some(tag)).await.0, 304);
    }

    // The legal moves carry tags too.
    let legal = format!("/v1/games/{id}/legal-moves");
    let legal_tag = tag_of(&app, &p[0], &legal).await;
    assert_eq!(
        conditional_get(&app, &p[0], &legal, Some(&legal_tag))
            .await
            .0,
        304
    );
}

per_backend!(a_process_never_serves_a_game_older_than_another_process_acknowledged);
async fn a_process_never_serves_a_game_older_than_another_process_acknowledged(app: TestApp) {
    let other = app.spawn_sharing().await;
    let p = app.players(&["amy", "bea", "cat", "dot"]).await;
    let id = app
        .start_game(
            &p[0],
            &[&p[1], &p[2], &p[3]],
            json!({"kind": "trade_or_duel", "players": 4, "seed": "cache"}),
        )
        .await;
    let mut rng = <rand::rngs::StdRng as rand::SeedableRng>::seed_from_u64(9);
    for turn in 0..30 {
        // Both processes have read (and cached) the game before each move.
        let near = app.game(&p[0], &id).await;
        let far = other.game(&p[0], &id).await;
        assert_eq!(near, far, "turn {turn}: the two processes disagree");
        if near["status"] == "finished" {
            return;
        }
        // The move goes to one process; the other must show it at once.
        let (writer, reader) = if turn % 2 == 0 {
            (&app, &other)
        } else {
            (&other, &app)
        };
        let seat = near["to_act"][0].as_u64().unwrap_or_default() as usize;
        let (_, reply) = writer.play_random(&p[seat], &id, &mut rng).await;
        let acknowledged = reply["version"].clone();
        let seen: Value = reader.game(&p[seat], &id).await;
        assert_eq!(
            seen["version"], acknowledged,
            "turn {turn}: a stale game was served"
        );
        assert_eq!(seen["view"], reply["view"], "turn {turn}");
    }
}
