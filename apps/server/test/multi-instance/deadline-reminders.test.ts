import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ServerProcesses, startServerProcesses } from '../support/server-processes.ts';
import { type SmtpSink, startSmtpSink } from '../support/smtp-sink.ts';

/** 47 hours before the 2025/26 pick deadline (2025-08-15T17:30Z): the 48-hour reminder is due. */
const CLOCK_NOW = '2025-08-13T18:30:00Z';
const PLAYERS = 40;
/** The deadline e-mails job's turns on each server (60 s by default). */
const JOB_INTERVAL_SECONDS = 5;

/** Two servers run the deadline-mails job against one database: each reminder goes out once. */
describe.skipIf(!process.env.TEST_DATABASE_URL)('deadline reminders on two server processes', () => {
  let processes: ServerProcesses;
  let sink: SmtpSink;
  beforeAll(async () => {
    sink = await startSmtpSink();
    processes = await startServerProcesses({
      count: 2,
      env: {
        CLOCK_NOW,
        SMTP_URL: `smtp://127.0.0.1:${sink.port}`,
        LOG_LEVEL: 'info',
        DEADLINE_MAILS_INTERVAL_SECONDS: String(JOB_INTERVAL_SECONDS),
      },
    });
  }, 120_000);
  afterAll(async () => {
    await processes?.stop();
    await sink?.close();
  });

  it('sends the 48-hour reminder to each opted-in player without a team exactly once', async () => {
    const ids = Array.from({ length: PLAYERS }, () => `multi-${randomUUID()}`);
    const emails = ids.map((id) => `${id}@example.com`);
    const client = new pg.Client({ connectionString: processes.databaseUrl });
    await client.connect();
    try {
      await client.query(
        `insert into users (id, name, email) select id, id, id || '@example.com' from unnest($1::text[]) as id`,
        [ids],
      );
      await client.query(
        `insert into profiles (id, email, marketing_opt_in) select id, id || '@example.com', true from unnest($1::text[]) as id`,
        [ids],
      );
    } finally {
      await client.end();
    }

    // The job takes a turn every JOB_INTERVAL_SECONDS between the servers; the next after the
    // players exist sends them.
    await expect
      .poll(() => sink.received.length, { timeout: 60_000, interval: 500 })
      .toBeGreaterThanOrEqual(PLAYERS);
    // Time for a duplicate from the other server, or from a later turn, to arrive, were there one.
    await new Promise((resolve) => setTimeout(resolve, (JOB_INTERVAL_SECONDS + 2) * 1_000));

    const recipients = sink.received.flatMap((mail) => mail.to);
    expect(recipients.sort()).toEqual([...emails].sort());
    for (const mail of sink.received) {
      expect(mail.raw).toContain('Subject: Hit21: 47 hours left to pick your team');
      // Long headers are folded onto a second line (RFC 5322).
      expect(mail.raw).toMatch(
        /List-Unsubscribe:\s+<http:\/\/127\.0\.0\.1:\d+\/api\/mail\/unsubscribe\?token=[\w.-]+>/,
      );
      expect(mail.raw).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    }
    // The header's link is a working one-click unsubscribe (RFC 8058), on either server.
    const oneClick = sink.received[0]?.raw.match(/List-Unsubscribe:\s+<([^>]+)>/)?.[1];
    if (!oneClick) throw new Error('No List-Unsubscribe link');
    const answer = await fetch(oneClick, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(answer.status).toBe(200);
    const logs = processes.servers.map((server) => server.logs()).join('\n');
    expect(logs).toMatch(new RegExp(`Deadline mails \\(reminder_48h\\): ${PLAYERS} queued`));
  }, 150_000);
});
