import { Check, ChevronDown } from 'lucide-react';
import { Select as SelectPrimitive } from 'radix-ui';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';

export interface SelectOption {
  value: string;
  label: string;
  /** Drawn before the label, in the list and on the closed select, e.g. a club's jersey. */
  icon?: ReactNode;
  /** Drawn at the end of the option's row in the list, e.g. a club's three-letter code. */
  aside?: ReactNode;
}

/**
 * `compact`: a toolbar dropdown (filters, page sizes) in the display face.
 * `field`: a form field as tall as the text inputs, with a placeholder and an error state.
 */
export type SelectSize = 'compact' | 'field';

export interface SelectProps {
  value: string;
  options: readonly SelectOption[];
  onChange: (value: string) => void;
  size?: SelectSize;
  /** The id a visible `<Label htmlFor>` points at; the label then names the select. */
  id?: string;
  /** The accessible name when there is no visible label, e.g. "Team". */
  'aria-label'?: string;
  /** Shown while no option is chosen (`value` is '' or unknown). */
  placeholder?: string;
  isInvalid?: boolean;
  /** Ids of the help or error text the select is described by. */
  describedBy?: string;
  className?: string;
}

const TRIGGER_STYLES: Record<SelectSize, string> = {
  compact: 'min-h-11 gap-2 px-3 font-display font-medium text-sm uppercase tracking-wide',
  field: 'min-h-13 w-full gap-3 px-3.5 py-1.5 text-base',
};

const CHEVRON_SIZE: Record<SelectSize, string> = { compact: 'size-4', field: 'size-5' };

const CONTENT_WIDTH: Record<SelectSize, string> = {
  // A compact trigger can be narrower than its longest option ("All Teams" in a w-20 box).
  compact: 'min-w-(--radix-select-trigger-width)',
  field: 'w-(--radix-select-trigger-width)',
};

const ITEM_STYLES: Record<SelectSize, string> = {
  compact: 'min-h-11 gap-2.5 text-sm',
  field: 'min-h-12 gap-3 text-base',
};

/**
 * The one dropdown of the app (Radix Select): keyboard Enter or Space opens it, arrows move,
 * typing jumps to an option. Name it with a visible `<Label htmlFor={id}>` or `aria-label`.
 */
export function Select({
  value,
  options,
  onChange,
  size = 'compact',
  id,
  'aria-label': ariaLabel,
  placeholder,
  isInvalid = false,
  describedBy,
  className,
}: SelectProps) {
  const selected = options.find((option) => option.value === value);
  return (
    <SelectPrimitive.Root value={selected ? selected.value : ''} onValueChange={onChange}>
      <SelectPrimitive.Trigger
        id={id}
        aria-label={ariaLabel}
        aria-invalid={isInvalid || undefined}
        aria-describedby={describedBy}
        className={cn(
          'flex min-w-0 items-center rounded-lg border border-stone-300 bg-white text-left text-ink shadow-xs transition-colors hover:border-stone-400 focus-visible:border-felt-900 aria-invalid:border-bust-700 data-placeholder:text-stone-500',
          TRIGGER_STYLES[size],
          className,
        )}
      >
        {selected?.icon}
        <span className="min-w-0 flex-1 truncate">
          <SelectPrimitive.Value placeholder={placeholder}>{selected?.label}</SelectPrimitive.Value>
        </span>
        <SelectPrimitive.Icon>
          <ChevronDown aria-hidden="true" className={cn('text-muted', CHEVRON_SIZE[size])} />
        </SelectPrimitive.Icon>
      </SelectPrimitive.Trigger>
      <SelectPrimitive.Portal>
        <SelectPrimitive.Content
          position="popper"
          sideOffset={6}
          collisionPadding={12}
          className={cn(
            'z-50 max-h-[min(22rem,var(--radix-select-content-available-height))] overflow-hidden rounded-xl border border-line bg-white shadow-stone-900/10 shadow-xl data-[state=open]:animate-fade-in',
            CONTENT_WIDTH[size],
          )}
        >
          <SelectPrimitive.Viewport className="p-1.5">
            {options.map((option) => (
              <SelectPrimitive.Item
                key={option.value}
                value={option.value}
                className={cn(
                  'flex cursor-pointer select-none items-center rounded-lg px-2.5 py-1 outline-none data-highlighted:bg-felt-50 data-[state=checked]:font-semibold data-highlighted:text-felt-900',
                  ITEM_STYLES[size],
                )}
              >
                {option.icon}
                <SelectPrimitive.ItemText>{option.label}</SelectPrimitive.ItemText>
                {option.aside ? <span className="ml-auto">{option.aside}</span> : null}
                <SelectPrimitive.ItemIndicator className={option.aside ? undefined : 'ml-auto pl-2'}>
                  <Check aria-hidden="true" className="size-4 text-pitch-700" />
                </SelectPrimitive.ItemIndicator>
              </SelectPrimitive.Item>
            ))}
          </SelectPrimitive.Viewport>
        </SelectPrimitive.Content>
      </SelectPrimitive.Portal>
    </SelectPrimitive.Root>
  );
}
