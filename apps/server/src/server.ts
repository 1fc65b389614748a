import cluster from 'node:cluster';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.js';
import { listenForBackupRequests } from './backup/backup-requests.js';
import { runCluster } from './cluster.js';
import { EnvError, parseEnv, type Env } from './config/env.js';
import { openDatabase } from './db/open-database.js';
import { DatabaseStartError } from './db/wait-for-database.js';
import { demoBanner } from './demo/demo-banner.js';
import { seedDemoIfEmpty } from './demo/seed-demo.js';
import { DataDirLockedError } from './lib/data-dir-lock.js';
import { boundHeapGrowth } from './lib/heap-growth.js';
import { DatabaseUnavailableError } from './lib/pg-errors.js';
import { processLog, type ProcessLog } from './lib/process-log.js';
import { dataDirExposure } from './lib/data-dir.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const WEB_ROOT = path.resolve(here, '../../web/dist');
/** Unregistered uploads are looked for every hour, and removed once a day old. */
const SWEEP_EVERY_MS = 60 * 60 * 1000;
/** How often each process looks for due webhook deliveries when there were none. */
const WEBHOOK_POLL_MS = 1000;
/** How often the image variants' background jobs are looked at (decision 064). */
const IMAGE_JOBS_POLL_MS = 2000;

/**
 * WEB_CONCURRENCY > 1 (PostgreSQL only; env.ts refuses it with PGlite): what must happen once
 * happens here, in the primary, before any worker starts: migrations, the built-in provider's first
 * keys and the demo. The workers then serve, and the primary keeps them running (cluster.ts).
 */
async function primary(env: Env, log: ProcessLog) {
  const opened = await openDatabase(env, { log });
  let demo: Awaited<ReturnType<typeof seedDemoIfEmpty>> = null;
  try {
    if (!env.OIDC_AUTHORITY) await (await import('./idp/keys.js')).loadOrCreateKeys(opened.db);
    demo = env.MASTHEAD_DEMO
      ? await seedDemoIfEmpty(opened.db, new Date(), { account: !env.OIDC_AUTHORITY })
      : null;
  } finally {
    await opened.close();
  }
  if (demo) log.info(demo.message);
  runCluster({
    workers: env.WEB_CONCURRENCY,
    log,
    onListening: () => {
      log.info(
        `Masthead is running at ${env.PUBLIC_URL} (database: PostgreSQL, ${env.WEB_CONCURRENCY} processes)`,
      );
      for (const warning of startWarnings(env)) log.warn(warning);
      if (demo?.account) process.stdout.write(demoBanner(env.PUBLIC_URL, demo.account));
    },
  });
}

async function main() {
  const env = parseEnv();
  // Every process (the primary and each worker) keeps its old generation near what it holds.
  boundHeapGrowth();
  // The database's waits and outages are logged in pino's format, next to the app's own lines.
  const log = processLog(env.LOG_LEVEL);
  if (env.WEB_CONCURRENCY > 1 && cluster.isPrimary) return primary(env, log);
  // A worker of the cluster: the primary has migrated and seeded already.
  const worker = cluster.isWorker;
  const opened = await openDatabase(env, { migrate: !worker, log });
  const app = await buildApp({
    env,
    db: opened.db,
    deliveryDb: opened.deliveryDb,
    webRoot: WEB_ROOT,
    sweepUploads: { everyMs: SWEEP_EVERY_MS },
    compactChanges: { everyMs: SWEEP_EVERY_MS },
    pruneRevisions: { everyMs: SWEEP_EVERY_MS },
    // About once a second: a post appears within a second or so of its time (decision 043).
    publishScheduled: { everyMs: 1000 },
    webhooks: { delivery: { pollMs: WEBHOOK_POLL_MS } },
    images: { worker: { pollMs: IMAGE_JOBS_POLL_MS } },
  });
  // `masthead backup` asks a running server for the backup of the PGlite database it holds.
  const stopBackups = opened.whileStill
    ? listenForBackupRequests(env.DATA_DIR, opened.whileStill, {
        info: (message) => app.log.info(message),
        error: (message) => app.log.error(message),
      })
    : undefined;
  // The database closes after the server has stopped taking requests and finished the open ones.
  app.addHook('onClose', async () => {
    stopBackups?.();
    await opened.close();
  });

  const demo =
    env.MASTHEAD_DEMO && !worker
      ? await seedDemoIfEmpty(opened.db, new Date(), { account: !env.OIDC_AUTHORITY })
      : null;
  if (demo) app.log.info(demo.message);

  let closing = false;
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.on(signal, () => {
      if (closing) return;
      closing = true;
      app.log.info(`${signal} received; finishing open requests`);
      app.close().then(
        () => process.exit(0),
        (error: unknown) => {
          app.log.error({ err: error }, 'shutdown failed');
          process.exit(1);
        },
      );
    });
  }

  await app.listen({ port: env.PORT, host: env.HOST });
  if (worker) return;
  app.log.info(
    `Masthead is running at ${env.PUBLIC_URL} (database: ${opened.kind === 'pglite' ? `PGlite in ${env.DATA_DIR}` : 'PostgreSQL'})`,
  );
  for (const warning of startWarnings(env)) app.log.warn(warning);
  // Once the address answers: the demo account's password, which exists nowhere else in clear.
  if (demo?.account) process.stdout.write(demoBanner(env.PUBLIC_URL, demo.account));
}

/** What an operator should fix, said once at start: an unsupported Node line, an open DATA_DIR. */
function startWarnings(env: Env): string[] {
  const warnings: string[] = [];
  if (Number(process.versions.node.split('.')[0]) < 22)
    warnings.push(
      `Node ${process.version} is out of support; run Masthead on Node 24 LTS (docs/deploy.md, "Runtime")`,
    );
  const exposure = dataDirExposure(env.DATA_DIR);
  if (exposure) warnings.push(exposure);
  return warnings;
}

/** The database's part of a failed start (a migration's error carries it as its cause). */
function databaseFailure(error: unknown): DatabaseUnavailableError | DatabaseStartError | undefined {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    if (cause instanceof DatabaseStartError || cause instanceof DatabaseUnavailableError) return cause;
  }
  return undefined;
}

main().catch((error: unknown) => {
  if (error instanceof EnvError || error instanceof DataDirLockedError) {
    console.error(`masthead: ${error.message}`);
    process.exit(2);
  }
  // A database that cannot be reached, or refuses us, is said in one line, not a stack trace.
  const database = databaseFailure(error);
  if (database) {
    console.error(`masthead: ${database.message}`);
    process.exit(1);
  }
  console.error(error);
  process.exit(1);
});
