DROP INDEX "standings_global_rank_index";--> statement-breakpoint
DROP INDEX "standings_country_rank_index";--> statement-breakpoint
DROP INDEX "standings_club_rank_index";--> statement-breakpoint
DROP INDEX "standings_user_index";--> statement-breakpoint
-- Only equality is asked of these three columns on the board: byte order ("C") answers it the
-- same and sorts about twice as fast when a rebuild builds the indexes (decision 005).
ALTER TABLE "standings" ALTER COLUMN "user_id" TYPE text COLLATE "C", ALTER COLUMN "country" TYPE text COLLATE "C", ALTER COLUMN "club" TYPE text COLLATE "C";--> statement-breakpoint
CREATE UNIQUE INDEX "standings_global_rank_index" ON "standings" USING btree ("global_rank","season_id");--> statement-breakpoint
CREATE UNIQUE INDEX "standings_country_rank_index" ON "standings" USING btree ("country","country_rank","season_id");--> statement-breakpoint
CREATE UNIQUE INDEX "standings_club_rank_index" ON "standings" USING btree ("club","club_rank","season_id");--> statement-breakpoint
CREATE UNIQUE INDEX "standings_user_index" ON "standings" USING btree ("user_id","season_id");