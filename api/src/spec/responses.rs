//! The answers that come from the server's edges rather than from a handler — body and query
//! parsing, authentication and the database — described once and added to every operation
//! where they can occur, so the contract lists every status a client can get and none it
//! cannot. A rate limit is a handler's own (it lists its 429 and `Retry-After`); any other
//! operation may still answer 429 to a connection over its address's bound; a 405 answers
//! a method a path does not have, so it belongs to no operation (the server sends it with
//! `Allow`).

use std::collections::btree_map::Entry;

use serde_json::json;
use utoipa::openapi::header::HeaderBuilder;
use utoipa::openapi::path::{Operation, ParameterIn, PathItem};
use utoipa::openapi::response::{Response, ResponseBuilder};
use utoipa::openapi::schema::{KnownFormat, ObjectBuilder, SchemaFormat, Type};
use utoipa::openapi::{ContentBuilder, OpenApi, Ref, RefOr};

/// One shared problem response: its component name, status, description, an example title,
/// code and detail, and a response header it carries.
struct Shared {
    name: &'static str,
    status: u16,
    title: &'static str,
    description: &'static str,
    code: &'static str,
    detail: &'static str,
    header: Option<(&'static str, &'static str)>,
}

/// The schema of a response header: `Retry-After` is whole seconds, as every operation that
/// sends it says; anything else is text.
fn header_schema(name: &str) -> ObjectBuilder {
    if name == "Retry-After" {
        ObjectBuilder::new()
            .schema_type(Type::Integer)
            .format(Some(SchemaFormat::KnownFormat(KnownFormat::Int64)))
            .minimum(Some(0))
    } else {
        ObjectBuilder::new().schema_type(Type::String)
    }
}

const MALFORMED: Shared = Shared {
    name: "Malformed",
    status: 400,
    title: "Malformed request",
    description: "`malformed`: the body or the query does not parse into the documented shape",
    code: "malformed",
    detail: "Json deserialize error: missing field `password` at line 1 column 22",
    header: None,
};

const UNAUTHORIZED: Shared = Shared {
    name: "Unauthorized",
    status: 401,
    title: "Unauthorized",
    description: "`unauthorized`: no bearer token, or a bad or expired one",
    code: "unauthorized",
    detail: "a bearer token is required",
    header: Some((
        "WWW-Authenticate",
        "`Bearer`: the scheme to authenticate with.",
    )),
};

const INSUFFICIENT_SCOPE: Shared = Shared {
    name: "InsufficientScope",
    status: 403,
    title: "Forbidden",
    description: INSUFFICIENT_SCOPE_DESCRIPTION,
    code: "insufficient_scope",
    detail: "this request needs the `games:play` scope, which this token was not given",
    header: Some((
        "WWW-Authenticate",
        "`Bearer error=\"insufficient_scope\", scope=\"…\"`: the scope needed.",
    )),
};

const INSUFFICIENT_SCOPE_DESCRIPTION: &str =
    "`insufficient_scope`: the credential lacks the scope this operation needs; `scope` names it";

const PAYLOAD_TOO_LARGE: Shared = Shared {
    name: "PayloadTooLarge",
    status: 413,
    title: "Payload too large",
    description: "`payload_too_large`: the body is larger than the server accepts (64 KiB)",
    code: "payload_too_large",
    detail: "the body is larger than 65536 bytes",
    header: None,
};

const UNSUPPORTED_MEDIA_TYPE: Shared = Shared {
    name: "UnsupportedMediaType",
    status: 415,
    title: "Unsupported media type",
    description: "`unsupported_media_type`: the body is not sent as `application/json`",
    code: "unsupported_media_type",
    detail: "send the body as application/json",
    header: None,
};

const BODY_TIMEOUT: Shared = Shared {
    name: "BodyTimeout",
    status: 408,
    title: "Request timeout",
    description: "`body_timeout`: the body did not arrive in time (10 s by default); the connection is closed",
    code: "body_timeout",
    detail: "the request body did not arrive in time",
    header: None,
};

const TOO_MANY_CONNECTIONS: Shared = Shared {
    name: "TooManyConnections",
    status: 429,
    title: "Too many requests",
    description: "`rate_limited`: this client address holds more connections than `CONNECTIONS_PER_CLIENT`; the connection is closed",
    code: "rate_limited",
    detail: "too many connections from this address; retry in 1 second",
    header: Some(("Retry-After", "Seconds to wait before retrying.")),
};

