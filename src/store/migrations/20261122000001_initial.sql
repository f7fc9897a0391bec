-- Campaigns group games; a game is its scenario, options and seed plus an append-only list of events.
-- Game state is never stored here: the engine folds it from the events.

CREATE TABLE campaigns (
    id          INTEGER PRIMARY KEY,
    name        TEXT    NOT NULL,
    notes       TEXT    NOT NULL DEFAULT '',
    created_at  TEXT    NOT NULL
);

CREATE TABLE games (
    id             INTEGER PRIMARY KEY,
    -- Deleting a campaign must not delete the games played in it; they become loose games.
    campaign_id    INTEGER REFERENCES campaigns(id) ON DELETE SET NULL,
    name           TEXT    NOT NULL,
    system         TEXT    NOT NULL,
    scenario_path  TEXT    NOT NULL,
    -- The scenario as it was when the game began, so a later edit of the file cannot change a replay.
    scenario_toml  TEXT    NOT NULL,
    options_json   TEXT    NOT NULL,
    -- Seeds are full u64s, which SQLite's signed INTEGER cannot hold; decimal text round-trips exactly
    -- and stays readable in the sqlite3 shell.
    seed           TEXT    NOT NULL CHECK (length(seed) BETWEEN 1 AND 20 AND seed NOT GLOB '*[^0-9]*'),
    created_at     TEXT    NOT NULL
);

CREATE INDEX games_by_campaign ON games (campaign_id, id);

CREATE TABLE events (
    id           INTEGER PRIMARY KEY,
    game_id      INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    seq          INTEGER NOT NULL CHECK (seq >= 0),
    json         TEXT    NOT NULL,
    recorded_at  TEXT    NOT NULL,
    -- Two tablets acting on one game race for the same seq; this makes the loser fail instead of forking
    -- the log. Its index also serves "events of a game in order" and "next seq of a game".
    UNIQUE (game_id, seq)
);
