import type { CommandEntry } from './command.js';
import { domainCommands } from './domain.command.js';
import { fieldsCommands } from './fields.command.js';
import { memberCommands } from './member.command.js';
import { migrateCommand } from './migrate.command.js';

/** Every command, in the order of the help. A new group (such as `user`) is one more entry here. */
export const COMMANDS: readonly CommandEntry[] = [
  domainCommands,
  memberCommands,
  fieldsCommands,
  migrateCommand,
];
