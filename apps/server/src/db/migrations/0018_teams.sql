CREATE TABLE "teams" (
	"season_id" text NOT NULL,
	"user_id" text NOT NULL,
	"player_ids" uuid[] NOT NULL,
	CONSTRAINT "teams_season_id_user_id_pk" PRIMARY KEY("season_id","user_id")
);
--> statement-breakpoint
-- Keeps `teams` in step with `picks`: after each statement that changes picks, the teams it
-- touched (in its transition tables: old rows, new rows or both) are read again from `picks`,
-- footballers in slot order, and stored, or removed when no pick is left (all of them after a
-- truncate). One set-based statement per statement on picks, whatever its size.
CREATE FUNCTION "hit21_refresh_teams"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  "changed" text;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM "teams";
    RETURN NULL;
  END IF;
  FOREACH "changed" IN ARRAY CASE TG_OP
    WHEN 'INSERT' THEN ARRAY['new_picks'] WHEN 'DELETE' THEN ARRAY['old_picks'] ELSE ARRAY['old_picks', 'new_picks'] END
  LOOP
    EXECUTE format($statement$
      WITH "touched" AS (SELECT DISTINCT "season_id", "user_id" FROM %I),
      "current" AS (
        SELECT "picks"."season_id", "picks"."user_id",
          array_agg("picks"."player_id" ORDER BY "picks"."slot", "picks"."player_id") AS "player_ids"
        FROM "picks" JOIN "touched" USING ("season_id", "user_id")
        GROUP BY "picks"."season_id", "picks"."user_id"
      ),
      "emptied" AS (
        DELETE FROM "teams" USING "touched"
        WHERE "teams"."season_id" = "touched"."season_id" AND "teams"."user_id" = "touched"."user_id"
          AND NOT EXISTS (SELECT 1 FROM "current"
            WHERE "current"."season_id" = "touched"."season_id" AND "current"."user_id" = "touched"."user_id")
      )
      INSERT INTO "teams" ("season_id", "user_id", "player_ids") SELECT * FROM "current"
      ON CONFLICT ("season_id", "user_id") DO UPDATE SET "player_ids" = excluded."player_ids"
    $statement$, "changed");
  END LOOP;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "picks_refresh_teams_on_insert" AFTER INSERT ON "picks"
  REFERENCING NEW TABLE AS "new_picks" FOR EACH STATEMENT EXECUTE FUNCTION "hit21_refresh_teams"();--> statement-breakpoint
CREATE TRIGGER "picks_refresh_teams_on_update" AFTER UPDATE ON "picks"
  REFERENCING OLD TABLE AS "old_picks" NEW TABLE AS "new_picks" FOR EACH STATEMENT EXECUTE FUNCTION "hit21_refresh_teams"();--> statement-breakpoint
CREATE TRIGGER "picks_refresh_teams_on_delete" AFTER DELETE ON "picks"
  REFERENCING OLD TABLE AS "old_picks" FOR EACH STATEMENT EXECUTE FUNCTION "hit21_refresh_teams"();--> statement-breakpoint
CREATE TRIGGER "picks_refresh_teams_on_truncate" AFTER TRUNCATE ON "picks"
  FOR EACH STATEMENT EXECUTE FUNCTION "hit21_refresh_teams"();--> statement-breakpoint
INSERT INTO "teams" ("season_id", "user_id", "player_ids")
  SELECT "season_id", "user_id", array_agg("player_id" ORDER BY "slot", "player_id") FROM "picks"
  GROUP BY "season_id", "user_id";
