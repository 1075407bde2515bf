-- Portable SQL: the same schema on SQLite and PostgreSQL. Identifiers are random text
-- made by the server; times are milliseconds since 1970; flags are 0 or 1.
CREATE TABLE users (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL UNIQUE,
    password_hash TEXT,
    guest BIGINT NOT NULL,
    created BIGINT NOT NULL
);

-- A session cookie's token is kept only as its SHA-256.
CREATE TABLE sessions (
    token_hash TEXT PRIMARY KEY,
    user_id TEXT NOT NULL REFERENCES users (id),
    expires BIGINT NOT NULL
);

-- A game is its setup (an `epic` save file's setup, JSON) and its decisions.
CREATE TABLE games (
    id TEXT PRIMARY KEY,
    setup TEXT NOT NULL,
    creator TEXT NOT NULL REFERENCES users (id),
    status TEXT NOT NULL,
    timer TEXT NOT NULL,
    move_seconds BIGINT NOT NULL,
    winners TEXT,
    turn BIGINT NOT NULL,
    decisions BIGINT NOT NULL,
    created BIGINT NOT NULL,
    updated BIGINT NOT NULL
);
CREATE INDEX games_status ON games (status);

-- Who sits where: a user, an AI level, or nobody yet (an open seat, which an invite
-- secret, kept as its SHA-256, may claim).
CREATE TABLE seats (
    game_id TEXT NOT NULL REFERENCES games (id),
    seat BIGINT NOT NULL,
    user_id TEXT REFERENCES users (id),
    ai TEXT,
    deck TEXT NOT NULL,
    invite_hash TEXT,
    PRIMARY KEY (game_id, seat)
);
CREATE INDEX seats_user ON seats (user_id);

-- Every decision, numbered from 0; the key refuses a second decision with a number.
CREATE TABLE decisions (
    game_id TEXT NOT NULL REFERENCES games (id),
    n BIGINT NOT NULL,
    choice TEXT NOT NULL,
    at BIGINT NOT NULL,
    PRIMARY KEY (game_id, n)
);
