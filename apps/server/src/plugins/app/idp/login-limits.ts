import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** Failed sign-ins allowed per window, per account and per client address. */
export const LOGIN_LIMITS = { perAccount: 10, perAddress: 30, windowMs: 15 * 60_000 };

export interface LoginLimits {
  /** Seconds until this request's account and address may try again; 0 when they may now. */
  retryAfter(request: FastifyRequest): Promise<number>;
  /** Counts this request as a failed attempt against its account and its address. */
  failed(request: FastifyRequest): Promise<void>;
}

/** The account a sign-in form names, as the accounts table stores it. */
export function formEmail(request: FastifyRequest): string {
  const email = (request.body as Record<string, unknown> | undefined)?.email;
  return typeof email === 'string' ? email.trim().toLowerCase() : '';
}

/**
 * Guessing passwords is slowed per account and per client address. Only failures count, so people
 * who sign in often (and test suites) are never locked out by their own successes, and an attempt
 * over the limit is refused before its password is even checked. The counters live in this
 * instance's memory (docs/decisions/008).
 */
export async function loginLimits(app: FastifyInstance): Promise<LoginLimits> {
  await app.register(rateLimit, { global: false });
  const timeWindow = LOGIN_LIMITS.windowMs;
  const limiters = [
    app.createRateLimit({ timeWindow, max: LOGIN_LIMITS.perAddress }),
    app.createRateLimit({
      timeWindow,
      max: LOGIN_LIMITS.perAccount,
      keyGenerator: (request) => `account:${formEmail(request)}`,
    }),
  ];

  return {
    async retryAfter(request) {
      let wait = 0;
      for (const limiter of limiters) {
        const state = await limiter(request, { increment: false });
        if (!state.isAllowed && state.remaining <= 0) wait = Math.max(wait, state.ttlInSeconds);
      }
      return wait;
    },
    async failed(request) {
      for (const limiter of limiters) await limiter(request);
    },
  };
}
