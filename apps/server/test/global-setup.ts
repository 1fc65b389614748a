import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import type { TestProject } from 'vitest/node';
import { createDatabase, createPgliteDatabase, newPglite } from '../src/db/database.js';
import { migrateToLatest } from '../src/db/migrate.js';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    /** A folder removed when the run ends, for the data folders of apps the tests build. */
    scratchDir: string;
  }
}

function shout(message: string) {
  const line = '!'.repeat(message.length + 8);
  console.warn(`\n${line}\n!!! ${message} !!!\n${line}\n`);
}

/**
 * A new PGlite database takes seconds to create, so one is migrated per run and every test file
 * loads a copy of it. On PostgreSQL, pg_trgm and btree_gin are created once in public; each file gets a schema.
 */
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'masthead-template-'));
  const pglite = newPglite({});
  await migrateToLatest(createPgliteDatabase(pglite));
  const dump = await pglite.dumpDataDir('none');
  await pglite.close();
  const file = path.join(dir, 'template.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  project.provide('scratchDir', dir);

  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const db = createDatabase({ kind: 'postgres', url });
    await sql`create extension if not exists pg_trgm with schema public`.execute(db);
    await sql`create extension if not exists btree_gin with schema public`.execute(db);
    await db.destroy();
  } else if (process.env.CI) {
    throw new Error('TEST_DATABASE_URL is not set: CI must run the PostgreSQL suite');
  } else {
    shout('TEST_DATABASE_URL is not set: the PostgreSQL integration suite is SKIPPED (PGlite only)');
  }
  // The rate limits shared through Redis (REDIS_URL) are tested against a real server.
  if (!process.env.TEST_REDIS_URL) {
    if (process.env.CI)
      throw new Error('TEST_REDIS_URL is not set: CI must test the limits shared through Redis');
    shout('TEST_REDIS_URL is not set: the tests of the rate limits shared through Redis are SKIPPED');
  }
  return () => rmSync(dir, { recursive: true, force: true });
}
