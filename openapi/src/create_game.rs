//! The create-game request. It parses as one struct (the rules check kind, players, options and
//! setup in their own order), but its schema is one variant per game kind, so a client sees
//! each kind's player range, options and setup shape, and a fuzzer generates what the rules
//! can accept.

use std::borrow::Cow;
use std::collections::BTreeMap;

use domain::GameKind;
use serde::{Deserialize, Serialize};
use utoipa::openapi::schema::{
    AdditionalProperties, ArrayBuilder, Discriminator, ObjectBuilder, OneOfBuilder, Schema,
    SchemaType, Type,
};
use utoipa::openapi::{Ref, RefOr};
use utoipa::{PartialSchema, ToSchema};

use crate::games::BotLevel;
pub use crate::games::BotRequest;
use crate::options::options_object_schema;
use crate::unions::{SetupBody, setup_schema_name};

/// The characters a client-chosen seed may use: printable ASCII, so its length in characters
/// (what a schema counts) is its length in bytes (what the commitment hashes).
pub const SEED_PATTERN: &str = "^[ -~]+$";
/// The longest seed, in characters.
pub const SEED_MAX_LENGTH: usize = 256;

/// A request to create a game. The creator takes seat 0.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CreateGame {
    /// A game kind id from `GET /v1/game-kinds`.
    pub kind: String,
    /// The number of seats.
    pub players: i64,
    /// The game's options; left-out options take their defaults.
    #[serde(default)]
    pub options: Option<serde_json::Map<String, serde_json::Value>>,
    /// For automated testing: a fixed seed.
    #[serde(default)]
    pub seed: Option<String>,
    /// For automated testing: an explicit deal or deck order.
    #[serde(default)]
    pub setup: Option<serde_json::Value>,
    /// Seats given to server-side bots.
    #[serde(default)]
    pub bots: Option<Vec<BotRequest>>,
    /// Whether the game counts for the players' ratings (default true). A game with a fixed
    /// seed or setup is never rated.
    #[serde(default)]
    pub rated: Option<bool>,
    /// `unlisted`: never listed by `GET /v1/games`.
    #[serde(default)]
    pub visibility: Option<crate::invites::Visibility>,
    /// Usernames whose seats are reserved for them (the lowest free seats, in order).
    #[serde(default)]
    pub invite: Option<Vec<String>>,
    /// Seconds the invitations hold their seats (default one day).
    #[serde(default)]
    pub invite_expires_in: Option<i64>,
}

/// The name (and title, which generated clients name their classes after) of the request
/// schema of one kind, e.g. `CreateTradeOrDuelGame`.
fn request_schema_name(kind: GameKind) -> String {
    format!("Create{}Game", pascal_case(kind.id()))
}

/// The name of the options schema of one kind, e.g. `CreateTradeOrDuelOptions`.
pub fn options_schema_name(kind: GameKind) -> String {
    format!("Create{}Options", pascal_case(kind.id()))
}

/// A kind id in PascalCase, as schema names spell it: `trade_or_duel` is `TradeOrDuel`.
pub fn pascal_case(id: &str) -> String {
    id.split('_')
        .map(|word| {
            let mut chars = word.chars();
            chars.next().map_or_else(String::new, |first| {
                first.to_ascii_uppercase().to_string() + chars.as_str()
            })
        })
        .collect()
}

/// `schema`, or `null`: the request also accepts an explicit `null` for a left-out field.
fn or_null(schema: RefOr<Schema>, description: &str) -> RefOr<Schema> {
    OneOfBuilder::new()
        .item(schema)
        .item(ObjectBuilder::new().schema_type(Type::Null))
        .description(Some(description))
        .into()
}

