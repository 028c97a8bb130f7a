//! Wire shapes of Tribute: moves, the (empty) explicit setup, views, legal moves and log events.

use domain::games::tribute as t;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// A move of Tribute. Out-of-range values are refused by the rules (422), not the parser; a
/// negative `doubles` or a missing required field is malformed (400).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(tag = "type", rename_all = "snake_case")]
#[schema(as = TributeMove)]
pub enum MoveDto {
    /// Standard game, Selection phase: choose ten cards and buy doubles.
    Select {
        /// Ten values 0..9 in any order, adding up to `card_total − double_cost × doubles`.
        cards: Vec<i64>,
        /// Doubles bought, 0..max_doubles (0 when specials are off). Default 0.
        #[serde(default)]
        #[schema(value_type = i64, minimum = 0, default = 0)]
        doubles: t::DoubleCount,
    },
    /// Any turn: one value against each opponent, plus the doubles played this turn.
    Orders {
        /// The current turn number (1..5).
        turn: i64,
        /// Exactly two plays, one against each opponent, in any order.
        plays: Vec<PlayDto>,
        /// Doubles played this turn, at most the seat's doubles left. Default 0.
        #[serde(default)]
        #[schema(value_type = i64, minimum = 0, default = 0)]
        doubles: t::DoubleCount,
    },
}

/// One value played against one opponent, as submitted.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[schema(as = TributePlay)]
pub struct PlayDto {
    /// The opponent's seat.
    pub opponent: i64,
    /// The value, 0..9.
    pub value: i64,
}

impl From<PlayDto> for t::Play {
    fn from(dto: PlayDto) -> Self {
        t::Play {
            opponent: dto.opponent,
            value: dto.value,
        }
    }
}

impl From<t::Play> for PlayDto {
    fn from(play: t::Play) -> Self {
        PlayDto {
            opponent: play.opponent,
            value: play.value,
        }
    }
}

impl From<MoveDto> for t::Move {
    fn from(dto: MoveDto) -> Self {
        match dto {
            MoveDto::Select { cards, doubles } => t::Move::Select { cards, doubles },
            MoveDto::Orders {
                turn,
                plays,
                doubles,
            } => t::Move::Orders {
                turn,
                plays: plays.into_iter().map(t::Play::from).collect(),
                doubles,
            },
        }
    }
}

impl From<t::Move> for MoveDto {
    fn from(mv: t::Move) -> Self {
        match mv {
            t::Move::Select { cards, doubles } => MoveDto::Select { cards, doubles },
            t::Move::Orders {
                turn,
                plays,
                doubles,
            } => MoveDto::Orders {
                turn,
                plays: plays.into_iter().map(PlayDto::from).collect(),
                doubles,
            },
        }
    }
}

/// Tribute has no random deal, so its explicit setup is empty: every game is already fixed.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[schema(as = TributeSetup)]
pub struct SetupDto {}

impl From<SetupDto> for t::Setup {
    fn from(_: SetupDto) -> Self {
        t::Setup {}
    }
}

/// The options the game was created with; everyone sees them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[schema(as = TributeOptions)]
pub struct OptionsDto {
    /// The prescribed total `T` of each seat's ten values (less the cost of its doubles).
    pub card_total: i64,
    /// Blind Tribute: no selection; values are chosen turn by turn within the total.
    pub blind: bool,
    /// Whether doubles exist.
    pub specials: bool,
    /// How much each double reduces the seat's card total.
    pub double_cost: i64,
    /// Standard: the most doubles a seat may buy. Blind: the doubles each seat starts with.
    pub max_doubles: u32,
    /// Seconds allowed for each phase; null means no deadline.
    pub deadline_secs: Option<i64>,
}

impl From<&t::Options> for OptionsDto {
    fn from(options: &t::Options) -> Self {
        OptionsDto {
            card_total: options.card_total(),
            blind: options.blind(),
            specials: options.specials(),
            double_cost: options.double_cost(),
            max_doubles: options.max_doubles(),
            deadline_secs: options.deadline_secs(),
        }
    }
}

/// The kind of phase; during a turn the turn number is given beside it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
#[schema(as = TributePhase)]
pub enum PhaseDto {
    /// Standard game only: every seat chooses its ten cards and buys doubles.
    Selection,
    /// One of turns 1..5: every seat submits orders.
    Turn,
    /// Turn 5 has been resolved; the result is fixed.
    Finished,
}

