//! What each game kind's creation options accept, as a JSON schema can say it: built from the
//! domain's kind info (key, description, allowed values, default, and the values its parser
//! accepts), which `tests/option_schemas.rs` checks against that parser.
//!
//! A schema cannot say everything: where the rules refuse a value because of another option
//! or the player count (a first player beyond the last seat, teams with 3 players), the server
//! answers 422 with the option's code.

use domain::{GameKind, OptionInfo, OptionValues};
use utoipa::openapi::RefOr;
use utoipa::openapi::schema::{
    AdditionalProperties, ArrayBuilder, ObjectBuilder, OneOfBuilder, Schema, SchemaType, Type,
};

use crate::create_game::options_schema_name;
use crate::kinds::option_value_json;

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
    for option in &info.options {
        // The default is stated in words, not as the `default` keyword: generators such as
        // openapi-typescript make a property with a default required in the request type.
        let default = option_value_json(&option.default);
        let default = if default.is_null() {
            String::new()
        } else {
            format!(" Default: {default}.")
        };
        let description = format!(
            "{} Allowed: {}.{default}",
            option.description, option.allowed
        );
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
fn value_schema(option: &OptionInfo, description: String, title: String) -> RefOr<Schema> {
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
    let schema: Schema = match option.accepts {
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
