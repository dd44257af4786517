/**
 * A search's page is looked for in a board's first 30 rows before its count on the browser
 * tests' servers (support/global-setup.ts), so that the few dozen players of a test's board
 * behave as a large board does (leaderboard.test.ts).
 */
export const BROWSER_UNCOUNTED_WALK_ROWS = 30;
