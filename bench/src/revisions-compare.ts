import { sql } from 'kysely';
import { config } from './config.js';
import { openDatabase } from './database.js';
import { watchDatabaseCpu, type DatabaseCpu } from './database-cpu.js';
import { measureApi, preflight, type RunOptions, type Stats } from './measure.js';
import type { Scenario } from './scenarios.js';
import { startServer } from './server-process.js';

/**
 * Issue 23's performance rule: the save scenarios at a million posts with revisions on stay within
 * 15 % of their speed without them, both measured in one run (decision 052). "mixed writes" holds
 * the update, and the workflow changes whose events the history keeps too.
 */
export const SAVE_SCENARIOS = ['create, then delete', 'mixed writes'];

export interface RevisionTurn {
  revisions: 'on' | 'off';
  round: number;
  /** Revisions written while this turn's server ran (from post_revisions' identity). */
  written: number;
  stats: Record<string, Stats>;
}

export interface RevisionComparison {
  name: string;
  on: Summary;
  off: Summary;
  /** on/off throughput: 0.85 is the issue's bound. */
  ratio: number;
  /** on/off server CPU per request. */
  cpuRatio: number;
  /**
   * on/off CPU per request of the server and the database together: on a machine whose cores are
   * all busy, what a request costs, and steadier than req/s when other work comes and goes.
   */
  totalCpuRatio: number;
  /** on/off throughput of each round's two turns, which ran next to each other. */
  roundRatios: number[];
  /** Their median: steadier than the ratio of the means when the machine's load moves. */
  medianRoundRatio: number;
  /** on/off server + database CPU per request of each round, and their median. */
  roundCpuRatios: number[];
  medianRoundCpuRatio: number;
}

interface Summary {
  rps: number;
  p50: number;
  p99: number;
  failures: number;
  cpuUsPerRequest: number;
  /** NaN when the database's CPU was not measured (PGlite, or a PostgreSQL on another machine). */
  dbCpuUsPerRequest: number;
}

/** The last seq post_revisions handed out: a turn with revisions off must not move it. */
async function revisionsWritten() {
  const db = openDatabase(config, 1);
  try {
    const { rows } = await sql<{ n: string | null }>`
      select pg_sequence_last_value(pg_get_serial_sequence('post_revisions', 'seq')::regclass)::text as n`.execute(
      db,
    );
    return Number(rows[0]?.n ?? 0);
  } finally {
    await db.destroy();
  }
}

const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / Math.max(1, values.length);
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : ((sorted[mid - 1] ?? NaN) + (sorted[mid] ?? NaN)) / 2;
};

function summarize(all: Stats[]): Summary {
  return {
    rps: mean(all.map((s) => s.rps)),
    // The mean of each turn's percentile: the turns are equally long.
    p50: mean(all.map((s) => s.p50)),
    p99: mean(all.map((s) => s.p99)),
    failures: all.reduce((n, s) => n + s.failures, 0),
    cpuUsPerRequest: mean(all.map((s) => s.cpuUsPerRequest ?? NaN)),
    dbCpuUsPerRequest: mean(all.map((s) => s.dbCpuUsPerRequest ?? NaN)),
  };
}

interface TurnSettings {
  saves: Scenario[];
  serverEnv: Record<string, string>;
  token: string;
  run: RunOptions;
  databaseCpu: DatabaseCpu | undefined;
}

/** The rounds, each a turn of a server with REVISIONS=on and one with =off over every save scenario. */
async function runTurns(
  { saves, serverEnv, token, run, databaseCpu }: TurnSettings,
  turns: RevisionTurn[],
  problems: string[],
) {
  for (let round = 0; round < config.revisionRounds; round++) {
    const order = round % 2 === 0 ? (['on', 'off'] as const) : (['off', 'on'] as const);
    for (const revisions of order) {
      const before = await revisionsWritten();
      const server = await startServer({ ...serverEnv, REVISIONS: revisions });
      const stats: Record<string, Stats> = {};
      try {
        for (const scenario of saves) {
          await preflight(server.url, token, scenario);
          process.stdout.write(`REVISIONS=${revisions.padEnd(3)} ${scenario.name} (round ${round + 1})… `);
          const result = await measureApi(server.url, token, scenario.steps, run, server.pid, databaseCpu);
          stats[scenario.name] = result;
          console.log(
            `${result.rps.toFixed(0)} req/s` +
              `${result.failures ? ` (${result.failures} failed: ${result.detail})` : ''}`,
          );
        }
      } finally {
        await server.stop();
      }
      const written = (await revisionsWritten()) - before;
      turns.push({ revisions, round, written, stats });
      if (revisions === 'off' && written !== 0)
        problems.push(`REVISIONS=off wrote ${written} revisions: the server ignored the switch`);
      if (revisions === 'on' && written === 0) problems.push('REVISIONS=on wrote no revision');
    }
  }
}

