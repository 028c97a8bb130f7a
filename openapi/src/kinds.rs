use std::borrow::Cow;

use serde::Serialize;
use utoipa::openapi::RefOr;
use utoipa::openapi::schema::{ObjectBuilder, Schema, Type};
use utoipa::{PartialSchema, ToSchema};

/// The schema of a game kind id: an enum of the kinds the domain registers, so a client knows
/// them without a request and a new kind appears in the contract by itself.
pub struct GameKindId;

impl PartialSchema for GameKindId {
    fn schema() -> RefOr<Schema> {
        ObjectBuilder::new()
            .schema_type(Type::String)
            .enum_values(Some(domain::GameKind::ALL.iter().map(|kind| kind.id())))
            .description(Some(
                "A game kind; `GET /v1/game-kinds` gives each kind's name, players and options.",
            ))
            .into()
    }
}

impl ToSchema for GameKindId {
    fn name() -> Cow<'static, str> {
        Cow::Borrowed("GameKindId")
    }
}

/// A game that can be created.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct GameKindInfo {
    /// The id to send as `kind`.
    #[schema(value_type = GameKindId, example = "trade_or_duel")]
    pub id: String,
    #[schema(example = "Trade or Duel")]
    pub name: String,
    #[schema(example = 4)]
    pub min_players: u8,
    #[schema(example = 9)]
    pub max_players: u8,
    pub options: Vec<GameOptionInfo>,
}

/// One option of a game kind.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct GameOptionInfo {
    #[schema(example = "turns_each")]
    pub key: String,
    /// The JSON type of the value, e.g. `integer`, `integer or null`, `boolean`.
    #[schema(example = "integer")]
    pub value_type: String,
    /// The value used when the option is left out (any JSON value; `null` where the default
    /// depends on other options, as `allowed` explains).
    pub default: serde_json::Value,
    /// The allowed values, in words.
    #[schema(example = "1..10")]
    pub allowed: String,
    pub description: String,
}

impl From<domain::KindInfo> for GameKindInfo {
    fn from(info: domain::KindInfo) -> Self {
        Self {
            id: info.kind.id().to_owned(),
            name: info.name.to_owned(),
            min_players: info.min_players,
            max_players: info.max_players,
            options: info
                .options
                .into_iter()
                .map(|option| GameOptionInfo {
                    key: option.key.to_owned(),
                    value_type: option.value_type.to_owned(),
                    default: option_value_json(&option.default),
                    allowed: option.allowed.to_owned(),
                    description: option.description.to_owned(),
                })
                .collect(),
        }
    }
}

/// An option value as JSON.
pub fn option_value_json(value: &domain::OptionValue) -> serde_json::Value {
    use domain::OptionValue;
    match value {
        OptionValue::Null | OptionValue::Other => serde_json::Value::Null,
        OptionValue::Bool(value) => (*value).into(),
        OptionValue::Int(value) => (*value).into(),
        OptionValue::Number(value) => (*value).into(),
        OptionValue::Str(value) => value.clone().into(),
        OptionValue::List(values) => values.iter().map(option_value_json).collect(),
    }
}

/// A JSON option value as the domain reads it.
pub fn option_value_from_json(value: &serde_json::Value) -> domain::OptionValue {
    use domain::OptionValue;
    match value {
        serde_json::Value::Null => OptionValue::Null,
        serde_json::Value::Bool(value) => OptionValue::Bool(*value),
        serde_json::Value::Number(number) => match number.as_i64() {
            Some(value) => OptionValue::Int(value),
            None => OptionValue::Number(number.as_f64().unwrap_or(f64::NAN)),
        },
        serde_json::Value::String(value) => OptionValue::Str(value.clone()),
        serde_json::Value::Array(values) => {
            OptionValue::List(values.iter().map(option_value_from_json).collect())
        }
        serde_json::Value::Object(_) => OptionValue::Other,
    }
}
