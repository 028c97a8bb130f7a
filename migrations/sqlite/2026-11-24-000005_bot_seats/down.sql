DROP TABLE bot_seats;
