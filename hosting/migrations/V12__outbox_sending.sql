-- Which claims on the news are a delivery under way (1) rather than the claim its committing
-- process makes (0). Whoever holds a game's delivery lock takes the news claimed at a commit,
-- but waits for another's delivery claim to run out: that process may have lost its lock
-- while it was still sending.
ALTER TABLE outbox ADD COLUMN sending INTEGER NOT NULL DEFAULT 0;
