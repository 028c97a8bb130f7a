//! Carrying out a checked move, the end of turn and the round flow.

use super::chance::Chance;
use super::events::{Draw, Event, Flip};
use super::moves::Command;
use super::state::{Favor, Relationship, StackEntry, Table, next_seat};
use super::terms::{Card, Direction, Face, Pos, Token};
use crate::{Seat, Timestamp};

impl Table {
    /// Resolves a command that passed every check; it cannot fail.
    pub fn resolve(
        &mut self,
        seat: Seat,
        command: Command,
        chance: &mut impl Chance,
        now: Timestamp,
    ) -> Vec<Event> {
        let mut events = Vec::new();
        let complete = match command {
            Command::TakeToken(token) => {
                self.token_holder[token.index()] = Some(seat);
                events.push(Event::TokenTaken { seat, token });
                true
            }
            Command::FaceDown(card, position) => {
                self.take_from_hand(seat, card);
                let index = self.place(position, StackEntry::new(card, seat, Face::Down));
                events.push(Event::PlayedFaceDown {
                    seat,
                    card,
                    position,
                    index,
                });
                true
            }
            Command::FaceUp(card, position, discard) => {
                events.push(self.face_up(seat, card, position, discard));
                true
            }
            Command::Oracle => {
                self.take_from_hand(seat, Card::Oracle);
                let drew = self.draw(seat, 2);
                let discard_pending = !self.hand(seat).is_empty();
                if discard_pending {
                    self.resolving = Some(Card::Oracle);
                    self.decision_since = now;
                } else {
                    self.discard.push(Card::Oracle);
                }
                events.push(Event::OraclePlayed {
                    seat,
                    drew,
                    discard_pending,
                });
                !discard_pending
            }
            Command::Discard(card) => {
                self.take_from_hand(seat, card);
                self.discard.push(card);
                if let Some(oracle) = self.resolving.take() {
                    self.discard.push(oracle);
                }
                events.push(Event::OracleDiscarded { seat, card });
                true
            }
            Command::Assassination(position) => {
                events.push(self.assassinate(seat, position, chance));
                true
            }
            Command::Virtue(position) => {
                events.push(self.virtue(seat, position));
                true
            }
            Command::Spy(position) => {
                events.push(self.spy(seat, position, chance));
                true
            }
            Command::Manipulate {
                give,
                take,
                opponent,
            } => {
                events.push(self.manipulate(seat, give, take, opponent));
                true
            }
            Command::Misinformation(rel, direction) => {
                events.push(self.misinformation(seat, rel, direction));
                true
            }
            Command::Lies(rel) => {
                events.push(self.lies(seat, rel));
                true
            }
            Command::Relationship(card, first, second) => {
                events.push(self.play_relationship(seat, card, first, second));
                true
            }
            Command::Favor(color) => {
                self.favor_pile.push(Favor {
                    player: seat,
                    color,
                });
                self.unplayed_favors[seat.index()].retain(|unplayed| *unplayed != color);
                events.push(Event::FavorPlayed { seat, color });
                true
            }
        };
        if complete {
            self.complete_turn(chance, now, &mut events);
        }
        events
    }

    fn place(&mut self, position: Pos, entry: StackEntry) -> usize {
        let stack = &mut self.stacks[position.index()];
        stack.push(entry);
        stack.len() - 1
    }

    fn face_up(&mut self, seat: Seat, card: Card, position: Pos, discard: Option<Card>) -> Event {
        self.take_from_hand(seat, card);
        let index = self.place(position, StackEntry::new(card, seat, Face::Up));
        let mut drew = Vec::new();
        if card.is_defiance() {
            if let Some(discarded) = discard {
                self.take_from_hand(seat, discarded);
                self.discard.push(discarded);
            }
        } else {
            drew = self.draw(seat, 1);
        }
        Event::PlayedFaceUp {
            seat,
            card,
            position,
            index,
            drew,
            discarded: discard,
        }
    }

    fn assassinate(&mut self, seat: Seat, position: Pos, chance: &mut impl Chance) -> Event {
        self.take_from_hand(seat, Card::Assassination);
        let successor = self.unused.remove(chance.choose(self.unused.len()));
        let x = position.index();
        let victim = self.character_at[x];
        self.dead.push(victim);
        let discarded: Vec<Card> = self.stacks[x].drain(..).map(|entry| entry.card).collect();
        self.discard.extend(discarded.iter().copied());
        self.point_tokens[x] = 0;
        self.character_at[x] = successor;
        self.discard.push(Card::Assassination);
        Event::AssassinationPlayed {
            seat,
            position,
            victim,
            successor,
            discarded,
        }
    }

