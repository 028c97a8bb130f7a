//! A whole game rebuilt from one seat's view: the cards the seat cannot place (other hands and
//! the set-aside cards) are dealt at random from the 18 cards minus its hand and the discards,
//! and another party's secret commitment becomes a random legal one.
//!
//! The view keeps no log of trades, so a sample pins other hands only while they are exactly
//! known: from a comparison until the next interaction resolves.

use rand_chacha::rand_core::Rng;

use super::options::Options;
use super::state::{CardStep, Commit, Phase, TradeOrDuel};
use super::terms::{Card, CommitHow, Comparison, DECK_SIZE, PhaseName};
use super::view::View;
use crate::sample::{SampleError, SampleFromView, deal};
use crate::{GameRng, Seat};

impl SampleFromView for TradeOrDuel {
    fn sample_from_view(view: &View, seat: Seat, rng: &mut impl Rng) -> Result<Self, SampleError> {
        let players = view.seats.len();
        let own_hand = view.hand.as_ref();
        if view.viewer != Some(seat) || seat.index() >= players || own_hand.is_none() {
            return Err(SampleError::not_own_view(seat));
        }
        let mut dealer = GameRng::from_rng(rng);
        let mut game = TradeOrDuel {
            options: Options::from_view(&view.options),
            rng: GameRng::from_rng(rng),
            hands: vec![Vec::new(); players],
            set_aside: Vec::new(),
            discard: view.discard.clone(),
            elimination: view.seats.iter().map(|s| s.elimination_index).collect(),
            last_elimination: view
                .seats
                .iter()
                .filter_map(|s| s.elimination_index)
                .max()
                .unwrap_or(0),
            first_player: view.first_player,
            round: view.round,
            visit: 0,
            phase: Phase::Declaration,
            deadline: view.deadline,
            last_comparison: view.last_comparison.clone(),
            // Who traded with whom stays out of every view; it only guards the published log
            // and the seed after the end, which a sampled game never publishes.
            trade_parties: Vec::new(),
        };
        if let Some(active) = view.active {
            let offset = active.index() + players - view.first_player.index() % players;
            game.visit = u8::try_from(offset % players)
                .map_err(|_| SampleError::new("the active seat is out of range"))?;
        }
        deal_hands(&mut game, view, seat, &mut dealer)?;
        game.phase = phase(&game, view, seat, &mut dealer)?;
        Ok(game)
    }
}

/// Every hand and the set-aside cards: shown ones as shown, the rest dealt from the unseen cards.
fn deal_hands(
    game: &mut TradeOrDuel,
    view: &View,
    seat: Seat,
    rng: &mut GameRng,
) -> Result<(), SampleError> {
    let mut shown: Vec<Option<Vec<Card>>> = vec![None; view.seats.len()];
    shown[seat.index()] = view.hand.clone();
    let revealed = match &view.result {
        Some(result) => Some((&result.final_hands, Some(&result.set_aside))),
        None => pinned_comparison(game, view).map(|comparison| (&comparison.hands, None)),
    };
    let mut set_aside = None;
    if let Some((hands, aside)) = revealed {
        for hand in hands {
            if let Some(slot) = shown.get_mut(hand.seat.index()) {
                slot.get_or_insert_with(|| hand.cards.clone());
            }
        }
        set_aside = aside.cloned();
    }
    let mut known: Vec<Card> = view.discard.clone();
    known.extend(shown.iter().flatten().flatten());
    known.extend(set_aside.iter().flatten());
    let mut pool: Vec<Card> = (1..=DECK_SIZE).collect();
    for card in known {
        let at = pool
            .iter()
            .position(|unseen| *unseen == card)
            .ok_or_else(|| SampleError::new(format!("card {card} is shown in two places")))?;
        pool.swap_remove(at);
    }
    rng.shuffle(&mut pool);
    for ((hand, shown), public) in game.hands.iter_mut().zip(shown).zip(&view.seats) {
        let mut cards = match shown {
            Some(cards) => cards,
            None => deal(&mut pool, usize::from(public.hand_size))?,
        };
        if cards.len() != usize::from(public.hand_size) {
            return Err(SampleError::new("a shown hand does not match its size"));
        }
        cards.sort_unstable();
        *hand = cards;
    }
    let mut set_aside = match set_aside {
        Some(cards) => cards,
        None => deal(&mut pool, usize::from(view.set_aside_count))?,
    };
    if !pool.is_empty() {
        return Err(SampleError::new("the view leaves cards unaccounted for"));
    }
    set_aside.sort_unstable();
    game.set_aside = set_aside;
    Ok(())
}

/// The latest comparison, while no interaction has resolved since: the round after it is still
/// at its first survivor's turn and the same seats survive with hands of the same sizes (any
/// resolution would have moved the turn on or eliminated someone), so every survivor still
/// holds the hand it showed.
fn pinned_comparison<'a>(game: &TradeOrDuel, view: &'a View) -> Option<&'a Comparison> {
    let comparison = view.last_comparison.as_ref()?;
    let first_turn = game.next_visit_from(0) == Some(game.visit);
    let survivors: Vec<(Seat, u8)> = view
        .seats
        .iter()
        .filter(|seat| seat.elimination_index.is_none())
        .map(|seat| (seat.seat, seat.hand_size))
        .collect();
    let shown: Vec<(Seat, u8)> = comparison
        .hands
        .iter()
        .map(|hand| (hand.seat, u8::try_from(hand.cards.len()).unwrap_or(u8::MAX)))
        .collect();
    let unchanged = comparison.round + 1 == view.round && first_turn && survivors == shown;
    (unchanged && view.result.is_none()).then_some(comparison)
}

/// The phase as the view shows it; another party's hidden commitment is drawn at random.
fn phase(
    game: &TradeOrDuel,
    view: &View,
    seat: Seat,
    rng: &mut GameRng,
) -> Result<Phase, SampleError> {
    if let Some(result) = &view.result {
        return result
            .result()
            .map(Phase::Over)
            .ok_or_else(|| SampleError::new("a ranking line lacks its total"));
    }
    let Some(interaction) = &view.interaction else {
        return match view.phase {
            PhaseName::AwaitingDeclaration => Ok(Phase::Declaration),
            _ => Err(SampleError::new("the phase has no interaction")),
        };
    };
    let Some(count) = interaction.count else {
        return Ok(Phase::Answer {
            target: interaction.target,
            action: interaction.action,
        });
    };
    let mut commit = |party: Seat, committed: bool| -> Option<Commit> {
        if !committed {
            return None;
        }
        let hand = game.hand(party);
        if hand.len() == usize::from(count) {
            return Some(Commit {
                cards: hand.to_vec(),
                how: CommitHow::Forced,
            });
        }
        let cards = if party == seat {
            view.committed_cards.clone().unwrap_or_default()
        } else {
            let mut hand = hand.to_vec();
            rng.shuffle(&mut hand);
            hand.truncate(usize::from(count));
            hand.sort_unstable();
            hand
        };
        Some(Commit {
            cards,
            how: CommitHow::Chosen,
        })
    };
    let active_commit = commit(interaction.active, interaction.active_committed);
    let target_commit = commit(interaction.target, interaction.target_committed);
    let count_how = interaction
        .count_how
        .ok_or_else(|| SampleError::new("a count without how it was set"))?;
    Ok(Phase::Cards(CardStep {
        target: interaction.target,
        action: interaction.action,
        count,
        count_how,
        active_commit,
        target_commit,
    }))
}
