//! What a credential may do. Every authenticated route needs exactly one scope and checks it
//! first (`caller.require(Scope::GamesPlay)?`); the contract declares it on the operation's
//! `bearer` requirement. Login sessions hold every scope; a personal access token holds the
//! ones it was given, never `account:manage`.

use openapi::tokens::TokenScope;

use crate::error::ApiError;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Scope {
    /// Read games: listings, views, events, legal moves, the move log, game kinds, streams
    /// and stream tickets.
    GamesRead,
    /// Change games: create, join, leave, cancel, add bots, move.
    GamesPlay,
    /// Read the account itself (its personal tokens, its profile).
    AccountRead,
    /// Change the account or its credentials (make or revoke tokens, change the password,
    /// delete the account): login sessions only.
    AccountManage,
}

impl Scope {
    pub const ALL: [Scope; 4] = [
        Scope::GamesRead,
        Scope::GamesPlay,
        Scope::AccountRead,
        Scope::AccountManage,
    ];

    /// The name in the contract, in tokens' `scopes` and in `insufficient_scope` problems.
    pub const fn name(self) -> &'static str {
        match self {
            Scope::GamesRead => "games:read",
            Scope::GamesPlay => "games:play",
            Scope::AccountRead => "account:read",
            Scope::AccountManage => "account:manage",
        }
    }

    pub fn from_name(name: &str) -> Option<Scope> {
        Scope::ALL.into_iter().find(|scope| scope.name() == name)
    }

    const fn bit(self) -> u8 {
        1 << self as u8
    }

    /// The scope a personal access token was given, as its wire type names it.
    pub fn of_token(scope: TokenScope) -> Scope {
        match scope {
            TokenScope::GamesRead => Scope::GamesRead,
            TokenScope::GamesPlay => Scope::GamesPlay,
            TokenScope::AccountRead => Scope::AccountRead,
        }
    }

    /// The wire name of a scope a personal token can hold; `None` for `account:manage`.
    pub fn as_token_scope(self) -> Option<TokenScope> {
        match self {
            Scope::GamesRead => Some(TokenScope::GamesRead),
            Scope::GamesPlay => Some(TokenScope::GamesPlay),
            Scope::AccountRead => Some(TokenScope::AccountRead),
            Scope::AccountManage => None,
        }
    }
}

/// A set of scopes.
#[derive(Clone, Copy, Default, PartialEq, Eq)]
pub struct Scopes(u8);

impl Scopes {
    /// What a login session holds.
    pub fn all() -> Self {
        Scope::ALL.into_iter().collect()
    }

    pub fn none() -> Self {
        Self(0)
    }

    pub fn contains(self, scope: Scope) -> bool {
        self.0 & scope.bit() != 0
    }

    pub fn iter(self) -> impl Iterator<Item = Scope> {
        Scope::ALL
            .into_iter()
            .filter(move |scope| self.contains(*scope))
    }

    /// Space-separated names, as stored.
    pub fn to_stored(self) -> String {
        self.iter().map(Scope::name).collect::<Vec<_>>().join(" ")
    }

    /// Read back from [`Scopes::to_stored`]. A name this server does not know grants nothing.
    pub fn from_stored(stored: &str) -> Self {
        stored
            .split_whitespace()
            .filter_map(Scope::from_name)
            .collect()
    }

    /// `Ok` if `scope` is held; else the 403 `insufficient_scope` naming it.
    pub fn require(self, scope: Scope) -> Result<(), ApiError> {
        if self.contains(scope) {
            Ok(())
        } else {
            Err(ApiError::InsufficientScope(scope))
        }
    }
}

impl FromIterator<Scope> for Scopes {
    fn from_iter<I: IntoIterator<Item = Scope>>(scopes: I) -> Self {
        Self(scopes.into_iter().fold(0, |bits, scope| bits | scope.bit()))
    }
}

impl std::fmt::Debug for Scopes {
    fn fmt(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        formatter
            .debug_set()
            .entries(self.iter().map(Scope::name))
            .finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scopes_survive_storage_and_unknown_names_grant_nothing() {
        let some: Scopes = [Scope::GamesRead, Scope::AccountRead].into_iter().collect();
        assert_eq!(some.to_stored(), "games:read account:read");
        assert_eq!(Scopes::from_stored(&some.to_stored()), some);
        assert_eq!(Scopes::from_stored(""), Scopes::none());
        assert_eq!(
            Scopes::from_stored("games:read admin:everything"),
            [Scope::GamesRead].into_iter().collect()
        );
        assert_eq!(Scopes::all().iter().count(), Scope::ALL.len());
    }

    #[test]
    fn require_names_the_missing_scope() {
        let read: Scopes = [Scope::GamesRead].into_iter().collect();
        assert!(read.require(Scope::GamesRead).is_ok());
        let refused = read.require(Scope::GamesPlay);
        assert!(matches!(
            refused,
            Err(ApiError::InsufficientScope(Scope::GamesPlay))
        ));
        assert!(Scopes::none().require(Scope::GamesRead).is_err());
        assert!(Scopes::all().require(Scope::AccountManage).is_ok());
    }

    #[test]
    fn no_token_scope_is_account_manage() {
        for scope in Scope::ALL {
            match scope.as_token_scope() {
                Some(wire) => assert_eq!(Scope::of_token(wire), scope),
                None => assert_eq!(scope, Scope::AccountManage),
            }
        }
    }
}
