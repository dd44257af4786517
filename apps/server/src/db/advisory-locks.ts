/**
 * Every PostgreSQL advisory lock key the server takes, in one place. Advisory locks share one
 * key space per database: two features that picked the same number would shut each other out
 * (the standings recompute once skipped every scheduled goals sync this way). Add a key here,
 * never a literal beside the `pg_advisory_*` call; the test beside it checks they are distinct.
 */
export const ADVISORY_LOCK_KEYS = {
  /** Applying migrations: several instances may start at once (database.ts). */
  migrations: 2121,
  /** Loading a season's facts, and the goals sync writing them (load-season-facts.ts, run-stats-sync.ts). */
  seasonData: 2122,
  /** Held by the goals sync running now, from its claim to its end (stats-sync-runs.ts). */
  statsSyncRun: 2123,
  /** Recomputing the stored standings (recompute-standings.ts). */
  standingsRecompute: 2124,
  /** Placing member changes on the stored standings (place-member-changes.ts). */
  standingsPlacing: 2125,
  /**
   * Scheduled jobs (plugins/app/scheduler/scheduler.ts; mail-retry-job.ts, stats-sync-schedule.ts,
   * standings-service.ts): one run of a job at a time across instances.
   */
  mailRetryJob: 2131,
  statsSyncJob: 2132,
  standingsRefreshJob: 2133,
  /** Placing member changes, beside a rebuild the refresh job may be running (standings-service.ts). */
  standingsPlacingJob: 2137,
  /** Goal alerts (notifications/goal-alerts/goal-alerts-job.ts). */
  goalAlertsJob: 2134,
  /** The deadline reminders and the picks receipt (deadline-mails-job.ts). */
  deadlineMailsJob: 2136,
} as const;
