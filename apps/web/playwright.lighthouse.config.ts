import { defineConfig } from '@playwright/test';

/**
 * `npm run lighthouse`: Lighthouse on the list and the editor of the built app, signed in as the
 * demo, on Debian's Chromium (e2e/lighthouse/lighthouse.audit.ts). Not part of `npm test`: the
 * scores move with the machine's load. It builds nothing; run `npm run build` first.
 */
export default defineConfig({
  testDir: './e2e/lighthouse',
  testMatch: '*.audit.ts',
  globalSetup: './e2e/global-setup.ts',
  workers: 1,
  retries: 0,
  // A server's first start, a sign-in and two Lighthouse runs on a shared machine.
  timeout: 600_000,
  reporter: [['list']],
});
