//! The streams' messages as server-sent events: each event's `data` is one JSON value of the
//! stream's message type, `event` its type, and a game stream's `id` the entry's `seq`. This is
//! the shape OpenAPI 3.2 gives a `text/event-stream` item (one event of the stream, with its
//! JSON `data` described by `contentSchema`); stream-aware tools such as schemathesis read a
//! 3.1 `schema` of that media type the same way, and check every event they receive.
//!
//! Every stream opens with a message that holds only `retry:` (how soon to reconnect), so an
//! event of a stream is either that message or one with `data`.

use std::borrow::Cow;

use utoipa::openapi::schema::{AdditionalProperties, ObjectBuilder, OneOfBuilder, Schema, Type};
use utoipa::openapi::{Ref, RefOr};
use utoipa::{PartialSchema, ToSchema};

use crate::games::EventEntry;
use crate::live::AccountEvent;

/// One event of `GET /v1/games/{id}/stream`.
pub struct GameStreamEvent;

/// One event of `GET /v1/me/stream`.
pub struct AccountStreamEvent;

/// The name of the opening message, shared by every stream.
const RETRY_ONLY: &str = "StreamRetry";

fn retry() -> ObjectBuilder {
    ObjectBuilder::new()
        .schema_type(Type::Integer)
        .minimum(Some(0))
        .description(Some("Milliseconds a client waits before it reconnects."))
}

/// The message that opens every stream: only `retry:`, no data.
fn retry_only() -> Schema {
    ObjectBuilder::new()
        .schema_type(Type::Object)
        .title(Some(RETRY_ONLY))
        .description(Some(
            "The message that opens every stream: how soon a client reconnects, and nothing else.",
        ))
        .property("retry", retry())
        .required("retry")
        .additional_properties(Some(AdditionalProperties::FreeForm(false)))
        .into()
}

/// An event of a stream: the opening `retry:` message, or a message whose `data` is a JSON
/// `payload`; `id` says what the `id:` field holds, where the stream sends one.
fn event_schema(title: &str, description: &str, payload: &str, id: Option<&str>) -> Schema {
    let message = message_schema(&format!("{title}Message"), payload, id);
    OneOfBuilder::new()
        .title(Some(title))
        .description(Some(description))
        .item(Ref::from_schema_name(RETRY_ONLY))
        .item(message)
        .into()
}

/// A message with `data`.
fn message_schema(title: &str, payload: &str, id: Option<&str>) -> Schema {
    let data = ObjectBuilder::new()
        .schema_type(Type::String)
        .content_media_type("application/json")
        .content_schema(Some(Ref::from_schema_name(payload)))
        .description(Some(format!("The message: one `{payload}` as JSON.")));
    let event = ObjectBuilder::new()
        .schema_type(Type::String)
        .min_length(Some(1))
        .description(Some("The message's `type`, for `addEventListener`."));
    let mut object = ObjectBuilder::new()
        .schema_type(Type::Object)
        .title(Some(title))
        .description(Some(format!("A message of the stream: one `{payload}`.")))
        .property("data", data)
        .required("data")
        .property("event", event)
        .required("event")
        .property("retry", retry());
    if let Some(id) = id {
        let id = ObjectBuilder::new()
            .schema_type(Type::String)
            .pattern(Some("^[0-9]+$"))
            .description(Some(id));
        object = object.property("id", id).required("id");
    }
    object.into()
}

impl PartialSchema for GameStreamEvent {
    fn schema() -> RefOr<Schema> {
        event_schema(
            "GameStreamEvent",
            "One server-sent event of a game stream: `data` is an entry of the event log.",
            "EventEntry",
            Some("The entry's `seq`; a reconnecting client sends it back as `Last-Event-ID`."),
        )
        .into()
    }
}

impl ToSchema for GameStreamEvent {
    fn name() -> Cow<'static, str> {
        Cow::Borrowed("GameStreamEvent")
    }

    fn schemas(schemas: &mut Vec<(String, RefOr<Schema>)>) {
        schemas.push((RETRY_ONLY.to_owned(), retry_only().into()));
        schemas.push((EventEntry::name().into_owned(), EventEntry::schema()));
        EventEntry::schemas(schemas);
    }
}

impl PartialSchema for AccountStreamEvent {
    fn schema() -> RefOr<Schema> {
        event_schema(
            "AccountStreamEvent",
            "One server-sent event of the account stream: `data` is one account message.",
            "AccountEvent",
            None,
        )
        .into()
    }
}

impl ToSchema for AccountStreamEvent {
    fn name() -> Cow<'static, str> {
        Cow::Borrowed("AccountStreamEvent")
    }

    fn schemas(schemas: &mut Vec<(String, RefOr<Schema>)>) {
        schemas.push((RETRY_ONLY.to_owned(), retry_only().into()));
        schemas.push((AccountEvent::name().into_owned(), AccountEvent::schema()));
        AccountEvent::schemas(schemas);
    }
}
