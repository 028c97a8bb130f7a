//! The validation of a submitted move, in the rules file's check order.

use super::moves::{ActionParams, Command, Move, Parsed};
use super::state::Table;
use super::terms::{Card, CardType, Direction, Pair, Pos, Token};
use crate::{Actor, IllegalMove, Seat};

fn refuse(code: &'static str, detail: impl Into<String>) -> IllegalMove {
    IllegalMove::new(code, detail)
}

/// Runs every check in order; the first failure is the error.
pub fn check(table: &Table, actor: Actor, mv: &Move) -> Result<(Seat, Command), IllegalMove> {
    if table.is_over() {
        return Err(refuse("game_over", "the game has ended"));
    }
    let seat = actor
        .seat()
        .filter(|seat| seat.index() < 3)
        .ok_or_else(|| refuse("not_a_player", "only the seated players may move"))?;
    if seat != table.to_act {
        return Err(refuse(
            "not_your_turn",
            format!("it is seat {}'s turn", table.to_act.0),
        ));
    }
    let parsed = parse(mv)?;
    let is_discard = matches!(parsed, Parsed::Discard(_));
    if table.resolving.is_some() && !is_discard {
        return Err(refuse(
            "decision_pending",
            "the Oracle discard must be made first",
        ));
    }
    if table.resolving.is_none() && is_discard {
        return Err(refuse("no_decision_pending", "no discard is pending"));
    }
    let command = match parsed {
        Parsed::TakeToken(token) => check_take_token(table, token)?,
        Parsed::FaceDown(card, pos) => {
            in_hand(table, seat, card)?;
            Command::FaceDown(card, pos)
        }
        Parsed::FaceUp(card, pos, discard) => check_face_up(table, seat, card, pos, discard)?,
        Parsed::Action(card, params) => check_action(table, seat, card, params)?,
        Parsed::Relationship(card, first, second) => {
            check_relationship(table, seat, card, first, second)?
        }
        Parsed::Favor(color) => {
            if !table.unplayed_favors[seat.index()].contains(&color) {
                return Err(refuse(
                    "favor_already_played",
                    format!("your {} favor is already in the pile", color.id()),
                ));
            }
            Command::Favor(color)
        }
        Parsed::Discard(card) => {
            in_hand(table, seat, card)?;
            Command::Discard(card)
        }
    };
    Ok((seat, command))
}

fn malformed(what: &str, value: &str) -> IllegalMove {
    refuse("malformed_move", format!("`{value}` is not a {what}"))
}

fn card(value: &str) -> Result<Card, IllegalMove> {
    Card::from_id(value).ok_or_else(|| malformed("card id", value))
}

fn pos(value: &str) -> Result<Pos, IllegalMove> {
    Pos::from_id(value).ok_or_else(|| malformed("position (A, B or C)", value))
}

fn token(value: &str) -> Result<Token, IllegalMove> {
    Token::from_id(value).ok_or_else(|| malformed("token id", value))
}

fn optional<T>(
    value: Option<&String>,
    parse: impl Fn(&str) -> Result<T, IllegalMove>,
) -> Result<Option<T>, IllegalMove> {
    value.map(|value| parse(value)).transpose()
}

/// Step 4: every value in its domain.
fn parse(mv: &Move) -> Result<Parsed, IllegalMove> {
    Ok(match mv {
        Move::TakeToken { token: value } => Parsed::TakeToken(token(value)?),
        Move::PlayFaceDown { card: c, character } => Parsed::FaceDown(card(c)?, pos(character)?),
        Move::PlayFaceUp {
            card: c,
            character,
            discard,
        } => Parsed::FaceUp(card(c)?, pos(character)?, optional(discard.as_ref(), card)?),
        Move::PlayAction {
            card: c,
            character,
            give,
            take,
            pair,
            direction,
        } => Parsed::Action(
            card(c)?,
            ActionParams {
                character: optional(character.as_ref(), pos)?,
                give: optional(give.as_ref(), token)?,
                take: optional(take.as_ref(), token)?,
                pair: optional(pair.as_ref(), |value| {
                    Pair::from_id(value).ok_or_else(|| malformed("pair (ab, bc or ca)", value))
                })?,
                direction: optional(direction.as_ref(), |value| {
                    Direction::from_id(value).ok_or_else(|| {
                        malformed("direction (clockwise or counterclockwise)", value)
                    })
                })?,
            },
        ),
        Move::PlayRelationship {
            card: c,
            first,
            second,
        } => Parsed::Relationship(card(c)?, pos(first)?, pos(second)?),
        Move::PlayFavor { color } => Parsed::Favor(pos(color)?),
        Move::Discard { card: c } => Parsed::Discard(card(c)?),
    })
}

fn card_type(card: Card, wanted: CardType, play: &str) -> Result<(), IllegalMove> {
    if card.card_type() == wanted {
        Ok(())
    } else {
        Err(refuse(
            "wrong_card_type",
            format!("`{}` cannot be played {play}", card.id()),
        ))
    }
}

fn in_hand(table: &Table, seat: Seat, card: Card) -> Result<(), IllegalMove> {
    if table.holds(seat, card) {
        Ok(())
    } else {
        Err(refuse(
            "card_not_in_hand",
            format!("`{}` is not in your hand", card.id()),
        ))
    }
}

fn bad_parameters(detail: impl Into<String>) -> IllegalMove {
    refuse("bad_parameters", detail)
}

