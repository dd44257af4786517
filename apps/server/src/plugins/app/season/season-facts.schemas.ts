import { clubSchema, isoDateTimeSchema, POSITIONS, seasonConfigSchema } from '@hit21/core';
import { z } from 'zod';

/**
 * The compact facts of one season that the product needs, produced by the importer and
 * committed, so that a fresh clone runs on real players with no network.
 */
export const seasonFactsSchema = z.object({
  formatVersion: z.literal(1),
  season: seasonConfigSchema,
  clubs: z.array(clubSchema.extend({ fplCode: z.int().nullable() })).min(1),
  players: z.array(
    z.object({
      fplCode: z.int(),
      name: z.string().min(1),
      webName: z.string().min(1),
      firstName: z.string(),
      secondName: z.string(),
      position: z.enum(POSITIONS),
      lastSeasonGoals: z.int().min(0),
      firstGameweek: z.int().min(1),
      /** His club from each gameweek on, oldest first; the first spell starts at firstGameweek. */
      clubSpells: z.array(z.object({ fromGameweek: z.int().min(1), clubCode: z.string() })).min(1),
    }),
  ),
  goals: z.array(
    z.object({
      fplCode: z.int(),
      fixtureId: z.int(),
      gameweek: z.int().min(1),
      kickoffAt: isoDateTimeSchema,
      goals: z.int().min(1),
      clubCode: z.string(),
    }),
  ),
});
export type SeasonFacts = z.infer<typeof seasonFactsSchema>;
