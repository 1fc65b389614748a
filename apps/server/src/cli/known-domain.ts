import type { Db } from '../db/database.js';
import { findDomainByHost } from '../db/repositories/domains.repository.js';
import { InputError } from './cli-error.js';

/** The domain with this host name; an unknown one is the caller's mistake (exit 2), not a failure. */
export async function requireKnownDomain(db: Db, host: string) {
  const domain = await findDomainByHost(db, host);
  if (!domain) throw new InputError(`unknown domain '${host}' (see 'masthead domain list')`);
  return domain;
}

/** '1 post', '2 posts'. */
export function counted(n: number, one: string, many = `${one}s`) {
  return `${n} ${n === 1 ? one : many}`;
}
