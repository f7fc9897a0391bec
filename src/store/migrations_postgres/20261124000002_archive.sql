-- The PostgreSQL twin of ../migrations/20261124000002_archive.sql.
ALTER TABLE games ADD COLUMN archived_at TEXT;
ALTER TABLE campaigns ADD COLUMN archived_at TEXT;
