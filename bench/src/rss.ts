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
  for (const queue = [pid]; queue.length > 0;) {
    const next = queue.pop()!;
    const rss = /^VmRSS:\s+(\d+) kB/m.exec(read(`/proc/${next}/status`) ?? '')?.[1];
    if (rss) {
      kb += Number(rss);
      found = true;
    }
    queue.push(...(children.get(next) ?? []));
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
