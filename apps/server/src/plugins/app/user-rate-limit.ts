import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../../lib/app-error.js';

/**
 * A per-user budget of /cms calls per minute (RATE_LIMIT_PER_MINUTE; 0 turns it off), so one
 * runaway client or script cannot starve everyone else. It counts after the token check, by the
 * token's subject, in this instance's memory (docs/deploy.md). Over the budget: 429 with
 * Retry-After and the error body.
 */
export default fp(
  async function userRateLimit(app: FastifyInstance, options: { perMinute: number }) {
    if (options.perMinute <= 0) return;
    await app.register(rateLimit, { global: false });
    const limiter = app.createRateLimit({
      max: options.perMinute,
      timeWindow: 60_000,
      keyGenerator: (request) => `user:${request.user.sub}`,
    });
    // Registered in the /cms scope after its token check (routes/cms/index.ts): each request has a user.
    app.addHook('onRequest', async (request) => {
      const state = await limiter(request);
      if (state.isAllowed || !state.isExceeded) return;
      const seconds = Math.max(1, state.ttlInSeconds);
      throw new AppError(
        429,
        [`Too many requests: at most ${options.perMinute} a minute; try again in ${seconds} s`],
        'Too many requests; slow down and try again shortly.',
        { 'retry-after': String(seconds) },
      );
    });
  },
  { name: 'user-rate-limit', dependencies: ['auth'] },
);
