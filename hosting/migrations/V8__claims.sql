-- Which process is delivering an outbox row or firing a deadline, and until when: several
-- processes on one database never both take it, and a process that died gives it back once
-- its lease runs out.
ALTER TABLE outbox ADD COLUMN claimed_by TEXT;
ALTER TABLE outbox ADD COLUMN claimed_until REAL;
ALTER TABLE deadlines ADD COLUMN claimed_by TEXT;
ALTER TABLE deadlines ADD COLUMN claimed_until REAL;
