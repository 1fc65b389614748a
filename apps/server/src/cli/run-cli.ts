import { EnvError, parseEnv } from '../config/env.js';
import { openDatabase } from '../db/open-database.js';
import { DataDirLockedError } from '../lib/data-dir-lock.js';
import { EXIT_BAD_INPUT, EXIT_FAILURE, EXIT_OK, InputError, UsageError } from './cli-error.js';
import type { CliIo, Output } from './command.js';
import { COMMANDS } from './commands.js';
import { readSecret } from './read-secret.js';
import { resolveInvocation } from './resolve-invocation.js';

function outputTo(io: CliIo): Output {
  return {
    line: (text) => io.stdout.write(`${text}\n`),
    note: (text) => io.stderr.write(`${text}\n`),
  };
}

/** One line on stderr, and the exit code: 2 when the user can fix the command, 1 otherwise. */
function report(error: unknown, io: CliIo): number {
  const fail = (message: string) => io.stderr.write(`masthead: ${message}\n`);
  if (error instanceof UsageError) {
    fail(error.message);
    io.stderr.write(`Run 'masthead ${error.command ? `${error.command} ` : ''}--help' for usage.\n`);
    return EXIT_BAD_INPUT;
  }
  if (error instanceof InputError || error instanceof DataDirLockedError) {
    fail(error.message);
    return EXIT_BAD_INPUT;
  }
  if (error instanceof EnvError) {
    fail(`invalid environment: ${error.problems.join('; ')}`);
    return EXIT_BAD_INPUT;
  }
  fail(error instanceof Error ? error.message : String(error));
  return EXIT_FAILURE;
}

/**
 * Runs one command line and returns the exit code. Arguments, and any file they name, are checked
 * before the database is opened: --help and mistakes are instant and never wait for, or take, the
 * PGlite data-folder lock.
 */
export async function runCli(argv: string[], io: CliIo): Promise<number> {
  try {
    const invocation = resolveInvocation(argv, COMMANDS);
    if (invocation.kind === 'help') {
      io.stdout.write(invocation.text);
      return EXIT_OK;
    }
    const env = parseEnv(io.env);
    const { stdin } = io;
    const askSecret = stdin?.isTTY ? (prompt: string) => readSecret(stdin, io.stderr, prompt) : undefined;
    const task = await invocation.command.prepare(invocation.args, {
      env,
      ...(askSecret ? { askSecret } : {}),
    });
    if (invocation.command.opensNoDatabase) {
      await task({
        get db(): never {
          throw new Error(`${invocation.command.name} opens no database`);
        },
        out: outputTo(io),
      });
      return EXIT_OK;
    }
    if (io.database) {
      await task({ db: io.database, out: outputTo(io) });
      return EXIT_OK;
    }
    const opened = await openDatabase(env, { migrate: !invocation.command.migratesItself });
    try {
      await task({ db: opened.db, out: outputTo(io) });
    } finally {
      await opened.close();
    }
    return EXIT_OK;
  } catch (error) {
    return report(error, io);
  }
}
