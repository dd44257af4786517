import { AppError, MARKETING_EMAILS_SWITCH, type Profile } from '@hit21/core';
import { Switch } from 'radix-ui';
import { useId } from 'react';
import { Label } from '../../../components/ui/label.tsx';
import { toast } from '../../../lib/toast.ts';
import { useUpdateMarketingPreference } from '../api/update-marketing-preference.ts';

/** The marketing e-mails switch (the deadline reminders too): moves at once, goes back if the server refuses. */
export function MarketingPreference({ profile }: { profile: Profile }) {
  const switchId = useId();
  const descriptionId = useId();
  const updatePreference = useUpdateMarketingPreference();

  function handleChange(isOptedIn: boolean) {
    // One change at a time; the switch keeps focus (a disabled switch would drop it).
    if (updatePreference.isPending) return;
    updatePreference.mutate(
      { isOptedIn, email: profile.email, name: profile.fullName },
      {
        onSuccess: () => {
          toast.success(
            isOptedIn
              ? {
                  title: 'Marketing Emails Enabled',
                  message: "We'll send you news, deadline reminders, tips and offers from Hit21.",
                }
              : {
                  title: 'Marketing Emails Disabled',
                  message: "We won't send you marketing emails any more.",
                },
          );
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
            title: isOptedIn ? 'Failed to Enable' : 'Failed to Disable',
            message: error instanceof AppError ? error.userMessage : undefined,
          });
        },
      },
    );
  }

  return (
    <div className="flex items-start justify-between gap-4">
      <div className="flex min-w-0 flex-col gap-1">
        <Label htmlFor={switchId} className="text-base">
          {MARKETING_EMAILS_SWITCH.label}
        </Label>
        <p id={descriptionId} className="text-muted text-sm">
          {MARKETING_EMAILS_SWITCH.hint}
        </p>
      </div>
      <Switch.Root
        id={switchId}
        checked={profile.marketingOptIn}
        onCheckedChange={handleChange}
        aria-describedby={descriptionId}
        aria-busy={updatePreference.isPending || undefined}
        className="group relative inline-flex h-11 w-16 shrink-0 cursor-pointer items-center rounded-full"
      >
        {/* The visible track is smaller than the 44 px target around it. */}
        <span
          aria-hidden="true"
          className="absolute inset-x-1 inset-y-2 rounded-full bg-stone-300 transition-colors group-data-[state=checked]:bg-pitch-700 motion-reduce:transition-none"
        />
        <Switch.Thumb className="relative ml-2 block size-5 rounded-full bg-white shadow-md transition-transform data-[state=checked]:translate-x-6 motion-reduce:transition-none" />
      </Switch.Root>
    </div>
  );
}
