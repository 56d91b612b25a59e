-- A person's seat the bot plays for them: `autopilot` says why ('missed': they missed deadlines
-- in a row; 'away': they set away time; 'left': they left a running game), NULL while the
-- person plays it; `missed` counts the deadlines they let pass in a row since they last acted;
-- `public_missed` counts only public questions' deadlines, and only a public answer (or coming
-- back from what the table saw) clears it: what the table sees of the bot depends on it alone.
ALTER TABLE seats ADD COLUMN autopilot TEXT;
ALTER TABLE seats ADD COLUMN missed INTEGER NOT NULL DEFAULT 0;
ALTER TABLE seats ADD COLUMN public_missed INTEGER NOT NULL DEFAULT 0;
-- A person's away time in a server (`/away`): until `until` every table they sit at there
-- plays their seat for them, or waits for them if its host chose so.
CREATE TABLE away (
    guild_id INTEGER NOT NULL,
    user_id  INTEGER NOT NULL,
    until    REAL NOT NULL,
    PRIMARY KEY (guild_id, user_id)
);
