-- The PostgreSQL twin of ../migrations/20261124000005_settings.sql.
CREATE TABLE settings (
    name TEXT PRIMARY KEY NOT NULL,
    value TEXT NOT NULL
);
