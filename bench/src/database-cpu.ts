import pg from 'pg';
import { processCpuSeconds } from './rss.js';

/**
 * The CPU time of the PostgreSQL backends that serve one database, read from /proc: the database's
 * share of a request, which the server's own CPU time leaves out. Only where PostgreSQL runs on
 * this machine (its backends' /proc entries are readable); undefined otherwise. The backends are
 * listed from pg_stat_activity every 250 ms, so that a pool's connections opened during the
 * warm-up are known when the measured run starts.
 */
export async function watchDatabaseCpu(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  let pids: number[] = [];
  const refresh = async () => {
    const { rows } = await client.query<{ pid: number }>(
      `select pid from pg_stat_activity
       where datname = current_database() and backend_type = 'client backend' and pid <> pg_backend_pid()`,
    );
    pids = rows.map((r) => r.pid);
  };
  await refresh();
  const self = (await client.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]?.pid;
  if (self === undefined || processCpuSeconds(self) === undefined) {
    await client.end();
    return undefined;
  }
  let refreshing = false;
  const timer = setInterval(() => {
    if (refreshing) return;
    refreshing = true;
    void refresh()
      .catch(() => undefined)
      .finally(() => (refreshing = false));
  }, 250);
  return {
    /** CPU seconds so far of each backend serving the database now. */
    read: () => {
      const seconds = new Map<number, number>();
      for (const pid of pids) {
        const value = processCpuSeconds(pid);
        if (value !== undefined) seconds.set(pid, value);
      }
      return seconds;
    },
    close: async () => {
      clearInterval(timer);
      await client.end();
    },
  };
}

export type DatabaseCpu = NonNullable<Awaited<ReturnType<typeof watchDatabaseCpu>>>;

/** CPU seconds the backends used between two reads; a backend that started meanwhile counts whole. */
export function cpuBetween(before: Map<number, number>, after: Map<number, number>) {
  let sum = 0;
  for (const [pid, seconds] of after) sum += seconds - (before.get(pid) ?? 0);
  return sum;
}