    fn virtue(&mut self, seat: Seat, position: Pos) -> Event {
        self.take_from_hand(seat, Card::Virtue);
        let character = self.character_at[position.index()];
        let stack = &mut self.stacks[position.index()];
        let mut turned_up = Vec::new();
        let mut discarded = None;
        for index in (0..stack.len()).rev() {
            let entry = &mut stack[index];
            if entry.face == Face::Up {
                continue;
            }
            entry.face = Face::Up;
            turned_up.push(Flip {
                index,
                card: entry.card,
            });
            if entry.card.value(character) < 0 {
                let removed = stack.remove(index);
                discarded = Some(removed.card);
                self.discard.push(removed.card);
                break;
            }
        }
        self.discard.push(Card::Virtue);
        Event::VirtuePlayed {
            seat,
            position,
            turned_up,
            discarded,
        }
    }

    fn spy(&mut self, seat: Seat, position: Pos, chance: &mut impl Chance) -> Event {
        self.take_from_hand(seat, Card::Spy);
        let stack = &mut self.stacks[position.index()];
        let face_down: Vec<usize> = (0..stack.len())
            .filter(|index| stack[*index].face == Face::Down)
            .collect();
        let index = face_down[chance.choose(face_down.len())];
        let entry = &mut stack[index];
        if !entry.seen_by.contains(&seat) {
            entry.seen_by.push(seat);
        }
        let card = entry.card;
        self.discard.push(Card::Spy);
        Event::SpyPlayed {
            seat,
            position,
            index,
            card,
        }
    }

    fn manipulate(&mut self, seat: Seat, give: Token, take: Token, opponent: Seat) -> Event {
        self.take_from_hand(seat, Card::Manipulate);
        self.token_holder[give.index()] = Some(opponent);
        self.token_holder[take.index()] = Some(seat);
        self.discard.push(Card::Manipulate);
        Event::ManipulatePlayed {
            seat,
            gave: give,
            took: take,
            opponent,
        }
    }

    fn misinformation(&mut self, seat: Seat, rel: Relationship, direction: Direction) -> Event {
        self.take_from_hand(seat, Card::Misinformation);
        let from = rel.pair();
        let moved = Relationship {
            card: rel.card,
            first: direction.step(rel.first),
            second: direction.step(rel.second),
        };
        let to = moved.pair();
        self.relationships[from.index()] = None;
        self.relationships[to.index()] = Some(moved);
        self.discard.push(Card::Misinformation);
        Event::MisinformationPlayed {
            seat,
            relationship: rel.card,
            from,
            to,
            direction,
            first: moved.first,
            second: moved.second,
        }
    }

    fn lies(&mut self, seat: Seat, rel: Relationship) -> Event {
        self.take_from_hand(seat, Card::Lies);
        let pair = rel.pair();
        let reversed = Relationship {
            card: rel.card,
            first: rel.second,
            second: rel.first,
        };
        self.relationships[pair.index()] = Some(reversed);
        self.discard.push(Card::Lies);
        Event::LiesPlayed {
            seat,
            relationship: rel.card,
            pair,
            first: reversed.first,
            second: reversed.second,
        }
    }

    fn play_relationship(&mut self, seat: Seat, card: Card, first: Pos, second: Pos) -> Event {
        self.take_from_hand(seat, card);
        let rel = Relationship {
            card,
            first,
            second,
        };
        let pair = rel.pair();
        let replaced = self.relationships[pair.index()]
            .replace(rel)
            .map(|old| old.card);
        self.discard.extend(replaced);
        Event::RelationshipPlayed {
            seat,
            card,
            pair,
            first,
            second,
            replaced,
        }
    }

    /// The end-of-turn check: an empty hand ends the round, otherwise play passes clockwise.
    pub fn complete_turn(
        &mut self,
        chance: &mut impl Chance,
        now: Timestamp,
        events: &mut Vec<Event>,
    ) {
        if self.hands.iter().any(Vec::is_empty) {
            self.finish_round(chance, now, events);
        } else {
            self.to_act = next_seat(self.to_act);
            self.decision_since = now;
        }
    }

    /// Round-end scoring, then either the end of game or the reset and the next round.
    pub fn finish_round(
        &mut self,
        chance: &mut impl Chance,
        now: Timestamp,
        events: &mut Vec<Event>,
    ) {
        events.push(Event::RoundScored(self.score_round(chance)));
        if self.game_ends() {
            events.push(Event::GameEnded(self.end_game()));
        } else {
            self.reset(chance);
            events.push(self.start_round(now));
        }
    }

    /// Round start: everyone draws up to the hand size, from the round's starting player.
    pub fn start_round(&mut self, now: Timestamp) -> Event {
        let starting_player = self.round_starter();
        let mut draws = Vec::new();
        let mut seat = starting_player;
        for _ in 0..3 {
            let missing = self
                .options
                .hand_size()
                .saturating_sub(self.hand(seat).len());
            let cards = self.draw(seat, missing);
            draws.push(Draw { seat, cards });
            seat = next_seat(seat);
        }
        self.to_act = starting_player;
        self.decision_since = now;
        Event::RoundStarted {
            round: self.round,
            starting_player,
            draws,
        }
    }
}
