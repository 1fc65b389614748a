import type { Db } from '../db/database.js';
import { updateDomainSettings, type DomainSettingsRow } from '../db/repositories/domains.repository.js';
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
  const row = await trx
    .selectFrom('domains')
    .select('preview_url')
    .where('id', '=', domainId)
    .forUpdate()
    .executeTakeFirst();
  return row === undefined ? undefined : row.preview_url;
}
