//! The caller's inbox: its games in play, most urgent first, read from the summary columns each
//! commit keeps (see persistence/src/inbox.rs); no game's state is decoded.

use openapi::inbox::{Inbox, InboxGame, InboxQuery};
use persistence::{InboxCursor, InboxEntry};
use uuid::Uuid;

use super::GameService;
use super::games::unprocessable;
use super::render::wire_status;
use crate::error::ApiError;

impl GameService {
    /// One page of `account`'s inbox.
    pub fn inbox(&self, account: Uuid, query: &InboxQuery) -> Result<Inbox, ApiError> {
        let limit = query.limit.unwrap_or(20);
        if !(1..=100).contains(&limit) {
            return Err(unprocessable("invalid_page", "limit is 1 to 100"));
        }
        let after = query
            .cursor
            .as_deref()
            .map(|cursor| {
                parse_cursor(cursor).ok_or_else(|| {
                    unprocessable(
                        "invalid_page",
                        "the cursor is not one the inbox gave as `next_cursor`",
                    )
                })
            })
            .transpose()?;
        let page = self.db.inbox(account, after, limit)?;
        Ok(Inbox {
            games: page.entries.into_iter().map(render_entry).collect(),
            your_turn_count: page.your_turn_count,
            limit,
            next_cursor: page
                .next
                .map(|at| format!("{}.{}", at.key, at.game.simple())),
        })
    }
}

fn render_entry(entry: InboxEntry) -> InboxGame {
    InboxGame {
        id: entry.id,
        kind: entry.kind.id().to_owned(),
        status: wire_status(entry.status),
        version: entry.version,
        players: entry.players,
        your_seat: entry.seat.0,
        to_act: entry.to_act.iter().map(|seat| seat.0).collect(),
        your_turn: entry.your_turn,
        deadline_at: entry.deadline_at,
        updated_at: entry.updated_at,
    }
}

fn parse_cursor(cursor: &str) -> Option<InboxCursor> {
    let (key, game) = cursor.split_once('.')?;
    Some(InboxCursor {
        key: key.parse().ok().filter(|key: &i64| *key >= 0)?,
        game: Uuid::try_parse(game).ok()?,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cursor_reads_back() {
        let game = Uuid::new_v4();
        let text = format!("{}.{}", 1_700_000_000, game.simple());
        assert_eq!(
            parse_cursor(&text),
            Some(InboxCursor {
                key: 1_700_000_000,
                game
            })
        );
        assert_eq!(parse_cursor("-1.00000000000000000000000000000000"), None);
        assert_eq!(parse_cursor("12"), None);
        assert_eq!(parse_cursor("x.y"), None);
    }
}
