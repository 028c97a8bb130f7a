//! Wire shapes of Intrigue: moves, the explicit setup, views, legal moves and log events.
//!
//! Players are seats 0, 1 and 2 on the wire (the rules file's P1, P2 and P3).

use domain::games::intrigue as g;
use domain::games::intrigue::{Card, Character, Direction, Face, Pair, Pos, Token};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// A wire enum that mirrors a domain enum variant for variant, with conversions both ways.
macro_rules! mirror {
    (
        $(#[$meta:meta])*
        $name:ident as $schema:ident <=> $domain:ident {
            $($(#[$vmeta:meta])* $variant:ident),+ $(,)?
        }
    ) => {
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
        $(#[$meta])*
        #[schema(as = $schema)]
        pub enum $name {
            $($(#[$vmeta])* $variant),+
        }

        impl From<$domain> for $name {
            fn from(value: $domain) -> Self {
                match value {
                    $($domain::$variant => $name::$variant),+
                }
            }
        }

        impl From<$name> for $domain {
            fn from(value: $name) -> Self {
                match value {
                    $($name::$variant => $domain::$variant),+
                }
            }
        }
    };
}

mirror! {
    /// A deck card id. Actions: oracle … lies; supports: defiance_1 … enthusiastic_support_2;
    /// relationships: friendship … blackmail.
    CardDto as IntrigueCard <=> Card {
        #[serde(rename = "oracle")] Oracle,
        #[serde(rename = "assassination")] Assassination,
        #[serde(rename = "virtue")] Virtue,
        #[serde(rename = "spy")] Spy,
        #[serde(rename = "manipulate")] Manipulate,
        #[serde(rename = "misinformation")] Misinformation,
        #[serde(rename = "lies")] Lies,
        #[serde(rename = "defiance_1")] Defiance1,
        #[serde(rename = "defiance_2")] Defiance2,
        #[serde(rename = "military_support")] MilitarySupport,
        #[serde(rename = "loyalists")] Loyalists,
        #[serde(rename = "zealots")] Zealots,
        #[serde(rename = "guilds")] Guilds,
        #[serde(rename = "public_support_1")] PublicSupport1,
        #[serde(rename = "public_support_2")] PublicSupport2,
        #[serde(rename = "public_support_3")] PublicSupport3,
        #[serde(rename = "public_support_4")] PublicSupport4,
        #[serde(rename = "enthusiastic_support_1")] EnthusiasticSupport1,
        #[serde(rename = "enthusiastic_support_2")] EnthusiasticSupport2,
        #[serde(rename = "friendship")] Friendship,
        #[serde(rename = "feud")] Feud,
        #[serde(rename = "advantage")] Advantage,
        #[serde(rename = "debt")] Debt,
        #[serde(rename = "blackmail")] Blackmail,
    }
}

mirror! {
    /// A character; priorities princess 4, duke 3, bishop 2, prophet 1 break ties.
    #[serde(rename_all = "snake_case")]
    CharacterDto as IntrigueCharacter <=> Character {
        Princess,
        Duke,
        Bishop,
        Prophet,
    }
}

mirror! {
    /// A position on the circle (clockwise A → B → C → A), which is also a color.
    PositionDto as IntriguePosition <=> Pos { A, B, C }
}

mirror! {
    /// An unordered pair of positions, the place of a relationship.
    #[serde(rename_all = "snake_case")]
    PairDto as IntriguePair <=> Pair { Ab, Bc, Ca }
}

mirror! {
    /// A step around the circle.
    #[serde(rename_all = "snake_case")]
    DirectionDto as IntrigueDirection <=> Direction { Clockwise, Counterclockwise }
}

mirror! {
    /// A support token: its color and value (3 or 1).
    #[serde(rename_all = "snake_case")]
    TokenDto as IntrigueToken <=> Token { APlus3, APlus1, BPlus3, BPlus1, CPlus3, CPlus1 }
}

mirror! {
    /// Whether a stack card shows its face.
    #[serde(rename_all = "snake_case")]
    FaceDto as IntrigueFace <=> Face { Down, Up }
}

fn cards(cards: Vec<g::Card>) -> Vec<CardDto> {
    cards.into_iter().map(CardDto::from).collect()
}

/// A move of Intrigue. Ids and positions are plain strings: a value outside its domain is
/// refused by the rules (422 `malformed_move`, after the turn checks); a missing required field
/// or a field the type does not allow is malformed (400).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
#[schema(as = IntrigueMove)]
pub enum MoveDto {
    /// Take an available support token (any color).
    TakeToken {
        /// A token id: a_plus3, a_plus1, b_plus3, b_plus1, c_plus3 or c_plus1.
        token: String,
    },
    /// Play any card from hand face down onto a position's stack.
    PlayFaceDown {
        /// A card id from the player's hand.
        card: String,
        /// The position: A, B or C.
        character: String,
    },
    /// Play a support card face up onto a position's stack; its face-up effect happens.
    PlayFaceUp {
        /// A support card id from the player's hand.
        card: String,
        /// The position: A, B or C.
        character: String,
        /// Defiance only, and required when the player holds another card: the card of the
        /// player's hand to discard. Absent for every other support.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        discard: Option<String>,
    },
    /// Play an action card. Parameters by card: oracle none; assassination, virtue and spy
    /// `character`; manipulate `give` and `take`; misinformation `pair` and `direction`; lies
    /// `pair`. Any other parameter is refused.
    PlayAction {
        /// An action card id from the player's hand.
        card: String,
        /// The target position: A, B or C.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        character: Option<String>,
        /// Manipulate: a token id the player holds.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        give: Option<String>,
        /// Manipulate: a token id an opponent holds.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        take: Option<String>,
        /// The pair holding the relationship: ab, bc or ca.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pair: Option<String>,
        /// Misinformation: clockwise or counterclockwise.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        direction: Option<String>,
    },
    /// Place a relationship card between two positions, possibly replacing one of opposite sign.
    PlayRelationship {
        /// A relationship card id from the player's hand.
        card: String,
        /// The first end (friendship/feud: either; advantage +1; debt debtor; blackmail
        /// blackmailer): A, B or C.
        first: String,
        /// The second end, different from the first: A, B or C.
        second: String,
    },
    /// Put one of the player's unplayed favor cards on top of the favor pile, face down.
    PlayFavor {
        /// The favor's color: A, B or C.
        color: String,
    },
    /// Answer a pending Oracle discard with a card of the player's hand.
    Discard {
        /// A card id from the player's hand.
        card: String,
    },
}

impl From<MoveDto> for g::Move {
    fn from(dto: MoveDto) -> Self {
        match dto {
            MoveDto::TakeToken { token } => g::Move::TakeToken { token },
            MoveDto::PlayFaceDown { card, character } => g::Move::PlayFaceDown { card, character },
            MoveDto::PlayFaceUp {
                card,
                character,
                discard,
            } => g::Move::PlayFaceUp {
                card,
                character,
                discard,
            },
            MoveDto::PlayAction {
                card,
                character,
                give,
                take,
                pair,
                direction,
            } => g::Move::PlayAction {
                card,
                character,
                give,
                take,
                pair,
                direction,
            },
            MoveDto::PlayRelationship {
                card,
                first,
                second,
            } => g::Move::PlayRelationship {
                card,
                first,
                second,
            },
            MoveDto::PlayFavor { color } => g::Move::PlayFavor { color },
            MoveDto::Discard { card } => g::Move::Discard { card },
        }
    }
}

impl From<g::Move> for MoveDto {
    fn from(mv: g::Move) -> Self {
        match mv {
            g::Move::TakeToken { token } => MoveDto::TakeToken { token },
            g::Move::PlayFaceDown { card, character } => MoveDto::PlayFaceDown { card, character },
            g::Move::PlayFaceUp {
                card,
                character,
                discard,
            } => MoveDto::PlayFaceUp {
                card,
                character,
                discard,
            },
            g::Move::PlayAction {
                card,
                character,
                give,
                take,
                pair,
                direction,
            } => MoveDto::PlayAction {
                card,
                character,
                give,
                take,
                pair,
                direction,
            },
            g::Move::PlayRelationship {
                card,
                first,
                second,
            } => MoveDto::PlayRelationship {
                card,
                first,
                second,
            },
            g::Move::PlayFavor { color } => MoveDto::PlayFavor { color },
            g::Move::Discard { card } => MoveDto::Discard { card },
        }
    }
}

/// An explicit setup for fixed-setup games (automated tests): replaces both setup shuffles.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[schema(as = IntrigueSetup)]
pub struct SetupDto {
    /// The deck, top first: each of the 24 cards exactly once.
    pub deck: Vec<CardDto>,
    /// The characters at A, B and C, all different; the fourth is unused.
    #[schema(min_items = 3, max_items = 3)]
    pub characters: [CharacterDto; 3],
}

impl From<SetupDto> for g::Setup {
    fn from(dto: SetupDto) -> Self {
        g::Setup {
            deck: dto.deck.into_iter().map(g::Card::from).collect(),
            characters: dto.characters.map(g::Character::from),
        }
    }
}

/// The options the game was created with; everyone sees them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[schema(as = IntrigueOptions)]
pub struct OptionsDto {
    /// Cards each player holds after the draw at the start of every round.
    pub hand_size: usize,
    /// The game ends after this many rounds (or when a player reaches 0 points).
    pub rounds: u32,
    /// Each player's points at setup.
    pub starting_points: i64,
    /// Seconds the player to act has for each decision; null means no deadline.
    pub deadline_secs: Option<i64>,
}

impl From<&g::Options> for OptionsDto {
    fn from(options: &g::Options) -> Self {
        OptionsDto {
            hand_size: options.hand_size(),
            rounds: options.rounds(),
            starting_points: options.starting_points(),
            deadline_secs: options.deadline_secs(),
        }
    }
}

/// One stack card as the viewer sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[schema(as = IntrigueStackEntry)]
pub struct EntryDto {
    /// The card, or null when the viewer may not know it (face down, not placed or spied by
    /// the viewer).
    pub card: Option<CardDto>,
    /// The seat that placed the card.
    pub owner: u8,
    /// Face up or down.
    pub face: FaceDto,
}

/// One position: its character, point tokens and support stack.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[schema(as = IntriguePositionView)]
pub struct PositionViewDto {
    /// The position (color).
    pub position: PositionDto,
    /// The character at this position.
    pub character: CharacterDto,
    /// Rounds this position has won with its current character.
    pub point_tokens: u32,
    /// The support stack, bottom first.
    pub stack: Vec<EntryDto>,
}

/// A relationship in play.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[schema(as = IntrigueRelationship)]
pub struct RelationshipDto {
    /// The pair it lies on.
    pub pair: PairDto,
    /// The relationship card.
    pub card: CardDto,
    /// The first end (advantage +1, debtor, blackmailer).
    pub first: PositionDto,
    /// The second end (advantage −1, lender, victim).
    pub second: PositionDto,
}

/// Who holds one support token.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[schema(as = IntrigueTokenHolder)]
pub struct TokenHolderDto {
    /// The token.
    pub token: TokenDto,
    /// The holding seat, or null while the token is available.
    pub holder: Option<u8>,
}

/// One player as the viewer sees them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[schema(as = IntriguePlayer)]
pub struct PlayerDto {
    /// The seat.
    pub seat: u8,
    /// Current points (no lower bound).
    pub points: i64,
    /// Number of cards in hand.
    pub hand_size: usize,
    /// The hand in the order received: the viewer's own, or everyone's once the game is over.
    pub hand: Option<Vec<CardDto>>,
    /// Number of favor cards not yet played.
    pub unplayed_favor_count: usize,
    /// The unplayed favor colors: the viewer's own, or everyone's once the game is over.
    pub unplayed_favors: Option<Vec<PositionDto>>,
}

/// A favor card in the pile.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[schema(as = IntrigueFavor)]
pub struct FavorDto {
    /// The owner (printed on the back).
    pub player: u8,
    /// The color: the owner's own cards, or all once the game is over; null otherwise.
    pub color: Option<PositionDto>,
}

/// A pending Oracle discard.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[schema(as = IntriguePending)]
pub struct PendingDto {
    /// The seat that must discard.
    pub seat: u8,
    /// The action card being resolved (oracle).
    pub card: CardDto,
}

/// The Debt transfer of a round end.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[schema(as = IntrigueDebtTransfer)]
pub struct DebtTransferDto {
    /// The card moved.
    pub card: CardDto,
    /// The seat that placed it.
    pub owner: u8,
    /// The debtor's position.
    pub from: PositionDto,
    /// The card's place in the debtor's stack before the move, from 0 at the bottom.
    pub from_index: usize,
    /// The lender's position; the card went on top of its stack.
    pub to: PositionDto,
}

/// A revealed stack card and its value for the position's character.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[schema(as = IntrigueScoredEntry)]
pub struct ScoredEntryDto {
    /// The card.
    pub card: CardDto,
    /// The seat that placed it.
    pub owner: u8,
    /// Its support value.
    pub value: i32,
}

/// A round's scoring; all of it is public.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[schema(as = IntrigueRoundScore)]
pub struct RoundScoreDto {
    /// The round scored.
    pub round: u32,
    /// The Debt transfer, if Debt was in play and the debtor's stack was not empty.
    pub debt: Option<DebtTransferDto>,
    /// The stacks of A, B and C after the transfer, bottom first, fully revealed.
    pub stacks: Vec<Vec<ScoredEntryDto>>,
    /// The characters at A, B and C.
    pub characters: Vec<CharacterDto>,
    /// The relationship modifiers of A, B and C.
    pub modifiers: Vec<i32>,
    /// The totals of A, B and C.
    pub totals: Vec<i32>,
    /// The highest total, ties to the higher priority.
    pub provisional_winner: PositionDto,
    /// Whether Blackmail turned the victim's win into the blackmailer's.
    pub blackmail_applied: bool,
    /// The winning position, which gains a point token.
    pub winner: PositionDto,
    /// Each seat's point change from its support tokens.
    pub changes: Vec<i64>,
    /// Each seat's points afterwards.
    pub points: Vec<i64>,
}

impl From<g::RoundScore> for RoundScoreDto {
    fn from(score: g::RoundScore) -> Self {
        RoundScoreDto {
            round: score.round,
            debt: score.debt.map(|debt| DebtTransferDto {
                card: debt.card.into(),
                owner: debt.owner.0,
                from: debt.from.into(),
                from_index: debt.from_index,
                to: debt.to.into(),
            }),
            stacks: score
                .stacks
                .into_iter()
                .map(|stack| {
                    stack
                        .into_iter()
                        .map(|entry| ScoredEntryDto {
                            card: entry.card.into(),
                            owner: entry.owner.0,
                            value: entry.value,
                        })
                        .collect()
                })
                .collect(),
            characters: score.characters.map(CharacterDto::from).to_vec(),
            modifiers: score.modifiers.to_vec(),
            totals: score.totals.to_vec(),
            provisional_winner: score.provisional_winner.into(),
            blackmail_applied: score.blackmail_applied,
            winner: score.winner.into(),
            changes: score.changes.to_vec(),
            points: score.points.to_vec(),
        }
    }
}

/// What one favor card gave at the end of the game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[schema(as = IntrigueFavorScore)]
pub struct FavorScoreDto {
    /// The owner.
    pub player: u8,
    /// The color.
    pub color: PositionDto,
    /// +3 for the first card of the monarch's color, +1 for later ones, −1 for other colors.
    pub change: i64,
}

/// The end of the game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[schema(as = IntrigueResult)]
pub struct ResultDto {
    /// The monarch's position: most point tokens, ties to the higher priority.
    pub monarch: PositionDto,
    /// The monarch.
    pub monarch_character: CharacterDto,
    /// The favor pile in play order with what each card gave.
    pub favors: Vec<FavorScoreDto>,
    /// Final points by seat.
    pub points: Vec<i64>,
    /// Competition ranks by seat (1 is best; ties share a rank).
    pub ranks: Vec<u8>,
    /// The seats ranked 1.
    pub winners: Vec<u8>,
}

impl From<g::FinalResult> for ResultDto {
    fn from(result: g::FinalResult) -> Self {
        ResultDto {
            monarch: result.monarch.into(),
            monarch_character: result.monarch_character.into(),
            favors: result
                .favors
                .into_iter()
                .map(|favor| FavorScoreDto {
                    player: favor.player.0,
                    color: favor.color.into(),
                    change: favor.change,
                })
                .collect(),
            points: result.points.to_vec(),
            ranks: result.ranks.to_vec(),
            winners: result.winners.iter().map(|seat| seat.0).collect(),
        }
    }
}

/// Everything one viewer may see of a game of Intrigue.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[schema(as = IntrigueView)]
pub struct ViewDto {
    /// The seat this view was built for; null for a spectator.
    pub viewer: Option<u8>,
    /// The game's options.
    pub options: OptionsDto,
    /// Whether the game has ended; then everything is public.
    pub game_over: bool,
    /// The current round, from 1.
    pub round: u32,
    /// The seat that started round 1.
    pub first_player: u8,
    /// The seat that started the current round.
    pub round_starter: u8,
    /// The seat to act; null once the game is over.
    pub to_act: Option<u8>,
    /// A pending Oracle discard, if any.
    pub pending: Option<PendingDto>,
    /// When the current decision expires; null without a deadline or once over.
    pub deadline: Option<i64>,
    /// Positions A, B and C.
    pub positions: Vec<PositionViewDto>,
    /// Characters not yet in play, in canonical order.
    pub unused: Vec<CharacterDto>,
    /// Assassinated characters.
    pub dead: Vec<CharacterDto>,
    /// The relationships in play.
    pub relationships: Vec<RelationshipDto>,
    /// The six support tokens and their holders.
    pub tokens: Vec<TokenHolderDto>,
    /// Seats 0, 1 and 2.
    pub players: Vec<PlayerDto>,
    /// Cards left in the deck.
    pub deck_size: usize,
    /// The deck, top first, once the game is over; null before.
    pub deck: Option<Vec<CardDto>>,
    /// The discard pile in the order the cards arrived.
    pub discard: Vec<CardDto>,
    /// The favor pile in play order.
    pub favor_pile: Vec<FavorDto>,
    /// The latest round's scoring, if a round has been scored.
    pub last_round: Option<RoundScoreDto>,
    /// The end of game, once over.
    pub result: Option<ResultDto>,
}

impl From<g::View> for ViewDto {
    fn from(view: g::View) -> Self {
        ViewDto {
            viewer: view.viewer.map(|seat| seat.0),
            options: OptionsDto::from(&view.options),
            game_over: view.game_over,
            round: view.round,
            first_player: view.first_player.0,
            round_starter: view.round_starter.0,
            to_act: view.to_act.map(|seat| seat.0),
            pending: view.pending.map(|pending| PendingDto {
                seat: pending.seat.0,
                card: pending.card.into(),
            }),
            deadline: view.deadline,
            positions: view
                .positions
                .into_iter()
                .map(|position| PositionViewDto {
                    position: position.position.into(),
                    character: position.character.into(),
                    point_tokens: position.point_tokens,
                    stack: position
                        .stack
                        .into_iter()
                        .map(|entry| EntryDto {
                            card: entry.card.map(CardDto::from),
                            owner: entry.owner.0,
                            face: entry.face.into(),
                        })
                        .collect(),
                })
                .collect(),
            unused: view.unused.into_iter().map(CharacterDto::from).collect(),
            dead: view.dead.into_iter().map(CharacterDto::from).collect(),
            relationships: view
                .relationships
                .into_iter()
                .map(|rel| RelationshipDto {
                    pair: rel.pair.into(),
                    card: rel.card.into(),
                    first: rel.first.into(),
                    second: rel.second.into(),
                })
                .collect(),
            tokens: view
                .tokens
                .into_iter()
                .map(|token| TokenHolderDto {
                    token: token.token.into(),
                    holder: token.holder.map(|seat| seat.0),
                })
                .collect(),
            players: view
                .players
                .into_iter()
                .map(|player| PlayerDto {
                    seat: player.seat.0,
                    points: player.points,
                    hand_size: player.hand_size,
                    hand: player.hand.map(cards),
                    unplayed_favor_count: player.unplayed_favor_count,
                    unplayed_favors: player
                        .unplayed_favors
                        .map(|colors| colors.into_iter().map(PositionDto::from).collect()),
                })
                .collect(),
            deck_size: view.deck_size,
            deck: view.deck.map(cards),
            discard: cards(view.discard),
            favor_pile: view
                .favor_pile
                .into_iter()
                .map(|favor| FavorDto {
                    player: favor.player.0,
                    color: favor.color.map(PositionDto::from),
                })
                .collect(),
            last_round: view.last_round.map(RoundScoreDto::from),
            result: view.result.map(ResultDto::from),
        }
    }
}

/// A seat's legal moves, each exactly as it can be posted back; empty when it is not to act.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(transparent)]
#[schema(as = IntrigueLegalMoves)]
pub struct LegalMovesDto(pub Vec<MoveDto>);

impl From<g::LegalMoves> for LegalMovesDto {
    fn from(moves: g::LegalMoves) -> Self {
        LegalMovesDto(moves.into_iter().map(MoveDto::from).collect())
    }
}

/// Cards a player drew, as the viewer sees them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[schema(as = IntrigueDraw)]
pub struct DrawDto {
    /// The drawing seat.
    pub seat: u8,
    /// How many cards were drawn (public).
    pub count: usize,
    /// The cards: for the drawer only (everyone once the game is over); null otherwise.
    pub cards: Option<Vec<CardDto>>,
}

impl From<g::DrawView> for DrawDto {
    fn from(draw: g::DrawView) -> Self {
        DrawDto {
            seat: draw.seat.0,
            count: draw.count,
            cards: draw.cards.map(cards),
        }
    }
}

/// A stack card turned up by Virtue.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[schema(as = IntrigueFlip)]
pub struct FlipDto {
    /// Its place in the stack, from 0 at the bottom, before any discard.
    pub index: usize,
    /// The card.
    pub card: CardDto,
}

/// A Spy's private result.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[schema(as = IntrigueSpyResult)]
pub struct SpyResultDto {
    /// The spied card's place in the stack, from 0 at the bottom.
    pub index: usize,
    /// The spied card.
    pub card: CardDto,
}

/// A log event as one viewer may see it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(tag = "type", rename_all = "snake_case")]
#[schema(as = IntrigueEvent)]
pub enum EventDto {
    /// The characters were placed and the first player chosen.
    GameStarted {
        /// The characters at A, B and C.
        characters: Vec<CharacterDto>,
        /// The character left unused.
        unused: Vec<CharacterDto>,
        /// The seat that starts round 1.
        first_player: u8,
    },
    /// A round began: each player drew up to the hand size, from the starting player on.
    RoundStarted {
        /// The round, from 1.
        round: u32,
        /// The seat that starts this round.
        starting_player: u8,
        /// The draws in order.
        draws: Vec<DrawDto>,
    },
    /// The player to act missed the deadline; the default move that follows was applied.
    DeadlineMissed {
        /// The seat that missed it.
        seat: u8,
    },
    /// A player took an available support token.
    TokenTaken {
        /// The player.
        seat: u8,
        /// The token.
        token: TokenDto,
    },
    /// A card was played face down.
    PlayedFaceDown {
        /// The player.
        seat: u8,
        /// The card: for its owner only (everyone once the game is over).
        card: Option<CardDto>,
        /// The position.
        position: PositionDto,
        /// Its place in the stack, from 0 at the bottom.
        index: usize,
    },
    /// A support card was played face up.
    PlayedFaceUp {
        /// The player.
        seat: u8,
        /// The card.
        card: CardDto,
        /// The position.
        position: PositionDto,
        /// Its place in the stack, from 0 at the bottom.
        index: usize,
        /// The card drawn by its effect (none for Defiance or from an empty deck).
        drew: DrawDto,
        /// The card Defiance discarded from the player's hand.
        discarded: Option<CardDto>,
    },
    /// Oracle was played: the player drew up to two cards.
    OraclePlayed {
        /// The player.
        seat: u8,
        /// The cards drawn.
        drew: DrawDto,
        /// Whether the player must now discard a card.
        discard_pending: bool,
    },
    /// The Oracle discard was made.
    OracleDiscarded {
        /// The player.
        seat: u8,
        /// The card discarded.
        card: CardDto,
    },
    /// Assassination replaced a position's character.
    AssassinationPlayed {
        /// The player.
        seat: u8,
        /// The position.
        position: PositionDto,
        /// The character removed for good.
        victim: CharacterDto,
        /// The new character at the position.
        successor: CharacterDto,
        /// The position's stack, discarded bottom first.
        discarded: Vec<CardDto>,
    },
    /// Virtue turned up face-down cards from the top until a negative one.
    VirtuePlayed {
        /// The player.
        seat: u8,
        /// The position.
        position: PositionDto,
        /// The cards turned up, top down.
        turned_up: Vec<FlipDto>,
        /// The negative card found and discarded, if any (the last turned up).
        discarded: Option<CardDto>,
    },
    /// Spy was played on a position.
    SpyPlayed {
        /// The player.
        seat: u8,
        /// The position.
        position: PositionDto,
        /// What was seen: for the Spy player only (everyone once the game is over).
        result: Option<SpyResultDto>,
    },
    /// Manipulate exchanged support tokens.
    ManipulatePlayed {
        /// The player.
        seat: u8,
        /// The token the player gave.
        gave: TokenDto,
        /// The token the player took.
        took: TokenDto,
        /// The opponent who held `took` and now holds `gave`.
        opponent: u8,
    },
    /// Misinformation shifted a relationship one step around the circle.
    MisinformationPlayed {
        /// The player.
        seat: u8,
        /// The relationship card moved.
        relationship: CardDto,
        /// The pair it left.
        from: PairDto,
        /// The pair it now lies on.
        to: PairDto,
        /// The direction of the step.
        direction: DirectionDto,
        /// Its new first end.
        first: PositionDto,
        /// Its new second end.
        second: PositionDto,
    },
    /// Lies swapped the ends of a relationship.
    LiesPlayed {
        /// The player.
        seat: u8,
        /// The relationship card.
        relationship: CardDto,
        /// Its pair.
        pair: PairDto,
        /// Its new first end.
        first: PositionDto,
        /// Its new second end.
        second: PositionDto,
    },
    /// A relationship card was placed.
    RelationshipPlayed {
        /// The player.
        seat: u8,
        /// The card.
        card: CardDto,
        /// Its pair.
        pair: PairDto,
        /// Its first end.
        first: PositionDto,
        /// Its second end.
        second: PositionDto,
        /// The relationship it replaced, now discarded.
        replaced: Option<CardDto>,
    },
    /// A favor card was played onto the pile.
    FavorPlayed {
        /// The player.
        seat: u8,
        /// The color: for its owner only (everyone once the game is over).
        color: Option<PositionDto>,
    },
    /// A round was scored.
    RoundScored {
        /// The scoring.
        score: RoundScoreDto,
    },
    /// The game ended.
    GameEnded {
        /// Monarch, favors and final standing.
        result: ResultDto,
    },
}

impl From<g::EventView> for EventDto {
    fn from(event: g::EventView) -> Self {
        use g::EventView as E;
        match event {
            E::GameStarted {
                characters,
                unused,
                first_player,
            } => EventDto::GameStarted {
                characters: characters.map(CharacterDto::from).to_vec(),
                unused: unused.into_iter().map(CharacterDto::from).collect(),
                first_player: first_player.0,
            },
            E::RoundStarted {
                round,
                starting_player,
                draws,
            } => EventDto::RoundStarted {
                round,
                starting_player: starting_player.0,
                draws: draws.into_iter().map(DrawDto::from).collect(),
            },
            E::DeadlineMissed { seat } => EventDto::DeadlineMissed { seat: seat.0 },
            E::TokenTaken { seat, token } => EventDto::TokenTaken {
                seat: seat.0,
                token: token.into(),
            },
            E::PlayedFaceDown {
                seat,
                card,
                position,
                index,
            } => EventDto::PlayedFaceDown {
                seat: seat.0,
                card: card.map(CardDto::from),
                position: position.into(),
                index,
            },
            E::PlayedFaceUp {
                seat,
                card,
                position,
                index,
                drew,
                discarded,
            } => EventDto::PlayedFaceUp {
                seat: seat.0,
                card: card.into(),
                position: position.into(),
                index,
                drew: drew.into(),
                discarded: discarded.map(CardDto::from),
            },
            E::OraclePlayed {
                seat,
                drew,
                discard_pending,
            } => EventDto::OraclePlayed {
                seat: seat.0,
                drew: drew.into(),
                discard_pending,
            },
            E::OracleDiscarded { seat, card } => EventDto::OracleDiscarded {
                seat: seat.0,
                card: card.into(),
            },
            E::AssassinationPlayed {
                seat,
                position,
                victim,
                successor,
                discarded,
            } => EventDto::AssassinationPlayed {
                seat: seat.0,
                position: position.into(),
                victim: victim.into(),
                successor: successor.into(),
                discarded: cards(discarded),
            },
            E::VirtuePlayed {
                seat,
                position,
                turned_up,
                discarded,
            } => EventDto::VirtuePlayed {
                seat: seat.0,
                position: position.into(),
                turned_up: turned_up
                    .into_iter()
                    .map(|flip| FlipDto {
                        index: flip.index,
                        card: flip.card.into(),
                    })
                    .collect(),
                discarded: discarded.map(CardDto::from),
            },
            E::SpyPlayed {
                seat,
                position,
                result,
            } => EventDto::SpyPlayed {
                seat: seat.0,
                position: position.into(),
                result: result.map(|seen| SpyResultDto {
                    index: seen.index,
                    card: seen.card.into(),
                }),
            },
            E::ManipulatePlayed {
                seat,
                gave,
                took,
                opponent,
            } => EventDto::ManipulatePlayed {
                seat: seat.0,
                gave: gave.into(),
                took: took.into(),
                opponent: opponent.0,
            },
            E::MisinformationPlayed {
                seat,
                relationship,
                from,
                to,
                direction,
                first,
                second,
            } => EventDto::MisinformationPlayed {
                seat: seat.0,
                relationship: relationship.into(),
                from: from.into(),
                to: to.into(),
                direction: direction.into(),
                first: first.into(),
                second: second.into(),
            },
            E::LiesPlayed {
                seat,
                relationship,
                pair,
                first,
                second,
            } => EventDto::LiesPlayed {
                seat: seat.0,
                relationship: relationship.into(),
                pair: pair.into(),
                first: first.into(),
                second: second.into(),
            },
            E::RelationshipPlayed {
                seat,
                card,
                pair,
                first,
                second,
                replaced,
            } => EventDto::RelationshipPlayed {
                seat: seat.0,
                card: card.into(),
                pair: pair.into(),
                first: first.into(),
                second: second.into(),
                replaced: replaced.map(CardDto::from),
            },
            E::FavorPlayed { seat, color } => EventDto::FavorPlayed {
                seat: seat.0,
                color: color.map(PositionDto::from),
            },
            E::RoundScored(score) => EventDto::RoundScored {
                score: score.into(),
            },
            E::GameEnded(result) => EventDto::GameEnded {
                result: result.into(),
            },
        }
    }
}
