-- The ruleset a game is played under: "2017" (the Complete Rules) or "classic" (the
-- 2009 game). Its setup is that ruleset's save-file setup; its decisions, that
-- ruleset's save-file decisions.
ALTER TABLE games ADD COLUMN ruleset TEXT NOT NULL DEFAULT '2017';
