import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { config } from './config.js';
import { cleanUp, loadDataset, openDatabase, prepareDatabase, vacuumPosts } from './database.js';
import { startIdentityProvider } from './identity-provider.js';
import { measureApi, measureSql, preflight, runSqlOnce, type RunOptions, type Stats } from './measure.js';
import { compareRevisions, comparisonLines } from './revisions-compare.js';
import type { Scenario } from './scenarios.js';
import { scenarios as allScenarios } from './scenarios.js';
import { prepareDelivery } from './delivery-scenarios.js';
import { benchImages, imageLines, type ImageFigures } from './images-bench.js';
import { ensureServerBuilt, floorEntry, startServer } from './server-process.js';
import { writer, type Writer } from './text.js';

const SEED = 20261121;
const resultsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../results');

interface TotalCheck {
  expected: number;
  actual?: number;
  /** The answer said its total is an estimate (a search above the exact bound): not compared. */
  estimate?: boolean;
}

/** Compares a list's totalEntries with the count the bench made; a message when they differ. */
function checkTotal(name: string, check: TotalCheck, body: unknown): string | undefined {
  const answer = body as { totalEntries?: unknown; totalEntriesIsEstimate?: unknown } | undefined;
  check.actual = typeof answer?.totalEntries === 'number' ? answer.totalEntries : undefined;
  check.estimate = answer?.totalEntriesIsEstimate === true;
  if (check.estimate || check.actual === check.expected) return undefined;
  return `${name}: totalEntries ${String(check.actual)}, but count(*) says ${check.expected}`;
}

/** A database URL without its password, for the console and the results file. */
function redact(url: string) {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.toString();
}

const f = (n: number, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : '-');

interface Row {
  name: string;
  api?: Stats;
  sql?: Stats;
  /** The same requests through the bare floor server (get by id only; decision 031). */
  floor?: Stats;
  total?: TotalCheck;
}

/** The scenario the floor server answers (bench/src/floor-server.ts). */
const FLOOR_SCENARIO = 'get by id';

/**
 * Get by id through the floor server: the twin's two repository calls behind a bare node:http
 * server, with the same autocannon settings as the API. Returns undefined when not measured.
 */
async function measureFloor(scenario: Scenario, run: RunOptions): Promise<Stats | undefined> {
  if (!config.floor || config.db !== 'postgres' || scenario.name !== FLOOR_SCENARIO) return undefined;
  const floor = await startServer(
    {
      DATABASE_URL: config.benchUrl,
      DATABASE_POOL_SIZE: String(config.connections),
      DATABASE_PREPARED_STATEMENTS: config.preparedStatements ? '1' : '0',
      FLOOR_EMAIL: config.email,
    },
    floorEntry,
  );
  try {
    await preflight(floor.url, 'none', scenario);
    process.stdout.write(`FLOOR ${scenario.name}… `);
    const stats = await measureApi(floor.url, 'none', scenario.steps, run, floor.pid);
    console.log(
      `${f(stats.rps, 0)} req/s${stats.failures ? ` (${stats.failures} failed: ${stats.detail})` : ''}`,
    );
    return stats;
  } finally {
    await floor.stop();
  }
}

/** The floor's line under the table: what a bare Node server reaches, and the API against it. */
function floorLine({ name, api, sql, floor }: Row) {
  if (!floor) return undefined;
  const vsSql = sql && !config.smoke ? f(floor.rps / sql.rps, 2) : '-';
  const apiVsFloor = api && !config.smoke ? f(api.rps / floor.rps, 2) : '-';
  return (
    `Floor (${name} through a bare node:http server with the same two repository calls, no framework, ` +
    `no token check; decision 031): ${f(floor.rps, 0)} req/s, p99 ${f(floor.p99)} ms, ` +
    `${f(config.smoke ? NaN : (floor.cpuUsPerRequest ?? NaN), 0)} µs of CPU per request, ${floor.failures} errors; ` +
    `floor/SQL ${vsSql}, API/floor ${apiVsFloor}.`
  );
}

