const GOAL_DATE_FORMAT = new Intl.DateTimeFormat('en-GB', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});

/**
 * A kick-off in the reader's own time zone, en-GB style: "Sat 16 Aug 2025". Built from the
 * parts, because engines differ on the comma after the weekday.
 */
export function formatGoalDate(isoDateTime: string): string {
  const parts = GOAL_DATE_FORMAT.formatToParts(new Date(isoDateTime));
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((candidate) => candidate.type === type)?.value;
  return `${part('weekday')} ${part('day')} ${part('month')} ${part('year')}`;
}
