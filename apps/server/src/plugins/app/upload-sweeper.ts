import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { DatabaseUnavailableError } from '../../lib/pg-errors.js';
import { runPeriodically } from '../../lib/periodic-task.js';
import { sweepUnregisteredUploads } from '../../services/upload-sweeper.js';

export interface UploadSweeperOptions {
  /** Time between sweeps; the first runs one minute after start. */
  everyMs: number;
  firstAfterMs?: number;
}

/**
 * Runs the sweep of unregistered uploads in the background of every server instance; the sweep's
 * advisory lock lets one instance at a time do the work. Timers do not keep the process alive, and
 * closing the app waits for a sweep under way.
 */
export default fp(
  async function uploadSweeper(app: FastifyInstance, options: UploadSweeperOptions) {
    const sweep = () =>
      sweepUnregisteredUploads(app.db, app.storage, {
        onError: (key, error) => app.log.warn({ err: error, key }, 'could not remove an unregistered upload'),
      }).then(
        (result) => {
          if (result.removed > 0) app.log.info(`removed ${result.removed} unregistered uploads`);
        },
        (error: unknown) =>
          // A database outage is logged once by the pool; the next sweep runs as planned.
          error instanceof DatabaseUnavailableError
            ? app.log.warn(`the upload sweep was skipped: ${error.message}`)
            : app.log.error({ err: error }, 'the upload sweep failed'),
      );
    runPeriodically(app, { everyMs: options.everyMs, firstAfterMs: options.firstAfterMs ?? 60_000 }, sweep);
  },
  { name: 'upload-sweeper', dependencies: ['storage'] },
);
