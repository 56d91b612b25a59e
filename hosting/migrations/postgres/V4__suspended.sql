-- A game whose rules engine failed is paused with the reason kept here, until its host
-- resumes (the failed step is tried again) or cancels it.
ALTER TABLE games ADD COLUMN suspended TEXT;
