import { describe, expect, it } from 'vitest';
import { leagueStandingsQuerySchema } from '../leagues/league.schemas.ts';
import { isPastSearchCap, leaderboardQuerySchema, SEARCH_PAGE_MESSAGES } from './leaderboard.schemas.ts';

describe('a search page past the cap', () => {
  it('ends past the 10,000th match from page 401 of 25 and page 201 of 50', () => {
    expect(isPastSearchCap(400, 25)).toBe(false);
    expect(isPastSearchCap(401, 25)).toBe(true);
    expect(isPastSearchCap(200, 50)).toBe(false);
    expect(isPastSearchCap(201, 50)).toBe(true);
  });

  it.each([
    ['leaderboard', leaderboardQuerySchema],
    ['league standings', leagueStandingsQuerySchema],
  ])('is asked after a member on the %s, and only with a search', (_, schema) => {
    const issueOf = (query: Record<string, string>) => {
      const parsed = schema.safeParse(query);
      return parsed.success ? undefined : parsed.error.issues[0];
    };
    expect(issueOf({ search: 'son', page: '400', pageSize: '25' })).toBeUndefined();
    expect(issueOf({ search: 'son', page: '401', pageSize: '25' })).toMatchObject({
      path: ['page'],
      message: SEARCH_PAGE_MESSAGES.afterNeeded,
    });
    expect(issueOf({ search: 'son', page: '401', pageSize: '25', after: 'user-1' })).toBeUndefined();
    // A search of spaces is no search: no page past a cap, and no cursor.
    expect(issueOf({ search: '  ', page: '401', pageSize: '25' })).toBeUndefined();
    expect(issueOf({ search: '  ', after: 'user-1' })).toMatchObject({
      path: ['after'],
      message: SEARCH_PAGE_MESSAGES.afterWithoutSearch,
    });
    expect(issueOf({ search: 'son', page: '401', pageSize: '25', after: 'x'.repeat(129) })).toMatchObject({
      path: ['after'],
    });
  });
});
