import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import type { WebhookAddressPolicy } from '../webhook-address.js';
import { sendWebhookRequest, storableText } from '../webhook-request.js';

// Issue 29, finding 4: each step of a delivery has its own, shorter timeout, so that a receiver
// that never accepts or never answers costs seconds; finding 3: what is kept of an answer can be
// stored.
const policy: WebhookAddressPolicy = {
  allowPrivate: true,
  allowHttp: true,
  ports: 'any',
  lookup: async () => [{ address: '127.0.0.1', family: 4 }],
};
const timeouts = { connectMs: 500, firstByteMs: 700, totalMs: 10_000 };
const request = (url: string) => ({ url, headers: {}, body: '{"type":"ping"}' });

const cleanups: (() => void)[] = [];
afterAll(() => {
  for (const cleanup of cleanups) cleanup();
});

/**
 * A port whose connections never complete: a process listens on it with the smallest backlog and
 * never accepts (its only thread waits for ever), and the test fills the backlog, so that the
 * kernel drops every further SYN.
 */
async function neverAccepting() {
  const child: ChildProcess = spawn(
    process.execPath,
    [
      '-e',
      `const server = require('node:net').createServer();
       server.listen({ port: 0, host: '127.0.0.1', backlog: 0 }, () => {
         process.stdout.write(server.address().port + '\\n');
         setTimeout(() => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0), 50);
       });`,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  cleanups.push(() => child.kill('SIGKILL'));
  const port = await new Promise<number>((resolve) =>
    child.stdout!.once('data', (chunk: Buffer) => resolve(Number(chunk.toString().trim()))),
  );
  await new Promise((resolve) => setTimeout(resolve, 200));
  // Connections the kernel completes for the backlog, until one no longer does.
  const fillers: Socket[] = [];
  cleanups.push(() => fillers.forEach((socket) => socket.destroy()));
  for (;;) {
    const socket = connect(port, '127.0.0.1');
    fillers.push(socket);
    const connected = await new Promise<boolean>((resolve) => {
      socket.once('connect', () => resolve(true));
      setTimeout(() => resolve(false), 300);
    });
    if (!connected) break;
  }
  return port;
}

async function server(handler: Parameters<typeof createServer>[1]) {
  const started: Server = createServer(handler);
  await new Promise<void>((resolve) => started.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => {
    started.closeAllConnections();
    started.close();
  });
  return `http://127.0.0.1:${(started.address() as AddressInfo).port}/hook`;
}

describe('sendWebhookRequest', () => {
  it('should give up on a receiver that never completes the connection after the connect timeout', async () => {
    const port = await neverAccepting();
    for (const url of [`http://127.0.0.1:${port}/`, `http://hooks.example.test:${port}/`]) {
      const outcome = await sendWebhookRequest(request(url), policy, timeouts);
      expect(outcome).toMatchObject({ error: 'no connection within 0.5 s' });
      expect(outcome.durationMs).toBeLessThan(timeouts.totalMs);
    }
  });

  it('should give up on a receiver that connects and never answers after the first-byte timeout', async () => {
    const url = await server(() => undefined);
    const outcome = await sendWebhookRequest(request(url), policy, timeouts);
    expect(outcome).toMatchObject({ error: 'no answer within 0.7 s' });
    expect(outcome.durationMs).toBeLessThan(timeouts.totalMs);
  });

  it('should keep what a receiver answered before the whole exchange ran out', async () => {
    const url = await server((_request, response) => {
      response.writeHead(200).write('started');
    });
    const outcome = await sendWebhookRequest(request(url), policy, { ...timeouts, totalMs: 1000 });
    expect(outcome).toMatchObject({ status: 200, body: 'started' });
  });

  it('should cut a delivery off when the server shuts down, saying so', async () => {
    const url = await server(() => undefined);
    const shutdown = new AbortController();
    const sending = sendWebhookRequest(
      request(url),
      policy,
      { ...timeouts, firstByteMs: 5000 },
      shutdown.signal,
    );
    setTimeout(() => shutdown.abort(), 100);
    expect(await sending).toMatchObject({ error: 'the server shut down', aborted: true });
  });
});

describe('storableText', () => {
  it('should keep at most 1 KB, without NUL characters or bytes that are not UTF-8', () => {
    expect(storableText(Buffer.from('ok\u0000bye'))).toBe('okbye');
    expect(storableText(Buffer.from([0x6f, 0xff, 0xfe, 0x6b, 0xc3]))).toBe('ok');
    expect(storableText(Buffer.from('\ufeffhi', 'utf16le'))).toBe('hi');
    expect(storableText(Buffer.from('é'.repeat(600)))).toBe('é'.repeat(512));
    expect(storableText(Buffer.from(`${'a'.repeat(1023)}€`))).toBe('a'.repeat(1023));
  });
});
