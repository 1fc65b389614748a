import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedDelivery {
  headers: IncomingHttpHeaders;
  json: { type: string; data: Record<string, unknown> };
}

/**
 * A website's webhook endpoint on loopback (as apps/server/test/webhooks/webhook-receiver.ts):
 * it answers every delivery 200 and records it. The e2e server allows http, loopback addresses and
 * any port for it (WEBHOOK_ALLOW_HTTP, WEBHOOK_ALLOW_PRIVATE, WEBHOOK_PORTS in support/e2e-server.ts).
 */
export async function startReceiver() {
  const received: ReceivedDelivery[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({
        headers: request.headers,
        json: JSON.parse(Buffer.concat(chunks).toString('utf8')) as ReceivedDelivery['json'],
      });
      response.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
