import type { ColumnDef, RevisionEntry } from '@masthead/contract';
import { useId, useState } from 'react';
import { CloseIcon } from '../../../../components/ui/icons.js';
import { Modal } from '../../../../components/ui/modal.js';
import { useTranslation } from '../../../../lib/use-translation.js';
import type { VersionedPost } from '../../api/get-blog.js';
import { RevisionList } from './revision-list.js';
import { RevisionView } from './revision-view.js';
import type { RestoredVersion } from './restore-dialog.js';
import '../../../../components/ui/dialog.css';
import '../../../../components/ui/button.css';
import '../history.css';

export interface HistoryPanelProps {
  domain: string;
  /** The post as the editor last loaded or saved it: what "current" means in a comparison. */
  current: VersionedPost;
  defs: ColumnDef[];
  /** Whether the editor may change the post now (a restore is an edit). */
  canRestore: boolean;
  /** The editor holds unsaved changes, which a restore replaces. */
  unsaved: boolean;
  onClose: () => void;
  onRestored: (restored: RestoredVersion) => void;
  /** The post changed since the editor loaded it (412): the editor offers to reload it. */
  onConflict: () => void;
}

/**
 * The editor's History panel (issue 23): a modal side panel with the post's versions, newest first;
 * one version read-only or compared with the current post; and "Restore this version". Its own lazy
 * chunk, with the diff library.
 */
export default function HistoryPanel(props: HistoryPanelProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const [page, setPage] = useState(0);
  const [chosen, setChosen] = useState<RevisionEntry | null>(null);
  const [returnTo, setReturnTo] = useState<string | null>(null);

  return (
    <Modal className="modal history-panel" aria-labelledby={titleId} onClose={props.onClose} closeOnBackdrop>
      <div className="dialog__header">
        <h2 id={titleId} className="dialog__title">
          {t('history.title')}
        </h2>
        <button
          type="button"
          className="dialog__close"
          aria-label={t('common.close')}
          title={t('common.close')}
          onClick={props.onClose}
        >
          <CloseIcon />
        </button>
      </div>
      {chosen ? (
        <RevisionView
          {...props}
          entry={chosen}
          onBack={() => {
            setReturnTo(chosen.id);
            setChosen(null);
          }}
        />
      ) : (
        <RevisionList
          domain={props.domain}
          postId={props.current.post.id}
          page={page}
          onPageChange={setPage}
          onChoose={setChosen}
          returnTo={returnTo}
        />
      )}
    </Modal>
  );
}
