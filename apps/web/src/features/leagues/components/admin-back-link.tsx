import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';

/** The small link at the top of an admin page back to where the admin came from. */
export function AdminBackLink({ to, children }: { to: string; children: string }) {
  return (
    <Link
      to={to}
      className="inline-flex min-h-11 items-center gap-2 self-start rounded-lg font-display font-medium text-felt-900 text-sm uppercase tracking-wide hover:underline"
    >
      <ArrowLeft aria-hidden="true" className="size-4" />
      {children}
    </Link>
  );
}
