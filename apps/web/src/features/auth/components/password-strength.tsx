import { type PasswordStrengthLabel, passwordStrength } from '@hit21/core';
import { Check, Circle } from 'lucide-react';
import { cn } from '../../../lib/cn.ts';

/** Four bars: Weak fills one, Fair two, Good three, Strong all four. */
const LEVELS: Record<PasswordStrengthLabel, { bars: number; bar: string; text: string }> = {
  none: { bars: 0, bar: '', text: 'text-muted' },
  Weak: { bars: 1, bar: 'bg-bust-500', text: 'text-bust-700' },
  Fair: { bars: 2, bar: 'bg-warning-500', text: 'text-warning-700' },
  Good: { bars: 3, bar: 'bg-pitch-500', text: 'text-pitch-700' },
  Strong: { bars: 4, bar: 'bg-pitch-700', text: 'text-pitch-800' },
};

export interface PasswordStrengthProps {
  password: string;
  /** For the checklist, so the password input can point at it with aria-describedby. */
  checklistId?: string;
}

/**
 * The live strength meter (none, Weak, Fair, Good, Strong) and the checklist of the five
 * rules, both computed by the one password policy of @hit21/core.
 */
export function PasswordStrength({ password, checklistId }: PasswordStrengthProps) {
  const strength = passwordStrength(password);
  const level = LEVELS[strength.label];
  return (
    <div className="flex flex-col gap-3 rounded-xl bg-stone-50 p-3.5 ring-1 ring-line ring-inset">
      <div data-testid="password-strength" data-strength={strength.label} className="flex flex-col gap-1.5">
        <div className="flex items-center justify-between text-sm">
          <span className="font-medium text-ink">Password strength</span>
          {/* Announced when the level changes, not on every keystroke. */}
          <span
            aria-live="polite"
            className={cn('font-display font-semibold uppercase tracking-wide', level.text)}
          >
            {strength.label === 'none' ? '' : strength.label}
          </span>
        </div>
        <div aria-hidden="true" className="grid grid-cols-4 gap-1.5">
          {[0, 1, 2, 3].map((bar) => (
            <span
              key={bar}
              className={cn(
                'h-1.5 rounded-full transition-colors',
                bar < level.bars ? level.bar : 'bg-stone-200',
              )}
            />
          ))}
        </div>
      </div>
      <ul id={checklistId} aria-label="Password requirements" className="grid gap-1 text-sm sm:grid-cols-2">
        {strength.rules.map((rule) => (
          <li
            key={rule.id}
            data-met={rule.isMet}
            className={cn('flex items-center gap-2', rule.isMet ? 'text-pitch-800' : 'text-muted')}
          >
            {rule.isMet ? (
              <Check aria-hidden="true" className="size-4 shrink-0" strokeWidth={3} />
            ) : (
              <Circle aria-hidden="true" className="size-4 shrink-0" />
            )}
            <span>
              <span className="sr-only">{rule.isMet ? 'Done: ' : 'Still needed: '}</span>
              {rule.label}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
