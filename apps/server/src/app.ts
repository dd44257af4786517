import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { type Clock, createClock } from './config/clock.ts';
import type { Config } from './config/env.ts';
import { answerWithRequestId, loggingOptions } from './config/logging.ts';
import type { DatabaseHandle } from './db/database.ts';
import { type MailingListProvider, noMailingList } from './plugins/app/accounts/mailing-list.ts';
import { deadlineMailsJob } from './plugins/app/deadline-mails/deadline-mails-job.ts';
import { answerFrameworkError, errorHandlerPlugin } from './plugins/app/errors/error-handler.ts';
import { requestGuardPlugin } from './plugins/app/errors/request-guard.ts';
import { leagueMembershipCachePlugin } from './plugins/app/leagues/league-membership-cache.ts';
import { mailRetryJob } from './plugins/app/mail/mail-retry-job.ts';
import { createMailer } from './plugins/app/mail/mailer.ts';
import { goalAlertsJob } from './plugins/app/notifications/goal-alerts/goal-alerts-job.ts';
import { notificationHubPlugin } from './plugins/app/notifications/notification-hub.ts';
import { schedulerPlugin } from './plugins/app/scheduler/scheduler.ts';
import { activeSeasonPlugin } from './plugins/app/season/active-season.ts';
import { type BoardCacheOptions, boardCachePlugin, standingsPlugin } from './plugins/app/standings/public.ts';
import { statsSyncSchedule } from './plugins/app/stats-sync/stats-sync-schedule.ts';
import { webAppPlugin } from './plugins/app/web-app.ts';
import { authPlugin, type PasswordHasher, resolveAuthSecret } from './plugins/external/auth.ts';
import { compressionPlugin } from './plugins/external/compression.ts';
import { configPlugin } from './plugins/external/config.ts';
import { databasePlugin } from './plugins/external/database.ts';
import { securityPlugin } from './plugins/external/security.ts';
import { swaggerPlugin } from './plugins/external/swagger.ts';
import deleteAccountRoutes from './routes/api/accounts/delete-account.ts';
import accountRoutes from './routes/api/accounts/index.ts';
import analyticsRoutes from './routes/api/analytics/index.ts';
import clubRoutes from './routes/api/clubs/index.ts';
import healthRoutes from './routes/api/health/index.ts';
import leaderboardRoutes from './routes/api/leaderboard/index.ts';
import leagueRoutes from './routes/api/leagues/index.ts';
import manageLeagueRoutes from './routes/api/leagues/manage.ts';
import leagueStandingsRoutes from './routes/api/leagues/standings.ts';
import unsubscribeRoutes from './routes/api/mail/unsubscribe.ts';
import marketingRoutes from './routes/api/marketing/index.ts';
import notificationRoutes from './routes/api/notifications/index.ts';
import notificationStreamRoutes from './routes/api/notifications/stream.ts';
import playerRoutes from './routes/api/players/index.ts';
import profileRoutes from './routes/api/profile/index.ts';
import seasonRoutes from './routes/api/season/index.ts';
import squadGoalsRoutes from './routes/api/squad/goals.ts';
import squadRoutes from './routes/api/squad/index.ts';
import waitlistRoutes from './routes/api/waitlist/index.ts';
import devMailboxRoutes from './routes/dev/mailbox.ts';

export interface BuildAppOptions {
  config: Config;
  /** An opened, migrated database; the caller closes it after the app. */
  database: DatabaseHandle;
  /** Where marketing subscriptions go; none by default. */
  mailingList?: MailingListProvider;
  clock?: Clock;
  /** Replaces the configured logger outright (tests that count their own lines). */
  logger?: FastifyServerOptions['logger'];
  /** Where the configured logger writes its lines instead of standard output (tests). */
  logDestination?: { write(line: string): void };
  /** The board cache's settings, where tests need boards smaller than the real game's to behave as large ones. */
  boards?: BoardCacheOptions;
  /** better-auth's scrypt unless given: the tests sign up hundreds of accounts. */
  passwordHasher?: PasswordHasher;
}

