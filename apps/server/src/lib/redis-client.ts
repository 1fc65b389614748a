import { Redis } from 'ioredis';

export interface RedisLog {
  info(message: string): void;
  warn(message: string): void;
}

/** How long the start waits for Redis before it serves anyway (the client keeps trying). */
const READY_WAIT_MS = 3_000;

/**
 * The client for the shared rate limits (REDIS_URL). A Redis that is unreachable, or stops
 * answering, must cost answers, never the process nor requests left waiting: commands fail at once
 * while it is disconnected (no offline queue) and after 1 s when it does not answer, and the client
 * keeps reconnecting in the background. Each limit decides what a failure means (decision 034).
 */
export async function connectRedis(url: string, keyPrefix: string, log: RedisLog) {
  const client = new Redis(url, {
    keyPrefix,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2_000,
    commandTimeout: 1_000,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
  });
  // One line when it goes away and one when it is back, not one per reconnection attempt.
  let reachable = true;
  client.on('error', (error: Error) => {
    if (!reachable) return;
    reachable = false;
    log.warn(
      `Redis (REDIS_URL) cannot be reached (${error.message}): the per-user limit lets calls through and sign-ins answer 503 until it is back`,
    );
  });
  client.on('ready', () => {
    if (reachable) return;
    reachable = true;
    log.info('Redis (REDIS_URL) is reachable again: the shared rate limits count again');
  });

  await new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, READY_WAIT_MS);
    client.once('ready', () => {
      clearTimeout(timer);
      resolve();
    });
  });
  return client;
}
