import { createServer, connect, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { createDatabase } from '../../src/db/database.js';
import type { ProcessLog } from '../../src/lib/process-log.js';
import { createTestSchema } from './test-database.js';

/**
 * A TCP proxy in front of the PostgreSQL server, which a test can break the way networks and
 * restarts do, without touching the shared server itself:
 * - `cut()` closes every open connection (what a restart or pg_terminate_backend does to them);
 * - `refuse()` closes them and stops listening, so new connections are refused (a server that is down);
 * - `hang()` accepts new connections and never answers (a network that drops packets);
 * - `poison()` leaves the open connections idle and resets each one when it next carries a
 *   request (a connection that died while idle, found out only when used);
 * - `forward()` brings back normal service.
 */
export interface TcpProxy {
  port: number;
  cut: () => void;
  refuse: () => Promise<void>;
  hang: () => Promise<void>;
  poison: () => void;
  forward: () => Promise<void>;
  /** Connections reset by poison() so far. */
  readonly resets: number;
  /** Connections accepted so far (each is one new database connection). */
  readonly accepted: number;
  close: () => Promise<void>;
}

interface Pair {
  client: Socket;
  upstream?: Socket;
  poisoned: boolean;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const pairs = new Set<Pair>();
  let mode: 'forward' | 'hang' = 'forward';
  let resets = 0;
  let accepted = 0;
  let listening = false;

  const drop = (pair: Pair) => {
    pairs.delete(pair);
    pair.client.destroy();
    pair.upstream?.destroy();
  };

  const server: Server = createServer((client) => {
    accepted++;
    const pair: Pair = { client, poisoned: false };
    pairs.add(pair);
    client.on('error', () => drop(pair));
    client.on('close', () => drop(pair));
    if (mode === 'hang') return; // read nothing, answer nothing
    const upstream = connect(target.port, target.host);
    pair.upstream = upstream;
    upstream.on('error', () => drop(pair));
    upstream.on('close', () => drop(pair));
    upstream.pipe(client);
    client.on('data', (chunk: Buffer) => {
      if (!pair.poisoned) {
        upstream.write(chunk);
        return;
      }
      resets++;
      pairs.delete(pair);
      upstream.destroy();
      client.resetAndDestroy();
    });
  });

  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        listening = true;
        resolve();
      });
    });
  const stopListening = () =>
    new Promise<void>((resolve) => {
      if (!listening) return resolve();
      listening = false;
      server.close(() => resolve());
    });

  await listen(0);
  const { port } = server.address() as AddressInfo;

  return {
    port,
    get resets() {
      return resets;
    },
    get accepted() {
      return accepted;
    },
    cut: () => {
      for (const pair of [...pairs]) drop(pair);
    },
    refuse: async () => {
      for (const pair of [...pairs]) drop(pair);
      await stopListening();
    },
    hang: async () => {
      mode = 'hang';
      if (!listening) await listen(port);
    },
    poison: () => {
      for (const pair of pairs) pair.poisoned = true;
    },
    forward: async () => {
      mode = 'forward';
      if (!listening) await listen(port);
    },
    close: async () => {
      for (const pair of [...pairs]) drop(pair);
      await stopListening();
    },
  };
}

/**
 * A scratch schema on the PostgreSQL server and a pool that reaches it through a TcpProxy, for the
 * tests of outages (a database, the webhook worker and the scheduler through one). `close` stops
 * the proxy and drops the schema; the pool is the caller's (its test context destroys it).
 */
export async function databaseBehindProxy(
  options: { poolSize?: number; connectTimeoutMs?: number; log?: ProcessLog } = {},
) {
  const schema = await createTestSchema();
  const direct = new URL(schema.url);
  const proxy = await startTcpProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
  const proxied = new URL(schema.url);
  proxied.hostname = '127.0.0.1';
  proxied.port = String(proxy.port);
  const db = createDatabase({
    kind: 'postgres',
    url: proxied.toString(),
    searchPath: schema.searchPath,
    poolSize: options.poolSize ?? 3,
    connectTimeoutMs: options.connectTimeoutMs ?? 1_000,
    ...(options.log ? { log: options.log } : {}),
  });
  return {
    schema,
    proxy,
    db,
    close: async () => {
      await proxy.close();
      await schema.drop();
    },
  };
}
