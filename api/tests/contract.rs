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
        "/v1/me/tokens",
        "/v1/me/tokens/{id}",
    ] {
        assert!(spec["paths"][path].is_object(), "missing path {path}");
    }
    assert!(spec["components"]["securitySchemes"]["bearer"].is_object());
    assert!(spec["paths"]["/v1/games/{id}"]["delete"].is_object());
    // The streams' messages are typed: each is a server-sent event whose JSON data is an event
    // entry on a game stream, and one of its messages on the account stream.
    for (path, event, data) in [
        ("/v1/games/{id}/stream", "GameStreamEvent", "EventEntry"),
        ("/v1/me/stream", "AccountStreamEvent", "AccountEvent"),
    ] {
        let content = &spec["paths"][path]["get"]["responses"]["200"]["content"];
        assert_eq!(
            content["text/event-stream"]["schema"]["$ref"],
            format!("#/components/schemas/{event}"),
            "{path}"
        );
        // The first variant is the `retry:`-only message that opens every stream.
        let variants = &spec["components"]["schemas"][event]["oneOf"];
        assert_eq!(variants[0]["$ref"], "#/components/schemas/StreamRetry");
        let data_schema = &variants[1]["properties"]["data"];
        assert_eq!(
            data_schema["contentMediaType"], "application/json",
            "{path}"
        );
        assert_eq!(
            data_schema["contentSchema"]["$ref"],
            format!("#/components/schemas/{data}"),
            "{path}"
        );
    }
}

fn spec() -> serde_json::Value {
    match serde_json::from_str(&api::spec::openapi_json()) {
        Ok(spec) => spec,
        Err(error) => panic!("the contract is not JSON: {error}"),
    }
}

fn operations(spec: &serde_json::Value) -> Vec<(String, &serde_json::Value)> {
    let mut operations = Vec::new();
    for (path, item) in spec["paths"].as_object().into_iter().flatten() {
        for (method, operation) in item.as_object().into_iter().flatten() {
            operations.push((format!("{method} {path}"), operation));
        }
    }
    operations
}

#[test]
fn every_operation_has_an_example_request_and_success_response() {
    let spec = spec();
    for (name, operation) in operations(&spec) {
        if let Some(body) = operation.get("requestBody") {
            assert!(
                body["content"]["application/json"]["example"].is_object(),
                "{name}: no request example"
            );
        }
        let success = operation["responses"]
            .as_object()
            .into_iter()
            .flatten()
            .find(|(status, _)| status.starts_with('2'));
        let Some((status, response)) = success else {
            panic!("{name}: no success response");
        };
        // A success without a body (204) has nothing to show; any other shows its one media
        // type: JSON, an event stream's message, or Prometheus text.
        let Some(content) = response
            .get("content")
            .and_then(|content| content.as_object())
        else {
            assert_eq!(status, "204", "{name}: {status} has no content");
            continue;
        };
        assert!(
            content.values().all(|media| !media["example"].is_null()),
            "{name}: no example for {status}"
        );
    }
}

#[test]
fn every_operation_is_public_or_needs_a_bearer_token_and_says_which() {
    let spec = spec();
    let public = [
        "get /healthz",
        "post /v1/accounts",
        "post /v1/sessions",
        "post /v1/sessions/refresh",
        // Only on a test server (`TEST_CLOCK=true`), for automated testers.
        "get /v1/test/clock",
        "post /v1/test/clock",
    ];
    // A browser's `EventSource` cannot send a header: a stream also opens with a ticket.
    let bearer_or_ticket = ["get /v1/games/{id}/stream", "get /v1/me/stream"];
    for (name, operation) in operations(&spec) {
        let security = &operation["security"];
        if public.contains(&name.as_str()) {
            assert_eq!(security, &serde_json::json!([]), "{name}");
            continue;
        }
        if name == "get /metrics" {
            // The operator's metrics token, not an account's.
            assert_eq!(
                security,
                &serde_json::json!([{"metrics_token": []}]),
                "{name}"
            );
        } else if bearer_or_ticket.contains(&name.as_str()) {
            let scope = one_scope(security, &name);
            assert_eq!(
                security,
                &serde_json::json!([{"bearer": [scope]}, {}]),
                "{name}"
            );
        } else {
            let scope = one_scope(security, &name);
            assert_eq!(
                security,
                &serde_json::json!([{"bearer": [scope]}]),
                "{name}"
            );
        }
        assert!(operation["responses"]["401"].is_object(), "{name}: no 401");
    }
}

