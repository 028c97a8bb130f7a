//! The committed contract must be exactly what the code generates.
//! Regenerate it with `CARDTABLE_BLESS=1 cargo test -p api --test contract`.

const COMMITTED: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../openapi/openapi.json");

#[test]
fn committed_openapi_json_matches_the_code() {
    let generated = api::spec::openapi_json();
    if std::env::var("CARDTABLE_BLESS").is_ok_and(|bless| bless == "1") {
        if let Err(error) = std::fs::write(COMMITTED, &generated) {
            panic!("cannot write {COMMITTED}: {error}");
        }
        return;
    }
    let committed = std::fs::read_to_string(COMMITTED).expect("openapi/openapi.json is readable");
    assert!(
        committed == generated,
        "openapi/openapi.json differs from the code; regenerate it with \
         `CARDTABLE_BLESS=1 cargo test -p api --test contract` and commit it"
    );
}

#[test]
fn the_contract_is_openapi_3_1_with_every_route() {
    let spec: serde_json::Value = match serde_json::from_str(&api::spec::openapi_json()) {
        Ok(spec) => spec,
        Err(error) => panic!("the contract is not JSON: {error}"),
    };
    assert_eq!(spec["openapi"], "3.1.0");
    for path in [
        "/healthz",
        "/v1/accounts",
        "/v1/sessions",
        "/v1/game-kinds",
        "/v1/games",
        "/v1/games/{id}",
        "/v1/games/{id}/join",
        "/v1/games/{id}/legal-moves",
        "/v1/games/{id}/moves",
        "/v1/games/{id}/events",
        "/v1/games/{id}/leave",
        "/v1/games/{id}/stream",
        "/v1/games/{id}/stream-tickets",
        "/v1/me/stream",
        "/v1/me/stream-tickets",
    ] {
        assert!(spec["paths"][path].is_object(), "missing path {path}");
    }
    assert!(spec["components"]["securitySchemes"]["bearer"].is_object());
    assert!(spec["paths"]["/v1/games/{id}"]["delete"].is_object());
    // The streams' messages are typed: a game stream's data is an event entry, an account
    // stream's data one of its messages.
    for (path, schema) in [
        ("/v1/games/{id}/stream", "#/components/schemas/EventEntry"),
        ("/v1/me/stream", "#/components/schemas/AccountEvent"),
    ] {
        let content = &spec["paths"][path]["get"]["responses"]["200"]["content"];
        assert_eq!(
            content["text/event-stream"]["schema"]["$ref"], schema,
            "{path}"
        );
    }
}
