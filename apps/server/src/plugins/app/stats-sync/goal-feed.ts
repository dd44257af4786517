import { z } from 'zod';
import { seasonFactsSchema } from '../season/season-facts.schemas.ts';

/**
 * What every goals source gives the sync, whether the FPL API or a folder of FPL CSV files:
 * the players it knows (with their club spells as far as it can tell) and every goal of the
 * fixtures it covers. Same shapes as the committed season facts.
 */
export const goalFeedSchema = z.object({
  /** As in the season facts, except that a first spell may start after the first gameweek when the source cannot tell. */
  players: seasonFactsSchema.shape.players,
  goals: seasonFactsSchema.shape.goals,
  /** Gameweeks the feed has data for (every gameweek that has started). */
  gameweeks: z.array(z.int().min(1)),
  /**
   * Fixtures whose goals the feed holds completely: a stored goal of one of them that the feed
   * no longer has was taken away (a correction) and is removed.
   */
  coveredFixtureIds: z.array(z.int()),
});
export type GoalFeed = z.infer<typeof goalFeedSchema>;
export type FeedPlayer = GoalFeed['players'][number];
export type FeedGoal = GoalFeed['goals'][number];

/** A source that cannot be read or whose answer is not what it should be. Nothing is written. */
export class FeedError extends Error {
  override name = 'FeedError';

  constructor(
    /** The URL, file or folder at fault. */
    readonly location: string,
    detail: string,
  ) {
    super(`${location}: ${detail}`);
  }
}

/** The first problems of a failed validation in one line, e.g. `elements.3.team: Invalid input: expected number`. */
export function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`)
    .join('; ');
}
