-- The stored boards on a stable ranking key (issue 44): every member's place is their `ord`, a
-- byte string that only their own entry changes, and rank blocks are ranges of it. The boards are
-- computed from logged tables: they are emptied here with the state rows that describe them, and
-- the next standings check rebuilds them ("never computed"), which also covers every waiting
-- member change.
TRUNCATE "standings", "standings_rank_blocks", "standings_rank_chunks", "league_standings";--> statement-breakpoint
DELETE FROM "standings_state";--> statement-breakpoint
DELETE FROM "standings_member_changes";--> statement-breakpoint
DROP TABLE "standings_rank_chunks" CASCADE;--> statement-breakpoint
DROP INDEX "league_standings_position_index";--> statement-breakpoint
DROP INDEX "standings_position_index";--> statement-breakpoint
DROP INDEX "standings_rank_blocks_block_index";--> statement-breakpoint
DROP INDEX "standings_country_order_index";--> statement-breakpoint
DROP INDEX "standings_club_order_index";--> statement-breakpoint
ALTER TABLE "standings_state" ALTER COLUMN "ranked_with" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "league_standings" DROP COLUMN "position";--> statement-breakpoint
ALTER TABLE "standings" DROP COLUMN "position";--> statement-breakpoint
ALTER TABLE "standings_rank_blocks" DROP COLUMN "block";--> statement-breakpoint
ALTER TABLE "league_standings" ADD COLUMN "ord" bytea NOT NULL;--> statement-breakpoint
ALTER TABLE "standings" ADD COLUMN "ord" bytea NOT NULL;--> statement-breakpoint
ALTER TABLE "standings_rank_blocks" ADD COLUMN "start" bytea NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "league_standings_order_index" ON "league_standings" USING btree ("league_id","ord","season_id");--> statement-breakpoint
CREATE UNIQUE INDEX "standings_order_index" ON "standings" USING btree ("ord","season_id");--> statement-breakpoint
CREATE UNIQUE INDEX "standings_rank_blocks_start_index" ON "standings_rank_blocks" USING btree ("board","name","start","season_id");--> statement-breakpoint
CREATE UNIQUE INDEX "standings_country_order_index" ON "standings" USING btree ("country","ord","season_id");--> statement-breakpoint
CREATE UNIQUE INDEX "standings_club_order_index" ON "standings" USING btree ("club","ord","season_id");--> statement-breakpoint
-- intarray's sort: a squad's goal codes in order, for its `ord` (standings' member-scoring SQL).
CREATE EXTENSION IF NOT EXISTS "intarray";
