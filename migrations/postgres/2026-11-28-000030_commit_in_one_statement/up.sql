-- A commit sent as separate statements paid a round trip for each: BEGIN, the game's guarded
-- update, the seats' summaries, each move row, the events' last number and each event row, the
-- notices, COMMIT. This function does the same writes in one call, and a single statement is
-- atomic without BEGIN and COMMIT, so the commit is one round trip (persistence/src/
-- commit_postgres.rs). Its plans are kept by each connection after the first call.
--
-- The game row's update is guarded on both counters, as the statements' was: under READ
-- COMMITTED a commit that waited on the row lock finds the row moved and updates nothing, and
-- then writes nothing else. It returns whether the guard held. Commits that finish a game
-- (they rate it) or keep an idempotency key still go statement by statement.
CREATE FUNCTION commit_inputs(
    p_game TEXT,
    p_expected_revision BIGINT,
    p_expected_version BIGINT,
    p_revision BIGINT,
    p_version BIGINT,
    p_state TEXT,
    p_state_format INTEGER,
    p_status TEXT,
    p_deadline BIGINT,
    p_to_act TEXT,
    p_updated_at BIGINT,
    p_move_inputs TEXT[],
    p_move_applied_at BIGINT[],
    p_move_versions BIGINT[],
    p_event_move_seqs BIGINT[],
    p_events TEXT[],
    p_event_versions BIGINT[],
    p_write_seats BOOLEAN,
    p_summary_seats INTEGER[],
    p_acting INTEGER[],
    p_key_acting BIGINT,
    p_key_waiting BIGINT,
    p_notice_type TEXT,
    p_notice_seats INTEGER[],
    p_kind TEXT,
    p_notice_deadline BIGINT,
    p_now BIGINT
) RETURNS BOOLEAN LANGUAGE plpgsql AS $$
DECLARE
    updated INTEGER;
    last_event BIGINT;
BEGIN
    UPDATE games SET
        state = p_state,
        version = p_revision,
        public_version = p_version,
        status = p_status,
        deadline_at = p_deadline,
        finished_at = NULL,
        state_format = p_state_format,
        set_aside_at = NULL,
        set_aside_reason = NULL,
        to_act = p_to_act,
        -- Null leaves it: a secret submission must not move it.
        updated_at = COALESCE(p_updated_at, updated_at)
    WHERE id = p_game AND version = p_expected_revision AND public_version = p_expected_version;
    GET DIAGNOSTICS updated = ROW_COUNT;
    IF updated = 0 THEN
        RETURN FALSE;
    END IF;
    IF p_write_seats THEN
        UPDATE seats SET
            to_act = (seat = ANY (p_acting)),
            inbox_key = CASE WHEN seat = ANY (p_acting) THEN p_key_acting ELSE p_key_waiting END
        WHERE game_id = p_game AND (p_summary_seats IS NULL OR seat = ANY (p_summary_seats));
    END IF;
    INSERT INTO moves (game_id, seq, input, applied_at, public_version)
    SELECT p_game, p_expected_revision + m.n, m.input, m.applied_at, m.public_version
    FROM unnest(p_move_inputs, p_move_applied_at, p_move_versions)
        WITH ORDINALITY AS m (input, applied_at, public_version, n);
    IF cardinality(p_events) > 0 THEN
        -- The game row is locked by the update above, so no other commit numbers events now.
        SELECT COALESCE(max(seq), 0) INTO last_event FROM events WHERE game_id = p_game;
        INSERT INTO events (game_id, seq, move_seq, event, public_version)
        SELECT p_game, last_event + e.n, e.move_seq, e.event, e.public_version
        FROM unnest(p_event_move_seqs, p_events, p_event_versions)
            WITH ORDINALITY AS e (move_seq, event, public_version, n);
    END IF;
    IF p_notice_type IS NOT NULL THEN
        PERFORM tell_seats(p_game, p_notice_seats, p_notice_type, p_kind, p_version,
                           p_notice_deadline, p_now);
    END IF;
    RETURN TRUE;
END
$$;
