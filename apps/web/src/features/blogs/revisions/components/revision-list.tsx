import type { RevisionEntry } from '@masthead/contract';
import { useEffect, useRef } from 'react';
import { Pagination } from '../../../../components/ui/pagination.js';
import { formatDateTime } from '../../../../lib/format-date.js';
import { useTranslation } from '../../../../lib/use-translation.js';
import { useGetPostHistoryQuery } from '../api/revisions-api.js';
import { entrySummary, keepsContent, saverName } from '../revision-words.js';

/** Versions per page of the panel. */
export const HISTORY_PAGE_SIZE = 20;

interface RevisionListProps {
  domain: string;
  postId: string;
  /** Zero-based. */
  page: number;
  onPageChange: (page: number) => void;
  onChoose: (entry: RevisionEntry) => void;
  /** The entry the user came back from: its button gets the focus again. */
  returnTo: string | null;
}

/**
 * One page of the history, newest first. A save is a button that opens the version; a workflow
 * event (approved, published, …) keeps no content and is a line between them.
 */
export function RevisionList({ domain, postId, page, onPageChange, onChoose, returnTo }: RevisionListProps) {
  const { t } = useTranslation();
  const history = useGetPostHistoryQuery(
    { domain, postId, page, numberOfEntries: HISTORY_PAGE_SIZE },
    { refetchOnMountOrArgChange: true },
  );
  const listRef = useRef<HTMLOListElement>(null);
  const entries = history.data?.entries;

  useEffect(() => {
    if (!returnTo || !entries) return;
    listRef.current?.querySelector<HTMLElement>(`[data-revision="${CSS.escape(returnTo)}"]`)?.focus();
  }, [returnTo, entries]);

  if (history.isError && !history.isFetching) {
    return (
      <div className="history__state" role="alert">
        <p>{t('history.loadFailed')}</p>
        <button type="button" className="button button--secondary" onClick={() => void history.refetch()}>
          {t('common.retry')}
        </button>
      </div>
    );
  }
  if (!history.data) {
    return (
      <p className="history__state" role="status">
        {t('history.loading')}
      </p>
    );
  }
  if (history.data.totalEntries === 0) return <p className="history__state">{t('history.empty')}</p>;

  return (
    <>
      <p className="history__intro">{t('history.intro')}</p>
      <ol
        ref={listRef}
        className="history__list"
        aria-label={t('history.listLabel')}
        aria-busy={history.isFetching}
      >
        {history.data.entries.map((entry) => {
          const when = formatDateTime(entry.at);
          const who = saverName(entry, t);
          const lines = (
            <>
              <span className="history-entry__summary">{entrySummary(entry, t, formatDateTime)}</span>
              <span className="history-entry__meta">
                <time dateTime={entry.at}>{when}</time>
                {who && ` · ${who}`}
              </span>
            </>
          );
          return (
            <li
              key={entry.id}
              className={keepsContent(entry) ? 'history-entry' : 'history-entry history-entry--event'}
            >
              {keepsContent(entry) ? (
                <button
                  type="button"
                  className="history-entry__open"
                  data-revision={entry.id}
                  onClick={() => onChoose(entry)}
                >
                  {lines}
                </button>
              ) : (
                <div className="history-entry__event">{lines}</div>
              )}
            </li>
          );
        })}
      </ol>
      {history.data.totalPages > 1 && (
        <Pagination
          page={page}
          totalPages={history.data.totalPages}
          pageSize={HISTORY_PAGE_SIZE}
          totalEntries={history.data.totalEntries}
          onPageChange={onPageChange}
          label={t('history.pagesLabel')}
        />
      )}
    </>
  );
}
