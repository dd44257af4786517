-- Member counts per country and club, for searches that match a whole country or club.
CREATE TABLE "standings_groups" (
	"season_id" text NOT NULL,
	"country" text NOT NULL,
	"club" text NOT NULL,
	"members" integer NOT NULL,
	CONSTRAINT "standings_groups_season_id_country_club_pk" PRIMARY KEY("season_id","country","club")
);
--> statement-breakpoint
ALTER TABLE "standings_groups" ADD CONSTRAINT "standings_groups_season_id_seasons_id_fk" FOREIGN KEY ("season_id") REFERENCES "public"."seasons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The name search moves from lower(full_name) to a stored lowercase copy (filled here for a stored board).
DROP INDEX "standings_name_search_index";--> statement-breakpoint
ALTER TABLE "standings" ADD COLUMN "search_name" text;--> statement-breakpoint
UPDATE "standings" SET "search_name" = lower("full_name");--> statement-breakpoint
ALTER TABLE "standings" ALTER COLUMN "search_name" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "standings_name_search_index" ON "standings" USING gin ("search_name" gin_trgm_ops);--> statement-breakpoint
-- A board stored before this migration has no groups yet: mark it stale, so the next check rebuilds it.
UPDATE "standings_inputs" SET "version" = "version" + 1;
