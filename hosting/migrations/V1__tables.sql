-- Games, their seats, the decision log, the outbox of events and the durable deadlines.
CREATE TABLE games (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    game        TEXT NOT NULL,
    guild_id    INTEGER,
    channel_id  INTEGER,
    thread_id   INTEGER,
    host_user   INTEGER,
    status      TEXT NOT NULL,           -- lobby | running | paused | finished | cancelled
    mode        TEXT NOT NULL,
    options     TEXT NOT NULL,           -- JSON
    pace        TEXT NOT NULL,           -- JSON: deadline class -> seconds
    lang        TEXT NOT NULL DEFAULT 'en',
    seed        INTEGER NOT NULL,
    state       TEXT,                    -- JSON, NULL in the lobby
    version     INTEGER NOT NULL DEFAULT 0,
    result      TEXT,                    -- JSON outcome once finished
    lobby_message_id  INTEGER,
    status_message_id INTEGER,
    paused_at   REAL,
    created_at  REAL NOT NULL,
    updated_at  REAL NOT NULL
);
CREATE INDEX games_by_guild ON games (guild_id, status);
CREATE INDEX games_by_thread ON games (thread_id);

CREATE TABLE seats (
    game_id   INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat      INTEGER NOT NULL,
    user_id   INTEGER,                   -- NULL for an AI seat
    name      TEXT NOT NULL,
    ai_policy TEXT,                      -- NULL for a person
    dm_closed INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (game_id, seat)
);

CREATE TABLE decisions (
    game_id    INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seq        INTEGER NOT NULL,         -- the game version this decision produced
    seat       INTEGER,
    pending_id TEXT NOT NULL,
    choice     TEXT NOT NULL,
    source     TEXT NOT NULL,            -- player | ai | timeout
    at         REAL NOT NULL,
    PRIMARY KEY (game_id, seq)
);

CREATE TABLE outbox (
    id        INTEGER PRIMARY KEY AUTOINCREMENT,
    game_id   INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seq       INTEGER NOT NULL,
    audience  TEXT NOT NULL,             -- public | gm | seat:N
    kind      TEXT NOT NULL,
    data      TEXT NOT NULL,             -- JSON
    delivered INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX outbox_undelivered ON outbox (delivered, game_id, id);

CREATE TABLE deadlines (
    game_id    INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    pending_id TEXT NOT NULL,
    seat       INTEGER,
    due_at     REAL NOT NULL,
    remind_at  REAL,                     -- NULL once reminded, or when no reminder is due
    PRIMARY KEY (game_id, pending_id)
);
CREATE INDEX deadlines_due ON deadlines (due_at);

CREATE TABLE guild_settings (
    guild_id INTEGER PRIMARY KEY,
    lang     TEXT NOT NULL DEFAULT 'en'
);
