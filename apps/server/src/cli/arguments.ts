import { MAX_NAME_LENGTH, ROLES, type Role } from '@masthead/contract';
import { UsageError } from './cli-error.js';

// A DNS label: letters, digits and inner hyphens, 1 to 63 characters.
const LABEL = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?';
const HOST_NAME = new RegExp(`^${LABEL}(?:\\.${LABEL})*$`);

/** Domains are stored lower-case (the table checks it), so the host name is lower-cased first. */
export function parseHostName(value: string, command: string): string {
  const host = value.trim().toLowerCase();
  if (/[:/]/.test(host)) {
    throw new UsageError(
      `'${value}' is not a host name: give the host alone, without scheme, port or path`,
      command,
    );
  }
  if (host.length > 253 || !HOST_NAME.test(host)) {
    throw new UsageError(`'${value}' is not a host name: use letters, digits, hyphens and dots`, command);
  }
  return host;
}

/**
 * Members are matched by the e-mail of their token, stored lower-case. The check is deliberately
 * loose (one @, no spaces, a host name after the @): the identity provider owns the real rules.
 */
export function parseEmail(value: string, command: string): string {
  const email = value.trim().toLowerCase();
  const at = email.lastIndexOf('@');
  const local = email.slice(0, at);
  const host = email.slice(at + 1);
  if (at < 1 || /[\s@]/.test(local) || !HOST_NAME.test(host) || email.length > 320) {
    throw new UsageError(`'${value}' is not an e-mail address`, command);
  }
  return email;
}

export function parseRole(value: string, command: string): Role {
  const role = ROLES.find((r) => r === value.trim().toLowerCase());
  if (!role) throw new UsageError(`'${value}' is not a role: use ${ROLES.join(', ')}`, command);
  return role;
}

export function parseDisplayName(value: string | undefined, command: string): string {
  const name = value?.trim() ?? '';
  if (name === '') throw new UsageError('missing --name <display name>', command);
  if (name.length > MAX_NAME_LENGTH) {
    throw new UsageError(`the display name is longer than ${MAX_NAME_LENGTH} characters`, command);
  }
  if (/\p{Cc}/u.test(name))
    throw new UsageError('the display name must not contain control characters', command);
  return name;
}
