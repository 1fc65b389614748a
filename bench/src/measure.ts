import autocannon from 'autocannon';
import type { Db } from '../../apps/server/src/db/database.js';
import type { Context, Step } from './scenarios.js';

export interface Stats {
  /** Completed requests (or SQL sequences) per second. */
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  failures: number;
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
  await run(options.seconds, true);
  const detail = firstError ? String(firstError) : undefined;
  return summarize(latencies, (performance.now() - started) / 1000, failures, detail);
}

/** The API through autocannon, with the same connections and duration; latencies of 2xx answers. */
export async function measureApi(
  url: string,
  token: string,
  steps: Step[],
  options: RunOptions,
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
  instance.on('response', (_client, status, _bytes, milliseconds) => {
    if (status >= 200 && status < 300) latencies.push(milliseconds);
  });
  const result = await instance;
  const failures = result.non2xx + result.errors + result.timeouts;
  const codes = Object.entries(result.statusCodeStats)
    .map(([code, { count }]) => `${code}×${count}`)
    .join(' ');
  return summarize(latencies, result.duration, failures, failures > 0 ? `status ${codes}` : undefined);
}
