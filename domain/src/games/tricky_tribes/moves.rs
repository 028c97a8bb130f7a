//! Moves as submitted, their checks in the rules' order, their effects, and the legal moves.
//!
//! Card and face values stay raw text in a move so that a bad value is refused by the rules
//! (`invalid_card`, `invalid_face`) after the turn checks, not by the parser. Likewise a missing
//! or unknown `type` parses (as `Unknown`) so that the rules answer `unknown_move`: only a body
//! that is not a JSON object fails to parse.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::card::Card;
use super::events::Event;
use super::judge::Face;
use super::participant::Participant;
use super::terms::{ExchangeAction, ExchangeRecord, TrimRecord};
use super::{Phase, TrickyTribes};
use crate::{Actor, IllegalMove, Seat, Timestamp};

/// A move. A missing or unknown `type` is refused with `unknown_move`; bad `card` or `face`
/// values are refused with `invalid_card` / `invalid_face` in the rules' check order.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", from = "WireMove")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = TrickyTribesMove))]
pub enum Move {
    /// Exchange: keep your hand.
    #[cfg_attr(feature = "openapi", schema(title = "TrickyTribesExchangePass"))]
    ExchangePass,
    /// Exchange: take the top stock card; you must then discard.
    #[cfg_attr(feature = "openapi", schema(title = "TrickyTribesExchangeDraw"))]
    ExchangeDraw,
    /// Exchange: discard a card face down (before drawing, the top stock card is drawn after).
    #[cfg_attr(feature = "openapi", schema(title = "TrickyTribesExchangeDiscard"))]
    ExchangeDiscard {
        /// Card code, e.g. `10H`.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        card: Option<String>,
    },
    /// Trim phase: discard one card face down.
    #[cfg_attr(feature = "openapi", schema(title = "TrickyTribesTrimDiscard"))]
    TrimDiscard {
        /// Card code, e.g. `10H`.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        card: Option<String>,
    },
    /// Lead a trick.
    #[cfg_attr(feature = "openapi", schema(title = "TrickyTribesLead"))]
    Lead {
        /// Card code, e.g. `10H`.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        card: Option<String>,
        /// `open` or `closed`.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[cfg_attr(feature = "openapi", schema(value_type = Option<Face>))]
        face: Option<String>,
    },
    /// Respond to the trick, face down.
    #[cfg_attr(feature = "openapi", schema(title = "TrickyTribesRespond"))]
    Respond {
        /// Card code, e.g. `10H`.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        card: Option<String>,
    },
    /// Stands for any missing or unknown `type`; always refused with `unknown_move`. Not part
    /// of the contract, which lists only moves the rules can accept: a move parses through
    /// `WireMove`, so skipping it here changes only the schema.
    #[serde(skip_deserializing)]
    Unknown,
}

// Listed exactly: each card, each allowed face.
/// Every legal move of one seat now (empty when it has nothing to decide).
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
#[serde(transparent)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = TrickyTribesLegalMoves))]
pub struct LegalMoves(pub Vec<Move>);

crate::choices::listed_choices!(LegalMoves, Move);

impl std::ops::Deref for LegalMoves {
    type Target = [Move];

    fn deref(&self) -> &[Move] {
        &self.0
    }
}

/// Any JSON value; only text is kept, anything else fails the rules' value checks later.
#[derive(Deserialize)]
#[serde(untagged)]
enum Loose {
    Text(String),
    Other(serde::de::IgnoredAny),
}

impl Loose {
    fn text(field: Option<Loose>) -> Option<String> {
        match field {
            Some(Loose::Text(text)) => Some(text),
            Some(Loose::Other(_)) | None => None,
        }
    }
}

/// The lenient reading of a move object: every field optional and of any type.
#[derive(Deserialize)]
#[serde(transparent)]
struct WireMove(BTreeMap<String, Loose>);

impl From<WireMove> for Move {
    fn from(WireMove(mut fields): WireMove) -> Self {
        let card = Loose::text(fields.remove("card"));
        match Loose::text(fields.remove("type")).as_deref() {
            Some("exchange_pass") => Move::ExchangePass,
            Some("exchange_draw") => Move::ExchangeDraw,
            Some("exchange_discard") => Move::ExchangeDiscard { card },
            Some("trim_discard") => Move::TrimDiscard { card },
            Some("lead") => Move::Lead {
                card,
                face: Loose::text(fields.remove("face")),
            },
            Some("respond") => Move::Respond { card },
            _ => Move::Unknown,
        }
    }
}

impl Move {
    pub fn exchange_discard(card: Card) -> Self {
        Move::ExchangeDiscard {
            card: Some(card.code()),
        }
    }

    pub fn trim_discard(card: Card) -> Self {
        Move::TrimDiscard {
            card: Some(card.code()),
        }
    }

