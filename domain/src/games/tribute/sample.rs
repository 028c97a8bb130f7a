//! A whole game rebuilt from one seat's view. Tribute deals nothing: everything but the other
//! seats' pending submissions is public, so only those are drawn, as random legal moves.

use rand_chacha::rand_core::Rng;

use super::check;
use super::moves::Move;
use super::state::Tribute;
use super::terms::{Orders, Phase, PhaseName, SEATS, Selection, all_seats};
use super::view::{PendingView, View};
use crate::sample::{SampleError, SampleFromView};
use crate::{GameRng, MoveChoices, Seat};

impl SampleFromView for Tribute {
    fn sample_from_view(view: &View, seat: Seat, rng: &mut impl Rng) -> Result<Self, SampleError> {
        if view.viewer != Some(seat) || view.seats.len() != SEATS {
            return Err(SampleError::not_own_view(seat));
        }
        let seats = &view.seats;
        let mut game = Tribute {
            options: view.options.clone(),
            rng: GameRng::from_rng(rng),
            phase: phase(view)?,
            // A finished game shows no phase start; its last phase closed with the last turn.
            started_at: view
                .started_at
                .or_else(|| view.turns.last().map(|turn| turn.closed_at))
                .unwrap_or_default(),
            pending_selections: Default::default(),
            pending_orders: Default::default(),
            selections: seats.iter().filter_map(|s| s.selection.clone()).collect(),
            hands: std::array::from_fn(|i| seats[i].hand.clone().unwrap_or_default()),
            remaining: std::array::from_fn(|i| {
                seats[i]
                    .blind
                    .as_ref()
                    .map_or(view.options.card_total(), |blind| blind.remaining)
            }),
            doubles_left: std::array::from_fn(|i| seats[i].doubles_left.unwrap_or(0)),
            scores: std::array::from_fn(|i| seats[i].score),
            turns: view.turns.clone(),
            result: view.result.clone(),
        };
        match &view.pending {
            Some(PendingView::Selection { cards, doubles }) => {
                game.pending_selections[seat.index()] = Some(Selection {
                    cards: cards.clone(),
                    doubles: *doubles,
                });
            }
            Some(PendingView::Orders { plays, doubles, .. }) => {
                game.pending_orders[seat.index()] = Some(Orders {
                    lower: plays[0].value,
                    higher: plays[1].value,
                    doubles: *doubles,
                });
            }
            None => {}
        }
        for other in all_seats() {
            if other != seat && seats[other.index()].submitted {
                submit_random(&mut game, other, rng)?;
            }
        }
        Ok(game)
    }
}

/// The phase the view names, with its turn number during a turn.
fn phase(view: &View) -> Result<Phase, SampleError> {
    match (view.phase, view.turn) {
        (PhaseName::Selection, None) => Ok(Phase::Selection),
        (PhaseName::Turn, Some(turn)) => Ok(Phase::Turn(turn)),
        (PhaseName::Finished, None) => Ok(Phase::Finished),
        _ => Err(SampleError::new("the phase and the turn number disagree")),
    }
}

/// Gives `seat` a random legal pending submission: what it sent is secret, only that it did.
fn submit_random(game: &mut Tribute, seat: Seat, rng: &mut impl Rng) -> Result<(), SampleError> {
    let unusable = || SampleError::new(format!("{seat} has submitted but has no legal move"));
    let mv = game.legal(seat).random(rng).ok_or_else(unusable)?;
    let i = seat.index();
    match (game.phase, mv) {
        (Phase::Selection, Move::Select { cards, doubles }) => {
            let selection = check::select(game, &cards, doubles).map_err(|_| unusable())?;
            game.pending_selections[i] = Some(selection);
        }
        (Phase::Turn(turn), Move::Orders { plays, doubles, .. }) => {
            let orders = check::orders(game, seat, i64::from(turn), &plays, doubles)
                .map_err(|_| unusable())?;
            game.pending_orders[i] = Some(orders);
        }
        _ => return Err(unusable()),
    }
    Ok(())
}
