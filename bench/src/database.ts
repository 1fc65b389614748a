import { mkdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { createDatabase, type Db } from '../../apps/server/src/db/database.js';
import { migrateToLatest } from '../../apps/server/src/db/migrate.js';
import type { BenchConfig } from './config.js';
import { fill } from './fill.js';
import type { Writer } from './text.js';

const FILLED = 'filled by the bench';
/** The author of every post the write scenarios create (the fill's authors are people's names). */
export const WRITTEN_BY_SCENARIOS = 'Bench';

export function openDatabase(config: BenchConfig, poolSize: number): Db {
  return config.db === 'pglite'
    ? createDatabase({ kind: 'pglite', dataDir: path.join(config.pgliteDir, 'db') })
    : createDatabase({
        kind: 'postgres',
        url: config.benchUrl,
        poolSize,
        preparedStatements: config.preparedStatements,
      });
}

/** A client on the server's admin database; an unreachable server is an error, never a skip. */
async function connectAdmin(config: BenchConfig) {
  const admin = new pg.Client({ connectionString: config.adminUrl });
  try {
    await admin.connect();
  } catch (error) {
    const url = new URL(config.adminUrl);
    url.password = '';
    throw new Error(
      `PostgreSQL is unreachable at ${url.host} (${String(error)}). Start it, or name another server ` +
        'with DATABASE_URL (or TEST_DATABASE_URL); the bench does not skip.',
      { cause: error },
    );
  }
  return admin;
}

/**
 * After the run: the smoke bench drops its database; otherwise the posts the API's write scenarios
 * left behind (an autocannon run stops mid-sequence) are deleted, so that BENCH_REUSE=1 starts
 * from the fill again.
 */
export async function cleanUp(config: BenchConfig) {
  if (config.smoke) {
    if (config.db === 'pglite') return rmSync(config.pgliteDir, { recursive: true, force: true });
    const admin = await connectAdmin(config);
    try {
      await admin.query(
        `drop database if exists ${pg.escapeIdentifier(databaseName(config.benchUrl))} with (force)`,
      );
    } finally {
      await admin.end();
    }
    return;
  }
  const db = openDatabase(config, 1);
  try {
    await db.deleteFrom('posts').where('written_by', '=', WRITTEN_BY_SCENARIOS).execute();
    await vacuumPosts(db);
  } finally {
    await db.destroy();
  }
}

/**
 * Vacuums what the write scenarios leave dead. Their posts are the newest, so their dead entries sit
 * at the front of posts_order_idx, which every list page walks: without this, the lists measured
 * after a write scenario (the API's, after the SQL's writes; any run after BENCH_REUSE=1) read
 * pages of dead entries that the lists measured before them did not.
 */
export async function vacuumPosts(db: Db) {
  // INDEX_CLEANUP ON: below 2 % of pages with dead rows, PostgreSQL would leave the index entries.
  await sql`vacuum (analyze, index_cleanup on) posts, post_tags`.execute(db);
}

/** The database a postgres:// URL names. */
export const databaseName = (url: string) => decodeURIComponent(new URL(url).pathname.slice(1));

/** Creates (or, unless BENCH_REUSE=1, re-creates) the bench database, then migrates and fills it. */
export async function prepareDatabase(config: BenchConfig, writer: Writer) {
  if (config.db === 'pglite') {
    if (!config.reuse) rmSync(config.pgliteDir, { recursive: true, force: true });
    mkdirSync(path.join(config.pgliteDir, 'db'), { recursive: true });
  } else {
    // The database BENCH_DATABASE names (config.benchUrl), never another bench's.
    const name = databaseName(config.benchUrl);
    const quoted = pg.escapeIdentifier(name);
    const admin = await connectAdmin(config);
    try {
      if (!config.reuse) await admin.query(`drop database if exists ${quoted} with (force)`);
      const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [name]);
      if (!rowCount) await admin.query(`create database ${quoted}`);
    } finally {
      await admin.end();
    }
  }
  // PostgreSQL does the heavy part of the fill (the search vector, indexes, TOAST): several
  // connections keep its cores busy while Node generates the next batches.
  const workers = config.db === 'pglite' ? 1 : Math.min(4, Math.max(2, os.cpus().length));
  const db = openDatabase(config, workers);
  try {
    await migrateToLatest(db);
    const { rows } = await sql<{ n: number; filled: string | null }>`
      select count(*)::int as n, obj_description('posts'::regclass, 'pg_class') as filled from posts`.execute(
      db,
    );
    const existing = rows[0]?.n ?? 0;
    if (existing > 0 && rows[0]?.filled !== FILLED) {
      throw new Error('The bench database was not filled completely; run without BENCH_REUSE=1');
    }
    if (existing > 0) {
      console.log(`Reusing the bench database (${existing.toLocaleString('en-US')} posts).`);
      return null;
    }
    console.log(`Filling ${config.posts.toLocaleString('en-US')} posts over ${config.domains} domains…`);
    const result = await fill(db, config, writer, workers);
    await sql`comment on table posts is ${sql.lit(FILLED)}`.execute(db);
    return result;
  } finally {
    await db.destroy();
  }
}