    pub fn lead(card: Card, face: Face) -> Self {
        Move::Lead {
            card: Some(card.code()),
            face: Some(face.id().to_owned()),
        }
    }

    pub fn respond(card: Card) -> Self {
        Move::Respond {
            card: Some(card.code()),
        }
    }
}

/// A move that passed every check, ready to take effect.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Action {
    Pass(Seat),
    Draw(Seat),
    Discard(Seat, Card),
    Trim(Seat, Card),
    Play(Seat, Card, Face),
}

fn refuse(code: &'static str, detail: &str) -> IllegalMove {
    IllegalMove::new(code, detail)
}

fn parse_card(card: Option<&String>) -> Result<Card, IllegalMove> {
    card.and_then(|code| Card::parse(code)).ok_or_else(|| {
        refuse(
            "invalid_card",
            "`card` must be a card code such as `10H` or `X1`",
        )
    })
}

impl TrickyTribes {
    fn holds(&self, seat: Seat, card: Card) -> Result<Card, IllegalMove> {
        if self.hands[seat.index()].contains(&card) {
            Ok(card)
        } else {
            Err(refuse("card_not_in_hand", "that card is not in your hand"))
        }
    }

    /// Runs the rules' checks in order; the state is only read.
    pub(super) fn check(&self, actor: Actor, mv: &Move) -> Result<Action, IllegalMove> {
        if *mv == Move::Unknown {
            return Err(refuse("unknown_move", "not a move of Tricky Tribes"));
        }
        if self.is_over() {
            return Err(refuse("game_over", "the game has finished"));
        }
        let seat = actor
            .seat()
            .filter(|seat| seat.0 < self.n())
            .ok_or_else(|| refuse("not_a_player", "only seated players make moves"))?;
        let not_your_turn = || refuse("not_your_turn", "it is not your turn");
        match mv {
            Move::ExchangePass | Move::ExchangeDraw | Move::ExchangeDiscard { .. } => {
                let Phase::Exchange { turn, drawn } = &self.phase else {
                    return Err(refuse("wrong_phase", "this is not the exchange phase"));
                };
                if self.exchange_seat(*turn) != seat {
                    return Err(not_your_turn());
                }
                let discard_required =
                    || refuse("discard_required", "after drawing you must discard a card");
                let stock_empty = || refuse("stock_empty", "no stock card is available");
                match mv {
                    Move::ExchangePass if drawn.is_some() => Err(discard_required()),
                    Move::ExchangePass => Ok(Action::Pass(seat)),
                    Move::ExchangeDraw if drawn.is_some() => Err(discard_required()),
                    Move::ExchangeDraw if !self.stock_available() => Err(stock_empty()),
                    Move::ExchangeDraw => Ok(Action::Draw(seat)),
                    Move::ExchangeDiscard { card } => {
                        if drawn.is_none() && !self.stock_available() {
                            return Err(stock_empty());
                        }
                        let card = self.holds(seat, parse_card(card.as_ref())?)?;
                        Ok(Action::Discard(seat, card))
                    }
                    _ => Err(refuse("unknown_move", "not a move of Tricky Tribes")),
                }
            }
            Move::TrimDiscard { card } => {
                let Phase::Trim { pending } = &self.phase else {
                    return Err(refuse("wrong_phase", "this is not the trim phase"));
                };
                if !pending.contains(&seat) {
                    return Err(not_your_turn());
                }
                let card = self.holds(seat, parse_card(card.as_ref())?)?;
                Ok(Action::Trim(seat, card))
            }
            Move::Lead { .. } | Move::Respond { .. } => self.check_play(seat, mv),
            Move::Unknown => Err(refuse("unknown_move", "not a move of Tricky Tribes")),
        }
    }

    fn check_play(&self, seat: Seat, mv: &Move) -> Result<Action, IllegalMove> {
        let Phase::Trick { plays, .. } = &self.phase else {
            return Err(refuse("wrong_phase", "this is not trick play"));
        };
        if self.next_to_play() != Some(Participant::Seat(seat)) {
            return Err(refuse("not_your_turn", "it is not your turn"));
        }
        match mv {
            Move::Lead { card, face } => {
                if !plays.is_empty() {
                    return Err(refuse("wrong_move_type", "a response is due, not a lead"));
                }
                let card = parse_card(card.as_ref())?;
                let face = face.as_deref().and_then(Face::parse).ok_or_else(|| {
                    refuse("invalid_face", "`face` must be \"open\" or \"closed\"")
                })?;
                let card = self.holds(seat, card)?;
                if face == Face::Closed && self.obligation == Some(Participant::Seat(seat)) {
                    return Err(refuse(
                        "open_lead_required",
                        "you won your own dark lead and must lead open",
                    ));
                }
                Ok(Action::Play(seat, card, face))
            }
            Move::Respond { card } => {
                if plays.is_empty() {
                    return Err(refuse("wrong_move_type", "a lead is due, not a response"));
                }
                let card = self.holds(seat, parse_card(card.as_ref())?)?;
                Ok(Action::Play(seat, card, Face::Closed))
            }
            _ => Err(refuse("unknown_move", "not a move of Tricky Tribes")),
        }
    }

