//! A whole game rebuilt from one seat's view: the cards the seat cannot place (other hands, the
//! stock, hidden discards, face-down cards of the trick in progress) are dealt at random from
//! the round's deck minus every card the view shows.

use rand_chacha::rand_core::Rng;

use super::card::{Card, full_deck};
use super::options::Options;
use super::participant::Participant;
use super::terms::{ExchangeAction, ExchangeRecord, Play, TrickRecord, TrimRecord};
use super::view::{PhaseView, View};
use super::{Phase, TrickyTribes};
use crate::sample::{SampleError, SampleFromView, deal};
use crate::{GameRng, Seat};

impl SampleFromView for TrickyTribes {
    fn sample_from_view(view: &View, seat: Seat, rng: &mut impl Rng) -> Result<Self, SampleError> {
        let players = usize::from(view.options.players);
        if view.viewer != Some(seat) || view.hands.len() != players {
            return Err(SampleError::not_own_view(seat));
        }
        let options = Options::from_view(&view.options)
            .ok_or_else(|| SampleError::new("the end condition lacks its value"))?;
        // The view's judged tricks are this round's, and every round is dealt afresh from the
        // whole deck: earlier rounds tell nothing about where this round's cards are.
        let this_round: Vec<&TrickRecord> = view.tricks.iter().collect();
        let mut dealer = GameRng::from_rng(rng);
        let mut pool = unseen_cards(view, &this_round)?;
        dealer.shuffle(&mut pool);

        // Every hidden slot takes the next card of the shuffled pool.
        let mut hands = Vec::with_capacity(players);
        for hand in &view.hands {
            let mut cards = match &hand.cards {
                Some(cards) => cards.clone(),
                None => deal(&mut pool, hand.size)?,
            };
            cards.sort();
            hands.push(cards);
        }
        let stock = match &view.stock {
            Some(stock) => stock.clone(),
            None => deal(&mut pool, view.stock_size)?,
        };
        let mut exchanges = Vec::with_capacity(view.exchanges.len());
        for exchange in &view.exchanges {
            let discarded = match (exchange.discarded, exchange.action) {
                (Some(card), _) => Some(card),
                (None, ExchangeAction::Pass) => None,
                (None, _) => deal(&mut pool, 1)?.first().copied(),
            };
            exchanges.push(ExchangeRecord {
                seat: exchange.seat,
                action: exchange.action,
                drawn: exchange.drawn,
                discarded,
                timeout: exchange.timeout,
            });
        }
        let mut trims = Vec::with_capacity(view.trims.len());
        for trim in &view.trims {
            let card = match trim.card {
                Some(card) => card,
                None => deal(&mut pool, 1)?
                    .first()
                    .copied()
                    .ok_or_else(|| SampleError::new("a trim without a card"))?,
            };
            trims.push(TrimRecord {
                seat: trim.seat,
                card,
                timeout: trim.timeout,
            });
        }
        let mut plays = Vec::new();
        if let Some(trick) = &view.trick {
            for play in &trick.plays {
                let card = match play.card {
                    Some(card) => card,
                    None => deal(&mut pool, 1)?
                        .first()
                        .copied()
                        .ok_or_else(|| SampleError::new("a trick card is missing"))?,
                };
                plays.push(Play {
                    participant: play.participant,
                    card,
                    position: play.position,
                    // The trick in progress shows no timeout marks; its record will.
                    timeout: false,
                });
            }
        }
        if !pool.is_empty() {
            return Err(SampleError::new("the view leaves cards unaccounted for"));
        }

        // The drawn card of another seat's exchange is one the seat has held since.
        let held_by = |who: Seat| -> Vec<Card> {
            let played = this_round
                .iter()
                .flat_map(|trick| trick.plays.iter())
                .chain(plays.iter())
                .filter(|play| play.participant == Participant::Seat(who))
                .map(|play| play.card);
            hands[who.index()].iter().copied().chain(played).collect()
        };
        for (record, shown) in exchanges.iter_mut().zip(&view.exchanges) {
            if shown.drawn.is_none() && record.action != ExchangeAction::Pass {
                let mut candidates = held_by(record.seat);
                if record.action == ExchangeAction::DrawThenDiscard {
                    candidates.extend(record.discarded);
                }
                record.drawn = pick(&mut dealer, &candidates);
            }
        }
        let phase = match &view.phase {
            PhaseView::Exchange {
                seat: deciding,
                has_drawn,
                drawn,
            } => {
                let drawn = match (*has_drawn, drawn) {
                    (false, _) => None,
                    (true, Some(card)) => Some(*card),
                    (true, None) => pick(&mut dealer, &hands[deciding.index()]),
                };
                let turn = u8::try_from(exchanges.len())
                    .map_err(|_| SampleError::new("too many exchanges"))?;
                Phase::Exchange { turn, drawn }
            }
            PhaseView::Trim { pending, .. } => Phase::Trim {
                pending: pending.clone(),
            },
            PhaseView::Tricks => {
                let trick = view
                    .trick
                    .as_ref()
                    .ok_or_else(|| SampleError::new("trick play without a trick"))?;
                Phase::Trick {
                    leader: trick.leader,
                    lead_face: trick.lead_face,
                    plays,
                }
            }
            PhaseView::Over => Phase::Over,
        };
        // Discards in the order they happened: exchange or trim discards, then the tricks'.
        let discard = exchanges
            .iter()
            .filter_map(|record| record.discarded)
            .chain(trims.iter().map(|trim| trim.card))
            .chain(
                this_round
                    .iter()
                    .flat_map(|trick| trick.discarded.iter().copied()),
            )
            .collect();
        let trick = match &view.trick {
            Some(trick) => trick.number,
            None => this_round.last().map_or(0, |trick| trick.number),
        };
        let game = TrickyTribes {
            options,
            rng: GameRng::from_rng(rng),
            preset_decks: Vec::new(),
            round: view.round,
            dealer: view.dealer,
            hands,
            stock,
            discard,
            stacks: view.stacks.clone(),
            dummy_stack: view.dummy_stack.clone().unwrap_or_default(),
            phase,
            exchanges,
            trims,
            trick,
            obligation: view.open_lead_obligation,
            tricks: view.tricks.clone(),
            scores: view.scores.iter().map(|unit| unit.score).collect(),
            summaries: view.last_round.iter().cloned().collect(),
            deadline: view.deadline,
            winners: view.winners.clone().unwrap_or_default(),
        };
        if let PhaseView::Exchange { seat: deciding, .. } = &view.phase
            && let Phase::Exchange { turn, .. } = &game.phase
            && game.exchange_seat(*turn) != *deciding
        {
            return Err(SampleError::new(
                "the exchange turn does not match its seat",
            ));
        }
        Ok(game)
    }
}

