import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { App } from '../../src/app.ts';
import { type DatabaseHandle, openDatabase } from '../../src/db/database.ts';
import { mailOutbox } from '../../src/db/schema/index.ts';
import {
  GIVE_UP_AFTER_MS,
  MAX_ATTEMPTS,
  MAX_RETRY_DELAY_MS,
  retryDelayMs,
} from '../../src/plugins/app/mail/mail-retry-policy.ts';
import { passwordChangedMail } from '../../src/plugins/app/mail/mail-templates.ts';
import { signUp, uniqueEmail } from '../support/accounts.ts';
import { buildTestApp, testConfig } from '../support/build-test-app.ts';
import { freePort, type SmtpSink, startSmtpSink } from '../support/smtp-sink.ts';
import { createScratchDatabase, type Engine, engines } from '../support/test-database.ts';

const ENGINES = engines('one', 'no engine-specific SQL here');

/*
 * The SMTP server is down for 10 minutes: every e-mail written meanwhile is delivered once it
 * is back, none twice. Two app instances share one database (on PostgreSQL, each with a pool
 * of its own, as two servers would); time moves on the app clock, not by waiting.
 */

const MINUTE_MS = 60_000;
/** The mail-retry job's interval (mail-retry-job.ts): the scheduler's turns come this often. */
const TURN_MS = 30_000;
/** Once the SMTP server is back, every mail is out within this (the longest wait, and a turn). */
const DELIVERED_WITHIN_MS = 3 * MINUTE_MS;

/** Two handles on one fresh database: two servers' connections, or the one embedded session. */
async function openSharedDatabase(engine: Engine) {
  if (engine === 'pglite') {
    const handle = await openDatabase({ engine: 'pglite', dataDir: 'memory://' });
    await handle.migrate();
    return { handles: [handle, handle], close: () => handle.close() };
  }
  const scratch = await createScratchDatabase();
  const handles = [
    await openDatabase({ engine: 'postgres', url: scratch.url }),
    await openDatabase({ engine: 'postgres', url: scratch.url }),
  ];
  await handles[0]?.migrate();
  return {
    handles,
    async close() {
      for (const handle of handles) await handle.close();
      await scratch.drop();
    },
  };
}

/** A clock the test moves by hand, starting at the real time (as the database's). */
function movableClock() {
  let nowMs = Date.now();
  return {
    clock: () => new Date(nowMs),
    at: () => nowMs,
    move: (ms: number) => {
      nowMs += ms;
    },
  };
}

/**
 * Whether `work` ends within `ms`. Retries with nothing to send end at once; one that took a
 * mail whose send is held back by the SMTP server does not: it is sending that mail again.
 */
function endsWithin(work: Promise<unknown>, ms = 2_000): Promise<boolean> {
  return Promise.race([work.then(() => true), sleep(ms).then(() => false)]);
}

