import { onboardingInputSchema, waitlistInputSchema } from '@hit21/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { configureValidationMessages, humanIssueMessage } from './validation-messages.ts';

const messages = (result: { error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe('validation messages for people', () => {
  beforeAll(() => configureValidationMessages());
  afterAll(() => z.config({ customError: undefined }));

  it("replaces zod's own text for a waitlist name over 100 characters", () => {
    const result = waitlistInputSchema.safeParse({ fullName: 'a'.repeat(101), email: 'fan@example.com' });
    const [message] = messages(result);
    expect(message).not.toMatch(/Too big|expected string|<=/);
    expect(message).toMatch(/100 characters/);
  });

  it('keeps a message the schema names', () => {
    expect(messages(waitlistInputSchema.safeParse({ fullName: '   ', email: 'fan@example.com' }))).toEqual([
      'Full name is required',
    ]);
  });

  it("never shows zod's raw wording on the forms' schemas", () => {
    const result = onboardingInputSchema.safeParse({
      fullName: 'x'.repeat(500),
      dob: 12,
      country: 'x'.repeat(101),
      favouriteClub: 'x'.repeat(101),
      howDidYouHear: 'other',
      howDidYouHearOther: 'x'.repeat(201),
    });
    expect(messages(result).length).toBeGreaterThan(2);
    for (const message of messages(result)) {
      expect(message).not.toMatch(/Too big|Too small|Invalid input|expected/);
    }
  });

  it.each([
    [
      { code: 'too_big', origin: 'string', maximum: 100, path: ['fullName'] },
      'Full name must be 100 characters or fewer',
    ],
    [{ code: 'too_small', origin: 'string', minimum: 1, path: ['email'] }, 'Email is required'],
    [
      { code: 'too_small', origin: 'string', minimum: 8, path: ['password'] },
      'Password must be at least 8 characters',
    ],
    [
      { code: 'invalid_type', expected: 'string', input: undefined, path: ['country'] },
      'Country is required',
    ],
    [{ code: 'invalid_format', format: 'email', path: ['email'] }, 'Email is invalid'],
    [
      { code: 'too_big', origin: 'string', maximum: 200, path: ['unknownField'] },
      'This field must be 200 characters or fewer',
    ],
  ])('words %o as "%s"', (issue, message) => {
    expect(humanIssueMessage({ input: 'x', ...issue } as Parameters<typeof humanIssueMessage>[0])).toBe(
      message,
    );
  });
});
