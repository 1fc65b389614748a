import type { BlogPost, Category, Tag } from '@masthead/contract';
import type { Role } from '@masthead/contract/constants';
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { NEW_POST_ID } from '../../../../config/paths.js';
import { formatDateTime } from '../../../../lib/format-date.js';
import { useTranslation } from '../../../../lib/use-translation.js';
import { useNotify } from '../../../notifications/use-notify.js';
import type { RestoredVersion } from '../../revisions/components/restore-dialog.js';
import { useLazyGetBlogQuery, type VersionedPost } from '../../api/get-blog.js';
import { postActions } from '../../post-actions.js';
import { draftKey } from '../draft-storage.js';
import { loadHistoryPanel } from '../history-module.js';
import { controlId } from '../field-ids.js';
import { useLocalDraft } from '../hooks/use-local-draft.js';
import { usePostForm } from '../hooks/use-post-form.js';
import { useSavePost } from '../hooks/use-save-post.js';
import { useSaveShortcut } from '../hooks/use-save-shortcut.js';
import {
  completeLeave,
  useUnsavedChangesGuard,
  type LeaveAttempt,
} from '../hooks/use-unsaved-changes-guard.js';
import { postBody } from '../post-body.js';
import { previewReadiness } from '../preview-readiness.js';
import type { PreviewTools } from '../../../../lib/post-preview.js';
import { newPostValues, postToValues } from '../post-form-values.js';
import type { FieldKey } from '../validate-post.js';
import { ConflictDialog } from './conflict-dialog.js';
import { DraftPrompt } from './draft-prompt.js';
import { EditorBar } from './editor-bar.js';
import { LeaveDialog } from './leave-dialog.js';
import { PostFormFields, type ColumnDefsState } from './post-form-fields.js';

const HistoryPanel = lazy(loadHistoryPanel);

interface PostEditorFormProps {
  domain: string;
  domainId: string;
  /** The post as first loaded, with its ETag; null for a new post. */
  loaded: VersionedPost | null;
  role: Role | undefined;
  authorName: string;
  tagOptions: Tag[] | undefined;
  categoryOptions: Category[] | undefined;
  columnDefs: ColumnDefsState;
  onClose: () => void;
  previewTools?: PreviewTools | undefined;
}

/** Why Save is off: the role writes nothing here, or the workflow locks the post (spec §4). */
function lockReason(post: BlogPost | undefined, role: Role | undefined): string | null {
  if (role === undefined) return 'blogEditor.locked.noRole';
  if (!post) return null;
  const { edit } = postActions(post, role);
  if (!edit.visible) return 'blogEditor.locked.noRole';
  if (edit.enabled) return null;
  return post.published ? 'blogEditor.locked.published' : 'blogEditor.locked.approved';
}

/**
 * The editor of one post. It keeps the version it was loaded at (`version`) for If-Match, whatever
 * the cache refetches meanwhile: only the user's "Reload the post" replaces what they see.
 */
