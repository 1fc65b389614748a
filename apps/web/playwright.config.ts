import { defineConfig } from '@playwright/test';
import { CHROMIUM, CHROMIUM_ARGS } from './e2e/support/e2e-server';

/**
 * Browser journeys on Debian's Chromium (no browser download) against the built web app and the
 * real server with the built-in identity provider. Each worker starts its own server on a fresh
 * data folder (e2e/support/fixtures.ts); e2e/global-setup.ts only checks that Chromium and the
 * build are there. Two workers: the machines have two cores.
 */
export default defineConfig({
  testDir: './e2e',
  globalSetup: './e2e/global-setup.ts',
  // Journeys never depend on each other's data, so even the tests of one file spread over workers.
  fullyParallel: true,
  workers: 2,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: CHROMIUM,
      args: CHROMIUM_ARGS,
    },
  },
});
