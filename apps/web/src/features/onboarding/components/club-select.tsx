import type { Club } from '@hit21/core';
import { Check, ChevronDown } from 'lucide-react';
import { Select } from 'radix-ui';
import { Jersey } from '../../../components/ui/jersey.tsx';
import { cn } from '../../../lib/cn.ts';

export interface ClubSelectProps {
  id: string;
  clubs: readonly Club[];
  /** The chosen club's full name, or '' for none. */
  value: string;
  onChange: (clubName: string) => void;
  isInvalid?: boolean;
  describedBy?: string;
}

/** A list of the season's clubs with their shirts; keyboard: Enter or Space opens, type to jump. */
export function ClubSelect({ id, clubs, value, onChange, isInvalid = false, describedBy }: ClubSelectProps) {
  const selected = clubs.find((club) => club.name === value);
  return (
    <Select.Root value={selected ? selected.name : ''} onValueChange={onChange}>
      <Select.Trigger
        id={id}
        aria-invalid={isInvalid || undefined}
        aria-describedby={describedBy}
        className="flex min-h-13 w-full min-w-0 items-center gap-3 rounded-lg border border-stone-300 bg-white px-3.5 py-1.5 text-left text-base text-ink shadow-xs transition-colors hover:border-stone-400 focus-visible:border-felt-900 aria-invalid:border-bust-700 data-placeholder:text-stone-500"
      >
        {selected ? <Jersey club={selected} size="sm" /> : null}
        <span className="min-w-0 flex-1 truncate">
          <Select.Value placeholder="Choose your team" />
        </span>
        <Select.Icon>
          <ChevronDown aria-hidden="true" className="size-5 text-muted" />
        </Select.Icon>
      </Select.Trigger>
      <Select.Portal>
        <Select.Content
          position="popper"
          sideOffset={6}
          collisionPadding={12}
          className="z-50 max-h-[min(22rem,var(--radix-select-content-available-height))] w-(--radix-select-trigger-width) overflow-hidden rounded-xl border border-line bg-white shadow-xl shadow-stone-900/10 data-[state=open]:animate-fade-in"
        >
          <Select.Viewport className="p-1.5">
            {clubs.map((club) => (
              <Select.Item
                key={club.code}
                value={club.name}
                className={cn(
                  'flex min-h-12 cursor-pointer select-none items-center gap-3 rounded-lg px-2.5 py-1 text-base outline-none',
                  'data-highlighted:bg-felt-50 data-highlighted:text-felt-900 data-[state=checked]:font-semibold',
                )}
              >
                <Jersey club={club} size="sm" />
                <Select.ItemText>{club.name}</Select.ItemText>
                <span className="numeric ml-auto text-muted text-sm tracking-widest">{club.code}</span>
                <Select.ItemIndicator>
                  <Check aria-hidden="true" className="size-4 text-pitch-700" />
                </Select.ItemIndicator>
              </Select.Item>
            ))}
          </Select.Viewport>
        </Select.Content>
      </Select.Portal>
    </Select.Root>
  );
}
