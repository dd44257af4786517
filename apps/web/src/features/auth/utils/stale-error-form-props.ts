import type { FormEvent } from 'react';

/**
 * A form's submit and change handlers for a screen that shows the last server error: a new
 * attempt or an edit makes that error stale, so it goes at once, even when the new attempt
 * stops at the form's own checks.
 */
export function staleErrorFormProps(
  clearError: () => void,
  submit: (event: FormEvent<HTMLFormElement>) => Promise<void>,
) {
  return {
    onSubmit(event: FormEvent<HTMLFormElement>) {
      clearError();
      void submit(event);
    },
    onChange: clearError,
  };
}
