ALTER TABLE "leagues" ADD COLUMN "approved_members" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "leagues" ADD COLUMN "pending_requests" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "league_members_joined_index" ON "league_members" USING btree ("league_id","status","joined_at","user_id");--> statement-breakpoint
ALTER TABLE "leagues" ADD CONSTRAINT "leagues_counters" CHECK ("leagues"."approved_members" >= 0 and "leagues"."pending_requests" >= 0);