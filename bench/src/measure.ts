import autocannon from 'autocannon';
import type { Db } from '../../apps/server/src/db/database.js';
import { cpuBetween, type DatabaseCpu } from './database-cpu.js';
import { sampleRss, treeCpuSeconds } from './rss.js';
import type { Context, Scenario, Step } from './scenarios.js';

export interface Stats {
  /** Completed requests (or SQL sequences) per second. */
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  /** Errors: non-2xx answers plus socket errors and timeouts (API), or thrown errors (SQL). */
  failures: number;
  /** The API's errors by kind. */
  errors?: { non2xx: number; socket: number; timeouts: number };
  /** The server's peak resident set over the scenario, all its processes together (API only). */
  rssPeakMb?: number;
  /**
   * CPU time (user and system) per request over the measured seconds: the server's processes for
   * the API, the bench's own process (the pg client's side) for the raw SQL. Steadier than req/s
   * on a shared machine, since it does not count time spent waiting for a core.
   */
  cpuUsPerRequest?: number;
  /** The PostgreSQL backends' CPU time per request, when measured (database-cpu.ts). */
  dbCpuUsPerRequest?: number;
  detail?: string;
}

export interface RunOptions {
  connections: number;
  seconds: number;
  warmupSeconds: number;
}

function summarize(latencies: number[], seconds: number, failures: number, detail?: string): Stats {
  const sorted = Float64Array.from(latencies).sort();
  const at = (p: number) => sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
  return {
    rps: latencies.length / seconds,
    p50: at(50),
    p99: at(99),
    requests: latencies.length,
    failures,
    detail,
  };
}

/**
 * The raw-SQL ceiling: `connections` workers each run the scenario's SQL in a loop over one pool
 * of that size, for the same duration; every step's latency is recorded as one request.
 */
export async function measureSql(db: Db, steps: Step[], options: RunOptions): Promise<Stats> {
  const latencies: number[] = [];
  let failures = 0;
  let firstError: unknown;
  async function worker(until: number, record: boolean) {
    while (performance.now() < until) {
      const context: Context = {};
      for (const step of steps) {
        const t0 = performance.now();
        try {
          await step.sql(db, context);
        } catch (error) {
          failures++;
          firstError ??= error;
          break;
        }
        if (record) latencies.push(performance.now() - t0);
      }
    }
  }
  const run = (seconds: number, record: boolean) => {
    const until = performance.now() + seconds * 1000;
    return Promise.all(Array.from({ length: options.connections }, () => worker(until, record)));
  };
  if (options.warmupSeconds > 0) await run(options.warmupSeconds, false);
  failures = 0;
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  await run(options.seconds, true);
  const cpu = process.cpuUsage(cpuBefore);
  const detail = firstError ? String(firstError) : undefined;
  const stats = summarize(latencies, (performance.now() - started) / 1000, failures, detail);
  return { ...stats, cpuUsPerRequest: (cpu.user + cpu.system) / Math.max(1, latencies.length) };
}

/** Each step's SQL once, in order (the smoke bench checks that the twins run, not how fast). */
export async function runSqlOnce(db: Db, steps: Step[]): Promise<Stats> {
  const context: Context = {};
  const latencies: number[] = [];
  const started = performance.now();
  try {
    for (const step of steps) {
      const t0 = performance.now();
      await step.sql(db, context);
      latencies.push(performance.now() - t0);
    }
  } catch (error) {
    return summarize(latencies, (performance.now() - started) / 1000, 1, String(error));
  }
  return summarize(latencies, (performance.now() - started) / 1000, 0);
}

/**
 * The API through autocannon, with the same connections and duration; latencies of 2xx answers.
 * The server's resident set (serverPid and its children) is sampled every 250 ms meanwhile.
 */
export async function measureApi(
  url: string,
  token: string,
  steps: Step[],
  options: RunOptions,
  serverPid?: number,
  databaseCpu?: DatabaseCpu,
): Promise<Stats> {
  const latencies: number[] = [];
  const instance = autocannon({
    url,
    connections: options.connections,
    duration: options.seconds,
    timeout: 30,
    headers: { authorization: `Bearer ${token}` },
    requests: steps.map((s) => s.request),
    ...(options.warmupSeconds > 0
      ? { warmup: { connections: options.connections, duration: options.warmupSeconds } }
      : {}),
  });
  // The main run's answers and the server's CPU time over them (the warm-up's are not counted).
  let answered = 0;
  let cpuAtStart = NaN;
  let dbAtStart = new Map<number, number>();
  instance.on('start', () => {
    cpuAtStart = serverPid === undefined ? NaN : treeCpuSeconds(serverPid);
    dbAtStart = databaseCpu?.read() ?? dbAtStart;
  });
  // A revalidation scenario is answered by 304s: those count as answers, not failures.
  const accepts304 = steps.some((step) => step.notModified);
  let refused = 0;
  instance.on('response', (_client, status, _bytes, milliseconds) => {
    answered++;
    if ((status >= 200 && status < 300) || (accepts304 && status === 304)) latencies.push(milliseconds);
    else refused++;
  });
  const rss = sampleRss(serverPid);
  const result = await instance;
  const rssPeakMb = rss.stop();
  const cpuSeconds = serverPid === undefined ? NaN : treeCpuSeconds(serverPid) - cpuAtStart;
  const cpuUsPerRequest = (cpuSeconds * 1e6) / Math.max(1, answered);
  const dbCpuUsPerRequest = databaseCpu
    ? (cpuBetween(dbAtStart, databaseCpu.read()) * 1e6) / Math.max(1, answered)
    : undefined;
  const non2xx = accepts304 ? refused : result.non2xx;
  // autocannon counts timeouts among its errors too.
  const errors = {
    non2xx,
    socket: result.errors - result.timeouts,
    timeouts: result.timeouts,
  };
  const failures = non2xx + result.errors;
  const codes = Object.entries(result.statusCodeStats)
    .map(([code, { count }]) => `${code}×${count}`)
    .join(' ');
  const detail =
    failures > 0
      ? `status ${codes}${result.errors > 0 ? `, ${errors.socket} socket errors, ${errors.timeouts} timeouts` : ''}`
      : undefined;
  return {
    ...summarize(latencies, result.duration, failures, detail),
    errors,
    rssPeakMb,
    cpuUsPerRequest,
    ...(dbCpuUsPerRequest === undefined ? {} : { dbCpuUsPerRequest }),
  };
}

/**
 * One pass through a scenario with fetch, so that a misconfigured run fails before measuring.
 * Returns the last answer's body.
 */
export async function preflight(url: string, token: string, scenario: Scenario): Promise<unknown> {
  const context: Context = {};
  let last: unknown;
  for (const step of scenario.steps) {
    const { request } = step;
    const built = request.setupRequest ? request.setupRequest({ ...request }, context) : request;
    if (!built) throw new Error(`${scenario.name}: the request sequence restarted`);
    const response = await fetch(url + built.path, {
      method: built.method ?? 'GET',
      headers: { authorization: `Bearer ${token}`, ...built.headers },
      ...(built.body ? { body: built.body } : {}),
    });
    const body = await response.text();
    if (!response.ok && !(response.status === 304 && step.notModified))
      throw new Error(`${scenario.name}: ${built.method} ${built.path} answered ${response.status} ${body}`);
    request.onResponse?.(response.status, body, context, Object.fromEntries(response.headers));
    last = body ? JSON.parse(body) : undefined;
  }
  return last;
}
