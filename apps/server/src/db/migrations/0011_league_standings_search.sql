-- Existing ranks take their names from the board they were built from; the next recompute rebuilds them anyway.
ALTER TABLE "league_standings" ADD COLUMN "search_name" text NOT NULL DEFAULT '';--> statement-breakpoint
UPDATE "league_standings" SET "search_name" = "standings"."search_name" FROM "standings" WHERE "standings"."season_id" = "league_standings"."season_id" AND "standings"."user_id" = "league_standings"."user_id";--> statement-breakpoint
ALTER TABLE "league_standings" ALTER COLUMN "search_name" DROP DEFAULT;--> statement-breakpoint
CREATE INDEX "league_standings_name_search_index" ON "league_standings" USING gin ("search_name" gin_trgm_ops);
