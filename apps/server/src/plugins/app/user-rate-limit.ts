import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import fp from 'fastify-plugin';
import { AppError } from '../../lib/app-error.js';

/** A Redis that cannot be reached is said at most this often, not once per request. */
const UNCOUNTED_LOG_EVERY_MS = 60_000;

/**
 * A per-user budget of /cms calls per minute (RATE_LIMIT_PER_MINUTE; 0 turns it off), so one
 * runaway client or script cannot starve everyone else. It counts after the token check, by the
 * token's subject: in Redis, shared by every process and server, when there is one (REDIS_URL),
 * else in this process's memory (docs/deploy.md). Over the budget: 429 with Retry-After and the
 * error body. A Redis that cannot be reached lets calls through (decision 034).
 */
export default fp(
  async function userRateLimit(app: FastifyInstance, options: { perMinute: number; redis?: Redis }) {
    if (options.perMinute <= 0) return;
    await app.register(rateLimit, {
      global: false,
      ...(options.redis ? { redis: options.redis, nameSpace: 'per-user:' } : {}),
    });
    const limiter = app.createRateLimit({
      max: options.perMinute,
      timeWindow: 60_000,
      keyGenerator: (request) => `user:${request.user.sub}`,
    });
    let lastUncounted = -Infinity;
    // Registered in the /cms scope after its token check (routes/cms/index.ts): each request has a user.
    app.addHook('onRequest', async (request) => {
      let state;
      try {
        state = await limiter(request);
      } catch (error) {
        // A budget is a fairness limit, not a protection: while it cannot be counted, calls go through.
        if (Date.now() - lastUncounted >= UNCOUNTED_LOG_EVERY_MS) {
          lastUncounted = Date.now();
          request.log.warn({ err: error }, 'per-user rate limit not counted: Redis cannot be reached');
        }
        return;
      }
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
