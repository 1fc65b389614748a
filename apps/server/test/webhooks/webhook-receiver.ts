import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { expect } from 'vitest';

export interface ReceivedDelivery {
  headers: IncomingHttpHeaders;
  /** The path the delivery was posted to. */
  path: string;
  body: string;
  json: { type: string; timestamp: string; data: Record<string, unknown> };
  /** The status the receiver answered. */
  status: number;
}

/** A receiver's answer: its status, or the status with its own body and headers. */
export type ReceiverAnswer =
  number | { status: number; body: string | Buffer; headers?: Record<string, string> };

/**
 * A website's endpoint on loopback that records every delivery. `answer` picks the status of each
 * request (200 unless told otherwise), and may give the body. `verify(secret)` checks every
 * signature with the standardwebhooks library, as a receiver in any language would.
 */
export async function startReceiver(
  answer: (request: { id: string; count: number }) => ReceiverAnswer = () => 200,
  port = 0,
) {
  const received: ReceivedDelivery[] = [];
  const countById = new Map<string, number>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const id = String(req.headers['webhook-id']);
      const count = (countById.get(id) ?? 0) + 1;
      countById.set(id, count);
      const answered = answer({ id, count });
      const reply =
        typeof answered === 'number'
          ? { status: answered, body: `answer ${answered} `.repeat(200), headers: {} }
          : answered;
      received.push({
        headers: req.headers,
        path: req.url ?? '',
        body,
        json: JSON.parse(body),
        status: reply.status,
      });
      res.writeHead(reply.status, { 'content-type': 'text/plain', ...reply.headers }).end(reply.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${address.port}/hook`,
    port: address.port,
    received,
    /** Verifies the signature of every delivery received (or of those given). */
    verifyAll(secret: string, deliveries: ReceivedDelivery[] = received) {
      const webhook = new Webhook(secret);
      for (const delivery of deliveries) {
        const headers = {
          'webhook-id': String(delivery.headers['webhook-id']),
          'webhook-timestamp': String(delivery.headers['webhook-timestamp']),
          'webhook-signature': String(delivery.headers['webhook-signature']),
        };
        expect(headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
        expect(webhook.verify(delivery.body, headers)).toEqual(delivery.json);
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type Receiver = Awaited<ReturnType<typeof startReceiver>>;

/** Waits until `check` holds (polling), or fails after `ms`. */
export async function eventually(
  check: () => boolean | Promise<boolean>,
  ms = 10_000,
  what = 'the condition',
) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`Timed out after ${ms} ms waiting for ${what}`);
}
