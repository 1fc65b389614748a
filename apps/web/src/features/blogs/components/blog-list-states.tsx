import { useTranslation } from '../../../lib/use-translation.js';

const SKELETON_CARDS = 3;

/** Placeholder cards while the first page loads, so the page keeps its shape instead of going blank. */
export function BlogListSkeleton() {
  const { t } = useTranslation();
  return (
    <div className="blog-list__cards" role="status" aria-live="polite">
      <span className="visually-hidden">{t('blogs.loading')}</span>
      {Array.from({ length: SKELETON_CARDS }, (_, index) => (
        <div key={index} className="blog-card blog-card--skeleton" aria-hidden="true">
          <span className="skeleton skeleton--badge" />
          <span className="skeleton skeleton--title" />
          <span className="skeleton skeleton--line" />
          <span className="skeleton skeleton--line skeleton--short" />
        </div>
      ))}
    </div>
  );
}

/** No posts for the search and filters (or none at all): say so and offer the first post. */
export function BlogListEmpty({ onNewPost }: { onNewPost: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="blog-list__empty">
      <h2 className="blog-list__empty-title">{t('blogs.empty')}</h2>
      <p>{t('blogs.emptyHint')}</p>
      <button type="button" className="button button--primary" onClick={onNewPost}>
        {t('blogs.createFirst')}
      </button>
    </div>
  );
}

/** The load failed (the error toast has said why): keep a way to try again on the page. */
export function BlogListError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="blog-list__empty" role="alert">
      <p>{t('blogs.loadFailed')}</p>
      <button type="button" className="button button--secondary" onClick={onRetry}>
        {t('common.retry')}
      </button>
    </div>
  );
}
