import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { prepareDatabase } from '../../src/db/prepare-database.ts';
import { findActiveSeason } from '../../src/plugins/app/season/season-repository.ts';
import { markMemberChanged } from '../../src/plugins/app/standings/member-changes-repository.ts';
import { placeMemberChanges } from '../../src/plugins/app/standings/place-member-changes.ts';
import { recomputeStandings } from '../../src/plugins/app/standings/recompute-standings.ts';
import { openScratchDatabase } from '../bench-population.ts';
import { addPopulation } from '../standings-population.ts';

const size = Number(process.env.SIZE ?? 3_000_000);
const dataDir = await mkdtemp(path.join(tmpdir(), 'place-profile-'));
const scratch = await openScratchDatabase('postgres://postgres@127.0.0.1:5432/test', dataDir);
const { database } = scratch;
try {
  await prepareDatabase(database);
  const season = await findActiveSeason(database.db);
  let t = performance.now();
  await addPopulation(database.db, { seasonId: season.id, size });
  console.log('population', ((performance.now() - t) / 1000).toFixed(1));
  t = performance.now();
  await recomputeStandings({ database, season, now: new Date('2026-01-05T12:00:00Z') });
  console.log('board', ((performance.now() - t) / 1000).toFixed(1));
  await database.db.execute(sql`vacuum analyze standings`);
  for (const batch of [1, 1, 10, 100]) {
    const { userIds } = await addPopulation(database.db, {
      seasonId: season.id,
      size: batch,
      idPrefix: `late${batch}-${Math.random().toString(36).slice(2, 6)}`,
      seed: batch,
    });
    for (const id of userIds) await markMemberChanged(database.db, id);

    t = performance.now();
    const result = await placeMemberChanges({ database, season });
    console.log('placed', batch, JSON.stringify(result), ((performance.now() - t) / 1000).toFixed(2));
  }
} finally {
  await scratch.close();
}
