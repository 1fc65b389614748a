import type { Env } from '../config/env.js';
import type { Db } from '../db/database.js';
import type { TerminalInput } from './read-secret.js';

/** Where the command line writes, and the environment it is configured from. */
export interface CliIo {
  stdout: { write(text: string): unknown };
  stderr: { write(text: string): unknown };
  /** Read by parseEnv; when absent, parseEnv reads the process environment. */
  env?: Record<string, string | undefined>;
  /** Where passwords are asked for; without a terminal here, commands never prompt. */
  stdin?: TerminalInput;
  /** A database the caller opened and closes (tests that run many commands on one database). */
  database?: Db;
}

/** What a command may use, besides its arguments, before the database is opened. */
export interface PrepareContext {
  env: Env;
  /** Asks on the terminal with the typing hidden; absent when standard input is not a terminal. */
  askSecret?: (prompt: string) => Promise<string>;
}

/** stdout carries only results, so that they can be piped; notes for people go to stderr. */
export interface Output {
  line(text: string): void;
  note(text: string): void;
}

export interface CommandContext {
  db: Db;
  out: Output;
}

/** The work of a command, ready to run once its arguments have been checked. */
export type Task = (context: CommandContext) => Promise<void>;

export interface OptionSpec {
  type: 'string' | 'boolean';
  short?: string;
  /** The option may be given more than once; its value is then the list, in order. */
  multiple?: boolean;
  /** The placeholder shown in the help, e.g. 'display name' for `--name <display name>`. */
  valueName?: string;
  description: string;
}

export interface ParsedArgs {
  positionals: string[];
  values: Record<string, string | boolean | string[] | undefined>;
}

export interface Command {
  /** The words that select it, e.g. 'member add'. */
  name: string;
  /** What follows the name in the usage line, e.g. '<email> <domain> [--role <role>]'. */
  synopsis: string;
  /** One line for the command lists. */
  summary: string;
  /** The paragraph of its own --help. */
  description: string;
  /** Names of the positional arguments, all required, in order. */
  positionals: readonly string[];
  options: Record<string, OptionSpec>;
  /** `migrate` migrates by itself so that it can report what ran; every other command migrates on open. */
  migratesItself?: boolean;
  /** `backup` and `restore` open PGlite (or ask the server) themselves: no database is opened for them. */
  opensNoDatabase?: boolean;
  /** Checks the arguments (and asks for what is missing) before any database is opened, and returns the work to do. */
  prepare(args: ParsedArgs, context: PrepareContext): Task | Promise<Task>;
}

/** Commands that share a first word, such as `domain add|list|remove`. */
export interface CommandGroup {
  name: string;
  summary: string;
  commands: Command[];
}

export type CommandEntry = Command | CommandGroup;

export const isGroup = (entry: CommandEntry): entry is CommandGroup => 'commands' in entry;
