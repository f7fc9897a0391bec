-- The campaign's record beside its games' logs: who plays it, each battle as the players record it, and the
-- roster of named units that carry from battle to battle. Losses are read from each game's log; these tables
-- keep only what a log cannot say.

-- The campaign's players, in the order the players gave them.
CREATE TABLE campaign_players (
    campaign_id  INTEGER NOT NULL REFERENCES campaigns(id) ON DELETE CASCADE,
    position     INTEGER NOT NULL CHECK (position >= 0),
    name         TEXT    NOT NULL,
    PRIMARY KEY (campaign_id, position)
);

-- A game as a battle of the campaign: what the players record of it. No row: nothing recorded yet, and the
-- battle is dated the day its game was made.
CREATE TABLE battle_records (
    game_id    INTEGER PRIMARY KEY REFERENCES games(id) ON DELETE CASCADE,
    -- YYYY-MM-DD; NULL for the day the game was made.
    played_on  TEXT CHECK (played_on IS NULL OR played_on GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'),
    result     TEXT    NOT NULL DEFAULT '',
    -- A side id of the game's scenario.
    winner     TEXT,
    notes      TEXT    NOT NULL DEFAULT ''
);

-- A named unit of the campaign, raised in one of its games with that game's figures.
CREATE TABLE roster_units (
    id           INTEGER PRIMARY KEY,
    campaign_id  INTEGER NOT NULL REFERENCES campaigns(id) ON DELETE CASCADE,
    name         TEXT    NOT NULL,
    -- The side it fights for: the id and the name it had where it was raised.
    side_id      TEXT    NOT NULL,
    side         TEXT    NOT NULL,
    kind         TEXT    NOT NULL,
    system       TEXT    NOT NULL,
    raised       INTEGER NOT NULL CHECK (raised > 0),
    created_at   TEXT    NOT NULL
);

-- Two units of one name in a campaign would be told apart by nobody.
CREATE UNIQUE INDEX roster_units_by_name ON roster_units (campaign_id, name COLLATE NOCASE);

-- A roster unit in one battle: which of the game's units it fought as and its figures. The columns after
-- `started` stay NULL until the battle is closed.
CREATE TABLE roster_battles (
    roster_unit_id  INTEGER NOT NULL REFERENCES roster_units(id) ON DELETE CASCADE,
    game_id         INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    scenario_unit   TEXT    NOT NULL,
    started         INTEGER NOT NULL CHECK (started > 0),
    lost            INTEGER CHECK (lost >= 0),
    ended           INTEGER CHECK (ended >= 0),
    next_start      INTEGER CHECK (next_start >= 0),
    -- survivors, full, half, or set (the player's own number).
    rule            TEXT,
    note            TEXT    NOT NULL DEFAULT '',
    PRIMARY KEY (roster_unit_id, game_id),
    UNIQUE (game_id, scenario_unit)
);
