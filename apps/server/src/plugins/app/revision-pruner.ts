import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { DatabaseUnavailableError } from '../../lib/pg-errors.js';
import { runPeriodically } from '../../lib/periodic-task.js';
import { pruneRevisions, type RetentionPolicy } from '../../services/revision-retention.js';

export interface RevisionPrunerOptions extends RetentionPolicy {
  everyMs: number;
  firstAfterMs?: number;
}

/**
 * Thins old post revisions in the background of every server instance (decision 050); the
 * pruning's advisory lock lets one instance at a time do the work. Its "now" is the app's clock.
 */
export default fp(
  async function revisionPruner(app: FastifyInstance, options: RevisionPrunerOptions) {
    const prune = () =>
      pruneRevisions(app.db, options, { now: app.clock() }).then(
        (result) => {
          if (result.removed > 0) app.log.info(`thinned ${result.removed} old post revisions`);
        },
        (error: unknown) =>
          error instanceof DatabaseUnavailableError
            ? app.log.warn(`the revision pruning was skipped: ${error.message}`)
            : app.log.error({ err: error }, 'the revision pruning failed'),
      );
    runPeriodically(
      app,
      { everyMs: options.everyMs, firstAfterMs: options.firstAfterMs ?? 5 * 60_000 },
      prune,
    );
  },
  { name: 'revision-pruner' },
);
