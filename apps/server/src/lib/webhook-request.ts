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

export interface WebhookTimeouts {
  /** From the end of the name look-up to the TCP connection. */
  connectMs: number;
  /** From the connection to the answer's status line (TLS, the request and the receiver's work). */
  firstByteMs: number;
  /** The whole exchange, look-up and the kept part of the answer included. */
  totalMs: number;
}

export type WebhookOutcome =
  | { status: number; body: string; durationMs: number }
  | { error: string; durationMs: number; aborted?: true };

/**
 * The agents every delivery goes through: no connection is kept or reused, and no proxy is used.
 * The global agents are never used, since Node 24 points them at HTTP_PROXY/HTTPS_PROXY when
 * NODE_USE_ENV_PROXY is set; an agent made here reads no proxy variable (it is given no
 * `proxyEnv`), so a delivery reaches the address checked, never a proxy that would reach another.
 */
const agents = {
  'http:': new http.Agent({ keepAlive: false }),
  'https:': new https.Agent({ keepAlive: false }),
};

/**
 * The kept start of an answer as text that can be stored: at most KEPT_RESPONSE_BYTES, without
 * NUL characters (PostgreSQL's text refuses them) and without the bytes that are not UTF-8 (a
 * UTF-16 or gzipped answer, or a character cut at the limit), which decode to U+FFFD.
 */
export function storableText(bytes: Buffer): string {
  return bytes
    .subarray(0, KEPT_RESPONSE_BYTES)
    .toString('utf8')
    .replaceAll('\u0000', '')
    .replaceAll('\ufffd', '');
}

const inSeconds = (ms: number) => `${ms / 1000} s`;

/**
 * The connection's lookup: the host's addresses, each checked (webhook-address.ts), so that the
 * address connected to is one that passed the check, whatever DNS said at registration.
 */
function checkedLookup(policy: WebhookAddressPolicy, resolved: () => void): LookupFunction {
  return (hostname, options, callback) => {
    checkedAddresses(hostname, policy).then(
      (addresses) => {
        resolved();
        const first = addresses[0]!;
        if (options.all) (callback as (e: null, a: typeof addresses) => void)(null, addresses);
        else callback(null, first.address, first.family);
      },
      (error: Error) => callback(error as NodeJS.ErrnoException, '', 0),
    );
  };
}

/**
 * POSTs one delivery: no redirect is followed (node's client never does), each step has its own
 * timeout (a receiver that never accepts or never answers costs seconds, not the whole budget),
 * only the first KB of the answer is read, and `signal` (the server shutting down) cuts it off.
 */
export async function sendWebhookRequest(
  request: WebhookRequest,
  policy: WebhookAddressPolicy,
  timeouts: WebhookTimeouts,
  signal?: AbortSignal,
): Promise<WebhookOutcome> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const problem = webhookUrlProblem(request.url, policy);
  if (problem) return { error: problem.replace(/^url: /, 'the URL '), durationMs: 0 };
  const url = new URL(request.url);
  const client = url.protocol === 'https:' ? https : http;
  const literal = isIP(url.hostname.replace(/^\[(.*)\]$/, '$1')) !== 0;
  // An IP literal is connected to without a lookup: it is checked here instead.
  if (literal) {
    try {
      await checkedAddresses(url.hostname, policy);
    } catch (error) {
      return { error: (error as Error).message, durationMs: elapsed() };
    }
  }
  if (signal?.aborted) return { error: 'the server shut down', durationMs: 0, aborted: true };

  return new Promise((resolve) => {
    let settled = false;
    let stepTimer: NodeJS.Timeout | undefined;
    const finish = (outcome: WebhookOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(totalTimer);
      clearTimeout(stepTimer);
      signal?.removeEventListener('abort', onAbort);
      resolve(outcome);
    };
    let endAnswer: (() => void) | undefined;
    const cutOff = (message: string) => req.destroy(new Error(message));
    const step = (ms: number, message: string) => {
      clearTimeout(stepTimer);
      stepTimer = setTimeout(() => cutOff(message), Math.min(ms, timeouts.totalMs));
    };
    const req = client.request(url, {
      method: 'POST',
      agent: agents[url.protocol as keyof typeof agents],
      lookup: checkedLookup(policy, () =>
        step(timeouts.connectMs, `no connection within ${inSeconds(timeouts.connectMs)}`),
      ),
      headers: {
        'content-type': 'application/json',
        'content-length': String(Buffer.byteLength(request.body)),
        'user-agent': 'Masthead-Webhooks/1',
        ...request.headers,
      },
    });
    // Past it, an answer under way is kept as far as it came (its status is what counts); without
    // one, the attempt failed.
    const totalTimer = setTimeout(
      () => (endAnswer ? endAnswer() : cutOff(`no answer within ${inSeconds(timeouts.totalMs)}`)),
      timeouts.totalMs,
    );
    let aborted = false;
    const onAbort = () => {
      if (endAnswer) return endAnswer();
      aborted = true;
      cutOff('the server shut down');
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    req.on('socket', (socket: Socket) => {
      // An IP literal has no look-up: the connection's own timeout starts now.
      if (literal) step(timeouts.connectMs, `no connection within ${inSeconds(timeouts.connectMs)}`);
      socket.once('connect', () => {
        // Once more on the address actually connected to, before a byte of the request is written.
        const address = socket.remoteAddress ?? '';
        if (!policy.allowPrivate && !isPublicAddress(address)) {
          req.destroy(new RefusedAddressError(`the address ${address} is private or reserved`));
          return;
        }
        step(timeouts.firstByteMs, `no answer within ${inSeconds(timeouts.firstByteMs)}`);
      });
    });
    req.on('error', (error) =>
      finish({
        error: error.message.slice(0, 500),
        durationMs: elapsed(),
        ...(aborted ? { aborted: true as const } : {}),
      }),
    );
    req.on('response', (response) => {
      clearTimeout(stepTimer);
      const chunks: Buffer[] = [];
      let size = 0;
      const done = () => {
        finish({
          status: response.statusCode ?? 0,
          body: storableText(Buffer.concat(chunks)),
          durationMs: elapsed(),
        });
        response.destroy();
      };
      endAnswer = done;
      response.on('data', (chunk: Buffer) => {
        chunks.push(chunk);
        size += chunk.length;
        if (size >= KEPT_RESPONSE_BYTES) done();
      });
      response.on('end', done);
      response.on('error', done);
      response.on('aborted', done);
    });
    req.end(request.body);
  });
}
