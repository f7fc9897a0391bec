-- The campaign store: campaigns group games; a game is its scenario, options and seed plus an
-- append-only list of events. State is never stored: it is folded from the events.

CREATE TABLE campaigns (
    id          INTEGER PRIMARY KEY,
    name        TEXT    NOT NULL,
    notes       TEXT    NOT NULL DEFAULT '',
    created_at  TEXT    NOT NULL
);

CREATE TABLE games (
    id             INTEGER PRIMARY KEY,
    campaign_id    INTEGER REFERENCES campaigns(id) ON DELETE SET NULL,
    name           TEXT    NOT NULL,
    system         TEXT    NOT NULL,
    scenario_path  TEXT    NOT NULL,
    -- The scenario as it was when the game began, so later edits to the file cannot change a game.
    scenario_toml  TEXT    NOT NULL,
    options_json   TEXT    NOT NULL,
    -- 64-bit seeds do not fit SQLite's signed integers, so they are kept as decimal text.
    seed           TEXT    NOT NULL,
    created_at     TEXT    NOT NULL
);

CREATE INDEX games_by_campaign ON games(campaign_id);

CREATE TABLE events (
    game_id      INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    seq          INTEGER NOT NULL CHECK (seq >= 0),
    json         TEXT    NOT NULL,
    recorded_at  TEXT    NOT NULL,
    PRIMARY KEY (game_id, seq)
) WITHOUT ROWID;
