DROP INDEX games_status_listing;
DROP INDEX games_listing;
