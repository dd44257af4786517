import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import { verifyPassword } from 'better-auth/crypto';
import type { PasswordHasher } from '../../src/plugins/external/auth.ts';

const scryptAsync = promisify(scrypt) as (
  password: string,
  salt: string,
  length: number,
  options: { N: number; r: number; p: number },
) => Promise<Buffer>;

const PREFIX = 'test-scrypt:';
const COST = { N: 1024, r: 8, p: 1 };

/**
 * scrypt at a small fraction of better-auth's cost: the tests sign up hundreds of accounts, and
 * each hash at the real cost takes a good part of a core for a tenth of a second. Hashes made
 * elsewhere (better-auth's own, in a test that stored one) are still checked the real way. The
 * apps some tests build without buildTestApp keep better-auth's hashing.
 */
export const cheapPasswordHasher: PasswordHasher = {
  async hash(password) {
    const salt = randomBytes(16).toString('hex');
    const key = await scryptAsync(password.normalize('NFKC'), salt, 64, COST);
    return `${PREFIX}${salt}:${key.toString('hex')}`;
  },
  async verify({ hash, password }) {
    if (!hash.startsWith(PREFIX)) return verifyPassword({ hash, password });
    const [salt = '', key = ''] = hash.slice(PREFIX.length).split(':');
    const actual = await scryptAsync(password.normalize('NFKC'), salt, 64, COST);
    const expected = Buffer.from(key, 'hex');
    return expected.length === actual.length && timingSafeEqual(expected, actual);
  },
};
