//! The request headers several routes read, described once with exactly the values the server
//! accepts: a route names the header (and says what it does there); its schema comes from here.

use utoipa::openapi::path::{Operation, ParameterIn, PathItem};
use utoipa::openapi::schema::{ObjectBuilder, Schema, Type};
use utoipa::openapi::{OpenApi, RefOr};

/// Visible ASCII, inner spaces allowed. The server also trims surrounding spaces and accepts the
/// key quoted (`"…"`, as a structured-field string); the contract states the plain form, which
/// every client can send.
const IDEMPOTENCY_KEY_PATTERN: &str = r#"^[!#-~]([ !#-~]*[!#-~])?$"#;

fn idempotency_key() -> Schema {
    ObjectBuilder::new()
        .schema_type(Type::String)
        .min_length(Some(1))
        .max_length(Some(255))
        .pattern(Some(IDEMPOTENCY_KEY_PATTERN))
        .into()
}

fn last_event_id() -> Schema {
    ObjectBuilder::new()
        .schema_type(Type::Integer)
        .format(Some(utoipa::openapi::schema::SchemaFormat::KnownFormat(
            utoipa::openapi::schema::KnownFormat::Int64,
        )))
        .minimum(Some(0))
        .into()
}

/// A list of entity tags, or `*`: any string, never `null` (a header is a string or absent).
fn if_none_match() -> Schema {
    ObjectBuilder::new().schema_type(Type::String).into()
}

/// Sets the schema of every `Idempotency-Key`, `Last-Event-ID` and `If-None-Match` request
/// header.
pub fn describe(openapi: &mut OpenApi) {
    for item in openapi.paths.paths.values_mut() {
        for operation in operations(item) {
            for parameter in operation.parameters.iter_mut().flatten() {
                let RefOr::T(parameter) = parameter else {
                    continue;
                };
                if parameter.parameter_in != ParameterIn::Header {
                    continue;
                }
                let schema = match parameter.name.as_str() {
                    "Idempotency-Key" => idempotency_key(),
                    "Last-Event-ID" => last_event_id(),
                    "If-None-Match" => if_none_match(),
                    _ => continue,
                };
                parameter.schema = Some(RefOr::T(schema));
            }
        }
    }
}

fn operations(item: &mut PathItem) -> impl Iterator<Item = &mut Operation> {
    [&mut item.get, &mut item.post, &mut item.delete]
        .into_iter()
        .filter_map(Option::as_mut)
}
