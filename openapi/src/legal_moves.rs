//! The schema of the legal-moves response: one variant per game kind, discriminated by `kind`,
//! each with that game's own legal moves. Most games list their moves as an array, which can
//! hold no `kind` of its own, so the response around them says the game.

use std::borrow::Cow;

use utoipa::openapi::schema::{ObjectBuilder, Schema, Type};
use utoipa::openapi::{Ref, RefOr};
use utoipa::{PartialSchema, ToSchema};

use crate::create_game::pascal_case;
use crate::games::LegalMovesResponse;
use crate::unions::{Members, discriminated, kind_property, members};

/// The name of one kind's variant, e.g. `TradeOrDuelLegalMovesResponse`.
fn variant_name(game: &Members) -> Cow<'static, str> {
    Cow::Owned(format!("{}LegalMovesResponse", pascal_case(game.kind.id())))
}

fn variant(game: &Members) -> Schema {
    let info = game.kind.info();
    ObjectBuilder::new()
        .schema_type(Type::Object)
        .title(Some(variant_name(game)))
        .description(Some(format!(
            "The caller's legal moves now in {}.",
            info.name
        )))
        .property("kind", kind_property(game.kind))
        .required("kind")
        .property(
            "version",
            ObjectBuilder::new()
                .schema_type(Type::Integer)
                .format(Some(utoipa::openapi::schema::SchemaFormat::KnownFormat(
                    utoipa::openapi::schema::KnownFormat::Int64,
                )))
                .description(Some("The version to post the moves on.")),
        )
        .required("version")
        .property(
            "seat",
            ObjectBuilder::new()
                .schema_type(Type::Integer)
                .format(Some(utoipa::openapi::schema::SchemaFormat::KnownFormat(
                    utoipa::openapi::schema::KnownFormat::Int32,
                )))
                .minimum(Some(0)),
        )
        .required("seat")
        .property(
            "legal_moves",
            Ref::from_schema_name(game.legal_moves.0.clone()),
        )
        .required("legal_moves")
        .into()
}

impl PartialSchema for LegalMovesResponse {
    fn schema() -> RefOr<Schema> {
        discriminated(
            "The caller's legal moves now; its `kind` tells which game.",
            variant_name,
        )
    }
}

impl ToSchema for LegalMovesResponse {
    fn name() -> Cow<'static, str> {
        Cow::Borrowed("LegalMovesResponse")
    }

    fn schemas(schemas: &mut Vec<(String, RefOr<Schema>)>) {
        for game in members() {
            schemas.push((variant_name(&game).into_owned(), variant(&game).into()));
            let (name, schema, refers_to) = game.legal_moves;
            schemas.push((name.into_owned(), schema));
            refers_to(schemas);
        }
    }
}
