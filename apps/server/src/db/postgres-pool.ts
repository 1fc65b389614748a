import type { PostgresPool, PostgresPoolClient } from 'kysely';
import pg from 'pg';
import { DatabaseUnavailableError, describeFailure, isConnectionFailure } from '../lib/pg-errors.js';
import type { DatabaseHealth } from './database-health.js';
import { StatementNames, statementRunner, type StatementRunner } from './prepared-statements.js';

export interface PostgresPoolOptions {
  url: string;
  max: number;
  /** PostgreSQL settings for every connection, as `-c name=value` options. */
  settings: string;
  /** Statements prepared once per connection (decision 028). */
  prepared: boolean;
  health: DatabaseHealth;
  /** A connection attempt that has not succeeded by then fails (a host that does not answer). */
  connectTimeoutMs: number;
}

/**
 * The first statement of a checkout that may be sent again on a new connection when its
 * connection turns out dead: a read, whose repetition changes nothing, or the `begin` of a
 * transaction, after which nothing has been written yet. Anything later in a checkout may depend
 * on what the dead session held (a transaction, an advisory lock), and a write may have been
 * carried out before its connection died: neither is repeated.
 */
function isSafeToRepeat(sql: string) {
  if (/^\s*(select|begin|start\s+transaction)\b/i.test(sql)) return true;
  return /^\s*with\b/i.test(sql) && !/\b(insert|update|delete|merge)\b/i.test(sql);
}

const unavailable = (error: unknown) =>
  error instanceof DatabaseUnavailableError
    ? error
    : new DatabaseUnavailableError(describeFailure(error), { cause: error });

/**
 * pg's Client with a limit on connection attempts (pg-pool's own option of that name would also
 * limit how long a request may wait for a free connection, which only load decides), and with a
 * listener for its 'error' event from its making to its end.
 *
 * pg-pool listens to a connection only while it is idle, and a Checkout while it is lent, which
 * leaves a gap: pg-pool takes its listener off a new connection and hands it over when the
 * startup's last message (ReadyForQuery) is parsed, the Checkout gets it a microtask later, and
 * the rest of that packet is parsed in between. A backend ended just after its startup
 * (pg_terminate_backend, a fast shutdown) sends its FATAL error right behind ReadyForQuery; a busy
 * process reads both in one packet, and the error, emitted with no listener, ended the process.
 */
function clientClass(
  connectTimeoutMs: number,
  onError: (client: pg.Client, error: Error) => void,
): typeof pg.Client {
  return class extends pg.Client {
    constructor(config?: string | pg.ClientConfig) {
      const options = typeof config === 'string' ? { connectionString: config } : (config ?? {});
      super({ ...options, connectionTimeoutMillis: connectTimeoutMs });
      this.on('error', (error) => onError(this, error));
    }
  };
}

/**
 * kysely's PostgresDialect pool on pg's, made to survive the database going away (decision 032):
 * - a connection that dies, idle, in use or between the two, is reported and dropped, never left
 *   to end the process with an unhandled 'error' event;
 * - a failed connection attempt or a statement whose connection died throws
 *   DatabaseUnavailableError, which requests answer with 503 and Retry-After;
 * - the first statement of a checkout, when it is safe to repeat, is sent once more on a new
 *   connection, so that a dead idle connection costs no answer.
 */
export function createPostgresPool(options: PostgresPoolOptions): PostgresPool {
  const { health } = options;
  // Connections that emitted 'error': pg has made them unusable and failed their statements.
  const lost = new WeakSet<pg.ClientBase>();
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.max,
    options: options.settings,
    application_name: 'masthead',
    Client: clientClass(options.connectTimeoutMs, (client, error) => {
      lost.add(client);
      health.connectionLost(error);
    }),
  });
  const run = statementRunner(options.prepared ? new StatementNames() : undefined);
  // Each connection's serial number: a retry wants one made after the failure it saw.
  const serials = new WeakMap<pg.ClientBase, number>();
  let made = 0;
  pool.on('connect', (client) => {
    serials.set(client, ++made);
    health.connected();
  });
  // An idle connection died (pg-pool has dropped it already, and the connection's own listener
  // has reported it); unheard, this event ends the process.
  pool.on('error', () => {});

  const connectOnce = async () => {
    try {
      return await pool.connect();
    } catch (error) {
      health.connectFailed(error);
      throw unavailable(error);
    }
  };

  /** A connection that died before it was handed over (see clientClass) is closed, and another one taken. */
  const connect = async () => {
    for (let attempt = 0; attempt <= options.max; attempt++) {
      const client = await connectOnce();
      if (!lost.has(client)) return client;
      client.release(true);
    }
    throw new DatabaseUnavailableError('every new connection was lost as it was made');
  };

  /** A connection made after the `after`th: older idle ones may be as dead as the one that failed, so they are closed unused. */
  const connectAfter = async (after: number) => {
    for (let attempt = 0; attempt <= options.max; attempt++) {
      const client = await connect();
      if ((serials.get(client) ?? 0) > after) return client;
      client.release(true);
    }
    throw new DatabaseUnavailableError('no new connection could be made');
  };

  return {
    connect: async () => new Checkout(await connect(), { run, health, connectAfter, made: () => made }),
    end: () => pool.end(),
  };
}

interface CheckoutContext {
  run: StatementRunner;
  health: DatabaseHealth;
  connectAfter: (after: number) => Promise<pg.PoolClient>;
  /** Connections made so far. */
  made: () => number;
}

/** One connection lent to kysely, for one statement or a transaction, until it is released. */
class Checkout implements PostgresPoolClient {
  #client: pg.PoolClient | undefined;
  #sent = 0;
  #broken = false;
  // A connection that dies while lent out emits 'error' on its client (reported by its own listener, clientClass).
  readonly #onError = () => {
    this.#broken = true;
  };

  constructor(
    client: pg.PoolClient,
    private readonly context: CheckoutContext,
  ) {
    this.#attach(client);
  }

  query = ((sql: string | pg.Submittable, parameters: readonly unknown[] = []) => {
    // A cursor (kysely's stream) passes through as it is.
    if (typeof sql !== 'string') return this.#lent().query(sql);
    return this.#run(sql, parameters);
  }) as unknown as PostgresPoolClient['query'];

  release() {
    const client = this.#client;
    if (!client) return;
    this.#detach();
    // A broken connection is closed rather than lent again.
    client.release(this.#broken || undefined);
  }

  async #run(sql: string, parameters: readonly unknown[]) {
    const first = this.#sent++ === 0;
    try {
      return await this.context.run(this.#lent(), sql, parameters);
    } catch (error) {
      if (!isConnectionFailure(error)) throw error;
      this.#broken = true;
      this.context.health.connectionLost(error);
      if (!first || !isSafeToRepeat(sql)) throw unavailable(error);
    }
    await this.#replace();
    try {
      return await this.context.run(this.#lent(), sql, parameters);
    } catch (again) {
      if (!isConnectionFailure(again)) throw again;
      this.#broken = true;
      throw unavailable(again);
    }
  }

  /** Closes the dead connection and carries on with a new one. */
  async #replace() {
    const after = this.context.made();
    this.release();
    this.#broken = false;
    this.#attach(await this.context.connectAfter(after));
  }

  #lent() {
    if (!this.#client) throw new DatabaseUnavailableError('the connection was lost');
    return this.#client;
  }

  #attach(client: pg.PoolClient) {
    this.#client = client;
    client.on('error', this.#onError);
  }

  #detach() {
    this.#client?.off('error', this.#onError);
    this.#client = undefined;
  }
}
