import type { ActivityActor, ActivityEntry } from '@masthead/contract';
import type { TFunction } from 'i18next';

type Translate = TFunction;

/** Who made the change, in words: their name, else their e-mail; the processes by what they are. */
export function actorName(actor: ActivityActor, t: Translate): string {
  if (actor.email === 'system') return t('activity.actors.system');
  if (actor.email === 'cli')
    return actor.name ? t('activity.actors.cliUser', { user: actor.name }) : t('activity.actors.cli');
  return actor.name?.trim() || actor.email;
}

/** "Ana Lima published 'Hello world'": one text per kind, with {{actor}} and {{object}}. */
export function activitySentence(entry: ActivityEntry, t: Translate): string {
  return t(`activity.sentences.${entry.kind}`, {
    actor: actorName(entry.actor, t),
    object: entry.objectLabel ?? entry.objectId ?? '',
  });
}

export interface SettingChange {
  name: string;
  before: string;
  after: string;
}

function shown(value: unknown, t: Translate): string {
  if (value === undefined || value === null) return t('activity.values.none');
  if (typeof value === 'boolean') return t(value ? 'activity.values.on' : 'activity.values.off');
  if (Array.isArray(value)) return value.map((item) => shown(item, t)).join(', ');
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** For settings: each value that differs before and after the change, in words. */
export function settingChanges(entry: ActivityEntry, t: Translate): SettingChange[] {
  const record = (value: unknown) =>
    value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  const before = record(entry.before);
  const after = record(entry.after);
  if (entry.before === null && entry.after === null) return [];
  const names = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return names
    .map((name) => ({ name, before: shown(before[name], t), after: shown(after[name], t) }))
    .filter((change) => change.before !== change.after);
}
