-- A country's or club's board is the global order restricted to its members, numbered from the
-- rank blocks (decision 005): the rebuild no longer sorts every member twice more to store them.
CREATE TABLE "standings_rank_blocks" (
	"season_id" text NOT NULL,
	"board" text NOT NULL,
	"name" text COLLATE "C" NOT NULL,
	"block" integer NOT NULL,
	"members_before" integer NOT NULL,
	"members" integer NOT NULL
);
--> statement-breakpoint
DROP INDEX "standings_country_rank_index";--> statement-breakpoint
DROP INDEX "standings_club_rank_index";--> statement-breakpoint
ALTER TABLE "standings" DROP COLUMN "country_rank";--> statement-breakpoint
ALTER TABLE "standings" DROP COLUMN "club_rank";--> statement-breakpoint
-- The stored boards' blocks, as a rebuild counts them (createNextRankBlocks, blocks of 1000), so
-- that they read right before the next recompute.
INSERT INTO "standings_rank_blocks"
	SELECT season_id, board, name, block,
		(sum(members) OVER (PARTITION BY season_id, board, name ORDER BY block) - members)::int, members::int
	FROM (
		SELECT season_id, CASE WHEN grouping(country) = 0 THEN 'country' ELSE 'club' END AS board,
			coalesce(country, club) AS name, (global_rank - 1) / 1000 AS block, count(*) AS members
		FROM "standings"
		GROUP BY GROUPING SETS ((season_id, country, (global_rank - 1) / 1000), (season_id, club, (global_rank - 1) / 1000))
	) AS counted;--> statement-breakpoint
CREATE UNIQUE INDEX "standings_rank_blocks_block_index" ON "standings_rank_blocks" USING btree ("board","name","block","season_id");--> statement-breakpoint
CREATE UNIQUE INDEX "standings_rank_blocks_start_index" ON "standings_rank_blocks" USING btree ("board","name","members_before","season_id");--> statement-breakpoint
CREATE UNIQUE INDEX "standings_country_order_index" ON "standings" USING btree ("country","global_rank","season_id");--> statement-breakpoint
CREATE UNIQUE INDEX "standings_club_order_index" ON "standings" USING btree ("club","global_rank","season_id");
