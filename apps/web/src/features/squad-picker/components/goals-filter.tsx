import { ChevronDown } from 'lucide-react';
import { Popover } from 'radix-ui';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { FieldError } from '../../../components/ui/field-error.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { cn } from '../../../lib/cn.ts';
import { parseGoalBound } from '../player-query.ts';

export interface GoalsFilterProps {
  minGoals: number | null;
  maxGoals: number | null;
  onApply: (bounds: { minGoals: number | null; maxGoals: number | null }) => void;
}

const WHOLE_NUMBER_MESSAGE = 'Enter a whole number from 0 to 200';
const ORDER_MESSAGE = 'Min Goals must not be more than Max Goals';

/** The GOALS dropdown: bounds on last season's goals, applied with Apply, removed with Clear. */
export function GoalsFilter({ minGoals, maxGoals, onApply }: GoalsFilterProps) {
  const [isOpen, setIsOpen] = useState(false);
  const [minText, setMinText] = useState('');
  const [maxText, setMaxText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const isActive = minGoals !== null || maxGoals !== null;

  const open = (next: boolean) => {
    if (next) {
      // Each opening starts from the bounds in force.
      setMinText(minGoals === null ? '' : String(minGoals));
      setMaxText(maxGoals === null ? '' : String(maxGoals));
      setError(null);
    }
    setIsOpen(next);
  };

  const apply = (event: FormEvent) => {
    event.preventDefault();
    const min = parseGoalBound(minText);
    const max = parseGoalBound(maxText);
    if (min === undefined || max === undefined) return setError(WHOLE_NUMBER_MESSAGE);
    if (min !== null && max !== null && min > max) return setError(ORDER_MESSAGE);
    onApply({ minGoals: min, maxGoals: max });
    setIsOpen(false);
  };

  const clear = () => {
    onApply({ minGoals: null, maxGoals: null });
    setIsOpen(false);
  };

  return (
    <Popover.Root open={isOpen} onOpenChange={open}>
      <Popover.Trigger
        className={cn(
          'flex min-h-11 items-center gap-2 rounded-lg border px-3 font-display font-medium text-sm uppercase tracking-wide shadow-xs transition-colors',
          isActive
            ? 'border-felt-900 bg-felt-900 text-white hover:bg-felt-800'
            : 'border-stone-300 bg-white text-ink hover:border-stone-400',
        )}
      >
        Goals
        {isActive ? (
          <span className="numeric rounded bg-gold-400 px-1.5 text-felt-950 normal-case">
            {formatBounds(minGoals, maxGoals)}
          </span>
        ) : null}
        <ChevronDown aria-hidden="true" className="size-4" />
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="start"
          sideOffset={6}
          collisionPadding={12}
          aria-label="Last season goals"
          className="z-50 w-72 rounded-xl border border-line bg-white p-4 text-ink shadow-stone-900/10 shadow-xl data-[state=open]:animate-fade-in"
        >
          <form onSubmit={apply} noValidate className="flex flex-col gap-3">
            <p className="font-display font-semibold text-sm uppercase tracking-wide">Last season goals</p>
            <div className="grid grid-cols-2 gap-3">
              <div className="flex flex-col gap-1.5">
                <Label htmlFor={`${id}-min`}>Min Goals</Label>
                <Input
                  id={`${id}-min`}
                  type="number"
                  inputMode="numeric"
                  min={0}
                  max={200}
                  step={1}
                  placeholder="0"
                  value={minText}
                  onChange={(event) => setMinText(event.target.value)}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? `${id}-error` : undefined}
                />
              </div>
              <div className="flex flex-col gap-1.5">
                <Label htmlFor={`${id}-max`}>Max Goals</Label>
                <Input
                  id={`${id}-max`}
                  type="number"
                  inputMode="numeric"
                  min={0}
                  max={200}
                  step={1}
                  placeholder="20"
                  value={maxText}
                  onChange={(event) => setMaxText(event.target.value)}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? `${id}-error` : undefined}
                />
              </div>
            </div>
            <FieldError id={`${id}-error`}>{error ?? undefined}</FieldError>
            <div className="flex gap-2">
              <Button type="submit" size="sm" className="flex-1">
                Apply
              </Button>
              <Button type="button" size="sm" variant="secondary" className="flex-1" onClick={clear}>
                Clear
              </Button>
            </div>
          </form>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

function formatBounds(minGoals: number | null, maxGoals: number | null): string {
  if (minGoals !== null && maxGoals !== null) return `${minGoals}–${maxGoals}`;
  if (minGoals !== null) return `${minGoals}+`;
  return `≤${maxGoals}`;
}
