import { readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import { inject } from 'vitest';
import { createDatabase, type Db } from '../../src/db/database.js';
import { migrateToLatest } from '../../src/db/migrate.js';

export const TEST_DB = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';

/**
 * A database of this test file's own: a copy of the migrated PGlite template, or a fresh schema on
 * the PostgreSQL server (dropped again by `drop`).
 */
export async function createTestDatabase(): Promise<{ db: Db; drop: () => Promise<void> }> {
  if (TEST_DB === 'pglite') {
    const template = new Blob([readFileSync(inject('pgliteTemplate'))]);
    const db = createDatabase({ kind: 'pglite', loadDataDir: template });
    return { db, drop: () => db.destroy() };
  }
  const schema = await createTestSchema();
  const db = createDatabase({
    kind: 'postgres',
    url: schema.url,
    searchPath: schema.searchPath,
    poolSize: 5,
  });
  return {
    db,
    drop: async () => {
      await db.destroy();
      await schema.drop();
    },
  };
}

/** The advisory lock between test files' migrations (shared) and schema drops (alone). */
const SCHEMA_DROP_LOCK = 7_421_021;

/**
 * A migrated schema of its own on the PostgreSQL server, for a test that makes its own database
 * handle (through a proxy, with other settings); `drop` drops the schema.
 */
export async function createTestSchema(): Promise<{
  url: string;
  searchPath: string;
  drop: () => Promise<void>;
}> {
  const url = process.env.TEST_DATABASE_URL!;
  const schema = `test_${randomBytes(6).toString('hex')}`;
  const searchPath = `${schema},public`;
  // One connection: the advisory locks below are the session's.
  const admin = createDatabase({ kind: 'postgres', url, poolSize: 1 });
  await sql`create schema ${sql.id(schema)}`.execute(admin);
  const db = createDatabase({ kind: 'postgres', url, searchPath, poolSize: 1 });
  // Kysely's migrator lists the tables of every schema, asking has_schema_privilege by name, which
  // fails ("schema … does not exist") when another file drops its schema meanwhile: migrations
  // share a lock that a drop takes alone.
  await sql`select pg_advisory_lock_shared(${SCHEMA_DROP_LOCK})`.execute(admin);
  try {
    await migrateToLatest(db);
  } finally {
    await sql`select pg_advisory_unlock_shared(${SCHEMA_DROP_LOCK})`.execute(admin);
    await db.destroy();
  }
  return {
    url,
    searchPath,
    drop: async () => {
      await sql`select pg_advisory_lock(${SCHEMA_DROP_LOCK})`.execute(admin);
      try {
        await sql`drop schema ${sql.id(schema)} cascade`.execute(admin);
      } finally {
        await sql`select pg_advisory_unlock(${SCHEMA_DROP_LOCK})`.execute(admin);
        await admin.destroy();
      }
    },
  };
}

/**
 * A whole database of its own on the PostgreSQL server (for a built server started as a process,
 * which takes a URL, not a schema), named `<prefix>_<random>` and dropped by `drop`.
 */
export async function createScratchPostgresDatabase(
  prefix: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const name = `${prefix}_${randomBytes(5).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`drop database if exists ${name} with (force)`) };
}
