import { Check } from 'lucide-react';
import { cn } from '../../../lib/cn.ts';
import { ONBOARDING_STEPS, type OnboardingStep } from '../onboarding-form.ts';

/** "Step n of 3" over three labelled segments: done, current, to come. */
export function OnboardingProgress({ step }: { step: OnboardingStep }) {
  const total = ONBOARDING_STEPS.length;
  const current = ONBOARDING_STEPS[step];
  return (
    <div className="flex flex-col gap-3">
      <p className="numeric font-semibold text-muted text-sm uppercase tracking-widest">
        Step {step + 1} of {total}
      </p>
      <div
        role="progressbar"
        aria-label="Profile setup progress"
        aria-valuemin={1}
        aria-valuemax={total}
        aria-valuenow={step + 1}
        aria-valuetext={`Step ${step + 1} of ${total}: ${current.label}`}
        className="grid grid-cols-3 gap-1.5"
      >
        {ONBOARDING_STEPS.map((item, index) => (
          <span
            key={item.label}
            className={cn(
              'h-2 rounded-full transition-colors duration-300 motion-reduce:transition-none',
              index < step ? 'bg-pitch-700' : index === step ? 'bg-gold-400' : 'bg-stone-200',
            )}
          />
        ))}
      </div>
      <ol className="grid grid-cols-3 gap-1.5 text-xs sm:text-sm">
        {ONBOARDING_STEPS.map((item, index) => (
          <li
            key={item.label}
            aria-current={index === step ? 'step' : undefined}
            className={cn(
              'flex items-start gap-1 font-display uppercase leading-tight tracking-wide',
              index === step ? 'font-semibold text-felt-900' : index < step ? 'text-pitch-700' : 'text-muted',
            )}
          >
            {index < step ? <Check aria-hidden="true" className="mt-px size-3.5 shrink-0" /> : null}
            <span>
              {item.label}
              {index < step ? <span className="sr-only"> (done)</span> : null}
            </span>
          </li>
        ))}
      </ol>
    </div>
  );
}
