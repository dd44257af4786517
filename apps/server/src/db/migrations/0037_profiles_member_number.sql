-- Every player's number, the end of their stable ranking key in place of the user id (issue 44,
-- decision 019): existing players are numbered in the order the table holds them. Every stored
-- key ends with a user id until rebuilt, so the boards are emptied with the state rows that
-- describe them, and the next standings check rebuilds them ("never computed").
ALTER TABLE "profiles" ADD COLUMN "member_number" integer NOT NULL GENERATED ALWAYS AS IDENTITY (sequence name "profiles_member_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1);--> statement-breakpoint
TRUNCATE "standings", "standings_rank_blocks", "league_standings";--> statement-breakpoint
DELETE FROM "standings_state";--> statement-breakpoint
DELETE FROM "standings_member_changes";
