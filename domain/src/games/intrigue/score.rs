//! Round-end scoring, the reset between rounds and the end of game.

use serde::{Deserialize, Serialize};

use super::chance::Chance;
use super::state::{Phase, SEATS, Table};
use super::terms::{Card, Character, Face, Pos, Token};
use crate::Seat;

/// The Debt transfer of a round end.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = IntrigueDebtTransfer))]
pub struct DebtTransfer {
    /// The card moved.
    pub card: Card,
    /// The seat that placed it.
    #[cfg_attr(feature = "openapi", schema(value_type = u8))]
    pub owner: Seat,
    /// The debtor's position.
    pub from: Pos,
    /// The card's place in the debtor's stack before the move, from 0 at the bottom.
    pub from_index: usize,
    /// The lender's position; the card went on top of its stack.
    pub to: Pos,
}

/// A revealed stack card and its value for the position's character.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = IntrigueScoredEntry))]
pub struct ScoredEntry {
    /// The card.
    pub card: Card,
    /// The seat that placed it.
    #[cfg_attr(feature = "openapi", schema(value_type = u8))]
    pub owner: Seat,
    /// Its support value.
    pub value: i32,
}

/// A round's scoring; all of it is public.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = IntrigueRoundScore))]
pub struct RoundScore {
    /// The round scored.
    pub round: u32,
    /// The Debt transfer, if Debt was in play and the debtor's stack was not empty.
    pub debt: Option<DebtTransfer>,
    /// The stacks of A, B and C after the transfer, bottom first, fully revealed.
    #[cfg_attr(feature = "openapi", schema(value_type = Vec<Vec<ScoredEntry>>))]
    pub stacks: [Vec<ScoredEntry>; 3],
    /// The characters at A, B and C.
    #[cfg_attr(feature = "openapi", schema(value_type = Vec<Character>))]
    pub characters: [Character; 3],
    /// The relationship modifiers of A, B and C.
    #[cfg_attr(feature = "openapi", schema(value_type = Vec<i32>))]
    pub modifiers: [i32; 3],
    /// The totals of A, B and C.
    #[cfg_attr(feature = "openapi", schema(value_type = Vec<i32>))]
    pub totals: [i32; 3],
    /// The highest total, ties to the higher priority.
    pub provisional_winner: Pos,
    /// Whether Blackmail turned the victim's win into the blackmailer's.
    pub blackmail_applied: bool,
    /// The winning position, which gains a point token.
    pub winner: Pos,
    /// Each seat's point change from its support tokens.
    #[cfg_attr(feature = "openapi", schema(value_type = Vec<i64>))]
    pub changes: [i64; 3],
    /// Each seat's points afterwards.
    #[cfg_attr(feature = "openapi", schema(value_type = Vec<i64>))]
    pub points: [i64; 3],
}

/// What one favor card gave at the end of the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = IntrigueFavorScore))]
pub struct FavorScore {
    /// The owner.
    #[cfg_attr(feature = "openapi", schema(value_type = u8))]
    pub player: Seat,
    /// The color.
    pub color: Pos,
    /// +3 for the first card of the monarch's color, +1 for later ones, −1 for other colors.
    pub change: i64,
}

// Ranks are competition ranks: 1 + the number of players with more points.
/// The end of the game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = IntrigueResult))]
pub struct FinalResult {
    /// The monarch's position: most point tokens, ties to the higher priority.
    pub monarch: Pos,
    /// The monarch.
    pub monarch_character: Character,
    /// The favor pile in play order with what each card gave.
    pub favors: Vec<FavorScore>,
    /// Final points by seat.
    #[cfg_attr(feature = "openapi", schema(value_type = Vec<i64>))]
    pub points: [i64; 3],
    /// Competition ranks by seat (1 is best; ties share a rank).
    #[cfg_attr(feature = "openapi", schema(value_type = Vec<u8>))]
    pub ranks: [u8; 3],
    /// The seats ranked 1.
    #[cfg_attr(feature = "openapi", schema(value_type = Vec<u8>))]
    pub winners: Vec<Seat>,
}

impl Table {
    /// The relationship modifier of each position.
    pub fn modifiers(&self) -> [i32; 3] {
        let mut modifiers = [0; 3];
        for rel in self.relationships.iter().flatten() {
            let (first, second) = match rel.card {
                Card::Friendship => (1, 1),
                Card::Feud => (-1, -1),
                Card::Advantage => (1, -1),
                _ => (0, 0),
            };
            modifiers[rel.first.index()] += first;
            modifiers[rel.second.index()] += second;
        }
        modifiers
    }

