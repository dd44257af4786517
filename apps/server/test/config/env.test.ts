import { describe, expect, it } from 'vitest';
import { createClock } from '../../src/config/clock.ts';
import { ConfigError, parseConfig } from '../../src/config/env.ts';

describe('parseConfig', () => {
  it('has working defaults: port 3000 on the embedded database', () => {
    const config = parseConfig({});
    expect(config).toMatchObject({
      PORT: 3000,
      NODE_ENV: 'development',
      PUBLIC_URL: 'http://localhost:3000',
      DEADLINE_MAILS_INTERVAL_SECONDS: 60,
      NOTIFICATION_STREAMS_PER_CLIENT: 20,
      NOTIFICATION_STREAM_LIFETIME_SECONDS: 600,
    });
    expect(config.DATABASE_URL).toBeUndefined();
    // Unset: sized from the open-file limit at start.
    expect(config.NOTIFICATION_STREAMS_MAX).toBeUndefined();
    expect(parseConfig({ NOTIFICATION_STREAMS_MAX: '' }).NOTIFICATION_STREAMS_MAX).toBeUndefined();
    expect(parseConfig({ NOTIFICATION_STREAMS_MAX: '5000' }).NOTIFICATION_STREAMS_MAX).toBe(5000);
  });

  it('reads the port and a PostgreSQL URL', () => {
    const config = parseConfig({ PORT: '8080', DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/hit21' });
    expect(config.PORT).toBe(8080);
    expect(config.DATABASE_URL).toBe('postgres://postgres@127.0.0.1:5432/hit21');
    expect(config.PUBLIC_URL).toBe('http://localhost:8080');
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://localhost/db' }, 'DATABASE_URL: must start with postgres:// or postgresql://'],
    [{ CLOCK_NOW: 'tomorrow' }, 'CLOCK_NOW'],
    [{ NODE_ENV: 'staging' }, 'NODE_ENV'],
    [{ PUBLIC_URL: 'not a url' }, 'PUBLIC_URL'],
    [{ DEADLINE_MAILS_INTERVAL_SECONDS: '0' }, 'DEADLINE_MAILS_INTERVAL_SECONDS'],
    [{ DEADLINE_MAILS_INTERVAL_SECONDS: '3601' }, 'DEADLINE_MAILS_INTERVAL_SECONDS'],
    [{ NOTIFICATION_STREAMS_PER_CLIENT: '0' }, 'NOTIFICATION_STREAMS_PER_CLIENT'],
    [{ NOTIFICATION_STREAMS_MAX: 'many' }, 'NOTIFICATION_STREAMS_MAX'],
    [{ NOTIFICATION_STREAMS_MAX: '0' }, 'NOTIFICATION_STREAMS_MAX'],
    [{ NOTIFICATION_STREAM_LIFETIME_SECONDS: '0' }, 'NOTIFICATION_STREAM_LIFETIME_SECONDS'],
  ])('refuses %o, naming the variable', (environment, named) => {
    expect(() => parseConfig(environment)).toThrow(ConfigError);
    expect(() => parseConfig(environment)).toThrow(named);
  });
});

describe('parseConfig in production', () => {
  const PRODUCTION = {
    NODE_ENV: 'production',
    PUBLIC_URL: 'https://hit21.example/',
    BETTER_AUTH_SECRET: 'production-secret-production-secret-0',
  };

  it('starts with PUBLIC_URL and BETTER_AUTH_SECRET', () => {
    expect(parseConfig(PRODUCTION)).toMatchObject({
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://hit21.example',
    });
  });

  it.each([
    ['PUBLIC_URL', undefined],
    ['PUBLIC_URL', ''],
    ['BETTER_AUTH_SECRET', undefined],
    ['BETTER_AUTH_SECRET', ''],
  ])('refuses %s set to %o, naming it', (variable, value) => {
    expect(() => parseConfig({ ...PRODUCTION, [variable]: value })).toThrow(
      new ConfigError(`Invalid configuration:\n  ${variable}: is required in production`),
    );
  });

  it('names both when both are missing', () => {
    expect(() => parseConfig({ NODE_ENV: 'production' })).toThrow(
      'PUBLIC_URL: is required in production\n  BETTER_AUTH_SECRET: is required in production',
    );
  });

  it.each(['development', 'test'])('needs neither outside production (%s)', (nodeEnvironment) => {
    expect(parseConfig({ NODE_ENV: nodeEnvironment, PORT: '4000' }).PUBLIC_URL).toBe('http://localhost:4000');
  });
});

describe('createClock', () => {
  it('pins the time when CLOCK_NOW is set', () => {
    const clock = createClock({ CLOCK_NOW: '2025-12-01T12:00:00Z', CLOCK_OFFSET_SECONDS: 0 });
    expect(clock().toISOString()).toBe('2025-12-01T12:00:00.000Z');
  });

  it('shifts real time by CLOCK_OFFSET_SECONDS', () => {
    const clock = createClock({ CLOCK_NOW: undefined, CLOCK_OFFSET_SECONDS: -86_400 });
    const expected = Date.now() - 86_400_000;
    expect(Math.abs(clock().getTime() - expected)).toBeLessThan(1000);
  });
});
