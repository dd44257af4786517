export * from './analytics/analytics.schemas.ts';
export * from './clubs/clubs.schemas.ts';
export * from './clubs/clubs.ts';
export * from './errors/app-error.ts';
export * from './players/positions.ts';
export * from './season/calendar.ts';
export * from './season/season.schemas.ts';
