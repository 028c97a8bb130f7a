//! Wire shapes of Trade or Duel: moves, explicit setups, views and log events.

use domain::games::trade_or_duel as tod;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// A move of Trade or Duel. Out-of-range values are refused by the rules (422), not the parser.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(tag = "type", rename_all = "snake_case")]
#[schema(as = TradeOrDuelMove)]
pub enum MoveDto {
    /// The active player starts an interaction with another survivor.
    Declare {
        /// The target's seat.
        target: i64,
        /// `trade` or `duel`.
        action: String,
    },
    /// The target chooses the count.
    Answer {
        /// One (1) or Two (2).
        count: i64,
    },
    /// A party commits its card(s), secretly.
    ChooseCards {
        /// Exactly `count` distinct cards from the party's own hand.
        cards: Vec<i64>,
    },
}

impl From<MoveDto> for tod::Move {
    fn from(dto: MoveDto) -> Self {
        match dto {
            MoveDto::Declare { target, action } => tod::Move::Declare { target, action },
            MoveDto::Answer { count } => tod::Move::Answer { count },
            MoveDto::ChooseCards { cards } => tod::Move::ChooseCards { cards },
        }
    }
}

impl From<tod::Move> for MoveDto {
    fn from(mv: tod::Move) -> Self {
        match mv {
            tod::Move::Declare { target, action } => MoveDto::Declare { target, action },
            tod::Move::Answer { count } => MoveDto::Answer { count },
            tod::Move::ChooseCards { cards } => MoveDto::ChooseCards { cards },
        }
    }
}

/// An explicit deal, for automated tests: the set-aside cards are the values not dealt.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
#[schema(as = TradeOrDuelSetup)]
pub struct SetupDto {
    /// Every seat's two cards (values 1..18, all different), by seat.
    pub hands: Vec<Vec<i64>>,
    /// The seat that takes the first turn.
    pub first_player: i64,
}

impl From<SetupDto> for tod::Setup {
    fn from(dto: SetupDto) -> Self {
        tod::Setup {
            hands: dto.hands,
            first_player: dto.first_player,
        }
    }
}

/// What the active player declared.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
#[schema(as = TradeOrDuelAction)]
pub enum ActionDto {
    Trade,
    Duel,
}

impl From<tod::Action> for ActionDto {
    fn from(action: tod::Action) -> Self {
        match action {
            tod::Action::Trade => ActionDto::Trade,
            tod::Action::Duel => ActionDto::Duel,
        }
    }
}

/// How the count was set: answered by the target, forced by a one-card hand, or defaulted.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
#[schema(as = TradeOrDuelCountHow)]
pub enum CountHowDto {
    Answered,
    Forced,
    Default,
}

impl From<tod::CountHow> for CountHowDto {
    fn from(how: tod::CountHow) -> Self {
        match how {
            tod::CountHow::Answered => CountHowDto::Answered,
            tod::CountHow::Forced => CountHowDto::Forced,
            tod::CountHow::Default => CountHowDto::Default,
        }
    }
}

/// How a party's cards were committed: chosen, forced (whole hand) or defaulted (lowest card).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
#[schema(as = TradeOrDuelCommitHow)]
pub enum CommitHowDto {
    Chosen,
    Forced,
    Default,
}

impl From<tod::CommitHow> for CommitHowDto {
    fn from(how: tod::CommitHow) -> Self {
        match how {
            tod::CommitHow::Chosen => CommitHowDto::Chosen,
            tod::CommitHow::Forced => CommitHowDto::Forced,
            tod::CommitHow::Default => CommitHowDto::Default,
        }
    }
}

/// Who won a duel (`tie` only in a Duel 2 with equal sums).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
#[schema(as = TradeOrDuelDuelOutcome)]
pub enum DuelOutcomeDto {
    ActiveWon,
    TargetWon,
    Tie,
}