fn phase(phase: t::Phase) -> (PhaseDto, Option<u8>) {
    match phase {
        t::Phase::Selection => (PhaseDto::Selection, None),
        t::Phase::Turn(turn) => (PhaseDto::Turn, Some(turn)),
        t::Phase::Finished => (PhaseDto::Finished, None),
    }
}

/// One value played against one opponent.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[schema(as = TributePlayRecord)]
pub struct PlayRecordDto {
    /// The opponent's seat.
    pub opponent: u8,
    /// The value played, 0..9.
    pub value: u8,
}

impl From<t::PlayRecord> for PlayRecordDto {
    fn from(play: t::PlayRecord) -> Self {
        PlayRecordDto {
            opponent: play.opponent.0,
            value: play.value,
        }
    }
}

fn plays(plays: [t::PlayRecord; 2]) -> Vec<PlayRecordDto> {
    plays.into_iter().map(PlayRecordDto::from).collect()
}

fn seats(seats: &[domain::Seat]) -> Vec<u8> {
    seats.iter().map(|seat| seat.0).collect()
}

/// A selection: ten cards and the doubles bought.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[schema(as = TributeSelection)]
pub struct SelectionDto {
    /// The ten cards, ascending.
    pub cards: Vec<u8>,
    /// Doubles bought.
    pub doubles: u32,
}

impl From<t::Selection> for SelectionDto {
    fn from(selection: t::Selection) -> Self {
        SelectionDto {
            cards: selection.cards,
            doubles: selection.doubles,
        }
    }
}

/// A seat's selection as revealed when the Selection phase closed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[schema(as = TributeSelectionRecord)]
pub struct SelectionRecordDto {
    /// The seat.
    pub seat: u8,
    /// The ten cards, ascending.
    pub cards: Vec<u8>,
    /// Doubles bought.
    pub doubles: u32,
    /// The engine made this selection because the seat missed the deadline.
    pub nmr: bool,
}

impl From<t::SelectionRecord> for SelectionRecordDto {
    fn from(record: t::SelectionRecord) -> Self {
        SelectionRecordDto {
            seat: record.seat.0,
            cards: record.cards,
            doubles: record.doubles,
            nmr: record.nmr,
        }
    }
}

/// Orders as shown to a viewer allowed to see them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[schema(as = TributeSubmittedOrders)]
pub struct SubmittedOrdersDto {
    /// Against the lower opponent first.
    pub plays: Vec<PlayRecordDto>,
    /// Doubles played.
    pub doubles: u32,
}

impl From<t::SubmittedOrders> for SubmittedOrdersDto {
    fn from(orders: t::SubmittedOrders) -> Self {
        SubmittedOrdersDto {
            plays: plays(orders.plays),
            doubles: orders.doubles,
        }
    }
}

/// A seat's orders as used in a resolved turn.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[schema(as = TributeSeatOrders)]
pub struct SeatOrdersDto {
    /// The seat.
    pub seat: u8,
    /// Against the lower opponent first.
    pub plays: Vec<PlayRecordDto>,
    /// Doubles played.
    pub doubles: u32,
    /// The engine made these orders because the seat missed the deadline.
    pub nmr: bool,
}

/// One match: the value `seats[0]` played against `seats[1]` and vice versa.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[schema(as = TributeMatch)]
pub struct MatchDto {
    /// The two seats, lower first.
    pub seats: Vec<u8>,
    /// The values they played against each other, in the order of `seats`.
    pub values: Vec<u8>,
    /// The seat with the higher value; null for a tie.
    pub winner: Option<u8>,
}

/// The public record of a resolved turn.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[schema(as = TributeTurnRecord)]
pub struct TurnRecordDto {
    /// The turn number, 1..5.
    pub turn: u8,
    /// When the turn closed (Unix seconds).
    pub closed_at: i64,
    /// Seats 0, 1, 2 in order.
    pub orders: Vec<SeatOrdersDto>,
    /// The stake of every match: 2 to the power of the doubles played this turn.
    pub multiplier: i64,
    /// Matches (0,1), (0,2), (1,2) in that order.
    pub matches: Vec<MatchDto>,
    /// Score changes of seats 0, 1, 2.
    pub deltas: Vec<i64>,
    /// Scores of seats 0, 1, 2 after the turn.
    pub scores_after: Vec<i64>,
}

