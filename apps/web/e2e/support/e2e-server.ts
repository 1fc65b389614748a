import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const SERVER_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../server/dist');
export const SERVER_ENTRY = path.join(SERVER_DIST, 'server.js');
export const CLI_ENTRY = path.join(SERVER_DIST, 'cli.js');
export const CHROMIUM = '/usr/bin/chromium';
/** Debian's Chromium on this kind of machine: no sandbox or GPU, and no background traffic. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
/** Worker n listens on FIRST_PORT + n when it is free (pickPort); the provider's redirect URIs derive from it. */
export const FIRST_PORT = 3411;

export interface Account {
  email: string;
  name: string;
  password: string;
}

/** What the demo seeds on a first start (apps/server/src/demo). */
export const DEMO_EMAIL = 'demo@masthead.local';
export const DEMO_NAME = 'Demo Editor';
export const DOMAINS = {
  /** "Example Engineering": 15 posts, a required filterable select field `client`. */
  blog: 'blog.example.com',
  /** "Example News": 10 posts. */
  news: 'news.example.org',
  /** "Empty Site": no posts, provisioned by the fixture; the demo account is its admin. */
  empty: 'empty.example.com',
} as const;
/** The `client` field's options on blog.example.com. */
export const CLIENTS = ['Acme Corp', 'Globex', 'Initech'] as const;

/** The author the fixture provisions: role `author` on blog.example.com only. */
export const AUTHOR: Account = {
  email: 'author@masthead.local',
  name: 'Ann Author',
  password: 'ann-author-e2e-password',
};

/**
 * Accounts of their own for the account journeys (e2e/account.spec.ts), which change a password or
 * end every sign-in: no other journey signs in with them. They are members of no domain.
 */
export const ACCOUNT_OWNERS = {
  passwordChange: { email: 'pat@masthead.local', name: 'Pat Password', password: 'pat-first-e2e-password' },
  signOutEverywhere: { email: 'sam@masthead.local', name: 'Sam Signout', password: 'sam-first-e2e-password' },
} satisfies Record<string, Account>;

export interface E2eServer {
  /** http://localhost:<port>, the server's PUBLIC_URL and the journeys' baseURL. */
  url: string;
  port: number;
  dataDir: string;
  /** The demo account, with the password the server printed on its first start. */
  demo: Account;
  author: Account;
}

/** Fails with a message nobody can miss (the run stops before any journey). */
export function fail(message: string): never {
  const line = '!'.repeat(message.length + 8);
  console.error(`\n${line}\n!!! ${message} !!!\n${line}\n`);
  throw new Error(message);
}

