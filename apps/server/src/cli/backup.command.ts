import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { NotABackupError, restoreBackup, writeBackup, type BackupSummary } from '../backup/backup-file.js';
import { NoListenerError, requestBackupFromServer } from '../backup/backup-requests.js';
import { makePrivateFolder } from '../backup/private-files.js';
import type { Env } from '../config/env.js';
import { openDatabase } from '../db/open-database.js';
import { DataDirLockedError, lockDataDir } from '../lib/data-dir-lock.js';
import { InputError } from './cli-error.js';
import type { Command, Output } from './command.js';

const withPostgres = (what: 'backup' | 'restore') =>
  new InputError(
    `DATABASE_URL is set: ${what} covers the embedded database only. With PostgreSQL, use ` +
      (what === 'backup'
        ? 'pg_dump --format=custom --file=masthead.dump "$DATABASE_URL"'
        : 'pg_restore --no-owner --dbname="$DATABASE_URL" masthead.dump') +
      ' (docs/deploy.md, "Backups")',
  );

function report(out: Output, file: string, summary: BackupSummary, withObjects: boolean) {
  const megabytes = (summary.databaseBytes / 1024 / 1024).toFixed(1);
  out.line(
    `Backup written to ${file} (database ${megabytes} MB${withObjects ? `, ${summary.objects} objects` : ''}).`,
  );
}

async function backupOffline(env: Env, file: string, withObjects: boolean): Promise<BackupSummary> {
  const opened = await openDatabase(env, { migrate: false });
  try {
    return await writeBackup({ whileStill: opened.whileStill!, dataDir: env.DATA_DIR, file, withObjects });
  } finally {
    await opened.close();
  }
}

const backup: Command = {
  name: 'backup',
  synopsis: '<file> [--with-objects]',
  summary: 'write a backup of the embedded database',
  description:
    "Writes a consistent backup of PGlite's database in DATA_DIR to <file>, a tar archive, whether the\n" +
    'server is running or not: a running server writes it itself from its open database. With\n' +
    '--with-objects, the local asset files are in it too. Restore it with `masthead restore <file>`.\n' +
    'With DATABASE_URL (PostgreSQL), use pg_dump instead.',
  positionals: ['file'],
  options: {
    'with-objects': { type: 'boolean', description: 'also copy the local asset files (DATA_DIR/objects)' },
  },
  opensNoDatabase: true,
  prepare({ positionals: [target = ''], values }, { env }) {
    if (env.DATABASE_URL) throw withPostgres('backup');
    const file = path.resolve(target);
    if (!existsSync(path.dirname(file)))
      throw new InputError(`the folder ${path.dirname(file)} does not exist`);
    if (!existsSync(path.join(env.DATA_DIR, 'db', 'PG_VERSION')))
      throw new InputError(`there is no database in ${env.DATA_DIR} to back up`);
    const withObjects = values['with-objects'] === true;
    return async ({ out }) => {
      let summary: BackupSummary;
      try {
        summary = await backupOffline(env, file, withObjects);
      } catch (error) {
        if (!(error instanceof DataDirLockedError)) throw error;
        out.note('The server is running: it writes the backup from its open database.');
        summary = await requestBackupFromServer(env.DATA_DIR, { file, withObjects }).catch(
          (again: unknown) => {
            throw again instanceof NoListenerError ? new InputError(again.message) : again;
          },
        );
      }
      report(out, file, summary, withObjects);
    };
  },
};

const restore: Command = {
  name: 'restore',
  synopsis: '<file>',
  summary: 'restore a backup into an empty data folder',
  description:
    'Restores a backup written by `masthead backup` into DATA_DIR, which must be empty or not exist\n' +
    'yet (a restore never overwrites a database). Start the server on it afterwards.\n' +
    'With DATABASE_URL (PostgreSQL), use pg_restore instead.',
  positionals: ['file'],
  options: {},
  opensNoDatabase: true,
  prepare({ positionals: [source = ''] }, { env }) {
    if (env.DATABASE_URL) throw withPostgres('restore');
    const file = path.resolve(source);
    if (!existsSync(file)) throw new InputError(`${file} does not exist`);
    if (existsSync(env.DATA_DIR) && readdirSync(env.DATA_DIR).length > 0)
      throw new InputError(`${env.DATA_DIR} is not empty; restore into an empty or new DATA_DIR`);
    return async ({ out }) => {
      // The folder will hold the signing keys and password hashes: only its owner may enter it.
      if (!existsSync(env.DATA_DIR)) await makePrivateFolder(env.DATA_DIR);
      const release = await lockDataDir(env.DATA_DIR);
      try {
        const summary = await restoreBackup(file, env.DATA_DIR);
        out.line(`Restored ${file} into ${env.DATA_DIR} (${summary.objects} objects).`);
      } catch (error) {
        throw error instanceof NotABackupError ? new InputError(error.message) : error;
      } finally {
        await release();
      }
    };
  },
};

export const backupCommand = backup;
export const restoreCommand = restore;
