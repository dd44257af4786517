import { useDisplayTimeZone } from '../../../lib/use-hydrated.ts';
import { formatDateTime } from '../lib/format-date-time.ts';

/** A moment as `<time>`, in the reader's time zone once the page is theirs (UTC before). */
export function ReaderDateTime({ iso }: { iso: string }) {
  const timeZone = useDisplayTimeZone();
  return <time dateTime={iso}>{formatDateTime(iso, timeZone)}</time>;
}
