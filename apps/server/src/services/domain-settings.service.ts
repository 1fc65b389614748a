import { POST_URL_MESSAGE, PREVIEW_URL_MESSAGE } from '@masthead/contract';
import type { Db } from '../db/database.js';
import {
  findDomainSettings,
  updateDomainSettings,
  type DomainSettingsRow,
} from '../db/repositories/domains.repository.js';
import { badRequest, notFound } from '../lib/app-error.js';
import { isPostUrlPattern } from '../lib/post-url.js';
import { isPreviewUrlPattern } from '@masthead/contract';
import { recordActivity, type Actor } from './activity.js';

export interface DomainSettingsValues {
  postUrl: string | null;
  publicFeeds: boolean;
  /** Left as it is when undefined (a PUT without it, a CLI call without --preview-url). */
  previewUrl?: string | null;
}

const asSettings = (row: DomainSettingsRow) => ({
  postUrl: row.post_url,
  publicFeeds: row.public_feeds,
  previewUrl: row.preview_url,
});

/**
 * Sets the domain's delivery settings in the caller's transaction; a real change adds an activity
 * row with the settings before and after it (a call that changes nothing adds none). Returns the
 * settings as stored, or undefined when the domain is gone.
 */
export async function setDomainSettings(
  trx: Db,
  domainId: string,
  actor: Actor,
  settings: DomainSettingsValues,
): Promise<DomainSettingsRow | undefined> {
  // The row is read (and locked) by the update; an absent previewUrl keeps what it holds.
  const current = await currentPreviewUrl(trx, domainId, settings);
  if (current === undefined) return undefined;
  const result = await updateDomainSettings(trx, domainId, { ...settings, previewUrl: current });
  if (!result) return undefined;
  const before = asSettings(result.before);
  const after = asSettings(result.after);
  const names = ['postUrl', 'publicFeeds', 'previewUrl'] as const;
  if (names.some((name) => before[name] !== after[name])) {
    await recordActivity(trx, domainId, actor, { kind: 'domain.settings_updated', before, after });
  }
  return result.after;
}

async function currentPreviewUrl(trx: Db, domainId: string, settings: DomainSettingsValues) {
  if (settings.previewUrl !== undefined) return settings.previewUrl;
  const row = await findDomainSettings(trx, domainId, { forUpdate: true });
  return row === undefined ? undefined : row.preview_url;
}

/**
 * An admin's change of the settings (PUT /cms/domain/settings), in its own transaction: 400 names
 * each address pattern that is not allowed, 404 when the domain is gone.
 */
export async function changeDomainSettings(
  db: Db,
  domainId: string,
  actor: Actor,
  settings: DomainSettingsValues,
): Promise<DomainSettingsRow> {
  const { postUrl, previewUrl } = settings;
  const problems = [
    ...(postUrl !== null && !isPostUrlPattern(postUrl) ? [`postUrl: ${POST_URL_MESSAGE}`] : []),
    ...(typeof previewUrl === 'string' && !isPreviewUrlPattern(previewUrl)
      ? [`previewUrl: ${PREVIEW_URL_MESSAGE}`]
      : []),
  ];
  if (problems.length > 0) throw badRequest(problems);
  const row = await db.transaction().execute((trx) => setDomainSettings(trx, domainId, actor, settings));
  if (!row) throw notFound('Domain');
  return row;
}
