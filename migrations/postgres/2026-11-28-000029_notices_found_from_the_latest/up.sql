-- A notice wrote its row and two index entries: its key's and this one's, which served only
-- the account stream's look-up of a message's notice number. That look-up now walks the
-- account's key backwards from its latest notice and stops at the first that matches: the
-- notice a live message tells is among the latest, so it reads a few entries.
DROP INDEX notices_by_game;

-- The statement that tells a commit's seats (persistence/src/notices.rs) was parsed and
-- planned at every commit: as a raw statement it is never kept prepared, and planning it was
-- half of its cost. In a function, its plan is kept by each connection after the first use.
-- It reads the seats told (all of them when `p_seats` is null), bumps their accounts'
-- counters in account order (two commits that tell the same accounts lock their counters in
-- the same order) and stores the notices; an account holds at most one seat of a game, so no
-- counter is bumped twice. Returns how many notices it stored.
CREATE FUNCTION tell_seats(
    p_game TEXT,
    p_seats INTEGER[],
    p_type TEXT,
    p_kind TEXT,
    p_version BIGINT,
    p_deadline BIGINT,
    p_now BIGINT
) RETURNS INTEGER LANGUAGE plpgsql AS $$
DECLARE
    stored INTEGER;
BEGIN
    WITH told AS (
        SELECT seats.seat, seats.account_id FROM seats
        WHERE seats.game_id = p_game AND (p_seats IS NULL OR seats.seat = ANY(p_seats))
    ), counter AS (
        INSERT INTO notice_counters (account_id, last_notice)
        SELECT told.account_id, 1 FROM told ORDER BY told.account_id
        ON CONFLICT (account_id) DO UPDATE SET last_notice = notice_counters.last_notice + 1
        RETURNING notice_counters.account_id, notice_counters.last_notice
    )
    INSERT INTO notices (account_id, notice, type, game_id, kind, version, seat, deadline_at,
                         created_at)
    SELECT told.account_id, counter.last_notice, p_type, p_game, p_kind, p_version, told.seat,
           p_deadline, p_now
    FROM told JOIN counter ON counter.account_id = told.account_id;
    GET DIAGNOSTICS stored = ROW_COUNT;
    RETURN stored;
END
$$;
