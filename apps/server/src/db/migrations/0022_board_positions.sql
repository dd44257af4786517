-- Every board is numbered from rank blocks (decision 005): a member's row holds their place in the
-- global order (`position`, (rank - ½) × 1,048,576 on a rebuilt board), not a rank, so that members can
-- later be placed between two others without renumbering everyone below them.
DROP INDEX "league_standings_rank_index";--> statement-breakpoint
DROP INDEX "standings_global_rank_index";--> statement-breakpoint
DROP INDEX "standings_country_order_index";--> statement-breakpoint
DROP INDEX "standings_club_order_index";--> statement-breakpoint
ALTER TABLE "standings" RENAME COLUMN "global_rank" TO "position";--> statement-breakpoint
ALTER TABLE "standings" ALTER COLUMN "position" TYPE bigint USING "position"::bigint * 1048576 - 524288;--> statement-breakpoint
-- A league's order is its members' places on the board.
ALTER TABLE "league_standings" ADD COLUMN "position" bigint;--> statement-breakpoint
UPDATE "league_standings" SET "position" = "standings"."position"
	FROM "standings"
	WHERE "standings"."season_id" = "league_standings"."season_id" AND "standings"."user_id" = "league_standings"."user_id";--> statement-breakpoint
-- A league row whose member has no board row (none is written so) could not be placed.
DELETE FROM "league_standings" WHERE "position" IS NULL;--> statement-breakpoint
ALTER TABLE "league_standings" ALTER COLUMN "position" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "league_standings" DROP COLUMN "league_rank";--> statement-breakpoint
-- Every board's blocks, as a rebuild counts them (countNextBoard, createNextLeagueStandings): the
-- global board's and the leagues' are new.
DELETE FROM "standings_rank_blocks";--> statement-breakpoint
INSERT INTO "standings_rank_blocks"
	SELECT season_id, board, name, block,
		(sum(members) OVER (PARTITION BY season_id, board, name ORDER BY block) - members)::int, members::int
	FROM (
		SELECT season_id,
			CASE WHEN grouping(country) = 0 THEN 'country' WHEN grouping(club) = 0 THEN 'club' ELSE 'global' END AS board,
			coalesce(country, club, '') AS name, ("position" - 1) / 1048576000 AS block, count(*) AS members
		FROM "standings"
		GROUP BY GROUPING SETS ((season_id, country, ("position" - 1) / 1048576000),
			(season_id, club, ("position" - 1) / 1048576000), (season_id, ("position" - 1) / 1048576000))
	) AS counted;--> statement-breakpoint
INSERT INTO "standings_rank_blocks"
	SELECT season_id, 'league', league_id::text, block,
		(sum(members) OVER (PARTITION BY season_id, league_id ORDER BY block) - members)::int, members::int
	FROM (
		SELECT season_id, league_id, ("position" - 1) / 1048576000 AS block, count(*) AS members
		FROM "league_standings" GROUP BY season_id, league_id, ("position" - 1) / 1048576000
	) AS counted;--> statement-breakpoint
CREATE UNIQUE INDEX "league_standings_position_index" ON "league_standings" USING btree ("league_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "standings_position_index" ON "standings" USING btree ("position","season_id");--> statement-breakpoint
CREATE UNIQUE INDEX "standings_country_order_index" ON "standings" USING btree ("country","position","season_id");--> statement-breakpoint
CREATE UNIQUE INDEX "standings_club_order_index" ON "standings" USING btree ("club","position","season_id");
