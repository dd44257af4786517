-- One word per concept: a user's 4 picks are a squad, a Premier League club is a club. Renamed in
-- place, so every stored squad and favourite club is kept.
ALTER TABLE "teams" RENAME TO "squads";--> statement-breakpoint
ALTER TABLE "squads" RENAME CONSTRAINT "teams_season_id_user_id_pk" TO "squads_season_id_user_id_pk";--> statement-breakpoint
-- PostgreSQL 18 also names each NOT NULL constraint after its table ("teams_user_id_not_null").
DO $$
DECLARE
  "named" text;
BEGIN
  FOR "named" IN SELECT "conname" FROM "pg_constraint"
    WHERE "conrelid" = '"squads"'::regclass AND "conname" LIKE 'teams\_%'
  LOOP
    EXECUTE format('ALTER TABLE "squads" RENAME CONSTRAINT %I TO %I', "named", 'squads' || substr("named", 6));
  END LOOP;
END
$$;--> statement-breakpoint
ALTER TABLE "profiles" RENAME COLUMN "favourite_team" TO "favourite_club";--> statement-breakpoint
DROP TRIGGER "picks_refresh_teams_on_insert" ON "picks";--> statement-breakpoint
DROP TRIGGER "picks_refresh_teams_on_update" ON "picks";--> statement-breakpoint
DROP TRIGGER "picks_refresh_teams_on_delete" ON "picks";--> statement-breakpoint
DROP TRIGGER "picks_refresh_teams_on_truncate" ON "picks";--> statement-breakpoint
DROP FUNCTION "hit21_refresh_teams"();--> statement-breakpoint
-- Migration 0018's function, writing to `squads`: after each statement that changes picks, the
-- squads it touched (in its transition tables: old rows, new rows or both) are read again from
-- `picks`, footballers in slot order, and stored, or removed when no pick is left (all of them
-- after a truncate). One set-based statement per statement on picks, whatever its size.
CREATE FUNCTION "hit21_refresh_squads"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  "changed" text;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM "squads";
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
        DELETE FROM "squads" USING "touched"
        WHERE "squads"."season_id" = "touched"."season_id" AND "squads"."user_id" = "touched"."user_id"
          AND NOT EXISTS (SELECT 1 FROM "current"
            WHERE "current"."season_id" = "touched"."season_id" AND "current"."user_id" = "touched"."user_id")
      )
      INSERT INTO "squads" ("season_id", "user_id", "player_ids") SELECT * FROM "current"
      ON CONFLICT ("season_id", "user_id") DO UPDATE SET "player_ids" = excluded."player_ids"
    $statement$, "changed");
  END LOOP;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "picks_refresh_squads_on_insert" AFTER INSERT ON "picks"
  REFERENCING NEW TABLE AS "new_picks" FOR EACH STATEMENT EXECUTE FUNCTION "hit21_refresh_squads"();--> statement-breakpoint
CREATE TRIGGER "picks_refresh_squads_on_update" AFTER UPDATE ON "picks"
  REFERENCING OLD TABLE AS "old_picks" NEW TABLE AS "new_picks" FOR EACH STATEMENT EXECUTE FUNCTION "hit21_refresh_squads"();--> statement-breakpoint
CREATE TRIGGER "picks_refresh_squads_on_delete" AFTER DELETE ON "picks"
  REFERENCING OLD TABLE AS "old_picks" FOR EACH STATEMENT EXECUTE FUNCTION "hit21_refresh_squads"();--> statement-breakpoint
CREATE TRIGGER "picks_refresh_squads_on_truncate" AFTER TRUNCATE ON "picks"
  FOR EACH STATEMENT EXECUTE FUNCTION "hit21_refresh_squads"();
