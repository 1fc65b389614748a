import type { IncomingMessage, ServerResponse } from 'node:http';
import { Webhook } from 'standardwebhooks';

/** Masthead's deliveries are small JSON documents; a larger body is refused unread. */
const MAX_BODY_BYTES = 256 * 1024;

class TooLarge extends Error {}

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const declared = Number(request.headers['content-length']);
  if (declared > MAX_BODY_BYTES) throw new TooLarge();
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) throw new TooLarge();
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

const header = (request: IncomingMessage, name: string) => {
  const value = request.headers[name];
  return Array.isArray(value) ? (value[0] ?? '') : (value ?? '');
};

/** Events after which a page may show something else: a post's, or a tag's or category's name. */
const CHANGES_PAGES = /^(post|tag|category)\./;

/**
 * Masthead's webhook deliveries (docs/webhooks.md): the raw body is verified with the
 * standardwebhooks library (signature, and a timestamp within 5 minutes) before anything is read
 * from it; an event that changes what pages show calls `onChange`. Dropping a cache is idempotent,
 * so a delivery that comes twice (at least once, same webhook-id) needs no bookkeeping here.
 */
export function webhookReceiver(secret: string, onChange: (type: string) => void) {
  const webhook = new Webhook(secret);
  return async (request: IncomingMessage, response: ServerResponse) => {
    const answer = (status: number, text: string) =>
      response
        .writeHead(status, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' })
        .end(text);
    let body: Buffer;
    try {
      body = await readBody(request);
    } catch (error) {
      if (!(error instanceof TooLarge)) throw error;
      response.setHeader('connection', 'close');
      return answer(413, 'Too large\n');
    }
    let event: unknown;
    try {
      event = webhook.verify(body, {
        'webhook-id': header(request, 'webhook-id'),
        'webhook-timestamp': header(request, 'webhook-timestamp'),
        'webhook-signature': header(request, 'webhook-signature'),
      });
    } catch {
      return answer(400, 'The signature is not valid\n');
    }
    const type = (event as { type?: unknown } | null)?.type;
    if (typeof type === 'string' && CHANGES_PAGES.test(type)) onChange(type);
    return answer(204, '');
  };
}