impl From<tod::DuelOutcome> for DuelOutcomeDto {
    fn from(outcome: tod::DuelOutcome) -> Self {
        match outcome {
            tod::DuelOutcome::ActiveWon => DuelOutcomeDto::ActiveWon,
            tod::DuelOutcome::TargetWon => DuelOutcomeDto::TargetWon,
            tod::DuelOutcome::Tie => DuelOutcomeDto::Tie,
        }
    }
}

/// The phase of the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
#[schema(as = TradeOrDuelPhase)]
pub enum PhaseDto {
    AwaitingDeclaration,
    AwaitingAnswer,
    AwaitingCards,
    GameOver,
}

impl From<tod::PhaseName> for PhaseDto {
    fn from(phase: tod::PhaseName) -> Self {
        match phase {
            tod::PhaseName::AwaitingDeclaration => PhaseDto::AwaitingDeclaration,
            tod::PhaseName::AwaitingAnswer => PhaseDto::AwaitingAnswer,
            tod::PhaseName::AwaitingCards => PhaseDto::AwaitingCards,
            tod::PhaseName::GameOver => PhaseDto::GameOver,
        }
    }
}

/// A revealed hand.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[schema(as = TradeOrDuelSeatHand)]
pub struct SeatHandDto {
    /// The holder's seat.
    pub seat: u8,
    /// The cards, ascending.
    pub cards: Vec<u8>,
    /// The sum of the cards.
    pub total: u32,
}

impl From<tod::SeatHand> for SeatHandDto {
    fn from(hand: tod::SeatHand) -> Self {
        SeatHandDto {
            seat: hand.seat.0,
            cards: hand.cards,
            total: hand.total,
        }
    }
}

fn hands(hands: Vec<tod::SeatHand>) -> Vec<SeatHandDto> {
    hands.into_iter().map(SeatHandDto::from).collect()
}

/// Whether a player was still in the game at the end.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
#[schema(as = TradeOrDuelStatus)]
pub enum StatusDto {
    Survivor,
    Eliminated,
}

/// One line of the final ranking.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[schema(as = TradeOrDuelPlacing)]
pub struct PlacingDto {
    /// The player's seat.
    pub seat: u8,
    /// Competition place: 1 + the number of players strictly ahead (ties share a place).
    pub place: u8,
    /// Survivors rank ahead of every eliminated player.
    pub status: StatusDto,
    /// The final hand total; only for survivors.
    pub hand_total: Option<u32>,
    /// The elimination index (later is better); only for eliminated players.
    pub elimination_index: Option<u32>,
}

impl From<tod::Placing> for PlacingDto {
    fn from(placing: tod::Placing) -> Self {
        let (status, hand_total, elimination_index) = match placing.standing {
            tod::Standing::Survivor { hand_total } => (StatusDto::Survivor, Some(hand_total), None),
            tod::Standing::Eliminated { elimination_index } => {
                (StatusDto::Eliminated, None, Some(elimination_index))
            }
        };
        PlacingDto {
            seat: placing.seat.0,
            place: placing.place,
            status,
            hand_total,
            elimination_index,
        }
    }
}

fn ranking(ranking: Vec<tod::Placing>) -> Vec<PlacingDto> {
    ranking.into_iter().map(PlacingDto::from).collect()
}

/// The result of a finished game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[schema(as = TradeOrDuelResult)]
pub struct ResultDto {
    /// The winner's seat; null when no survivor remains.
    pub winner: Option<u8>,
    /// Every player, by place then seat.
    pub ranking: Vec<PlacingDto>,
    /// Every survivor's final hand, by seat.
    pub final_hands: Vec<SeatHandDto>,
    /// The cards that were never dealt, ascending.
    pub set_aside: Vec<u8>,
}

impl From<tod::GameResult> for ResultDto {
    fn from(result: tod::GameResult) -> Self {
        ResultDto {
            winner: result.winner.map(|seat| seat.0),
            ranking: ranking(result.ranking),
            final_hands: hands(result.final_hands),
            set_aside: result.set_aside,
        }
    }
}

