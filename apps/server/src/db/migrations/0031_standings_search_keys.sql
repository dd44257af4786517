-- The boards' and league standings' name search folds a name as the player search does, and drops
-- its punctuation: "zoe" finds Zoë, "obrien" O'Brien. `search_name` holds that search key
-- (searchKeySql in src/db/name-folding.ts, whose expression is written out below; the migration
-- test checks that they agree). Only the names the new key changes are written again.
UPDATE "standings" AS s SET "search_name" = lower(case when s."full_name" ~ '^[ 0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ]*$' then s."full_name"
    when s."full_name" ~ '[ÀÁÂÃÄÅÆÇÈÉÊËÌÍÎÏÐÑÒÓÔÕÖØÙÚÛÜÝÞßàáâãäåæçèéêëìíîïðñòóôõöøùúûüýþÿĀāĂăĄąĆćĈĉĊċČčĎďĐđĒēĔĕĖėĘęĚěĜĝĞğĠġĢģĤĥĦħĨĩĪīĬĭĮįİıĴĵĶķĸĹĺĻļĽľŁłŃńŅņŇňŊŋŌōŎŏŐőŒœŔŕŖŗŘřŚśŜŝŞşŠšŢţŤťŦŧŨũŪūŬŭŮůŰűŲųŴŵŶŷŸŹźŻżŽžƠơƯưǍǎǏǐǑǒǓǔǕǖǗǘǙǚǛǜǞǟǠǡǦǧǨǩǪǫǬǭǰǴǵǸǹǺǻȀȁȂȃȄȅȆȇȈȉȊȋȌȍȎȏȐȑȒȓȔȕȖȗȘșȚțȞȟȦȧȨȩȪȫȬȭȮȯȰȱȲȳ]'
      then translate(translate(s."full_name", '-‐‑‒–—―!"#$%&''()*+,./:;<=>?@[\]^_`{|}~¡«»¿´·‘’‚‛“”„…′″ʻʼ', '       '), 'ÀÁÂÃÄÅÆÇÈÉÊËÌÍÎÏÐÑÒÓÔÕÖØÙÚÛÜÝÞßàáâãäåæçèéêëìíîïðñòóôõöøùúûüýþÿĀāĂăĄąĆćĈĉĊċČčĎďĐđĒēĔĕĖėĘęĚěĜĝĞğĠġĢģĤĥĦħĨĩĪīĬĭĮįİıĴĵĶķĸĹĺĻļĽľŁłŃńŅņŇňŊŋŌōŎŏŐőŒœŔŕŖŗŘřŚśŜŝŞşŠšŢţŤťŦŧŨũŪūŬŭŮůŰűŲųŴŵŶŷŸŹźŻżŽžƠơƯưǍǎǏǐǑǒǓǔǕǖǗǘǙǚǛǜǞǟǠǡǦǧǨǩǪǫǬǭǰǴǵǸǹǺǻȀȁȂȃȄȅȆȇȈȉȊȋȌȍȎȏȐȑȒȓȔȕȖȗȘșȚțȞȟȦȧȨȩȪȫȬȭȮȯȰȱȲȳ', 'aaaaaaaceeeeiiiidnoooooouuuuytsaaaaaaaceeeeiiiidnoooooouuuuytyaaaaaaccccccccddddeeeeeeeeeegggggggghhhhiiiiiiiiiijjkkkllllllllnnnnnnnnoooooooorrrrrrssssssssttttttuuuuuuuuuuuuwwyyyzzzzzzoouuaaiioouuuuuuuuuuaaaaggkkoooojggnnaaaaaaeeeeiiiioooorrrruuuusstthhaaeeooooooooyy')
    else translate(s."full_name", '-‐‑‒–—―!"#$%&''()*+,./:;<=>?@[\]^_`{|}~¡«»¿´·‘’‚‛“”„…′″ʻʼ', '       ') end)
  -- A name of plain letters kept its key: it is only lower-cased, as before.
  WHERE s."full_name" !~ '^[ 0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ]*$';--> statement-breakpoint
UPDATE "league_standings" AS l SET "search_name" = s."search_name" FROM "standings" AS s
  WHERE s."season_id" = l."season_id" AND s."user_id" = l."user_id" AND l."search_name" <> s."search_name";--> statement-breakpoint
INSERT INTO "standings_names" ("search_name") SELECT DISTINCT "search_name" FROM "standings" ON CONFLICT DO NOTHING;--> statement-breakpoint
DELETE FROM "standings_names" AS n WHERE NOT EXISTS (SELECT FROM "standings" AS s WHERE s."search_name" = n."search_name");--> statement-breakpoint
-- The groups' sums of name hashes follow the new keys (nameHash).
UPDATE "standings_groups" AS g SET "name_hashes" = h."hashes"
  FROM (SELECT "season_id", "country", "club", sum(hashtextextended("search_name", 0))::numeric AS "hashes"
    FROM "standings" GROUP BY 1, 2, 3) AS h
  WHERE g."name_hashes" IS NOT NULL AND h."season_id" = g."season_id" AND h."country" = g."country" AND h."club" = g."club";--> statement-breakpoint
-- Searches' counts were of the old matching: dropped, with the roster's log, and every roster moved
-- past the reach of the counts kept in memory (ROSTER_CHANGES_KEPT), as an account's deletion does.
DELETE FROM "standings_search_counts";--> statement-breakpoint
DELETE FROM "standings_roster_changes";--> statement-breakpoint
UPDATE "standings_state" SET "roster_revision" = "roster_revision" + 100;
