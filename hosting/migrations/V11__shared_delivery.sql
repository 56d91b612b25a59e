-- What a sent question message in the thread says now: its words as sent, then each "X has
-- voted" edited onto it. Whichever process edits it next, or closes it, starts from this text
-- rather than from a copy of the message an earlier click carried.
ALTER TABLE posts ADD COLUMN shown TEXT;

-- Each person's DM channel, opened once for every process: Discord gives the same channel to
-- whoever asks, so the first process to open it keeps its id here for the others.
CREATE TABLE IF NOT EXISTS dm_channels (
    user_id    INTEGER PRIMARY KEY,
    channel_id INTEGER NOT NULL
);
