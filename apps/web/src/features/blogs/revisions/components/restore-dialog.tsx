import type { RevisionEntry } from '@masthead/contract';
import { useState } from 'react';
import { ConfirmDialog } from '../../../../components/ui/confirm-dialog.js';
import { failureLines, failureStatus } from '../../../../lib/failed-call.js';
import { formatDateTime } from '../../../../lib/format-date.js';
import { useTranslation } from '../../../../lib/use-translation.js';
import type { VersionedPost } from '../../api/get-blog.js';
import { useRestoreRevisionMutation } from '../api/revisions-api.js';

/** What the editor takes over after a restore: the post as saved, and what could not come back. */
export interface RestoredVersion extends VersionedPost {
  skipped: string[];
  /** When the restored version was saved, for the confirmation. */
  versionDate: string;
}

interface RestoreDialogProps {
  domain: string;
  current: VersionedPost;
  entry: RevisionEntry;
  unsaved: boolean;
  onCancel: () => void;
  onRestored: (restored: RestoredVersion) => void;
  onConflict: () => void;
}

/**
 * "Restore this version?": the restore is a save (If-Match: the version the editor holds), so a
 * post changed meanwhile gets the editor's 412 question and a refusal is shown here, in the dialog.
 */
export function RestoreDialog({
  domain,
  current,
  entry,
  unsaved,
  onCancel,
  onRestored,
  onConflict,
}: RestoreDialogProps) {
  const { t } = useTranslation();
  const [restore, { isLoading }] = useRestoreRevisionMutation();
  const [problem, setProblem] = useState<string>();
  const date = formatDateTime(entry.at);

  async function confirm() {
    if (isLoading) return;
    setProblem(undefined);
    const result = await restore({
      domain,
      postId: current.post.id,
      revisionId: entry.id,
      etag: current.etag,
    });
    if (result.data) return onRestored({ ...result.data, versionDate: entry.at });
    if (failureStatus(result.error) === 412) return onConflict();
    setProblem(failureLines(result.error)[0] ?? t('history.restoreFailed'));
  }

  return (
    <ConfirmDialog
      title={t('history.restoreTitle')}
      cancelLabel={t('common.cancel')}
      confirmLabel={t('history.restoreConfirm')}
      busyLabel={isLoading ? t('history.restoring') : undefined}
      onCancel={onCancel}
      onConfirm={() => void confirm()}
    >
      <p>{t('history.restoreBody', { date })}</p>
      {unsaved && <p>{t('history.restoreUnsaved')}</p>}
      {problem && (
        <p className="history__problem" role="alert">
          {problem}
        </p>
      )}
    </ConfirmDialog>
  );
}
