-- Each board row keeps its member's picks without a goal (issue 44): a goal's pickers are then
-- re-keyed from their stored rows alone, with no squad read. The boards are emptied with the
-- state rows that describe them, and the next standings check rebuilds them ("never computed").
TRUNCATE "standings", "standings_rank_blocks", "league_standings";--> statement-breakpoint
DELETE FROM "standings_state";--> statement-breakpoint
DELETE FROM "standings_member_changes";--> statement-breakpoint
ALTER TABLE "standings" ADD COLUMN "scoreless" smallint NOT NULL;