export function PostEditorForm(props: PostEditorFormProps) {
  const { domain, domainId, loaded, role, authorName, columnDefs, onClose, previewTools: Preview } = props;
  const { t } = useTranslation();
  const notify = useNotify();
  const idPrefix = useId();
  const headingId = `${idPrefix}-heading`;
  const [version, setVersion] = useState(loaded);
  const postId = loaded?.post.id ?? null;
  const isNew = postId === null;
  const form = usePostForm(
    loaded ? postToValues(loaded.post) : newPostValues(authorName),
    columnDefs.defs ?? [],
  );
  const draft = useLocalDraft({
    storageKey: draftKey(domainId, postId ?? NEW_POST_ID),
    values: form.values,
    loadedValues: form.baseline,
    dirty: form.dirty,
    basedOn: version && { lastModifiedDate: version.post.lastModifiedDate, etag: version.etag },
  });
  const [leaveAttempt, setLeaveAttempt] = useState<LeaveAttempt | null>(null);
  const guard = useUnsavedChangesGuard(form.dirty, setLeaveAttempt);
  const [conflict, setConflict] = useState(false);
  const [reloading, setReloading] = useState(false);
  const [historyOpen, setHistoryOpen] = useState(false);
  // While the live preview is open, Save keeps the editor open so that the pane shows the save.
  const [livePaneOpen, setLivePaneOpen] = useState(false);
  const livePaneOpenRef = useRef(false);
  livePaneOpenRef.current = livePaneOpen;
  const [paneHost, setPaneHost] = useState<HTMLElement | null>(null);
  const [noticeHost, setNoticeHost] = useState<HTMLElement | null>(null);
  const [fetchPost] = useLazyGetBlogQuery();
  const { save, saving } = useSavePost({ domain, postId });
  const locked = lockReason(version?.post, role);

  useEffect(() => {
    if (!isNew) void loadHistoryPanel();
  }, [isNew]);

  // Focus moves once the messages are rendered, so the field is announced with its message.
  const [focusRequest, setFocusRequest] = useState<{ field: FieldKey } | null>(null);
  useEffect(() => {
    if (focusRequest) document.getElementById(controlId(idPrefix, focusRequest.field))?.focus();
  }, [focusRequest, idPrefix]);

  // From here on nothing asks or writes a draft: the editor is about to close.
  const leave = (reason: 'saved' | 'discarded') => {
    draft.clear(reason);
    guard.release();
  };

  const cannotSave = () => locked !== null || saving || leaveAttempt !== null || conflict || historyOpen;

  /**
   * Sends the form. Saving closes the editor (spec §4), except when `stay` (a preview asked for the
   * save, or the live preview is open): the editor then holds the saved version as its baseline.
   */
  const send = async ({ stay }: { stay: boolean }) => {
    const sent = form.getValues();
    const body = postBody(sent, columnDefs.defs, version?.post.fields);
    const { outcome, saved } = await save(body, version?.etag ?? null);
    if (outcome === 'conflict') setConflict(true);
    if (outcome !== 'saved') return outcome;
    notify({
      type: 'success',
      title: t(isNew ? 'notification.created' : 'notification.updated'),
      description: [t(isNew ? 'notification.blogCreated' : 'notification.blogUpdated')],
    });
    if (stay && !isNew && saved) {
      setVersion(saved);
      form.markSaved(sent);
    } else {
      leave('saved');
      onClose();
    }
    return outcome;
  };

  const showProblems = () => {
    const firstProblem = form.validate();
    if (firstProblem) setFocusRequest({ field: firstProblem });
    return firstProblem !== null;
  };

  const handleSave = async () => {
    if (cannotSave() || showProblems()) return;
    await send({ stay: livePaneOpenRef.current });
  };
  useSaveShortcut(() => void handleSave());

  const saveForPreview = async () => {
    if (cannotSave() || showProblems()) return false;
    return (await send({ stay: true })) === 'saved';
  };

  const cancel = () => (form.dirty ? setLeaveAttempt({ kind: 'cancel' }) : onClose());

  const discardAndLeave = () => {
    if (!leaveAttempt) return;
    setLeaveAttempt(null);
    leave('discarded');
    completeLeave(leaveAttempt, onClose);
  };

  const reloadPost = async () => {
    if (!postId) return;
    setReloading(true);
    try {
      const { data } = await fetchPost({ domain, id: postId }, false);
      // A failed reload (the post was deleted, say) has raised its toast; nothing is replaced.
      if (!data) return;
      if (form.dirty) draft.keepAsOffer(form.getValues());
      setVersion(data);
      form.replace(postToValues(data.post), { asLoaded: true });
      setConflict(false);
    } finally {
      setReloading(false);
    }
  };

  // A restore is a save: the editor now holds that version, as if it had been loaded. Unsaved
  // changes it replaced are kept as a draft offer, as after a reload (nothing typed is lost).
  const takeRestored = (restored: RestoredVersion) => {
    if (form.dirty) draft.keepAsOffer(form.getValues());
    setVersion({ post: restored.post, etag: restored.etag });
    form.replace(postToValues(restored.post), { asLoaded: true });
    setHistoryOpen(false);
    const skipped = restored.skipped.join(', ');
    notify({
      type: 'success',
      title: t('history.restoredTitle'),
      description: [
        t('history.restoredBody', { date: formatDateTime(restored.versionDate) }),
        ...(skipped ? [t('history.restoredSkipped', { items: skipped })] : []),
      ],
    });
  };

  // The notice's buttons go with it; the focus goes to the top of the form, not to the page.
  const restoreDraft = () => {
    if (!draft.offer) return;
    form.replace(draft.offer.values, { asLoaded: false });
    draft.acceptOffer();
    setFocusRequest({ field: 'title' });
  };

  const discardDraft = () => {
    draft.discardOffer();
    setFocusRequest({ field: 'title' });
  };

  return (
    <div className={livePaneOpen ? 'post-editor post-editor--previewing' : 'post-editor'}>
      <EditorBar
        headingId={headingId}
        isNew={isNew}
        saving={saving}
        locked={locked !== null}
        preview={
          Preview &&
          postId &&
          version && (
            <Preview
              domain={domain}
              postId={postId}
              savedVersion={`${version.post.lastModifiedDate} ${version.etag ?? ''}`}
              unsaved={form.dirty}
              saving={saving}
              readiness={() =>
                previewReadiness(
                  { values: form.getValues(), dirty: form.dirty, defs: columnDefs.defs ?? [], locked },
                  t,
                )
              }
              saveFirst={saveForPreview}
              showProblems={() => void showProblems()}
              onLivePaneChange={setLivePaneOpen}
              paneHost={paneHost}
              noticeHost={noticeHost}
            />
          )
        }
        onHistory={() => setHistoryOpen(true)}
        onCancel={cancel}
        onSave={() => void handleSave()}
      />

      <div className="post-editor__body">
        <div className="post-editor__main">
          {locked && (
            <p className="post-editor__notice" role="status">
              {t(locked)}
            </p>
          )}
          <div ref={setNoticeHost} />
          {draft.offer && (
            <DraftPrompt
              draft={draft.offer}
              postLastModified={version?.post.lastModifiedDate}
              onRestore={restoreDraft}
              onDiscard={discardDraft}
            />
          )}

          <form
            className="post-editor__card"
            aria-labelledby={headingId}
            aria-busy={saving}
            noValidate
            // Enter in a field does not save; Save and Ctrl+S do.
            onSubmit={(event) => event.preventDefault()}
          >
            <div className="post-form">
              <PostFormFields
                idPrefix={idPrefix}
                form={form}
                savedPost={version?.post}
                tagOptions={props.tagOptions}
                categoryOptions={props.categoryOptions}
                columnDefs={columnDefs}
                readOnly={locked !== null}
              />
            </div>
          </form>
        </div>
        <div ref={setPaneHost} className="post-editor__side" />
      </div>

      {historyOpen && version && (
        <Suspense fallback={null}>
          <HistoryPanel
            domain={domain}
            current={version}
            defs={columnDefs.defs ?? []}
            canRestore={locked === null && !saving}
            unsaved={form.dirty}
            onClose={() => setHistoryOpen(false)}
            onRestored={takeRestored}
            onConflict={() => {
              setHistoryOpen(false);
              setConflict(true);
            }}
          />
        </Suspense>
      )}
      {leaveAttempt && (
        <LeaveDialog onKeepEditing={() => setLeaveAttempt(null)} onDiscard={discardAndLeave} />
      )}
      {conflict && (
        <ConflictDialog
          reloading={reloading}
          onKeepEditing={() => setConflict(false)}
          onReload={() => void reloadPost()}
        />
      )}
    </div>
  );
}
