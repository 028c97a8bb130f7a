//! Worked examples, properties and information hiding.
#![expect(clippy::unwrap_used)]

mod examples_actions;
mod examples_flow;
mod examples_plays;
mod examples_scoring;
mod hiding;
mod properties;
mod seed_secrecy;
mod shapes;

use std::collections::VecDeque;

use super::Intrigue;
use super::chance::Chance;
use super::check::check;
use super::events::Event;
use super::moves::Move;
use super::options::Options;
use super::state::{Relationship, StackEntry, Table};
use super::terms::{Card, Character, Face, Pos, Token};
use crate::{Actor, Game, GameRng, IllegalMove, Seat, Seed, Viewer};

/// A random source whose `choose` outcomes are scripted; `shuffle` keeps the order.
#[derive(Default)]
pub struct Scripted(pub VecDeque<usize>);

impl Chance for Scripted {
    fn choose(&mut self, n: usize) -> usize {
        let value = self.0.pop_front().expect("an unscripted choose");
        assert!(value < n, "scripted choose({n}) returned {value}");
        value
    }

    fn shuffle<T>(&mut self, _items: &mut [T]) {}
}

pub fn card(id: &str) -> Card {
    Card::from_id(id).unwrap_or_else(|| panic!("unknown card {id}"))
}

pub fn cards(ids: &[&str]) -> Vec<Card> {
    ids.iter().map(|id| card(id)).collect()
}

pub fn token(id: &str) -> Token {
    Token::from_id(id).unwrap()
}

pub fn mv(json: &str) -> Move {
    serde_json::from_str(json).unwrap_or_else(|err| panic!("{json}: {err}"))
}

pub fn seat(player: u8) -> Seat {
    Seat(player - 1)
}

pub fn rng() -> GameRng {
    Seed::new("intrigue-tests").unwrap().rng()
}

/// A game in the rules file's standard state S, driven with a scripted random source.
pub struct Harness {
    pub game: Intrigue,
    pub script: Scripted,
}

impl Harness {
    /// State S with default options.
    pub fn s() -> Self {
        Self::with_options(Options::default())
    }

    pub fn with_options(options: Options) -> Self {
        let characters = [
            Character::Princess,
            Character::Duke,
            Character::Bishop,
            Character::Prophet,
        ];
        let table = Table::new(options, characters, Vec::new(), Seat(0), 0);
        Self {
            game: Intrigue { table, rng: rng() },
            script: Scripted::default(),
        }
    }

    pub fn t(&mut self) -> &mut Table {
        &mut self.game.table
    }

    pub fn table(&self) -> &Table {
        &self.game.table
    }

    pub fn hand(&mut self, player: u8, ids: &[&str]) -> &mut Self {
        self.t().hands[usize::from(player - 1)] = cards(ids);
        self
    }

    pub fn deck(&mut self, ids: &[&str]) -> &mut Self {
        self.t().deck = cards(ids);
        self
    }

    pub fn acting(&mut self, player: u8) -> &mut Self {
        self.t().to_act = seat(player);
        self
    }

    /// Appends `card (owner, face)` entries to a position's stack.
    pub fn stack(&mut self, pos: Pos, entries: &[(&str, u8, Face)]) -> &mut Self {
        for (id, owner, face) in entries {
            self.t().stacks[pos.index()].push(StackEntry::new(card(id), seat(*owner), *face));
        }
        self
    }

    pub fn relate(&mut self, id: &str, first: Pos, second: Pos) -> &mut Self {
        let rel = Relationship {
            card: card(id),
            first,
            second,
        };
        self.t().relationships[rel.pair().index()] = Some(rel);
        self
    }

    pub fn hold(&mut self, player: u8, ids: &[&str]) -> &mut Self {
        for id in ids {
            self.t().token_holder[token(id).index()] = Some(seat(player));
        }
        self
    }

    /// Gives every empty hand one card that appears nowhere else.
    pub fn fill(&mut self) -> &mut Self {
        let used = placed(self.table());
        let mut spare = Card::ALL.into_iter().filter(|card| !used.contains(card));
        for hand in &mut self.t().hands {
            if hand.is_empty() {
                hand.push(spare.next().unwrap());
            }
        }
        self
    }

    /// Submits a move as player `player` (1-3), resolving with the scripted source.
    pub fn play(&mut self, player: u8, json: &str) -> Result<Vec<Event>, IllegalMove> {
        let (seat, command) = check(self.table(), Actor::Seat(seat(player)), &mv(json))?;
        let table = &mut self.game.table;
        Ok(table.resolve(seat, command, &mut self.script, 0))
    }

    pub fn code(&mut self, player: u8, json: &str) -> &'static str {
        let before = self.table().clone();
        let code = self
            .play(player, json)
            .expect_err("the move should be refused")
            .code;
        assert_eq!(self.table(), &before, "a refused move changed the state");
        code
    }

    pub fn view(&self, player: u8) -> super::View {
        self.game.view(Viewer::Seat(seat(player)))
    }

    pub fn spectator(&self) -> super::View {
        self.game.view(Viewer::Spectator)
    }

    pub fn choose(&mut self, outcomes: &[usize]) -> &mut Self {
        self.script.0.extend(outcomes.iter().copied());
        self
    }
}

/// Every card on the table outside the deck-building pool: a multiset as a list.
pub fn placed(table: &Table) -> Vec<Card> {
    let mut all: Vec<Card> = table.deck.clone();
    all.extend(table.discard.iter().copied());
    all.extend(table.hands.iter().flatten().copied());
    all.extend(table.stacks.iter().flatten().map(|entry| entry.card));
    all.extend(table.relationships.iter().flatten().map(|rel| rel.card));
    all.extend(table.resolving);
    all
}

pub fn stack_cards(table: &Table, pos: Pos) -> Vec<(Card, Seat, Face)> {
    table
        .stack(pos)
        .iter()
        .map(|entry| (entry.card, entry.owner, entry.face))
        .collect()
}

pub fn round_ended(events: &[Event]) -> bool {
    events
        .iter()
        .any(|event| matches!(event, Event::RoundScored(_)))
}
