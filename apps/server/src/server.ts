import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.ts';
import { createClock } from './config/clock.ts';
import { parseConfigOrExit } from './config/env.ts';
import { listenAsConfigured } from './config/listen.ts';
import { openConfiguredDatabaseOrExit } from './db/open-configured-database.ts';
import { prepareDatabase } from './db/prepare-database.ts';
import {
  createDemoClock,
  demoClockFile,
  demoStart,
  isDemoClockEnabled,
  readDemoClock,
  writeDemoClock,
} from './plugins/app/demo/demo-clock.ts';
import { findActiveSeason } from './plugins/app/season/season-repository.ts';

/** Boot only: read the configuration, open and prepare the database, listen, drain on SIGTERM. */
const config = parseConfigOrExit(process.env);
const database = await openConfiguredDatabaseOrExit(config, 'the Hit21 server');
const demoFile = isDemoClockEnabled(config) ? demoClockFile(config) : undefined;
const app = await buildApp({
  config,
  database,
  clock: demoFile ? createDemoClock(demoFile, createClock(config)) : undefined,
});
await prepareDatabase(database, app.log);
if (demoFile) {
  // A fresh demo starts before the pick deadline; later starts keep wherever it was moved to.
  const setting = readDemoClock(demoFile) ?? demoStart(await findActiveSeason(database.db, config.SEASON_ID));
  await writeDemoClock(demoFile, setting);
  app.log.info(`Demo clock: ${setting.now} (${setting.label}); move it with npm run demo -- --gameweek N`);
}

closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
  if (err) app.log.error({ err }, 'Shutting down after an error');
  else app.log.info(`${signal} received: draining requests and closing the database`);
  await app.close();
  await database.close();
});

await listenAsConfigured(app, config);
app.log.info(
  `Hit21 is running at ${config.PUBLIC_URL} on ${database.engine === 'pglite' ? 'the embedded database' : 'PostgreSQL'}`,
);
