import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../src/db/database.ts';
import { createTestDatabase, engines, testDatabaseUrl } from '../support/test-database.ts';

const ENGINES = engines('both', 'LISTEN and NOTIFY are implemented per engine');

async function until(condition: () => boolean | Promise<boolean>, timeoutMs = 5_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('Timed out waiting');
    await sleep(20);
  }
}

describe.each(ENGINES)('database notifications on %s', (engine) => {
  let database: DatabaseHandle;

  beforeAll(async () => {
    database = await createTestDatabase(engine, { migrate: false });
  });
  afterAll(async () => {
    await database.close();
  });

  it('delivers a NOTIFY sent by SQL to the listeners of its channel only', async () => {
    const received: string[] = [];
    const elsewhere: string[] = [];
    const stop = await database.listen('standings_changed', (payload) => received.push(payload));
    const stopOther = await database.listen('other_channel', (payload) => elsewhere.push(payload));
    await database.db.execute(sql`select pg_notify('standings_changed', '2025-26')`);
    await until(() => received.length === 1);
    expect(received).toEqual(['2025-26']);
    expect(elsewhere).toEqual([]);
    await stop();
    await stopOther();
  });

  it('delivers a notification sent in a transaction on its commit, and none from a rollback', async () => {
    const received: string[] = [];
    const stop = await database.listen('squad_saved', (payload) => received.push(payload));
    await database.db
      .transaction(async (tx) => {
        await database.notify('squad_saved', 'rolled back', tx);
        throw new Error('roll back');
      })
      .catch(() => {});
    await database.db.transaction(async (tx) => {
      await database.notify('squad_saved', 'committed', tx);
    });
    await until(() => received.length > 0);
    await sleep(100);
    expect(received).toEqual(['committed']);
    await stop();
  });

  it('stops delivering once unlistened, while other listeners of the channel still hear', async () => {
    const first: string[] = [];
    const second: string[] = [];
    const stopFirst = await database.listen('season_clock', (payload) => first.push(payload));
    const stopSecond = await database.listen('season_clock', (payload) => second.push(payload));
    await database.notify('season_clock', 'one');
    await until(() => first.length === 1 && second.length === 1);
    await stopFirst();
    await database.notify('season_clock', 'two');
    await until(() => second.length === 2);
    await sleep(100);
    expect(first).toEqual(['one']);
    expect(second).toEqual(['one', 'two']);
    await stopSecond();
    await database.notify('season_clock', 'three');
    await sleep(100);
    expect(second).toEqual(['one', 'two']);
  });

  it('refuses a channel name that is not a plain identifier', async () => {
    await expect(database.listen('Robert"); drop table users; --', () => {})).rejects.toThrow(
      /not a notification channel name/,
    );
    await expect(database.notify('bad channel', 'x')).rejects.toThrow(/not a notification channel name/);
  });

  describe.runIf(engine === 'postgres')('across instances', () => {
    let otherInstance: DatabaseHandle;
    let url: string;

    beforeAll(async () => {
      url = await testDatabaseUrl(database);
      otherInstance = await openDatabase({ engine: 'postgres', url });
    });
    afterAll(async () => {
      await otherInstance.close();
    });

    it('delivers what another instance notifies', async () => {
      const received: string[] = [];
      const stop = await database.listen('league_events', (payload) => received.push(payload));
      await otherInstance.notify('league_events', JSON.stringify({ leagueId: 7 }));
      await until(() => received.length === 1);
      expect(JSON.parse(received[0] ?? '')).toEqual({ leagueId: 7 });
      await stop();
    });

    it('listens again after its connection is cut, says so once, and hears what is sent after', async () => {
      const received: string[] = [];
      let reconnects = 0;
      let reconnectsElsewhere = 0;
      const stop = await database.listen('reminders', (payload) => received.push(payload), {
        onReconnect: () => {
          reconnects += 1;
        },
      });
      const stopElsewhere = await database.listen('other_reminders', () => {}, {
        onReconnect: () => {
          reconnectsElsewhere += 1;
        },
      });
      expect(reconnects).toBe(0);
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      try {
        const cut = await admin.query(
          `select pg_terminate_backend(pid) from pg_stat_activity
           where application_name = 'hit21-listener' and datname = current_database()`,
        );
        expect(cut.rowCount).toBe(1);
      } finally {
        await admin.end();
      }
      // Until the listener is back, a notification may be missed: keep sending until one arrives.
      await until(async () => {
        await otherInstance.notify('reminders', 'after the cut');
        return received.length > 0;
      });
      expect(received[0]).toBe('after the cut');
      // Told once the channel was listened to again, every channel's listener alike. The telling
      // follows the last channel's LISTEN, so a message on an earlier channel may arrive first.
      await until(() => reconnects > 0 && reconnectsElsewhere > 0);
      await otherInstance.notify('reminders', 'once more');
      await until(() => received.includes('once more'));
      expect(reconnects).toBe(1);
      expect(reconnectsElsewhere).toBe(1);
      await stop();
      await stopElsewhere();
    });
  });
});
