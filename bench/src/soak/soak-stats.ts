import { readFileSync } from 'node:fs';
import type { Outcome } from './soak-load.js';

export interface MinuteStats {
  minute: number;
  requests: number;
  errors: number;
  /** Non-2xx answers the design expects (412 on a raced If-Match). */
  expected: number;
  p50: number;
  p99: number;
  /** The median of the server's resident set sampled through the minute, in MiB. */
  rssMb: number;
  /** The largest sample of the minute, in MiB. */
  rssMaxMb: number;
}

/** The server's resident set size in MiB, from /proc (Linux), or NaN where there is none. */
export function rssMb(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = /^VmRSS:\s+(\d+) kB/m.exec(status)?.[1];
    return kb ? Number(kb) / 1024 : NaN;
  } catch {
    return NaN;
  }
}

function percentile(sorted: Float64Array, p: number) {
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

/** Outcomes gathered for one minute at a time. */
export class MinuteRecorder {
  private latencies: number[] = [];
  private errors = 0;
  private expected = 0;
  private rss: number[] = [];
  readonly details: string[] = [];
  readonly statuses = new Map<string, number>();

  record(outcome: Outcome) {
    this.latencies.push(outcome.ms);
    const key = `${outcome.action} ${outcome.status}`;
    this.statuses.set(key, (this.statuses.get(key) ?? 0) + 1);
    if (outcome.expected) this.expected++;
    else if (outcome.detail !== undefined) {
      this.errors++;
      if (this.details.length < 20) this.details.push(outcome.detail);
    }
  }

  /** One RSS sample; a minute's median smooths out the garbage collector's swings. */
  sampleRss(mb: number) {
    if (Number.isFinite(mb)) this.rss.push(mb);
  }

  /** The minute's figures; starts the next minute. */
  close(minute: number): MinuteStats {
    const sorted = Float64Array.from(this.latencies).sort();
    const rss = Float64Array.from(this.rss).sort();
    const stats = {
      minute,
      requests: sorted.length,
      errors: this.errors,
      expected: this.expected,
      p50: percentile(sorted, 50),
      p99: percentile(sorted, 99),
      rssMb: percentile(rss, 50),
      rssMaxMb: rss.at(-1) ?? NaN,
    };
    this.latencies = [];
    this.rss = [];
    this.errors = 0;
    this.expected = 0;
    return stats;
  }
}

/** RSS growth from minute 2 to the last minute (medians), as a fraction; null before minute 3. */
export function rssGrowth(minutes: MinuteStats[]): number | null {
  const base = minutes.find((m) => m.minute === 2)?.rssMb;
  const last = minutes.at(-1);
  if (base === undefined || !last || last.minute <= 2) return null;
  return (last.rssMb - base) / base;
}

export function table(minutes: MinuteStats[]) {
  const header = [
    'minute',
    'requests',
    'req/s',
    'errors',
    'expected 412',
    'p50 ms',
    'p99 ms',
    'RSS MiB (median)',
    'RSS max',
  ];
  const rows = minutes.map((m) => [
    String(m.minute),
    String(m.requests),
    (m.requests / 60).toFixed(0),
    String(m.errors),
    String(m.expected),
    m.p50.toFixed(1),
    m.p99.toFixed(1),
    m.rssMb.toFixed(0),
    m.rssMaxMb.toFixed(0),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padStart(widths[i] ?? 0)).join(' | ')} |`;
  return [line(header), `|${widths.map((w) => '-'.repeat(w + 1) + ':').join('|')}|`, ...rows.map(line)].join(
    '\n',
  );
}