/// The hands laid open by a comparison at the end of a round.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[schema(as = TradeOrDuelComparison)]
pub struct ComparisonDto {
    /// The round that ended with this comparison.
    pub round: u32,
    /// Every survivor's hand and total, by seat.
    pub hands: Vec<SeatHandDto>,
    /// Two or more survivors shared the lowest total, so an extra round followed.
    pub lowest_tied: bool,
}

impl From<tod::Comparison> for ComparisonDto {
    fn from(comparison: tod::Comparison) -> Self {
        ComparisonDto {
            round: comparison.round,
            hands: hands(comparison.hands),
            lowest_tied: comparison.lowest_tied,
        }
    }
}

/// The `first_player` option as given: `"random"`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
#[schema(as = TradeOrDuelRandom)]
pub enum RandomDto {
    Random,
}

/// The `first_player` option: `"random"` or a seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(untagged)]
#[schema(as = TradeOrDuelFirstPlayerOption)]
pub enum FirstPlayerOptionDto {
    /// Drawn with the game's RNG at creation.
    Random(RandomDto),
    /// A fixed seat.
    Seat(u8),
}

/// The validated options of the game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[schema(as = TradeOrDuelOptions)]
pub struct OptionsDto {
    /// Number of seats (4..9).
    pub players: u8,
    /// Number of regular rounds before the first comparison (1..10).
    pub turns_each: u32,
    /// Who takes the first turn, as the option was given.
    pub first_player: FirstPlayerOptionDto,
    /// Seconds allowed for each decision point; null means no deadline.
    pub deadline_secs: Option<i64>,
}

impl From<tod::Options> for OptionsDto {
    fn from(options: tod::Options) -> Self {
        OptionsDto {
            players: options.players(),
            turns_each: options.turns_each(),
            first_player: match options.first_player() {
                tod::FirstPlayer::Random => FirstPlayerOptionDto::Random(RandomDto::Random),
                tod::FirstPlayer::Seat(seat) => FirstPlayerOptionDto::Seat(seat.0),
            },
            deadline_secs: options.deadline_secs(),
        }
    }
}

/// The public part of the current interaction.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[schema(as = TradeOrDuelInteraction)]
pub struct InteractionDto {
    /// The active player's seat.
    pub active: u8,
    /// The target's seat.
    pub target: u8,
    /// What was declared.
    pub action: ActionDto,
    /// One (1) or Two (2); null until set.
    pub count: Option<u8>,
    /// How the count was set; null until set.
    pub count_how: Option<CountHowDto>,
    /// The active player has committed its card(s).
    pub active_committed: bool,
    /// The target has committed its card(s).
    pub target_committed: bool,
}

impl From<tod::InteractionView> for InteractionDto {
    fn from(view: tod::InteractionView) -> Self {
        InteractionDto {
            active: view.active.0,
            target: view.target.0,
            action: view.action.into(),
            count: view.count,
            count_how: view.count_how.map(CountHowDto::from),
            active_committed: view.active_committed,
            target_committed: view.target_committed,
        }
    }
}

/// The public facts about one seat.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[schema(as = TradeOrDuelSeat)]
pub struct SeatDto {
    /// The seat.
    pub seat: u8,
    /// How many cards the seat holds (0..2).
    pub hand_size: u8,
    /// The seat is out of the game.
    pub eliminated: bool,
    /// The elimination index; null for a survivor.
    pub elimination_index: Option<u32>,
}

impl From<tod::SeatView> for SeatDto {
    fn from(view: tod::SeatView) -> Self {
        SeatDto {
            seat: view.seat.0,
            hand_size: view.hand_size,
            eliminated: view.elimination_index.is_some(),
            elimination_index: view.elimination_index,
        }
    }
}

