import type { ReactNode } from 'react';
import { CloseIcon, Icon } from '../../../../components/ui/icons.js';
import { useTranslation } from '../../../../lib/use-translation.js';

/** A clock turning back, for History (an icon alone on phones, where the bar has room for little). */
const HistoryIcon = () => (
  <Icon size={18}>
    <path d="M3 12a9 9 0 1 0 3-6.7L3 8m0-5v5h5M12 7v5l3 2" />
  </Icon>
);

interface EditorBarProps {
  headingId: string;
  isNew: boolean;
  saving: boolean;
  /** Save is off: the role or the workflow locks the post. */
  locked: boolean;
  /** The preview controls of a saved post (issue 30), before History. */
  preview: ReactNode;
  onHistory: () => void;
  onCancel: () => void;
  onSave: () => void;
}

/**
 * The editor's sticky bar: the heading and the actions, one row even at 375 px, where History,
 * Cancel and the preview controls are their icons, named by hidden labels.
 */
export function EditorBar({
  headingId,
  isNew,
  saving,
  locked,
  preview,
  onHistory,
  onCancel,
  onSave,
}: EditorBarProps) {
  const { t } = useTranslation();
  return (
    <div className="post-editor__bar">
      <h1 id={headingId} className="post-editor__heading">
        {t(isNew ? 'blogEditor.newHeading' : 'blogEditor.editHeading')}
      </h1>
      <div className="post-editor__actions">
        {preview}
        {!isNew && (
          <button
            type="button"
            className="button button--secondary post-editor__history"
            aria-haspopup="dialog"
            title={t('history.button')}
            onClick={onHistory}
          >
            <HistoryIcon />
            <span className="post-editor__history-label">{t('history.button')}</span>
          </button>
        )}
        <button
          type="button"
          className="button button--secondary post-editor__cancel"
          title={t('common.cancel')}
          disabled={saving}
          onClick={onCancel}
        >
          <span className="post-editor__cancel-icon">
            <CloseIcon />
          </span>
          <span className="post-editor__cancel-label">{t('common.cancel')}</span>
        </button>
        <button
          type="button"
          className="button button--primary"
          disabled={saving || locked}
          aria-keyshortcuts="Control+S Meta+S"
          title={t('blogEditor.saveHint')}
          onClick={onSave}
        >
          {saving ? t('common.saving') : t('common.save')}
        </button>
      </div>
    </div>
  );
}
