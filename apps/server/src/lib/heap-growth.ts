import v8 from 'node:v8';

/**
 * How far V8 lets the old generation grow past what survived the last full collection before it
 * collects again, in percent. Left to itself, V8 picks up to 4× on a machine with gigabytes of
 * memory: the server's live heap after start-up is about 40 MB, so garbage promoted under load
 * piled up to about 140 MB of old space before the next full collection, and the process's RSS
 * peaked at 250–290 MB. At 1.5× a full collection (about 10 ms, mostly incremental) comes sooner
 * and the peak stays near 170–180 MB at the same request rate (docs/performance.md, "Memory").
 */
export const HEAP_GROWING_PERCENT = 50;

/**
 * Whether the operator already chose the growing factor. Node refuses the flag in NODE_OPTIONS,
 * so only the command line can carry it (`node --heap-growing-percent=100 dist/server.js`).
 */
export function growthChosen(execArgv: readonly string[]): boolean {
  return execArgv.some((flag) => /heap[-_]growing[-_]percent/.test(flag));
}

/**
 * Bounds the old generation's growth unless the operator set it. V8 reads the flag at each full
 * collection, so setting it after start-up takes effect from the next one.
 */
export function boundHeapGrowth(execArgv = process.execArgv) {
  if (growthChosen(execArgv)) return false;
  v8.setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
  return true;
}
