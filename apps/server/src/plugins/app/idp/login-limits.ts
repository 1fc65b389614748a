import { createHash } from 'node:crypto';
import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';
import type { AttemptCounters } from '../../../lib/attempt-counters.js';

/** Failed sign-ins allowed per window, per account and per client address. */
export const LOGIN_LIMITS = { perAccount: 10, perAddress: 30, windowMs: 15 * 60_000 };

/** A sign-in attempt that has been counted against its account and its address. */
export interface CountedAttempt {
  /** Seconds until this account or address may try again; 0 when this attempt may be checked. */
  retryAfter: number;
  /** Takes the attempt back off both counters: it succeeded, or its password was never checked. */
  giveBack(): Promise<void>;
}

export interface LoginLimits {
  /**
   * Counts the attempt before its password is checked (CountersUnavailableError when it cannot),
   * against the account the form names, or `email` (a signed-in user confirming their password).
   */
  count(request: FastifyRequest, email?: string): Promise<CountedAttempt>;
}

/** The account a sign-in form names, as the accounts table stores it. */
export function formEmail(request: FastifyRequest): string {
  const email = (request.body as Record<string, unknown> | undefined)?.email;
  return typeof email === 'string' ? email.trim().toLowerCase() : '';
}

/** The account's key holds a digest of the e-mail: the counters (in Redis too) hold no address. */
const accountKey = (email: string) => `account:${createHash('sha256').update(email).digest('base64url')}`;
/** One IPv6 client usually holds a whole /64, as @fastify/rate-limit counts it too. */
const addressKey = (request: FastifyRequest) => `address:${normalizeIP(request.ip)}`;

/**
 * Guessing passwords is slowed per account and per client address. Each attempt is counted before
 * its password is checked, so concurrent attempts see each other and at most the limit's number of
 * them reach scrypt (issue 19, finding 4). Only failures stay counted: a success, an attempt over a
 * limit and one that was never checked are given back, so people who sign in often (and test suites)
 * are never locked out by their own successes (docs/decisions/008, 034).
 */
export function loginLimits(counters: AttemptCounters): LoginLimits {
  const { windowMs } = LOGIN_LIMITS;
  const giveBackAll = async (keys: string[]) => {
    for (const key of keys) await counters.giveBack(key);
  };

  return {
    async count(request, email = formEmail(request)) {
      const limits: [string, number][] = [
        [addressKey(request), LOGIN_LIMITS.perAddress],
        [accountKey(email.trim().toLowerCase()), LOGIN_LIMITS.perAccount],
      ];
      const counted: string[] = [];
      for (const [key, max] of limits) {
        const { count, msLeft } = await counters.add(key, windowMs);
        counted.push(key);
        if (count > max) {
          // Refused before any check: it does not count against anyone.
          await giveBackAll(counted);
          return { retryAfter: Math.max(1, Math.ceil(msLeft / 1000)), giveBack: async () => {} };
        }
      }
      return { retryAfter: 0, giveBack: () => giveBackAll(counted) };
    },
  };
}
