import { z } from 'zod';

/** A calendar day, YYYY-MM-DD. */
export const isoDateSchema = z.iso.date();
/** An instant with an explicit UTC offset, e.g. 2025-08-15T17:30:00Z. */
export const isoDateTimeSchema = z.iso.datetime({ offset: true });

export const gameweekSchema = z.object({
  week: z.int().min(1),
  date: isoDateSchema,
});
export type Gameweek = z.infer<typeof gameweekSchema>;

/**
 * Everything that makes one season: hand-written configuration, never code.
 * Gameweeks must be numbered 1..n in date order.
 */
export const seasonConfigSchema = z
  .object({
    id: z.string().regex(/^\d{4}-\d{2}$/, 'Season id looks like 2025-26'),
    name: z.string().min(1),
    competition: z.string().min(1),
    pickDeadline: isoDateTimeSchema,
    launchAt: isoDateTimeSchema,
    gameweeks: z.array(gameweekSchema).min(1),
  })
  .superRefine((season, context) => {
    season.gameweeks.forEach((gameweek, index) => {
      if (gameweek.week !== index + 1) {
        context.addIssue({
          code: 'custom',
          path: ['gameweeks', index, 'week'],
          message: `Expected week ${index + 1}`,
        });
      }
      const previous = season.gameweeks[index - 1];
      if (previous && previous.date >= gameweek.date) {
        context.addIssue({
          code: 'custom',
          path: ['gameweeks', index, 'date'],
          message: 'Dates must increase',
        });
      }
    });
  });
export type SeasonConfig = z.infer<typeof seasonConfigSchema>;

/** What the API tells the screens about the season and the server's clock. */
export const seasonStateSchema = z.object({
  id: z.string(),
  name: z.string(),
  competition: z.string(),
  pickDeadline: isoDateTimeSchema,
  launchAt: isoDateTimeSchema,
  gameweeks: z.array(gameweekSchema),
  now: isoDateTimeSchema,
  currentGameweek: z.int(),
  weeksLeft: z.int(),
  isDeadlinePassed: z.boolean(),
  isSeasonOver: z.boolean(),
});
export type SeasonState = z.infer<typeof seasonStateSchema>;
