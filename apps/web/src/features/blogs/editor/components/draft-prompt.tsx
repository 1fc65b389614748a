import i18next from 'i18next';
import { useId } from 'react';
import { useTranslation } from '../../../../lib/use-translation.js';
import type { StoredDraft } from '../draft-storage.js';

interface DraftPromptProps {
  draft: StoredDraft;
  /** When the post was last saved, to say whether it changed after the copy was made. */
  postLastModified: string | undefined;
  onRestore: () => void;
  onDiscard: () => void;
}

/** In the detected language (en-GB writes dates its own way), through Intl rather than by hand. */
export function formatDraftTime(iso: string, locale = i18next.language || undefined): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}

/**
 * Offers the unsaved copy an earlier visit left behind. It is a notice rather than a modal so the
 * user can look at the post first; the copy stays stored until they choose.
 */
export function DraftPrompt({ draft, postLastModified, onRestore, onDiscard }: DraftPromptProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const stale =
    postLastModified !== undefined &&
    draft.basedOn !== null &&
    draft.basedOn.lastModifiedDate !== postLastModified;
  return (
    <section className="post-editor__notice" aria-labelledby={headingId}>
      <div role="status">
        <p id={headingId}>
          <strong>{t('blogEditor.draft.found', { time: formatDraftTime(draft.savedAt) })}</strong>
        </p>
        {stale && <p>{t('blogEditor.draft.stale', { time: formatDraftTime(postLastModified) })}</p>}
      </div>
      <div className="post-editor__notice-actions">
        <button type="button" className="button button--primary" onClick={onRestore}>
          {t('blogEditor.draft.restore')}
        </button>
        <button type="button" className="button button--secondary" onClick={onDiscard}>
          {t('blogEditor.draft.discard')}
        </button>
      </div>
    </section>
  );
}