/// The round's deck minus every card whose place the view shows.
fn unseen_cards(view: &View, this_round: &[&TrickRecord]) -> Result<Vec<Card>, SampleError> {
    let mut known: Vec<Card> = Vec::new();
    for hand in &view.hands {
        known.extend(hand.cards.iter().flatten());
    }
    known.extend(view.stock.iter().flatten());
    known.extend(
        view.exchanges
            .iter()
            .filter_map(|exchange| exchange.discarded),
    );
    known.extend(view.trims.iter().filter_map(|trim| trim.card));
    for trick in this_round {
        known.extend(trick.plays.iter().map(|play| play.card));
    }
    if let Some(trick) = &view.trick {
        known.extend(trick.plays.iter().filter_map(|play| play.card));
    }
    let mut pool = full_deck(view.options.jokers, view.options.cut_deck);
    for card in known {
        let at = pool
            .iter()
            .position(|unseen| *unseen == card)
            .ok_or_else(|| SampleError::new(format!("{card} is shown in two places")))?;
        pool.swap_remove(at);
    }
    Ok(pool)
}

fn pick(rng: &mut GameRng, cards: &[Card]) -> Option<Card> {
    if cards.is_empty() {
        return None;
    }
    let at = rng.below(u32::try_from(cards.len()).unwrap_or(u32::MAX));
    cards.get(at as usize).copied()
}