export function checkPrerequisites() {
  if (!existsSync(CHROMIUM))
    fail(`Chromium is missing at ${CHROMIUM}: the browser journeys cannot run (apt-get install chromium)`);
  for (const entry of [SERVER_ENTRY, CLI_ENTRY])
    if (!existsSync(entry)) fail(`${entry} is missing: run "npm run build" first`);
}

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One run of the built server on a data folder, with what it printed. */
class ServerProcess {
  private output = '';
  private constructor(private readonly child: ChildProcess) {
    const keep = (chunk: Buffer) => {
      // Enough to explain a failure; the request log of a long run is not kept.
      this.output = (this.output + chunk.toString()).slice(-50_000);
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
  }

  /**
   * Starts it and waits for its own "Masthead is running at" line (which it logs once it listens,
   * so an answer from another process on the port cannot pass for it) and, on a first start, for
   * the demo password it prints.
   */
  static async start(env: Record<string, string>, url: string, options: { firstStart: boolean }) {
    const server = new ServerProcess(
      spawn(process.execPath, [SERVER_ENTRY], { env, stdio: ['ignore', 'pipe', 'pipe'] }),
    );
    try {
      return await server.ready(url, options.firstStart);
    } catch (error) {
      server.kill();
      throw error;
    }
  }

  private async ready(url: string, firstStart: boolean) {
    const deadline = Date.now() + 90_000;
    while (Date.now() < deadline) {
      const { child, output } = this;
      if (child.exitCode !== null || child.signalCode !== null)
        fail(`The server on ${url} exited with ${child.exitCode ?? child.signalCode}:\n${output}`);
      const password = /Demo password: (\S+)/.exec(output)?.[1];
      if (output.includes('Masthead is running at') && (password || !firstStart)) {
        const ready = await fetch(`${url}/readyz`).then(
          (response) => response.ok,
          () => false,
        );
        if (!ready) fail(`The server on ${url} is not ready:\n${output}`);
        return { server: this, password: password ?? '' };
      }
      await delay(100);
    }
    return fail(`The server on ${url} did not start in 90 s:\n${this.output}`);
  }

  /** SIGTERM: it finishes open requests, closes PGlite and releases the data folder's lock. */
  async stop() {
    const { child } = this;
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    const killer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    await exited;
    clearTimeout(killer);
  }

  /** The last resort when the worker process itself goes away. */
  kill() {
    this.child.kill('SIGKILL');
  }
}

/**
 * FIRST_PORT + the worker's index, or any free port when that one is taken (by a run in another
 * work tree, say): the server's PUBLIC_URL must name its port before it starts.
 */
async function pickPort(preferred: number): Promise<number> {
  const tryListen = (port: number) =>
    new Promise<number | undefined>((resolve) => {
      const probe = createServer();
      probe.once('error', () => resolve(undefined));
      probe.listen(port, '127.0.0.1', () => {
        const address = probe.address();
        probe.close(() => resolve(typeof address === 'object' && address ? address.port : undefined));
      });
    });
  return (await tryListen(preferred)) ?? (await tryListen(0)) ?? fail('No free port for the e2e server');
}

const execFileAsync = promisify(execFile);

/** The real command line (`npm run masthead -- …`), on the server's data folder. */
async function masthead(env: Record<string, string>, args: string[]) {
  try {
    await execFileAsync(process.execPath, [CLI_ENTRY, ...args], { env, timeout: 60_000 });
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
    fail(`masthead ${args.join(' ')} failed: ${(error as Error).message}\n${stdout}${stderr}`);
  }
}

/**
 * A server of its own for one Playwright worker, started as a new user's `npm start` would be: the
 * built server on a fresh data folder (PGlite), with the demo it seeds on its first start and the
 * demo password it prints. Then, with the real command line (the server stopped, since PGlite
 * serves one process), an author on blog.example.com and an empty domain the demo account
 * administers. Returns the server and the function that stops it and removes its folder.
 */
export async function startE2eServer(workerIndex: number) {
  const port = await pickPort(FIRST_PORT + workerIndex);
  const url = `http://localhost:${port}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `masthead-e2e-${workerIndex}-`));
  // Nothing else from this environment: no DATABASE_URL or OIDC_AUTHORITY, as on a new machine.
  const cliEnv = { PATH: process.env.PATH ?? '', DATA_DIR: dataDir };
  const serverEnv = {
    ...cliEnv,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: url,
    LOG_LEVEL: 'info',
    // The journeys' webhook receivers listen on http://127.0.0.1 on a port of their own
    // (support/webhook-receiver.ts), which a server otherwise refuses (docs/webhooks.md); these only
    // loosen that check.
    WEBHOOK_ALLOW_PRIVATE: '1',
    WEBHOOK_ALLOW_HTTP: '1',
    WEBHOOK_PORTS: 'any',
  };

  let running: ServerProcess | undefined;
  const killOnExit = () => running?.kill();
  process.once('exit', killOnExit);
  const stop = async () => {
    await running?.stop();
    running = undefined;
    process.off('exit', killOnExit);
    rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    const started = Date.now();
    const seconds = (since: number) => `${((Date.now() - since) / 1000).toFixed(1)} s`;
    const first = await ServerProcess.start(serverEnv, url, { firstStart: true });
    running = first.server;
    const firstStart = seconds(started);
    await first.server.stop();
    running = undefined;

    const provisioning = Date.now();
    const { email, name, password } = AUTHOR;
    await masthead(cliEnv, ['user', 'add', email, '--name', name, '--password', password]);
    await masthead(cliEnv, ['member', 'add', email, DOMAINS.blog, '--role', 'author']);
    await masthead(cliEnv, ['domain', 'add', DOMAINS.empty, '--name', 'Empty Site']);
    await masthead(cliEnv, ['member', 'add', DEMO_EMAIL, DOMAINS.empty, '--role', 'admin']);
    for (const owner of Object.values(ACCOUNT_OWNERS)) {
      await masthead(cliEnv, [
        'user',
        'add',
        owner.email,
        '--name',
        owner.name,
        '--password',
        owner.password,
      ]);
    }
    const provisioned = seconds(provisioning);

    running = (await ServerProcess.start(serverEnv, url, { firstStart: false })).server;
    // One line per worker: the set-up is most of a short run's time, and it grows on a busy machine.
    console.log(
      `e2e server ${url} ready in ${seconds(started)} (first start ${firstStart}, command line ${provisioned})`,
    );
    const server: E2eServer = {
      url,
      port,
      dataDir,
      demo: { email: DEMO_EMAIL, name: DEMO_NAME, password: first.password },
      author: AUTHOR,
    };
    return { server, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * A second server for the journeys that need e-mail (decision 056): a fresh data folder whose first
 * start seeds the demo, with SMTP_URL pointing at the worker's own mail server. Only the demo
 * account is there; nothing is provisioned. Started on demand by support/mail-fixtures.ts.
 */
export async function startServerWithMail(workerIndex: number, smtpUrl: string) {
  const port = await pickPort(FIRST_PORT + 100 + workerIndex);
  const url = `http://localhost:${port}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `masthead-e2e-mail-${workerIndex}-`));
  const env = {
    PATH: process.env.PATH ?? '',
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: url,
    LOG_LEVEL: 'info',
    SMTP_URL: smtpUrl,
    MAIL_FROM: 'Masthead <cms@masthead.local>',
  };
  const started = await ServerProcess.start(env, url, { firstStart: true });
  const killOnExit = () => started.server.kill();
  process.once('exit', killOnExit);
  return {
    url,
    demo: { email: DEMO_EMAIL, name: DEMO_NAME, password: started.password } satisfies Account,
    stop: async () => {
      await started.server.stop();
      process.off('exit', killOnExit);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

let current: E2eServer | undefined;

/** Set by the fixture: this worker's server, for helpers that are not handed it. */
export function setCurrentServer(server: E2eServer | undefined) {
  current = server;
}

/** This worker's server; only inside a journey that uses the fixtures (support/fixtures.ts). */
export function currentServer(): E2eServer {
  if (!current) throw new Error('No e2e server in this worker: import { test } from "./support/fixtures"');
  return current;
}
