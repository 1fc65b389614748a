import { userInfo } from 'node:os';
import type { Actor } from '../services/activity.js';

/**
 * Who the audit trail names for a change made with the command line (decision 048): the e-mail
 * `cli`, so that the person filter shows every such change together, and the operating-system
 * account that ran it as the name, when the system can say.
 */
export function cliActor(): Actor {
  let name: string | null = null;
  try {
    name = userInfo().username || null;
  } catch {
    // No account for this uid (a container): the change is still the command line's.
  }
  return { email: 'cli', name };
}
