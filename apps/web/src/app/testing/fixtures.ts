import {
  clubListSchema,
  type NotificationSummary,
  notificationSummarySchema,
  type Profile,
  playerPageSchema,
  profileSchema,
  type SeasonState,
  seasonStateSchema,
  squadSchema,
} from '@hit21/core';
import { type MockRoutes, ok } from './mock-api.ts';

/** A signed-in user's profile, as GET /api/profile answers; override what a test is about. */
export function profileFixture(overrides: Partial<Profile> = {}): Profile {
  return {
    id: 'user-1',
    email: 'sam@example.com',
    fullName: 'Sam Player',
    dob: '1990-04-12',
    country: 'GB',
    favouriteClub: 'ARS',
    howDidYouHear: 'friend',
    onboardingComplete: true,
    playerSelectionComplete: true,
    role: 'user',
    marketingOptIn: false,
    goalAlerts: 'all',
    emailConfirmedAt: '2026-08-01T10:00:00.000Z',
    createdAt: '2026-08-01T10:00:00.000Z',
    updatedAt: '2026-08-01T10:00:00.000Z',
    ...overrides,
  };
}

/** What the signed-in shell asks for on every page (the bell's counts), with nothing unread. */
export function shellRoutes(summary: Partial<NotificationSummary> = {}): MockRoutes {
  return {
    'GET /api/notifications/summary': ok(notificationSummarySchema, {
      unreadCount: 0,
      readCount: 0,
      unreadJoinRequests: 0,
      unreadJoinRequestsByLeague: {},
      ...summary,
    }),
  };
}

/** Two clubs, as GET /api/clubs answers. */
export function clubsRoutes(): MockRoutes {
  return {
    'GET /api/clubs': ok(clubListSchema, {
      clubs: [
        { code: 'ARS', name: 'Arsenal', primaryColour: '#EF0107', secondaryColour: '#FFFFFF' },
        { code: 'CHE', name: 'Chelsea', primaryColour: '#034694', secondaryColour: '#FFFFFF' },
      ],
    }),
  };
}

/** A season under way (the deadline passed, gameweek 12 of 38), as GET /api/season answers. */
export function seasonRoutes(overrides: Partial<SeasonState> = {}): MockRoutes {
  const gameweeks = Array.from({ length: 38 }, (_, index) => ({
    week: index + 1,
    date: new Date(Date.UTC(2026, 7, 15 + 7 * index)).toISOString().slice(0, 10),
  }));
  return {
    'GET /api/season': ok(seasonStateSchema, {
      id: '2026-27',
      name: 'Premier League 2026/27',
      competition: 'Premier League',
      pickDeadline: '2026-08-14T17:30:00Z',
      launchAt: '2026-07-01T09:00:00Z',
      gameweeks,
      now: '2026-11-01T12:00:00Z',
      currentGameweek: 12,
      weeksLeft: 26,
      isDeadlinePassed: true,
      isSeasonOver: false,
      ...overrides,
    } satisfies SeasonState),
  };
}

/**
 * A signed-in user with `profile`, and what the shell and the pages a guard may send them to
 * ask for first: an empty player list and no squad yet.
 */
export function signedInRoutes(profile: Partial<Profile> = {}): MockRoutes {
  return {
    'GET /api/profile': ok(profileSchema, profileFixture(profile)),
    ...shellRoutes(),
    ...seasonRoutes(),
    ...clubsRoutes(),
    'GET /api/players': ok(playerPageSchema, {
      players: [],
      total: 0,
      page: 1,
      pageSize: 20,
      isUnscoredOnly: false,
    }),
    'GET /api/squad': ok(squadSchema, { picks: [], isEditable: true }),
  };
}
