import { afterAll, vi } from 'vitest';

// Runs in every integration test file. Most files share their worker's modules and globals with the
// files before and after them (decision 060): what a file faked or stubbed is undone when it ends,
// whether or not it undid it itself. This hook is registered first, so it runs after the file's own.
afterAll(() => {
  vi.useRealTimers();
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
});
