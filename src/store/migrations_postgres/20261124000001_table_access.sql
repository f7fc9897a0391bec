-- The PostgreSQL twin of ../migrations/20261124000001_table_access.sql.
CREATE TABLE table_access (
    id         BIGINT  PRIMARY KEY CHECK (id = 1),
    join_code  TEXT    NOT NULL,
    issued_at  TEXT    NOT NULL
);
