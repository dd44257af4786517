-- The name search's trigram index moves from the board, which every rebuild replaces and indexes
-- again, to the board's distinct names, kept across rebuilds: the board gets a b-tree on its names
-- instead, its rows found by the names the trigram index matches (decision 005). The names compare
-- in byte order ("C"), as the board's user, country and club do: only their equality is asked.
CREATE TABLE "standings_names" (
	"search_name" text COLLATE "C" PRIMARY KEY NOT NULL
);
--> statement-breakpoint
INSERT INTO "standings_names" ("search_name") SELECT DISTINCT "search_name" FROM "standings";--> statement-breakpoint
CREATE INDEX "standings_names_search_index" ON "standings_names" USING gin ("search_name" gin_trgm_ops);--> statement-breakpoint
DROP INDEX "standings_name_search_index";--> statement-breakpoint
ALTER TABLE "standings" ALTER COLUMN "search_name" TYPE text COLLATE "C";--> statement-breakpoint
CREATE INDEX "standings_name_index" ON "standings" USING btree ("search_name","season_id");
