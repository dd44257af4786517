DROP INDEX "league_members_status_index";--> statement-breakpoint
DROP INDEX "league_members_requested_index";--> statement-breakpoint
CREATE INDEX "league_members_status_index" ON "league_members" USING btree ("league_id","status","requested_at","user_id");--> statement-breakpoint
CREATE INDEX "league_members_requested_index" ON "league_members" USING btree ("league_id","requested_at","user_id");