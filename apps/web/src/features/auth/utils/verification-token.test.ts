import { describe, expect, it } from 'vitest';
import { emailOfVerificationToken } from './verification-token.ts';

function base64url(value: string): string {
  return btoa(value).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

describe('the address of a verification link', () => {
  it('reads the e-mail from the token payload', () => {
    const token = `${base64url('{"alg":"HS256"}')}.${base64url('{"email":"Fan@Example.com","iat":1}')}.signature`;
    expect(emailOfVerificationToken(token)).toBe('fan@example.com');
  });

  it.each(['not-a-real-token', 'a.b.c', `x.${base64url('{"sub":"1"}')}.y`, ''])('is null for %j', (token) => {
    expect(emailOfVerificationToken(token)).toBeNull();
  });
});
