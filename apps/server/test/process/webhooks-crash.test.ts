import { describe, expect, it } from 'vitest';
import { freePort } from '../helpers/process-kit.js';
import { eventually, startReceiver } from '../webhooks/webhook-receiver.js';
import { DOMAIN, EMAIL, cli, kill, webhookServers } from './webhook-servers.js';

const { baseEnv, bearer, call, onCleanup, startServer } = webhookServers();

// A webhook event whose change committed just before SIGKILL is delivered after the restart (issue 21).
describe('webhooks with the built server', () => {
  it(
    'should deliver an event whose change committed just before the server was killed',
    { timeout: 120_000 },
    async () => {
      const env = await baseEnv();
      await cli(env, 'domain', 'add', DOMAIN, '--name', 'Hooks');
      await cli(env, 'member', 'add', EMAIL, DOMAIN, '--role', 'admin');
      // The receiver is not listening yet: whatever the server does before it dies cannot deliver.
      const receiverPort = await freePort();
      const { server, base } = await startServer(env);
      const q = `?domain=${DOMAIN}`;
      const { secret, id: hookId } = await call(base, 'POST', `/cms/webhooks${q}`, {
        url: `http://127.0.0.1:${receiverPort}/hook`,
        events: ['post.published'],
      });
      const post = await call(base, 'POST', `/cms/blogs/info${q}`, {
        title: 'Killed after commit',
        editorHtmlContent: '<p>Body</p>',
        writtenBy: 'Tester',
      });
      await call(base, 'PUT', `/cms/blogs/manage/${post.id}${q}&type=APPROVAL&value=true`);
      await call(base, 'PUT', `/cms/blogs/manage/${post.id}${q}&type=PUBLISH&value=true`);
      await kill(server);

      const site = await startReceiver(() => 200, receiverPort);
      onCleanup(site.close);
      const restarted = await startServer(env);
      try {
        await eventually(() => site.received.length >= 1, 40_000, 'the delivery after the restart');
      } catch (error) {
        const deliveries = await fetch(`${restarted.base}/cms/webhooks/${hookId}/deliveries${q}`, {
          headers: { authorization: `Bearer ${await bearer()}` },
        }).then((r) => r.text());
        throw new Error(
          `${(error as Error).message}; deliveries: ${deliveries}; log: ${restarted.server.output()}`,
          { cause: error },
        );
      }
      site.verifyAll(secret);
      expect(site.received[0]!.json).toMatchObject({
        type: 'post.published',
        data: { id: post.id, domain: DOMAIN },
      });
    },
  );
});