/** The Hit21 server, used alike by `npm start` and the tests: external plugins, then app plugins, then routes. */
export async function buildApp(options: BuildAppOptions) {
  const { config } = options;
  const logging = loggingOptions(config, options.logDestination);
  const app = Fastify({
    ...logging,
    logger: options.logger ?? logging.logger,
    // Who the client is comes from the socket, unless the operator names its proxies.
    trustProxy: trustProxyOption(config.TRUST_PROXY),
    // Time-outs so a slow client cannot hold a connection for ever.
    requestTimeout: 30_000,
    bodyLimit: 1_048_576,
    // Malformed addresses, refused by the router itself, answered in the API's error shape.
    frameworkErrors: answerFrameworkError,
  }).withTypeProvider<ZodTypeProvider>();
  drainConnectionsOnClose(app);
  answerWithRequestId(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(configPlugin, { config, clock: options.clock ?? createClock(config) });
  await app.register(databasePlugin, { database: options.database });
  await app.register(activeSeasonPlugin);
  await app.register(schedulerPlugin);
  await app.register(securityPlugin);
  await app.register(compressionPlugin);
  await app.register(swaggerPlugin);
  await app.register(errorHandlerPlugin);
  await app.register(requestGuardPlugin);
  const clock = app.clock;
  const mailer = createMailer({
    db: app.db,
    smtpUrl: config.SMTP_URL,
    from: config.MAIL_FROM,
    log: app.log,
    now: clock,
  });
  // Without SMTP every message is stored, never retried.
  if (config.SMTP_URL) app.scheduler.add(mailRetryJob(mailer));
  const secret = await resolveAuthSecret(config);
  await app.register(authPlugin, { mailer, secret, passwordHasher: options.passwordHasher });
  app.scheduler.add(
    deadlineMailsJob(app, { mailer, secret, intervalMs: config.DEADLINE_MAILS_INTERVAL_SECONDS * 1_000 }),
  );
  app.decorate('mailingList', options.mailingList ?? noMailingList(app.log));
  await app.register(boardCachePlugin, options.boards ?? {});
  await app.register(leagueMembershipCachePlugin);
  await app.register(standingsPlugin);
  await app.register(goalAlertsJob);
  await app.register(notificationHubPlugin);

  await app.register(healthRoutes);
  await app.register(seasonRoutes);
  await app.register(clubRoutes);
  await app.register(analyticsRoutes);
  await app.register(profileRoutes);
  await app.register(accountRoutes);
  await app.register(deleteAccountRoutes);
  await app.register(marketingRoutes);
  await app.register(unsubscribeRoutes, { secret });
  await app.register(waitlistRoutes);
  await app.register(squadRoutes);
  await app.register(squadGoalsRoutes);
  await app.register(playerRoutes);
  await app.register(leaderboardRoutes);
  await app.register(leagueRoutes);
  await app.register(manageLeagueRoutes);
  await app.register(leagueStandingsRoutes);
  await app.register(notificationRoutes);
  await app.register(notificationStreamRoutes);
  if (config.NODE_ENV !== 'production') await app.register(devMailboxRoutes);
  if (config.STATS_SYNC_SOURCE && config.STATS_SYNC_INTERVAL_MINUTES > 0) {
    await app.register(statsSyncSchedule, {
      source: config.STATS_SYNC_SOURCE,
      intervalMs: config.STATS_SYNC_INTERVAL_MINUTES * 60_000,
    });
  }

  await app.register(webAppPlugin);
  return app;
}

/** Fastify's trustProxy from TRUST_PROXY: a hop count trusts that many proxies from the socket on. */
function trustProxyOption(setting: Config['TRUST_PROXY']) {
  return typeof setting === 'number' ? (_address: string, hop: number) => hop < setting : setting;
}

/**
 * On close, requests in flight finish, but their keep-alive connections must not hold the
 * server open for the keep-alive timeout: answer them with `Connection: close`.
 */
function drainConnectionsOnClose(app: FastifyInstance) {
  let isClosing = false;
  app.addHook('preClose', async () => {
    isClosing = true;
    app.server.closeIdleConnections();
  });
  app.addHook('onSend', async (_request, reply) => {
    if (isClosing) reply.header('connection', 'close');
  });
}

export type App = Awaited<ReturnType<typeof buildApp>>;
