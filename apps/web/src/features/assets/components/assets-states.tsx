import { useTranslation } from '../../../lib/use-translation.js';

export function AssetsLoading() {
  const { t } = useTranslation();
  return (
    <p className="assets__state" role="status" aria-live="polite">
      {t('assets.loading')}
    </p>
  );
}

/** Spec §2: "No Asset Found", with its hint. */
export function AssetsEmpty() {
  const { t } = useTranslation();
  return (
    <div className="assets__state">
      <p className="assets__empty-title">{t('assets.empty')}</p>
      <p>{t('assets.emptyHint')}</p>
    </div>
  );
}

/** The load failed (the error toast has said why): keep a way to try again. */
export function AssetsError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="assets__state" role="alert">
      <p>{t('assets.loadFailed')}</p>
      <button type="button" className="button button--secondary" onClick={onRetry}>
        {t('common.retry')}
      </button>
    </div>
  );
}
