-- Who left which seat of a running game, and when: the seat's row forgets the person (they
-- no longer answer for it), but what they saw stays with them (Mysterium's Ghost stays silent
-- in the thread after leaving).
CREATE TABLE departures (
    game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat    INTEGER NOT NULL,
    user_id INTEGER NOT NULL,
    at      REAL NOT NULL,
    PRIMARY KEY (game_id, seat, user_id)
);
