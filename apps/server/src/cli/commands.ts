import { backupCommand, restoreCommand } from './backup.command.js';
import type { CommandEntry } from './command.js';
import { domainCommands } from './domain.command.js';
import { fieldsCommands } from './fields.command.js';
import { imagesCommands } from './images.command.js';
import { keyCommands } from './key.command.js';
import { keysCommands } from './keys.command.js';
import { memberCommands } from './member.command.js';
import { migrateCommand } from './migrate.command.js';
import { recountCommand } from './recount.command.js';
import { userCommands } from './user.command.js';
import { webhookCommands } from './webhook.command.js';

/** Every command, in the order of the help. A new group is one more entry here. */
export const COMMANDS: readonly CommandEntry[] = [
  domainCommands,
  memberCommands,
  keyCommands,
  webhookCommands,
  userCommands,
  keysCommands,
  fieldsCommands,
  migrateCommand,
  recountCommand,
  imagesCommands,
  backupCommand,
  restoreCommand,
];
