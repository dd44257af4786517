import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../../../src/db/database.ts';
import { mailOutbox } from '../../../../src/db/schema/index.ts';
import { passwordResetMail, verificationMail } from '../../../../src/plugins/app/mail/mail-templates.ts';
import { createMailer } from '../../../../src/plugins/app/mail/mailer.ts';
import { send, signUp } from '../../../support/accounts.ts';
import { buildTestApp, testConfig } from '../../../support/build-test-app.ts';
import { freePort, startSmtpSink } from '../../../support/smtp-sink.ts';
import { createTestDatabase } from '../../../support/test-database.ts';

const quietLog = { warn: () => {}, error: () => {} };

describe('e-mail', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase('pglite');
  });
  afterAll(() => database.close());

  it('goes out over SMTP as HTML and text, and is marked sent', async () => {
    const sink = await startSmtpSink();
    try {
      const mailer = createMailer({
        db: database.db,
        smtpUrl: `smtp://127.0.0.1:${sink.port}`,
        from: 'Hit21 <no-reply@hit21.app>',
        log: quietLog,
        now: () => new Date(),
      });
      await mailer.send(
        'fan@example.com',
        await verificationMail('https://hit21.app/verify-email?token=abc&type=signup'),
      );
      expect(sink.received).toHaveLength(1);
      expect(sink.received[0]?.to).toEqual(['fan@example.com']);
      expect(sink.received[0]?.raw).toContain('Subject: Verify your e-mail for Hit21');
      expect(sink.received[0]?.raw).toContain('text/html');
      expect(sink.received[0]?.raw).toContain('text/plain');
      const [row] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'fan@example.com'));
      expect(row).toMatchObject({ status: 'sent', attempts: 1 });
    } finally {
      await sink.close();
    }
  });

  it('is kept and retried when the SMTP server is down, and sent once it is back', async () => {
    const port = await freePort();
    let now = new Date('2026-01-01T12:00:00Z');
    const mailer = createMailer({
      db: database.db,
      smtpUrl: `smtp://127.0.0.1:${port}`,
      from: 'Hit21 <no-reply@hit21.app>',
      log: quietLog,
      now: () => now,
    });
    await mailer.send(
      'late@example.com',
      await passwordResetMail('https://hit21.app/reset-password?token=t&type=recovery'),
    );
    const [failed] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'late@example.com'));
    expect(failed).toMatchObject({ status: 'pending', attempts: 1 });
    expect(failed?.lastError).toMatch(/ECONNREFUSED/);

    // Not due yet: nothing is tried.
    expect(await mailer.retryDue()).toBe(0);

    const sink = await startSmtpSink(port);
    try {
      now = new Date('2026-01-01T12:02:00Z');
      expect(await mailer.retryDue()).toBe(1);
      expect(sink.received.map((mail) => mail.to)).toEqual([['late@example.com']]);
      const [sent] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'late@example.com'));
      expect(sent).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
    } finally {
      await sink.close();
    }
  });

  it('without SMTP stays in the outbox, readable in the development mailbox', async () => {
    const app = await buildTestApp(database);
    try {
      const { email } = await signUp(app);
      const page = await app.inject({ method: 'GET', url: '/dev/mailbox' });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain(`To ${email}`);
      expect(page.body).toContain('<a href="http://localhost:3000/verify-email?token=');
    } finally {
      await app.close();
    }
  });

  it('has no development mailbox in production', async () => {
    const app = await buildTestApp(database, {
      config: testConfig({
        NODE_ENV: 'production',
        PUBLIC_URL: 'https://hit21.example',
        BETTER_AUTH_SECRET: 'production-secret-production-secret-0',
      }),
    });
    try {
      expect((await app.inject({ method: 'GET', url: '/dev/mailbox' })).statusCode).toBe(404);
      expect((await app.inject({ method: 'GET', url: '/dev/mailbox/messages' })).statusCode).toBe(404);
    } finally {
      await app.close();
    }
  });
});

describe('the session cookie', () => {
  it('is httpOnly and SameSite=Lax, and Secure in production', async () => {
    const database = await createTestDatabase('pglite');
    try {
      for (const [environment, isSecure] of [
        ['test', false],
        ['production', true],
      ] as const) {
        const app = await buildTestApp(database, {
          config: testConfig({
            NODE_ENV: environment,
            PUBLIC_URL: 'http://localhost:3000',
            BETTER_AUTH_SECRET: 'cookie-secret-cookie-secret-cookie-secret',
          }),
        });
        const response = await send(app, 'POST', '/api/auth/sign-up/email', {
          body: { email: `cookie.${environment}@example.com`, password: 'Matchday#2025', name: '' },
        });
        await app.close();
        const cookies = ([] as string[]).concat(response.headers['set-cookie'] ?? []);
        const session = cookies.find((cookie) => cookie.includes('session_token='));
        expect(session).toMatch(/HttpOnly/i);
        expect(session).toMatch(/SameSite=Lax/i);
        expect(/;\s*Secure/i.test(session ?? '')).toBe(isSecure);
      }
    } finally {
      await database.close();
    }
  });
});
