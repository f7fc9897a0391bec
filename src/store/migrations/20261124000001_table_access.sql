-- Table mode: the join code devices on the LAN present. Kept here so a restarted server takes back the
-- tablets that had joined it; issuing a new code drops them all. At most one row.
CREATE TABLE table_access (
    id         INTEGER PRIMARY KEY CHECK (id = 1),
    join_code  TEXT    NOT NULL,
    issued_at  TEXT    NOT NULL
);
