import { describe, expect, it } from 'vitest';
import { AuthClientError } from './auth-client-error.ts';
import { getSignUpErrorMessage, SIGN_UP_ERROR_MESSAGES } from './sign-up-error-message.ts';

describe('getSignUpErrorMessage', () => {
  it('explains an address the server takes no changes from, in the words of the server', () => {
    const userMessage = "This address isn't allowed to make changes. Open Hit21 at http://localhost:3000.";
    const error = new AuthClientError({
      code: 'FORBIDDEN',
      reason: 'CROSS_SITE_REQUEST',
      message: 'Cross-site POST /api/auth/sign-up/email from http://127.0.0.1:3000',
      userMessage,
      status: 403,
      statusText: 'Forbidden',
    });
    expect(getSignUpErrorMessage(error)).toBe(userMessage);
    expect(error.message).toBe(userMessage);
  });

  it.each([
    'User already exists. Use another email.',
    'Email already registered',
    'duplicate key value violates unique constraint "user_email_unique"',
    'UNIQUE CONSTRAINT failed',
  ])('reads "%s" as an e-mail that is already registered', (message) => {
    expect(getSignUpErrorMessage({ message, status: 422 })).toBe(SIGN_UP_ERROR_MESSAGES.alreadyRegistered);
  });

  it('reads better-auth codes as well as messages', () => {
    expect(getSignUpErrorMessage({ code: 'USER_ALREADY_EXISTS', status: 422 })).toBe(
      SIGN_UP_ERROR_MESSAGES.alreadyRegistered,
    );
    expect(getSignUpErrorMessage({ code: 'PASSWORD_TOO_SHORT', status: 400 })).toBe(
      SIGN_UP_ERROR_MESSAGES.password,
    );
  });

  it.each([
    'Password too short',
    'Password must meet all security requirements',
    'This password is too common. Please choose one that is harder to guess.',
  ])('reads "%s" as a password problem', (message) => {
    expect(getSignUpErrorMessage({ message, status: 400 })).toBe(SIGN_UP_ERROR_MESSAGES.password);
  });

  it('reads a rate limit from the message or from HTTP 429', () => {
    expect(getSignUpErrorMessage({ message: 'Rate limit exceeded', status: 400 })).toBe(
      SIGN_UP_ERROR_MESSAGES.rateLimited,
    );
    expect(getSignUpErrorMessage({ message: 'Too many requests. Please try again later.' })).toBe(
      SIGN_UP_ERROR_MESSAGES.rateLimited,
    );
    expect(
      getSignUpErrorMessage({ message: 'Slow down', status: 429, statusText: 'Too Many Requests' }),
    ).toBe(SIGN_UP_ERROR_MESSAGES.rateLimited);
    expect(getSignUpErrorMessage({ status: 429 })).toBe(SIGN_UP_ERROR_MESSAGES.rateLimited);
  });

  it('reads network and connection failures as a connection issue', () => {
    expect(getSignUpErrorMessage(new TypeError('NetworkError when attempting to fetch resource.'))).toBe(
      SIGN_UP_ERROR_MESSAGES.connection,
    );
    expect(getSignUpErrorMessage(new Error('Connection reset by peer'))).toBe(
      SIGN_UP_ERROR_MESSAGES.connection,
    );
  });

  it('reads a failed fetch (TypeError) as the server being unreachable', () => {
    expect(getSignUpErrorMessage(new TypeError('Failed to fetch'))).toBe(SIGN_UP_ERROR_MESSAGES.unreachable);
    expect(getSignUpErrorMessage(new TypeError('Load failed: fetch'))).toBe(
      SIGN_UP_ERROR_MESSAGES.unreachable,
    );
  });

  it('does not read another kind of error mentioning fetch as unreachable', () => {
    expect(getSignUpErrorMessage(new Error('could not fetch the user'))).toBe(SIGN_UP_ERROR_MESSAGES.failed);
  });

  it('reads timeouts', () => {
    expect(getSignUpErrorMessage(new Error('Request timeout'))).toBe(SIGN_UP_ERROR_MESSAGES.timeout);
    expect(getSignUpErrorMessage(new DOMException('The operation timed out.', 'TimeoutError'))).toBe(
      SIGN_UP_ERROR_MESSAGES.timeout,
    );
  });

  it('tries the rows in the order of the catalogue', () => {
    expect(getSignUpErrorMessage({ message: 'duplicate key on password column' })).toBe(
      SIGN_UP_ERROR_MESSAGES.alreadyRegistered,
    );
    expect(getSignUpErrorMessage({ message: 'password check timed out' })).toBe(
      SIGN_UP_ERROR_MESSAGES.password,
    );
  });

  it('falls back to "Failed to create account" for any other server message', () => {
    expect(getSignUpErrorMessage({ message: 'Internal Server Error', status: 500 })).toBe(
      SIGN_UP_ERROR_MESSAGES.failed,
    );
    expect(getSignUpErrorMessage('Something odd')).toBe(SIGN_UP_ERROR_MESSAGES.failed);
  });

  it('says "An unexpected error occurred" when there is nothing to read', () => {
    expect(getSignUpErrorMessage(undefined)).toBe(SIGN_UP_ERROR_MESSAGES.unexpected);
    expect(getSignUpErrorMessage(null)).toBe(SIGN_UP_ERROR_MESSAGES.unexpected);
    expect(getSignUpErrorMessage({})).toBe(SIGN_UP_ERROR_MESSAGES.unexpected);
    expect(getSignUpErrorMessage('')).toBe(SIGN_UP_ERROR_MESSAGES.unexpected);
  });
});
