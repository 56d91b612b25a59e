-- Which shape of its engine's state a game was stored in, so the host can bring a game saved
-- by older code up to date (Engine.upgrade) when it loads it. Games stored before: 1.
ALTER TABLE games ADD COLUMN state_version INTEGER NOT NULL DEFAULT 1;
