import { randomUUID } from 'node:crypto';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Database, Executor } from '../../../../src/db/database.ts';
import {
  deadlineMails,
  mailOutbox,
  picks,
  players,
  profiles,
  users,
} from '../../../../src/db/schema/index.ts';
import { sendDeadlineMails } from '../../../../src/plugins/app/deadline-mails/send-deadline-mails.ts';
import { createMailer, type Mailer } from '../../../../src/plugins/app/mail/mailer.ts';
import { setUpTestApp } from '../../../support/build-test-app.ts';
import { takeTurn } from '../../../support/scheduled-jobs.ts';
import { engines } from '../../../support/test-database.ts';

const ENGINES = engines('postgres', 'two runs at the same time');

const DEADLINE = new Date('2025-08-15T17:30:00Z');
const HOUR = 3_600_000;
const before = (hours: number) => new Date(DEADLINE.getTime() - hours * HOUR);
const SECRET = 'test-secret-test-secret-test-secret-0123';
const quiet = { info: () => {}, warn: () => {}, error: () => {} };

/** Players stored straight in the database: fast, and ordered by id as the job pages them. */
async function seedPlayers(
  db: Executor,
  count: number,
  options: { optIn: boolean; squad: string[] },
): Promise<string[]> {
  const ids = Array.from({ length: count }, () => `dm-${randomUUID()}`);
  await db.insert(users).values(ids.map((id) => ({ id, name: id, email: `${id}@example.com` })));
  await db
    .insert(profiles)
    .values(ids.map((id) => ({ id, email: `${id}@example.com`, marketingOptIn: options.optIn })));
  if (options.squad.length > 0) {
    await db
      .insert(picks)
      .values(
        ids.flatMap((userId) =>
          options.squad.map((playerId, slot) => ({ userId, seasonId: '2025-26', playerId, slot: slot + 1 })),
        ),
      );
  }
  return ids;
}

const addressOf = (id: string) => `${id}@example.com`;

