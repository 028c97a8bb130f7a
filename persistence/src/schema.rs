// Portable SQL types only: the multi-backend connection supports neither Uuid, Json nor
// Timestamptz, so ids and JSON are Text and times are BigInt Unix seconds.

diesel::table! {
    accounts (id) {
        id -> Text,
        username -> Text,
        password_hash -> Text,
        created_at -> BigInt,
        /// The username's canonical form (see `api/src/service/usernames.rs`); NULL until the
        /// server fills it, and for a stand-in of a deleted account or a clashing old account.
        canonical_username -> Nullable<Text>,
        /// The confusables skeleton of the canonical form; NULL as above.
        username_skeleton -> Nullable<Text>,
        /// A stand-in for a deleted account in one finished game's history.
        deleted -> Bool,
    }
}

diesel::table! {
    games (id) {
        id -> Text,
        kind -> Text,
        players -> Integer,
        options -> Text,
        seed -> Text,
        setup -> Nullable<Text>,
        fixed_setup -> Bool,
        status -> Text,
        /// The revision: advanced by every committed input; writes compare-and-swap on it.
        version -> BigInt,
        state -> Nullable<Text>,
        created_by -> Text,
        created_at -> BigInt,
        started_at -> Nullable<BigInt>,
        finished_at -> Nullable<BigInt>,
        deadline_at -> Nullable<BigInt>,
        /// When the public state last changed (a secret submission does not count).
        updated_at -> BigInt,
        /// The version clients see: a secret submission leaves it as it is.
        public_version -> BigInt,
        state_format -> Integer,
        set_aside_at -> Nullable<BigInt>,
        set_aside_reason -> Nullable<Text>,
        /// The nonce of the seed commitment; none for games stored before nonces.
        seed_nonce -> Nullable<Text>,
        /// The seats to act now, a JSON array (see persistence/src/inbox.rs).
        to_act -> Text,
        /// `public` or `unlisted` (never listed).
        visibility -> Text,
        invite_code -> Nullable<Text>,
        /// The next game, once a rematch made one.
        rematch_id -> Nullable<Text>,
        /// Whether the game counts for the ratings when it finishes.
        rated -> Bool,
    }
}

diesel::table! {
    idempotency_keys (account_id, idempotency_key) {
        account_id -> Text,
        idempotency_key -> Text,
        fingerprint -> Text,
        status -> Integer,
        response -> Text,
        created_at -> BigInt,
    }
}

diesel::table! {
    seats (game_id, seat) {
        game_id -> Text,
        seat -> Integer,
        account_id -> Text,
        joined_at -> BigInt,
        to_act -> Bool,
        /// The seat's place in its account's inbox; null once the game is over.
        inbox_key -> Nullable<BigInt>,
    }
}

diesel::table! {
    moves (game_id, seq) {
        game_id -> Text,
        seq -> BigInt,
        input -> Text,
        applied_at -> BigInt,
        public_version -> BigInt,
    }
}

diesel::table! {
    events (game_id, seq) {
        game_id -> Text,
        seq -> BigInt,
        move_seq -> BigInt,
        event -> Text,
        public_version -> BigInt,
    }
}

diesel::joinable!(events -> games (game_id));
diesel::joinable!(games -> accounts (created_by));
diesel::joinable!(idempotency_keys -> accounts (account_id));
diesel::joinable!(moves -> games (game_id));
diesel::joinable!(seats -> accounts (account_id));
diesel::joinable!(seats -> games (game_id));

diesel::allow_tables_to_appear_in_same_query!(
    accounts,
    bot_seats,
    due_claims,
    events,
    games,
    idempotency_keys,
    invitations,
    moves,
    seats,
    stream_tickets
);

diesel::table! {
    stream_tickets (hash) {
        hash -> Text,
        account_id -> Text,
        scope -> Text,
        expires_at -> BigInt,
        /// The session that asked for the ticket: ending it voids the ticket.
        session_id -> Nullable<Text>,
        personal_token_id -> Nullable<Text>,
    }
}

diesel::joinable!(stream_tickets -> accounts (account_id));

diesel::table! {
    bot_seats (game_id, seat) {
        game_id -> Text,
        seat -> Integer,
        level -> Text,
        lease_holder -> Nullable<Text>,
        lease_until -> Nullable<BigInt>,
    }
}

diesel::table! {
    due_claims (game_id) {
        game_id -> Text,
        claimed_until -> BigInt,
    }
}

diesel::joinable!(due_claims -> games (game_id));

