DROP TABLE matchmaking_tickets;
