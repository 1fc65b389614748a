import { isContentRevisionKind } from '@masthead/contract/revision-kinds';
import type { RevisionEntry } from '@masthead/contract';
import type { TFunction } from 'i18next';

/** Whether the entry keeps a copy of the content (a save, not a workflow event). */
export const keepsContent = (entry: Pick<RevisionEntry, 'kind'>) => isContentRevisionKind(entry.kind);

/**
 * Who saved it: their name, else their e-mail; the scheduled publisher by what it is. Nobody for the
 * baseline: the server keeps it on behalf of whoever saved the post before history began.
 */
export function saverName(entry: Pick<RevisionEntry, 'kind' | 'by'>, t: TFunction): string | null {
  if (entry.kind === 'baseline') return null;
  if (entry.by.email === 'system') return t('history.system');
  return entry.by.name?.trim() || entry.by.email;
}

/** "title, content, 2 tags added": each part the save changed, in the contract's order. */
function changeList(entry: RevisionEntry, t: TFunction): string {
  const parts: string[] = [];
  for (const change of entry.changes) {
    if (change !== 'tags') {
      parts.push(t(`history.changes.${change}`));
      continue;
    }
    if (entry.tagsAdded > 0) parts.push(t('history.changes.tagsAdded', { count: entry.tagsAdded }));
    if (entry.tagsRemoved > 0) parts.push(t('history.changes.tagsRemoved', { count: entry.tagsRemoved }));
    if (entry.tagsAdded === 0 && entry.tagsRemoved === 0) parts.push(t('history.changes.tagsReordered'));
  }
  return parts.join(t('history.changes.separator'));
}

/**
 * The one line of an entry, in the reader's language (the server's `summary` is English): what a
 * save changed, or the workflow event.
 */
export function entrySummary(
  entry: RevisionEntry,
  t: TFunction,
  formatDate: (iso: string) => string,
): string {
  switch (entry.kind) {
    case 'updated':
      return entry.changes.length > 0
        ? t('history.summary.updated', { changes: changeList(entry, t) })
        : t('history.summary.noChange');
    case 'restored':
      return entry.changes.length > 0
        ? t('history.summary.restored', { changes: changeList(entry, t) })
        : t('history.summary.restoredNoChange');
    case 'scheduled':
      return entry.scheduledFor
        ? t('history.summary.scheduledFor', { date: formatDate(entry.scheduledFor) })
        : t('history.summary.scheduled');
    default:
      return t(`history.summary.${entry.kind}`);
  }
}
