-- Board positions 256 times further apart (POSITION_STRIDE from 2^20 to 2^28): room between two
-- members for the pickers of many live goals in a row. The order and every rank block stay as
-- they were (block = (position - 1) / (1000 × stride) gives the same block for 256 × position).
-- Through negative values, as the unique position indexes are checked row by row.
UPDATE "standings" SET "position" = -("position" * 256);--> statement-breakpoint
UPDATE "standings" SET "position" = -"position";--> statement-breakpoint
UPDATE "league_standings" SET "position" = -("position" * 256);--> statement-breakpoint
UPDATE "league_standings" SET "position" = -"position";
