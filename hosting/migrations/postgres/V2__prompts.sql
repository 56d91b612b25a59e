-- Where each private question was sent, so a restart neither re-sends nor forgets it, and the
-- message can be closed once answered.
CREATE TABLE prompts (
    game_id    BIGINT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    pending_id TEXT NOT NULL,
    seat       INTEGER NOT NULL,
    channel_id BIGINT,                   -- the DM channel; NULL when it went to the fallback
    message_id BIGINT,
    PRIMARY KEY (game_id, pending_id, seat)
);