diesel::joinable!(bot_seats -> games (game_id));

diesel::table! {
    matchmaking_tickets (id) {
        id -> Text,
        account_id -> Text,
        kind -> Text,
        min_players -> Integer,
        max_players -> Integer,
        options -> Text,
        bots_after_secs -> BigInt,
        status -> Text,
        created_at -> BigInt,
        closed_at -> Nullable<BigInt>,
        game_id -> Nullable<Text>,
    }
}

diesel::table! {
    /// Each account's rating per game kind; an absent row is the initial rating.
    ratings (account_id, kind) {
        account_id -> Text,
        kind -> Text,
        mu -> Double,
        sigma -> Double,
        games -> Integer,
        updated_at -> BigInt,
    }
}

diesel::table! {
    /// Every rated game, in the order its ratings were applied (`seq`).
    rated_games (game_id) {
        game_id -> Text,
        kind -> Text,
        seq -> BigInt,
        finished_at -> BigInt,
    }
}

diesel::table! {
    /// What each rated game did to each of its players' ratings.
    rating_changes (game_id, account_id) {
        game_id -> Text,
        account_id -> Text,
        place -> Integer,
        mu_before -> Double,
        sigma_before -> Double,
        games_before -> Integer,
        mu_after -> Double,
        sigma_after -> Double,
    }
}

diesel::joinable!(ratings -> accounts (account_id));
diesel::joinable!(rated_games -> games (game_id));

diesel::allow_tables_to_appear_in_same_query!(ratings, accounts);
diesel::allow_tables_to_appear_in_same_query!(rated_games, games);

diesel::table! {
    notice_counters (account_id) {
        account_id -> Text,
        last_notice -> BigInt,
    }
}

diesel::table! {
    notices (account_id, notice) {
        account_id -> Text,
        notice -> BigInt,
        #[sql_name = "type"]
        kind_of_notice -> Text,
        game_id -> Text,
        kind -> Text,
        version -> BigInt,
        seat -> Integer,
        deadline_at -> Nullable<BigInt>,
        created_at -> BigInt,
    }
}

diesel::table! {
    webhook_endpoints (id) {
        id -> Text,
        account_id -> Text,
        url -> Text,
        events -> Text,
        secret -> Text,
        created_at -> BigInt,
        disabled_at -> Nullable<BigInt>,
        disabled_reason -> Nullable<Text>,
        failures -> Integer,
        notices_through -> BigInt,
    }
}

diesel::table! {
    webhook_deliveries (id) {
        id -> Text,
        endpoint_id -> Text,
        message_id -> Text,
        #[sql_name = "type"]
        event_type -> Text,
        payload -> Text,
        status -> Text,
        attempts -> Integer,
        next_attempt_at -> Nullable<BigInt>,
        last_status -> Nullable<Integer>,
        last_error -> Nullable<Text>,
        created_at -> BigInt,
        delivered_at -> Nullable<BigInt>,
        lease_holder -> Nullable<Text>,
        lease_until -> Nullable<BigInt>,
    }
}

diesel::joinable!(webhook_deliveries -> webhook_endpoints (endpoint_id));
diesel::allow_tables_to_appear_in_same_query!(webhook_deliveries, webhook_endpoints);

diesel::table! {
    sessions (id) {
        id -> Text,
        account_id -> Text,
        created_at -> BigInt,
        last_used_at -> BigInt,
        user_agent -> Nullable<Text>,
        expires_at -> BigInt,
        revoked_at -> Nullable<BigInt>,
    }
}

diesel::table! {
    refresh_tokens (hash) {
        hash -> Text,
        session_id -> Text,
        issued_at -> BigInt,
        spent_at -> Nullable<BigInt>,
    }
}

diesel::joinable!(sessions -> accounts (account_id));
diesel::joinable!(refresh_tokens -> sessions (session_id));
diesel::allow_tables_to_appear_in_same_query!(sessions, refresh_tokens);

diesel::table! {
    personal_tokens (id) {
        id -> Text,
        account_id -> Text,
        name -> Text,
        token_hash -> Text,
        scopes -> Text,
        created_at -> BigInt,
        expires_at -> BigInt,
        last_used_at -> Nullable<BigInt>,
    }
}

diesel::table! {
    invitations (game_id, seat) {
        game_id -> Text,
        seat -> Integer,
        account_id -> Text,
        invited_by -> Text,
        created_at -> BigInt,
        expires_at -> BigInt,
    }
}

diesel::joinable!(invitations -> games (game_id));
