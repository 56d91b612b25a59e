-- A quiet phase no longer locks the game's thread (a locked thread disables every button in
-- it): the thread is told when talk stops and starts again, and the bot removes posts made
-- meanwhile. `quiet` is 1 once the thread was told talk stops, until it is told talk is open;
-- `locked` now marks a lock an earlier version set, lifted the next time the thread is kept;
-- `told_host` is 1 once the host heard the bot cannot remove posts (a note about locking
-- said something else: it is said afresh).
ALTER TABLE thread_locks ADD COLUMN quiet INTEGER NOT NULL DEFAULT 0;
UPDATE thread_locks SET told_host = 0;
