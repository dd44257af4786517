-- A board's roster (decision 005): how many of its placements changed who is on it or a member's
-- name, country or club, and the rows those placements took off and put on. A search's count
-- kept by a server is brought forward through them instead of counting every match again.
CREATE TABLE "standings_roster_changes" (
	"season_id" text NOT NULL,
	"roster_revision" integer NOT NULL,
	"sign" smallint NOT NULL,
	"search_name" text NOT NULL,
	"country" text NOT NULL,
	"club" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "standings_state" ADD COLUMN "roster_revision" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "standings_roster_changes_revision_index" ON "standings_roster_changes" USING btree ("season_id","roster_revision");