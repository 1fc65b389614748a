import { migrateToLatest } from '../db/migrate.js';
import type { Command } from './command.js';

export const migrateCommand: Command = {
  name: 'migrate',
  synopsis: '',
  summary: 'run the pending database migrations',
  description:
    'Runs the database migrations that have not run yet and prints their names. The server runs them\n' +
    'at start too; this is for deployments that migrate before they roll out new instances.',
  positionals: [],
  options: {},
  migratesItself: true,
  prepare() {
    return async ({ db, out }) => {
      const ran = await migrateToLatest(db);
      if (ran.length === 0) out.line('The database is up to date.');
      for (const name of ran) out.line(name);
    };
  },
};
