-- The members before each rank block are kept per chunk of 64 blocks rather than per block
-- (decision 005): a placement then moves a sixty-fourth of the rows it moved. The stored boards'
-- chunks are summed from their blocks, as a rebuild counts them.
CREATE TABLE "standings_rank_chunks" (
	"season_id" text NOT NULL,
	"board" text NOT NULL,
	"name" text COLLATE "C" NOT NULL,
	"chunk" integer NOT NULL,
	"members_before" integer NOT NULL,
	"members" integer NOT NULL
);
--> statement-breakpoint
INSERT INTO "standings_rank_chunks"
	SELECT season_id, board, name, chunk,
		(sum(members) OVER (PARTITION BY season_id, board, name ORDER BY chunk) - members)::int, members::int
	FROM (
		SELECT season_id, board, name, block / 64 AS chunk, sum(members) AS members
		FROM "standings_rank_blocks"
		GROUP BY season_id, board, name, block / 64
	) AS counted;--> statement-breakpoint
DROP INDEX "standings_rank_blocks_start_index";--> statement-breakpoint
CREATE UNIQUE INDEX "standings_rank_chunks_chunk_index" ON "standings_rank_chunks" USING btree ("board","name","chunk","season_id");--> statement-breakpoint
CREATE INDEX "standings_rank_chunks_start_index" ON "standings_rank_chunks" USING btree ("board","name","members_before","season_id");--> statement-breakpoint
ALTER TABLE "standings_rank_blocks" DROP COLUMN "members_before";
