export * from './accounts.ts';
export * from './analytics.ts';
export * from './clubs.ts';
export * from './picks.ts';
export * from './players.ts';
export * from './season.ts';
export * from './standings.ts';
export * from './stats-sync.ts';
