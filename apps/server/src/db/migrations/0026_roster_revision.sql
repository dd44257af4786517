-- How many of a board's placements changed who is on it or a member's name, country or club
-- (decision 005): a search's count kept by a server stays true while this and the board's
-- rebuild are unchanged, through the placements of goals and teams.
ALTER TABLE "standings_state" ADD COLUMN "roster_revision" integer DEFAULT 0 NOT NULL;
