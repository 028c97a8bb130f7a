//! What each game kind's creation options accept, as a JSON schema can say it. Keys, defaults
//! and descriptions come from the domain's kind info; the value constraints are stated here and
//! checked against the domain's own option parsing by `tests/option_schemas.rs`.
//!
//! A schema cannot say everything: where the rules refuse a value because of another option
//! or the player count (a first player beyond the last seat, teams with 3 players), the server
//! answers 422 with the option's code.

use domain::GameKind;
use utoipa::openapi::RefOr;
use utoipa::openapi::schema::{
    AdditionalProperties, ArrayBuilder, ObjectBuilder, OneOfBuilder, Schema, SchemaType, Type,
};

use crate::create_game::options_schema_name;
use crate::kinds::option_value_json;

/// The values one option accepts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OptionValues {
    /// An integer in `min..=max`.
    Int { min: i64, max: i64 },
    /// `true` or `false`.
    Bool,
    /// One of these strings.
    Text(&'static [&'static str]),
    /// One of these strings, or an integer in `min..=max`.
    TextOrInt(&'static [&'static str], i64, i64),
    /// Groups of `min_size..=max_size` different seats below `seats`, at most `max_groups`.
    SeatGroups {
        seats: i64,
        min_size: usize,
        max_size: usize,
        max_groups: usize,
    },
}

/// One option of a kind as the server accepts it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OptionSchema {
    pub key: &'static str,
    pub values: OptionValues,
    /// Whether `null` is accepted (it then means the default, or no value).
    pub nullable: bool,
}

const fn option(key: &'static str, values: OptionValues, nullable: bool) -> OptionSchema {
    OptionSchema {
        key,
        values,
        nullable,
    }
}

const fn int(min: i64, max: i64) -> OptionValues {
    OptionValues::Int { min, max }
}

const TRIBUTE: &[OptionSchema] = &[
    option("card_total", int(0, 90), false),
    option("blind", OptionValues::Bool, false),
    option("specials", OptionValues::Bool, false),
    option("double_cost", int(0, 10), false),
    option("max_doubles", int(1, 5), false),
    option("deadline_secs", int(1, 2_592_000), true),
];

const TRICKY_TRIBES: &[OptionSchema] = &[
    option("players", int(2, 6), true),
    option("jokers", int(0, 2), true),
    option("cut_deck", OptionValues::Bool, true),
    option("hand_size", int(8, 10), true),
    option("dummy", OptionValues::Bool, true),
    option(
        "teams",
        OptionValues::SeatGroups {
            seats: 6,
            min_size: 2,
            max_size: 3,
            max_groups: 3,
        },
        true,
    ),
    option(
        "end_condition",
        OptionValues::Text(&["target_score", "fixed_rounds"]),
        true,
    ),
    option("target_score", int(1, 1000), true),
    option("rounds", int(1, 100), true),
    option("deadline_secs", int(10, 86_400), true),
];

const INTRIGUE: &[OptionSchema] = &[
    option("hand_size", int(3, 7), false),
    option("rounds", int(1, 10), false),
    option("starting_points", int(1, 20), false),
    option("deadline_secs", int(10, 86_400), true),
    option("first_player", int(1, 3), true),
];

const TRADE_OR_DUEL: &[OptionSchema] = &[
    option("players", int(4, 9), false),
    option("turns_each", int(1, 10), false),
    option(
        "first_player",
        OptionValues::TextOrInt(&["random"], 0, 8),
        false,
    ),
    option("deadline_secs", int(10, 86_400), true),
];

/// Every option `kind` accepts.
pub fn option_schemas(kind: GameKind) -> &'static [OptionSchema] {
    match kind {
        GameKind::Tribute => TRIBUTE,
        GameKind::TrickyTribes => TRICKY_TRIBES,
        GameKind::Intrigue => INTRIGUE,
        GameKind::TradeOrDuel => TRADE_OR_DUEL,
    }
}

/// The schema of `kind`'s options object: every key it accepts and nothing else.
pub fn options_object_schema(kind: GameKind) -> Schema {
    let info = kind.info();
    let mut object = ObjectBuilder::new()
        .schema_type(Type::Object)
        .title(Some(options_schema_name(kind)))
        .description(Some(format!(
            "The options of a {} game; each left out takes its default. \
             `GET /v1/game-kinds` lists them with their defaults.",
            info.name
        )))
        .additional_properties(Some(AdditionalProperties::FreeForm(false)));
    for option in option_schemas(kind) {
        let described = info.options.iter().find(|known| known.key == option.key);
        // The default is stated in words, not as the `default` keyword: generators such as
        // openapi-typescript make a property with a default required in the request type.
        let description = match described {
            Some(known) => {
                let default = option_value_json(&known.default);
                let default = if default.is_null() {
                    String::new()
                } else {
                    format!(" Default: {default}.")
                };
                format!("{} Allowed: {}.{default}", known.description, known.allowed)
            }
            None => "The number of players again, if given: it must equal `players`.".to_owned(),
        };
        // Inline, so generated clients prefix it with the options class: e.g.
        // `CreateTradeOrDuelOptionsFirstPlayer`.
        let title = crate::create_game::pascal_case(option.key);
        let property = value_schema(option, description, title);
        object = object.property(option.key, property);
    }
    object.build().into()
}

/// An option's value schema. A set of strings has `title` (generated clients name a class after
/// it); with `null` accepted as well it is one of that set or `null`.
fn value_schema(option: &OptionSchema, description: String, title: String) -> RefOr<Schema> {
    // `null`, where accepted, is one more type of the same schema.
    let types = |main: Type| {
        if option.nullable {
            SchemaType::from_iter([main, Type::Null])
        } else {
            SchemaType::new(main)
        }
    };
    let texts = |texts: &[&str]| {
        ObjectBuilder::new()
            .schema_type(Type::String)
            .title(Some(title.clone()))
            .enum_values(Some(texts.iter().copied()))
    };
    let schema: Schema = match option.values {
        OptionValues::Int { min, max } => ObjectBuilder::new()
            .schema_type(types(Type::Integer))
            .minimum(Some(min))
            .maximum(Some(max))
            .description(Some(description))
            .into(),
        OptionValues::Bool => ObjectBuilder::new()
            .schema_type(types(Type::Boolean))
            .description(Some(description))
            .into(),
        OptionValues::Text(values) => {
            let mut one_of = OneOfBuilder::new()
                .item(texts(values))
                .description(Some(description));
            if option.nullable {
                one_of = one_of.item(ObjectBuilder::new().schema_type(Type::Null));
            }
            one_of.into()
        }
        OptionValues::TextOrInt(values, min, max) => {
            let number = ObjectBuilder::new()
                .schema_type(types(Type::Integer))
                .minimum(Some(min))
                .maximum(Some(max));
            OneOfBuilder::new()
                .item(texts(values))
                .item(number)
                .description(Some(description))
                .into()
        }
        OptionValues::SeatGroups {
            seats,
            min_size,
            max_size,
            max_groups,
        } => {
            let seat = ObjectBuilder::new()
                .schema_type(Type::Integer)
                .minimum(Some(0))
                .maximum(Some(seats - 1));
            let group = ArrayBuilder::new()
                .items(seat)
                .min_items(Some(min_size))
                .max_items(Some(max_size))
                .unique_items(true);
            ArrayBuilder::new()
                .schema_type(types(Type::Array))
                .items(group)
                .max_items(Some(max_groups))
                .description(Some(description))
                .into()
        }
    };
    schema.into()
}
