import { configDefaults, defineConfig } from 'vitest/config';
import { filesNeedingIsolation } from './test/test-isolation.js';

/**
 * Integration tests through app.inject, once per database (DESIGN §5): always on PGlite, and on
 * PostgreSQL when TEST_DATABASE_URL is set. CI always sets it; without it the PostgreSQL run is
 * skipped and test/global-setup.ts says so loudly (and fails when CI=true).
 *
 * Each database has two projects (decision 060). In `pglite` and `postgres` the files of a worker
 * share one module graph, one after another: importing the server's modules for every file took more
 * than half of the suite's time. The files that replace modules or write process.env themselves
 * (found by test/test-isolation.ts, no list to keep) run in `pglite-isolated` and
 * `postgres-isolated`, each with modules of its own. `--project 'pglite*'` selects both of a database.
 */
const isolated = filesNeedingIsolation('test').map(({ file }) => file);
const databases = ['pglite', ...(process.env.TEST_DATABASE_URL ? ['postgres'] : [])];
const projects = databases.flatMap((db) => [
  {
    extends: true as const,
    test: {
      name: db,
      env: { TEST_DB: db },
      include: ['test/**/*.test.ts'],
      exclude: [...configDefaults.exclude, ...isolated],
      isolate: false,
    },
  },
  ...(isolated.length > 0
    ? [{ extends: true as const, test: { name: `${db}-isolated`, env: { TEST_DB: db }, include: isolated } }]
    : []),
]);

export default defineConfig({
  test: {
    globalSetup: ['test/global-setup.ts'],
    setupFiles: ['test/setup-file.ts'],
    // The S3 driver's tests load the AWS SDK, which warns on Node 20 about its releases after January 2027.
    env: { AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
    // Two files at a time: most of their time is spent waiting on PostgreSQL, PGlite's start or a
    // server process, and vitest's default on two cores is one. Tests that read catalogs filter by
    // their own schema, and process tests use their own ports, folders and databases.
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects,
  },
});
