import { ROLES } from '@masthead/contract';
import { findMemberWithName, listMembersWithNames } from '../db/repositories/members.repository.js';
import type { Actor } from '../services/activity.js';
import { lastAdminMessage, removeMember, setMemberRole } from '../services/members.service.js';
import { parseEmail, parseHostName, parseRole } from './arguments.js';
import { InputError } from './cli-error.js';
import type { Command, CommandGroup } from './command.js';
import { formatTable } from './format-table.js';
import { requireKnownDomain } from './known-domain.js';

const DEFAULT_ROLE = 'editor';
/** Who the activity trail names for changes made here (decision 046). */
export const CLI_ACTOR: Actor = { email: 'cli', name: 'Command line' };

const add: Command = {
  name: 'member add',
  synopsis: '<email> <domain> [--role author|editor|admin]',
  summary: 'give someone a role on a domain (or change it)',
  description:
    'Gives the user with this e-mail a role on the domain. A user who is already a member gets the new\n' +
    'role. author: writes posts; editor: also approves and publishes them and manages tags and\n' +
    'categories; admin: also manages custom fields and members.',
  positionals: ['email', 'domain'],
  options: {
    role: {
      type: 'string',
      short: 'r',
      valueName: ROLES.join('|'),
      description: `the role (default: ${DEFAULT_ROLE})`,
    },
  },
  prepare({ positionals: [rawEmail = '', rawHost = ''], values }) {
    const email = parseEmail(rawEmail, 'member add');
    const host = parseHostName(rawHost, 'member add');
    const role = parseRole((values.role as string | undefined) ?? DEFAULT_ROLE, 'member add');
    return async ({ db, out }) => {
      const { report, unconfirmed, domainName } = await db.transaction().execute(async (trx) => {
        const domain = await requireKnownDomain(trx, host);
        const change = await setMemberRole(trx, domain.id, CLI_ACTOR, email, role);
        if (!change.ok) throw new InputError(lastAdminMessage(email, domain.domain));
        const member = await findMemberWithName(trx, domain.id, email);
        const { before } = change;
        const line = !before
          ? `Added ${email} to ${domain.domain} as ${role}.`
          : before === role
            ? `${email} is already ${role} on ${domain.domain}.`
            : `Changed ${email} on ${domain.domain} from ${before} to ${role}.`;
        return { report: line, unconfirmed: member?.unconfirmed === true, domainName: domain.domain };
      });
      out.line(report);
      if (unconfirmed) {
        // Decision 055: the account was made from another domain's invitation link.
        out.note(
          `${email} has an account that has not shown it owns this address, so the role does not apply yet. ` +
            `It applies once they confirm the address by e-mail, or accept an invitation from an admin of ${domainName}; ` +
            `if you know the account is theirs: masthead user confirm ${email}`,
        );
      }
    };
  },
};

const remove: Command = {
  name: 'member remove',
  synopsis: '<email> <domain>',
  summary: 'take away access to a domain',
  description:
    "Removes the user with this e-mail from the domain. Their posts stay. The domain's last admin\n" +
    'cannot be removed or given another role: make someone else an admin first.',
  positionals: ['email', 'domain'],
  options: {},
  prepare({ positionals: [rawEmail = '', rawHost = ''] }) {
    const email = parseEmail(rawEmail, 'member remove');
    const host = parseHostName(rawHost, 'member remove');
    return async ({ db, out }) => {
      const domain = await requireKnownDomain(db, host);
      const change = await db.transaction().execute((trx) => removeMember(trx, domain.id, CLI_ACTOR, email));
      if (!change.ok && change.reason === 'last-admin')
        throw new InputError(lastAdminMessage(email, domain.domain));
      if (!change.ok) throw new InputError(`${email} is not a member of ${domain.domain}`);
      out.line(`Removed ${email} from ${domain.domain}.`);
    };
  },
};

const list: Command = {
  name: 'member list',
  synopsis: '<domain>',
  summary: "list a domain's members and their roles",
  description:
    'Prints one line per member of the domain: the e-mail and the role, and "(not confirmed)" when the\n' +
    "address's account has not shown it owns the mailbox, so that the role does not apply yet.",
  positionals: ['domain'],
  options: {},
  prepare({ positionals: [rawHost = ''] }) {
    const host = parseHostName(rawHost, 'member list');
    return async ({ db, out }) => {
      const domain = await requireKnownDomain(db, host);
      const members = await listMembersWithNames(db, domain.id);
      if (members.length === 0) out.note(`${domain.domain} has no members yet.`);
      const rows = members.map((m) => [m.email, m.role, ...(m.unconfirmed ? ['(not confirmed)'] : [])]);
      for (const line of formatTable(rows)) out.line(line);
    };
  },
};

export const memberCommands: CommandGroup = {
  name: 'member',
  summary: 'Manages who may work on a domain, and in which role',
  commands: [add, remove, list],
};