    /// Applies a checked action, then everything that follows automatically.
    pub(super) fn perform(
        &mut self,
        action: Action,
        timeout: bool,
        now: Timestamp,
        events: &mut Vec<Event>,
    ) {
        match action {
            Action::Pass(seat) => {
                self.exchanges.push(ExchangeRecord {
                    seat,
                    action: ExchangeAction::Pass,
                    drawn: None,
                    discarded: None,
                    timeout,
                });
                events.push(Event::ExchangePassed { seat, timeout });
                self.next_exchange_turn(now);
            }
            Action::Draw(seat) => {
                if self.stock.is_empty() {
                    return;
                }
                let card = self.stock.remove(0);
                self.take_into_hand(seat, card);
                if let Phase::Exchange { drawn, .. } = &mut self.phase {
                    *drawn = Some(card);
                }
                events.push(Event::ExchangeDrew { seat, card });
            }
            Action::Discard(seat, card) => {
                let earlier = match &self.phase {
                    Phase::Exchange { drawn, .. } => *drawn,
                    _ => None,
                };
                self.hands[seat.index()].retain(|held| *held != card);
                self.discard.push(card);
                let after = match earlier {
                    Some(_) => None,
                    None if self.stock.is_empty() => None,
                    None => {
                        let top = self.stock.remove(0);
                        self.take_into_hand(seat, top);
                        Some(top)
                    }
                };
                self.exchanges.push(ExchangeRecord {
                    seat,
                    action: if earlier.is_some() {
                        ExchangeAction::DrawThenDiscard
                    } else {
                        ExchangeAction::DiscardThenDraw
                    },
                    drawn: earlier.or(after),
                    discarded: Some(card),
                    timeout,
                });
                events.push(Event::ExchangeDiscarded {
                    seat,
                    card,
                    drawn: after,
                    timeout,
                });
                self.next_exchange_turn(now);
            }
            Action::Trim(seat, card) => {
                self.hands[seat.index()].retain(|held| *held != card);
                self.discard.push(card);
                if let Phase::Trim { pending } = &mut self.phase {
                    pending.retain(|other| *other != seat);
                }
                self.trims.push(TrimRecord {
                    seat,
                    card,
                    timeout,
                });
                events.push(Event::Trimmed {
                    seat,
                    card,
                    timeout,
                });
            }
            Action::Play(seat, card, face) => {
                self.play(Participant::Seat(seat), card, face, timeout, events);
            }
        }
        self.settle(now, events);
    }

    fn take_into_hand(&mut self, seat: Seat, card: Card) {
        let hand = &mut self.hands[seat.index()];
        hand.push(card);
        hand.sort();
    }

    fn next_exchange_turn(&mut self, now: Timestamp) {
        if let Phase::Exchange { turn, drawn } = &mut self.phase {
            *turn += 1;
            *drawn = None;
        }
        self.restart_clock(now);
    }

    /// Every move `seat` may make now, in a fixed order: exchange moves, then each card of the
    /// hand in canonical order (open before closed for a lead).
    pub(super) fn legal(&self, seat: Seat) -> LegalMoves {
        let actor = Actor::Seat(seat);
        let hand = self.hands.get(seat.index()).cloned().unwrap_or_default();
        // Only the current phase's kinds of move are candidates: a move of another phase is
        // always refused, and checking it (card codes written and parsed) is what a searching
        // bot would otherwise spend most of its time on.
        let mut candidates = Vec::new();
        match &self.phase {
            Phase::Exchange { .. } => {
                candidates.extend([Move::ExchangePass, Move::ExchangeDraw]);
                candidates.extend(hand.iter().map(|card| Move::exchange_discard(*card)));
            }
            Phase::Trim { .. } => {
                candidates.extend(hand.iter().map(|card| Move::trim_discard(*card)));
            }
            Phase::Trick { plays, .. } if plays.is_empty() => {
                for card in &hand {
                    candidates.push(Move::lead(*card, Face::Open));
                    candidates.push(Move::lead(*card, Face::Closed));
                }
            }
            Phase::Trick { .. } => {
                candidates.extend(hand.iter().map(|card| Move::respond(*card)));
            }
            Phase::Over => {}
        }
        LegalMoves(
            candidates
                .into_iter()
                .filter(|mv| self.check(actor, mv).is_ok())
                .collect(),
        )
    }
}
