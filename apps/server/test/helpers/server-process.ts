import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const SERVER_ENTRY = path.join(serverDir, 'dist/server.js');
export const CLI_ENTRY = path.join(serverDir, 'dist/cli.js');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

export interface RunningProcess {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
  /** Resolves when the output contains the text. */
  waitFor: (text: string | RegExp, timeoutMs?: number) => Promise<void>;
}

/** Starts a built entry point (dist/server.js or dist/cli.js) with its own environment. */
export function startProcess(entry: string, args: string[], env: Record<string, string>): RunningProcess {
  const child = spawn(process.execPath, [entry, ...args], {
    cwd: serverDir,
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const listeners = new Set<() => void>();
  const onData = (chunk: Buffer) => {
    output += chunk.toString();
    for (const listener of listeners) listener();
  };
  child.stdout?.on('data', onData);
  child.stderr?.on('data', onData);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const waitFor = (text: string | RegExp, timeoutMs = 60_000) =>
    new Promise<void>((resolve, reject) => {
      const matches = () => (typeof text === 'string' ? output.includes(text) : text.test(output));
      const timer = setTimeout(() => {
        listeners.delete(check);
        reject(new Error(`Timed out waiting for ${String(text)}; output so far:\n${output}`));
      }, timeoutMs);
      const check = () => {
        if (!matches()) return;
        clearTimeout(timer);
        listeners.delete(check);
        resolve();
      };
      listeners.add(check);
      void exited.then(() => {
        if (!matches()) {
          clearTimeout(timer);
          reject(new Error(`Process exited before printing ${String(text)}; output:\n${output}`));
        }
      });
      check();
    });
  return { child, output: () => output, exited, waitFor };
}
