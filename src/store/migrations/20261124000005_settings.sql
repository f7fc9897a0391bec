-- The app's own settings that belong with the player's records, such as the folder their scenarios are
-- kept in: one value per name.
CREATE TABLE settings (
    name TEXT PRIMARY KEY NOT NULL,
    value TEXT NOT NULL
);
