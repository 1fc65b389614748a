import type { Role } from '@masthead/contract/constants';
import { DEFAULT_PAGE_SIZE, FIRST_PAGE } from '@masthead/contract/constants';
import { lazy, Suspense, useCallback, useEffect, useId, useState } from 'react';
import { Pagination } from '../../../components/ui/pagination.js';
import { useTranslation } from '../../../lib/use-translation.js';
import { useGetTaxonomyPageQuery } from '../api/get-taxonomy-page.js';
import type { TaxonomyItem, TaxonomyKindName } from '../api/taxonomy-kinds.js';
import { useDeleteTaxonomy } from '../hooks/use-delete-taxonomy.js';
import { PlusIcon } from '../../../components/ui/row-actions.js';
import { TaxonomySearch } from './taxonomy-search.js';
import { TaxonomyEmpty, TaxonomyError, TaxonomyLoading } from './taxonomy-states.js';
import { TaxonomyTable } from './taxonomy-table.js';
import './taxonomy-panel.css';

// The delete question loads when first asked, like the form: the page shows without it (DESIGN §6).
const DeleteTaxonomyDialog = lazy(() =>
  import('./delete-taxonomy-dialog.js').then((module) => ({ default: module.DeleteTaxonomyDialog })),
);

// The create and edit form loads when it first opens: the page can show without it
// (docs/decisions/026-one-chunk-per-signed-in-page.md).
const TaxonomyDialog = lazy(() =>
  import('./taxonomy-dialog.js').then((module) => ({ default: module.TaxonomyDialog })),
);

export interface TaxonomyPanelProps {
  /** The selected domain's host name. */
  domain: string;
  /** The user's role there; undefined while it loads. */
  role: Role | undefined;
}

/** Editors and admins manage tags and categories (DESIGN §2); the server checks it anyway. */
export const canManageTaxonomy = (role: Role | undefined) => role === 'editor' || role === 'admin';

type DialogState =
  { open: 'none' } | { open: 'form'; item?: TaxonomyItem } | { open: 'delete'; item: TaxonomyItem };

/**
 * The tag list or the category list (spec §2): heading, round add button, search, the table,
 * paging, and the create/edit and delete dialogs. The two lists differ only in `kind`.
 */
export function TaxonomyPanel({ kind, domain, role }: TaxonomyPanelProps & { kind: TaxonomyKindName }) {
  const { t } = useTranslation();
  const titleId = useId();
  const [page, setPage] = useState(FIRST_PAGE);
  const [search, setSearch] = useState('');
  const [dialog, setDialog] = useState<DialogState>({ open: 'none' });
  const list = useGetTaxonomyPageQuery({ kind, domain, page, numberOfEntries: DEFAULT_PAGE_SIZE, search });
  const { remove, deleting } = useDeleteTaxonomy(kind, domain);
  const canManage = canManageTaxonomy(role);
  const totalPages = list.data?.totalPages ?? 0;

  // A new search starts at the first page.
  const onSearch = useCallback((text: string) => {
    setSearch(text);
    setPage(FIRST_PAGE);
  }, []);

  // After a delete empties the last page, step back to the page that is now last.
  useEffect(() => {
    if (totalPages > 0 && page > totalPages - 1) setPage(totalPages - 1);
  }, [totalPages, page]);

  const close = () => setDialog({ open: 'none' });
  async function confirmDelete(item: TaxonomyItem) {
    if (await remove(item.id)) close();
  }

  let content;
  if (list.isLoading || (list.isFetching && !list.data)) content = <TaxonomyLoading kind={kind} />;
  else if (list.isError && !list.data)
    content = <TaxonomyError kind={kind} onRetry={() => void list.refetch()} />;
  else if (!list.data || list.data.entries.length === 0)
    content = <TaxonomyEmpty kind={kind} search={search} />;
  else {
    content = (
      <TaxonomyTable
        kind={kind}
        items={list.data.entries}
        labelledBy={titleId}
        busy={list.isFetching}
        canManage={canManage}
        onEdit={(item) => setDialog({ open: 'form', item })}
        onDelete={(item) => setDialog({ open: 'delete', item })}
      />
    );
  }

  return (
    <section className="taxonomy-panel" aria-labelledby={titleId}>
      <div className="taxonomy-panel__header">
        <h2 id={titleId} className="taxonomy-panel__title">
          {t(`taxonomy.${kind}.heading`)}
        </h2>
        {canManage && (
          <button
            type="button"
            className="taxonomy-panel__add"
            aria-label={t(`taxonomy.${kind}.add`)}
            title={t(`taxonomy.${kind}.add`)}
            onClick={() => setDialog({ open: 'form' })}
          >
            <PlusIcon />
          </button>
        )}
      </div>
      <TaxonomySearch
        search={search}
        placeholder={t(`taxonomy.${kind}.search`)}
        label={t(`taxonomy.${kind}.searchLabel`)}
        onSearch={onSearch}
      />
      <p className="visually-hidden" role="status">
        {list.data ? t(`taxonomy.${kind}.resultsAnnounced`, { count: list.data.totalEntries }) : ''}
      </p>
      {content}
      {list.data && (
        <Pagination
          page={page}
          totalPages={totalPages}
          pageSize={DEFAULT_PAGE_SIZE}
          totalEntries={list.data.totalEntries}
          onPageChange={setPage}
          label={t(`taxonomy.${kind}.pagination`)}
        />
      )}
      {dialog.open === 'form' && (
        <Suspense fallback={null}>
          <TaxonomyDialog kind={kind} domain={domain} item={dialog.item} onClose={close} />
        </Suspense>
      )}
      {dialog.open === 'delete' && (
        <Suspense fallback={null}>
          <DeleteTaxonomyDialog
            kind={kind}
            domain={domain}
            item={dialog.item}
            deleting={deleting}
            onCancel={close}
            onConfirm={() => void confirmDelete(dialog.item)}
          />
        </Suspense>
      )}
    </section>
  );
}
