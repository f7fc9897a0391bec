-- Games and campaigns put away rather than deleted: off the lists, kept whole (a game's log is its record),
-- and brought back with one tap. NULL while in play.
ALTER TABLE games ADD COLUMN archived_at TEXT;
ALTER TABLE campaigns ADD COLUMN archived_at TEXT;
