import { defineConfig } from 'vitest/config';

/**
 * Integration tests through app.inject, once per database (DESIGN §5): always on PGlite, and on
 * PostgreSQL when TEST_DATABASE_URL is set. CI always sets it; without it the PostgreSQL run is
 * skipped and test/global-setup.ts says so loudly (and fails when CI=true).
 */
const projects = [
  { extends: true as const, test: { name: 'pglite', env: { TEST_DB: 'pglite' } } },
  ...(process.env.TEST_DATABASE_URL
    ? [{ extends: true as const, test: { name: 'postgres', env: { TEST_DB: 'postgres' } } }]
    : []),
];

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
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
