-- The leaderboard search is a trigram index (PGlite ships pg_trgm as an extension it loads).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "standings" (
	"season_id" text NOT NULL,
	"user_id" text NOT NULL,
	"status" text NOT NULL,
	"total_goals" integer NOT NULL,
	"global_rank" integer NOT NULL,
	"country_rank" integer NOT NULL,
	"club_rank" integer NOT NULL,
	"full_name" text NOT NULL,
	"country" text NOT NULL,
	"club" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "standings_inputs" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "standings_inputs_single_row" CHECK ("standings_inputs"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "standings_state" (
	"season_id" text PRIMARY KEY NOT NULL,
	"computed_for" timestamp with time zone NOT NULL,
	"inputs_version" bigint NOT NULL,
	"goals_fingerprint" text NOT NULL,
	"members" integer NOT NULL,
	"countries" text[] NOT NULL,
	"clubs" text[] NOT NULL,
	"computed_at" timestamp with time zone NOT NULL,
	"duration_ms" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "standings_state" ADD CONSTRAINT "standings_state_season_id_seasons_id_fk" FOREIGN KEY ("season_id") REFERENCES "public"."seasons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "standings_global_rank_index" ON "standings" USING btree ("season_id","global_rank");--> statement-breakpoint
CREATE UNIQUE INDEX "standings_country_rank_index" ON "standings" USING btree ("season_id","country","country_rank");--> statement-breakpoint
CREATE UNIQUE INDEX "standings_club_rank_index" ON "standings" USING btree ("season_id","club","club_rank");--> statement-breakpoint
CREATE UNIQUE INDEX "standings_user_index" ON "standings" USING btree ("season_id","user_id");--> statement-breakpoint
CREATE INDEX "standings_name_search_index" ON "standings" USING gin (lower("full_name") gin_trgm_ops);