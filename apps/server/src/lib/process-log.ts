import os from 'node:os';

/**
 * pino's line format, for the lines a process writes without a Fastify logger: the cluster's
 * primary, the start-up wait for the database, and the database's outages (src/db).
 */
export interface ProcessLog {
  info: (message: string) => void;
  warn: (message: string) => void;
  error: (message: string) => void;
}

export function processLog(level: string): ProcessLog {
  const levels = { trace: 10, debug: 20, info: 30, warn: 40, error: 50, fatal: 60, silent: Infinity };
  const threshold = levels[level as keyof typeof levels] ?? 30;
  const write = (value: number) => (message: string) => {
    if (value < threshold) return;
    const line = { level: value, time: Date.now(), pid: process.pid, hostname: os.hostname(), msg: message };
    process.stdout.write(`${JSON.stringify(line)}\n`);
  };
  return { info: write(30), warn: write(40), error: write(50) };
}

/** For database handles made without a log (tests, the command line). */
export const silentLog: ProcessLog = { info: () => {}, warn: () => {}, error: () => {} };
