import { pageItems, shownRange } from '../../lib/page-items.js';
import { useTranslation } from '../../lib/use-translation.js';
import './pagination.css';

interface PaginationProps {
  /** Zero-based. */
  page: number;
  totalPages: number;
  pageSize: number;
  totalEntries: number;
  onPageChange: (page: number) => void;
  /** The navigation's name when a page has more than one pager ("Tag pages"); "Pagination" otherwise. */
  label?: string | undefined;
}

/**
 * "Showing X to Y of Z results", previous and next, and numbered pages shortened with an ellipsis.
 * Shown only when there is more than one page (spec §2).
 */
export function Pagination({
  page,
  totalPages,
  pageSize,
  totalEntries,
  onPageChange,
  label,
}: PaginationProps) {
  const { t } = useTranslation();
  if (totalPages <= 1) return null;
  const range = shownRange(page, pageSize, totalEntries);
  return (
    <nav className="pagination" aria-label={label ?? t('pagination.label')}>
      <p className="pagination__summary">{t('common.showing', range)}</p>
      <ul className="pagination__pages">
        <li>
          <button
            type="button"
            className="pagination__button"
            disabled={page <= 0}
            onClick={() => onPageChange(page - 1)}
          >
            {t('common.previous')}
          </button>
        </li>
        {pageItems(page, totalPages).map((item, index) =>
          item === 'gap' ? (
            <li key={`gap-${index}`} className="pagination__gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={item}>
              <button
                type="button"
                className="pagination__button"
                aria-label={t('pagination.page', { page: item + 1 })}
                aria-current={item === page ? 'page' : undefined}
                onClick={() => onPageChange(item)}
              >
                {item + 1}
              </button>
            </li>
          ),
        )}
        <li>
          <button
            type="button"
            className="pagination__button"
            disabled={page >= totalPages - 1}
            onClick={() => onPageChange(page + 1)}
          >
            {t('common.next')}
          </button>
        </li>
      </ul>
    </nav>
  );
}
