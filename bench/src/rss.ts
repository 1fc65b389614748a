import { readdirSync, readFileSync } from 'node:fs';

const read = (file: string) => {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
};

/** Each process's children, from /proc/<pid>/stat (its 4th field is the parent's pid). */
function childrenByParent() {
  const children = new Map<number, number[]>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const stat = read(`/proc/${name}/stat`);
    // The command name (2nd field) may hold spaces and parentheses: parse after its last ')'.
    const parent = Number(stat?.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    if (!Number.isInteger(parent)) continue;
    children.set(parent, [...(children.get(parent) ?? []), Number(name)]);
  }
  return children;
}

/**
 * The sum of `valueOf` over a process and all its descendants (the server's primary and its cluster
 * workers), from /proc (Linux). NaN where there is no /proc or no process answered; a process that
 * has exited is not counted.
 */
function sumOverTree(pid: number, valueOf: (pid: number) => number | undefined): number {
  let children: Map<number, number[]>;
  try {
    children = childrenByParent();
  } catch {
    return NaN;
  }
  let sum = 0;
  let found = false;
  for (const queue = [pid]; queue.length > 0;) {
    const next = queue.pop()!;
    const value = valueOf(next);
    if (value !== undefined) {
      sum += value;
      found = true;
    }
    queue.push(...(children.get(next) ?? []));
  }
  return found ? sum : NaN;
}

/** Clock ticks a second, the unit of /proc/<pid>/stat's CPU times (100 on Linux's usual builds). */
const TICKS_PER_SECOND = 100;

/** Clock ticks of CPU (user and system) one process has used so far; undefined once it has gone. */
function cpuTicks(pid: number): number | undefined {
  const stat = read(`/proc/${pid}/stat`);
  if (!stat) return undefined;
  // After the command name: state is field 3, utime 14 and stime 15.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return Number(fields[11]) + Number(fields[12]);
}

/** CPU seconds (user and system) one process has used so far; undefined once it has gone. */
export function processCpuSeconds(pid: number): number | undefined {
  const ticks = cpuTicks(pid);
  return ticks === undefined ? undefined : ticks / TICKS_PER_SECOND;
}

/** CPU seconds (user and system) a process and its descendants have used so far. */
export function treeCpuSeconds(pid: number): number {
  return sumOverTree(pid, cpuTicks) / TICKS_PER_SECOND;
}

/** The resident set of a process and its descendants, in MiB. */
export function treeRssMb(pid: number): number {
  const kb = sumOverTree(pid, (next) => {
    const rss = /^VmRSS:\s+(\d+) kB/m.exec(read(`/proc/${next}/status`) ?? '')?.[1];
    return rss === undefined ? undefined : Number(rss);
  });
  return kb / 1024;
}

/** Samples treeRssMb(pid) every intervalMs until stopped; stop() returns the peak. */
export function sampleRss(pid: number | undefined, intervalMs = 250) {
  let peak = NaN;
  const sample = () => {
    if (pid === undefined) return;
    const mb = treeRssMb(pid);
    if (Number.isFinite(mb) && !(mb <= peak)) peak = mb;
  };
  sample();
  const timer = setInterval(sample, intervalMs);
  return {
    stop: () => {
      clearInterval(timer);
      sample();
      return peak;
    },
  };
}
