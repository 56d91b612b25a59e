-- Spectators and the dead. `watching`: a game's private spectator thread, where every
-- secret is shown as it happens, once opened. `spectators`: who was let into it (a
-- spectator, or the person of an eliminated seat): having seen it, they never take a seat of
-- that game, and their posts in the game's own thread are removed until it ends.
CREATE TABLE watching (
    game_id   INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    thread_id INTEGER NOT NULL
);
CREATE TABLE spectators (
    game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    user_id INTEGER NOT NULL,
    at      REAL NOT NULL,
    PRIMARY KEY (game_id, user_id)
);
