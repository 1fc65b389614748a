import type { Migration, MigrationProvider } from 'kysely';
import * as initial from './2026-11-21T1500-initial.js';

/**
 * Migrations are listed here rather than read from disk so that the bundled server carries them.
 * Names sort by time; Kysely runs them in that order.
 */
const migrations: Record<string, Migration> = {
  '2026-11-21T1500-initial': initial,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
