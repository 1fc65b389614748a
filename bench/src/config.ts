import os from 'node:os';
import path from 'node:path';

function integer(name: string, fallback: number, min: number, max: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw.replace(/_/g, ''));
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new Error(`${name} must be an integer from ${min} to ${max}, not "${raw}"`);
  }
  return value;
}

// The server named by DATABASE_URL, else TEST_DATABASE_URL (as `npm test` is given), else the local one.
const adminUrl =
  process.env.DATABASE_URL || process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const benchUrl = new URL(adminUrl);
// BENCH_DATABASE lets two benches share one server (for example a before and an after).
benchUrl.pathname = `/${process.env.BENCH_DATABASE || 'masthead_bench'}`;

/** Everything the bench reads from the environment (README "Benchmark"). */
export const config = {
  posts: integer('BENCH_POSTS', 200_000, 100, 10_000_000),
  seconds: integer('BENCH_SECONDS', 10, 1, 600),
  warmupSeconds: integer('BENCH_WARMUP', 1, 0, 60),
  connections: integer('BENCH_CONNECTIONS', 10, 1, 100),
  /** Server processes (the server's WEB_CONCURRENCY); the RSS column sums them all. */
  processes: integer('BENCH_PROCESSES', 1, 1, 16),
  domains: 10,
  tagsPerDomain: 50,
  categoriesPerDomain: 10,
  db: process.env.BENCH_DB === 'pglite' ? ('pglite' as const) : ('postgres' as const),
  /** The server named by DATABASE_URL (default: the test server); the bench uses its own database there. */
  adminUrl,
  benchUrl: benchUrl.toString(),
  /** PGlite's data folder (the server's DATA_DIR; the database is in its db/ folder). */
  pgliteDir: process.env.BENCH_DATA_DIR || path.join(os.tmpdir(), 'masthead-bench-pglite'),
  reuse: process.env.BENCH_REUSE === '1',
  /** BENCH_PREPARED=0 runs both sides without prepared statements (DATABASE_PREPARED_STATEMENTS=0). */
  preparedStatements: process.env.BENCH_PREPARED !== '0',
  /** BENCH_LIST_CACHE_MB: the server's LIST_CACHE_MB (decision 030); 0 measures lists without their cache. */
  listCacheMb: process.env.BENCH_LIST_CACHE_MB ? integer('BENCH_LIST_CACHE_MB', 32, 0, 4096) : undefined,
  /**
   * BENCH_FLOOR=0 skips the floor: get by id through a bare node:http server with the same
   * repository calls (decision 031). PostgreSQL only.
   */
  floor: process.env.BENCH_FLOOR !== '0',
  /**
   * Scenario name prefixes, to run only some of them: separated by commas, or by semicolons when a
   * name holds a comma ("search, 2 words;get by id").
   */
  only: (process.env.BENCH_ONLY ?? '')
    .split((process.env.BENCH_ONLY ?? '').includes(';') ? ';' : ',')
    .filter(Boolean),
  /**
   * Rounds of the save scenarios with REVISIONS=on and =off (issue 23, decision 052), each a turn
   * of both in ABBA order; 0 skips the comparison. The smoke bench runs one.
   */
  revisionRounds: integer('BENCH_REVISION_ROUNDS', process.env.BENCH_SMOKE === '1' ? 1 : 2, 0, 20),
  /** BENCH_IMAGES=0 skips the image figures (issue 31: renders, memory under first requests, a made variant). */
  images: process.env.BENCH_IMAGES !== '0',
  /** BENCH_NODE_OPTIONS: node flags for every server process, to compare runtime settings (A/B). */
  nodeOptions: process.env.BENCH_NODE_OPTIONS ?? '',
  email: 'bench@masthead.local',
  /**
   * `npm run bench:smoke` (in `npm test`): a correctness run, not a measurement. Each raw-SQL twin
   * runs once instead of for BENCH_SECONDS, and the database is dropped at the end.
   */
  smoke: process.env.BENCH_SMOKE === '1',
};

export type BenchConfig = typeof config;
