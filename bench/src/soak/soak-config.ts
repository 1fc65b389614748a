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

/** PostgreSQL when DATABASE_URL or TEST_DATABASE_URL names a server; the soak makes its own database there. */
const adminUrl = process.env.DATABASE_URL || process.env.TEST_DATABASE_URL || '';
const soakUrl = adminUrl ? new URL(adminUrl) : undefined;
if (soakUrl) soakUrl.pathname = '/masthead_soak';

/** Everything `npm run soak` reads from the environment (docs/reliability.md "Soak"). */
export const soakConfig = {
  minutes: integer('SOAK_MINUTES', 10, 1, 24 * 60),
  /**
   * The length of a "minute" of the report: 60 s, except in the short run of `npm test`
   * (`npm run soak:smoke`), which checks the load for errors only.
   */
  windowMs: integer('SOAK_WINDOW_SECONDS', 60, 5, 60) * 1000,
  connections: integer('SOAK_CONNECTIONS', 50, 1, 500),
  /** Posts filled before the run, over two domains. */
  posts: integer('SOAK_POSTS', 5_000, 100, 1_000_000),
  /** Most posts a connection keeps of its own: past it, it deletes one before it creates another. */
  ownPostsPerConnection: 4,
  /** RSS after minute 2 may grow by at most this fraction. */
  maxRssGrowth: 0.1,
  db: soakUrl ? ('postgres' as const) : ('pglite' as const),
  adminUrl,
  soakUrl: soakUrl?.toString() ?? '',
  pgliteDir: path.join(os.tmpdir(), `masthead-soak-${process.pid}`),
  email: 'soak@masthead.local',
};

export type SoakConfig = typeof soakConfig;
