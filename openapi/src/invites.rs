//! Invitations: unlisted games, invite codes, seats reserved for named accounts, rematches.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use uuid::Uuid;

/// Whether a game is listed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum Visibility {
    /// Listed by `GET /v1/games`.
    #[default]
    Public,
    /// Never listed: reached by its id or its invite code; its seats see it in their inbox.
    Unlisted,
}

/// How long an invitation holds its seat when the creator does not say: one day.
pub const DEFAULT_INVITE_EXPIRES_IN: i64 = 86_400;
/// The longest an invitation may hold its seat: thirty days.
pub const MAX_INVITE_EXPIRES_IN: i64 = 30 * 86_400;
/// The most usernames one creation may invite.
pub const MAX_INVITES: usize = 8;

/// A game's invite code, as its creator reads it.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct InviteCode {
    pub game_id: Uuid,
    /// Anyone holding it takes a free seat with `POST /v1/invites/{code}/join`; null once
    /// revoked (`POST /v1/games/{id}/invite` makes a new one).
    #[schema(example = "k3q9x2m7p4t8v6wz")]
    pub code: Option<String>,
    /// The path that joins with it.
    #[schema(example = "/v1/invites/k3q9x2m7p4t8v6wz/join")]
    pub join_path: Option<String>,
}

/// Declining an invitation: the reserved seat is free again.
#[derive(Clone, Debug, Default, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct DeclineInvitation {
    /// Why, for the creator (at most 200 characters).
    #[schema(example = "busy this week", max_length = 200)]
    pub reason: Option<String>,
}

/// The longest decline reason.
pub const MAX_DECLINE_REASON: usize = 200;

/// The `visibility` of a creation request.
pub(crate) fn visibility_property() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
    use utoipa::openapi::schema::{ObjectBuilder, OneOfBuilder, Type};
    OneOfBuilder::new()
        .item(utoipa::openapi::Ref::from_schema_name("Visibility"))
        .item(ObjectBuilder::new().schema_type(Type::Null))
        .description(Some(
            "`unlisted`: never listed by `GET /v1/games`; reached by its id or invite code. \
             Default `public`.",
        ))
        .into()
}

/// The `invite` of a creation request.
pub(crate) fn invite_property(
    max_players: u8,
) -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
    use utoipa::openapi::schema::{ArrayBuilder, ObjectBuilder, SchemaType, Type};
    ArrayBuilder::new()
        .schema_type(SchemaType::from_iter([Type::Array, Type::Null]))
        .items(
            ObjectBuilder::new()
                .schema_type(Type::String)
                .min_length(Some(1))
                .max_length(Some(64)),
        )
        .max_items(Some(
            usize::from(max_players.saturating_sub(1)).min(MAX_INVITES),
        ))
        .description(Some(
            "Usernames whose seats are reserved for them: each takes the lowest seat left \
             free, in order. Nobody else can take a reserved seat; the invitee is told on its \
             account stream (`invited`) and accepts with `POST /v1/games/{id}/join` or declines \
             with `POST /v1/games/{id}/invitation/decline`. A declined or expired invitation \
             frees its seat.",
        ))
        .into()
}

/// The `invite_expires_in` of a creation request.
pub(crate) fn invite_expires_in_property() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema>
{
    use utoipa::openapi::schema::{ObjectBuilder, SchemaType, Type};
    ObjectBuilder::new()
        .schema_type(SchemaType::from_iter([Type::Integer, Type::Null]))
        .minimum(Some(60))
        .maximum(Some(MAX_INVITE_EXPIRES_IN))
        .description(Some(
            "Seconds the invitations hold their seats (default 86400, one day; 60 to \
             2592000). Once expired, the seat is free for anyone.",
        ))
        .into()
}
