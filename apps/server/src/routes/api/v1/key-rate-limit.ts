import type { FastifyRequest } from 'fastify';
import { AppError } from '../../../lib/app-error.js';
import type { AttemptCounters } from '../../../lib/attempt-counters.js';

const WINDOW_MS = 60_000;
/** A store that cannot be reached is said at most this often, not once per request. */
const UNCOUNTED_LOG_EVERY_MS = 60_000;

/**
 * A budget of calls per content key and minute (0: none), counted in Redis when there is one, so
 * that every process shares it, else in this process's memory. Over it: 429 with Retry-After. A
 * store that cannot be reached lets calls through: the budget is fairness, not protection.
 */
export function keyRateLimit(counters: AttemptCounters, perMinute: number) {
  let lastUncounted = -Infinity;
  return async (request: FastifyRequest) => {
    if (perMinute <= 0) return;
    let state;
    try {
      state = await counters.add(request.contentKey!.keyId, WINDOW_MS);
    } catch (error) {
      if (Date.now() - lastUncounted >= UNCOUNTED_LOG_EVERY_MS) {
        lastUncounted = Date.now();
        request.log.warn({ err: error }, 'content key rate limit not counted: Redis cannot be reached');
      }
      return;
    }
    if (state.count <= perMinute) return;
    const seconds = Math.max(1, Math.ceil(state.msLeft / 1000));
    throw new AppError(
      429,
      [`Too many requests with this key: at most ${perMinute} a minute; try again in ${seconds} s`],
      'Too many requests; slow down and try again shortly.',
      { 'retry-after': String(seconds) },
    );
  };
}