impl From<t::TurnRecord> for TurnRecordDto {
    fn from(record: t::TurnRecord) -> Self {
        TurnRecordDto {
            turn: record.turn,
            closed_at: record.closed_at,
            orders: record
                .orders
                .into_iter()
                .map(|orders| SeatOrdersDto {
                    seat: orders.seat.0,
                    plays: plays(orders.plays),
                    doubles: orders.doubles,
                    nmr: orders.nmr,
                })
                .collect(),
            multiplier: record.multiplier,
            matches: record
                .matches
                .into_iter()
                .map(|m| MatchDto {
                    seats: seats(&m.seats),
                    values: m.values.to_vec(),
                    winner: m.winner.map(|seat| seat.0),
                })
                .collect(),
            deltas: record.deltas.to_vec(),
            scores_after: record.scores_after.to_vec(),
        }
    }
}

/// The result of a finished game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[schema(as = TributeResult)]
pub struct ResultDto {
    /// Final scores of seats 0, 1, 2 (they add up to 0).
    pub final_scores: Vec<i64>,
    /// Competition ranks of seats 0, 1, 2 (1 is best; ties share a rank).
    pub ranks: Vec<u8>,
    /// Every seat of rank 1.
    pub winners: Vec<u8>,
}

impl From<t::GameResult> for ResultDto {
    fn from(result: t::GameResult) -> Self {
        ResultDto {
            final_scores: result.final_scores.to_vec(),
            ranks: result.ranks.to_vec(),
            winners: seats(&result.winners),
        }
    }
}

/// The allowed range of a Blind seat's charge `x + y + double_cost × doubles` this turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[schema(as = TributeChargeRange)]
pub struct ChargeRangeDto {
    /// Smallest allowed charge.
    pub min: i64,
    /// Largest allowed charge (the remaining total).
    pub max: i64,
}

/// A Blind seat's progress towards its prescribed total (public).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[schema(as = TributeBlindStatus)]
pub struct BlindStatusDto {
    /// The remaining total `R`.
    pub remaining: i64,
    /// Values still to play, counting the current turn.
    pub plays_left: i64,
    /// This turn's allowed charge range; null once the game is finished.
    pub charge: Option<ChargeRangeDto>,
}

/// What the viewer may see of one seat.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[schema(as = TributeSeatView)]
pub struct SeatViewDto {
    /// The seat.
    pub seat: u8,
    /// Whether the seat has a pending submission in the current phase (never its content).
    pub submitted: bool,
    /// The seat's score.
    pub score: i64,
    /// Standard game: the revealed selection, from the close of Selection on.
    pub selection: Option<SelectionRecordDto>,
    /// Standard game: the cards not yet played (ascending), from the close of Selection on.
    pub hand: Option<Vec<u8>>,
    /// Doubles the seat can still play (standard: from the close of Selection; Blind: always).
    pub doubles_left: Option<u32>,
    /// Blind only: the remaining total and this turn's charge range.
    pub blind: Option<BlindStatusDto>,
}

/// The viewer's own pending submission in the current phase, which it may still replace.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(tag = "type", rename_all = "snake_case")]
#[schema(as = TributePending)]
pub enum PendingDto {
    /// A pending selection.
    Selection {
        /// The ten cards, ascending.
        cards: Vec<u8>,
        /// Doubles bought.
        doubles: u32,
    },
    /// Pending orders for the current turn.
    Orders {
        /// The turn number.
        turn: u8,
        /// Against the lower opponent first.
        plays: Vec<PlayRecordDto>,
        /// Doubles played.
        doubles: u32,
    },
}

impl From<t::PendingView> for PendingDto {
    fn from(pending: t::PendingView) -> Self {
        match pending {
            t::PendingView::Selection(selection) => PendingDto::Selection {
                cards: selection.cards,
                doubles: selection.doubles,
            },
            t::PendingView::Orders { turn, orders } => PendingDto::Orders {
                turn,
                plays: plays(orders.plays),
                doubles: orders.doubles,
            },
        }
    }
}

