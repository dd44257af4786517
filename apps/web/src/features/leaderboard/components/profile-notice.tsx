import { Info, Settings } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { paths } from '../../../config/paths.ts';

/** Why the country or club board did not open, with the way to fix it. */
export function ProfileNotice({ message }: { message: string }) {
  return (
    <div
      role="alert"
      className="flex flex-col gap-3 rounded-xl bg-warning-100 px-4 py-3 text-ink ring-1 ring-warning-500/50 ring-inset sm:flex-row sm:items-center sm:justify-between"
    >
      <p className="flex items-start gap-2.5 text-sm">
        <Info aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-warning-700" />
        <span>{message} You can update your profile in Settings.</span>
      </p>
      <Button asChild size="sm" variant="secondary" className="self-start sm:self-auto">
        <Link to={paths.settings.getHref()}>
          <Settings aria-hidden="true" />
          Go to Settings
        </Link>
      </Button>
    </div>
  );
}
