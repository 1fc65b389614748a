import type { Role } from '@masthead/contract';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/database.js';
import {
  findMembership,
  findMembershipByDomainId,
  type MemberIdentity,
} from '../db/repositories/domains.repository.js';
import { forbidden, notFound } from '../lib/app-error.js';
import type { VerifiedUser } from '../lib/token-verifier.js';

const RANK: Record<Role, number> = { author: 1, editor: 2, admin: 3 };

export interface DomainAccess {
  id: string;
  domain: string;
  name: string;
  role: Role;
  /** The domain's list version when the membership was read (decision 030). */
  listVersion: string;
}

/** What each role needs (DESIGN §2); the message says who can do it instead. */
export const ACTIONS = {
  read: { role: 'author', what: 'read this domain' },
  writePost: { role: 'author', what: 'write posts' },
  managePost: { role: 'editor', what: 'approve or publish posts' },
  manageTaxonomy: { role: 'editor', what: 'manage tags and categories' },
  uploadAsset: { role: 'author', what: 'upload assets or edit their descriptions' },
  deleteAsset: { role: 'editor', what: 'delete assets' },
  manageDomain: { role: 'admin', what: 'manage this domain' },
} as const satisfies Record<string, { role: Role; what: string }>;
export type Action = keyof typeof ACTIONS;

/** The caller as memberships know people (decision 055). */
export const memberIdentity = (user: VerifiedUser): MemberIdentity => ({
  email: user.email,
  accountId: user.accountId ?? null,
  ownsEmail: user.ownsEmail,
});

function check(access: DomainAccess, action: Action): DomainAccess {
  const need = ACTIONS[action];
  if (RANK[access.role] < RANK[need.role]) {
    throw forbidden(`Your role (${access.role}) cannot ${need.what}; an ${need.role} or higher can`);
  }
  return access;
}

/**
 * The caller's access to the domain named by host. A domain the caller is not a member of gets
 * 403 whether or not it exists, so that the answer reveals nothing about other domains.
 */
export async function requireDomain(db: Db, request: FastifyRequest, host: string, action: Action) {
  const membership = await findMembership(db, host, memberIdentity(request.user));
  if (!membership) throw forbidden(`You are not a member of the domain ${host}`);
  return check(membership, action);
}

/**
 * For calls that name a resource but may omit the domain (the spec's DELETE calls): the resource's
 * own domain is checked. A resource in a domain the caller cannot see is reported as not found.
 */
export async function requireResourceDomain(
  db: Db,
  request: FastifyRequest,
  options: { host: string | undefined; resourceDomainId: string | undefined; what: string; action: Action },
) {
  if (options.host !== undefined) {
    const access = await requireDomain(db, request, options.host, options.action);
    if (options.resourceDomainId !== access.id) throw notFound(options.what);
    return access;
  }
  if (!options.resourceDomainId) throw notFound(options.what);
  const membership = await findMembershipByDomainId(
    db,
    options.resourceDomainId,
    memberIdentity(request.user),
  );
  if (!membership) throw notFound(options.what);
  return check(membership, options.action);
}
