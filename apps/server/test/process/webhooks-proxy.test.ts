import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { TEST_DB } from '../helpers/test-database.js';
import { eventually, startReceiver } from '../webhooks/webhook-receiver.js';
import { DOMAIN, EMAIL, cli, webhookServers } from './webhook-servers.js';

const { baseEnv, call, onCleanup, startServer } = webhookServers();

/** An HTTP proxy that records what it is asked for and forwards nothing. */
async function recordingProxy() {
  const asked: string[] = [];
  const proxy = createServer((request, response) => {
    asked.push(`${request.method} ${request.url}`);
    response.writeHead(502).end();
  });
  proxy.on('connect', (request, socket) => {
    asked.push(`CONNECT ${request.url}`);
    socket.end('HTTP/1.1 502 Bad Gateway\r\n\r\n');
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  onCleanup(() => new Promise<void>((resolve) => proxy.close(() => resolve())));
  return { url: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`, asked };
}

// Issue 29, finding 5: deliveries never go through a proxy named by the environment (Node 24 sends
// its global agent's requests through HTTP_PROXY when NODE_USE_ENV_PROXY is set): a proxy would
// reach an address other than the one checked. What it shows does not depend on the database: it
// runs once, on PostgreSQL, where a server starts in seconds.
describe('webhooks with proxy variables set', () => {
  it.skipIf(TEST_DB !== 'postgres')(
    'should send deliveries straight to the receiver, never through HTTP_PROXY or HTTPS_PROXY',
    { timeout: 120_000 },
    async () => {
      const proxy = await recordingProxy();
      const env = {
        ...(await baseEnv()),
        NODE_USE_ENV_PROXY: '1',
        HTTP_PROXY: proxy.url,
        HTTPS_PROXY: proxy.url,
        http_proxy: proxy.url,
        https_proxy: proxy.url,
        // The identity provider (127.0.0.1) is reached directly; the receiver, named localhost, is
        // a host the proxy variables cover.
        NO_PROXY: '127.0.0.1',
        no_proxy: '127.0.0.1',
      };
      await cli(env, 'domain', 'add', DOMAIN, '--name', 'Hooks');
      await cli(env, 'member', 'add', EMAIL, DOMAIN, '--role', 'admin');
      const site = await startReceiver();
      onCleanup(site.close);
      const { base } = await startServer(env);
      const q = `?domain=${DOMAIN}`;
      const hook = await call(base, 'POST', `/cms/webhooks${q}`, {
        url: `http://localhost:${site.port}/hook`,
        events: ['tag.created'],
      });
      await call(base, 'POST', `/cms/webhooks/${hook.id}/test${q}`);
      await eventually(() => site.received.length === 1, 30_000, 'the ping at the receiver');
      site.verifyAll(hook.secret);
      expect(site.received[0]!.json).toMatchObject({ type: 'ping', data: { webhookId: hook.id } });
      expect(proxy.asked).toEqual([]);
    },
  );
});
