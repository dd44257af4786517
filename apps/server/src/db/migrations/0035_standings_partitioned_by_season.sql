-- The stored boards, partitioned by season (issue 44): a rebuild builds its season's partition and
-- swaps it in, and no longer copies the other seasons' rows. Every stored row moves to its
-- season's partition (named as a rebuild names it: `<table>_<season>`, "2025-26" as "2025_26"),
-- so the boards keep serving; rows of a season without one (written outside a rebuild) land in
-- the default partition, which a rebuild of that season empties of them. Every partition is
-- unlogged, as a rebuild makes them (decision 005): a crash of PostgreSQL empties the boards, and
-- the next check rebuilds them, whichever partition held them.
ALTER TABLE "standings" RENAME TO "standings_unpartitioned";--> statement-breakpoint
ALTER TABLE "standings_rank_blocks" RENAME TO "standings_rank_blocks_unpartitioned";--> statement-breakpoint
ALTER TABLE "standings_rank_chunks" RENAME TO "standings_rank_chunks_unpartitioned";--> statement-breakpoint
ALTER TABLE "league_standings" RENAME TO "league_standings_unpartitioned";--> statement-breakpoint
DROP INDEX "standings_position_index", "standings_country_order_index", "standings_club_order_index",
  "standings_user_index", "standings_name_index", "standings_rank_blocks_block_index",
  "standings_rank_chunks_chunk_index", "standings_rank_chunks_start_index",
  "league_standings_position_index", "league_standings_user_index", "league_standings_season_index",
  "league_standings_name_search_index";--> statement-breakpoint
CREATE TABLE "standings" (
  "season_id" text NOT NULL,
  "user_id" text NOT NULL COLLATE "C",
  "status" text NOT NULL,
  "total_goals" integer NOT NULL,
  "position" bigint NOT NULL,
  "full_name" text NOT NULL,
  "country" text NOT NULL COLLATE "C",
  "club" text NOT NULL COLLATE "C",
  "search_name" text NOT NULL COLLATE "C"
) PARTITION BY LIST ("season_id");--> statement-breakpoint
CREATE UNIQUE INDEX "standings_position_index" ON "standings" USING btree ("position", "season_id");--> statement-breakpoint
CREATE UNIQUE INDEX "standings_country_order_index" ON "standings" USING btree ("country", "position", "season_id");--> statement-breakpoint
CREATE UNIQUE INDEX "standings_club_order_index" ON "standings" USING btree ("club", "position", "season_id");--> statement-breakpoint
CREATE UNIQUE INDEX "standings_user_index" ON "standings" USING btree ("user_id", "season_id");--> statement-breakpoint
CREATE INDEX "standings_name_index" ON "standings" USING btree ("search_name", "season_id");--> statement-breakpoint
CREATE TABLE "standings_rank_blocks" (
  "season_id" text NOT NULL,
  "board" text NOT NULL,
  "name" text NOT NULL COLLATE "C",
  "block" integer NOT NULL,
  "members" integer NOT NULL
) PARTITION BY LIST ("season_id");--> statement-breakpoint
CREATE UNIQUE INDEX "standings_rank_blocks_block_index" ON "standings_rank_blocks" USING btree ("board", "name", "block", "season_id");--> statement-breakpoint
CREATE TABLE "standings_rank_chunks" (
  "season_id" text NOT NULL,
  "board" text NOT NULL,
  "name" text NOT NULL COLLATE "C",
  "chunk" integer NOT NULL,
  "members_before" integer NOT NULL,
  "members" integer NOT NULL
) PARTITION BY LIST ("season_id");--> statement-breakpoint
CREATE UNIQUE INDEX "standings_rank_chunks_chunk_index" ON "standings_rank_chunks" USING btree ("board", "name", "chunk", "season_id");--> statement-breakpoint
CREATE INDEX "standings_rank_chunks_start_index" ON "standings_rank_chunks" USING btree ("board", "name", "members_before", "season_id");--> statement-breakpoint
-- A unique index of a partitioned table holds its partition key: a league is of one season, so
-- adding it changes nothing of what is unique.
CREATE TABLE "league_standings" (
  "season_id" text NOT NULL,
  "league_id" uuid NOT NULL,
  "user_id" text NOT NULL,
  "search_name" text NOT NULL,
  "position" bigint NOT NULL
) PARTITION BY LIST ("season_id");--> statement-breakpoint
CREATE UNIQUE INDEX "league_standings_position_index" ON "league_standings" USING btree ("league_id", "position", "season_id");--> statement-breakpoint
CREATE UNIQUE INDEX "league_standings_user_index" ON "league_standings" USING btree ("user_id", "league_id", "season_id");--> statement-breakpoint
CREATE INDEX "league_standings_season_index" ON "league_standings" USING btree ("season_id");--> statement-breakpoint
CREATE INDEX "league_standings_name_search_index" ON "league_standings" USING gin ("search_name" gin_trgm_ops);--> statement-breakpoint
DO $$
DECLARE
  "stored" text;
  "season" text;
BEGIN
  FOREACH "stored" IN ARRAY ARRAY['standings', 'standings_rank_blocks', 'standings_rank_chunks', 'league_standings'] LOOP
    EXECUTE format('CREATE UNLOGGED TABLE %I PARTITION OF %I DEFAULT', "stored" || '_default', "stored");
    FOR "season" IN EXECUTE format('SELECT DISTINCT "season_id" FROM %I WHERE "season_id" ~ ''^[A-Za-z0-9-]{1,12}$''', "stored" || '_unpartitioned') LOOP
      EXECUTE format('CREATE UNLOGGED TABLE %I PARTITION OF %I FOR VALUES IN (%L)',
        "stored" || '_' || lower(regexp_replace("season", '[^A-Za-z0-9]+', '_', 'g')), "stored", "season");
    END LOOP;
    EXECUTE format('INSERT INTO %I SELECT * FROM %I', "stored", "stored" || '_unpartitioned');
    EXECUTE format('DROP TABLE %I', "stored" || '_unpartitioned');
  END LOOP;
END
$$;
