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

/** A process and all its descendants' pids (the server's primary and its cluster workers). */
function tree(pid: number, children: Map<number, number[]>) {
  const pids: number[] = [];
  for (const queue = [pid]; queue.length > 0;) {
    const next = queue.pop()!;
    pids.push(next);
    queue.push(...(children.get(next) ?? []));
  }
  return pids;
}

/** Clock ticks a second, the unit of /proc/<pid>/stat's CPU times (100 on Linux's usual builds). */
const TICKS_PER_SECOND = 100;

/**
 * CPU seconds (user and system) a process and all its descendants have used so far, from /proc
 * (Linux); NaN where there is no /proc. A process that has exited is no longer counted.
 */
export function treeCpuSeconds(pid: number): number {
  let children: Map<number, number[]>;
  try {
    children = childrenByParent();
  } catch {
    return NaN;
  }
  let ticks = 0;
  let found = false;
  for (const next of tree(pid, children)) {
    const stat = read(`/proc/${next}/stat`);
    if (!stat) continue;
    // After the command name: state is field 3, utime 14 and stime 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    ticks += Number(fields[11]) + Number(fields[12]);
    found = true;
  }
  return found ? ticks / TICKS_PER_SECOND : NaN;
}

/**
 * The resident set of a process and all its descendants in MiB (the server's primary and its
 * cluster workers), from /proc (Linux); NaN where there is no /proc.
 */
export function treeRssMb(pid: number): number {
  let children: Map<number, number[]>;
  try {
    children = childrenByParent();
  } catch {
    return NaN;
  }
  let kb = 0;
  let found = false;
  for (const next of tree(pid, children)) {
    const rss = /^VmRSS:\s+(\d+) kB/m.exec(read(`/proc/${next}/status`) ?? '')?.[1];
    if (rss) {
      kb += Number(rss);
      found = true;
    }
  }
  return found ? kb / 1024 : NaN;
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
