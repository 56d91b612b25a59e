-- A table's clock beyond its deadlines, as one JSON object written with the step that changes
-- it: who turned reminders down, the time each moment's requests asked and the host gave, a
-- vote on more time under way (hosting/more_time.py).
ALTER TABLE games ADD COLUMN clock TEXT;
