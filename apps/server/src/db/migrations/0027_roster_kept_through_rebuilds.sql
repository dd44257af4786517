-- A board's roster kept through a rebuild that finds it as the placements left it (decision 005):
-- each group's sum of its members' name hashes, to compare the rebuilt board's with, and the
-- rebuild that began the roster. Groups stored before hold no sum: the next rebuild begins anew.
ALTER TABLE "standings_groups" ADD COLUMN "name_hashes" numeric;--> statement-breakpoint
ALTER TABLE "standings_state" ADD COLUMN "roster_since" timestamp with time zone DEFAULT now() NOT NULL;