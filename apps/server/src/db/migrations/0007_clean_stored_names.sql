-- Names stored before the name rules (packages/core/src/accounts/person-name.ts) may carry
-- control characters (line breaks, tabs) or bidirectional controls that reorder what the boards
-- display ("evil" shown as "live"). Clean them the way the rules normalise new names: controls
-- become spaces, direction characters go, NFC, whitespace collapsed and trimmed. A name left
-- empty or invisible (zero-width characters only) is cleared: the player sets a new one.
CREATE FUNCTION "hit21_clean_person_name"("name" text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN regexp_replace("cleaned", '[[:space:]\u00AD\u034F\u115F\u1160\u180E\u200B-\u200D\u2060-\u2064\u3164\u2800\uFEFF\uFFA0]', '', 'g') = '' THEN NULL
    ELSE "cleaned"
  END
  FROM (
    SELECT btrim(regexp_replace(
      normalize(regexp_replace(
        regexp_replace("name", '[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]', '', 'g'),
        '[\u0001-\u001F\u007F-\u009F\u2028\u2029]', ' ', 'g'), NFC),
      '[[:space:]]+', ' ', 'g')) AS "cleaned"
  ) AS "normalised"
$$;--> statement-breakpoint
UPDATE "profiles" SET "full_name" = "hit21_clean_person_name"("full_name")
  WHERE "full_name" IS DISTINCT FROM "hit21_clean_person_name"("full_name");--> statement-breakpoint
UPDATE "users" SET "name" = coalesce("hit21_clean_person_name"("name"), '')
  WHERE "name" <> coalesce("hit21_clean_person_name"("name"), '');--> statement-breakpoint
UPDATE "waitlist_entries" SET "full_name" = coalesce("hit21_clean_person_name"("full_name"), '')
  WHERE "full_name" <> coalesce("hit21_clean_person_name"("full_name"), '');--> statement-breakpoint
DROP FUNCTION "hit21_clean_person_name"(text);--> statement-breakpoint
-- The stored boards copy the names: mark them stale, so the next check rebuilds them.
UPDATE "standings_inputs" SET "version" = "version" + 1;
