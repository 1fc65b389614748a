import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** A fixed loopback port: the identity provider's redirect URIs derive from this address. */
export const E2E_PORT = 3411;
export const E2E_BASE_URL = `http://localhost:${E2E_PORT}`;
export const SERVER_ENTRY = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../server/dist/server.js',
);
export const DEMO_EMAIL = 'demo@masthead.local';

/** Written by the global setup: the demo password the server printed on its first start. */
export function demoPassword(): string {
  const password = process.env.E2E_DEMO_PASSWORD;
  if (!password) throw new Error('E2E_DEMO_PASSWORD is not set: the global setup did not run');
  return password;
}
