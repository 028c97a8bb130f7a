DROP TABLE events;
DROP TABLE moves;
DROP TABLE seats;
DROP TABLE games;
DROP TABLE accounts;
