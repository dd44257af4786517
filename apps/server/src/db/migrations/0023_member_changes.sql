-- A member's change (team, onboarding, name, country, club, account, league membership) is placed
-- on the stored boards within seconds instead of waiting for a whole rebuild (decision 005). A
-- member's league rows are found by the user first.
CREATE TABLE "standings_member_changes" (
	"user_id" text PRIMARY KEY NOT NULL,
	"seq" bigserial NOT NULL,
	"applied" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
DROP INDEX "league_standings_user_index";--> statement-breakpoint
DROP INDEX "standings_rank_blocks_start_index";--> statement-breakpoint
ALTER TABLE "standings_state" ADD COLUMN "ranked_with" jsonb;--> statement-breakpoint
ALTER TABLE "standings_state" ADD COLUMN "revision" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "standings_state" ADD COLUMN "placed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "standings_state" ADD COLUMN "place_ms" integer;--> statement-breakpoint
CREATE UNIQUE INDEX "league_standings_user_index" ON "league_standings" USING btree ("user_id","league_id");--> statement-breakpoint
CREATE INDEX "standings_rank_blocks_start_index" ON "standings_rank_blocks" USING btree ("board","name","members_before","season_id");;--> statement-breakpoint
-- A board stored before this migration does not say which scorers it was ranked with: rebuild it.
UPDATE "standings_inputs" SET "version" = "version" + 1;
