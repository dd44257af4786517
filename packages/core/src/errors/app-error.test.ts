import { describe, expect, it } from 'vitest';
import { AppError, isAppErrorWithReason } from './app-error.ts';
import { APP_ERROR_STATUS } from './app-error-codes.ts';
import { APP_ERROR_REASONS, isAppErrorReason } from './app-error-reasons.ts';

describe('AppError reasons', () => {
  it('carries the reason in the body a screen receives', () => {
    const error = new AppError('FORBIDDEN', {
      reason: 'SQUAD_LOCKED',
      message: 'locked',
      userMessage: 'Team editing is disabled',
    });
    expect(error.statusCode).toBe(403);
    expect(error.toBody()).toEqual({
      code: 'FORBIDDEN',
      reason: 'SQUAD_LOCKED',
      message: 'locked',
      userMessage: 'Team editing is disabled',
    });
  });

  it('leaves the reason out of the body when there is none', () => {
    expect(new AppError('INTERNAL', { message: 'boom' }).toBody()).not.toHaveProperty('reason');
  });

  it('tells refusals apart by reason, whatever their wording', () => {
    const error = new AppError('INVALID_REQUEST', { reason: 'COUNTRY_NOT_SET', message: 'any words' });
    expect(isAppErrorWithReason(error, 'COUNTRY_NOT_SET')).toBe(true);
    expect(isAppErrorWithReason(error, 'FAVOURITE_CLUB_NOT_SET', 'COUNTRY_NOT_SET')).toBe(true);
    expect(isAppErrorWithReason(error, 'FAVOURITE_CLUB_NOT_SET')).toBe(false);
    expect(
      isAppErrorWithReason(new AppError('INVALID_REQUEST', { message: 'any words' }), 'COUNTRY_NOT_SET'),
    ).toBe(false);
    expect(isAppErrorWithReason(new Error('COUNTRY_NOT_SET'), 'COUNTRY_NOT_SET')).toBe(false);
  });

  it('declares every reason under a known code', () => {
    for (const code of Object.values(APP_ERROR_REASONS)) expect(APP_ERROR_STATUS).toHaveProperty(code);
    expect(isAppErrorReason('SQUAD_LOCKED')).toBe(true);
    expect(isAppErrorReason('toString')).toBe(false);
    expect(isAppErrorReason('Team editing is disabled')).toBe(false);
  });

  it('accepts only a reason declared under the code (checked by the type checker)', () => {
    // @ts-expect-error SQUAD_LOCKED travels as FORBIDDEN, not NOT_FOUND
    const mismatched = new AppError('NOT_FOUND', { reason: 'SQUAD_LOCKED', message: 'x' });
    expect(mismatched.code).toBe('NOT_FOUND');
  });
});
