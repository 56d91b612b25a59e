-- The bot's own lock on a game's thread while the rules forbid table talk, so that a restart
-- re-applies or lifts it (a lock a moderator set is not the bot's to lift).
CREATE TABLE thread_locks (
    game_id   INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    locked    INTEGER NOT NULL DEFAULT 0,   -- 1 while the bot holds the thread locked
    told_host INTEGER NOT NULL DEFAULT 0    -- 1 once the host heard the bot cannot (un)lock it
);
