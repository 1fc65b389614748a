import { useTranslation } from '../../../lib/use-translation.js';
import type { TaxonomyKindName } from '../api/taxonomy-kinds.js';

export function TaxonomyLoading({ kind }: { kind: TaxonomyKindName }) {
  const { t } = useTranslation();
  return (
    <p className="taxonomy-panel__state" role="status">
      {t(`taxonomy.${kind}.loading`)}
    </p>
  );
}

/** "No Tag Found" / "No Category Found" (spec §2), and what was searched for when there was a search. */
export function TaxonomyEmpty({ kind, search }: { kind: TaxonomyKindName; search: string }) {
  const { t } = useTranslation();
  return (
    <div className="taxonomy-panel__state">
      <p className="taxonomy-panel__empty-title">{t(`taxonomy.${kind}.empty`)}</p>
      {search && <p>{t(`taxonomy.${kind}.emptySearch`, { search })}</p>}
    </div>
  );
}

/** The load failed (the error toast has said why): keep a way to try again in the panel. */
export function TaxonomyError({ kind, onRetry }: { kind: TaxonomyKindName; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="taxonomy-panel__state" role="alert">
      <p>{t(`taxonomy.${kind}.loadFailed`)}</p>
      <button type="button" className="button button--secondary" onClick={onRetry}>
        {t('common.retry')}
      </button>
    </div>
  );
}
