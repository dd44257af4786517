-- A search's matches are counted up to 10,000 with each page (decision 018): the counts shared by
-- the instances, the roster log that brought them forward, the groups' member counts and name
-- hashes that told a rebuild whether the roster held, and the roster's place in the board version go.
DROP TABLE "standings_groups";--> statement-breakpoint
DROP TABLE "standings_roster_changes";--> statement-breakpoint
DROP TABLE "standings_search_counts";--> statement-breakpoint
ALTER TABLE "standings_state" DROP COLUMN "roster_revision";--> statement-breakpoint
ALTER TABLE "standings_state" DROP COLUMN "roster_since";
