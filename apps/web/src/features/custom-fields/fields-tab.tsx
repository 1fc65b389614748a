import type { ColumnDef } from '@masthead/contract';
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { LoadingScreen } from '../../components/ui/loading-screen.js';
import { useTranslation } from '../../lib/use-translation.js';
import { useGetFieldDefinitionsQuery, useSaveFieldDefinitionsMutation } from './api/field-definitions.js';
import { FieldRow } from './components/field-row.js';
import type { RemovalChoice } from './components/remove-fields-dialog.js';
import {
  defsOf,
  draftOf,
  heldValues,
  moved,
  newDraft,
  problemsByRow,
  type FieldDraft,
} from './field-drafts.js';
import './fields-tab.css';

// The preview (with the post editor's inputs) and the dialogs are chunks of their own, so the
// tab's first load stays within the route's budget (DESIGN §6); the preview follows at once.
const FieldsPreview = lazy(() =>
  import('./components/fields-preview.js').then((module) => ({ default: module.FieldsPreview })),
);
const RemoveFieldsDialog = lazy(() =>
  import('./components/remove-fields-dialog.js').then((module) => ({ default: module.RemoveFieldsDialog })),
);
const ConfirmDialog = lazy(() =>
  import('../../components/ui/confirm-dialog.js').then((module) => ({ default: module.ConfirmDialog })),
);

/** The server's 400 lines by the uid of the row they name. */
type Problems = Map<string, string[]>;
const NO_PROBLEMS: Problems = new Map();

/**
 * Settings › Custom fields (issue 22): a form over the domain's field definitions with a live
 * preview. Save sends the whole list with the If-Match of the list it started from (decision 047).
 */
export default function FieldsTab({ domain }: { domain: string }) {
  const { t } = useTranslation();
  const query = useGetFieldDefinitionsQuery(domain);
  const [saveDefs, { isLoading: saving }] = useSaveFieldDefinitionsMutation();
  const [drafts, setDrafts] = useState<FieldDraft[] | null>(null);
  const [saved, setSaved] = useState<{ defs: ColumnDef[]; etag: string | null } | null>(null);
  const [problems, setProblems] = useState<Problems>(NO_PROBLEMS);
  const [removal, setRemoval] = useState<string[] | null>(null);
  const [conflict, setConflict] = useState(false);
  const [reloading, setReloading] = useState(false);
  const [status, setStatus] = useState('');
  const dragFrom = useRef<number | null>(null);
  const addButton = useRef<HTMLButtonElement>(null);

  const start = (from: { defs: ColumnDef[]; etag: string | null }) => {
    const next = from.defs.map(draftOf);
    setDrafts(next);
    // The list as the form would send it: what "changed" compares with, whatever the key order.
    setSaved({ defs: defsOf(next), etag: from.etag });
    setProblems(NO_PROBLEMS);
  };

  // The form starts from the first answer only: a later refetch never replaces what is typed.
  useEffect(() => {
    if (query.data && drafts === null) start(query.data);
  }, [query.data, drafts]);

  const defs = useMemo(() => defsOf(drafts ?? []), [drafts]);
  const dirty = saved !== null && JSON.stringify(defs) !== JSON.stringify(saved.defs);

  if (drafts === null || saved === null) {
    if (query.isError) return <p role="alert">{t('customFields.loadFailed')}</p>;
    return <LoadingScreen inline />;
  }

  const update = (next: FieldDraft[]) => {
    setDrafts(next);
    setStatus('');
  };

  async function save(choice?: RemovalChoice) {
    if (!saved) return;
    const sent = drafts ?? [];
    const { data } = await saveDefs({ domain, etag: saved.etag, defs, removal: choice });
    setRemoval(null);
    if (data?.outcome === 'saved') {
      start(data);
      setStatus(t('customFields.saved'));
    } else if (data?.outcome === 409) setRemoval(data.lines);
    else if (data?.outcome === 412) setConflict(true);
    else if (data) {
      // 400: each line under the row it names (by the uid the row had when it was sent).
      const { rows, general } = problemsByRow(data.lines);
      const byUid = new Map<string, string[]>();
      rows.forEach((lines, index) => {
        const uid = sent[index]?.uid;
        if (uid) byUid.set(uid, lines);
        else general.push(...lines);
      });
      setProblems(byUid);
      // Lines that name no field (the list as a whole, such as too many fields).
      setStatus(general.join(' '));
    }
  }

  async function reload() {
    setReloading(true);
    try {
      const fresh = await query.refetch().unwrap();
      start(fresh);
      setConflict(false);
    } finally {
      setReloading(false);
    }
  }

  const labelOf = (key: string) => saved.defs.find((def) => def.key === key)?.label ?? key;
  const count = drafts.length;

  return (
    <div className="fields-tab">
      <section className="fields-tab__editor" aria-labelledby="fields-tab-title">
        <h2 id="fields-tab-title" className="fields-tab__subtitle">
          {t('settings.tabs.fields')}
        </h2>
        <p className="page__description">{t('customFields.description', { domain })}</p>
        {count === 0 ? (
          <p className="post-field__hint">{t('customFields.empty')}</p>
        ) : (
          <ol className="fields-tab__list" aria-label={t('customFields.listLabel')}>
            {drafts.map((draft, index) => (
              <FieldRow
                key={draft.uid}
                draft={draft}
                index={index}
                count={count}
                problems={problems.get(draft.uid)}
                onChange={(next) => update(drafts.map((d) => (d.uid === next.uid ? next : d)))}
                onMove={(to) => update(moved(drafts, index, to))}
                onRemove={() => {
                  update(drafts.filter((d) => d.uid !== draft.uid));
                  addButton.current?.focus();
                }}
                onDragStart={() => {
                  dragFrom.current = index;
                }}
                onDrop={() => {
                  if (dragFrom.current !== null) update(moved(drafts, dragFrom.current, index));
                  dragFrom.current = null;
                }}
              />
            ))}
          </ol>
        )}
        <div className="fields-tab__buttons">
          <button
            ref={addButton}
            type="button"
            className="button button--secondary"
            onClick={() => {
              update([...drafts, newDraft()]);
            }}
          >
            {t('customFields.add')}
          </button>
          <button
            type="button"
            className="button button--primary"
            disabled={saving || !dirty}
            onClick={() => void save()}
          >
            {saving ? t('common.saving') : t('common.save')}
          </button>
          <span role="status" className="post-field__hint">
            {status}
          </span>
        </div>
      </section>
      <Suspense fallback={null}>
        <FieldsPreview defs={defs} />
        {removal && (
          <RemoveFieldsDialog
            held={heldValues(removal).map((held) => ({ ...held, label: labelOf(held.key) }))}
            busy={saving}
            onCancel={() => setRemoval(null)}
            onConfirm={(choice) => void save(choice)}
          />
        )}
        {conflict && (
          // As the post editor does on 412: nothing typed is replaced unless the admin reloads.
          <ConfirmDialog
            title={t('customFields.conflict.title')}
            cancelLabel={t('customFields.conflict.keepEditing')}
            confirmLabel={t('customFields.conflict.reload')}
            busyLabel={reloading ? t('common.loading') : undefined}
            onCancel={() => setConflict(false)}
            onConfirm={() => void reload()}
          >
            <p>{t('customFields.conflict.body')}</p>
          </ConfirmDialog>
        )}
      </Suspense>
    </div>
  );
}