fn request_schema(kind: GameKind) -> Schema {
    let info = kind.info();
    let kind_id = ObjectBuilder::new()
        .schema_type(Type::String)
        .enum_values(Some([kind.id()]))
        .description(Some("The game kind."));
    let players = ObjectBuilder::new()
        .schema_type(Type::Integer)
        .minimum(Some(info.min_players))
        .maximum(Some(info.max_players))
        .description(Some(format!(
            "The number of seats: {} plays with {} to {}.",
            info.name, info.min_players, info.max_players
        )));
    let seed = ObjectBuilder::new()
        .schema_type(SchemaType::from_iter([Type::String, Type::Null]))
        .min_length(Some(1))
        .max_length(Some(SEED_MAX_LENGTH))
        .pattern(Some(SEED_PATTERN))
        .description(Some(
            "For automated testing: a fixed seed (printable ASCII, 1 to 256 characters). The \
             game is then marked as a fixed-setup game.",
        ));
    let options = or_null(
        Ref::from_schema_name(options_schema_name(kind)).into(),
        "The game's options; left-out options take their defaults.",
    );
    let setup = or_null(
        Ref::from_schema_name(setup_schema_name(kind)).into(),
        "For automated testing: an explicit deal or deck order, as the game's rules define \
         it. The game is then marked as a fixed-setup game.",
    );
    let bot = ObjectBuilder::new()
        .schema_type(Type::Object)
        .title(Some(format!("Create{}Bot", pascal_case(kind.id()))))
        .description(Some("A seat for a server-side bot."))
        .property(
            "seat",
            ObjectBuilder::new()
                .schema_type(Type::Integer)
                .minimum(Some(1))
                .maximum(Some(info.max_players - 1))
                .description(Some("The bot's seat: any but the creator's 0, once each.")),
        )
        .required("seat")
        .property("level", Ref::from_schema_name(BotLevel::name()))
        .required("level")
        .additional_properties(Some(AdditionalProperties::FreeForm(false)));
    let bots = ArrayBuilder::new()
        .schema_type(SchemaType::from_iter([Type::Array, Type::Null]))
        .items(bot)
        .max_items(Some(usize::from(info.max_players - 1)))
        .description(Some(
            "Seats given to server-side bots (never seat 0, the creator's). With every other \
             seat a bot, the game starts at once.",
        ));
    ObjectBuilder::new()
        .schema_type(Type::Object)
        .title(Some(request_schema_name(kind)))
        .description(Some(format!(
            "A request to create a {} game. The creator takes seat 0.",
            info.name
        )))
        .property("kind", kind_id)
        .required("kind")
        .property("players", players)
        .required("players")
        .property("options", options)
        .property("seed", seed)
        .property("setup", setup)
        .property("bots", bots)
        .property(
            "rated",
            ObjectBuilder::new()
                .schema_type(SchemaType::from_iter([Type::Boolean, Type::Null]))
                .description(Some(
                    "Whether the game counts for the players' ratings (default true). A game \
                     with a fixed `seed` or `setup` is never rated: `true` with either is \
                     refused (`rated_fixed_setup`).",
                )),
        )
        .property("visibility", crate::invites::visibility_property())
        .property("invite", crate::invites::invite_property(info.max_players))
        .property(
            "invite_expires_in",
            crate::invites::invite_expires_in_property(),
        )
        .additional_properties(Some(AdditionalProperties::FreeForm(false)))
        .into()
}

impl PartialSchema for CreateGame {
    fn schema() -> RefOr<Schema> {
        let mut discriminator = Discriminator::new("kind");
        discriminator.mapping = GameKind::ALL
            .iter()
            .map(|kind| {
                let reference = format!("#/components/schemas/{}", request_schema_name(*kind));
                (kind.id().to_owned(), reference)
            })
            .collect::<BTreeMap<_, _>>();
        let mut one_of = OneOfBuilder::new()
            .description(Some(
                "A request to create a game, in the shape of its kind. The creator takes seat 0.",
            ))
            .discriminator(Some(discriminator));
        for kind in GameKind::ALL {
            one_of = one_of.item(Ref::from_schema_name(request_schema_name(*kind)));
        }
        one_of.into()
    }
}

impl ToSchema for CreateGame {
    fn name() -> Cow<'static, str> {
        Cow::Borrowed("CreateGame")
    }

    fn schemas(schemas: &mut Vec<(String, RefOr<Schema>)>) {
        for kind in GameKind::ALL {
            schemas.push((request_schema_name(*kind), request_schema(*kind).into()));
            schemas.push((
                options_schema_name(*kind),
                options_object_schema(*kind).into(),
            ));
        }
        schemas.push((SetupBody::name().into_owned(), SetupBody::schema()));
        schemas.push((BotLevel::name().into_owned(), BotLevel::schema()));
        schemas.push((
            crate::invites::Visibility::name().into_owned(),
            crate::invites::Visibility::schema(),
        ));
        SetupBody::schemas(schemas);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kind_ids_become_schema_names() {
        assert_eq!(pascal_case("trade_or_duel"), "TradeOrDuel");
        assert_eq!(pascal_case("tribute"), "Tribute");
        assert_eq!(
            request_schema_name(GameKind::TrickyTribes),
            "CreateTrickyTribesGame"
        );
    }
}