/// Everything one viewer may see of a game of Trade or Duel.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[schema(as = TradeOrDuelView)]
pub struct ViewDto {
    /// The viewer's seat; null for a spectator.
    pub viewer: Option<u8>,
    /// The current phase.
    pub phase: PhaseDto,
    /// The current round, from 1.
    pub round: u32,
    /// The current round is an extra round (after the regular ones).
    pub extra_round: bool,
    /// The first player's seat; every round starts from it.
    pub first_player: u8,
    /// The seat whose turn it is; null once the game is over.
    pub active: Option<u8>,
    /// The current interaction, from its declaration until its resolution.
    pub interaction: Option<InteractionDto>,
    /// Every seat, by seat.
    pub seats: Vec<SeatDto>,
    /// How many cards were set aside unseen.
    pub set_aside_count: u8,
    /// The discard pile, ascending.
    pub discard: Vec<u8>,
    /// When the pending decision(s) expire (seconds since the epoch); null without a deadline.
    pub deadline: Option<i64>,
    /// The game's options.
    pub options: OptionsDto,
    /// The viewer's own hand, ascending; null for a spectator.
    pub hand: Option<Vec<u8>>,
    /// The viewer's own committed card(s) while the interaction is unresolved.
    pub committed_cards: Option<Vec<u8>>,
    /// The hands revealed by the latest comparison, if any.
    pub last_comparison: Option<ComparisonDto>,
    /// The result; null until the game is over.
    pub result: Option<ResultDto>,
}

impl From<tod::View> for ViewDto {
    fn from(view: tod::View) -> Self {
        ViewDto {
            viewer: view.viewer.map(|seat| seat.0),
            phase: view.phase.into(),
            round: view.round,
            extra_round: view.extra_round,
            first_player: view.first_player.0,
            active: view.active.map(|seat| seat.0),
            interaction: view.interaction.map(InteractionDto::from),
            seats: view.seats.into_iter().map(SeatDto::from).collect(),
            set_aside_count: view.set_aside_count,
            discard: view.discard,
            deadline: view.deadline,
            options: view.options.into(),
            hand: view.hand,
            committed_cards: view.committed_cards,
            last_comparison: view.last_comparison.map(ComparisonDto::from),
            result: view.result.map(ResultDto::from),
        }
    }
}

/// One log event as the viewer may see it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(tag = "type", rename_all = "snake_case")]
#[schema(as = TradeOrDuelEvent)]
pub enum EventDto {
    /// A seat starts its turn.
    TurnStarted {
        /// The round, from 1.
        round: u32,
        /// The round is an extra round.
        extra: bool,
        /// The active seat.
        seat: u8,
    },
    /// The active player declared an interaction.
    Declared {
        /// The active player's seat.
        active: u8,
        /// The target's seat.
        target: u8,
        /// Trade or duel.
        action: ActionDto,
        /// Made by the server because the deadline passed.
        by_default: bool,
    },
    /// The count of the interaction is set.
    CountSet {
        /// The target's seat.
        target: u8,
        /// One (1) or Two (2).
        count: u8,
        /// Answered, forced or defaulted.
        how: CountHowDto,
    },
    /// A party committed its card(s).
    Committed {
        /// The committing seat.
        seat: u8,
        /// Chosen, forced or defaulted.
        how: CommitHowDto,
        /// The committed cards; only for the committing seat, null for everyone else.
        cards: Option<Vec<u8>>,
    },
    /// A trade took place.
    TradeResolved {
        /// The active player's seat.
        active: u8,
        /// The target's seat.
        target: u8,
        /// How many cards each gave.
        count: u8,
        /// The cards the active player gave; only for the two parties, null for everyone else.
        active_gave: Option<Vec<u8>>,
        /// The cards the target gave; only for the two parties, null for everyone else.
        target_gave: Option<Vec<u8>>,
    },
    /// A duel took place; everything about it is public.
    DuelResolved {
        /// The active player's seat.
        active: u8,
        /// The target's seat.
        target: u8,
        /// How many cards each played.
        count: u8,
        /// The active player's cards.
        active_cards: Vec<u8>,
        /// The target's cards.
        target_cards: Vec<u8>,
        /// The sum of the active player's cards.
        active_total: u32,
        /// The sum of the target's cards.
        target_total: u32,
        /// Who won.
        outcome: DuelOutcomeDto,
        /// The cards the loser(s) discarded, ascending.
        discarded: Vec<u8>,
    },
    /// Players lost their last card and are out.
    Eliminated {
        /// The eliminated seats, ascending.
        seats: Vec<u8>,
        /// Their shared elimination index.
        elimination_index: u32,
    },
    /// The survivors' hands were compared at the end of a round.
    HandsCompared {
        /// The round that ended.
        round: u32,
        /// Every survivor's hand and total, by seat.
        hands: Vec<SeatHandDto>,
        /// Two or more survivors share the lowest total, so an extra round follows.
        lowest_tied: bool,
    },
    /// The game is over.
    GameEnded {
        /// The winner's seat; null when no survivor remains.
        winner: Option<u8>,
        /// Every player, by place then seat.
        ranking: Vec<PlacingDto>,
        /// Every survivor's final hand, by seat.
        final_hands: Vec<SeatHandDto>,
        /// The cards that were never dealt, ascending.
        set_aside: Vec<u8>,
    },
}

