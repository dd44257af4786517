import {
  AppError,
  GOAL_ALERT_PREFERENCE_LABELS,
  GOAL_ALERT_PREFERENCES,
  type GoalAlertPreference,
  type Profile,
} from '@hit21/core';
import { RadioGroup } from 'radix-ui';
import { useId } from 'react';
import { cn } from '../../../lib/cn.ts';
import { toast } from '../../../lib/toast.ts';
import { useUpdateGoalAlerts } from '../api/update-goal-alerts.ts';

/** Which goal alerts reach the bell: three radio cards, saved as soon as one is chosen. */
export function GoalAlertsPreference({ profile }: { profile: Profile }) {
  const idPrefix = useId();
  const updateGoalAlerts = useUpdateGoalAlerts({
    onSuccess: (saved) => {
      toast.success({
        title: 'Goal Alerts Updated',
        message: GOAL_ALERT_PREFERENCE_LABELS[saved.goalAlerts].hint,
      });
    },
    onError: (error) => {
      if (error instanceof AppError && error.code === 'UNAUTHENTICATED') {
        toast.error({
          title: 'Authentication Error',
          message: 'Please log in again to update your preferences.',
        });
        return;
      }
      toast.error({
        title: 'Failed to Update Goal Alerts',
        message: error instanceof AppError ? error.userMessage : 'Please try again.',
      });
    },
  });

  function handleChange(next: string) {
    const goalAlerts = next as GoalAlertPreference;
    // The group is never disabled while saving (it would drop the keyboard's focus): a choice
    // made meanwhile is saved after the one on its way (the mutation's scope).
    if (goalAlerts === profile.goalAlerts) return;
    updateGoalAlerts.mutate({ goalAlerts });
  }

  return (
    <RadioGroup.Root
      value={profile.goalAlerts}
      onValueChange={handleChange}
      aria-label="Goal alerts"
      aria-busy={updateGoalAlerts.isPending || undefined}
      className="flex flex-col gap-2.5"
    >
      {GOAL_ALERT_PREFERENCES.map((preference) => {
        const itemId = `${idPrefix}-${preference}`;
        const { label, hint } = GOAL_ALERT_PREFERENCE_LABELS[preference];
        const isChecked = preference === profile.goalAlerts;
        return (
          <label
            key={preference}
            htmlFor={itemId}
            className={cn(
              'flex min-h-13 cursor-pointer items-start gap-3 rounded-xl border bg-white px-4 py-3 transition-colors',
              isChecked
                ? 'border-pitch-700 bg-pitch-50 ring-1 ring-pitch-700 ring-inset'
                : 'border-stone-300 hover:border-stone-400 hover:bg-stone-50',
            )}
          >
            <RadioGroup.Item
              id={itemId}
              value={preference}
              aria-labelledby={`${itemId}-label`}
              aria-describedby={`${itemId}-hint`}
              className="mt-0.5 grid size-5 shrink-0 place-items-center rounded-full border-2 border-stone-400 bg-white data-[state=checked]:border-pitch-700"
            >
              <RadioGroup.Indicator className="size-2.5 rounded-full bg-pitch-700" />
            </RadioGroup.Item>
            <span className="flex min-w-0 flex-col gap-0.5">
              <span id={`${itemId}-label`} className="font-medium">
                {label}
              </span>
              <span id={`${itemId}-hint`} className="text-muted text-sm">
                {hint}
              </span>
            </span>
          </label>
        );
      })}
    </RadioGroup.Root>
  );
}