/// The one scope an operation's `bearer` requirement names: every authenticated operation
/// needs exactly one, of those the scheme's description lists.
fn one_scope(security: &serde_json::Value, name: &str) -> String {
    let scopes = &security[0]["bearer"];
    let Some([scope]) = scopes.as_array().map(Vec::as_slice) else {
        panic!("{name}: names {scopes} rather than one scope");
    };
    let scope = scope.as_str().unwrap_or_default().to_owned();
    let known = ["games:read", "games:play", "account:read", "account:manage"];
    assert!(
        known.contains(&scope.as_str()),
        "{name}: unknown scope {scope}"
    );
    scope
}

#[test]
fn the_bearer_scheme_lists_every_scope_and_each_scoped_operation_its_403() {
    let spec = spec();
    let description = spec["components"]["securitySchemes"]["bearer"]["description"]
        .as_str()
        .unwrap_or_default();
    for scope in ["games:read", "games:play", "account:read", "account:manage"] {
        assert!(
            description.contains(&format!("`{scope}`")),
            "the bearer scheme does not describe {scope}"
        );
    }
    for (name, operation) in operations(&spec) {
        let scoped = operation["security"][0]["bearer"]
            .as_array()
            .is_some_and(|scopes| !scopes.is_empty());
        if !scoped {
            continue;
        }
        let forbidden = &operation["responses"]["403"];
        let described = forbidden["$ref"] == "#/components/responses/InsufficientScope"
            || forbidden["description"]
                .as_str()
                .is_some_and(|text| text.contains("insufficient_scope"));
        assert!(described, "{name}: no 403 `insufficient_scope`");
    }
}

/// The operations a rate limit guards: they list a 429 of their own; every other operation
/// lists the shared one of a connection over its address's bound.
const RATE_LIMITED: &[&str] = &[
    "post /v1/accounts",
    "post /v1/sessions",
    "post /v1/games",
    "post /v1/games/{id}/moves",
    "post /v1/games/{id}/join",
    "post /v1/invites/{code}/join",
    "post /v1/games/{id}/leave",
    "post /v1/games/{id}/stream-tickets",
    "post /v1/me/stream-tickets",
    "get /v1/games/{id}/stream",
    "get /v1/me/stream",
    "delete /v1/me",
    "post /v1/me/webhooks",
    "post /v1/sessions/refresh",
    "put /v1/me/password",
    "post /v1/me/tokens",
];

#[test]
fn every_operation_lists_the_statuses_of_the_server_edges_it_can_reach() {
    let spec = spec();
    for (name, operation) in operations(&spec) {
        let responses = &operation["responses"];
        // A 405 answers a method the path lacks: no operation can send it.
        assert!(responses.get("405").is_none(), "{name}: lists 405");
        let shared_429 = responses["429"]["$ref"] == "#/components/responses/TooManyConnections";
        assert!(responses["429"].is_object(), "{name}: no 429");
        assert_eq!(
            !shared_429,
            RATE_LIMITED.contains(&name.as_str()),
            "{name}: a rate limit's own 429 missing, or listed where no limit applies"
        );
        assert_eq!(
            responses.get("503").is_some(),
            name != "get /metrics",
            "{name}: 503 is for the operations that read the database"
        );
        if operation.get("requestBody").is_some() {
            for status in ["400", "413", "415"] {
                assert!(responses[status].is_object(), "{name}: no {status}");
            }
        } else {
            for status in ["413", "415"] {
                assert!(responses.get(status).is_none(), "{name}: lists {status}");
            }
        }
    }
}

/// Every `Retry-After` the contract states, in an operation or a shared response.
fn retry_after_schemas(value: &serde_json::Value, found: &mut Vec<serde_json::Value>) {
    match value {
        serde_json::Value::Object(map) => {
            for (key, inner) in map {
                if key == "Retry-After" {
                    found.push(inner["schema"].clone());
                }
                retry_after_schemas(inner, found);
            }
        }
        serde_json::Value::Array(items) => {
            items
                .iter()
                .for_each(|item| retry_after_schemas(item, found));
        }
        _ => {}
    }
}

