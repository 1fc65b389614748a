import { AppError } from '../../../lib/app-error.js';
import type { AttemptCounters } from '../../../lib/attempt-counters.js';

const WINDOW_MS = 60_000;

/**
 * The budget of test pings and redeliveries per domain and minute (WEBHOOK_TESTS_PER_MINUTE; 0:
 * none), shared by every process through Redis when there is one (issue 29): each queues a delivery
 * the worker must send, and a loop of them would fill the worker with one domain's pings.
 * `take` counts one call or throws 429 with Retry-After; `giveBack` returns it when the call queued
 * nothing (404, 409). A store that cannot be reached lets calls through: it is a fairness limit.
 */
export function webhookSendLimit(
  counters: AttemptCounters,
  perMinute: number,
  onUncounted: (error: unknown) => void,
) {
  return {
    async take(domainId: string) {
      if (perMinute <= 0) return;
      let state;
      try {
        state = await counters.add(domainId, WINDOW_MS);
      } catch (error) {
        onUncounted(error);
        return;
      }
      if (state.count <= perMinute) return;
      const seconds = Math.max(1, Math.ceil(state.msLeft / 1000));
      throw new AppError(
        429,
        [
          `This domain has sent ${perMinute} test or redelivered events this minute, the most it may (WEBHOOK_TESTS_PER_MINUTE); try again in ${seconds} s`,
        ],
        'Too many test and redelivery calls for this domain; try again shortly.',
        { 'retry-after': String(seconds) },
      );
    },
    async giveBack(domainId: string) {
      if (perMinute <= 0) return;
      await counters.giveBack(domainId).catch(onUncounted);
    },
  };
}
