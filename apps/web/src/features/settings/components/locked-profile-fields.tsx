import type { Club } from '@hit21/core';
import { Lock } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { CountryFlag } from '../../../components/ui/country-flag.tsx';
import { Jersey } from '../../../components/ui/jersey.tsx';
import { Label } from '../../../components/ui/label.tsx';

export interface LockedProfileFieldsProps {
  email: string;
  /** The full country name, with its flag when known. */
  country: { name: string; code?: string } | null;
  favouriteClub: string | null;
  /** The favourite club, to show its shirt. */
  club?: Club;
}

/** E-mail, country and favourite club: shown, never editable. */
export function LockedProfileFields({ email, country, favouriteClub, club }: LockedProfileFieldsProps) {
  const explanationId = useId();
  return (
    <div className="flex flex-col gap-4">
      <p
        id={explanationId}
        className="flex items-start gap-2 rounded-lg bg-stone-100 px-3.5 py-3 text-muted text-sm"
      >
        <Lock aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        <span>
          Your email is how you sign in, and your country and favourite team decide which country and club
          leaderboards you play on, so they can't be changed.
        </span>
      </p>
      <LockedField label="Email" value={email} describedBy={explanationId} />
      <LockedField
        label="Country"
        value={country?.name ?? 'Not set'}
        describedBy={explanationId}
        adornment={country?.code ? <CountryFlag code={country.code} className="h-4" /> : null}
      />
      <LockedField
        label="Favourite Team"
        value={favouriteClub ?? 'Not set'}
        describedBy={explanationId}
        adornment={club ? <Jersey club={club} size="sm" /> : null}
      />
    </div>
  );
}

function LockedField({
  label,
  value,
  describedBy,
  adornment,
}: {
  label: string;
  value: string;
  describedBy: string;
  adornment?: ReactNode;
}) {
  const inputId = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={inputId} className="flex items-center gap-1.5">
        {label}
        <span className="inline-flex items-center gap-1 font-normal text-muted text-xs">
          <Lock aria-hidden="true" className="size-3" />
          Locked
        </span>
      </Label>
      <div className="relative">
        {adornment ? (
          <span
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3 flex w-10 -translate-y-1/2 justify-center"
          >
            {adornment}
          </span>
        ) : null}
        <input
          id={inputId}
          type="text"
          readOnly
          value={value}
          aria-describedby={describedBy}
          className={
            adornment
              ? 'block min-h-11 w-full min-w-0 truncate rounded-lg border border-stone-200 bg-stone-50 py-2 pr-10 pl-15 text-base text-ink'
              : 'block min-h-11 w-full min-w-0 truncate rounded-lg border border-stone-200 bg-stone-50 py-2 pr-10 pl-3.5 text-base text-ink'
          }
        />
        <Lock
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 right-3.5 size-4 -translate-y-1/2 text-muted"
        />
      </div>
    </div>
  );
}
