import { z } from 'zod';
import { pickSchema } from '../squads/squads.schemas.ts';

/** The three public boards; country and club are the global order restricted to their members. */
export const LEADERBOARD_TYPES = ['global', 'country', 'team'] as const;
export type LeaderboardType = (typeof LEADERBOARD_TYPES)[number];

export const LEADERBOARD_PAGE_SIZES = [25, 50] as const;

/**
 * A search's matches on a board or a league's standings are counted up to this many (decision
 * 018): past it the screens show "10,000+", with Next and no Last page.
 */
export const SEARCH_TOTAL_CAP = 10_000;

/** A search's page that ends past SEARCH_TOTAL_CAP: asked for with `after`, the last member of the page before. */
export function isPastSearchCap(page: number, pageSize: number): boolean {
  return page * pageSize > SEARCH_TOTAL_CAP;
}

export const SEARCH_PAGE_MESSAGES = {
  afterNeeded: 'Pages past the first 10,000 matches of a search are reached with Next.',
  afterWithoutSearch: 'Only a search has pages past 10,000 matches.',
} as const;

/** The query fields every ranked list shares: a page of a search past the cap names the member it follows. */
export const rankedListQueryShape = {
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  /** Case-insensitive, anywhere in the name (and on a board, the country or club); empty means no search. */
  search: z
    .string()
    .max(100)
    .optional()
    .transform((value) => value?.trim() || undefined),
  /** The user id of the last member of the page before: past the cap, the page walks on from them. */
  after: z.string().min(1).max(128).optional(),
  /** "Show Me Only": just the viewer's row, with its rank. */
  me: z
    .enum(['true', 'false'])
    .optional()
    .transform((value) => value === 'true'),
};

/** `after` comes with a search, and a search's page past the cap comes with `after`. */
export function checkSearchCursor(
  query: { page: number; pageSize: number; search?: string; after?: string },
  context: z.RefinementCtx,
): void {
  if (query.after !== undefined && query.search === undefined) {
    context.addIssue({ code: 'custom', path: ['after'], message: SEARCH_PAGE_MESSAGES.afterWithoutSearch });
  } else if (
    query.search !== undefined &&
    query.after === undefined &&
    isPastSearchCap(query.page, query.pageSize)
  ) {
    context.addIssue({ code: 'custom', path: ['page'], message: SEARCH_PAGE_MESSAGES.afterNeeded });
  }
}

export const LEADERBOARD_MESSAGES = {
  noCountry: 'Please set your country in your profile to view country leaderboard.',
  noClub: 'Please set your favorite team in your profile to view team leaderboard.',
} as const;

export const leaderboardParamsSchema = z.object({ type: z.enum(LEADERBOARD_TYPES) });

export const leaderboardQuerySchema = z
  .object({
    ...rankedListQueryShape,
    pageSize: z.coerce.number().pipe(z.literal(LEADERBOARD_PAGE_SIZES)).default(25),
  })
  .superRefine(checkSearchCursor);
export type LeaderboardQuery = z.input<typeof leaderboardQuerySchema>;
/** What a screen asks for: every field optional, numbers as numbers. */
export type LeaderboardParams = Partial<z.output<typeof leaderboardQuerySchema>>;

export const leaderboardStatusSchema = z.enum(['safe', 'going_bust', 'bust']);

export const leaderboardRowSchema = z.object({
  /** The rank on this board: 1, 2, 3, ... with no shared ranks. */
  rank: z.int().min(1),
  userId: z.string(),
  fullName: z.string(),
  country: z.string(),
  club: z.string(),
  totalGoals: z.int(),
  status: leaderboardStatusSchema,
  isYou: z.boolean(),
  /** Only on the viewer's own row; everybody else's selections are hidden. */
  picks: z.array(pickSchema).optional(),
});
export type LeaderboardRow = z.infer<typeof leaderboardRowSchema>;

export const leaderboardPageSchema = z.object({
  rows: z.array(leaderboardRowSchema),
  /**
   * Rows matching the board, search and "me" filter: a page past the end has no rows but the
   * true total. A search's matches are counted up to SEARCH_TOTAL_CAP, or to the page's end past
   * it: when more match, `isTotalCapped` is set and `total` is how many were counted.
   */
  total: z.int().min(0),
  /** More rows match than `total` (at least one after this page): the screen shows "10,000+". */
  isTotalCapped: z.boolean(),
  page: z.int(),
  pageSize: z.int(),
  /** The country or club whose board this is; empty for the global board. */
  filter: z.object({ country: z.string().optional(), club: z.string().optional() }),
  /** The server-clock instant the scores and ranks reflect; null before the first computation. */
  computedAt: z.iso.datetime().nullable(),
  /**
   * The viewer is not on this stored board yet (a squad or profile just saved): the next
   * recompute puts them there, expected within about `withinSeconds`. Null when they are on it.
   */
  viewerPending: z.object({ withinSeconds: z.int() }).nullable(),
});
export type LeaderboardPage = z.infer<typeof leaderboardPageSchema>;
