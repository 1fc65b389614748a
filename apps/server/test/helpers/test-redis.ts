import { randomBytes } from 'node:crypto';
import { createServer, connect, type Socket } from 'node:net';
import { Redis } from 'ioredis';
import { describe } from 'vitest';

/**
 * The Redis server the shared rate limits are tested against (TEST_REDIS_URL; .ci/run starts one).
 * Without it those suites are skipped, loudly (test/global-setup.ts), and CI fails.
 */
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL;
export const describeWithRedis = TEST_REDIS_URL ? describe : describe.skip;

/** A key prefix of this test's own; `clean` deletes every key under it (the server is shared). */
export function redisKeys() {
  const prefix = `masthead-test-${randomBytes(5).toString('hex')}:`;
  const client = () => new Redis(TEST_REDIS_URL!, { lazyConnect: true, maxRetriesPerRequest: 1 });
  const list = async () => {
    const redis = client();
    try {
      const keys: string[] = [];
      let cursor = '0';
      do {
        const [next, found] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
        keys.push(...found);
        cursor = next;
      } while (cursor !== '0');
      return keys;
    } finally {
      redis.disconnect();
    }
  };
  return {
    prefix,
    list,
    clean: async () => {
      const keys = await list();
      if (keys.length === 0) return;
      const redis = client();
      try {
        await redis.del(...keys);
      } finally {
        redis.disconnect();
      }
    },
  };
}

/**
 * A TCP proxy on loopback in front of the test Redis, which the test can cut and restore, as a
 * network cut or a Redis restart would (the shared Redis itself is never stopped).
 */
export async function startRedisProxy() {
  const target = new URL(TEST_REDIS_URL!);
  const redis = { host: target.hostname, port: Number(target.port || 6379) };
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    const upstream = connect(redis.port, redis.host);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => socket.destroy());
    }
    client.pipe(upstream).pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  const listen = (port: number) => new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  await listen(0);
  const port = (server.address() as { port: number }).port;
  const url = new URL(TEST_REDIS_URL!);
  url.host = `127.0.0.1:${port}`;
  return {
    url: url.toString(),
    /** Refuses new connections and drops the open ones. */
    cut: async () => {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const socket of sockets) socket.destroy();
      await closed;
    },
    restore: () => listen(port),
    close: async () => {
      for (const socket of sockets) socket.destroy();
      if (server.listening) await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