function table(rows: Row[]) {
  const header = [
    'scenario',
    'API req/s',
    'API p50 ms',
    'API p99 ms',
    'API err',
    'RSS MB',
    'API CPU µs',
    'SQL req/s',
    'SQL p50',
    'SQL p99',
    'SQL err',
    'SQL CPU µs',
    'API/SQL',
  ];
  const count = (n: number | undefined) => (n === undefined ? '-' : String(n));
  const lines = rows.map(({ name, api, sql }) => [
    name,
    f(api?.rps ?? NaN, 0),
    f(api?.p50 ?? NaN),
    f(api?.p99 ?? NaN),
    count(api?.failures),
    f(api?.rssPeakMb ?? NaN, 0),
    f(config.smoke ? NaN : (api?.cpuUsPerRequest ?? NaN), 0),
    // The smoke bench runs each twin once: its SQL timings mean nothing.
    f(config.smoke ? NaN : (sql?.rps ?? NaN), 0),
    f(config.smoke ? NaN : (sql?.p50 ?? NaN)),
    f(config.smoke ? NaN : (sql?.p99 ?? NaN)),
    count(sql?.failures),
    f(config.smoke ? NaN : (sql?.cpuUsPerRequest ?? NaN), 0),
    api && sql && !config.smoke ? f(api.rps / sql.rps, 2) : '-',
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => (l[i] ?? '').length)));
  const row = (cells: string[]) =>
    `| ${cells.map((c, i) => (i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join(' | ')} |`;
  return [
    row(header),
    `|${widths.map((w, i) => (i === 0 ? '-' : '') + '-'.repeat(w + 1) + (i === 0 ? '' : ':')).join('|')}|`,
    ...lines.map(row),
  ].join('\n');
}

async function main() {
  console.log(
    `Masthead bench${config.smoke ? ' (smoke: correctness only)' : ''}: ` +
      `${config.db === 'pglite' ? `PGlite in ${config.pgliteDir}` : redact(config.benchUrl)}, ` +
      `${config.posts.toLocaleString('en-US')} posts, ${config.connections} connections, ` +
      `${config.processes} server process${config.processes === 1 ? '' : 'es'}, ` +
      `${config.seconds} s per scenario (+${config.warmupSeconds} s warm-up)`,
  );
  ensureServerBuilt();
  const text = writer(SEED);
  const filled = await prepareDatabase(config, text);
  try {
    await benchmark(text, filled);
  } finally {
    await cleanUp(config);
  }
}

