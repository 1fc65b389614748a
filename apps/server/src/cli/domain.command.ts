import type { Db } from '../db/database.js';
import { deleteDomain, insertDomain, listDomains } from '../db/repositories/domains.repository.js';
import { isUniqueViolation } from '../lib/pg-errors.js';
import { parseDisplayName, parseHostName } from './arguments.js';
import { InputError } from './cli-error.js';
import type { Command, CommandGroup } from './command.js';
import { domainSetCommand } from './domain-set.command.js';
import { formatTable } from './format-table.js';
import { counted, requireKnownDomain } from './known-domain.js';

const add: Command = {
  name: 'domain add',
  synopsis: '<domain> --name <display name>',
  summary: 'add a domain',
  description:
    'Adds a website. <domain> is its host name, such as blog.example.com, without scheme or port;\n' +
    'it is stored lower-case and must be unique.',
  positionals: ['domain'],
  options: {
    name: {
      type: 'string',
      valueName: 'display name',
      description: 'the name shown in the back office (required)',
    },
  },
  prepare({ positionals: [host = ''], values }) {
    const domain = parseHostName(host, 'domain add');
    const name = parseDisplayName(values.name as string | undefined, 'domain add');
    return async ({ db, out }) => {
      try {
        await insertDomain(db, { domain, name });
      } catch (error) {
        if (isUniqueViolation(error)) throw new InputError(`domain '${domain}' already exists`);
        throw error;
      }
      out.line(`Added ${domain} (${name}).`);
      out.note(`Give someone access with: masthead member add <email> ${domain} --role admin`);
    };
  },
};

const list: Command = {
  name: 'domain list',
  synopsis: '',
  summary: 'list the domains',
  description: 'Prints one line per domain: its host name and its display name.',
  positionals: [],
  options: {},
  prepare() {
    return async ({ db, out }) => {
      const domains = await listDomains(db);
      if (domains.length === 0) out.note("There are no domains yet; add one with 'masthead domain add'.");
      for (const line of formatTable(domains.map((d) => [d.domain, d.name]))) out.line(line);
    };
  },
};

// The tables that hang off a domain; the foreign keys delete their rows with it.
const CONTENTS = [
  { table: 'posts', one: 'post' },
  { table: 'tags', one: 'tag' },
  { table: 'categories', one: 'category', many: 'categories' },
  { table: 'memberships', one: 'member' },
  { table: 'column_defs', one: 'custom field' },
] as const;

async function describeContents(db: Db, domainId: string) {
  const parts: string[] = [];
  for (const { table, one, ...rest } of CONTENTS) {
    const row = await db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('domain_id', '=', domainId)
      .executeTakeFirstOrThrow();
    parts.push(counted(Number(row.n), one, 'many' in rest ? rest.many : undefined));
  }
  return `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}

const remove: Command = {
  name: 'domain remove',
  synopsis: '<domain>',
  summary: 'remove a domain and everything in it',
  description:
    'Removes a website and everything in it: posts, tags, categories, members and custom fields.\n' +
    'There is no undo.',
  positionals: ['domain'],
  options: {},
  prepare({ positionals: [host = ''] }) {
    const domainHost = parseHostName(host, 'domain remove');
    return async ({ db, out }) => {
      // Counted and deleted in one transaction, so that the report matches what was removed.
      const report = await db.transaction().execute(async (trx) => {
        const domain = await requireKnownDomain(trx, domainHost);
        const contents = await describeContents(trx, domain.id);
        await deleteDomain(trx, domain.domain);
        return `Removed ${domain.domain} (${domain.name}) with ${contents}.`;
      });
      out.line(report);
    };
  },
};

export const domainCommands: CommandGroup = {
  name: 'domain',
  summary: 'Manages the websites ("domains") that Masthead serves',
  commands: [add, list, remove, domainSetCommand],
};