#[test]
fn retry_after_is_whole_seconds_everywhere() {
    let mut found = Vec::new();
    retry_after_schemas(&spec(), &mut found);
    assert!(!found.is_empty());
    for schema in found {
        assert_eq!(schema["type"], "integer", "{schema}");
    }
}

#[test]
fn request_headers_are_plain_strings_or_integers_never_null() {
    let spec = spec();
    for (name, operation) in operations(&spec) {
        for parameter in operation["parameters"].as_array().into_iter().flatten() {
            if parameter["in"] != "header" {
                continue;
            }
            let kind = &parameter["schema"]["type"];
            assert!(
                kind == "string" || kind == "integer",
                "{name}: {} is {kind}",
                parameter["name"]
            );
        }
    }
}

#[test]
fn no_move_in_the_contract_is_one_the_rules_always_refuse() {
    let spec = spec();
    assert!(spec["components"]["schemas"]["TrickyTribesMove"].is_object());
    assert!(
        !spec.to_string().contains("TrickyTribesUnknown"),
        "the stand-in for an unknown move is in the contract"
    );
}

#[test]
fn game_kinds_are_an_enum_of_the_registered_kinds() {
    let spec = spec();
    let ids: Vec<&str> = domain::GameKind::ALL.iter().map(|kind| kind.id()).collect();
    assert_eq!(
        spec["components"]["schemas"]["GameKindId"]["enum"],
        serde_json::json!(ids)
    );
    let variants = spec["components"]["schemas"]["CreateGame"]["discriminator"]["mapping"]
        .as_object()
        .map(|mapping| mapping.keys().cloned().collect::<Vec<_>>())
        .unwrap_or_default();
    let mut sorted = ids.clone();
    sorted.sort_unstable();
    assert_eq!(variants, sorted);
}

#[test]
fn request_unions_over_every_game_let_shapes_overlap() {
    let spec = spec();
    for name in ["MoveBody", "SetupBody"] {
        let schema = &spec["components"]["schemas"][name];
        assert!(schema["anyOf"].is_array(), "{name} is not anyOf");
        assert!(schema.get("oneOf").is_none(), "{name} is still oneOf");
    }
}

#[test]
fn response_unions_over_every_game_are_told_apart_by_their_kind() {
    let spec = spec();
    let schemas = &spec["components"]["schemas"];
    let mut ids: Vec<&str> = domain::GameKind::ALL.iter().map(|kind| kind.id()).collect();
    ids.sort_unstable();
    for name in ["GameView", "GameEvent", "LegalMovesResponse"] {
        let schema = &schemas[name];
        assert_eq!(schema["discriminator"]["propertyName"], "kind", "{name}");
        let mapping = schema["discriminator"]["mapping"]
            .as_object()
            .cloned()
            .unwrap_or_default();
        assert_eq!(mapping.keys().map(String::as_str).collect::<Vec<_>>(), ids);
        // Each variant requires its own `kind`, with the one value that maps to it.
        for (kind, reference) in mapping {
            let variant = reference
                .as_str()
                .and_then(|reference| reference.strip_prefix("#/components/schemas/"))
                .map(|variant| &schemas[variant])
                .unwrap_or(&serde_json::Value::Null);
            let objects: Vec<&serde_json::Value> = match variant["oneOf"].as_array() {
                Some(items) => items.iter().collect(),
                None => vec![variant],
            };
            for object in objects {
                assert_eq!(
                    object["properties"]["kind"]["enum"],
                    serde_json::json!([kind])
                );
                assert!(
                    object["required"]
                        .as_array()
                        .is_some_and(|required| required.contains(&"kind".into())),
                    "{name}: {kind} does not require its kind"
                );
            }
        }
    }
    assert!(
        schemas.get("LegalMoves").is_none(),
        "an undiscriminated union is left"
    );
}

#[test]
fn the_contract_lists_exactly_the_bot_levels_the_server_plays() {
    let spec: serde_json::Value = match serde_json::from_str(&api::spec::openapi_json()) {
        Ok(spec) => spec,
        Err(error) => panic!("the contract is not JSON: {error}"),
    };
    let listed: Vec<&str> = spec["components"]["schemas"]["BotLevel"]["enum"]
        .as_array()
        .map(|levels| {
            levels
                .iter()
                .filter_map(serde_json::Value::as_str)
                .collect()
        })
        .unwrap_or_default();
    let played: Vec<&str> = bots::Level::ALL.iter().map(|level| level.id()).collect();
    assert_eq!(listed, played);
}
