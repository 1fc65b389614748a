import path from 'node:path';
import type { Env } from '../config/env.js';
import { lockDataDir } from '../lib/data-dir-lock.js';
import type { ProcessLog } from '../lib/process-log.js';
import { sql } from 'kysely';
import { createDatabase, createPgliteDatabase, newPglite, type Db } from './database.js';
import { migrateToLatest } from './migrate.js';
import { waitForDatabase } from './wait-for-database.js';

export interface OpenedDatabase {
  db: Db;
  /**
   * What the public endpoints (/api/v1, /feeds) read through: on PostgreSQL a pool of its own
   * (DELIVERY_POOL_SIZE) whose statements stop after DELIVERY_STATEMENT_TIMEOUT_MS, so that the
   * public internet can neither run long statements nor take the back office's connections
   * (decision 058); on PGlite, which has one connection and no statement timeout, `db` itself.
   */
  deliveryDb: Db;
  kind: 'postgres' | 'pglite';
  /** Closes the database, then releases the data-folder lock. */
  close: () => Promise<void>;
  /**
   * PGlite only: runs `work` while the files in DATA_DIR/db are still and whole (see src/backup):
   * no query or transaction of ours runs meanwhile, and a checkpoint has written every committed
   * page into them.
   */
  whileStill?: <T>(work: () => Promise<T>) => Promise<T>;
}

/**
 * PGlite is one process with one connection and no background workers: while the driver hands
 * that connection to us alone, nothing writes to its files, and after a checkpoint they hold every
 * committed change. Copying them then is a consistent copy of the database, as PGlite's own
 * dumpDataDir makes, but with asynchronous reads instead of its synchronous ones.
 */
function whileStillOf(db: Db) {
  return <T>(work: () => Promise<T>) =>
    db.connection().execute(async (connection) => {
      await sql`checkpoint`.execute(connection);
      return work();
    });
}

export interface OpenOptions {
  migrate?: boolean;
  /**
   * The server's log: with it, a PostgreSQL server that cannot be reached yet is waited for
   * (DATABASE_CONNECT_TIMEOUT_SECONDS), and its outages are told there. The command line tries once.
   */
  log?: ProcessLog;
}

/**
 * Opens the configured database for the server or the command line: PostgreSQL when DATABASE_URL
 * is set, otherwise PGlite in DATA_DIR/db behind the data-folder lock. Migrations run here.
 */
export async function openDatabase(env: Env, options: OpenOptions = {}): Promise<OpenedDatabase> {
  if (env.DATABASE_URL) {
    const { log } = options;
    if (log) await waitForDatabase(env.DATABASE_URL, { seconds: env.DATABASE_CONNECT_TIMEOUT_SECONDS, log });
    const db = createDatabase({
      kind: 'postgres',
      url: env.DATABASE_URL,
      poolSize: env.DATABASE_POOL_SIZE,
      preparedStatements: env.DATABASE_PREPARED_STATEMENTS,
      ...(log ? { log } : {}),
    });
    try {
      if (options.migrate !== false) await migrateToLatest(db);
    } catch (error) {
      await db.destroy().catch(() => {});
      throw error;
    }
    // Its connections are made on first use: a command-line run that never reads makes none.
    const deliveryDb = createDatabase({
      kind: 'postgres',
      url: env.DATABASE_URL,
      poolSize: env.DELIVERY_POOL_SIZE,
      preparedStatements: env.DATABASE_PREPARED_STATEMENTS,
      statementTimeoutMs: env.DELIVERY_STATEMENT_TIMEOUT_MS,
      ...(log ? { log } : {}),
    });
    return {
      db,
      deliveryDb,
      kind: 'postgres',
      close: async () => {
        await Promise.all([db.destroy(), deliveryDb.destroy()]);
      },
    };
  }
  const release = await lockDataDir(env.DATA_DIR);
  const pglite = newPglite({ dataDir: path.join(env.DATA_DIR, 'db') });
  const db = createPgliteDatabase(pglite);
  try {
    if (options.migrate !== false) await migrateToLatest(db);
  } catch (error) {
    await db.destroy();
    await release();
    throw error;
  }
  return {
    db,
    deliveryDb: db,
    kind: 'pglite',
    whileStill: whileStillOf(db),
    close: async () => {
      await db.destroy();
      await release();
    },
  };
}
