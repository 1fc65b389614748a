import { sql } from 'kysely';
import type { Role } from '@masthead/contract';
import type { Db } from '../database.js';
import { compiledOnce } from '../compiled-once.js';
import { appliesTo, identityArgs, type MemberIdentity } from './member-identity.js';

export type { MemberIdentity };

export function findDomainByHost(db: Db, host: string) {
  return db.selectFrom('domains').selectAll().where('domain', '=', host.toLowerCase()).executeTakeFirst();
}

export function findDomainById(db: Db, id: string) {
  return db.selectFrom('domains').selectAll().where('id', '=', id).executeTakeFirst();
}

export function listDomains(db: Db) {
  return db.selectFrom('domains').selectAll().orderBy('domain').execute();
}

export function countDomains(db: Db) {
  return db
    .selectFrom('domains')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow()
    .then((row) => Number(row.n));
}

export function insertDomain(db: Db, values: { domain: string; name: string }) {
  return db
    .insertInto('domains')
    .values({ domain: values.domain.toLowerCase(), name: values.name })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function deleteDomain(db: Db, host: string) {
  return db.deleteFrom('domains').where('domain', '=', host.toLowerCase()).executeTakeFirst();
}

const settingsColumns = ['post_url', 'public_feeds', 'preview_url'] as const;

export function findDomainSettings(db: Db, domainId: string, options: { forUpdate?: boolean } = {}) {
  let query = db.selectFrom('domains').select(settingsColumns).where('id', '=', domainId);
  if (options.forUpdate) query = query.forUpdate();
  return query.executeTakeFirst();
}

/** Every domain's preview address pattern, each once (the web app's frame-src, decision 061). */
export async function listPreviewUrls(db: Db): Promise<string[]> {
  const rows = await db
    .selectFrom('domains')
    .select('preview_url')
    .distinct()
    .where('preview_url', 'is not', null)
    .execute();
  return rows.flatMap((row) => (row.preview_url === null ? [] : [row.preview_url]));
}

export type DomainSettingsRow = NonNullable<Awaited<ReturnType<typeof findDomainSettings>>>;

/**
 * Sets the domain's settings; answers them before and after, or undefined when the domain is gone.
 * A post's `url` in the delivery API and the feeds come from `post_url` and `public_feeds`, so a
 * real change of either bumps the domain's list version (decision 030) in the caller's transaction:
 * cached answers and ETags then change. `preview_url` is in no cached answer: it bumps nothing.
 */
export async function updateDomainSettings(
  trx: Db,
  domainId: string,
  settings: { postUrl: string | null; publicFeeds: boolean; previewUrl: string | null },
): Promise<{ before: DomainSettingsRow; after: DomainSettingsRow } | undefined> {
  const before = await findDomainSettings(trx, domainId, { forUpdate: true });
  if (!before) return undefined;
  const after = {
    post_url: settings.postUrl,
    public_feeds: settings.publicFeeds,
    preview_url: settings.previewUrl,
  };
  const changed = (name: keyof DomainSettingsRow) => before[name] !== after[name];
  if (!changed('post_url') && !changed('public_feeds') && !changed('preview_url')) return { before, after };
  await trx.updateTable('domains').set(after).where('id', '=', domainId).execute();
  if (changed('post_url') || changed('public_feeds'))
    await sql`select list_versions_bump(array[${domainId}]::uuid[])`.execute(trx);
  return { before, after };
}

/**
 * A membership as the access checks read it: the domain, the role, and the domain's list version
 * (decision 030), read in the same statement. The version is a bigint, read as text.
 */
const membershipColumns = [
  'domains.id',
  'domains.domain',
  'domains.name',
  'memberships.role',
  sql<string>`list_versions.version::text`.as('listVersion'),
] as const;

/** A membership by the domain's host name (lower-case) and the member. */
const membershipByHost = compiledOnce(
  (db: Db, host: string, email: string, ownsEmail: string, accountId: string) =>
    db
      .selectFrom('memberships')
      .innerJoin('domains', 'domains.id', 'memberships.domain_id')
      .innerJoin('list_versions', 'list_versions.domain_id', 'domains.id')
      .select(membershipColumns)
      .where('domains.domain', '=', host)
      .where(appliesTo(email, ownsEmail, accountId)),
);

/** A membership by the domain's id and the member. */
const membershipByDomainId = compiledOnce(
  (db: Db, domainId: string, email: string, ownsEmail: string, accountId: string) =>
    db
      .selectFrom('memberships')
      .innerJoin('domains', 'domains.id', 'memberships.domain_id')
      .innerJoin('list_versions', 'list_versions.domain_id', 'domains.id')
      .select(membershipColumns)
      .where('domains.id', '=', domainId)
      .where(appliesTo(email, ownsEmail, accountId)),
);

/**
 * The domain and the caller's role in it, or undefined when no membership of the domain applies to
 * the caller. Every /cms request that names a domain runs it, so its statement is compiled once.
 */
export function findMembership(db: Db, host: string, member: MemberIdentity) {
  return membershipByHost(db, host.toLowerCase(), ...identityArgs(member));
}

export function findMembershipByDomainId(db: Db, domainId: string, member: MemberIdentity) {
  return membershipByDomainId(db, domainId, ...identityArgs(member));
}

/** The memberships that apply to the member, by domain. */
export function listMembershipsOf(db: Db, member: MemberIdentity) {
  return db
    .selectFrom('memberships')
    .innerJoin('domains', 'domains.id', 'memberships.domain_id')
    .select(['domains.id', 'domains.domain', 'domains.name', 'memberships.role'])
    .where(appliesTo(...identityArgs(member)))
    .orderBy('domains.domain')
    .execute();
}

/**
 * Gives the e-mail the role on the domain; with `accountId`, to that account (an accepted
 * invitation, decision 055), which binds an existing membership of the e-mail to it too.
 */
export function upsertMembership(db: Db, domainId: string, email: string, role: Role, accountId?: string) {
  return db
    .insertInto('memberships')
    .values({ domain_id: domainId, email: email.toLowerCase(), role, account_id: accountId ?? null })
    .onConflict((oc) =>
      oc.columns(['domain_id', 'email']).doUpdateSet(accountId ? { role, account_id: accountId } : { role }),
    )
    .execute();
}

export function deleteMembership(db: Db, domainId: string, email: string) {
  return db
    .deleteFrom('memberships')
    .where('domain_id', '=', domainId)
    .where('email', '=', email.toLowerCase())
    .executeTakeFirst();
}