/// Everything one viewer may see of a game of Tribute.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[schema(as = TributeView)]
pub struct ViewDto {
    /// The seat this view was built for; null for a spectator.
    pub viewer: Option<u8>,
    /// The game's options.
    pub options: OptionsDto,
    /// The current phase.
    pub phase: PhaseDto,
    /// The current turn number during a turn; null otherwise.
    pub turn: Option<u8>,
    /// When the current phase started; null once finished.
    pub started_at: Option<i64>,
    /// When the current phase expires; null without a deadline or once finished.
    pub deadline_at: Option<i64>,
    /// Seats 0, 1, 2 in order.
    pub seats: Vec<SeatViewDto>,
    /// The viewer's own pending submission, if any.
    pub pending: Option<PendingDto>,
    /// Every resolved turn, in order.
    pub turns: Vec<TurnRecordDto>,
    /// The result, once finished.
    pub result: Option<ResultDto>,
}

impl From<t::View> for ViewDto {
    fn from(view: t::View) -> Self {
        let (phase, turn) = phase(view.phase);
        ViewDto {
            viewer: view.viewer.map(|seat| seat.0),
            options: OptionsDto::from(&view.options),
            phase,
            turn,
            started_at: view.started_at,
            deadline_at: view.deadline_at,
            seats: view
                .seats
                .into_iter()
                .map(|seat| SeatViewDto {
                    seat: seat.seat.0,
                    submitted: seat.submitted,
                    score: seat.score,
                    selection: seat.selection.map(SelectionRecordDto::from),
                    hand: seat.hand,
                    doubles_left: seat.doubles_left,
                    blind: seat.blind.map(|blind| BlindStatusDto {
                        remaining: blind.remaining,
                        plays_left: blind.plays_left,
                        charge: blind.charge.map(|range| ChargeRangeDto {
                            min: range.min,
                            max: range.max,
                        }),
                    }),
                })
                .collect(),
            pending: view.pending.map(PendingDto::from),
            turns: view.turns.into_iter().map(TurnRecordDto::from).collect(),
            result: view.result.map(ResultDto::from),
        }
    }
}

/// The required card total for one number of doubles bought.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[schema(as = TributeSelectTotal)]
pub struct SelectTotalDto {
    /// Doubles bought.
    pub doubles: u32,
    /// What the ten cards must add up to.
    pub total: i64,
}

/// Blind: the allowed sums of the two values when playing a given number of doubles.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[schema(as = TributeBlindSums)]
pub struct BlindSumsDto {
    /// Doubles played (only feasible counts are listed).
    pub doubles: u32,
    /// Smallest allowed `x + y`.
    pub min_sum: i64,
    /// Largest allowed `x + y`.
    pub max_sum: i64,
}

/// Which values and doubles orders may use.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(tag = "type", rename_all = "snake_case")]
#[schema(as = TributeOrderValues)]
pub enum OrderValuesDto {
    /// Standard: two values from the hand (two copies for equal values), and 0..doubles_left
    /// doubles.
    Hand {
        /// The cards not yet played, ascending.
        hand: Vec<u8>,
        /// The most doubles the orders may play.
        doubles_left: u32,
    },
    /// Blind: two values 0..9 whose sum lies in the range listed for the doubles played.
    Blind {
        /// The remaining total `R`.
        remaining: i64,
        /// Values still to play, counting this turn.
        plays_left: i64,
        /// What each double adds to the charge.
        double_cost: i64,
        /// Smallest allowed charge `x + y + double_cost × doubles`.
        charge_min: i64,
        /// Largest allowed charge.
        charge_max: i64,
        /// Allowed sums per number of doubles; counts not listed are illegal.
        sums: Vec<BlindSumsDto>,
    },
}

/// What a seat may submit now (a description where a list would be too long).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(tag = "type", rename_all = "snake_case")]
#[schema(as = TributeLegalMoves)]
pub enum LegalMovesDto {
    /// Nothing to decide: the game is over.
    Nothing,
    /// A `select` move: `card_count` values in `min_value..max_value` adding up to the total
    /// listed for the doubles bought.
    Select {
        /// Always 10.
        card_count: u32,
        /// Always 0.
        min_value: u8,
        /// Always 9.
        max_value: u8,
        /// The legal numbers of doubles and the card total each requires.
        totals: Vec<SelectTotalDto>,
    },
    /// An `orders` move for `turn`, one play against each of `opponents`.
    Orders {
        /// The current turn number.
        turn: u8,
        /// The seat's opponents, lower first.
        opponents: Vec<u8>,
        /// Which values and doubles the orders may use.
        values: OrderValuesDto,
    },
}

