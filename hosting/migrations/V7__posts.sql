-- Every message the bot posts for a game, recorded before it is posted: a retry or a restart
-- finds it and neither sends it twice nor forgets it.
CREATE TABLE posts (
    game_id    INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    key        TEXT NOT NULL,            -- what it carries, e.g. "public:17", "probe:day:2:3"
    seq        INTEGER NOT NULL,         -- the order it was planned in
    rows       TEXT NOT NULL,            -- JSON list of the outbox rows it carries
    text       TEXT,                     -- its text, as planned
    channel_id INTEGER,
    message_id INTEGER,                  -- NULL until Discord accepted it
    attempts   INTEGER NOT NULL DEFAULT 0,
    state      TEXT NOT NULL,            -- planned | sent | unreachable | set_aside
    PRIMARY KEY (game_id, key)
);
-- A question whose message already shows its outcome (answered or timed out).
ALTER TABLE prompts ADD COLUMN closed INTEGER NOT NULL DEFAULT 0;
