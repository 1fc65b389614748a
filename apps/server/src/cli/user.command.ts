import { findAccountByEmail, markEmailVerified } from '../db/repositories/idp-accounts.repository.js';
import { createAccount, passwordProblem, setPassword } from '../idp/accounts.js';
import { parseDisplayName, parseEmail } from './arguments.js';
import { InputError, UsageError } from './cli-error.js';
import type { Command, CommandGroup, OptionSpec, PrepareContext } from './command.js';

const passwordOption: OptionSpec = {
  type: 'string',
  short: 'p',
  valueName: 'password',
  description: 'the password (visible to other users of this machine; without it, it is asked for)',
};

/** The built-in provider's accounts mean nothing while an external provider signs people in. */
export function requireBuiltInProvider({ env }: PrepareContext) {
  if (env.OIDC_AUTHORITY) {
    throw new InputError(
      `OIDC_AUTHORITY is set, so people sign in at ${env.OIDC_AUTHORITY} and the built-in identity provider is off`,
    );
  }
}

/** The --password given, or one typed twice on the terminal. */
async function newPassword(given: string | undefined, context: PrepareContext, command: string) {
  if (given !== undefined) {
    const problem = passwordProblem(given);
    if (problem) throw new UsageError(problem, command);
    return given;
  }
  if (!context.askSecret) {
    throw new UsageError('give --password: standard input is not a terminal to ask for it', command);
  }
  const password = await context.askSecret('Password: ');
  const problem = passwordProblem(password);
  if (problem) throw new InputError(problem);
  if ((await context.askSecret('Repeat the password: ')) !== password) {
    throw new InputError('the two passwords differ');
  }
  return password;
}

const add: Command = {
  name: 'user add',
  synopsis: '<email> --name <display name> [--password <password>]',
  summary: 'create an account for the built-in sign-in',
  description:
    'Creates an account that signs in on the built-in login page (not with OIDC_AUTHORITY). Without\n' +
    '--password, the password is asked for twice on the terminal, hidden. Passwords have at least 8\n' +
    "characters. The account sees nothing until 'masthead member add' gives it a role on a domain.",
  positionals: ['email'],
  options: {
    name: { type: 'string', short: 'n', valueName: 'display name', description: 'the name shown in the app' },
    password: passwordOption,
  },
  async prepare({ positionals: [rawEmail = ''], values }, context) {
    const email = parseEmail(rawEmail, 'user add');
    const name = parseDisplayName(values.name as string | undefined, 'user add');
    requireBuiltInProvider(context);
    const password = await newPassword(values.password as string | undefined, context, 'user add');
    return async ({ db, out }) => {
      const account = await createAccount(db, { email, name, password });
      if (!account) {
        throw new InputError(
          `an account for ${email} already exists; 'masthead user passwd' changes its password`,
        );
      }
      out.line(`Created the account ${email} (${name}).`);
      out.note(`Give it a role on a domain with: masthead member add ${email} <domain> --role editor`);
    };
  },
};

const passwd: Command = {
  name: 'user passwd',
  synopsis: '<email> [--password <password>]',
  summary: "change an account's password",
  description:
    'Sets a new password for an account of the built-in sign-in and signs it out everywhere: its\n' +
    'sessions and refresh tokens end. Without --password, the password is asked for twice on the\n' +
    'terminal, hidden.',
  positionals: ['email'],
  options: { password: passwordOption },
  async prepare({ positionals: [rawEmail = ''], values }, context) {
    const email = parseEmail(rawEmail, 'user passwd');
    requireBuiltInProvider(context);
    const password = await newPassword(values.password as string | undefined, context, 'user passwd');
    return async ({ db, out }) => {
      if (!(await setPassword(db, email, password))) throw new InputError(`there is no account for ${email}`);
      out.line(`Changed the password of ${email}; it is signed out everywhere.`);
    };
  },
};

const confirm: Command = {
  name: 'user confirm',
  synopsis: '<email>',
  summary: 'vouch that an account belongs to the owner of its address',
  description:
    'An account made from an invitation link has not shown that it owns its mailbox (the link was\n' +
    'seen by the admin who made it), so it gets only the roles it was invited to. Run this when you\n' +
    "know that the account is the address owner's: the roles given to the address on any domain\n" +
    'then apply to it. With a mail server (SMTP_URL) people confirm it themselves, by resetting their\n' +
    'password or accepting an e-mailed invitation.',
  positionals: ['email'],
  options: {},
  prepare({ positionals: [rawEmail = ''] }, context) {
    const email = parseEmail(rawEmail, 'user confirm');
    requireBuiltInProvider(context);
    return async ({ db, out }) => {
      const account = await findAccountByEmail(db, email);
      if (!account) throw new InputError(`there is no account for ${email}`);
      if (account.email_verified) {
        out.line(`${email} is confirmed already.`);
        return;
      }
      await markEmailVerified(db, account.id);
      out.line(`Confirmed ${email}: the roles given to this address now apply to its account.`);
      out.note('Its next sign-in (or token refresh, within 15 minutes) carries them.');
    };
  },
};

export const userCommands: CommandGroup = {
  name: 'user',
  summary: "Manages the built-in identity provider's accounts (not used with OIDC_AUTHORITY)",
  commands: [add, passwd, confirm],
};
