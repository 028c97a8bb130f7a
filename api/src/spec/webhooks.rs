//! The webhook parts of the contract: the messages an endpoint receives, as OpenAPI 3.1
//! `webhooks` (one per message type, each a `POST` with the signature headers), and the
//! examples of the endpoint operations.

use serde_json::{Value, json};
use utoipa::openapi::path::{HttpMethod, OperationBuilder, ParameterBuilder, ParameterIn};
use utoipa::openapi::request_body::RequestBodyBuilder;
use utoipa::openapi::schema::{ObjectBuilder, Type};
use utoipa::openapi::security::SecurityRequirement;
use utoipa::openapi::{
    ContentBuilder, OpenApi, PathItem, PathsBuilder, Ref, RefOr, Required, ResponseBuilder,
};
use utoipa::{PartialSchema, ToSchema};

use openapi::webhooks::{WebhookNotice, WebhookPing};

const ENDPOINT: &str = "0b7f3c2e-5d41-4c8a-9e6b-2f1a7d3c9b05";
const DELIVERY: &str = "7c1e9a34-2b6d-4f08-8a5c-3d9e1b7f6a20";
const MESSAGE: &str = "msg_2b4c6d8e0f1a3b5c7d9e1f3a5b7c9d1e";
const GAME: &str = "58212666-d4b6-440b-8dd7-8745bc21461a";
const CREATED_AT: i64 = 1_795_481_714;

fn webhook() -> Value {
    json!({"id": ENDPOINT, "url": "https://api.example-app.com/cardtable/webhook",
        "events": ["your_turn", "game_finished"], "created_at": CREATED_AT, "active": true,
        "disabled_at": null, "disabled_reason": null, "consecutive_failures": 0})
}

fn delivery(status: &str, attempts: i32) -> Value {
    json!({"id": DELIVERY, "message_id": MESSAGE, "type": "your_turn", "status": status,
        "attempts": attempts, "last_response_code": if attempts > 0 { json!(204) } else { Value::Null },
        "last_error": null, "next_attempt_at": if status == "pending" { json!(CREATED_AT) } else { Value::Null },
        "created_at": CREATED_AT,
        "delivered_at": if status == "delivered" { json!(CREATED_AT + 1) } else { Value::Null }})
}

fn notice() -> Value {
    json!({"type": "your_turn", "timestamp": "2026-11-24T21:35:17Z", "data": {"notice": 7,
        "game_id": GAME, "kind": "trade_or_duel", "version": 4, "seat": 1,
        "deadline_at": CREATED_AT + 600}})
}

/// (operation id, request example, success status, response example)
fn examples() -> Vec<(&'static str, Option<Value>, &'static str, Value)> {
    let mut created = webhook();
    created["secret"] = json!("whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw");
    vec![
        (
            "post_webhooks",
            Some(
                json!({"url": "https://api.example-app.com/cardtable/webhook",
                "events": ["your_turn", "game_finished"]}),
            ),
            "201",
            created,
        ),
        (
            "list_webhooks",
            None,
            "200",
            json!({"webhooks": [webhook()]}),
        ),
        ("get_webhook", None, "200", webhook()),
        ("delete_webhook", None, "204", Value::Null),
        ("test_webhook", None, "202", {
            let mut ping = delivery("pending", 0);
            ping["type"] = json!("ping");
            ping
        }),
        (
            "list_webhook_deliveries",
            None,
            "200",
            json!({"deliveries": [delivery("delivered", 1)]}),
        ),
        (
            "redeliver_webhook_delivery",
            None,
            "202",
            delivery("pending", 0),
        ),
    ]
}

fn header(name: &str, description: &str, pattern: &str) -> utoipa::openapi::path::Parameter {
    ParameterBuilder::new()
        .name(name)
        .parameter_in(ParameterIn::Header)
        .required(Required::True)
        .description(Some(description))
        .schema(Some(
            ObjectBuilder::new()
                .schema_type(Type::String)
                .pattern(Some(pattern)),
        ))
        .build()
}