async function benchmark(text: Writer, filled: Awaited<ReturnType<typeof prepareDatabase>>) {
  const cpus = os.cpus();
  const db = openDatabase(config, config.connections);
  // Every search scenario's name starts with "search, ".
  const searching =
    config.only.length === 0 || config.only.some((p) => 'search, '.startsWith(p) || p.startsWith('search'));
  const data = await loadDataset(db, text, searching);
  const matches = Object.entries(data.searches.matches).map(
    ([s, n]) => `"${s}" ${n.toLocaleString('en-US')}`,
  );
  console.log(
    `Domain ${data.host}: ${data.domainPosts.toLocaleString('en-US')} of ${data.posts.toLocaleString('en-US')} posts` +
      (matches.length > 0 ? `; search matches in it: ${matches.join(', ')}` : ''),
  );
  const delivery = await prepareDelivery(db, data);
  const selected = allScenarios(data, writer(SEED + 1), config.email, delivery).filter(
    (s) => config.only.length === 0 || config.only.some((name) => s.name.startsWith(name)),
  );
  const run: RunOptions = config;
  const results: Row[] = selected.map((s) => ({ name: s.name }));

  // The SQL ceiling first: with PGlite the server needs the database to itself.
  for (const [i, scenario] of selected.entries()) {
    process.stdout.write(`SQL  ${scenario.name}… `);
    const stats = config.smoke
      ? await runSqlOnce(db, scenario.steps)
      : await measureSql(db, scenario.steps, run);
    results[i]!.sql = stats;
    console.log(
      `${config.smoke ? 'ran once' : `${f(stats.rps, 0)} req/s`}` +
        `${stats.failures ? ` (${stats.failures} failed: ${stats.detail})` : ''}`,
    );
  }
  // The lists' right totals, counted now: the SQL writes above leave nothing behind, and the API's
  // write scenarios (which may) run after its lists.
  for (const [i, scenario] of selected.entries()) {
    if (scenario.expectedTotal) results[i]!.total = { expected: await scenario.expectedTotal(db) };
  }
  // The API's lists start from the state the SQL's lists had, without the SQL writes' dead rows.
  await vacuumPosts(db);
  await db.destroy();

  const problems: string[] = [];
  const idp = await startIdentityProvider();
  const serverEnv = {
    OIDC_AUTHORITY: idp.issuer,
    // The pool size is per process: all processes together hold as many connections as the raw SQL.
    DATABASE_POOL_SIZE: String(Math.ceil(config.connections / config.processes)),
    // The public endpoints read through their own pool (decision 058): as many connections, so that
    // a delivery scenario has what it had when it shared the back office's.
    DELIVERY_POOL_SIZE: String(Math.ceil(config.connections / config.processes)),
    WEB_CONCURRENCY: String(config.processes),
    DATABASE_PREPARED_STATEMENTS: config.preparedStatements ? '1' : '0',
    ...(config.listCacheMb !== undefined ? { LIST_CACHE_MB: String(config.listCacheMb) } : {}),
    ...(config.db === 'pglite' ? { DATA_DIR: config.pgliteDir } : { DATABASE_URL: config.benchUrl }),
  };
  const token = await idp.tokenFor(config.email);
  const server = await startServer(serverEnv);
  try {
    for (const [i, scenario] of selected.entries()) {
      const body = await preflight(server.url, token, scenario);
      const total = results[i]!.total;
      const wrong = total ? checkTotal(scenario.name, total, body) : undefined;
      if (wrong) problems.push(wrong);
      process.stdout.write(`API  ${scenario.name}… `);
      const stats = await measureApi(server.url, token, scenario.steps, run, server.pid);
      results[i]!.api = stats;
      console.log(
        `${f(stats.rps, 0)} req/s` +
          `${total ? `, totalEntries ${String(total.actual)}${total.estimate ? ' (estimate)' : ''}` : ''}` +
          `${stats.failures ? ` (${stats.failures} failed: ${stats.detail})` : ''}`,
      );
    }
  } finally {
    await server.stop();
  }
  // After the main server has stopped: a server of its own for the image figures (issue 31).
  let images: ImageFigures | undefined;
  if (config.images) {
    const imageDb = openDatabase(config, 2);
    try {
      images = await benchImages({
        serverEnv,
        token,
        host: data.host,
        db: imageDb,
        smoke: config.smoke,
        seconds: config.seconds,
        connections: config.connections,
      });
    } finally {
      await imageDb.destroy();
    }
    if (images.firstRequests.other > 0)
      problems.push(`images: ${images.firstRequests.other} first requests failed`);
    if (images.made.failures > 0)
      problems.push(`images: a made variant failed ${images.made.failures} times`);
    if (images.staticFile.failures > 0)
      problems.push(`images: the static file failed ${images.staticFile.failures} times`);
  }
  // Its servers, with and without revisions, run one at a time.
  const revisions = await compareRevisions(selected, serverEnv, token, run).finally(() => idp.close());
  problems.push(...revisions.problems);
  // After the server has stopped, so that the two never share the machine.
  for (const [i, scenario] of selected.entries()) results[i]!.floor = await measureFloor(scenario, run);

  console.log(`\n${table(results)}\n`);
  for (const line of results.map(floorLine)) if (line) console.log(`${line}\n`);
  if (images) console.log(`${imageLines(images).join('\n')}\n`);
  const revisionLines = comparisonLines(revisions.comparisons, config.revisionRounds);
  if (revisionLines.length > 0) console.log(`${revisionLines.join('\n')}\n`);
  console.log(
    `${cpus.length} cores (${cpus[0]?.model.trim() ?? 'unknown CPU'}). Every figure comes from one run on a noisy ` +
      `machine (this one has ${cpus.length} cores shared by autocannon, the server and the database): ` +
      'compare the API/SQL ratios, not absolute numbers. req/s counts single requests (create and delete are two); ' +
      'SQL runs the same repository calls, membership check included, over a pool of the same size. ' +
      'err counts non-2xx answers and socket errors (API) or thrown errors (SQL); RSS MB is the peak resident set ' +
      'of the server, all its processes together, sampled every 250 ms. CPU µs is CPU time per request over the ' +
      "measured seconds: the server's processes (API) or the bench's own process, the pg client's side (SQL).",
  );
  if (filled) {
    console.log(
      `Fill: ${config.posts.toLocaleString('en-US')} posts in ${filled.seconds.toFixed(0)} s ` +
        `(${f(filled.postsPerSecond, 0)} posts/s overall).`,
    );
  }
  for (const { name, api, sql, floor } of results) {
    if (api?.failures) problems.push(`${name}: API ${api.failures} failed (${api.detail})`);
    if (sql?.failures) problems.push(`${name}: SQL ${sql.failures} failed (${sql.detail})`);
    if (floor?.failures) problems.push(`${name}: floor ${floor.failures} failed (${floor.detail})`);
  }
  for (const problem of problems) console.log(`! ${problem}`);
  // Not an error (nothing failed), but the scenario measured nothing: every request outlasted the run.
  for (const { name, api } of results) {
    if (api && api.requests === 0) console.log(`! ${name}: no API request completed in ${config.seconds} s`);
  }

  const stamp = new Date().toISOString().replace(/[-:]/g, '').replace(/\.\d+/, '');
  mkdirSync(resultsDir, { recursive: true });
  const file = path.join(resultsDir, `${config.smoke ? 'smoke-' : ''}${stamp}.json`);
  const machine = {
    cores: cpus.length,
    cpu: cpus[0]?.model.trim(),
    memoryGb: os.totalmem() / 2 ** 30,
    node: process.version,
    loadAverage: os.loadavg(),
  };
  const { adminUrl: _admin, ...settings } = config;
  writeFileSync(
    file,
    JSON.stringify(
      {
        date: new Date().toISOString(),
        machine,
        settings: { ...settings, benchUrl: redact(settings.benchUrl) },
        // null when BENCH_REUSE=1 kept an earlier fill.
        fill: filled,
        dataset: {
          ...data,
          idPool: data.idPool.length,
          tagIds: data.tagIds.length,
          categoryIds: data.categoryIds.length,
        },
        scenarios: results.map((r) => ({
          ...r,
          ratio: r.api && r.sql ? r.api.rps / r.sql.rps : null,
          ...(r.floor && r.sql ? { floorRatio: r.floor.rps / r.sql.rps } : {}),
          ...(r.floor && r.api ? { apiToFloor: r.api.rps / r.floor.rps } : {}),
        })),
        revisions: { rounds: config.revisionRounds, ...revisions },
        images: images ?? null,
        problems,
        passed: problems.length === 0,
      },
      null,
      2,
    ),
  );
  console.log(`Results: ${path.relative(process.cwd(), file)}`);
  if (problems.length > 0) {
    console.error(`BENCH FAILED: ${problems.length} problem${problems.length === 1 ? '' : 's'} (above)`);
    process.exitCode = 1;
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
