import { execFile, execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort } from './server-process.js';

const run = promisify(execFile);

/**
 * A PostgreSQL cluster of the test's own, in a temporary folder, for tests that stop, restart or
 * break the database: the shared server on 127.0.0.1:5432 serves everyone else's tests and must
 * never be restarted. It runs as the `postgres` user when the tests run as root (initdb refuses
 * root), listens on a free loopback port with its socket in its folder, and trusts local logins.
 */
export interface PrivatePostgres {
  port: number;
  /** A postgres:// URL for a database of this cluster. */
  url: (database?: string) => string;
  /** pg_ctl stop -m fast: what a restart or a failover does to the sessions. */
  stop: () => Promise<void>;
  start: () => Promise<void>;
  /** Runs one statement on a connection of its own. */
  query: <R extends pg.QueryResultRow>(sql: string, database?: string) => Promise<R[]>;
  /** Stops the cluster at once and removes its folder. */
  destroy: () => Promise<void>;
}

/** The newest PostgreSQL's bin folder with initdb and pg_ctl (Debian's layout), if there is one. */
export function findPostgresBinaries(root = '/usr/lib/postgresql'): string | undefined {
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((name) => /^\d+$/.test(name))
    .sort((a, b) => Number(b) - Number(a));
  for (const version of versions) {
    const bin = path.join(root, version, 'bin');
    if (existsSync(path.join(bin, 'initdb')) && existsSync(path.join(bin, 'pg_ctl'))) return bin;
  }
  return undefined;
}

/** Said the way test/global-setup.ts says that the PostgreSQL suite is skipped. */
export function shout(message: string) {
  const line = '!'.repeat(message.length + 8);
  console.warn(`\n${line}\n!!! ${message} !!!\n${line}\n`);
}

const clusters = new Set<{ bin: string; dataDir: string; dir: string }>();
let exitHookInstalled = false;

/** A test run that ends early (a failure, Ctrl-C) still stops its clusters. */
function stopAllOnExit() {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.once('exit', () => {
    for (const cluster of clusters) {
      try {
        execFileSync(
          ...asOwner(path.join(cluster.bin, 'pg_ctl'), ['-D', cluster.dataDir, '-m', 'immediate', 'stop']),
          {
            stdio: 'ignore',
          },
        );
      } catch {
        // already stopped
      }
      rmSync(cluster.dir, { recursive: true, force: true });
    }
  });
}

const isRoot = () => process.getuid?.() === 0;

/** The command as the postgres user when we are root, else as ourselves. */
function asOwner(command: string, args: string[]): [string, string[]] {
  return isRoot() ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
}

export async function startPrivatePostgres(bin: string): Promise<PrivatePostgres> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'masthead-pg-'));
  if (isRoot()) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString());
    chownSync(dir, uid, gid);
  }
  const dataDir = path.join(dir, 'data');
  const cluster = { bin, dataDir, dir };
  clusters.add(cluster);
  stopAllOnExit();
  const owner = (command: string, args: string[]) => run(...asOwner(path.join(bin, command), args));
  await owner('initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);

  const port = await freePort();
  // fsync=off: a restart or a killed server loses nothing the kernel holds; only a machine crash would.
  const settings = [
    `-p ${port}`,
    `-k ${dir}`,
    '-c listen_addresses=127.0.0.1',
    '-c fsync=off',
    '-c shared_buffers=32MB',
  ].join(' ');
  const start = async () => {
    await owner('pg_ctl', [
      '-D',
      dataDir,
      '-l',
      path.join(dir, 'postgres.log'),
      '-o',
      settings,
      '-w',
      '-t',
      '60',
      'start',
    ]);
  };
  const stop = async () => {
    await owner('pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', '-t', '60', 'stop']);
  };
  const url = (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`;
  await start();

  return {
    port,
    url,
    start,
    stop,
    query: async <R extends pg.QueryResultRow>(sql: string, database?: string) => {
      const client = new pg.Client({ connectionString: url(database) });
      client.on('error', () => {});
      await client.connect();
      try {
        return (await client.query<R>(sql)).rows;
      } finally {
        await client.end();
      }
    },
    destroy: async () => {
      await owner('pg_ctl', ['-D', dataDir, '-m', 'immediate', 'stop']).catch(() => undefined);
      clusters.delete(cluster);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
