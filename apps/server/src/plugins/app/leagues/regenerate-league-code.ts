import { randomBytes as cryptoRandomBytes } from 'node:crypto';
import { generateLeagueCode } from '@hit21/core';
import type { Database } from '../../../db/database.ts';
import { requireLeagueAdmin } from './league-access.ts';
import { replaceLeagueCode } from './league-admin-repository.ts';

/** Codes are 36^8 ≈ 2.8 × 10^12: a few tries always find a free one. */
const CODE_ATTEMPTS = 10;

/** The admin replaces the league's code; the old one stops working at once (joins look codes up afresh). */
export async function regenerateLeagueCode(options: {
  db: Database;
  leagueId: string;
  userId: string;
  randomBytes?: (count: number) => Uint8Array;
}): Promise<void> {
  const { db, leagueId, userId, randomBytes = cryptoRandomBytes } = options;
  await db.transaction(async (tx) => {
    await requireLeagueAdmin(tx, leagueId, userId, { lock: true });
    for (let attempt = 0; attempt < CODE_ATTEMPTS; attempt += 1) {
      if (await replaceLeagueCode(tx, leagueId, generateLeagueCode(randomBytes))) return;
    }
    throw new Error(`No free league code after ${CODE_ATTEMPTS} attempts`);
  });
}
