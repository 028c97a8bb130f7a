//! The OpenAPI contract, generated from the routes and the wire types.

mod examples;
mod headers;
mod responses;
mod webhooks;

use actix_web::App;
use utoipa::openapi::security::{HttpAuthScheme, HttpBuilder, SecurityScheme};
use utoipa::openapi::server::Server;
use utoipa::{Modify, OpenApi};
use utoipa_actix_web::{AppExt, scope};

#[derive(OpenApi)]
#[openapi(
    info(
        title = "Cardtable",
        description = "Play hidden-information card games over HTTP. Every response is filtered for the caller: a seat sees exactly what its player may see, anyone else only public information, and everything is revealed when a game ends. Errors are `application/problem+json` with a stable `code`. Each operation lists exactly the statuses it can answer; a method a path does not have is answered `405` `method_not_allowed`, with `Allow`.",
        license(name = "MIT", identifier = "MIT"),
        contact(name = "Cardtable")
    ),
    tags(
        (name = "accounts", description = "Registration and login"),
        (name = "games", description = "Creating, joining and playing games"),
        (name = "live", description = "Server-sent event streams per game and per account, and the tickets that open them from a browser"),
        (name = "meta", description = "Health and metrics"),
        (name = "ratings", description = "Players' ratings per game kind: profiles and leaderboards"),
        (name = "webhooks", description = "Webhook endpoints of the caller's account, their deliveries, and the signed messages sent to them (see `webhooks`)"),
        (name = "invites", description = "Invite codes, seats reserved for invited accounts, and declining an invitation"),
        (name = "testing", description = "For automated testers: the test clock of a server run with `TEST_CLOCK=true` (404 otherwise)")
    ),
    modifiers(&BearerAuth)
)]
struct ApiDoc;

struct BearerAuth;

/// What the `bearer` scheme says about credentials and scopes; each operation names the one
/// scope it needs in its requirement.
const BEARER_DESCRIPTION: &str = "An access token from a login (`POST /v1/sessions`), which holds every scope, or a personal access token (`ctp_…`, `POST /v1/me/tokens`), which holds the scopes it was given. Each operation names the scope it needs; a credential without it gets `403` `insufficient_scope`, with `scope` naming it. Scopes: `games:read`: read games (listings, views, events, legal moves, the move log, game kinds, streams and stream tickets); `games:play`: create, join, leave and cancel games, add bots, move; `account:read`: read the account itself (its personal tokens); `account:manage`: make and revoke personal tokens and manage the account: held by login sessions only, never by a personal token.";

impl Modify for BearerAuth {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        let components = openapi.components.get_or_insert_with(Default::default);
        components.add_security_scheme(
            "bearer",
            SecurityScheme::Http(
                HttpBuilder::new()
                    .scheme(HttpAuthScheme::Bearer)
                    .bearer_format("JWT")
                    .description(Some(BEARER_DESCRIPTION))
                    .build(),
            ),
        );
        // The operator's `METRICS_TOKEN`, not an account's token.
        components.add_security_scheme(
            "metrics_token",
            SecurityScheme::Http(
                HttpBuilder::new()
                    .scheme(HttpAuthScheme::Bearer)
                    .description(Some("The operator's `METRICS_TOKEN`"))
                    .build(),
            ),
        );
    }
}

/// The base document (info, tags, security schemes) that route collection fills in.
pub fn base() -> utoipa::openapi::OpenApi {
    ApiDoc::openapi()
}

/// Completes the document once the routes are collected: the server as the one the document
/// was loaded from (`/`, so that `/docs` "Try it out" and validators call it on any host),
/// the request unions over every game as `anyOf` (and the nullable view), the shared request
/// headers, the responses of the server's edges on every
/// operation, and one example per operation.
pub fn finish(mut api: utoipa::openapi::OpenApi) -> utoipa::openapi::OpenApi {
    api.servers = Some(vec![
        Server::builder()
            .url("/")
            .description(Some("The server this contract was loaded from"))
            .build(),
    ]);
    openapi::unions::any_of_across_games(&mut api);
    openapi::unions::nullable_view_as_any_of(&mut api);
    headers::describe(&mut api);
    responses::add(&mut api);
    examples::add(&mut api);
    webhooks::add(&mut api);
    api
}

/// The whole contract, built without starting a server.
pub fn openapi() -> utoipa::openapi::OpenApi {
    let (_app, api) = App::new()
        .into_utoipa_app()
        .openapi(base())
        .service(crate::routes::health::get_healthz)
        .service(crate::metrics::get_metrics)
        .service(scope::scope("/v1").configure(crate::routes::v1))
        .split_for_parts();
    finish(api)
}

/// The contract the server serves: `openapi/openapi.json` as committed, which the drift check
/// (`api/tests/contract.rs`) keeps equal to [`openapi_json`]. Built at start instead, the
/// document's construction left ~17 MiB resident in an idle server (45 MiB against 28 MiB),
/// for bytes that are the same every time.
pub const COMMITTED_JSON: &str = include_str!("../../openapi/openapi.json");

/// The contract as committed in `openapi/openapi.json`.
pub fn openapi_json() -> String {
    let json = openapi().to_pretty_json().unwrap_or_default();
    format!("{json}\n")
}
