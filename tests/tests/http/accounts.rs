use blackbox::json::{array, int, text};
use blackbox::{TestApp, per_backend};
use reqwest::Method;
use serde_json::json;

per_backend!(an_account_registers_logs_in_and_uses_its_token);
async fn an_account_registers_logs_in_and_uses_its_token(app: TestApp) {
    let credentials = json!({"username": "alice", "password": "a long enough password"});

    let account = app
        .request(
            Method::POST,
            "/v1/accounts",
            None,
            Some(credentials.clone()),
        )
        .await
        .expect_status(201);
    assert_eq!(account.body["username"], "alice");
    assert!(account.body.get("password_hash").is_none());

    let session = app
        .request(Method::POST, "/v1/sessions", None, Some(credentials))
        .await
        .expect_status(201);
    let token = text(&session.body["access_token"]);
    assert!(int(&session.body["expires_at"]) > 0);

    let kinds = app
        .request(Method::GET, "/v1/game-kinds", Some(&token), None)
        .await
        .expect_status(200);
    assert!(kinds.body.as_array().is_some_and(|kinds| !kinds.is_empty()));
}

per_backend!(registration_and_login_refuse_bad_input);
async fn registration_and_login_refuse_bad_input(app: TestApp) {
    app.player("bob").await;

    let again = json!({"username": "bob", "password": "another long password"});
    app.request(Method::POST, "/v1/accounts", None, Some(again))
        .await
        .assert_problem(409, "username_unavailable");

    let short = json!({"username": "carol", "password": "short"});
    app.request(Method::POST, "/v1/accounts", None, Some(short))
        .await
        .assert_problem(422, "invalid_password");

    let bad_name = json!({"username": "no spaces allowed", "password": "a long enough password"});
    app.request(Method::POST, "/v1/accounts", None, Some(bad_name))
        .await
        .assert_problem(422, "invalid_username");

    let wrong = json!({"username": "bob", "password": "not the password"});
    app.request(Method::POST, "/v1/sessions", None, Some(wrong))
        .await
        .assert_problem(401, "unauthorized");

    let unknown = json!({"username": "nobody", "password": "a long enough password"});
    app.request(Method::POST, "/v1/sessions", None, Some(unknown))
        .await
        .assert_problem(401, "unauthorized");
}

per_backend!(game_kinds_describe_trade_or_duel_with_its_options);
async fn game_kinds_describe_trade_or_duel_with_its_options(app: TestApp) {
    let alice = app.player("alice").await;
    let tod = app.game_kind(&alice, "trade_or_duel").await;
    assert_eq!(tod["min_players"], 4);
    assert_eq!(tod["max_players"], 9);
    let keys: Vec<String> = array(&tod["options"])
        .iter()
        .map(|option| text(&option["key"]))
        .collect();
    for key in ["turns_each", "first_player", "deadline_secs"] {
        assert!(
            keys.iter().any(|k| k == key),
            "missing option {key}: {keys:?}"
        );
    }
}
