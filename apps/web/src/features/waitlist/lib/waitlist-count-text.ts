/** The waitlist count as a sentence around its number, which the card sets in bold. */
export interface CountSentence {
  before: string;
  /** Null when there is no number to show (nobody yet, or the count failed to load). */
  count: number | null;
  after: string;
}

/**
 * The one figure the card shows is the server's real count, before and after joining, so it
 * can only go up as fans join (it never mixes a displayed base with the real count).
 */
export function waitlistCountSentence(count: number | null, hasJoined: boolean): CountSentence {
  if (count === null) return { before: 'Join the fans on the waitlist', count: null, after: '' };
  if (hasJoined) {
    return {
      before: '',
      count,
      after: count === 1 ? ' fan is on the waitlist' : ' fans are on the waitlist',
    };
  }
  if (count === 0) return { before: 'Be the first fan on the waitlist', count: null, after: '' };
  return {
    before: 'Join ',
    count,
    after: count === 1 ? ' fan already on the waitlist' : ' fans already on the waitlist',
  };
}
