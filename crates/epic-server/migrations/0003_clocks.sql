-- A live game's clock (docs/server.md, "Timers"): the time each human seat has for the
-- whole game, 0 when the game has none; and what is left of each seat's clock, in
-- milliseconds, charged when its decision is committed (NULL: the seat has no clock).
ALTER TABLE games ADD COLUMN clock_seconds BIGINT NOT NULL DEFAULT 0;
ALTER TABLE seats ADD COLUMN clock_ms BIGINT;
