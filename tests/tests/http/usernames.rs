//! Canonical usernames: one account per name whatever its case, width or look-alike letters;
//! any equivalent form logs in; the name is shown as typed; old accounts keep working.

use blackbox::json::text;
use blackbox::{Backend, TestApp, per_backend};
use reqwest::Method;
use serde_json::json;

const PASSWORD: &str = "a long enough password";

async fn register(app: &TestApp, username: &str) -> blackbox::Reply {
    app.request(
        Method::POST,
        "/v1/accounts",
        None,
        Some(json!({"username": username, "password": PASSWORD})),
    )
    .await
}

async fn login(app: &TestApp, username: &str) -> blackbox::Reply {
    app.request(
        Method::POST,
        "/v1/sessions",
        None,
        Some(json!({"username": username, "password": PASSWORD})),
    )
    .await
}

per_backend!(case_width_and_look_alike_variants_are_one_name);
async fn case_width_and_look_alike_variants_are_one_name(app: TestApp) {
    let first = register(&app, "Alice").await.expect_status(201);
    assert_eq!(first.body["username"], "Alice", "kept as typed");
    // Lower case, fullwidth letters, a Cyrillic `а`, upper case with a fullwidth `Ｅ`.
    for clash in ["alice", "ａｌｉｃｅ", "\u{430}lice", "ALICＥ"] {
        register(&app, clash)
            .await
            .assert_problem(409, "username_unavailable");
    }
    // A name that differs is fine, in any script.
    register(&app, "alicia").await.expect_status(201);
    register(&app, "Дмитрий").await.expect_status(201);
    register(&app, "дмитрий")
        .await
        .assert_problem(409, "username_unavailable");
    // The rules are checked on the canonical form.
    for bad in ["al ice", "al@ice", "ab", "ａｂ", &"x".repeat(33), "😀😀😀"] {
        register(&app, bad)
            .await
            .assert_problem(422, "invalid_username");
    }
}

per_backend!(any_equivalent_form_logs_in_to_the_one_account);
async fn any_equivalent_form_logs_in_to_the_one_account(app: TestApp) {
    let account = register(&app, "Alice").await.expect_status(201);
    for form in ["Alice", "alice", "ALICE", "ａｌｉｃｅ"] {
        let session = login(&app, form).await.expect_status(201);
        assert_eq!(session.body["account"]["id"], account.body["id"], "{form}");
        assert_eq!(session.body["account"]["username"], "Alice", "{form}");
    }
    // A look-alike is another name: it does not log in to Alice's account.
    login(&app, "\u{430}lice")
        .await
        .assert_problem(401, "unauthorized");
    // The seat shows the name as typed.
    let session = login(&app, "alice").await.expect_status(201);
    let token = text(&session.body["access_token"]);
    let game = app
        .request(
            Method::POST,
            "/v1/games",
            Some(&token),
            Some(json!({"kind": "trade_or_duel", "players": 4})),
        )
        .await
        .expect_status(201);
    assert_eq!(game.body["seats"][0]["username"], "Alice");
    assert_eq!(game.body["seats"][0]["deleted"], false);
}

async fn accounts_stored_before_canonical_forms_keep_working(backend: &Backend) {
    let app = TestApp::spawn(backend).await;
    let older = text(&register(&app, "Bob").await.expect_status(201).body["id"]);
    let carol = text(&register(&app, "carol").await.expect_status(201).body["id"]);
    // `bob` as an older server stored it beside `Bob` (it compared names exactly), and every
    // account as it was then: without canonical forms.
    let younger = uuid::Uuid::new_v4();
    let database = app.database().await;
    let later = app.now() + 10;
    let ids = [older.clone(), carol.clone(), younger.to_string()];
    tokio::task::spawn_blocking(move || {
        database
            .create_account(&persistence::NewAccount {
                id: younger,
                username: "bob".to_owned(),
                forms: persistence::UsernameForms::plain("stored-before-forms"),
                password_hash: api::auth::hash_password(PASSWORD).expect("a hash"),
                created_at: later,
            })
            .expect("stored");
        for id in ids {
            let id = uuid::Uuid::parse_str(&id).expect("an id");
            database.forget_username_forms(id).expect("forms forgotten");
        }
    })
    .await
    .expect("no panic");

    // The next start fills the forms, oldest account first: `Bob`, registered first, keeps the
    // claim; `bob` clashes, is reported in the log, and the server starts all the same.
    let restarted = app.spawn_sharing().await;
    for form in ["Bob", "BOB", "ｂｏｂ"] {
        let session = login(&restarted, form).await.expect_status(201);
        assert_eq!(session.body["account"]["id"], json!(older), "{form}");
    }
    let session = login(&restarted, "CAROL").await.expect_status(201);
    assert_eq!(session.body["account"]["id"], json!(carol));
    // The younger account of the clash still logs in, by its exact name.
    let younger_session = login(&restarted, "bob").await.expect_status(201);
    assert_eq!(
        younger_session.body["account"]["id"],
        json!(younger.to_string())
    );
    // Nobody can register the name or a look-alike of it.
    for clash in ["bob", "BOB", "ｂｏｂ", "Ｂob"] {
        register(&restarted, clash)
            .await
            .assert_problem(409, "username_unavailable");
    }
}

on_every_backend!(accounts_stored_before_canonical_forms_keep_working);
