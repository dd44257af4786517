const DATE_TIME_OPTIONS: Intl.DateTimeFormatOptions = {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZoneName: 'short',
};

const READER_FORMAT = new Intl.DateTimeFormat('en-GB', DATE_TIME_OPTIONS);
const UTC_FORMAT = new Intl.DateTimeFormat('en-GB', { ...DATE_TIME_OPTIONS, timeZone: 'UTC' });

/**
 * A moment in the reader's own time zone, e.g. "Friday 15 August 2025 at 18:30 BST", or in
 * UTC (the page drawn on the server, lib/use-hydrated.ts).
 */
export function formatDateTime(isoDateTime: string, timeZone?: 'UTC'): string {
  return (timeZone === 'UTC' ? UTC_FORMAT : READER_FORMAT).format(new Date(isoDateTime));
}
