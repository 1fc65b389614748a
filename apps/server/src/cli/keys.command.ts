import { KEYS_KEPT, rotateKeys } from '../idp/keys.js';
import type { Command, CommandGroup } from './command.js';
import { requireBuiltInProvider } from './user.command.js';

const rotate: Command = {
  name: 'keys rotate',
  synopsis: '',
  summary: "replace the built-in provider's signing and cookie keys",
  description:
    'Creates a new token-signing key and a new cookie key, which take over at the next start of the\n' +
    `server. The previous keys stay published, so tokens and sessions they signed stay valid; only the\n` +
    `${KEYS_KEPT} newest keys of each kind are kept. Restart every server instance afterwards.`,
  positionals: [],
  options: {},
  prepare(_args, context) {
    requireBuiltInProvider(context);
    return async ({ db, out }) => {
      const keys = await rotateKeys(db);
      const [current, ...previous] = keys.signing.map((key) => key.kid ?? '');
      out.line(`New signing key: ${current}`);
      if (previous.length > 0) out.line(`Still published: ${previous.join(', ')}`);
      out.note('Restart the server (every instance) to sign with the new key.');
    };
  },
};

export const keysCommands: CommandGroup = {
  name: 'keys',
  summary: "Manages the built-in identity provider's keys (not used with OIDC_AUTHORITY)",
  commands: [rotate],
};
