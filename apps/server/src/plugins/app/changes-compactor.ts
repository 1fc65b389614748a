import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { compactChanges } from '../../db/repositories/post-changes.repository.js';
import { DatabaseUnavailableError } from '../../lib/pg-errors.js';
import { runPeriodically } from '../../lib/periodic-task.js';

export interface ChangesCompactorOptions {
  everyMs: number;
  keepDays: number;
}

/**
 * Compacts the changes the delivery API's cursor reads, older than the retention, in the
 * background of every server instance; two instances compacting at once only wait for each other.
 */
export default fp(
  async function changesCompactor(app: FastifyInstance, options: ChangesCompactorOptions) {
    const compact = () =>
      compactChanges(app.db, options.keepDays).then(
        (removed) => {
          if (removed > 0)
            app.log.info(`compacted ${removed} post changes older than ${options.keepDays} days`);
        },
        (error: unknown) =>
          error instanceof DatabaseUnavailableError
            ? app.log.warn(`the changes compaction was skipped: ${error.message}`)
            : app.log.error({ err: error }, 'the changes compaction failed'),
      );
    runPeriodically(app, { everyMs: options.everyMs, firstAfterMs: 5 * 60_000 }, compact);
  },
  { name: 'changes-compactor' },
);
