//! One type per concept that covers every game, so the contract stays fully typed. The unions
//! are generated from the domain's list of games (`domain::for_each_game!`), and each variant
//! is that game's own wire type from the domain: a new game needs no line here.
//!
//! What a client receives tells its own game: a view and an event carry `kind` inside, and the
//! contract states both unions as a `oneOf` with a `kind` discriminator. Legal moves are a list
//! in most games, where no field fits, so their response is the discriminated union instead.

use std::borrow::Cow;
use std::collections::BTreeMap;

use serde::Serialize;
use utoipa::openapi::RefOr;
use utoipa::openapi::schema::{AllOf, Discriminator, ObjectBuilder, OneOfBuilder, Schema, Type};
use utoipa::{PartialSchema, ToSchema};

use domain::{AnyEventView, AnyLegalMoves, AnyMove, AnySetup, AnyView, GameKind};

macro_rules! wire_unions {
    ($($variant:ident => $module:ident :: $game:ident),+ $(,)?) => {
        /// A game's view for one viewer, with its `kind` inside.
        #[derive(Clone, Debug, Serialize)]
        #[serde(tag = "kind", rename_all = "snake_case")]
        pub enum GameView { $($variant(domain::games::$module::View)),+ }

        /// A move in its game's JSON shape.
        #[derive(Clone, Debug, Serialize, ToSchema)]
        #[serde(untagged)]
        pub enum MoveBody { $($variant(domain::games::$module::Move)),+ }

        /// An explicit setup in its game's JSON shape.
        #[derive(Clone, Debug, Serialize, ToSchema)]
        #[serde(untagged)]
        pub enum SetupBody { $($variant(domain::games::$module::Setup)),+ }

        /// A log event as one viewer may see it, with its game's `kind` inside.
        #[derive(Clone, Debug, Serialize)]
        #[serde(tag = "kind", rename_all = "snake_case")]
        pub enum GameEvent { $($variant(domain::games::$module::EventView)),+ }

        /// A seat's legal moves: each exactly as it can be posted back, or a typed description
        /// where a list would be too long. Its schema is each game's own, in the response
        /// discriminated by `kind` ([`crate::games::LegalMovesResponse`]).
        #[derive(Clone, Debug, Serialize)]
        #[serde(untagged)]
        pub enum LegalMoves { $($variant(domain::games::$module::LegalMoves)),+ }

        impl From<AnyView> for GameView {
            fn from(view: AnyView) -> Self {
                match view { $(AnyView::$variant(view) => GameView::$variant(view),)+ }
            }
        }

        impl From<AnyEventView> for GameEvent {
            fn from(event: AnyEventView) -> Self {
                match event { $(AnyEventView::$variant(event) => GameEvent::$variant(event),)+ }
            }
        }

        impl From<AnyLegalMoves> for LegalMoves {
            fn from(moves: AnyLegalMoves) -> Self {
                match moves { $(AnyLegalMoves::$variant(moves) => LegalMoves::$variant(moves),)+ }
            }
        }

        impl From<AnyMove> for MoveBody {
            fn from(mv: AnyMove) -> Self {
                match mv { $(AnyMove::$variant(mv) => MoveBody::$variant(mv),)+ }
            }
        }

        impl From<AnySetup> for SetupBody {
            fn from(setup: AnySetup) -> Self {
                match setup { $(AnySetup::$variant(setup) => SetupBody::$variant(setup),)+ }
            }
        }

        /// Parses a move in the JSON shape of `kind`'s rules; the error says what is malformed.
        pub fn parse_move(kind: GameKind, body: serde_json::Value) -> Result<AnyMove, String> {
            match kind {
                $(GameKind::$variant => serde_json::from_value(body)
                    .map(AnyMove::$variant)
                    .map_err(|error| error.to_string()),)+
            }
        }

        /// Parses an explicit setup in the JSON shape of `kind`'s rules.
        pub fn parse_setup(kind: GameKind, body: serde_json::Value) -> Result<AnySetup, String> {
            match kind {
                $(GameKind::$variant => serde_json::from_value(body)
                    .map(AnySetup::$variant)
                    .map_err(|error| error.to_string()),)+
            }
        }

        /// Per game, its kind with the schema of its view, event view and legal moves.
        pub(crate) fn members() -> Vec<Members> {
            vec![$(Members {
                kind: GameKind::$variant,
                view: (
                    <domain::games::$module::View as ToSchema>::name(),
                    <domain::games::$module::View as PartialSchema>::schema(),
                    <domain::games::$module::View as ToSchema>::schemas,
                ),
                event: (
                    <domain::games::$module::EventView as ToSchema>::name(),
                    <domain::games::$module::EventView as PartialSchema>::schema(),
                    <domain::games::$module::EventView as ToSchema>::schemas,
                ),
                legal_moves: (
                    <domain::games::$module::LegalMoves as ToSchema>::name(),
                    <domain::games::$module::LegalMoves as PartialSchema>::schema(),
                    <domain::games::$module::LegalMoves as ToSchema>::schemas,
                ),
            }),+]
        }

        /// The schema name of `kind`'s explicit setup.
        pub fn setup_schema_name(kind: GameKind) -> std::borrow::Cow<'static, str> {
            match kind {
                $(GameKind::$variant => <domain::games::$module::Setup as ToSchema>::name(),)+
            }
        }
    };
}

