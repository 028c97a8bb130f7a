-- SQLite numbers notices from the notices themselves (it has one writer). PostgreSQL keeps the
-- counter rows: several transactions, of several processes, may notify one account at once,
-- and the row each bumps stays locked to its commit, which keeps the numbers in commit order.
COMMENT ON TABLE notice_counters IS
    'The last notice number of each account. A notice bumps it in its own transaction, so an account''s numbers follow commit order.';
