import { mkdirSync } from 'node:fs';
import path from 'node:path';
import lockfile from 'proper-lockfile';

export class DataDirLockedError extends Error {}

/** How the folder is named in messages: as the user wrote it when it is below the working folder. */
function shown(dataDir: string) {
  const relative = path.relative(process.cwd(), dataDir);
  return relative && !relative.startsWith('..') ? `./${relative}` : dataDir;
}

/**
 * PGlite serves one process only: a second process opening the same folder corrupts it. The lock
 * is a directory created atomically and refreshed while we run; one left by a crashed process
 * goes stale after 10 s. Returns the function that releases it.
 */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  mkdirSync(dataDir, { recursive: true });
  try {
    return await lockfile.lock(dataDir, {
      lockfilePath: path.join(dataDir, 'masthead.lock'),
      stale: 10_000,
      update: 2_000,
      retries: 0,
      realpath: false,
      onCompromised: (error) => {
        // Someone removed or took our lock: carrying on could corrupt the database.
        console.error(`The lock on ${shown(dataDir)} was lost (${error.message}); stopping.`);
        process.exit(1);
      },
    });
  } catch (error) {
    if ((error as { code?: string }).code === 'ELOCKED') {
      throw new DataDirLockedError(
        `the server is running on ${shown(dataDir)}; stop it first, or use DATABASE_URL`,
      );
    }
    throw error;
  }
}
