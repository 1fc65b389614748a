import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Kysely, PostgresDialect } from 'kysely';
import { silentLog, type ProcessLog } from '../lib/process-log.js';
import { DatabaseHealth, describeDatabaseUrl } from './database-health.js';
import type { Database } from './tables/database.table.js';
import { PGliteDialect } from './pglite-dialect.js';
import { createPostgresPool } from './postgres-pool.js';

export type Db = Kysely<Database>;

export type DatabaseTarget =
  | {
      kind: 'postgres';
      url: string;
      poolSize?: number;
      searchPath?: string;
      preparedStatements?: boolean;
      /**
       * Every statement on these connections is cancelled by the server after this long (its
       * statement_timeout, sent with the connection's start, so it costs no round trip); none by default.
       */
      statementTimeoutMs?: number;
      /** A connection attempt fails after this long (default 5 s). */
      connectTimeoutMs?: number;
      /** Where the database's outages are told (database-health.ts); nowhere by default. */
      log?: ProcessLog;
    }
  | { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob };

/** A database that has not answered a connection attempt within this long is taken as unreachable. */
export const CONNECT_TIMEOUT_MS = 5_000;

// pg returns bigint (int8) as string; counts are cast to int in SQL, and dates stay Date objects.
export function createDatabase(target: DatabaseTarget): Db {
  if (target.kind === 'postgres') {
    // A search's GIN bitmap of a common prefix outgrows the default 4 MB of work_mem at a million
    // posts and turns lossy, and each row of a lossy page is rechecked against its TOASTed tsvector:
    // 730 ms instead of 154 ms for a two-word search (docs/performance.md, decision 025).
    const settings = [
      '-c work_mem=32MB',
      ...(target.searchPath ? [`-c search_path=${target.searchPath}`] : []),
      ...(target.statementTimeoutMs ? [`-c statement_timeout=${Math.floor(target.statementTimeoutMs)}`] : []),
    ];
    const pool = createPostgresPool({
      url: target.url,
      max: target.poolSize ?? 10,
      settings: settings.join(' '),
      prepared: target.preparedStatements ?? true,
      health: new DatabaseHealth(describeDatabaseUrl(target.url), target.log ?? silentLog),
      connectTimeoutMs: target.connectTimeoutMs ?? CONNECT_TIMEOUT_MS,
    });
    return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  }
  return new Kysely<Database>({ dialect: new PGliteDialect(newPglite(target)) });
}

/** PGlite with the extensions the migrations need (pg_trgm for name search, btree_gin for post search). */
export function newPglite(options: { dataDir?: string; loadDataDir?: Blob }) {
  return new PGlite({
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    // A commit reaches the operating system before its answer leaves, so acknowledged writes
    // survive the process's death: see docs/decisions/023-durability-of-the-embedded-database.md.
    relaxedDurability: false,
    extensions: { pg_trgm, btree_gin },
  });
}

export function createPgliteDatabase(pglite: PGlite): Db {
  return new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
}
