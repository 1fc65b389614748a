import type { BlogPostSummary } from '@masthead/contract';
import type { Role } from '@masthead/contract/constants';
import { DEFAULT_PAGE_SIZE } from '@masthead/contract/constants';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Pagination } from '../../../components/ui/pagination.js';
import { useTranslation } from '../../../lib/use-translation.js';
import { useGetBlogsQuery } from '../api/get-blogs.js';
import { useGetColumnDefsQuery } from '../api/get-column-defs.js';
import type { BlogListFilters } from '../hooks/use-blog-list-filters.js';
import { usePostCommands } from '../hooks/use-post-commands.js';
import { useScheduleRefresh } from '../hooks/use-schedule-refresh.js';
import { BlogCard, type CardCommand } from './blog-card.js';
import { BlogListEmpty, BlogListError, BlogListSkeleton } from './blog-list-states.js';
import { BlogListToolbar } from './blog-list-toolbar.js';
import './blog-list.css';

// The confirmation loads when a delete is first asked for: the list can show without it
// (docs/decisions/026-one-chunk-per-signed-in-page.md).
const DeletePostDialog = lazy(() =>
  import('./delete-post-dialog.js').then((module) => ({ default: module.DeletePostDialog })),
);
const SchedulePostDialog = lazy(() =>
  import('./schedule-post-dialog.js').then((module) => ({ default: module.SchedulePostDialog })),
);

interface BlogListProps {
  domain: string;
  role: Role | undefined;
  filters: BlogListFilters;
  onFiltersChange: (change: Partial<BlogListFilters>) => void;
  /** Opens the editor for a post id, or NEW_POST_ID. */
  onOpenPost: (id: string) => void;
  newPostId: string;
}

/** The blog list (spec §2): toolbar, cards with their actions, paging, and every loading state. */
export function BlogList({ domain, role, filters, onFiltersChange, onOpenPost, newPostId }: BlogListProps) {
  const { t } = useTranslation();
  const columns = useGetColumnDefsQuery(domain);
  const filterFields = (columns.data ?? []).filter(
    (field) => (field.type === 'select' || field.type === 'multiselect') && field.filterable,
  );
  const [pollingInterval, setPollingInterval] = useState(0);
  const list = useGetBlogsQuery(
    {
      domain,
      page: filters.page,
      numberOfEntries: DEFAULT_PAGE_SIZE,
      search: filters.search,
      status: filters.status,
      fields: filters.fields,
    },
    { pollingInterval },
  );
  // While a shown post's schedule is near, the list polls, so its card turns published by itself.
  const wanted = useScheduleRefresh((list.data?.entries ?? []).map((post) => post.scheduledFor));
  useEffect(() => setPollingInterval(wanted), [wanted]);
  const commands = usePostCommands(domain);
  const [toDelete, setToDelete] = useState<BlogPostSummary>();
  const [toSchedule, setToSchedule] = useState<BlogPostSummary>();
  const totalPages = list.data?.totalPages ?? 0;
  // A large search's total is an estimate (docs/decisions/025-list-totals-and-search-totals.md): pages past the
  // estimated last one may exist, so only an empty page says the current one is past the end. It
  // must be this page's answer (currentData), not the last page's kept while this one loads.
  const estimated = list.data?.totalEntriesIsEstimate === true;
  const emptyPage = list.currentData?.entries.length === 0;

  // After a delete empties the last page (or a stale address names a page past the end), step back.
  useEffect(() => {
    if (estimated) {
      if (emptyPage && filters.page > 0)
        onFiltersChange({ page: Math.max(0, Math.min(filters.page - 1, totalPages - 1)) });
    } else if (totalPages > 0 && filters.page > totalPages - 1) onFiltersChange({ page: totalPages - 1 });
  }, [estimated, emptyPage, totalPages, filters.page, onFiltersChange]);

  function onCommand(post: BlogPostSummary, command: CardCommand, value = true) {
    if (command === 'edit') onOpenPost(post.id);
    else if (command === 'delete') setToDelete(post);
    else if (command === 'schedule') setToSchedule(post);
    else if (command === 'unschedule') void commands.unschedule(post);
    else void commands.runStep(post, command === 'approval' ? 'APPROVAL' : 'PUBLISH', value);
  }

  async function confirmDelete() {
    if (toDelete && (await commands.remove(toDelete))) setToDelete(undefined);
  }

  async function confirmSchedule(publishAt: Date) {
    if (toSchedule && (await commands.schedule(toSchedule, publishAt))) setToSchedule(undefined);
  }

  const newPost = () => onOpenPost(newPostId);
  let content;
  if (list.isLoading || (list.isFetching && !list.data)) content = <BlogListSkeleton />;
  else if (list.isError && !list.data) content = <BlogListError onRetry={() => void list.refetch()} />;
  else if (!list.data || list.data.entries.length === 0) content = <BlogListEmpty onNewPost={newPost} />;
  else {
    content = (
      <div className="blog-list__cards" aria-busy={list.isFetching}>
        {list.data.entries.map((post) => (
          <BlogCard
            key={post.id}
            post={post}
            role={role}
            busy={commands.busyId === post.id}
            onCommand={onCommand}
          />
        ))}
      </div>
    );
  }

  return (
    <section className="blog-list" aria-labelledby="blog-list-title">
      <div className="page__header">
        <h1 id="blog-list-title" className="page__title">
          {t('blogs.title')}
        </h1>
        <p className="page__description">{t('blogs.description')}</p>
      </div>
      <BlogListToolbar
        filters={filters}
        filterFields={filterFields}
        onChange={onFiltersChange}
        onNewPost={newPost}
      />
      <p className="visually-hidden" role="status">
        {list.data
          ? t(estimated ? 'blogs.resultsAnnouncedAbout' : 'blogs.resultsAnnounced', {
              count: list.data.totalEntries,
            })
          : ''}
      </p>
      {content}
      {list.data && (
        <Pagination
          page={filters.page}
          totalPages={totalPages}
          pageSize={DEFAULT_PAGE_SIZE}
          totalEntries={list.data.totalEntries}
          totalIsEstimate={estimated}
          entriesOnPage={list.data.entries.length}
          onPageChange={(page) => onFiltersChange({ page })}
        />
      )}
      {toDelete && (
        <Suspense fallback={null}>
          <DeletePostDialog
            title={toDelete.title}
            deleting={commands.deleting}
            onCancel={() => setToDelete(undefined)}
            onConfirm={() => void confirmDelete()}
          />
        </Suspense>
      )}
      {toSchedule && (
        <Suspense fallback={null}>
          <SchedulePostDialog
            title={toSchedule.title}
            scheduling={commands.scheduling}
            onCancel={() => setToSchedule(undefined)}
            onConfirm={(publishAt) => void confirmSchedule(publishAt)}
          />
        </Suspense>
      )}
    </section>
  );
}
