-- The public moment ("phase:round") in which an outbox row was written: the recap at the end
-- groups the game's log by round. NULL for rows outside a step (notes, reminders).
ALTER TABLE outbox ADD COLUMN moment TEXT;
