COMMENT ON TABLE notice_counters IS NULL;
