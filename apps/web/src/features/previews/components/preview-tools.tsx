import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.js';
import { useTranslation } from '../../../lib/use-translation.js';
import { failureLines } from '../../../lib/failed-call.js';
import { useCreatePreviewMutation } from '../api/previews-api.js';
import { openPendingTab } from '../open-preview-tab.js';
import { safePreviewUrl } from '../preview-address.js';
import type { PreviewToolsProps } from '../../../lib/post-preview.js';
import { LivePreviewIcon, PreviewIcon, ShareIcon } from './preview-icons.js';
import '../previews.css';

// Each loads the first time it opens (decision 062): the editor's bar carries only its buttons.
export const loadSharePreviewDialog = () => import('./share-preview-dialog.js');
export const loadLivePreviewPane = () => import('./live-preview-pane.js');
const SharePreviewDialog = lazy(loadSharePreviewDialog);
const LivePreviewPane = lazy(loadLivePreviewPane);

/** What the bar says under itself about the last Preview: why it failed, or a link the browser blocked. */
type Notice = { kind: 'failed'; lines: string[] } | { kind: 'blocked'; url: string };

/**
 * The editor bar's preview controls for a saved post (issue 30): Preview (a new tab with the post as
 * last saved, after saving unsaved changes first or asking when they cannot be saved), Live preview
 * (a pane beside the form that follows each save) and Share preview… (links for people without an
 * account). On phones each is its icon, named by a hidden label, as History is.
 */
export function PreviewTools(props: PreviewToolsProps) {
  const { domain, postId, saving } = props;
  const { t } = useTranslation();
  const [createPreview] = useCreatePreviewMutation();
  const [preparing, setPreparing] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [blockedReasons, setBlockedReasons] = useState<string[] | null>(null);
  const [shareOpen, setShareOpen] = useState(false);
  const [liveOpen, setLiveOpen] = useState(false);
  const liveButton = useRef<HTMLButtonElement>(null);
  const { onLivePaneChange } = props;

  useEffect(() => {
    onLivePaneChange(liveOpen);
  }, [liveOpen, onLivePaneChange]);
  useEffect(() => () => onLivePaneChange(false), [onLivePaneChange]);

  // The tab opens in the click (or in the click on "Preview last saved version"); everything after
  // it is awaited, and the tab follows or closes.
  async function preview(saveFirst: boolean) {
    const tab = openPendingTab(t('preview.tabWaiting'));
    setNotice(null);
    setPreparing(true);
    try {
      if (saveFirst && !(await props.saveFirst())) {
        tab.close();
        return;
      }
      const result = await createPreview({ domain, postId, body: {} });
      const url = result.data && safePreviewUrl(result.data.url);
      if (!url) {
        tab.close();
        setNotice({ kind: 'failed', lines: result.error ? failureLines(result.error) : [] });
        return;
      }
      if (!tab.show(url)) setNotice({ kind: 'blocked', url });
    } finally {
      setPreparing(false);
    }
  }

  function onPreview() {
    const readiness = props.readiness();
    if (readiness.kind === 'blocked') setBlockedReasons(readiness.reasons);
    else void preview(readiness.kind === 'save');
  }

  function closeLive() {
    setLiveOpen(false);
    liveButton.current?.focus();
  }

  return (
    <>
      <button
        type="button"
        className="button button--secondary preview-tools__button"
        title={t('preview.buttonHint')}
        disabled={preparing || saving}
        onClick={onPreview}
      >
        <PreviewIcon />
        <span className="preview-tools__label">
          {preparing ? t('preview.preparing') : t('preview.button')}
        </span>
      </button>
      <button
        ref={liveButton}
        type="button"
        className="button button--secondary preview-tools__button preview-tools__button--secondary"
        title={t('preview.live.button')}
        aria-expanded={liveOpen}
        onClick={() => (liveOpen ? closeLive() : setLiveOpen(true))}
      >
        <LivePreviewIcon />
        <span className="preview-tools__label preview-tools__label--secondary">
          {t('preview.live.button')}
        </span>
      </button>
      <button
        type="button"
        className="button button--secondary preview-tools__button preview-tools__button--secondary"
        title={t('preview.share.button')}
        aria-haspopup="dialog"
        onClick={() => setShareOpen(true)}
      >
        <ShareIcon />
        <span className="preview-tools__label preview-tools__label--secondary">
          {t('preview.share.button')}
        </span>
      </button>

      {notice &&
        props.noticeHost &&
        createPortal(<PreviewNotice notice={notice} onDismiss={() => setNotice(null)} />, props.noticeHost)}
      {blockedReasons && (
        <ConfirmDialog
          title={t('preview.unsaved.title')}
          cancelLabel={t('preview.unsaved.keepEditing')}
          confirmLabel={t('preview.unsaved.previewSaved')}
          onCancel={() => {
            setBlockedReasons(null);
            props.showProblems();
          }}
          onConfirm={() => {
            setBlockedReasons(null);
            void preview(false);
          }}
        >
          <p>{t('preview.unsaved.body')}</p>
          <ul className="preview-tools__reasons">
            {blockedReasons.map((reason) => (
              <li key={reason}>{reason}</li>
            ))}
          </ul>
          <p>{t('preview.unsaved.hint')}</p>
        </ConfirmDialog>
      )}
      {shareOpen && (
        <Suspense fallback={null}>
          <SharePreviewDialog
            domain={domain}
            postId={postId}
            unsaved={props.unsaved}
            onClose={() => setShareOpen(false)}
          />
        </Suspense>
      )}
      {liveOpen && (
        <Suspense fallback={null}>
          <LivePreviewPane
            domain={domain}
            postId={postId}
            savedVersion={props.savedVersion}
            unsaved={props.unsaved}
            host={props.paneHost}
            onClose={closeLive}
          />
        </Suspense>
      )}
    </>
  );
}

function PreviewNotice({ notice, onDismiss }: { notice: Notice; onDismiss: () => void }) {
  const { t } = useTranslation();
  const failed = notice.kind === 'failed';
  return (
    <div className="post-editor__notice preview-notice" role={failed ? 'alert' : 'status'}>
      {failed ? (
        <>
          <p>{t('preview.failed')}</p>
          {notice.lines.map((line) => (
            <p key={line}>{line}</p>
          ))}
        </>
      ) : (
        <p>{t('preview.popupBlocked')}</p>
      )}
      <div className="post-editor__notice-actions">
        {!failed && (
          <a className="button button--primary" href={notice.url} target="_blank" rel="noopener noreferrer">
            {t('preview.openTab')}
          </a>
        )}
        <button type="button" className="button button--secondary" onClick={onDismiss}>
          {t('preview.dismiss')}
        </button>
      </div>
    </div>
  );
}
