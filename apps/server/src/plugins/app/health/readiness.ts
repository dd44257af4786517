import { isAppErrorWithReason } from '@hit21/core';
import type { FastifyInstance } from 'fastify';
import { isDatabaseUnreachableError } from '../../../db/database-errors.ts';
import { latestMigrationTag, readSchemaState } from '../../../db/schema-version.ts';
import { pingDatabase } from './health-repository.ts';

export const NOT_READY_REASONS = [
  'DATABASE_UNREACHABLE',
  'SCHEMA_BEHIND',
  'SEASON_NOT_LOADED',
  /** Any other fault of the check (logged). */
  'CHECK_FAILED',
] as const;
export type NotReadyReason = (typeof NOT_READY_REASONS)[number];

interface InstanceStatus {
  database: {
    engine: 'pglite' | 'postgres';
    reachable: boolean;
    schemaVersion: string | null;
    expectedSchemaVersion: string | null;
  };
  /** The season the product plays, null until one is loaded. */
  season: { id: string | null };
}

/** The answer of a readiness probe; `message` says why not, for the operator. */
export type Readiness =
  | ({ status: 'ok' } & InstanceStatus)
  | ({ status: 'unavailable'; reason: NotReadyReason; message: string } & InstanceStatus);

/**
 * Whether this instance can serve players: its database answers, has every migration of this
 * code, and holds the season's data. Checks asked for while one runs share it, so a flood of
 * probes costs the database one check at a time.
 */
export function createReadinessCheck(fastify: FastifyInstance): () => Promise<Readiness> {
  let running: Promise<Readiness> | undefined;

  async function check(): Promise<Readiness> {
    const status: InstanceStatus = {
      database: {
        engine: fastify.database.engine,
        reachable: false,
        schemaVersion: null,
        expectedSchemaVersion: (await latestMigrationTag()) ?? null,
      },
      season: { id: null },
    };
    const notReady = (reason: NotReadyReason, message: string): Readiness => ({
      status: 'unavailable',
      reason,
      message,
      ...status,
    });
    try {
      await pingDatabase(fastify.db);
      fastify.databaseOutage.reportReachable();
      status.database.reachable = true;

      const schema = await readSchemaState(fastify.db);
      status.database.schemaVersion = schema.version ?? null;
      if (!schema.isCurrent) {
        return notReady(
          'SCHEMA_BEHIND',
          `The database is at ${schema.version ?? 'no migration'}; this server needs ${schema.expectedVersion}`,
        );
      }

      status.season.id = (await fastify.activeSeason.get()).id;
      return { status: 'ok', ...status };
    } catch (error) {
      if (isAppErrorWithReason(error, 'SEASON_NOT_LOADED'))
        return notReady('SEASON_NOT_LOADED', error.message);
      // An outage is logged once, by the tracker; any other fault each time.
      const isUnreachable = isDatabaseUnreachableError(error);
      if (isUnreachable) fastify.databaseOutage.reportUnreachable(error);
      else fastify.log.error({ err: error }, 'Readiness check failed');
      if (isUnreachable || !status.database.reachable) {
        status.database.reachable = false;
        return notReady('DATABASE_UNREACHABLE', 'The database does not answer');
      }
      return notReady('CHECK_FAILED', 'The readiness check failed (see the server log)');
    }
  }

  return () => {
    running ??= check().finally(() => {
      running = undefined;
    });
    return running;
  };
}
