import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { DatabaseUnavailableError } from '../../lib/pg-errors.js';
import { DatabaseHealth } from '../database-health.js';
import { createPostgresPool } from '../postgres-pool.js';

/** One message of PostgreSQL's protocol: a type byte, its length, its body. */
function message(type: string, body: Buffer) {
  const length = Buffer.alloc(4);
  length.writeInt32BE(body.length + 4);
  return Buffer.concat([Buffer.from(type), length, body]);
}

const int32 = (value: number) => {
  const buffer = Buffer.alloc(4);
  buffer.writeInt32BE(value);
  return buffer;
};

const int16 = (value: number) => {
  const buffer = Buffer.alloc(2);
  buffer.writeInt16BE(value);
  return buffer;
};

const AUTHENTICATION_OK = message('R', int32(0));
const READY_FOR_QUERY = message('Z', Buffer.from('I'));
/** What a backend sends when pg_terminate_backend (or a fast shutdown) ends its session. */
const TERMINATED = message(
  'E',
  Buffer.from(
    ['SFATAL', 'VFATAL', 'C57P01', 'Mterminating connection due to administrator command', '', ''].join('\0'),
  ),
);

/** The answer to any simple query: one int4 column `one`, one row, then ready again. */
const ONE_ROW = Buffer.concat([
  message(
    'T',
    Buffer.concat([
      int16(1),
      Buffer.from('one\0'),
      int32(0),
      int16(0),
      int32(23),
      int16(4),
      int32(-1),
      int16(0),
    ]),
  ),
  message('D', Buffer.concat([int16(1), int32(1), Buffer.from('1')])),
  message('C', Buffer.from('SELECT 1\0')),
  READY_FOR_QUERY,
]);

/**
 * A PostgreSQL server whose first `terminated` connections have their session ended at once: the
 * startup's last message (ReadyForQuery) and the session's FATAL error arrive in one packet. That
 * is what a client reads when pg_terminate_backend or a fast shutdown hits a backend that has
 * just finished its startup, and a busy process reads both in one go. Later connections answer
 * any simple query with one row.
 */
async function fakePostgres(terminated: number) {
  const sockets = new Set<Socket>();
  let connections = 0;
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => {});
    socket.on('close', () => sockets.delete(socket));
    const doomed = ++connections <= terminated;
    // The first packet is the startup message; this server asks for no password.
    socket.once('data', () => {
      if (doomed) {
        socket.end(Buffer.concat([AUTHENTICATION_OK, READY_FOR_QUERY, TERMINATED]));
        return;
      }
      socket.write(Buffer.concat([AUTHENTICATION_OK, READY_FOR_QUERY]));
      socket.on('data', (chunk: Buffer) => {
        if (chunk[0] === 'Q'.charCodeAt(0)) socket.write(ONE_ROW);
        else if (chunk[0] === 'X'.charCodeAt(0)) socket.end();
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `postgres://masthead@127.0.0.1:${port}/masthead`,
    get connections() {
      return connections;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

function recordingHealth() {
  const lines: string[] = [];
  const log = {
    info: (m: string) => lines.push(`info: ${m}`),
    warn: (m: string) => lines.push(`warn: ${m}`),
    error: (m: string) => lines.push(`error: ${m}`),
  };
  return { lines, health: new DatabaseHealth('127.0.0.1/masthead', log) };
}

let cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  cleanups = [];
});

describe('createPostgresPool', () => {
  async function poolOn(server: Awaited<ReturnType<typeof fakePostgres>>) {
    cleanups.push(server.close);
    const { lines, health } = recordingHealth();
    const pool = createPostgresPool({
      url: server.url,
      max: 2,
      settings: '',
      prepared: false,
      health,
      connectTimeoutMs: 2_000,
    });
    cleanups.push(() => pool.end());
    return { pool, lines };
  }

  const LOST =
    'warn: lost a connection to the database at 127.0.0.1/masthead (57P01 terminating connection due to administrator command); new ones are opened as needed';

  // Issue 19, finding 1, once more: a worker ended with "Unhandled 'error' event" under
  // database-outage.test.ts's restart and terminations. pg-pool takes its listener off a new
  // connection before it hands it over, and the hand-over completes a microtask later, after the
  // rest of the packet has been parsed: an error in that packet had nobody to hear it.
  it('should hear a session that ends in the packet that completes its startup, and hand over a new connection', async () => {
    const server = await fakePostgres(1);
    const { pool, lines } = await poolOn(server);

    const client = await pool.connect();
    try {
      // A write, which is never sent twice, is answered: the dead connection was not handed over.
      const result = await client.query<{ one: number }>(
        'insert into t default values returning 1 as one',
        [],
      );
      expect(result.rows).toEqual([{ one: 1 }]);
    } finally {
      client.release();
    }
    expect(server.connections).toBe(2);
    expect(lines).toEqual([LOST]);
  });

  it('should answer 503 when every new connection ends as it is made', async () => {
    const server = await fakePostgres(Infinity);
    const { pool, lines } = await poolOn(server);

    await expect(pool.connect()).rejects.toBeInstanceOf(DatabaseUnavailableError);
    expect(lines).toEqual([LOST]);
  });
});
