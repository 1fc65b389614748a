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
  /**
   * The server estimated totalEntries and totalPages (a large search, `totalEntriesIsEstimate`):
   * the line says "about", and the pager offers no page past the next one, which may not exist.
   */
  totalIsEstimate?: boolean | undefined;
  /** How many entries the current page holds; with an estimate, a full page means there may be a next. */
  entriesOnPage?: number | undefined;
}

/** The shown range, the pages to number and whether there is a next page, exact or estimated. */
function pagerModel(
  page: number,
  totalPages: number,
  pageSize: number,
  totalEntries: number,
  estimate: { entriesOnPage: number } | undefined,
) {
  if (!estimate) {
    return {
      range: shownRange(page, pageSize, totalEntries),
      items: pageItems(page, totalPages),
      hasNext: page < totalPages - 1,
    };
  }
  const first = page * pageSize;
  const to = first + estimate.entriesOnPage;
  const hasNext = estimate.entriesOnPage >= pageSize;
  return {
    // An estimate may fall short of the page actually reached.
    range: { from: to === first ? 0 : first + 1, to, total: Math.max(totalEntries, to) },
    // The first page, the current one and its neighbours, ending at the next page when there is one:
    // no last page and no ellipsis before it, since the last page is not known.
    items: pageItems(page, page + (hasNext ? 2 : 1)),
    hasNext,
  };
}

/**
 * "Showing X to Y of Z results", previous and next, and numbered pages shortened with an ellipsis.
 * Shown only when there is more than one page (spec §2). With an estimated total, "Showing X to Y
 * of about Z results", and the pages end at the next one (docs/decisions/025-list-totals-and-search-totals.md).
 */
export function Pagination({
  page,
  totalPages,
  pageSize,
  totalEntries,
  onPageChange,
  label,
  totalIsEstimate = false,
  entriesOnPage = pageSize,
}: PaginationProps) {
  const { t } = useTranslation();
  if (!totalIsEstimate && totalPages <= 1) return null;
  const estimate = totalIsEstimate ? { entriesOnPage } : undefined;
  const { range, items, hasNext } = pagerModel(page, totalPages, pageSize, totalEntries, estimate);
  return (
    <nav className="pagination" aria-label={label ?? t('pagination.label')}>
      <p className="pagination__summary">{t(estimate ? 'common.showingAbout' : 'common.showing', range)}</p>
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
        {items.map((item, index) =>
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
            disabled={!hasNext}
            onClick={() => onPageChange(page + 1)}
          >
            {t('common.next')}
          </button>
        </li>
      </ul>
    </nav>
  );
}