domain::for_each_game!(wire_unions);

/// An explicit setup as JSON, in its game's shape (for the move log of a finished game).
pub fn setup_json(setup: &AnySetup) -> serde_json::Value {
    serde_json::to_value(SetupBody::from(setup.clone())).unwrap_or(serde_json::Value::Null)
}

/// States the nullable views as `anyOf` the view and `null` (the two cannot overlap): a
/// discriminated `oneOf` nested in another `oneOf` is one that common validators (Ajv, inside
/// Redocly CLI) fail to match even for a valid view.
pub fn nullable_view_as_any_of(openapi: &mut utoipa::openapi::OpenApi) {
    use utoipa::openapi::schema::AnyOf;

    // Every property that holds a view or nothing: a game's view, and an export's final view.
    for (schema, property) in [("Game", "view"), ("ExportedGame", "final_view")] {
        let holder = openapi
            .components
            .as_mut()
            .and_then(|components| components.schemas.get_mut(schema));
        if let Some(RefOr::T(Schema::Object(holder))) = holder
            && let Some(RefOr::T(view)) = holder.properties.get_mut(property)
            && let Schema::OneOf(one_of) = view
        {
            let mut any_of = AnyOf::new();
            any_of.items = std::mem::take(&mut one_of.items);
            any_of.description = one_of.description.take();
            *view = Schema::AnyOf(any_of);
        }
    }
}

/// Restates the request-side unions over every game as `anyOf`: utoipa writes an untagged enum
/// as `oneOf` (exactly one variant matches), but games' moves and setups can overlap, and the
/// game they are posted to tells which game they are, so a value matches at least one variant.
pub fn any_of_across_games(openapi: &mut utoipa::openapi::OpenApi) {
    use utoipa::openapi::RefOr;
    use utoipa::openapi::schema::{AnyOf, Schema};

    let names = [MoveBody::name(), SetupBody::name()];
    let Some(components) = openapi.components.as_mut() else {
        return;
    };
    for name in names {
        if let Some(RefOr::T(schema)) = components.schemas.get_mut(name.as_ref())
            && let Schema::OneOf(one_of) = schema
        {
            let mut any_of = AnyOf::new();
            any_of.items = std::mem::take(&mut one_of.items);
            any_of.description = one_of.description.take();
            *schema = Schema::AnyOf(any_of);
        }
    }
}

/// One member schema of a union: its name, its schema and what it refers to.
pub(crate) type Member = (
    Cow<'static, str>,
    RefOr<Schema>,
    fn(&mut Vec<(String, RefOr<Schema>)>),
);