    fn ends_of(&self, card: Card) -> Option<(Pos, Pos)> {
        self.relationships
            .iter()
            .flatten()
            .find(|rel| rel.card == card)
            .map(|rel| (rel.first, rel.second))
    }

    /// Steps 1-7 of round-end scoring.
    pub fn score_round(&mut self, chance: &mut impl Chance) -> RoundScore {
        let debt = self.ends_of(Card::Debt).and_then(|(debtor, lender)| {
            let stack = &mut self.stacks[debtor.index()];
            if stack.is_empty() {
                return None;
            }
            let index = chance.choose(stack.len());
            let entry = stack.remove(index);
            let transfer = DebtTransfer {
                card: entry.card,
                owner: entry.owner,
                from: debtor,
                from_index: index,
                to: lender,
            };
            self.stacks[lender.index()].push(entry);
            Some(transfer)
        });
        for entry in self.stacks.iter_mut().flatten() {
            entry.face = Face::Up;
        }
        let characters = self.character_at;
        let stacks: [Vec<ScoredEntry>; 3] = std::array::from_fn(|x| {
            self.stacks[x]
                .iter()
                .map(|entry| ScoredEntry {
                    card: entry.card,
                    owner: entry.owner,
                    value: entry.card.value(characters[x]),
                })
                .collect()
        });
        let modifiers = self.modifiers();
        let totals: [i32; 3] = std::array::from_fn(|x| {
            stacks[x].iter().map(|entry| entry.value).sum::<i32>() + modifiers[x]
        });
        let provisional_winner = best(totals.map(i64::from), characters);
        let mut winner = provisional_winner;
        let mut blackmail_applied = false;
        if let Some((blackmailer, victim)) = self.ends_of(Card::Blackmail)
            && victim == winner
        {
            winner = blackmailer;
            blackmail_applied = true;
        }
        self.point_tokens[winner.index()] += 1;
        let mut changes = [0i64; 3];
        for token in Token::ALL {
            if let Some(holder) = self.holder(token) {
                changes[holder.index()] += if token.color() == winner {
                    token.value()
                } else {
                    -1
                };
            }
        }
        for (points, change) in self.points.iter_mut().zip(changes) {
            *points += change;
        }
        let score = RoundScore {
            round: self.round,
            debt,
            stacks,
            characters,
            modifiers,
            totals,
            provisional_winner,
            blackmail_applied,
            winner,
            changes,
            points: self.points,
        };
        self.last_round = Some(score.clone());
        score
    }

    /// Step 8: whether the game ends after this round's scoring.
    pub fn game_ends(&self) -> bool {
        self.round >= self.options.rounds() || self.points.iter().any(|points| *points <= 0)
    }

    /// The end-of-game procedure: monarch, favors and ranking.
    pub fn end_game(&mut self) -> FinalResult {
        let characters = self.character_at;
        let tokens = self.point_tokens;
        let monarch = best(tokens.map(i64::from), characters);
        let mut first_seen = false;
        let favors: Vec<FavorScore> = self
            .favor_pile
            .iter()
            .map(|favor| {
                let change = if favor.color != monarch {
                    -1
                } else if first_seen {
                    1
                } else {
                    first_seen = true;
                    3
                };
                FavorScore {
                    player: favor.player,
                    color: favor.color,
                    change,
                }
            })
            .collect();
        for favor in &favors {
            self.points[favor.player.index()] += favor.change;
        }
        let points = self.points;
        let ranks: [u8; 3] = std::array::from_fn(|p| {
            let above = points.iter().filter(|other| **other > points[p]).count();
            u8::try_from(1 + above).unwrap_or(3)
        });
        let winners = SEATS
            .into_iter()
            .filter(|seat| ranks[seat.index()] == 1)
            .collect();
        let result = FinalResult {
            monarch,
            monarch_character: characters[monarch.index()],
            favors,
            points,
            ranks,
            winners,
        };
        self.phase = Phase::GameOver;
        self.result = Some(result.clone());
        result
    }

    /// The reset between rounds: tokens back, stacks and discard into the deck, shuffled.
    pub fn reset(&mut self, chance: &mut impl Chance) {
        self.token_holder = [None; 6];
        for stack in &mut self.stacks {
            self.deck.extend(stack.drain(..).map(|entry| entry.card));
        }
        self.deck.append(&mut self.discard);
        chance.shuffle(&mut self.deck);
        self.round += 1;
    }
}

/// The position with the highest value; ties go to the character of higher priority.
fn best(values: [i64; 3], characters: [Character; 3]) -> Pos {
    Pos::ALL
        .into_iter()
        .max_by_key(|pos| (values[pos.index()], characters[pos.index()].priority()))
        .unwrap_or(Pos::A)
}
