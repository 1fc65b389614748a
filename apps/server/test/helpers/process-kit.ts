import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { CLI_ENTRY, SERVER_ENTRY, freePort, startProcess, type RunningProcess } from './server-process.js';
import { createScratchPostgresDatabase } from './test-database.js';
import { startTestIdentityProvider, type TestIdentityProvider } from './test-identity-provider.js';

export { CLI_ENTRY, SERVER_ENTRY, freePort, startProcess, type RunningProcess };

// The set-up every test of the built server and command line needs (issue 32): the build guard,
// folders, the test identity provider, ports, the environment, starting and waiting, the command
// line, and undoing all of it after the file.

/** Fails the file at once, saying what to do, when the server has not been built. */
export function requireBuilt() {
  for (const entry of [SERVER_ENTRY, CLI_ENTRY])
    if (!existsSync(entry)) throw new Error(`${entry} is missing: run "npm run build" first`);
}

/** A free loopback port, and the environment that makes a server listen on it and name itself. */
export async function serverAddress() {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  return { port, baseUrl, env: { PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: baseUrl } };
}

/** The status of GET /readyz, 0 when nothing answers. */
export const readyStatus = (baseUrl: string) =>
  fetch(`${baseUrl}/readyz`).then(
    (response) => response.status,
    () => 0,
  );

/**
 * Waits until the server answers /readyz with 200 and returns how long that took; throws with its
 * output when it exits first or the time runs out.
 */
export async function waitUntilReady(server: RunningProcess, baseUrl: string, timeoutMs = 60_000) {
  const started = Date.now();
  let exited = false;
  void server.exited.then(() => (exited = true));
  while (Date.now() - started < timeoutMs && !exited) {
    if ((await readyStatus(baseUrl)) === 200) return Date.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(
    `The server was not ready ${exited ? 'before it exited' : `within ${timeoutMs} ms`}:\n${server.output()}`,
  );
}

/** Runs the built command line; its exit code and everything it printed. */
export async function masthead(env: Record<string, string>, args: string[]) {
  const run = startProcess(CLI_ENTRY, args, env);
  return { code: await run.exited, output: run.output() };
}

/** Runs the built command line and throws with its output unless it succeeds. */
export async function cli(env: Record<string, string>, ...args: string[]) {
  const { code, output } = await masthead(env, args);
  if (code !== 0) throw new Error(`masthead ${args.join(' ')} failed:\n${output}`);
  return output;
}

export async function kill(server: RunningProcess) {
  server.child.kill('SIGKILL');
  await server.exited;
}

/** Stops the server as a supervisor would (SIGTERM) and waits for it; its exit code. */
export async function stop(server: RunningProcess) {
  if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGTERM');
  return server.exited;
}

export interface ProcessKitOptions {
  /** Starts the test identity provider before the file's tests (`kit.idp`). */
  idp?: boolean;
}

/**
 * The processes, folders and databases of one test file, which calls this at its top level: each is
 * removed after the file, in the reverse order of its making. Test files share their worker's
 * modules (decision 060), so nothing of a file's is kept at this module's top level.
 */
export function processKit(name: string, options: ProcessKitOptions = {}) {
  let root: string | undefined;
  let idp: TestIdentityProvider | undefined;
  const cleanups: (() => Promise<unknown> | unknown)[] = [];

  const identityProvider = async () => (idp ??= await startTestIdentityProvider());

  beforeAll(async () => {
    requireBuilt();
    root = mkdtempSync(path.join(os.tmpdir(), `masthead-${name}-`));
    if (options.idp) await identityProvider();
  });
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
    await idp?.close();
    if (root) rmSync(root, { recursive: true, force: true });
  }, 60_000);

  return {
    /** The test identity provider (with `idp: true`). */
    get idp(): TestIdentityProvider {
      if (!idp) throw new Error('processKit: start it with { idp: true } or identityProvider()');
      return idp;
    },
    /** Starts the test identity provider when a test first needs it (once), and stops it after the file. */
    identityProvider,
    /** The file's own folder, removed after it. */
    get root(): string {
      if (!root) throw new Error('processKit: the folder exists from beforeAll on');
      return root;
    },
    /** A new, empty folder below the file's own. */
    folder(prefix = 'data') {
      mkdirSync(this.root, { recursive: true });
      return mkdtempSync(path.join(this.root, `${prefix}-`));
    },
    /** A database of the file's own on the PostgreSQL server under test, dropped after the file. */
    async scratchDatabase(prefix = `masthead_${name.replace(/\W/g, '_')}`) {
      const scratch = await createScratchPostgresDatabase(prefix);
      cleanups.push(scratch.drop);
      return scratch.url;
    },
    /** Starts the built server; it is killed after the file if it still runs. */
    start(env: Record<string, string>) {
      const server = startProcess(SERVER_ENTRY, [], env);
      cleanups.push(() => kill(server));
      return server;
    },
    /** Starts the built server on a free port and waits until it is ready. */
    async startReady(env: Record<string, string>, timeoutMs = 60_000) {
      const address = await serverAddress();
      const server = this.start({ ...env, ...address.env });
      const readyMs = await waitUntilReady(server, address.baseUrl, timeoutMs);
      return { server, base: address.baseUrl, readyMs };
    },
    /** Anything else to undo after the file. */
    onCleanup(cleanup: () => Promise<unknown> | unknown) {
      cleanups.push(cleanup);
    },
  };
}
