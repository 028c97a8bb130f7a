-- PostgreSQL only: SQLite commits through its group writer, without round trips.
SELECT 1;