/// A game's members of the unions across games.
pub(crate) struct Members {
    pub kind: GameKind,
    pub view: Member,
    pub event: Member,
    pub legal_moves: Member,
}

/// `kind` as a one-value string: what a discriminated variant says it is.
pub(crate) fn kind_property(kind: GameKind) -> ObjectBuilder {
    ObjectBuilder::new()
        .schema_type(Type::String)
        .enum_values(Some([kind.id()]))
        .description(Some("The game kind."))
}

/// `schema` with a required `kind` of `kind` in every object it can be: an object gets the
/// property, each inline variant of a `oneOf` gets it, anything else is joined with it.
fn with_kind(schema: RefOr<Schema>, kind: GameKind) -> RefOr<Schema> {
    match schema {
        RefOr::T(Schema::Object(mut object)) => {
            object
                .properties
                .insert("kind".to_owned(), kind_property(kind).into());
            object.required.push("kind".to_owned());
            RefOr::T(Schema::Object(object))
        }
        RefOr::T(Schema::OneOf(mut one_of)) => {
            // Said to be an object too: a discriminator maps to object schemas, and tools
            // (openapi-typescript) warn about a mapping to anything else.
            one_of.schema_type = Type::Object.into();
            one_of.items = one_of
                .items
                .into_iter()
                .map(|item| with_kind(item, kind))
                .collect();
            RefOr::T(Schema::OneOf(one_of))
        }
        other => {
            let mut all_of = AllOf::new();
            all_of.items = vec![
                other,
                ObjectBuilder::new()
                    .schema_type(Type::Object)
                    .property("kind", kind_property(kind))
                    .required("kind")
                    .into(),
            ];
            RefOr::T(Schema::AllOf(all_of))
        }
    }
}

/// A `kind` discriminator over one schema per game, named by `name`.
pub(crate) fn discriminated(
    description: &str,
    name: impl Fn(&Members) -> Cow<'static, str>,
) -> RefOr<Schema> {
    let members = members();
    let mut discriminator = Discriminator::new("kind");
    discriminator.mapping = members
        .iter()
        .map(|game| {
            let reference = format!("#/components/schemas/{}", name(game));
            (game.kind.id().to_owned(), reference)
        })
        .collect::<BTreeMap<_, _>>();
    let mut one_of = OneOfBuilder::new()
        .description(Some(description))
        .discriminator(Some(discriminator));
    for game in &members {
        one_of = one_of.item(utoipa::openapi::Ref::from_schema_name(name(game)));
    }
    one_of.into()
}

/// Pushes each game's member, with `kind` inside, and what it refers to.
fn push_members(schemas: &mut Vec<(String, RefOr<Schema>)>, member: impl Fn(Members) -> Member) {
    for game in members() {
        let kind = game.kind;
        let (name, schema, refers_to) = member(game);
        schemas.push((name.into_owned(), with_kind(schema, kind)));
        refers_to(schemas);
    }
}

impl PartialSchema for GameView {
    fn schema() -> RefOr<Schema> {
        discriminated(
            "A game's view for one viewer; its `kind` tells which game.",
            |game| game.view.0.clone(),
        )
    }
}

impl ToSchema for GameView {
    fn name() -> Cow<'static, str> {
        Cow::Borrowed("GameView")
    }

    fn schemas(schemas: &mut Vec<(String, RefOr<Schema>)>) {
        push_members(schemas, |game| game.view);
    }
}

impl PartialSchema for GameEvent {
    fn schema() -> RefOr<Schema> {
        discriminated(
            "A log event as one viewer may see it; its `kind` tells which game, its `type` which event.",
            |game| game.event.0.clone(),
        )
    }
}

impl ToSchema for GameEvent {
    fn name() -> Cow<'static, str> {
        Cow::Borrowed("GameEvent")
    }

    fn schemas(schemas: &mut Vec<(String, RefOr<Schema>)>) {
        push_members(schemas, |game| game.event);
    }
}
