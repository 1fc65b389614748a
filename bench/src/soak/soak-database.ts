import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { createDatabase, type Db } from '../../../apps/server/src/db/database.js';
import { migrateToLatest } from '../../../apps/server/src/db/migrate.js';
import { config as benchConfig } from '../config.js';
import { loadDataset, type Dataset } from '../database.js';
import { fill } from '../fill.js';
import type { Writer } from '../text.js';
import type { SoakConfig } from './soak-config.js';

function openDatabase(config: SoakConfig): Db {
  return config.db === 'pglite'
    ? createDatabase({ kind: 'pglite', dataDir: path.join(config.pgliteDir, 'db') })
    : createDatabase({ kind: 'postgres', url: config.soakUrl, poolSize: 2 });
}

/** A new database (PGlite in a temporary folder, or masthead_soak on the server), migrated and filled. */
export async function prepareSoakDatabase(config: SoakConfig, writer: Writer): Promise<Dataset> {
  if (config.db === 'pglite') {
    rmSync(config.pgliteDir, { recursive: true, force: true });
    mkdirSync(path.join(config.pgliteDir, 'db'), { recursive: true });
  } else {
    const admin = new pg.Client({ connectionString: config.adminUrl });
    await admin.connect();
    try {
      await admin.query('drop database if exists masthead_soak with (force)');
      await admin.query('create database masthead_soak');
    } finally {
      await admin.end();
    }
  }
  const db = openDatabase(config);
  try {
    await migrateToLatest(db);
    // The bench's generator, on two domains with the soak's own member.
    await fill(db, { ...benchConfig, posts: config.posts, domains: 2, email: config.email }, writer, 1);
    return await loadDataset(db, writer);
  } finally {
    await db.destroy();
  }
}

/** Removes what prepareSoakDatabase made. */
export async function dropSoakDatabase(config: SoakConfig) {
  if (config.db === 'pglite') {
    rmSync(config.pgliteDir, { recursive: true, force: true });
    return;
  }
  const admin = new pg.Client({ connectionString: config.adminUrl });
  await admin.connect();
  try {
    await admin.query('drop database if exists masthead_soak with (force)');
  } finally {
    await admin.end();
  }
}