const UNAVAILABLE: Shared = Shared {
    name: "Unavailable",
    status: 503,
    title: "Service unavailable",
    description: "`unavailable`: the database cannot be reached; retry later",
    code: "unavailable",
    detail: "the database is unavailable; try again",
    header: None,
};

fn response(shared: &Shared) -> Response {
    let example = json!({
        "type": format!("urn:cardtable:problem:{}", shared.code),
        "title": shared.title,
        "status": shared.status,
        "detail": shared.detail,
        "code": shared.code,
    });
    let content = ContentBuilder::new()
        .schema(Some(Ref::from_schema_name("Problem")))
        .example(Some(example))
        .build();
    let mut builder = ResponseBuilder::new()
        .description(shared.description)
        .content("application/problem+json", content);
    if let Some((name, description)) = shared.header {
        let header = HeaderBuilder::new()
            .schema(Some(header_schema(name)))
            .description(Some(description))
            .build();
        builder = builder.header(name, header);
    }
    builder.build()
}

/// Adds the shared responses to each operation where they can occur, and to the components
/// those operations refer to; an operation's own description of a status is kept. Operations
/// without a security requirement are public, and say so with an explicit empty one.
pub fn add(openapi: &mut OpenApi) {
    let mut used = Vec::new();
    for item in openapi.paths.paths.values_mut() {
        for operation in operations(item) {
            for shared in applicable(operation) {
                let status = operation
                    .responses
                    .responses
                    .entry(shared.status.to_string());
                match status {
                    Entry::Vacant(entry) => {
                        entry.insert(RefOr::Ref(Ref::from_response_name(shared.name)));
                        used.push(shared);
                    }
                    // An operation's own 403 (`not_a_player`, …) also answers a missing scope.
                    Entry::Occupied(mut entry) if shared.status == 403 => {
                        if let RefOr::T(own) = entry.get_mut() {
                            own.description =
                                format!("{}; or {INSUFFICIENT_SCOPE_DESCRIPTION}", own.description);
                        }
                    }
                    Entry::Occupied(_) => {}
                }
            }
            operation.security.get_or_insert_with(Vec::new);
        }
    }
    let components = openapi.components.get_or_insert_with(Default::default);
    for shared in used {
        components
            .responses
            .entry(shared.name.to_owned())
            .or_insert_with(|| RefOr::T(response(shared)));
    }
}

fn operations(item: &mut PathItem) -> impl Iterator<Item = &mut Operation> {
    [
        &mut item.get,
        &mut item.put,
        &mut item.post,
        &mut item.delete,
        &mut item.patch,
    ]
    .into_iter()
    .filter_map(Option::as_mut)
}

/// Operations that never read the database, so never answer `unavailable`.
const WITHOUT_DATABASE: [&str; 1] = ["get_metrics"];

/// The shared responses `operation` can answer with.
fn applicable(operation: &Operation) -> Vec<&'static Shared> {
    let has_body = operation.request_body.is_some();
    let has_query = operation.parameters.iter().flatten().any(|parameter| {
        matches!(parameter, RefOr::T(parameter) if parameter.parameter_in == ParameterIn::Query)
    });
    let authenticated = operation
        .security
        .as_ref()
        .is_some_and(|requirements| !requirements.is_empty());
    let mut shared = Vec::new();
    if has_body || has_query {
        shared.push(&MALFORMED);
    }
    if authenticated {
        shared.push(&UNAUTHORIZED);
    }
    if needs_a_scope(operation) {
        shared.push(&INSUFFICIENT_SCOPE);
    }
    if has_body {
        shared.extend([&BODY_TIMEOUT, &PAYLOAD_TOO_LARGE, &UNSUPPORTED_MEDIA_TYPE]);
    }
    if !WITHOUT_DATABASE.contains(&operation.operation_id.as_deref().unwrap_or_default()) {
        shared.push(&UNAVAILABLE);
    }
    // Added only where the handler lists no 429 of its own (the entry is then taken).
    shared.push(&TOO_MANY_CONNECTIONS);
    shared
}

/// Whether an operation's `bearer` requirement names a scope, which a credential may lack.
fn needs_a_scope(operation: &Operation) -> bool {
    let Ok(security) = serde_json::to_value(&operation.security) else {
        return false;
    };
    security
        .as_array()
        .into_iter()
        .flatten()
        .any(|requirement| {
            requirement["bearer"]
                .as_array()
                .is_some_and(|scopes| !scopes.is_empty())
        })
}