impl From<t::LegalMoves> for LegalMovesDto {
    fn from(legal: t::LegalMoves) -> Self {
        match legal {
            t::LegalMoves::Nothing => LegalMovesDto::Nothing,
            t::LegalMoves::Select {
                card_count,
                min_value,
                max_value,
                totals,
            } => LegalMovesDto::Select {
                card_count: u32::try_from(card_count).unwrap_or(u32::MAX),
                min_value,
                max_value,
                totals: totals
                    .into_iter()
                    .map(|choice| SelectTotalDto {
                        doubles: choice.doubles,
                        total: choice.total,
                    })
                    .collect(),
            },
            t::LegalMoves::Orders {
                turn,
                opponents,
                values,
            } => LegalMovesDto::Orders {
                turn,
                opponents: seats(&opponents),
                values: match values {
                    t::OrderValues::Hand { hand, doubles_left } => {
                        OrderValuesDto::Hand { hand, doubles_left }
                    }
                    t::OrderValues::Blind {
                        remaining,
                        plays_left,
                        double_cost,
                        charge_min,
                        charge_max,
                        sums,
                    } => OrderValuesDto::Blind {
                        remaining,
                        plays_left,
                        double_cost,
                        charge_min,
                        charge_max,
                        sums: sums
                            .into_iter()
                            .map(|sums| BlindSumsDto {
                                doubles: sums.doubles,
                                min_sum: sums.min_sum,
                                max_sum: sums.max_sum,
                            })
                            .collect(),
                    },
                },
            },
        }
    }
}

/// A log event as one viewer may see it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(tag = "type", rename_all = "snake_case")]
#[schema(as = TributeEvent)]
pub enum EventDto {
    /// A phase started.
    PhaseStarted {
        /// The phase.
        phase: PhaseDto,
        /// The turn number when the phase is a turn.
        turn: Option<u8>,
        /// When it started (Unix seconds).
        started_at: i64,
        /// When it expires; null without a deadline.
        deadline_at: Option<i64>,
    },
    /// A seat submitted (or replaced) its selection.
    SelectionSubmitted {
        /// The seat.
        seat: u8,
        /// The content: shown to its owner, and to everyone once the game is over.
        selection: Option<SelectionDto>,
    },
    /// A seat submitted (or replaced) its orders.
    OrdersSubmitted {
        /// The seat.
        seat: u8,
        /// The turn.
        turn: u8,
        /// The content: shown to its owner, and to everyone once the game is over.
        orders: Option<SubmittedOrdersDto>,
    },
    /// The Selection phase closed and every selection became public.
    SelectionClosed {
        /// When it closed (Unix seconds).
        closed_at: i64,
        /// Seats 0, 1, 2 in order.
        selections: Vec<SelectionRecordDto>,
    },
    /// A turn was resolved.
    TurnResolved {
        /// The turn's public record.
        record: TurnRecordDto,
    },
    /// The game finished.
    GameFinished {
        /// The fixed result.
        result: ResultDto,
    },
}

impl From<t::EventView> for EventDto {
    fn from(event: t::EventView) -> Self {
        match event {
            t::EventView::PhaseStarted {
                phase: started,
                started_at,
                deadline_at,
            } => {
                let (phase, turn) = phase(started);
                EventDto::PhaseStarted {
                    phase,
                    turn,
                    started_at,
                    deadline_at,
                }
            }
            t::EventView::SelectionSubmitted { seat, selection } => EventDto::SelectionSubmitted {
                seat: seat.0,
                selection: selection.map(SelectionDto::from),
            },
            t::EventView::OrdersSubmitted { seat, turn, orders } => EventDto::OrdersSubmitted {
                seat: seat.0,
                turn,
                orders: orders.map(SubmittedOrdersDto::from),
            },
            t::EventView::SelectionClosed {
                closed_at,
                selections,
            } => EventDto::SelectionClosed {
                closed_at,
                selections: selections
                    .into_iter()
                    .map(SelectionRecordDto::from)
                    .collect(),
            },
            t::EventView::TurnResolved(record) => EventDto::TurnResolved {
                record: record.into(),
            },
            t::EventView::GameFinished(result) => EventDto::GameFinished {
                result: result.into(),
            },
        }
    }
}