/// One message type: a `POST` to the endpoint's URL with `body` and the signature headers.
fn message(name: &str, summary: &str, body: &str, example: Value) -> PathItem {
    let operation = OperationBuilder::new()
        .operation_id(Some(format!("webhook_{name}")))
        // The receiver checks the signature, not a credential of ours.
        .securities(Some([SecurityRequirement::default()]))
        .tag("webhooks")
        .summary(Some(summary))
        .description(Some(
            "Sent to each active endpoint subscribed to this type, signed the Standard Webhooks \
             way: check `webhook-signature` (`v1,` and the base64 HMAC-SHA256 of \
             `{webhook-id}.{webhook-timestamp}.{body}`, keyed by the base64-decoded part of the \
             secret after `whsec_`) and that `webhook-timestamp` is recent, then answer 2xx \
             quickly. Any other answer is retried for more than three days; 410 disables the \
             endpoint. A message may arrive more than once: `webhook-id` stays the same.",
        ))
        .parameter(header(
            "webhook-id",
            "The message id; the same on every retry and redelivery",
            "^msg_[0-9a-f]{32}$",
        ))
        .parameter(header(
            "webhook-timestamp",
            "Unix seconds at which this attempt was signed",
            "^[0-9]+$",
        ))
        .parameter(header(
            "webhook-signature",
            "`v1,` and the base64 signature (space-separated if several)",
            "^v1,[A-Za-z0-9+/=]+( v1,[A-Za-z0-9+/=]+)*$",
        ))
        .request_body(Some(
            RequestBodyBuilder::new()
                .required(Some(Required::True))
                .content(
                    "application/json",
                    ContentBuilder::new()
                        .schema(Some(Ref::from_schema_name(body)))
                        .example(Some(example))
                        .build(),
                )
                .build(),
        ))
        .response(
            "200",
            ResponseBuilder::new()
                .description("Received (any 2xx): the message is delivered")
                .build(),
        )
        .response(
            "410",
            ResponseBuilder::new()
                .description("Gone: the endpoint is disabled and gets nothing more")
                .build(),
        )
        .build();
    PathItem::new(HttpMethod::Post, operation)
}

/// Adds the `webhooks` of the document, their schemas, and the endpoint operations' examples.
pub fn add(api: &mut OpenApi) {
    let mut schemas = vec![
        (WebhookNotice::name().into_owned(), WebhookNotice::schema()),
        (WebhookPing::name().into_owned(), WebhookPing::schema()),
    ];
    WebhookNotice::schemas(&mut schemas);
    WebhookPing::schemas(&mut schemas);
    let components = api.components.get_or_insert_with(Default::default);
    for (name, schema) in schemas {
        components.schemas.entry(name).or_insert(schema);
    }
    let mut paths = PathsBuilder::new();
    for (name, summary) in [
        ("game_started", "A game the account sits in started"),
        ("your_turn", "The account's seat has a decision to make"),
        ("game_finished", "A game the account sat in is over"),
        (
            "game_cancelled",
            "An open game the account sat in was cancelled",
        ),
        (
            "match_found",
            "A quick-match ticket of the account was matched into a game, already started",
        ),
    ] {
        let mut example = notice();
        example["type"] = json!(name);
        paths = paths.path(
            name,
            message(name, summary, &WebhookNotice::name(), example),
        );
    }
    paths = paths.path(
        "ping",
        message(
            "ping",
            "A test message (`POST /v1/me/webhooks/{id}/test`)",
            &WebhookPing::name(),
            json!({"type": "ping", "timestamp": "2026-11-24T21:35:17Z",
                "data": {"endpoint_id": ENDPOINT}}),
        ),
    );
    api.webhooks = Some(paths.build());

    let mut examples = examples();
    for item in api.paths.paths.values_mut() {
        for operation in [&mut item.get, &mut item.post, &mut item.delete]
            .into_iter()
            .flatten()
        {
            let Some(index) = examples
                .iter()
                .position(|(id, ..)| operation.operation_id.as_deref() == Some(*id))
            else {
                continue;
            };
            let (_, request, status, response) = examples.swap_remove(index);
            if let (Some(RefOr::T(body)), Some(request)) =
                (operation.request_body.as_mut(), request)
                && let Some(RefOr::T(content)) = body.content.get_mut("application/json")
            {
                content.example = Some(request);
            }
            if let Some(RefOr::T(answer)) = operation.responses.responses.get_mut(status)
                && let Some(RefOr::T(content)) = answer.content.values_mut().next()
            {
                content.example = Some(response);
            }
        }
    }
}
