import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction, type Socket } from 'node:net';
import {
  checkedAddresses,
  isPublicAddress,
  RefusedAddressError,
  webhookUrlProblem,
  type WebhookAddressPolicy,
} from './webhook-address.js';

/** How much of a receiver's answer a delivery keeps. */
export const KEPT_RESPONSE_BYTES = 1024;

export interface WebhookRequest {
  url: string;
  headers: Record<string, string>;
  body: string;
}

export type WebhookOutcome =
  { status: number; body: string; durationMs: number } | { error: string; durationMs: number };

/**
 * The connection's lookup: the host's addresses, each checked (webhook-address.ts), so that the
 * address connected to is one that passed the check, whatever DNS said at registration.
 */
function checkedLookup(policy: WebhookAddressPolicy): LookupFunction {
  return (hostname, options, callback) => {
    checkedAddresses(hostname, policy).then(
      (addresses) => {
        const first = addresses[0]!;
        if (options.all) (callback as (e: null, a: typeof addresses) => void)(null, addresses);
        else callback(null, first.address, first.family);
      },
      (error: Error) => callback(error as NodeJS.ErrnoException, '', 0),
    );
  };
}

/**
 * POSTs one delivery: no redirect is followed (node's client never does), the whole exchange is
 * cut off after `timeoutMs`, and only the first KB of the answer is read.
 */
export async function sendWebhookRequest(
  request: WebhookRequest,
  policy: WebhookAddressPolicy,
  timeoutMs: number,
): Promise<WebhookOutcome> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const problem = webhookUrlProblem(request.url, policy);
  if (problem) return { error: problem.replace(/^url: /, 'the URL '), durationMs: 0 };
  const url = new URL(request.url);
  const client = url.protocol === 'https:' ? https : http;
  // An IP literal is connected to without a lookup: it is checked here instead.
  if (isIP(url.hostname.replace(/^\[(.*)\]$/, '$1'))) {
    try {
      await checkedAddresses(url.hostname, policy);
    } catch (error) {
      return { error: (error as Error).message, durationMs: elapsed() };
    }
  }

  return new Promise((resolve) => {
    let settled = false;
    const finish = (outcome: WebhookOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(outcome);
    };
    const req = client.request(url, {
      method: 'POST',
      agent: false,
      lookup: checkedLookup(policy),
      headers: {
        'content-type': 'application/json',
        'content-length': String(Buffer.byteLength(request.body)),
        'user-agent': 'Masthead-Webhooks/1',
        ...request.headers,
      },
    });
    const timer = setTimeout(
      () => req.destroy(new Error(`no answer within ${timeoutMs / 1000} s`)),
      timeoutMs,
    );
    // Once more on the address actually connected to, before a byte of the request is written.
    req.on('socket', (socket: Socket) => {
      socket.once('connect', () => {
        const address = socket.remoteAddress ?? '';
        if (!policy.allowPrivate && !isPublicAddress(address))
          req.destroy(new RefusedAddressError(`the address ${address} is private or reserved`));
      });
    });
    req.on('error', (error) => finish({ error: error.message.slice(0, 500), durationMs: elapsed() }));
    req.on('response', (response) => {
      const chunks: Buffer[] = [];
      let size = 0;
      const done = () => {
        const body = Buffer.concat(chunks).subarray(0, KEPT_RESPONSE_BYTES).toString('utf8');
        finish({
          status: response.statusCode ?? 0,
          body: body.slice(0, KEPT_RESPONSE_BYTES),
          durationMs: elapsed(),
        });
        response.destroy();
      };
      response.on('data', (chunk: Buffer) => {
        chunks.push(chunk);
        size += chunk.length;
        if (size >= KEPT_RESPONSE_BYTES) done();
      });
      response.on('end', done);
      response.on('error', done);
    });
    req.end(request.body);
  });
}
