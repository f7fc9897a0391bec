-- Notes players attach to an entry of a game's log after the fact, read beside that entry in the log, the
-- replay and the campaign report. Kept out of the events: a note changes nothing in the game, so the log
-- stays the game's truth, and taking a note away leaves no entry behind.
CREATE TABLE annotations (
    id          INTEGER PRIMARY KEY,
    game_id     INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    -- The entry it is beside, by its index in the game's log.
    seq         INTEGER NOT NULL CHECK (seq >= 0),
    text        TEXT    NOT NULL,
    created_at  TEXT    NOT NULL
);

CREATE INDEX annotations_by_entry ON annotations (game_id, seq, id);