/**
 * Runs the selected save scenarios through a server with REVISIONS=on and one with REVISIONS=off,
 * one server at a time, in turns on/off, off/on, … (ABBA), so that what drifts over the run (dead
 * rows, autovacuum, the machine's other load) weighs on both sides alike. Each turn's revision
 * count is checked: a server that ignored the switch would compare on with on.
 */
export async function compareRevisions(
  selected: Scenario[],
  serverEnv: Record<string, string>,
  token: string,
  run: RunOptions,
) {
  const saves = selected.filter((s) => SAVE_SCENARIOS.includes(s.name));
  const turns: RevisionTurn[] = [];
  const problems: string[] = [];
  if (saves.length === 0 || config.revisionRounds === 0) return { turns, comparisons: [], problems };
  const databaseCpu = config.db === 'postgres' ? await watchDatabaseCpu(config.benchUrl) : undefined;
  try {
    await runTurns({ saves, serverEnv, token, run, databaseCpu }, turns, problems);
  } finally {
    await databaseCpu?.close();
  }
  const comparisons: RevisionComparison[] = saves.map(({ name }) => {
    const of = (side: 'on' | 'off') =>
      summarize(turns.filter((t) => t.revisions === side).flatMap((t) => t.stats[name] ?? []));
    const on = of('on');
    const off = of('off');
    for (const [side, s] of [
      ['on', on],
      ['off', off],
    ] as const) {
      if (s.failures) problems.push(`${name}: REVISIONS=${side}: ${s.failures} failed`);
    }
    const stats = (round: number, side: 'on' | 'off') =>
      turns.find((t) => t.round === round && t.revisions === side)?.stats[name];
    const rps = (round: number, side: 'on' | 'off') => stats(round, side)?.rps ?? NaN;
    const cpu = (round: number, side: 'on' | 'off') =>
      (stats(round, side)?.cpuUsPerRequest ?? NaN) + (stats(round, side)?.dbCpuUsPerRequest ?? NaN);
    const rounds = Array.from({ length: config.revisionRounds }, (_, r) => r);
    const roundRatios = rounds.map((r) => rps(r, 'on') / rps(r, 'off'));
    const roundCpuRatios = rounds.map((r) => cpu(r, 'on') / cpu(r, 'off'));
    return {
      name,
      on,
      off,
      ratio: on.rps / off.rps,
      cpuRatio: on.cpuUsPerRequest / off.cpuUsPerRequest,
      totalCpuRatio:
        (on.cpuUsPerRequest + on.dbCpuUsPerRequest) / (off.cpuUsPerRequest + off.dbCpuUsPerRequest),
      roundRatios,
      medianRoundRatio: median(roundRatios),
      roundCpuRatios,
      medianRoundCpuRatio: median(roundCpuRatios),
    };
  });
  return { turns, comparisons, problems };
}

const f = (n: number, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : '-');

/** The lines under the main table: each save scenario with and without revisions, and the ratio. */
export function comparisonLines(comparisons: RevisionComparison[], rounds: number) {
  if (comparisons.length === 0) return [];
  const side = (s: Summary) =>
    `${f(s.rps, 0)} req/s, p50 ${f(s.p50)} ms, p99 ${f(s.p99)} ms, CPU/req ${f(config.smoke ? NaN : s.cpuUsPerRequest, 0)} µs ` +
    `server + ${f(config.smoke ? NaN : s.dbCpuUsPerRequest, 0)} µs database`;
  return [
    `Revisions (issue 23, decision 052): the save scenarios through a server with REVISIONS=on and one with ` +
      `REVISIONS=off, ${rounds} round${rounds === 1 ? '' : 's'} of one turn each, in ABBA order; means over the turns.`,
    ...comparisons.map(
      (c) =>
        `  ${c.name}: on ${side(c.on)}; off ${side(c.off)}; ` +
        (config.smoke
          ? 'on/off not measured (smoke).'
          : `on/off throughput ${f(c.ratio, 3)} (${f((1 - c.ratio) * 100)} % slower; the issue allows 15 %), ` +
            `each round's ${c.roundRatios.map((r) => f(r, 2)).join(' ')} (median ${f(c.medianRoundRatio, 3)}), ` +
            `CPU per request on/off ${f(c.cpuRatio, 3)} (server), ${f(c.totalCpuRatio, 3)} (server + database; ` +
            `each round's ${c.roundCpuRatios.map((r) => f(r, 2)).join(' ')}, median ${f(c.medianRoundCpuRatio, 3)}).`),
    ),
  ];
}
