import type { FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { AppError } from '../lib/app-error.js';
import {
  MemoryAttemptCounters,
  RedisAttemptCounters,
  type AttemptCounters,
} from '../lib/attempt-counters.js';
import { budgetAddress } from '../lib/client-address.js';

const WINDOW_MS = 60_000;
/** A store that cannot be reached is said at most this often, not once per request. */
const UNCOUNTED_LOG_EVERY_MS = 60_000;

export interface MinuteBudget {
  /** Calls a minute; 0 turns the budget off. */
  perMinute: number;
  /** What is counted, for the 429's line and the log: "this key", "this address". */
  per: string;
  /** The counter a request counts on. */
  keyOf: (request: FastifyRequest) => string;
}

/** The counters of one budget: in Redis (shared by every process) under its own namespace, else here. */
export function budgetCounters(redis: Redis | undefined, namespace: string): AttemptCounters {
  return redis ? new RedisAttemptCounters(redis, namespace) : new MemoryAttemptCounters();
}

/**
 * A budget of calls a minute for the public endpoints (/api/v1, /feeds; decisions 040 and 058),
 * counted in Redis when there is one, so that every process shares it, else in this process's
 * memory. Over it: 429 with Retry-After and the error body. A store that cannot be reached lets
 * calls through: a budget is fairness, and the work each call may do is bounded on its own.
 */
export function minuteBudget(counters: AttemptCounters, budget: MinuteBudget) {
  let lastUncounted = -Infinity;
  return async (request: FastifyRequest) => {
    if (budget.perMinute <= 0) return;
    let state;
    try {
      state = await counters.add(budget.keyOf(request), WINDOW_MS);
    } catch (error) {
      if (Date.now() - lastUncounted >= UNCOUNTED_LOG_EVERY_MS) {
        lastUncounted = Date.now();
        request.log.warn({ err: error }, `rate limit per ${budget.per} not counted: Redis cannot be reached`);
      }
      return;
    }
    if (state.count <= budget.perMinute) return;
    const seconds = Math.max(1, Math.ceil(state.msLeft / 1000));
    throw new AppError(
      429,
      [
        `Too many requests from ${budget.per}: at most ${budget.perMinute} a minute; try again in ${seconds} s`,
      ],
      'Too many requests; slow down and try again shortly.',
      { 'retry-after': String(seconds) },
    );
  };
}

/**
 * The client's address as the budget counts it: behind the proxies TRUST_PROXY names, the
 * visitor's (request.ip follows X-Forwarded-For only from them), an IPv6 one by its /64.
 */
export const byAddress = (request: FastifyRequest) => budgetAddress(request.ip);
