import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { TEST_DB } from '../helpers/test-database.js';
import { eventually, startReceiver } from '../webhooks/webhook-receiver.js';
import { DOMAIN, EMAIL, cli, webhookServers } from './webhook-servers.js';

const { baseEnv, call, folder, onCleanup, startServer } = webhookServers();

// Two servers on one PostgreSQL deliver each of 200 events once, in order (issue 21).
describe('webhooks with two servers', () => {
  it.skipIf(TEST_DB !== 'postgres')(
    'should deliver each of 200 events once, in order, with two servers on one PostgreSQL',
    { timeout: 180_000 },
    async () => {
      const env = await baseEnv();
      // Two servers with data folders of their own share the key that encrypts the secrets.
      const shared = { ...env, WEBHOOK_SECRETS_KEY: randomBytes(32).toString('base64') };
      const second = { ...shared, DATA_DIR: folder() };
      await cli(shared, 'domain', 'add', DOMAIN, '--name', 'Hooks');
      await cli(shared, 'member', 'add', EMAIL, DOMAIN, '--role', 'admin');
      const site = await startReceiver();
      onCleanup(site.close);
      const [one, two] = await Promise.all([startServer(shared), startServer(second)]);
      // Registered through one server; the other must sign with the same secrets.
      const secrets: string[] = [];
      for (const hookPath of ['a', 'b']) {
        const body = { url: `${site.url}/${hookPath}`, events: ['tag.created'] };
        secrets.push((await call(one.base, 'POST', `/cms/webhooks?domain=${DOMAIN}`, body)).secret);
      }
      const names: string[] = [];
      for (let i = 0; i < 200; i++) {
        const name = `Tag ${String(i).padStart(3, '0')}`;
        names.push(name);
        // Alternate the servers, as a load balancer would.
        await call(i % 2 === 0 ? one.base : two.base, 'POST', `/cms/tags/info?domain=${DOMAIN}`, {
          tagDisplayName: name,
        });
      }
      await eventually(() => site.received.length >= 400, 120_000, '400 deliveries');
      await new Promise((resolve) => setTimeout(resolve, 2000));
      expect(site.received).toHaveLength(400);
      for (const [index, hookPath] of ['/hook/a', '/hook/b'].entries()) {
        const mine = site.received.filter((d) => d.path === hookPath);
        expect(mine.map((d) => d.json.data.name)).toEqual(names);
        expect(new Set(mine.map((d) => d.headers['webhook-id'])).size).toBe(200);
        site.verifyAll(secrets[index]!, mine);
      }
    },
  );
});
