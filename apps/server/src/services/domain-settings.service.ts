import type { Db } from '../db/database.js';
import { findDomainSettings, updateDomainSettings } from '../db/repositories/domains.repository.js';
import { recordActivity, type Actor } from './activity.js';

export interface DomainSettingsValues {
  postUrl: string | null;
  publicFeeds: boolean;
}

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
) {
  const current = await findDomainSettings(trx, domainId, { forUpdate: true });
  if (!current) return undefined;
  const updated = await updateDomainSettings(trx, domainId, settings);
  if (!updated) return undefined;
  const before = { postUrl: current.post_url, publicFeeds: current.public_feeds };
  const after = { postUrl: updated.post_url, publicFeeds: updated.public_feeds };
  if (before.postUrl !== after.postUrl || before.publicFeeds !== after.publicFeeds) {
    await recordActivity(trx, domainId, actor, { kind: 'domain.settings_updated', before, after });
  }
  return updated;
}
