import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startIdentityProvider } from '../identity-provider.js';
import { ensureServerBuilt, startServer } from '../server-process.js';
import { writer } from '../text.js';
import { soakConfig as config } from './soak-config.js';
import { dropSoakDatabase, prepareSoakDatabase } from './soak-database.js';
import { runConnection } from './soak-load.js';
import { MinuteRecorder, rssGrowth, rssMb, table, type MinuteStats } from './soak-stats.js';

const SEED = 20261123;
const SHARED_POSTS = 3;
const RSS_SAMPLE_MS = 5_000;
const resultsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../results');

function redact(url: string) {
  if (!url) return url;
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.toString();
}

async function main() {
  console.log(
    `Masthead soak: ${config.db === 'pglite' ? `PGlite in ${config.pgliteDir}` : redact(config.soakUrl)}, ` +
      `${config.posts.toLocaleString('en-US')} posts, ${config.connections} connections, ${config.minutes} × ${config.windowMs / 1000} s`,
  );
  ensureServerBuilt();
  const text = writer(SEED);
  const data = await prepareSoakDatabase(config, text);
  const idp = await startIdentityProvider();
  const server = await startServer({
    OIDC_AUTHORITY: idp.issuer,
    DATABASE_POOL_SIZE: String(Math.min(config.connections, 20)),
    ...(config.db === 'pglite' ? { DATA_DIR: config.pgliteDir } : { DATABASE_URL: config.soakUrl }),
  });
  const pid = server.pid!;
  const minutes: MinuteStats[] = [];
  let cleanup: MinuteStats | undefined;
  const recorder = new MinuteRecorder();
  let ready: boolean;
  try {
    const token = await idp.tokenFor(config.email);
    const sharedPosts: string[] = [];
    for (let i = 0; i < SHARED_POSTS; i++) {
      const response = await fetch(`${server.url}/cms/blogs/info?domain=${data.host}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          title: `Shared ${i}`,
          writtenBy: 'Soak',
          editorHtmlContent: '<p>Edited by every connection</p>',
          fields: { client: 'Acme' },
        }),
      });
      if (response.status !== 201)
        throw new Error(`Creating a shared post: ${response.status} ${await response.text()}`);
      sharedPosts.push(((await response.json()) as { id: string }).id);
    }
    console.log(`Server pid ${pid}, RSS at start ${rssMb(pid).toFixed(0)} MiB; loading…`);

    const started = Date.now();
    const end = started + config.minutes * config.windowMs;
    let stop = false;
    const sampler = setInterval(() => recorder.sampleRss(rssMb(pid)), RSS_SAMPLE_MS).unref();
    const timers = Array.from({ length: config.minutes }, (_, i) =>
      setTimeout(
        () => {
          recorder.sampleRss(rssMb(pid));
          const stats = recorder.close(i + 1);
          minutes.push(stats);
          console.log(
            `minute ${stats.minute}: ${stats.requests} requests, ${stats.errors} errors, ${stats.expected} expected 412, ` +
              `p99 ${stats.p99.toFixed(1)} ms, RSS ${stats.rssMb.toFixed(0)} MiB (max ${stats.rssMaxMb.toFixed(0)})`,
          );
          if (i + 1 === config.minutes) stop = true;
        },
        (i + 1) * config.windowMs,
      ).unref(),
    );
    await Promise.all(
      Array.from({ length: config.connections }, () =>
        runConnection({
          url: server.url,
          token,
          data,
          writer: writer(SEED + Math.floor(Math.random() * 1e6)),
          ownPosts: config.ownPostsPerConnection,
          sharedPosts,
          record: (outcome) => recorder.record(outcome),
          until: () => stop || Date.now() >= end + 5_000,
        }),
      ),
    );
    timers.forEach(clearTimeout);
    // The connections' last deletes, after the final minute closed.
    clearInterval(sampler);
    recorder.sampleRss(rssMb(pid));
    cleanup = recorder.close(config.minutes + 1);
    ready = await fetch(`${server.url}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
  } finally {
    await server.stop();
    await idp.close();
    await dropSoakDatabase(config);
  }

  const errors = minutes.reduce((n, m) => n + m.errors, 0) + (cleanup?.errors ?? 0);
  const expected = minutes.reduce((n, m) => n + m.expected, 0) + (cleanup?.expected ?? 0);
  const requests = minutes.reduce((n, m) => n + m.requests, 0);
  const growth = rssGrowth(minutes);
  console.log(`\n${table(minutes)}\n`);
  console.log(
    `${requests.toLocaleString('en-US')} requests in ${(config.minutes * config.windowMs) / 1000} s; errors ${errors}; ` +
      `expected 412 (raced If-Match on the ${SHARED_POSTS} shared posts) ${expected}; ` +
      `RSS growth after minute 2: ${growth === null ? 'n/a (needs 3 minutes or more)' : `${(growth * 100).toFixed(1)} %`}; ` +
      `ready afterwards: ${ready}`,
  );
  const statuses = Object.fromEntries([...recorder.statuses].sort());
  console.log('by action and status:', statuses);
  for (const detail of recorder.details) console.log(`! ${detail}`);

  const failures = [
    ...(errors > 0 ? [`${errors} errors`] : []),
    ...(growth !== null && growth > config.maxRssGrowth
      ? [`RSS grew by ${(growth * 100).toFixed(1)} %`]
      : []),
    ...(ready ? [] : ['the server was not ready after the run']),
  ];
  const cpus = os.cpus();
  const stamp = new Date().toISOString().replace(/[-:]/g, '').replace(/\.\d+/, '');
  mkdirSync(resultsDir, { recursive: true });
  const file = path.join(resultsDir, `soak-${stamp}.json`);
  const { adminUrl: _admin, ...settings } = config;
  writeFileSync(
    file,
    JSON.stringify(
      {
        date: new Date().toISOString(),
        machine: { cores: cpus.length, cpu: cpus[0]?.model.trim(), node: process.version },
        settings: { ...settings, soakUrl: redact(settings.soakUrl) },
        minutes,
        cleanup,
        totals: { requests, errors, expected, rssGrowth: growth, ready },
        statuses,
        errorSamples: recorder.details,
        passed: failures.length === 0,
      },
      null,
      2,
    ),
  );
  console.log(`Results: ${path.relative(process.cwd(), file)}`);
  if (failures.length > 0) {
    console.error(`SOAK FAILED: ${failures.join('; ')}`);
    process.exitCode = 1;
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
