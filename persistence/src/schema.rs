// Portable SQL types only: the multi-backend connection supports neither Uuid, Json nor
// Timestamptz, so ids and JSON are Text and times are BigInt Unix seconds.

diesel::table! {
    accounts (id) {
        id -> Text,
        username -> Text,
        password_hash -> Text,
        created_at -> BigInt,
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
