import type { AssetInfo } from '@masthead/contract';
import { DEFAULT_PAGE_SIZE, type Role } from '@masthead/contract/constants';
import { lazy, Suspense, useState } from 'react';
import { Pagination } from '../../../components/ui/pagination.js';
import { useTranslation } from '../../../lib/use-translation.js';
import { useNotify } from '../../notifications/use-notify.js';
import { useDeleteAssetMutation } from '../api/delete-asset.js';
import { useAssetListQuery } from '../hooks/use-asset-list-query.js';
import { canDeleteAssets, canUploadAssets } from '../asset-permissions.js';
import { PlusIcon } from '../../../components/ui/row-actions.js';
import { AssetsEmpty, AssetsError, AssetsLoading } from './assets-states.js';
import { AssetsTable } from './assets-table.js';
import './assets.css';

// The upload and edit dialog, with its image handling, loads when it first opens: the page can
// show without it (docs/decisions/026-one-chunk-per-signed-in-page.md).
const AssetDialog = lazy(() =>
  import('./asset-dialog.js').then((module) => ({ default: module.AssetDialog })),
);
// So does the delete question.
const ConfirmDialog = lazy(() =>
  import('../../../components/ui/confirm-dialog.js').then((module) => ({ default: module.ConfirmDialog })),
);

interface AssetsSectionProps {
  domain: string;
  role: Role | undefined;
}

type DialogState = { mode: 'closed' } | { mode: 'create' } | { mode: 'edit'; id: string };

/** The assets section of the Metadata & Assets page (spec §2): heading, add, search, table, paging. */
export function AssetsSection({ domain, role }: AssetsSectionProps) {
  const { t } = useTranslation();
  const notify = useNotify();
  const { list, page, setPage, text, setText } = useAssetListQuery(domain);
  const [dialog, setDialog] = useState<DialogState>({ mode: 'closed' });
  const [toDelete, setToDelete] = useState<AssetInfo>();
  const [deleteAsset, deletion] = useDeleteAssetMutation();
  const canUpload = canUploadAssets(role);
  const canDelete = canDeleteAssets(role);

  async function confirmDelete() {
    if (!toDelete) return;
    const result = await deleteAsset({ domain, id: toDelete.id });
    if (result.error) return;
    setToDelete(undefined);
    notify({
      type: 'success',
      title: t('notification.deleted'),
      description: [t('notification.assetDeleted')],
    });
  }

  let content;
  if (list.isLoading || (list.isFetching && !list.data)) content = <AssetsLoading />;
  else if (list.isError && !list.data) content = <AssetsError onRetry={() => void list.refetch()} />;
  else if (!list.data || list.data.entries.length === 0) content = <AssetsEmpty />;
  else {
    content = (
      <AssetsTable
        assets={list.data.entries}
        busy={list.isFetching}
        canEdit={canUpload}
        canDelete={canDelete}
        onEdit={(asset) => setDialog({ mode: 'edit', id: asset.id })}
        onDelete={setToDelete}
      />
    );
  }

  return (
    <section className="assets" aria-labelledby="assets-title">
      <div className="assets__header">
        <h2 id="assets-title" className="assets__title">
          {t('assets.title')}
        </h2>
        {canUpload && (
          <button
            type="button"
            className="assets__add"
            aria-label={t('assets.add')}
            title={t('assets.add')}
            onClick={() => setDialog({ mode: 'create' })}
          >
            <PlusIcon />
          </button>
        )}
        <input
          type="search"
          className="assets__search"
          placeholder={t('assets.search')}
          aria-label={t('assets.searchLabel')}
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
      </div>
      <p className="visually-hidden" role="status">
        {list.data ? t('assets.resultsAnnounced', { count: list.data.totalEntries }) : ''}
      </p>
      {content}
      {list.data && (
        <Pagination
          page={page}
          totalPages={list.data.totalPages}
          pageSize={DEFAULT_PAGE_SIZE}
          totalEntries={list.data.totalEntries}
          onPageChange={setPage}
        />
      )}
      {dialog.mode !== 'closed' && (
        <Suspense fallback={null}>
          <AssetDialog
            domain={domain}
            assetId={dialog.mode === 'edit' ? dialog.id : undefined}
            onClose={() => setDialog({ mode: 'closed' })}
          />
        </Suspense>
      )}
      {toDelete && (
        <Suspense fallback={null}>
          <ConfirmDialog
            title={t('assets.deleteTitle')}
            cancelLabel={t('common.cancel')}
            confirmLabel={t('common.delete')}
            tone="danger"
            busyLabel={deletion.isLoading ? t('assets.deleting') : undefined}
            onCancel={() => setToDelete(undefined)}
            onConfirm={() => void confirmDelete()}
          >
            <p>{t('assets.deleteQuestion', { name: toDelete.fileName })}</p>
          </ConfirmDialog>
        </Suspense>
      )}
    </section>
  );
}