describe.each(ENGINES)('an SMTP outage on %s', (engine) => {
  let shared: Awaited<ReturnType<typeof openSharedDatabase>>;
  let database: DatabaseHandle;
  let time: ReturnType<typeof movableClock>;
  let apps: App[];
  let smtpPort: number;
  let sink: SmtpSink | undefined;
  let logLines: { level: number; msg: string }[];

  beforeAll(async () => {
    shared = await openSharedDatabase(engine);
    database = shared.handles[0] as DatabaseHandle;
  });
  afterAll(() => shared.close());

  beforeEach(async () => {
    await database.db.delete(mailOutbox);
    smtpPort = await freePort();
    time = movableClock();
    const config = testConfig({ SMTP_URL: `smtp://127.0.0.1:${smtpPort}` });
    // A logger that writes, as in production: a failed send is logged, and must not fail its request.
    logLines = [];
    const logger = { level: 'warn', stream: { write: (line: string) => logLines.push(JSON.parse(line)) } };
    apps = await Promise.all(
      shared.handles.map((handle) => buildTestApp(handle, { config, clock: time.clock, logger })),
    );
  });
  afterEach(async () => {
    sink?.release();
    await Promise.all(apps.map((app) => app.close()));
    await sink?.close();
    sink = undefined;
  });

  const outbox = () => database.db.select().from(mailOutbox);

  /**
   * One turn of the retry job on every instance at once, as their schedulers would run it,
   * and beside it a retry on each without the job's lock (a run whose lock connection
   * dropped): only the claims of the outbox rows keep the instances from sending a mail twice.
   */
  async function retryEverywhere() {
    await Promise.all([
      ...apps.map((app) => app.scheduler.runTurn('mail-retry', { isForced: true })),
      ...apps.map((app) => app.mailer.retryDue()),
    ]);
    // A turn the scheduler's own timer had started is not waited for above (the forced turn
    // answers "running"), and the mail it claimed may still be on its way: wait for it to end.
    await expect
      .poll(async () => {
        for (const app of apps) if ((await app.scheduler.runTurn('mail-retry')) === 'running') return false;
        return true;
      })
      .toBe(true);
  }

  function receivedBy(address: string) {
    return (sink?.received ?? []).filter((mail) => mail.to.includes(address));
  }

  it('delivers every mail written during a 10-minute outage once it is back, none twice', async () => {
    // Sign-ups (a verification mail each) at several moments of the outage, on either
    // instance, while the retries run.
    const writesAtMinute = [0, 0.5, 2, 3.5, 5, 6.5, 8, 9.5];
    const addresses: string[] = [];
    const downAt = time.at();
    while (time.at() < downAt + 10 * MINUTE_MS) {
      const writes = writesAtMinute.includes((time.at() - downAt) / MINUTE_MS)
        ? [signUp(apps[addresses.length % apps.length] as App, uniqueEmail('outage'))]
        : [];
      const [account] = await Promise.all([...writes, retryEverywhere()]);
      if (account) addresses.push(account.email);
      time.move(TURN_MS);
    }

    // Ten minutes down: every mail is kept, tried at least once, none given up.
    for (const address of addresses) {
      expect(logLines).toContainEqual(
        expect.objectContaining({ level: 40, msg: `E-mail to ${address} not sent` }),
      );
    }
    const during = await outbox();
    expect(during.map((row) => row.to).sort()).toEqual([...addresses].sort());
    for (const row of during) {
      expect(row).toMatchObject({ status: 'pending', sentAt: null });
      expect(row.attempts).toBeGreaterThanOrEqual(1);
      expect(row.lastError).toMatch(/ECONNREFUSED/);
    }

    sink = await startSmtpSink(smtpPort);
    const backAt = time.at();
    while (time.at() < backAt + DELIVERED_WITHIN_MS) {
      await retryEverywhere();
      time.move(TURN_MS);
    }
    const expectEachDeliveredOnce = async () => {
      for (const address of addresses) {
        const copies = receivedBy(address);
        expect(copies, address).toHaveLength(1);
        expect(copies[0]?.subject).toBe('Verify your e-mail for Hit21');
      }
      expect(sink?.received).toHaveLength(addresses.length);
      expect(new Set(sink?.received.map((mail) => mail.messageId)).size).toBe(addresses.length);
      for (const row of await outbox()) {
        expect(row, row.to).toMatchObject({ status: 'sent', lastError: null });
        expect(row.sentAt?.getTime()).toBeGreaterThanOrEqual(backAt);
        expect(row.sentAt?.getTime()).toBeLessThan(backAt + DELIVERED_WITHIN_MS);
      }
    };
    await expectEachDeliveredOnce();

    // The turns go on: nothing already sent goes out again.
    for (let turn = 0; turn < 20; turn += 1) {
      await retryEverywhere();
      time.move(TURN_MS);
    }
    await expectEachDeliveredOnce();
  });

  it('never lets a retry take a mail whose first send is in progress, with the clock hours ahead of the database', async () => {
    sink = await startSmtpSink(smtpPort);
    // A shifted clock (a rehearsal, a demo): the outbox must not compare it with the database's.
    time.move(6 * 60 * MINUTE_MS);
    sink.hold();
    const address = uniqueEmail('in-flight');
    const signingUp = signUp(apps[0] as App, address);
    await expect.poll(() => sink?.held(), { timeout: 10_000 }).toBe(1);

    expect(await endsWithin(retryEverywhere())).toBe(true);
    time.move(TURN_MS);
    expect(await endsWithin(retryEverywhere())).toBe(true);

    sink.release();
    await signingUp;
    expect(receivedBy(address)).toHaveLength(1);
    const [row] = await outbox();
    expect(row).toMatchObject({ status: 'sent', attempts: 1 });
  });

  it('never lets a retry take a mail another retry is sending, with the clock hours ahead of the database', async () => {
    const address = uniqueEmail('retried');
    await signUp(apps[0] as App, address);
    expect((await outbox())[0]).toMatchObject({ status: 'pending', attempts: 1 });

    sink = await startSmtpSink(smtpPort);
    time.move(6 * 60 * MINUTE_MS);
    sink.hold();
    const retrying = (apps[0] as App).mailer.retryDue();
    await expect.poll(() => sink?.held(), { timeout: 10_000 }).toBe(1);
    const others = Promise.all(apps.map((app) => app.mailer.retryDue()));
    expect(await endsWithin(others)).toBe(true);

    sink.release();
    expect(await others).toEqual([0, 0]);
    expect(await retrying).toBe(1);
    expect(receivedBy(address)).toHaveLength(1);
    expect((await outbox())[0]).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('sends a mail whose writer died before sending it once its claim has ended, and only then', async () => {
    sink = await startSmtpSink(smtpPort);
    const address = uniqueEmail('orphan');
    // Queued in a committed transaction, but never delivered: the server stopped in between.
    await apps[0]?.mailer.queue(database.db, { to: address, content: await passwordChangedMail() });

    time.move(4 * MINUTE_MS);
    await retryEverywhere();
    expect(receivedBy(address)).toHaveLength(0);

    time.move(MINUTE_MS);
    await retryEverywhere();
    time.move(TURN_MS);
    await retryEverywhere();
    expect(receivedBy(address)).toHaveLength(1);
    expect((await outbox())[0]).toMatchObject({ status: 'sent', attempts: 1 });
  });
});

describe('the retry policy', () => {
  it('waits at most 2 minutes between attempts, so a mail goes out soon after the SMTP server is back', () => {
    expect([1, 2, 3, 4, 50].map(retryDelayMs)).toEqual([60_000, 120_000, 120_000, 120_000, 120_000]);
    expect(MAX_RETRY_DELAY_MS + TURN_MS).toBeLessThanOrEqual(DELIVERED_WITHIN_MS);
  });

  it('gives a mail up only after a day of failed attempts', () => {
    const waitsBeforeLastAttempt = Array.from({ length: MAX_ATTEMPTS - 1 }, (_, index) =>
      retryDelayMs(index + 1),
    ).reduce((total, wait) => total + wait, 0);
    expect(waitsBeforeLastAttempt).toBeGreaterThanOrEqual(GIVE_UP_AFTER_MS);
    expect(waitsBeforeLastAttempt - retryDelayMs(MAX_ATTEMPTS - 1)).toBeLessThan(GIVE_UP_AFTER_MS);
    expect(GIVE_UP_AFTER_MS).toBe(24 * 60 * MINUTE_MS);
  });
});
