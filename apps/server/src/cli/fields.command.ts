import { listColumnDefs } from '../db/repositories/column-defs.repository.js';
import { setColumnDefs } from '../services/column-defs.service.js';
import { parseHostName } from './arguments.js';
import { readColumnDefsFile } from './column-defs-file.js';
import type { Command, CommandGroup } from './command.js';
import { counted, requireKnownDomain } from './known-domain.js';

const set: Command = {
  name: 'fields set',
  synopsis: '<domain> <file.json>',
  summary: "replace a domain's custom fields with a JSON file",
  description: [
    "Replaces the domain's custom fields with the JSON array in the file. Each entry is",
    '  { "key": "client", "label": "Client", "type": "select", "required": true,',
    '    "options": ["Acme", "Globex"], "filterable": true }',
    'type is one of text, textarea, number, select, multiselect, date, boolean. A select or a',
    'multiselect needs options, and only they can be filterable. An empty array removes every field.',
    'Values already stored in posts',
    'are left as they are.',
    "Tip: 'masthead fields show <domain> > fields.json' gives a file to edit.",
  ].join('\n'),
  positionals: ['domain', 'file.json'],
  options: {},
  async prepare({ positionals: [rawHost = '', file = ''] }) {
    const host = parseHostName(rawHost, 'fields set');
    // The file is checked before the database is opened: a mistake costs nothing and changes nothing.
    const defs = await readColumnDefsFile(file);
    return async ({ db, out }) => {
      const domain = await requireKnownDomain(db, host);
      await db.transaction().execute((trx) => setColumnDefs(trx, domain.id, defs));
      out.line(
        defs.length === 0
          ? `Removed every custom field of ${domain.domain}.`
          : `Set ${counted(defs.length, 'custom field')} on ${domain.domain}: ${defs.map((d) => d.key).join(', ')}.`,
      );
    };
  },
};

const show: Command = {
  name: 'fields show',
  synopsis: '<domain>',
  summary: "print a domain's custom fields as JSON",
  description: "Prints the domain's custom fields as the JSON array that 'masthead fields set' reads.",
  positionals: ['domain'],
  options: {},
  prepare({ positionals: [rawHost = ''] }) {
    const host = parseHostName(rawHost, 'fields show');
    return async ({ db, out }) => {
      const domain = await requireKnownDomain(db, host);
      out.line(JSON.stringify(await listColumnDefs(db, domain.id), null, 2));
    };
  },
};

export const fieldsCommands: CommandGroup = {
  name: 'fields',
  summary: "Manages a domain's custom fields, the extra inputs of the post editor",
  commands: [set, show],
};
