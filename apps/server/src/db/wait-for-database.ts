import pg from 'pg';
import { describeFailure, isConnectionFailure } from '../lib/pg-errors.js';
import type { ProcessLog } from '../lib/process-log.js';
import { describeDatabaseUrl } from './database-health.js';
import { CONNECT_TIMEOUT_MS } from './database.js';

/** The first wait between two attempts; it doubles up to the last. */
export const START_RETRY_DELAY_MS = { first: 250, max: 5_000 };

/** The server cannot start on this database: the reason, in one line, without the password. */
export class DatabaseStartError extends Error {}

export interface WaitOptions {
  /** How long to keep trying while the database cannot be reached; 0 tries once. */
  seconds: number;
  log: ProcessLog;
  /** One connection attempt and a `select 1` (replaced in tests). */
  probe?: (url: string) => Promise<void>;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
}

async function probeOnce(url: string) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  // An error after the answer (the server going away again) must not end the process.
  client.on('error', () => {});
  try {
    await client.connect();
    await client.query('select 1');
  } finally {
    await client.end().catch(() => {});
  }
}

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * At start, a database that cannot be reached yet (it is starting, failing over, or the network
 * is not up) is tried again with back-off for `seconds`, with one line in the log; a database that
 * answers but refuses us (a wrong password, no such database) ends the start at once. Either way
 * the failure is one line naming host:port/database.
 */
export async function waitForDatabase(url: string, options: WaitOptions): Promise<void> {
  const { log, seconds } = options;
  const probe = options.probe ?? probeOnce;
  const sleep = options.sleep ?? pause;
  const now = options.now ?? Date.now;
  const target = describeDatabaseUrl(url);
  const deadline = now() + seconds * 1000;
  let delay = START_RETRY_DELAY_MS.first;
  let waited = false;
  for (;;) {
    try {
      await probe(url);
      if (waited) log.info(`the database at ${target} answers; starting`);
      return;
    } catch (error) {
      const reason = describeFailure(error);
      if (!isConnectionFailure(error)) {
        throw new DatabaseStartError(`the database at ${target} refused the connection: ${reason}`);
      }
      const left = deadline - now();
      if (left <= 0) {
        throw new DatabaseStartError(
          `could not reach the database at ${target} within ${seconds} s (${reason}); giving up`,
        );
      }
      if (!waited) {
        waited = true;
        log.warn(`cannot reach the database at ${target} (${reason}); trying again for up to ${seconds} s`);
      }
      await sleep(Math.min(delay, left));
      delay = Math.min(delay * 2, START_RETRY_DELAY_MS.max);
    }
  }
}