describe.each(ENGINES)('deadline e-mails (%s)', (engine) => {
  const context = setUpTestApp(engine, { prepare: true });
  let squad: { id: string; name: string }[];

  beforeEach(async () => {
    const { db } = context.app;
    await db.delete(users).where(sql`${users.id} like 'dm-%'`);
    await db.delete(mailOutbox);
    squad = await db
      .select({ id: players.id, name: players.name })
      .from(players)
      .where(and(eq(players.seasonId, '2025-26'), ne(players.position, 'goalkeeper')))
      .orderBy(asc(players.fplCode))
      .limit(4);
  });

  function run(
    now: Date,
    options: { mailer?: Mailer; batchSize?: number; db?: Database; finishedReceipts?: Set<string> } = {},
  ) {
    const { app } = context;
    return app.activeSeason.get().then((season) =>
      sendDeadlineMails({
        db: options.db ?? app.db,
        finishedReceipts: options.finishedReceipts,
        mailer:
          options.mailer ??
          createMailer({ db: app.db, from: 'Hit21 <x@hit21.app>', log: quiet, now: () => now }),
        season,
        now,
        publicUrl: 'https://hit21.test',
        secret: SECRET,
        log: quiet,
        batchSize: options.batchSize,
      }),
    );
  }

  const outbox = () => context.app.db.select().from(mailOutbox).orderBy(asc(mailOutbox.id));

  it('reminds opted-in players without a complete team, once, with a one-click unsubscribe', async () => {
    const { db } = context.app;
    const owed = await seedPlayers(db, 3, { optIn: true, squad: [] });
    await seedPlayers(db, 2, { optIn: false, squad: [] });
    await seedPlayers(db, 2, { optIn: true, squad: squad.map((player) => player.id) });

    expect(await run(before(48), { batchSize: 2 })).toMatchObject({ kind: 'reminder_48h', queued: 3 });
    expect(await run(before(46), { batchSize: 2 })).toMatchObject({ kind: 'reminder_48h', queued: 0 });

    const mails = await outbox();
    expect(mails.map((mail) => mail.to).sort()).toEqual(owed.map(addressOf).sort());
    for (const mail of mails) {
      expect(mail.status).toBe('stored');
      expect(mail.subject).toBe('Hit21: 48 hours left to pick your team');
      expect(mail.text).toContain('The pick deadline is Friday 15 August 2025 at 17:30 UTC.');
      expect(mail.text).toContain('You still have 4 players to pick.');
      expect(mail.text).toContain('Pick your team: https://hit21.test/player-selection');
      expect(mail.html).toContain('href="https://hit21.test/player-selection"');
      expect(mail.html).toMatch(/href="https:\/\/hit21\.test\/unsubscribe\?token=[\w.-]+"/);
      expect(mail.headers?.['List-Unsubscribe']).toMatch(
        /^<https:\/\/hit21\.test\/api\/mail\/unsubscribe\?token=[\w.-]+>$/,
      );
      expect(mail.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
      // Each mail carries its own player's link, in the header, the HTML and the text alike.
      const token = mail.headers?.['List-Unsubscribe']?.match(/token=([\w.-]+)>/)?.[1];
      expect(mail.html).toContain(`https://hit21.test/unsubscribe?token=${token}"`);
      expect(mail.text).toContain(
        `Unsubscribe from deadline reminders: https://hit21.test/unsubscribe?token=${token}`,
      );
    }
    expect(new Set(mails.map((mail) => mail.headers?.['List-Unsubscribe'])).size).toBe(3);

    // The 2-hour reminder is a mail of its own, to the same players.
    expect(await run(before(1))).toMatchObject({ kind: 'reminder_2h', queued: 3 });
    const last = (await outbox()).at(-1);
    expect(last?.subject).toBe('Hit21: 60 minutes left to pick your team');
  });

  it('states the time really left when a reminder goes out late: 24 hours, then 90 minutes', async () => {
    const { db } = context.app;
    await seedPlayers(db, 1, { optIn: true, squad: [] });

    // Opted in a day before the deadline: the 48-hour reminder is due, with 24 hours left.
    expect(await run(before(24))).toMatchObject({ kind: 'reminder_48h', queued: 1 });
    const dayLeft = (await outbox()).at(-1);
    expect(dayLeft?.subject).toBe('Hit21: 24 hours left to pick your team');
    expect(dayLeft?.text.split('\n')[0]).toBe('24 hours to pick your team');
    expect(dayLeft?.html).toContain('24 hours to pick your team');
    expect(dayLeft?.text).not.toContain('48 hours');

    expect(await run(before(1.5))).toMatchObject({ kind: 'reminder_2h', queued: 1 });
    const lastCall = (await outbox()).at(-1);
    expect(lastCall?.subject).toBe('Hit21: 90 minutes left to pick your team');
    expect(lastCall?.text.split('\n')[0]).toBe('Last call: 90 minutes to pick your team');
    expect(lastCall?.html).toContain('Last call: 90 minutes to pick your team');
    expect(lastCall?.text).not.toContain('2 hours');
  });

  it('sends the receipt with the 4 players to complete teams only, once', async () => {
    const { db } = context.app;
    const complete = await seedPlayers(db, 2, { optIn: false, squad: squad.map((player) => player.id) });
    await seedPlayers(db, 2, { optIn: true, squad: [] });

    const after = new Date(DEADLINE.getTime() + 60_000);
    expect(await run(after)).toMatchObject({ kind: 'picks_locked', queued: 2 });
    expect(await run(after)).toMatchObject({ kind: 'picks_locked', queued: 0 });

    const mails = await outbox();
    expect(mails.map((mail) => mail.to).sort()).toEqual(complete.map(addressOf).sort());
    for (const mail of mails) {
      expect(mail.subject).toBe('Your picks are locked in');
      expect(mail.headers).toBeNull();
      expect(mail.text).toContain('The pick deadline passed on Friday 15 August 2025 at 17:30 UTC.');
      expect(mail.text).toContain('Go to your dashboard: https://hit21.test/dashboard');
      for (const player of squad) {
        expect(mail.text).toMatch(new RegExp(`- ${player.name} \\(\\w[^)]+\\)`));
        expect(mail.html).toContain(player.name.replace(/'/g, '&#39;'));
      }
    }
  });

  it('skips the receipt pass in later turns once one has finished, each complete team having had one', async () => {
    const { db } = context.app;
    const complete = await seedPlayers(db, 5, { optIn: false, squad: squad.map((player) => player.id) });
    await seedPlayers(db, 1, { optIn: true, squad: [] });
    // Counts the page transactions, each of which reads a page of complete squads.
    let transactions = 0;
    const counting = new Proxy(db, {
      get(target, property) {
        if (property === 'transaction') transactions += 1;
        const value = Reflect.get(target, property);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    const finishedReceipts = new Set<string>();
    const turn = (now: Date) => run(now, { db: counting, finishedReceipts, batchSize: 2 });

    // Right at the deadline a save may still be committing: that pass is not taken as final.
    expect(await turn(new Date(DEADLINE.getTime() + 1_000))).toMatchObject({ queued: 5 });
    expect(finishedReceipts.size).toBe(0);
    transactions = 0;
    expect(await turn(new Date(DEADLINE.getTime() + 120_000))).toMatchObject({ queued: 0 });
    expect(transactions).toBe(1);
    expect([...finishedReceipts]).toEqual(['2025-26']);

    transactions = 0;
    for (const minutes of [3, 60, 24 * 60]) {
      expect(await turn(new Date(DEADLINE.getTime() + minutes * 60_000))).toMatchObject({
        kind: 'picks_locked',
        queued: 0,
        scanned: 0,
      });
    }
    expect(transactions).toBe(0);
    const mails = await outbox();
    expect(mails.map((mail) => mail.to).sort()).toEqual(complete.map(addressOf).sort());
  });

  it('keeps passing over the teams after a receipt pass that threw', async () => {
    const { db } = context.app;
    const complete = await seedPlayers(db, 4, { optIn: false, squad: squad.map((player) => player.id) });
    const after = new Date(DEADLINE.getTime() + 120_000);
    const real = createMailer({ db, from: 'Hit21 <x@hit21.app>', log: quiet, now: () => after });
    let queuedCalls = 0;
    const failing: Mailer = {
      ...real,
      async queue(tx, mail) {
        queuedCalls += 1;
        if (queuedCalls === 3) throw new Error('the server stopped');
        return real.queue(tx, mail);
      },
    };
    const finishedReceipts = new Set<string>();
    await expect(run(after, { mailer: failing, batchSize: 2, finishedReceipts })).rejects.toThrow();
    expect(finishedReceipts.size).toBe(0);
    expect(await run(after, { batchSize: 2, finishedReceipts })).toMatchObject({ queued: 2 });
    expect(finishedReceipts.size).toBe(1);
    const mails = await outbox();
    expect(mails.map((mail) => mail.to).sort()).toEqual(complete.map(addressOf).sort());
  });

  it('sends nothing long before the deadline, nor long after it', async () => {
    await seedPlayers(context.app.db, 2, { optIn: true, squad: [] });
    expect(await run(before(49))).toEqual({ kind: undefined, queued: 0, scanned: 0 });
    expect(await run(new Date(DEADLINE.getTime() + 8 * 24 * HOUR))).toMatchObject({ queued: 0 });
    expect(await outbox()).toHaveLength(0);
  });

  it('sends each once when two runs go at the same time', async () => {
    const owed = await seedPlayers(context.app.db, 7, { optIn: true, squad: [] });
    const outcomes = await Promise.all([
      run(before(47), { batchSize: 2 }),
      run(before(47), { batchSize: 3 }),
    ]);
    expect(outcomes[0].queued + outcomes[1].queued).toBe(7);
    const mails = await outbox();
    expect(mails.map((mail) => mail.to).sort()).toEqual(owed.map(addressOf).sort());
  });

  it('resumes after a run that threw mid-batch, skipping no one and sending no one twice', async () => {
    const { db } = context.app;
    const owed = await seedPlayers(db, 7, { optIn: true, squad: [] });
    const real = createMailer({ db, from: 'Hit21 <x@hit21.app>', log: quiet, now: () => before(47) });
    let queuedCalls = 0;
    const failing: Mailer = {
      ...real,
      async queue(tx, mail) {
        queuedCalls += 1;
        if (queuedCalls === 5) throw new Error('the server stopped');
        return real.queue(tx, mail);
      },
    };
    await expect(run(before(47), { mailer: failing, batchSize: 3 })).rejects.toThrow('the server stopped');
    // The first page committed whole; the second rolled back whole (its records and its mails).
    expect(await outbox()).toHaveLength(3);
    expect(
      await db.select().from(deadlineMails).where(sql`${deadlineMails.userId} like 'dm-%'`),
    ).toHaveLength(3);

    expect(await run(before(46), { batchSize: 3 })).toMatchObject({ queued: 4 });
    const mails = await outbox();
    expect(mails.map((mail) => mail.to).sort()).toEqual(owed.map(addressOf).sort());
  });

  it('runs as the scheduled job on the game clock', async () => {
    await seedPlayers(context.app.db, 1, { optIn: true, squad: [] });
    // The test app's clock is real time, long after the 2025/26 deadline: nothing is due.
    expect(await takeTurn(context.app, 'deadline-mails')).toBe('done');
    expect(await outbox()).toHaveLength(0);
  });
});
