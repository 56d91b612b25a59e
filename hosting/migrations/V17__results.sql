-- The results index: one row per game that ended (finished, cancelled once started, or
-- abandoned: ended with no person still playing), and one per person or AI who held each of
-- its seats, for /history and /stats without reading any game's state.
CREATE TABLE results (
    game_id     INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    game        TEXT NOT NULL,
    mode        TEXT NOT NULL,
    guild_id    INTEGER,
    thread_id   INTEGER,
    status      TEXT NOT NULL,           -- finished | cancelled | abandoned
    reason      TEXT,                    -- the outcome's `outcomes.<reason>` (finished only)
    rounds      INTEGER NOT NULL,
    finished_at REAL NOT NULL
);
CREATE INDEX results_by_guild ON results (guild_id, finished_at);
CREATE INDEX results_by_game ON results (guild_id, game, status);

-- `part`: how this person or AI held the seat: 'played' (from the start to the end), 'ai'
-- (an AI seat), 'autopilot' (the bot played it for its person at the end), 'left' (left the
-- running game), 'substitute' (took the seat over after someone left). Only 'played' counts
-- as a win or a loss; `won` is NULL unless the game finished. `role` and `side` name the
-- seat's part ("section:key" of the game's locale), NULL when the game never revealed them.
CREATE TABLE result_seats (
    game_id   INTEGER NOT NULL REFERENCES results (game_id) ON DELETE CASCADE,
    guild_id  INTEGER,                   -- the result's, so a server's lists need no join
    game      TEXT NOT NULL,             -- the result's
    seat      INTEGER NOT NULL,
    user_id   INTEGER,
    name      TEXT NOT NULL,
    ai_policy TEXT,
    part      TEXT NOT NULL,
    role      TEXT,
    side      TEXT,
    won       INTEGER
);
CREATE INDEX result_seats_by_game ON result_seats (game_id, seat);
CREATE INDEX result_seats_by_user ON result_seats (guild_id, user_id, part, won, game_id);
CREATE INDEX result_seats_by_side ON result_seats (guild_id, game, side, won);

-- People who asked to be left out of a server's lists (/stats hide).
CREATE TABLE stats_hidden (
    guild_id INTEGER NOT NULL,
    user_id  INTEGER NOT NULL,
    PRIMARY KEY (guild_id, user_id)
);
