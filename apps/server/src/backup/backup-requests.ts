import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ownerState, processStartTime, readLockOwner } from '../lib/lock-owner.js';
import { writeBackup, type BackupSummary } from './backup-file.js';
import { PRIVATE_FILE, PRIVATE_FOLDER } from './private-files.js';

/**
 * A backup while the server runs. The server holds PGlite's data folder, so it writes the backup
 * itself: the command line leaves a request in DATA_DIR/backup-requests and sends the server
 * SIGUSR2; the server writes the backup from its open database and leaves the answer beside the
 * request. Only a process that announced itself as the listener is ever signalled (SIGUSR2 would
 * end any other Node process, such as another command holding the lock).
 */

const FOLDER = 'backup-requests';
const LISTENER = 'listener.json';

interface BackupRequest {
  file: string;
  withObjects: boolean;
}
type BackupAnswer = ({ ok: true } & BackupSummary) | { ok: false; error: string };

const folderOf = (dataDir: string) => path.join(dataDir, FOLDER);

function writeAtomically(file: string, value: unknown) {
  const partial = `${file}.partial`;
  writeFileSync(partial, JSON.stringify(value), { mode: PRIVATE_FILE });
  renameSync(partial, file);
}

/** In the server: answers backup requests on SIGUSR2, one at a time. Returns the function that stops it. */
export function listenForBackupRequests(
  dataDir: string,
  whileStill: <T>(work: () => Promise<T>) => Promise<T>,
  log: { info: (message: string) => void; error: (message: string) => void },
): () => void {
  const folder = folderOf(dataDir);
  mkdirSync(folder, { recursive: true, mode: PRIVATE_FOLDER });
  writeAtomically(path.join(folder, LISTENER), {
    pid: process.pid,
    startTime: processStartTime(process.pid),
  });
  let queue = Promise.resolve();
  const serve = async () => {
    for (const name of readdirSync(folder).filter((n) => n.endsWith('.request.json'))) {
      const id = name.slice(0, -'.request.json'.length);
      const requestFile = path.join(folder, name);
      let answer: BackupAnswer;
      try {
        const request = JSON.parse(readFileSync(requestFile, 'utf8')) as BackupRequest;
        rmSync(requestFile);
        const summary = await writeBackup({ whileStill, dataDir, ...request });
        log.info(
          `Backup written to ${request.file} (queries waited ${summary.stillMs} ms while the database was copied)`,
        );
        answer = { ok: true, ...summary };
      } catch (error) {
        rmSync(requestFile, { force: true });
        answer = { ok: false, error: error instanceof Error ? error.message : String(error) };
        log.error(`Backup failed: ${answer.error}`);
      }
      writeAtomically(path.join(folder, `${id}.answer.json`), answer);
    }
  };
  const onSignal = () => {
    queue = queue.then(serve, serve);
  };
  process.on('SIGUSR2', onSignal);
  return () => {
    process.off('SIGUSR2', onSignal);
    rmSync(path.join(folder, LISTENER), { force: true });
  };
}

export class NoListenerError extends Error {}

/** In the command line: asks the server that holds the data folder for a backup, and waits for it. */
export async function requestBackupFromServer(
  dataDir: string,
  request: BackupRequest,
  timeoutMs = 10 * 60_000,
): Promise<BackupSummary> {
  const folder = folderOf(dataDir);
  const owner = readLockOwner(path.join(dataDir, 'masthead.lock'));
  const listener = existsSync(path.join(folder, LISTENER))
    ? (JSON.parse(readFileSync(path.join(folder, LISTENER), 'utf8')) as {
        pid: number;
        startTime: string | null;
      })
    : undefined;
  if (!owner || !listener || owner.pid !== listener.pid || ownerState(owner) !== 'alive')
    throw new NoListenerError(
      'the data folder is in use by a process that does not take backups; try again when it ends',
    );
  const id = randomUUID();
  writeAtomically(path.join(folder, `${id}.request.json`), request);
  process.kill(owner.pid, 'SIGUSR2');
  const answerFile = path.join(folder, `${id}.answer.json`);
  for (const started = Date.now(); Date.now() - started < timeoutMs;) {
    if (existsSync(answerFile)) {
      const answer = JSON.parse(readFileSync(answerFile, 'utf8')) as BackupAnswer;
      rmSync(answerFile, { force: true });
      if (!answer.ok) throw new Error(`the server could not write the backup: ${answer.error}`);
      return { databaseBytes: answer.databaseBytes, objects: answer.objects };
    }
    if (ownerState(owner) === 'dead') {
      rmSync(path.join(folder, `${id}.request.json`), { force: true });
      throw new Error('the server stopped before it wrote the backup');
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  rmSync(path.join(folder, `${id}.request.json`), { force: true });
  throw new Error('the server did not answer the backup request in time');
}
