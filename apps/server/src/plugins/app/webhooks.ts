import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { HostLookup, WebhookAddressPolicy, WebhookPorts } from '../../lib/webhook-address.js';
import { resolverLookup, WEBHOOK_DNS_TIMEOUT_MS } from '../../lib/webhook-resolver.js';
import { loadWebhookSecrets, type WebhookSecrets } from '../../lib/webhook-secrets.js';

declare module 'fastify' {
  interface FastifyInstance {
    webhooks: {
      policy: WebhookAddressPolicy;
      /** Loaded (and the key file made) on first use, not at start. */
      secrets: () => Promise<WebhookSecrets>;
    };
  }
}

export interface WebhooksOptions {
  allowPrivate: boolean;
  allowHttp: boolean;
  ports: WebhookPorts;
  secretsKey: Buffer | undefined;
  dataDir: string;
  /** DNS for the address checks (c-ares by default); tests inject one that changes its answer. */
  lookup?: HostLookup;
}

/** What the webhook routes and the delivery worker share: the address policy and the secrets' key. */
export default fp(
  async function webhooks(app: FastifyInstance, options: WebhooksOptions) {
    let secrets: Promise<WebhookSecrets> | undefined;
    app.decorate('webhooks', {
      policy: {
        allowPrivate: options.allowPrivate,
        allowHttp: options.allowHttp,
        ports: options.ports,
        lookup: options.lookup ?? resolverLookup({ timeoutMs: WEBHOOK_DNS_TIMEOUT_MS }),
      },
      secrets: () => {
        secrets ??= loadWebhookSecrets(options.secretsKey, options.dataDir);
        // A failure (an unwritable DATA_DIR) is tried again next time rather than remembered.
        secrets.catch(() => (secrets = undefined));
        return secrets;
      },
    });
  },
  { name: 'webhooks' },
);
