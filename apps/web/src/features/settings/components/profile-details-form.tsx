import {
  AppError,
  dateOfBirthProblem,
  type Profile,
  type UpdateProfileInput,
  updateProfileInputSchema,
} from '@hit21/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { Save } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { toast } from '../../../lib/toast.ts';
import { useLocalToday } from '../../../lib/use-hydrated.ts';
import { useUpdateProfile } from '../api/update-profile.ts';

const UPDATE_FAILED_TITLE = 'Failed to update profile';
const UPDATE_FAILED_MESSAGE = 'An error occurred while updating your profile';

// The shared profile rules plus the server's age rule, so a refusal shows before sending.
const profileDetailsSchema = updateProfileInputSchema.superRefine((input, context) => {
  const problem = dateOfBirthProblem(input.dob, new Date());
  if (problem) context.addIssue({ code: 'custom', path: ['dob'], message: problem });
});

/** Full name and date of birth: the two profile fields a player can change. */
export function ProfileDetailsForm({ profile }: { profile: Profile }) {
  const updateProfile = useUpdateProfile();
  const defaultValues = { fullName: profile.fullName ?? '', dob: profile.dob ?? '' };
  const form = useForm<UpdateProfileInput>({ resolver: zodResolver(profileDetailsSchema), defaultValues });
  const today = useLocalToday();
  const { register, handleSubmit, setError, reset, formState } = form;
  const { errors, isDirty } = formState;

  const onSubmit = handleSubmit(async (input) => {
    try {
      const saved = await updateProfile.mutateAsync(input);
      reset({ fullName: saved.fullName ?? '', dob: saved.dob ?? '' });
      toast.success({ title: 'Profile Updated', message: 'Your name and date of birth have been saved.' });
    } catch (error) {
      if (!(error instanceof AppError) || error.code === 'INTERNAL' || error.code === 'UNAVAILABLE') {
        toast.error({ title: UPDATE_FAILED_TITLE, message: UPDATE_FAILED_MESSAGE });
        return;
      }
      for (const issue of error.issues ?? []) {
        const field = issue.path.replace(/^body\./, '');
        if (field === 'fullName' || field === 'dob') setError(field, { message: issue.message });
      }
      toast.error({ title: UPDATE_FAILED_TITLE, message: error.userMessage });
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
      <TextField
        label="Full Name"
        maxLength={100}
        autoComplete="name"
        autoCapitalize="words"
        error={errors.fullName?.message}
        // Registered fields get their value once running; the server's drawing needs it too.
        defaultValue={defaultValues.fullName}
        {...register('fullName')}
      />
      <TextField
        label="Date of Birth"
        type="date"
        autoComplete="bday"
        min="1900-01-01"
        max={today}
        hint="You must be 18 or over to play."
        error={errors.dob?.message}
        defaultValue={defaultValues.dob}
        {...register('dob')}
      />
      <div>
        <Button type="submit" isLoading={updateProfile.isPending} disabled={!isDirty}>
          {updateProfile.isPending ? null : <Save aria-hidden="true" />}
          Save Changes
        </Button>
      </div>
    </form>
  );
}
