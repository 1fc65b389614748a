import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { config } from './config.js';
import { loadDataset, openDatabase, prepareDatabase } from './database.js';
import { startIdentityProvider } from './identity-provider.js';
import { measureApi, measureSql, type RunOptions, type Stats } from './measure.js';
import type { Context, Scenario } from './scenarios.js';
import { scenarios as allScenarios } from './scenarios.js';
import { ensureServerBuilt, startServer } from './server-process.js';
import { writer } from './text.js';

const SEED = 20261121;
const resultsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../results');

/** One pass through a scenario with fetch, so that a misconfigured run fails before measuring. */
async function preflight(url: string, token: string, scenario: Scenario) {
  const context: Context = {};
  for (const { request } of scenario.steps) {
    const built = request.setupRequest ? request.setupRequest({ ...request }, context) : request;
    if (!built) throw new Error(`${scenario.name}: the request sequence restarted`);
    const response = await fetch(url + built.path, {
      method: built.method ?? 'GET',
      headers: { authorization: `Bearer ${token}`, ...built.headers },
      ...(built.body ? { body: built.body } : {}),
    });
    const body = await response.text();
    if (!response.ok)
      throw new Error(`${scenario.name}: ${built.method} ${built.path} answered ${response.status} ${body}`);
    request.onResponse?.(response.status, body, context);
  }
}

/** A database URL without its password, for the console and the results file. */
function redact(url: string) {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.toString();
}

const f = (n: number, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : '-');

function table(rows: { name: string; api?: Stats; sql?: Stats }[]) {
  const header = [
    'scenario',
    'API req/s',
    'API p50 ms',
    'API p99 ms',
    'SQL req/s',
    'SQL p50',
    'SQL p99',
    'API/SQL',
  ];
  const lines = rows.map(({ name, api, sql }) => [
    name,
    f(api?.rps ?? NaN, 0),
    f(api?.p50 ?? NaN),
    f(api?.p99 ?? NaN),
    f(sql?.rps ?? NaN, 0),
    f(sql?.p50 ?? NaN),
    f(sql?.p99 ?? NaN),
    api && sql ? f(api.rps / sql.rps, 2) : '-',
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
  const cpus = os.cpus();
  console.log(
    `Masthead bench: ${config.db === 'pglite' ? `PGlite in ${config.pgliteDir}` : redact(config.benchUrl)}, ` +
      `${config.posts.toLocaleString('en-US')} posts, ${config.connections} connections, ` +
      `${config.seconds} s per scenario (+${config.warmupSeconds} s warm-up)`,
  );
  ensureServerBuilt();
  const text = writer(SEED);
  const filled = await prepareDatabase(config, text);

  const db = openDatabase(config, config.connections);
  const data = await loadDataset(db, text);
  console.log(
    `Domain ${data.host}: ${data.domainPosts.toLocaleString('en-US')} of ${data.posts.toLocaleString('en-US')} posts; ` +
      `search matches in it: ${Object.entries(data.searches.matches)
        .map(([s, n]) => `"${s}" ${n.toLocaleString('en-US')}`)
        .join(', ')}`,
  );
  const selected = allScenarios(data, writer(SEED + 1), config.email).filter(
    (s) => config.only.length === 0 || config.only.some((name) => s.name.startsWith(name)),
  );
  const run: RunOptions = config;
  const results: { name: string; api?: Stats; sql?: Stats }[] = selected.map((s) => ({ name: s.name }));

  // The SQL ceiling first: with PGlite the server needs the database to itself.
  for (const [i, scenario] of selected.entries()) {
    process.stdout.write(`SQL  ${scenario.name}… `);
    const stats = await measureSql(db, scenario.steps, run);
    results[i]!.sql = stats;
    console.log(
      `${f(stats.rps, 0)} req/s${stats.failures ? ` (${stats.failures} failed: ${stats.detail})` : ''}`,
    );
  }
  await db.destroy();

  const idp = await startIdentityProvider();
  const server = await startServer({
    OIDC_AUTHORITY: idp.issuer,
    DATABASE_POOL_SIZE: String(config.connections),
    ...(config.db === 'pglite' ? { DATA_DIR: config.pgliteDir } : { DATABASE_URL: config.benchUrl }),
  });
  try {
    const token = await idp.tokenFor(config.email);
    for (const [i, scenario] of selected.entries()) {
      await preflight(server.url, token, scenario);
      process.stdout.write(`API  ${scenario.name}… `);
      const stats = await measureApi(server.url, token, scenario.steps, run);
      results[i]!.api = stats;
      console.log(
        `${f(stats.rps, 0)} req/s${stats.failures ? ` (${stats.failures} failed: ${stats.detail})` : ''}`,
      );
    }
  } finally {
    await server.stop();
    await idp.close();
  }

  console.log(`\n${table(results)}\n`);
  console.log(
    `${cpus.length} cores (${cpus[0]?.model.trim() ?? 'unknown CPU'}). Every figure comes from one run on a noisy ` +
      `machine (this one has ${cpus.length} cores shared by autocannon, the server and the database): ` +
      'compare the API/SQL ratios, not absolute numbers. req/s counts single requests (create and delete are two); ' +
      'SQL runs the same repository calls, membership check included, over a pool of the same size.',
  );
  for (const { name, api, sql } of results) {
    if (api?.failures) console.log(`! ${name}: API ${api.failures} failed (${api.detail})`);
    if (sql?.failures) console.log(`! ${name}: SQL ${sql.failures} failed (${sql.detail})`);
  }

  const stamp = new Date().toISOString().replace(/[-:]/g, '').replace(/\.\d+/, '');
  mkdirSync(resultsDir, { recursive: true });
  const file = path.join(resultsDir, `${stamp}.json`);
  const machine = {
    cores: cpus.length,
    cpu: cpus[0]?.model.trim(),
    memoryGb: os.totalmem() / 2 ** 30,
    node: process.version,
  };
  const { adminUrl: _admin, ...settings } = config;
  writeFileSync(
    file,
    JSON.stringify(
      {
        date: new Date().toISOString(),
        machine,
        settings: { ...settings, benchUrl: redact(settings.benchUrl) },
        fill: filled,
        dataset: {
          ...data,
          idPool: data.idPool.length,
          tagIds: data.tagIds.length,
          categoryIds: data.categoryIds.length,
        },
        scenarios: results.map((r) => ({ ...r, ratio: r.api && r.sql ? r.api.rps / r.sql.rps : null })),
      },
      null,
      2,
    ),
  );
  console.log(`Results: ${path.relative(process.cwd(), file)}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
