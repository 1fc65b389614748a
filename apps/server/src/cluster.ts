import cluster, { type Worker } from 'node:cluster';
import type { ProcessLog } from './lib/process-log.js';

/**
 * WEB_CONCURRENCY > 1: this (primary) process forks that many server processes, which share the
 * port through node's cluster module, and keeps them running. It serves no request itself.
 */
export interface ClusterOptions {
  workers: number;
  log: ProcessLog;
  /** Once, when every first worker listens (the address answers). */
  onListening: () => void;
}

/** A restart waits 1 s after a crash, doubling up to 30 s while workers keep crashing soon after start. */
export const RESTART_DELAY_MS = { first: 1_000, max: 30_000 };
/** A worker that ran this long before it crashed is restarted after the first delay again. */
const HEALTHY_AFTER_MS = 60_000;
/** On SIGTERM or SIGINT, workers that have not finished their requests by then are killed. */
const SHUTDOWN_TIMEOUT_MS = 30_000;

interface Slot {
  index: number;
  worker?: Worker;
  startedAt: number;
  delay: number;
  listened: boolean;
}

export function runCluster(options: ClusterOptions) {
  const { log } = options;
  const slots: Slot[] = [];
  let closing = false;
  let announced = false;
  const timers = new Set<NodeJS.Timeout>();
  let exitCode = 0;
  const finish = () => {
    log.info('every worker has stopped');
    process.exit(exitCode);
  };

  const fork = (slot: Slot) => {
    slot.startedAt = Date.now();
    slot.listened = false;
    const worker = cluster.fork();
    slot.worker = worker;
    worker.once('listening', () => {
      slot.listened = true;
      log.info(`worker ${slot.index + 1} (pid ${worker.process.pid}) is serving`);
      if (!announced && slots.every((s) => s.listened)) {
        announced = true;
        options.onListening();
      }
    });
    worker.once('exit', (code, signal) => {
      if (slot.worker === worker) slot.worker = undefined;
      if (closing) {
        if (code !== 0) exitCode = 1;
        if (slots.every((s) => !s.worker)) finish();
        return;
      }
      const ranFor = Date.now() - slot.startedAt;
      slot.delay =
        ranFor >= HEALTHY_AFTER_MS
          ? RESTART_DELAY_MS.first
          : Math.min(RESTART_DELAY_MS.max, slot.delay === 0 ? RESTART_DELAY_MS.first : slot.delay * 2);
      log.warn(
        `worker ${slot.index + 1} (pid ${worker.process.pid}) exited (${signal ?? `code ${code}`}); ` +
          `restarting it in ${slot.delay / 1000} s`,
      );
      const timer = setTimeout(() => {
        timers.delete(timer);
        if (!closing) fork(slot);
      }, slot.delay);
      timers.add(timer);
    });
  };

  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.on(signal, () => {
      if (closing) return;
      closing = true;
      for (const timer of timers) clearTimeout(timer);
      log.info(`${signal} received; the workers finish their open requests`);
      const running = slots.filter((s) => s.worker);
      if (running.length === 0) return finish();
      // Each worker closes its server and database on SIGTERM (server.ts), as a single process does.
      for (const slot of running) slot.worker?.process.kill('SIGTERM');
      setTimeout(() => {
        log.error(`workers still running after ${SHUTDOWN_TIMEOUT_MS / 1000} s; killing them`);
        exitCode = 1;
        for (const slot of slots) slot.worker?.process.kill('SIGKILL');
      }, SHUTDOWN_TIMEOUT_MS).unref();
    });
  }

  for (let index = 0; index < options.workers; index++) {
    const slot: Slot = { index, startedAt: 0, delay: 0, listened: false };
    slots.push(slot);
    fork(slot);
  }
}
