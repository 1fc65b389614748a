import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { DatabaseUnavailableError, isConnectionFailure } from '../../lib/pg-errors.js';
import { runPeriodically } from '../../lib/periodic-task.js';
import { publishScheduledPost } from '../../services/blogs.service.js';

export interface ScheduledPublisherOptions {
  /** Time between looks for due posts, from the end of the last one (about a second in the server). */
  everyMs: number;
}

/** Posts published in one run at most; the rest wait for the next run, a moment later. */
const MOST_PER_RUN = 100;

/**
 * Publishes the posts whose schedule has fallen due (decision 043), in the background of every
 * server process. Each post is claimed with FOR UPDATE SKIP LOCKED in its own transaction, so two
 * processes on one PostgreSQL never publish one post twice, and a failure leaves the others' work.
 * The first run comes as the app is ready: what fell due while the server was down is published
 * then, and said so in the log. A database outage is logged once, then retried every run.
 */
export default fp(
  async function scheduledPublisher(app: FastifyInstance, options: ScheduledPublisherOptions) {
    let firstRun = true;
    let failing = false;

    const publishDue = async () => {
      const now = app.clock();
      const published: { id: string; domainId: string; scheduledFor: Date }[] = [];
      while (published.length < MOST_PER_RUN) {
        const post = await app.db
          .transaction()
          .execute((trx) => publishScheduledPost(trx, now, app.revisions));
        if (!post) break;
        published.push(post);
        app.log.info(
          { postId: post.id, domainId: post.domainId, scheduledFor: post.scheduledFor.toISOString() },
          'published a scheduled post',
        );
      }
      return published;
    };

    const run = async () => {
      try {
        const published = await publishDue();
        if (failing) app.log.info('scheduled publishing works again');
        failing = false;
        if (firstRun && published.length > 0)
          app.log.info(
            `published ${published.length} scheduled post${published.length === 1 ? '' : 's'} that fell due while the server was not running`,
          );
        firstRun = false;
      } catch (error) {
        // Logged when the failure starts, not on every run of an outage; the next run retries.
        if (!failing) {
          if (error instanceof DatabaseUnavailableError || isConnectionFailure(error))
            app.log.warn(`scheduled publishing waits for the database: ${(error as Error).message}`);
          else app.log.error({ err: error }, 'scheduled publishing failed; retrying');
        }
        failing = true;
      }
    };
    runPeriodically(app, { everyMs: options.everyMs, firstAfterMs: 0 }, run);
  },
  { name: 'scheduled-publisher' },
);
