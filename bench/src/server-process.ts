import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { config } from './config.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const serverDir = path.join(root, 'apps/server');
const entry = path.join(serverDir, 'dist/server.js');

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) newest = Math.max(newest, statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

/** Builds apps/server/dist when it is missing or older than the server or contract sources. */
export function ensureServerBuilt() {
  const sources = Math.max(
    newestMtime(path.join(serverDir, 'src')),
    newestMtime(path.join(root, 'packages/contract/src')),
  );
  if (existsSync(entry) && statSync(entry).mtimeMs >= sources) return;
  console.log(existsSync(entry) ? 'The server bundle is stale; building it…' : 'Building the server…');
  const result = spawnSync('npm', ['run', 'build', '-w', 'apps/server'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('npm run build -w apps/server failed');
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** The bundled floor server (bench/src/floor-server.ts, decision 031), beside the bench's bundle. */
export const floorEntry = fileURLToPath(new URL('./floor-server.mjs', import.meta.url));

/**
 * Starts the built server (or another entry, such as the floor server) on a loopback port and
 * waits until /readyz answers.
 */
export async function startServer(env: Record<string, string>, entryPath = entry) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  // BENCH_CPU_PROF=<folder>: each server process writes a CPU profile there when it stops.
  const profile = process.env.BENCH_CPU_PROF
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`]
    : [];
  const child = spawn(process.execPath, [...profile, entryPath], {
    cwd: serverDir,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: url,
      LOG_LEVEL: 'warn',
      MASTHEAD_DEMO: '0',
      // The bench measures the server, not the per-user budget (issue 9).
      RATE_LIMIT_PER_MINUTE: '0',
      DELIVERY_RATE_LIMIT_PER_MINUTE: '0',
      // Nor the per-address budgets of the public endpoints: every bench request comes from here (decision 058).
      DELIVERY_RATE_LIMIT_PER_ADDRESS_PER_MINUTE: '0',
      FEEDS_RATE_LIMIT_PER_ADDRESS_PER_MINUTE: '0',
      ...(config.nodeOptions ? { NODE_OPTIONS: config.nodeOptions } : {}),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const kill = () => child.kill('SIGKILL');
  process.once('exit', kill);

  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server exited at start:\n${output}`);
    const ready = await fetch(`${url}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline) {
      kill();
      throw new Error(`The server did not become ready in 60 s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }

  return {
    url,
    pid: child.pid,
    output: () => output,
    /** SIGTERM (the server finishes open requests and closes the database), SIGKILL after 10 s. */
    stop: async () => {
      process.removeListener('exit', kill);
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(kill, 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
