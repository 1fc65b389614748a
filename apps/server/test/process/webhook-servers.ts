import { processKit } from '../helpers/process-kit.js';
import { TEST_DB } from '../helpers/test-database.js';

export { cli, kill } from '../helpers/process-kit.js';

// The built server for the webhook process tests (issue 21): processes, their environment and calls.
export const DOMAIN = 'hooks.example.com';
export const EMAIL = 'hooks-admin@example.com';

/** The webhook tests' servers, on the process kit of the test file that calls this at its top level. */
export function webhookServers() {
  const kit = processKit('hooks', { idp: true });
  let token: string | undefined;

  async function baseEnv(options: { postgres?: boolean } = {}) {
    const env: Record<string, string> = {
      HOST: '127.0.0.1',
      DATA_DIR: kit.folder(),
      OIDC_AUTHORITY: kit.idp.issuer,
      MASTHEAD_DEMO: '0',
      RATE_LIMIT_PER_MINUTE: '0',
      LOG_LEVEL: 'warn',
      WEBHOOK_ALLOW_PRIVATE: '1',
      WEBHOOK_ALLOW_HTTP: '1',
      WEBHOOK_PORTS: 'any',
    };
    if (TEST_DB === 'postgres' || options.postgres)
      env.DATABASE_URL = await kit.scratchDatabase('masthead_hooks');
    return env;
  }

  /** Starts a server on a port of its own and waits until it is ready. */
  const startServer = (env: Record<string, string>) => kit.startReady(env);

  /** The admin's bearer token, made once. */
  async function bearer() {
    token ??= await kit.idp.tokenFor(EMAIL);
    return token;
  }

  async function call(base: string, method: string, url: string, body?: object) {
    const res = await fetch(`${base}${url}`, {
      method,
      headers: {
        authorization: `Bearer ${await bearer()}`,
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    const text = await res.text();
    if (res.status >= 300) throw new Error(`${method} ${url}: ${res.status} ${text}`);
    return JSON.parse(text) as { id: string; secret: string };
  }

  return { baseEnv, startServer, bearer, call, folder: () => kit.folder(), onCleanup: kit.onCleanup };
}
