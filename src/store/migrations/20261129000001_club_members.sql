-- A club server's members (`sandtable serve --club`): who may sign in, the sessions their browsers hold,
-- and the seat each is given in a game. A table at home never fills these.

CREATE TABLE club_members (
    id                INTEGER PRIMARY KEY,
    name              TEXT    NOT NULL CHECK (length(trim(name)) BETWEEN 1 AND 60),
    -- The name as members are told apart: "Ann" and "ann", "Émile" and "émile" are one member. Folded by
    -- Sandtable rather than by lower(), which SQLite applies to ASCII letters alone and PostgreSQL to all.
    name_key          TEXT    NOT NULL UNIQUE,
    -- An argon2id hash in its PHC string (parameters and salt with it); never the password.
    password_hash     TEXT    NOT NULL,
    role              TEXT    NOT NULL CHECK (role IN ('admin', 'member')),
    -- Wrong passwords in a row, and until when (unix seconds) the member may not try again: kept here,
    -- not in one server's memory, so servers sharing the database lock a guesser out together.
    failed_sign_ins   INTEGER NOT NULL CHECK (failed_sign_ins >= 0),
    locked_until      INTEGER,
    created_at        TEXT    NOT NULL
);

CREATE TABLE club_sessions (
    -- SHA-256 of the cookie's token: a copy of the database signs nobody in.
    token_hash   TEXT    PRIMARY KEY NOT NULL,
    member_id    INTEGER NOT NULL REFERENCES club_members(id) ON DELETE CASCADE,
    created_at   TEXT    NOT NULL,
    expires_at   INTEGER NOT NULL
);

CREATE INDEX club_sessions_by_member ON club_sessions (member_id);

-- Who plays which side of a game, and who referees it; a member with no row for a game watches it as the
-- whole table does and may not act in it.
CREATE TABLE club_seats (
    game_id    INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    member_id  INTEGER NOT NULL REFERENCES club_members(id) ON DELETE CASCADE,
    seat       TEXT    NOT NULL,
    PRIMARY KEY (game_id, member_id)
);

CREATE INDEX club_seats_by_member ON club_seats (member_id);