fn seats(seats: Vec<domain::Seat>) -> Vec<u8> {
    seats.into_iter().map(|seat| seat.0).collect()
}

impl From<tod::EventView> for EventDto {
    fn from(event: tod::EventView) -> Self {
        use tod::EventView as E;
        match event {
            E::TurnStarted { round, extra, seat } => EventDto::TurnStarted {
                round,
                extra,
                seat: seat.0,
            },
            E::Declared {
                active,
                target,
                action,
                by_default,
            } => EventDto::Declared {
                active: active.0,
                target: target.0,
                action: action.into(),
                by_default,
            },
            E::CountSet { target, count, how } => EventDto::CountSet {
                target: target.0,
                count,
                how: how.into(),
            },
            E::Committed { seat, how, cards } => EventDto::Committed {
                seat: seat.0,
                how: how.into(),
                cards,
            },
            E::TradeResolved {
                active,
                target,
                count,
                active_gave,
                target_gave,
            } => EventDto::TradeResolved {
                active: active.0,
                target: target.0,
                count,
                active_gave,
                target_gave,
            },
            E::DuelResolved {
                active,
                target,
                count,
                active_cards,
                target_cards,
                active_total,
                target_total,
                outcome,
                discarded,
            } => EventDto::DuelResolved {
                active: active.0,
                target: target.0,
                count,
                active_cards,
                target_cards,
                active_total,
                target_total,
                outcome: outcome.into(),
                discarded,
            },
            E::Eliminated {
                seats: eliminated,
                elimination_index,
            } => EventDto::Eliminated {
                seats: seats(eliminated),
                elimination_index,
            },
            E::HandsCompared {
                round,
                hands: compared,
                lowest_tied,
            } => EventDto::HandsCompared {
                round,
                hands: hands(compared),
                lowest_tied,
            },
            E::GameEnded {
                winner,
                ranking: placings,
                final_hands,
                set_aside,
            } => EventDto::GameEnded {
                winner: winner.map(|seat| seat.0),
                ranking: ranking(placings),
                final_hands: hands(final_hands),
                set_aside,
            },
        }
    }
}

/// Every legal move of the caller, each exactly as it can be posted back.
#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(transparent)]
#[schema(as = TradeOrDuelLegalMoves)]
pub struct LegalMovesDto(pub Vec<MoveDto>);

impl From<Vec<tod::Move>> for LegalMovesDto {
    fn from(moves: Vec<tod::Move>) -> Self {
        LegalMovesDto(moves.into_iter().map(MoveDto::from).collect())
    }
}