fn check_take_token(table: &Table, token: Token) -> Result<Command, IllegalMove> {
    if table.holder(token).is_some() {
        return Err(refuse(
            "token_not_available",
            format!("`{}` is held by a player", token.id()),
        ));
    }
    Ok(Command::TakeToken(token))
}

fn check_face_up(
    table: &Table,
    seat: Seat,
    card: Card,
    pos: Pos,
    discard: Option<Card>,
) -> Result<Command, IllegalMove> {
    card_type(card, CardType::Support, "face up")?;
    in_hand(table, seat, card)?;
    let others_held = table.hand(seat).len() > 1;
    match (card.is_defiance() && others_held, discard) {
        (true, None) => {
            return Err(bad_parameters(
                "Defiance names a card of your hand to discard",
            ));
        }
        (false, Some(_)) if card.is_defiance() => {
            return Err(bad_parameters(
                "Defiance discards nothing when it is your last card",
            ));
        }
        (false, Some(_)) => {
            return Err(bad_parameters(format!(
                "`{}` takes no `discard`",
                card.id()
            )));
        }
        _ => {}
    }
    if let Some(discarded) = discard
        && (discarded == card || !table.holds(seat, discarded))
    {
        return Err(refuse(
            "discard_not_in_hand",
            format!("`{}` is not another card of your hand", discarded.id()),
        ));
    }
    Ok(Command::FaceUp(card, pos, discard))
}

/// The parameters each action needs, as (character, give+take, pair, direction).
fn needs(card: Card) -> (bool, bool, bool, bool) {
    match card {
        Card::Assassination | Card::Virtue | Card::Spy => (true, false, false, false),
        Card::Manipulate => (false, true, false, false),
        Card::Misinformation => (false, false, true, true),
        Card::Lies => (false, false, true, false),
        _ => (false, false, false, false),
    }
}

fn check_action(
    table: &Table,
    seat: Seat,
    card: Card,
    params: ActionParams,
) -> Result<Command, IllegalMove> {
    card_type(card, CardType::Action, "as an action")?;
    in_hand(table, seat, card)?;
    let (character, tokens, pair, direction) = needs(card);
    let given = (
        params.character.is_some(),
        params.give.is_some(),
        params.take.is_some(),
        params.pair.is_some(),
        params.direction.is_some(),
    );
    if given != (character, tokens, tokens, pair, direction) {
        return Err(bad_parameters(format!(
            "`{}` needs {}",
            card.id(),
            match card {
                Card::Assassination | Card::Virtue | Card::Spy => "exactly `character`",
                Card::Manipulate => "exactly `give` and `take`",
                Card::Misinformation => "exactly `pair` and `direction`",
                Card::Lies => "exactly `pair`",
                _ => "no parameters",
            }
        )));
    }
    let target = params.character.unwrap_or(Pos::A);
    let pair = params.pair.unwrap_or(Pair::Ab);
    match card {
        Card::Oracle => Ok(Command::Oracle),
        Card::Assassination => {
            if table.unused.is_empty() {
                return Err(refuse("no_unused_character", "no unused character is left"));
            }
            Ok(Command::Assassination(target))
        }
        Card::Virtue | Card::Spy => {
            if !table.has_face_down(target) {
                return Err(refuse(
                    "no_face_down_cards",
                    format!("{}'s stack has no face-down card", target.id()),
                ));
            }
            Ok(if card == Card::Virtue {
                Command::Virtue(target)
            } else {
                Command::Spy(target)
            })
        }
        Card::Manipulate => {
            let give = params.give.unwrap_or(Token::APlus3);
            let take = params.take.unwrap_or(Token::APlus3);
            if table.holder(give) != Some(seat) {
                return Err(refuse(
                    "token_not_held",
                    format!("you do not hold `{}`", give.id()),
                ));
            }
            match table.holder(take) {
                Some(opponent) if opponent != seat => Ok(Command::Manipulate {
                    give,
                    take,
                    opponent,
                }),
                _ => Err(refuse(
                    "token_not_held_by_opponent",
                    format!("`{}` is not held by an opponent", take.id()),
                )),
            }
        }
        Card::Misinformation | Card::Lies => {
            let Some(rel) = table.relationship(pair) else {
                return Err(refuse(
                    "no_relationship_on_pair",
                    format!("no relationship is on {}", pair.id()),
                ));
            };
            if card == Card::Lies {
                return Ok(Command::Lies(rel));
            }
            let dir = params.direction.unwrap_or(Direction::Clockwise);
            let destination = Pair::of(dir.step(rel.first), dir.step(rel.second));
            match destination {
                Some(to) if table.relationship(to).is_none() => {
                    Ok(Command::Misinformation(rel, dir))
                }
                _ => Err(refuse(
                    "destination_occupied",
                    "the destination pair already holds a relationship",
                )),
            }
        }
        _ => Err(refuse("wrong_card_type", "not an action card")),
    }
}

fn check_relationship(
    table: &Table,
    seat: Seat,
    card: Card,
    first: Pos,
    second: Pos,
) -> Result<Command, IllegalMove> {
    card_type(card, CardType::Relationship, "as a relationship")?;
    in_hand(table, seat, card)?;
    let Some(pair) = Pair::of(first, second) else {
        return Err(bad_parameters("`first` and `second` must differ"));
    };
    if let Some(existing) = table.relationship(pair)
        && card.sign() * existing.card.sign() != -1
    {
        return Err(refuse(
            "replacement_not_allowed",
            format!(
                "`{}` cannot replace `{}`: one must be positive and the other negative",
                card.id(),
                existing.card.id()
            ),
        ));
    }
    Ok(Command::Relationship(card, first, second))
}
