import { describeFailure } from '../lib/pg-errors.js';
import type { ProcessLog } from '../lib/process-log.js';

/** Connections lost within this long of the last one logged are not logged again (a restart loses them all). */
const LOSS_LINE_EVERY_MS = 10_000;

/**
 * What the log says about the database: one warning when it cannot be reached, one line when it
 * answers again, and one warning for a burst of lost connections, never a line per request. The
 * pool reports to it (postgres-pool.ts); requests get 503 meanwhile (the error handler).
 */
export class DatabaseHealth {
  #reachable = true;
  #unreachableSince = 0;
  #lossLoggedAt = -Infinity;

  constructor(
    /** host:port/database, never the password. */
    readonly target: string,
    private readonly log: ProcessLog,
    private readonly now: () => number = Date.now,
  ) {}

  get reachable() {
    return this.#reachable;
  }

  /** A new connection was made. */
  connected() {
    if (this.#reachable) return;
    this.#reachable = true;
    const seconds = ((this.now() - this.#unreachableSince) / 1000).toFixed(1);
    this.log.info(`the database at ${this.target} answers again (it could not be reached for ${seconds} s)`);
  }

  /** A new connection could not be made. */
  connectFailed(error: unknown) {
    if (!this.#reachable) return;
    this.#reachable = false;
    this.#unreachableSince = this.now();
    this.log.warn(
      `cannot reach the database at ${this.target} (${describeFailure(error)}); requests get 503 until it answers`,
    );
  }

  /** An open connection died: a restart, a terminated backend, a network fault. */
  connectionLost(error: unknown) {
    const now = this.now();
    if (!this.#reachable || now - this.#lossLoggedAt < LOSS_LINE_EVERY_MS) return;
    this.#lossLoggedAt = now;
    this.log.warn(
      `lost a connection to the database at ${this.target} (${describeFailure(error)}); new ones are opened as needed`,
    );
  }
}

/** Where a PostgreSQL URL points, for the log: host:port/database, without the user or password. */
export function describeDatabaseUrl(url: string): string {
  try {
    const parsed = new URL(url);
    // A Unix socket's folder comes as ?host=/run/postgresql, or percent-encoded in the host.
    const host = parsed.searchParams.get('host') ?? decodeURIComponent(parsed.hostname || 'localhost');
    const database = decodeURIComponent(parsed.pathname.slice(1)) || '(default database)';
    return `${host}:${parsed.port || '5432'}/${database}`;
  } catch {
    return 'the configured DATABASE_URL';
  }
}
