import { AppError, dateOfBirthProblem } from '@hit21/core';

/** A profile field the server refuses, named by its request path (`body.dob`) for the form. */
export function profileFieldRefusal(path: string, message: string): AppError {
  return new AppError('INVALID_REQUEST', {
    reason: 'INVALID_PROFILE_FIELD',
    message: `${path}: ${message}`,
    userMessage: message,
    issues: [{ path, message }],
  });
}

/** Refuses a date of birth the core rule refuses at `now` (under 18, in the future, implausible). */
export function assertDateOfBirthAllowed(dob: string, now: Date): void {
  const problem = dateOfBirthProblem(dob, now);
  if (problem) throw profileFieldRefusal('body.dob', problem);
}
