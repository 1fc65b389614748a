import { checkPrerequisites } from './support/e2e-server';

/**
 * Stops the run before any worker starts when Chromium or the built server is missing. Each worker
 * then starts its own server (support/fixtures.ts).
 */
export default function globalSetup() {
  checkPrerequisites();
}
