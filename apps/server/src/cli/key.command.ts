import { MAX_KEY_ORIGINS, MAX_NAME_LENGTH } from '@masthead/contract';
import { listContentKeys } from '../db/repositories/content-keys.repository.js';
import {
  checkContentKeyInput,
  createContentKey,
  revokeContentKey,
} from '../services/content-keys.service.js';
import { parseHostName } from './arguments.js';
import { cliActor } from './cli-actor.js';
import { InputError, UsageError } from './cli-error.js';
import type { Command, CommandGroup } from './command.js';
import { formatTable } from './format-table.js';
import { requireKnownDomain } from './known-domain.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The command line's words for the first problem that checkContentKeyInput found. */
function problemOf(line: string, origins: string[]) {
  const index = /^origins\.(\d+):/.exec(line)?.[1];
  if (index === undefined) return `the name ${line.replace(/^name: /, '')}`;
  return (
    `'${origins[Number(index)]}' is not a browser origin: ` +
    'give the scheme, host and optional port alone, such as https://blog.example.com'
  );
}

const add: Command = {
  name: 'key add',
  synopsis: '<domain> --name <name> [--origin <url>]...',
  summary: 'create a content key for the delivery API',
  description:
    "Creates a read-only key for the domain's published posts (the delivery API under /api/v1 and\n" +
    'its feeds). The key is printed alone on the last line, this once: only its SHA-256 is kept.\n' +
    'Each --origin is a browser origin (scheme, host and optional port, such as\n' +
    `https://blog.example.com) whose pages may read with the key; at most ${MAX_KEY_ORIGINS}.`,
  positionals: ['domain'],
  options: {
    name: {
      type: 'string',
      valueName: 'name',
      description: `what the key is for, e.g. "Blog front end" (required, ${MAX_NAME_LENGTH} characters at most)`,
    },
    origin: {
      type: 'string',
      valueName: 'url',
      multiple: true,
      description: 'a browser origin that may read with the key (repeat for more)',
    },
  },
  prepare({ positionals: [rawHost = ''], values }) {
    const host = parseHostName(rawHost, 'key add');
    const origins = (values.origin as string[] | undefined) ?? [];
    const name = ((values.name as string | undefined) ?? '').trim();
    if (name === '') throw new UsageError('missing --name <name>', 'key add');
    if (name.length > MAX_NAME_LENGTH)
      throw new UsageError(`the name is longer than ${MAX_NAME_LENGTH} characters`, 'key add');
    if (origins.length > MAX_KEY_ORIGINS)
      throw new UsageError(`a key lists at most ${MAX_KEY_ORIGINS} origins`, 'key add');
    const checked = checkContentKeyInput({ name, origins });
    if (!checked.ok) throw new UsageError(problemOf(checked.errors[0] ?? '', origins), 'key add');
    return async ({ db, out }) => {
      const domain = await requireKnownDomain(db, host);
      const created = await createContentKey(db, domain.id, cliActor(), checked);
      out.line(`Created the content key ${created.id} (${created.name}) for ${domain.domain}.`);
      out.line(`Origins: ${created.origins.length > 0 ? created.origins.join(', ') : 'none'}`);
      out.note('Copy the key now: it is shown this once.');
      out.line(created.key);
    };
  },
};

const list: Command = {
  name: 'key list',
  synopsis: '<domain>',
  summary: "list a domain's content keys (never the keys themselves)",
  description:
    'Prints one line per content key of the domain: its id, name, origins, when it was created and\n' +
    'last used (to the minute), and its first characters. The keys themselves are never shown.',
  positionals: ['domain'],
  options: {},
  prepare({ positionals: [rawHost = ''] }) {
    const host = parseHostName(rawHost, 'key list');
    return async ({ db, out }) => {
      const domain = await requireKnownDomain(db, host);
      const keys = await listContentKeys(db, domain.id);
      if (keys.length === 0) {
        out.note(`${domain.domain} has no content keys; create one with 'masthead key add'.`);
        return;
      }
      const rows = keys.map((key) => [
        key.id,
        key.name,
        key.origins.length > 0 ? key.origins.join(',') : '-',
        key.created_at.toISOString(),
        key.last_used_at?.toISOString() ?? 'never',
        `${key.key_start}...`,
      ]);
      const header = ['ID', 'NAME', 'ORIGINS', 'CREATED', 'LAST USED', 'KEY'];
      for (const line of formatTable([header, ...rows])) out.line(line);
    };
  },
};

const revoke: Command = {
  name: 'key revoke',
  synopsis: '<domain> <id>',
  summary: 'revoke a content key',
  description:
    'Deletes the content key with this id (see masthead key list). Requests with it are refused\n' +
    'from then on, on every server process. There is no undo: create a new key instead.',
  positionals: ['domain', 'id'],
  options: {},
  prepare({ positionals: [rawHost = '', rawId = ''] }) {
    const host = parseHostName(rawHost, 'key revoke');
    const id = rawId.trim().toLowerCase();
    if (!UUID.test(id))
      throw new UsageError(`'${rawId}' is not a key id (see 'masthead key list')`, 'key revoke');
    return async ({ db, out }) => {
      const domain = await requireKnownDomain(db, host);
      if (!(await revokeContentKey(db, domain.id, cliActor(), id)))
        throw new InputError(`${domain.domain} has no content key ${id}`);
      out.line(`Revoked the content key ${id} of ${domain.domain}.`);
    };
  },
};

export const keyCommands: CommandGroup = {
  name: 'key',
  summary: "Manages a domain's content keys: read-only keys for its published posts",
  commands: [add, list, revoke],
};
