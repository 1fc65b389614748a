import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { E2E_BASE_URL, E2E_PORT, SERVER_ENTRY } from './support/e2e-server';

function fail(message: string): never {
  const line = '!'.repeat(message.length + 8);
  console.error(`\n${line}\n!!! ${message} !!!\n${line}\n`);
  throw new Error(message);
}

/**
 * Starts the built server on a fresh data folder, as a new user's `npm start` would, and reads the
 * demo password from what it prints. Returns the teardown that stops it.
 */
export default async function globalSetup() {
  if (!existsSync('/usr/bin/chromium'))
    fail(
      'Chromium is missing at /usr/bin/chromium: the browser journeys cannot run (apt-get install chromium)',
    );
  if (!existsSync(SERVER_ENTRY)) fail(`${SERVER_ENTRY} is missing: run "npm run build" first`);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'masthead-e2e-'));
  const server = spawn(process.execPath, [SERVER_ENTRY], {
    env: {
      PATH: process.env.PATH ?? '',
      PORT: String(E2E_PORT),
      HOST: '127.0.0.1',
      PUBLIC_URL: E2E_BASE_URL,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  server.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  server.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));

  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) fail(`The server exited with ${server.exitCode}:\n${output}`);
    const password = /Demo password: (\S+)/.exec(output)?.[1];
    const ready = await fetch(`${E2E_BASE_URL}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (password && ready) {
      process.env.E2E_DEMO_PASSWORD = password;
      return async () => {
        server.kill('SIGTERM');
        await new Promise((resolve) => server.once('exit', resolve));
        rmSync(dataDir, { recursive: true, force: true });
      };
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  server.kill('SIGKILL');
  return fail(`The server did not become ready with a demo password in 90 s:\n${output}`);
}
