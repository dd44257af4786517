import { z } from 'zod';
import { OUTFIELD_POSITIONS, POSITIONS } from './positions.ts';

export const PLAYER_SORT_KEYS = ['name', 'team', 'position', 'total_goals'] as const;
export const PLAYER_PAGE_SIZES = [20, 40, 60] as const;

const optionalWholeNumber = z.preprocess(
  (value) => (value === '' || value === undefined ? undefined : value),
  z.coerce.number().int().min(0).max(200).optional(),
);

/** The player list query: every filter, sort and page runs on the server. */
export const listPlayersQuerySchema = z.object({
  /** Name or club, case-insensitive; commas removed and trimmed (the specification's rule). */
  search: z
    .string()
    .max(100)
    .optional()
    .transform((value) => value?.replaceAll(',', '').trim() || undefined),
  club: z
    .string()
    .regex(/^[A-Z]{3}$/)
    .optional(),
  position: z.enum(OUTFIELD_POSITIONS).optional(),
  /** Bounds on last season's goals. */
  minGoals: optionalWholeNumber,
  maxGoals: optionalWholeNumber,
  sort: z.enum(PLAYER_SORT_KEYS).optional(),
  order: z.enum(['asc', 'desc']).default('asc'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type ListPlayersQuery = z.input<typeof listPlayersQuerySchema>;
/** What a screen asks for: every field optional, numbers as numbers. */
export type PlayerListParams = Partial<z.output<typeof listPlayersQuerySchema>>;

export const catalogPlayerSchema = z.object({
  id: z.string(),
  name: z.string(),
  webName: z.string(),
  position: z.enum(POSITIONS),
  clubCode: z.string(),
  clubName: z.string(),
  /** Goals this season up to the server clock. */
  goals: z.int(),
  /** Last season's Premier League goals. */
  lastSeasonGoals: z.int(),
});
export type CatalogPlayer = z.infer<typeof catalogPlayerSchema>;

export const playerPageSchema = z.object({
  players: z.array(catalogPlayerSchema),
  total: z.int(),
  page: z.int(),
  pageSize: z.int(),
  /** True when only players on 0 goals may be picked now (a first squad after the deadline). */
  isUnscoredOnly: z.boolean(),
});
export type PlayerPage = z.infer<typeof playerPageSchema>;
