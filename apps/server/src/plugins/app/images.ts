import os from 'node:os';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Env } from '../../config/env.js';
import { DatabaseUnavailableError } from '../../lib/pg-errors.js';
import { runPeriodically } from '../../lib/periodic-task.js';
import { imageJobLeaseSeconds, runDueImageJobs } from '../../services/image-jobs.js';
import { ImageVariants, imageSettingsOf } from '../../services/image-variants.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** This process's variant renderer, and the image settings (decision 064). */
    images: ImageVariants;
  }
}

export interface ImageWorkerOptions {
  /** How often the jobs are looked at. */
  pollMs: number;
  firstAfterMs?: number;
  retryDelaysMs?: readonly number[];
  leaseSeconds?: number;
}

/**
 * Image variants (issue 31): `app.images` renders them in this process, and with `worker` the
 * background jobs left by registrations are worked through here (SKIP LOCKED with a lease, so that
 * any number of processes share them). With IMAGES=off no job runs.
 */
export default fp(
  async function images(app: FastifyInstance, options: { env: Env; worker?: ImageWorkerOptions }) {
    const images = new ImageVariants(app.storage, imageSettingsOf(options.env, os.availableParallelism()));
    app.decorate('images', images);
    const worker = options.worker;
    if (!worker || !images.settings.enabled) return;
    const shutdown = new AbortController();
    app.addHook('onClose', async () => shutdown.abort());
    const run = () =>
      runDueImageJobs(app.db, app.storage, images, {
        leaseSeconds: worker.leaseSeconds ?? imageJobLeaseSeconds(images),
        retryDelaysMs: worker.retryDelaysMs,
        log: app.log,
        signal: shutdown.signal,
      }).then(
        () => undefined,
        (error: unknown) =>
          error instanceof DatabaseUnavailableError
            ? app.log.warn(`the image jobs wait for the database: ${error.message}`)
            : app.log.error({ err: error }, 'the image jobs failed'),
      );
    runPeriodically(app, { everyMs: worker.pollMs, firstAfterMs: worker.firstAfterMs ?? worker.pollMs }, run);
  },
  { name: 'images', dependencies: ['storage'] },
);