/**
 * Posts whose text has a word starting with each of `words` (DESIGN §3), written without the
 * server's code or its stored vector: the vector is made again from the text. The substring test
 * goes first, since a word that starts with w contains w, and it skips most rows cheaply (3 s
 * instead of 17 for a rare word among 400,000 posts).
 */
export function matchesEveryPrefix(words: string[]) {
  const text = sql`lower(title || ' ' || short_description || ' ' || left(editor_text_string, 250000))`;
  const vector = sql`(to_tsvector('simple', title) || to_tsvector('simple', short_description) ||
    to_tsvector('simple', left(editor_text_string, 250000)))`;
  const prefixes = words.map((word) => `${word}:*`).join(' & ');
  const contains = words.map((word) => sql`strpos(${text}, ${word}) > 0`);
  return sql<boolean>`${sql.join(contains, sql` and `)} and ${vector} @@ to_tsquery('simple', ${prefixes})`;
}

export interface Dataset {
  host: string;
  domainId: string;
  posts: number;
  domainPosts: number;
  tagIds: string[];
  categoryIds: string[];
  /** Ids of posts of the domain, for "get by id". */
  idPool: string[];
  /** Every bench domain (the member belongs to all of them), for POST /cms/domain/info/all. */
  hosts: string[];
  /**
   * Search terms: `one` a mid-frequency word (a few % of posts), `two` that word with a more common
   * one, `rare` the vocabulary's rarest (a few dozen posts per 100,000), `common` one in about half.
   */
  searches: { one: string; two: string; rare: string; common: string; matches: Record<string, number> };
}

/** What the scenarios need: the first bench domain, its tags and categories, ids and search words. */
/**
 * The dataset the scenarios use. `countSearchMatches` counts each search's matches for the console
 * (four scans of the domain's text, about a minute at a million posts); a run without a search
 * scenario skips it.
 */
export async function loadDataset(db: Db, writer: Writer, countSearchMatches = true): Promise<Dataset> {
  const host = 'bench-01.example.com';
  const domain = await db
    .selectFrom('domains')
    .select('id')
    .where('domain', '=', host)
    .executeTakeFirstOrThrow();
  const count = (where: ReturnType<typeof sql>) =>
    sql<{ n: number }>`select count(*)::int as n from posts where ${where}`
      .execute(db)
      .then((r) => r.rows[0]?.n ?? 0);
  const ids = (table: 'tags' | 'categories') =>
    db
      .selectFrom(table)
      .select('id')
      .where('domain_id', '=', domain.id)
      .execute()
      .then((rows) => rows.map((r) => r.id));
  const { rows: pool } = await sql<{
    id: string;
  }>`select id from posts where domain_id = ${domain.id} order by random() limit 1000`.execute(db);
  // A mid-frequency word (in a few % of posts), and that word with a more common one.
  const one = writer.wordNear(400);
  const two = `${writer.wordNear(150)} ${one}`;
  const rare = writer.rareWord();
  const common = writer.wordNear(20);
  const matches: Record<string, number> = {};
  for (const search of countSearchMatches ? [one, two, rare, common] : []) {
    matches[search] = await count(sql`domain_id = ${domain.id} and ${matchesEveryPrefix(search.split(' '))}`);
  }
  return {
    host,
    domainId: domain.id,
    posts: await count(sql`true`),
    domainPosts: await count(sql`domain_id = ${domain.id}`),
    tagIds: await ids('tags'),
    categoryIds: await ids('categories'),
    idPool: pool.map((r) => r.id),
    hosts: (await db.selectFrom('domains').select('domain').orderBy('domain').execute()).map((r) => r.domain),
    searches: { one, two, rare, common, matches },
  };
}
