import {
  PREVIEW_HOURS,
  SHARE_DEFAULT_DAYS,
  type PreviewLink,
  type PreviewRequest,
  type PreviewShare,
} from '@masthead/contract';
import type { Db } from '../db/database.js';
import { findDomainSettings } from '../db/repositories/domains.repository.js';
import { findPostHeading } from '../db/repositories/posts.repository.js';
import {
  countLiveShares,
  insertPreviewToken,
  listLiveShares,
  pruneExpiredPreviewTokens,
  revokePreviewToken,
} from '../db/repositories/preview-tokens.repository.js';
import { findRevision } from '../db/repositories/revisions.repository.js';
import { AppError, badRequest, conflict, notFound } from '../lib/app-error.js';
import { newPreviewToken } from '../lib/one-time-tokens.js';
import { fillPreviewUrl } from '../lib/preview-url.js';
import type { DomainAccess } from './access.js';
import { recordActivity, type Actor } from './activity.js';

/** How many live share links one post may have; an admin revokes some to make room. */
export const MAX_LIVE_SHARES = 20;
/** Expired (and revoked) tokens are kept this long, so that their page says "expired", then pruned. */
const KEPT_AFTER_EXPIRY_MS = 7 * 24 * 3600_000;
const HOUR_MS = 3600_000;
const DAY_MS = 24 * HOUR_MS;

/** Who asks: the member's e-mail (as memberships store it) and name, and their role in the domain. */
export interface Requester extends Actor {
  email: string;
}

/** Admins see and revoke every share link of a post; anyone else, those they made (decision 061). */
const seesEverything = (access: DomainAccess) => access.role === 'admin';
const ownerOf = (requester: Requester) => requester.email.toLowerCase();

/** A share link's name: trimmed, one line; none when blank. */
function checkedLabel(label: string | undefined): string | null {
  const trimmed = label?.trim() ?? '';
  if (trimmed === '') return null;
  if (/\p{Cc}/u.test(trimmed)) throw badRequest(['label: must not contain control characters']);
  return trimmed;
}

function checkRequest(input: PreviewRequest) {
  if (!input.share) {
    const extra = (['days', 'label'] as const).filter((name) => input[name] !== undefined);
    if (extra.length > 0)
      throw badRequest(extra.map((name) => `${name}: is only for a share link (share: true)`));
  }
}

/**
 * Makes a preview token for a post of the domain, as last saved or, with `revisionId`, one of its
 * revisions: the editor's own for an hour, or a share link (listed, revocable, 1–30 days, at most
 * MAX_LIVE_SHARES live per post, with an activity row). The answer is the only place the token
 * appears; `url` is the domain's previewUrl filled with it and the post's slug as saved now, or
 * Masthead's own page.
 */
export async function createPreview(
  db: Db,
  access: DomainAccess,
  requester: Requester,
  postId: string,
  input: PreviewRequest,
  options: { now: Date; publicUrl: string },
): Promise<PreviewLink> {
  checkRequest(input);
  const label = input.share ? checkedLabel(input.label) : null;
  const { now } = options;
  const { token, hash } = newPreviewToken();
  const lifeMs = input.share ? (input.days ?? SHARE_DEFAULT_DAYS) * DAY_MS : PREVIEW_HOURS * HOUR_MS;
  const expiresAt = new Date(now.getTime() + lifeMs);

  const made = await db.transaction().execute(async (trx) => {
    // A share link locks the post, so that two at once cannot both pass the limit.
    const post = await findPostHeading(trx, access.id, postId, { forUpdate: input.share === true });
    if (!post) throw notFound('Blog post');
    const revisionId = input.revisionId ?? null;
    if (revisionId !== null) {
      const revision = await findRevision(trx, access.id, postId, revisionId);
      if (!revision) throw notFound('Revision');
      if (!revision.has_content)
        throw conflict('This history entry is a workflow event; it has no content to preview');
    }
    if (input.share && (await countLiveShares(trx, postId, now)) >= MAX_LIVE_SHARES) {
      throw new AppError(
        409,
        [`This post has ${MAX_LIVE_SHARES} live share links, the most it may have; revoke one first`],
        `A post may have at most ${MAX_LIVE_SHARES} live share links; an admin of the domain can revoke any of them.`,
      );
    }
    await pruneExpiredPreviewTokens(trx, new Date(now.getTime() - KEPT_AFTER_EXPIRY_MS));
    const row = await insertPreviewToken(trx, {
      domainId: access.id,
      postId,
      revisionId,
      kind: input.share ? 'share' : 'editor',
      label,
      hash,
      createdBy: ownerOf(requester),
      createdByName: requester.name ?? null,
      createdAt: now,
      expiresAt,
    });
    if (input.share) {
      await recordActivity(trx, access.id, requester, {
        kind: 'preview.shared',
        objectId: row.id,
        objectLabel: post.title,
        after: { label, days: Math.round(lifeMs / DAY_MS) },
      });
    }
    const settings = await findDomainSettings(trx, access.id);
    return { id: row.id, slug: post.slug, previewUrl: settings?.preview_url ?? null };
  });

  const url =
    made.previewUrl === null
      ? `${options.publicUrl}/preview/${encodeURIComponent(token)}`
      : fillPreviewUrl(made.previewUrl, { token, slug: made.slug, id: postId });
  return { id: made.id, token, url, expiresDate: expiresAt.toISOString() };
}

/** A post of another domain, or none, is not found: its links are not there either. */
async function requirePost(db: Db, domainId: string, postId: string) {
  if (!(await findPostHeading(db, domainId, postId))) throw notFound('Blog post');
}

/** The post's live share links the requester may see: all for an admin, else their own. */
export async function listShares(
  db: Db,
  access: DomainAccess,
  requester: Requester,
  postId: string,
  now: Date,
): Promise<PreviewShare[]> {
  await requirePost(db, access.id, postId);
  const rows = await listLiveShares(db, postId, now, seesEverything(access) ? undefined : ownerOf(requester));
  return rows.map((row) => ({
    id: row.id,
    label: row.label,
    createdBy: row.created_by,
    createdDate: row.created_at.toISOString(),
    expiresDate: row.expires_at.toISOString(),
    revisionId: row.revision_id,
  }));
}

/**
 * Revokes a live token of the post: any for an admin, else one the requester made (another's is
 * a 404, as if it were not there). A share link's revocation adds an activity row. The next read
 * with it, on any process, is refused: every read looks the token up.
 */
export async function revokePreview(
  db: Db,
  access: DomainAccess,
  requester: Requester,
  postId: string,
  tokenId: string,
  now: Date,
) {
  await db.transaction().execute(async (trx) => {
    const post = await findPostHeading(trx, access.id, postId);
    if (!post) throw notFound('Blog post');
    const revoked = await revokePreviewToken(
      trx,
      {
        domainId: access.id,
        postId,
        id: tokenId,
        createdBy: seesEverything(access) ? undefined : ownerOf(requester),
      },
      now,
    );
    if (!revoked) throw notFound('Preview link');
    if (revoked.kind === 'share') {
      await recordActivity(trx, access.id, requester, {
        kind: 'preview.revoked',
        objectId: revoked.id,
        objectLabel: post.title,
        before: { label: revoked.label },
      });
    }
  });
}
