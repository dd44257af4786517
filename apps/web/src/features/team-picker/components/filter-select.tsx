import { Check, ChevronDown } from 'lucide-react';
import { Select } from 'radix-ui';
import type { ReactNode } from 'react';
import { cn } from '../../../lib/cn.ts';

export interface FilterSelectOption {
  value: string;
  label: string;
  /** Drawn before the label, e.g. a club's jersey. */
  icon?: ReactNode;
}

export interface FilterSelectProps {
  /** The accessible name, e.g. "Team". */
  label: string;
  value: string;
  options: readonly FilterSelectOption[];
  onChange: (value: string) => void;
  className?: string;
}

/** A compact dropdown of the filter bar; keyboard: Enter or Space opens, type to jump. */
export function FilterSelect({ label, value, options, onChange, className }: FilterSelectProps) {
  const selected = options.find((option) => option.value === value);
  return (
    <Select.Root value={value} onValueChange={onChange}>
      <Select.Trigger
        aria-label={label}
        className={cn(
          'flex min-h-11 min-w-0 items-center gap-2 rounded-lg border border-stone-300 bg-white px-3 text-left font-display font-medium text-ink text-sm uppercase tracking-wide shadow-xs transition-colors hover:border-stone-400 focus-visible:border-felt-900',
          className,
        )}
      >
        {selected?.icon}
        <span className="min-w-0 flex-1 truncate">
          <Select.Value>{selected?.label}</Select.Value>
        </span>
        <Select.Icon>
          <ChevronDown aria-hidden="true" className="size-4 text-muted" />
        </Select.Icon>
      </Select.Trigger>
      <Select.Portal>
        <Select.Content
          position="popper"
          sideOffset={6}
          collisionPadding={12}
          className="z-50 max-h-[min(22rem,var(--radix-select-content-available-height))] min-w-(--radix-select-trigger-width) overflow-hidden rounded-xl border border-line bg-white shadow-stone-900/10 shadow-xl data-[state=open]:animate-fade-in"
        >
          <Select.Viewport className="p-1.5">
            {options.map((option) => (
              <Select.Item
                key={option.value}
                value={option.value}
                className="flex min-h-11 cursor-pointer select-none items-center gap-2.5 rounded-lg px-2.5 py-1 text-sm outline-none data-highlighted:bg-felt-50 data-[state=checked]:font-semibold data-highlighted:text-felt-900"
              >
                {option.icon}
                <Select.ItemText>{option.label}</Select.ItemText>
                <Select.ItemIndicator className="ml-auto pl-2">
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
