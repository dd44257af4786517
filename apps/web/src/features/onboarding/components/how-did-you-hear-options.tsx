import { HOW_DID_YOU_HEAR_OPTIONS, type HowDidYouHear } from '@hit21/core';
import { RadioGroup } from 'radix-ui';
import { cn } from '../../../lib/cn.ts';

export interface HowDidYouHearOptionsProps {
  /** Each option's radio gets the id `${idPrefix}-${value}`. */
  idPrefix: string;
  value: HowDidYouHear | '';
  onChange: (value: HowDidYouHear) => void;
  labelledBy: string;
  isInvalid?: boolean;
  describedBy?: string;
}

/** The options as large radio cards; arrow keys move between them. */
export function HowDidYouHearOptions({
  idPrefix,
  value,
  onChange,
  labelledBy,
  isInvalid = false,
  describedBy,
}: HowDidYouHearOptionsProps) {
  return (
    <RadioGroup.Root
      value={value === '' ? undefined : value}
      onValueChange={(next) => onChange(next as HowDidYouHear)}
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      aria-invalid={isInvalid || undefined}
      className="grid gap-2.5 sm:grid-cols-2"
    >
      {HOW_DID_YOU_HEAR_OPTIONS.map((option) => {
        const itemId = `${idPrefix}-${option.value}`;
        const isChecked = option.value === value;
        return (
          <label
            key={option.value}
            htmlFor={itemId}
            className={cn(
              'flex min-h-13 cursor-pointer items-center gap-3 rounded-xl border bg-white px-4 py-2.5 transition-colors',
              isChecked
                ? 'border-pitch-700 bg-pitch-50 ring-1 ring-pitch-700 ring-inset'
                : 'border-stone-300 hover:border-stone-400 hover:bg-stone-50',
            )}
          >
            <RadioGroup.Item
              id={itemId}
              value={option.value}
              className="grid size-5 shrink-0 place-items-center rounded-full border-2 border-stone-400 bg-white data-[state=checked]:border-pitch-700"
            >
              <RadioGroup.Indicator className="size-2.5 rounded-full bg-pitch-700" />
            </RadioGroup.Item>
            <span className="font-medium">{option.label}</span>
          </label>
        );
      })}
    </RadioGroup.Root>
  );
}
