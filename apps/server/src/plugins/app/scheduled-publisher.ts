import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { DatabaseUnavailableError, isConnectionFailure } from '../../lib/pg-errors.js';
import { runPeriodically } from '../../lib/periodic-task.js';
import { publishNextDuePost, type PublishFailure } from '../../services/scheduled-publishing.js';

export interface ScheduledPublisherOptions {
  /** Time between looks for due posts, from the end of the last one (about a second in the server). */
  everyMs: number;
}

/** Posts tried in one run at most; the rest wait for the next run, a moment later. */
const MOST_PER_RUN = 100;

/**
 * Publishes the posts whose schedule has fallen due (decision 043), in the background of every
 * server process. Each post is claimed with FOR UPDATE SKIP LOCKED in its own transaction, so two
 * processes on one PostgreSQL never publish one post twice, and a failure leaves the others' work.
 * The first run comes as the app is ready: what fell due while the server was down is published
 * then, and said so in the log. A database outage is logged once, then retried every run. A post
 * whose own publish fails is set aside with a back-off and logged once per failure streak, and the
 * run goes on with the others (decision 059).
 */
export default fp(
  async function scheduledPublisher(app: FastifyInstance, options: ScheduledPublisherOptions) {
    let firstRun = true;
    let failing = false;

    const logFailure = ({ post, error, failures, retryAt }: PublishFailure) => {
      const fields = {
        postId: post.id,
        domainId: post.domainId,
        scheduledFor: post.scheduledFor.toISOString(),
        failures,
        retryAt: retryAt.toISOString(),
      };
      // Once per streak: a post that fails for hours is one line, not one per retry.
      if (failures === 1)
        app.log.error(
          { ...fields, err: error },
          'a scheduled post could not be published; the others go on, and it is tried again later',
        );
      else app.log.debug({ ...fields, err: error }, 'a scheduled post still could not be published');
    };

    const publishDue = async () => {
      const now = app.clock();
      const published: { id: string; domainId: string; scheduledFor: Date }[] = [];
      for (let tried = 0; tried < MOST_PER_RUN; tried++) {
        const outcome = await publishNextDuePost(app.db, now, app.revisions);
        if (!outcome) break;
        if ('failed' in outcome) logFailure(outcome.failed);
        if (!('published' in outcome)) continue;
        const post = outcome.published;
        published.push(post);
        app.log.info(
          {
            postId: post.id,
            domainId: post.domainId,
            scheduledFor: post.scheduledFor.toISOString(),
            ...(post.failedBefore > 0 ? { failedBefore: post.failedBefore } : {}),
          },
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
