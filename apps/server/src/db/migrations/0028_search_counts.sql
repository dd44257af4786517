-- Searches' counts shared by every instance (decision 016): a count read on one roster of the
-- stored board, brought forward by any instance instead of counting every match again.
CREATE TABLE "standings_search_counts" (
	"season_id" text NOT NULL,
	"board" text NOT NULL,
	"board_name" text NOT NULL,
	"search" text NOT NULL,
	"roster_since" bigint NOT NULL,
	"roster_revision" integer NOT NULL,
	"total" integer NOT NULL,
	"board_members" integer NOT NULL,
	CONSTRAINT "standings_search_counts_season_id_board_board_name_search_pk" PRIMARY KEY("season_id","board","board_name","search")
);
--> statement-breakpoint
ALTER TABLE "standings_search_counts" ADD CONSTRAINT "standings_search_counts_season_id_seasons_id_fk" FOREIGN KEY ("season_id") REFERENCES "public"."seasons"("id") ON DELETE cascade ON UPDATE no action;